#pragma once
// Planscope's own ggml 2026 scheduler and allocator on a captured graph, beside what the user's
// ggml did (`plan FILE.pscap`; docs/capture-reading.md): the captured backends (their buffer types,
// host ones reading host memory, every op supported), the weights and KV cache where they were
// captured; then split starts, each node on another backend, each backend's compute buffer
// (captured vs Planscope) and each captured compute address Planscope places elsewhere.
#include "capture_document.h"

namespace planscope {

struct capture_backend_difference {
    std::size_t node = 0; // graph index
    std::string name;
    std::string captured;
    std::string planscope;
    std::string cause; // Planscope's
};

struct capture_buffer_check {
    std::string backend;
    std::uint64_t captured = 0;
    std::size_t planscope = 0;
};

struct capture_offset_difference {
    std::size_t tensor = 0;
    std::string name;
    std::uint64_t captured = 0;
    std::uint64_t planscope = 0;
};

struct capture_check {
    std::vector<std::string> backend_names;
    std::vector<std::size_t> captured_starts;  // the captured assignment's splits (derived)
    std::vector<std::size_t> planscope_starts;
    std::uint64_t captured_n_splits = 0;       // what the captured scheduler reported
    std::size_t nodes = 0;
    std::vector<capture_backend_difference> backends;
    std::vector<capture_buffer_check> buffers;
    std::size_t addressed = 0; // non-view tensors with a captured compute address on the same backend
    std::vector<capture_offset_difference> offsets;
    // An alloc_graph or compute record after a reserve: the last reserve's seq, and whether the
    // graph fits its reservation (ggml_gallocr_needs_realloc false: every node where the reserve
    // put the node at its position), so that the addresses are Planscope's of the reserve's graph.
    std::optional<std::uint64_t> reserve_seq;
    bool fits_reserve = false;
};

// The last sched_reserve record of g's scheduler before g in its run; null for a reserve itself
// or when there is none. `g` must be one of run's graphs.
const capture::graph* capture_reserve_before(const capture::run& run, const capture::graph& g);

// `run`: the run g is one of, for what ggml carried over from its scheduler's earlier reserves: a
// compute buffer never shrinks (each backend's is the largest reserve's so far), and a later graph
// is allocated at the addresses the last reserve gave each node position while it fits that
// reservation (the same number of nodes and leafs, no node larger than at its position then, as
// ggml_gallocr_needs_realloc checks), so the addresses compared are Planscope's of the reserve's
// graph. Without it, the record is checked alone.
// Errors: a graph allocator's record (no scheduler to compare), what the scheduler refuses.
result<capture_check> check_capture(const capture::graph& g, const capture_document& cd, const capture::run* run = nullptr);

// At most `listed` differences of each kind are listed, the rest counted.
std::string format_capture_check(const capture_check& c, std::size_t listed = 20);

} // namespace planscope
