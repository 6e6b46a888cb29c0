#pragma once
// Plain values describing what the multi-backend scheduler (the seed's ggml_backend_sched)
// decided and measured: which backend runs each tensor and why, the splits and their input
// copies, buffer sizes and per-split timings. Exports and the UI read only these.
#include "alloc/alloc_events.h"
#include "core/graph.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace planscope {

// The seed's GGML_MAX_BACKENDS, GGML_MAX_SPLITS and GGML_MAX_SPLIT_INPUTS: beyond them the seed
// asserts; here they are errors.
inline constexpr std::size_t sched_max_backends = 4;
inline constexpr std::size_t sched_max_splits = 256;
inline constexpr std::size_t sched_max_split_inputs = 16;

// Which step of sched_split_graph decided a tensor's backend. The first six are ggml 2023's, the
// last four ggml 2026's (whose pass 1 is `buffers` too).
enum class sched_pass : std::uint8_t {
    user,        // set_node_backend before the split ("usr")
    buffers,     // pass 1: pre-allocated buffers ("1.leaf", "1.dst", "1.vsrc", "1.srcN"; 2026:
                 // "1.inp", "1.wgtN", "1.off")
    sources,     // pass 2: the sources' assignments ("2.srcN")
    unsupported, // beyond the seed: the backend cannot run the op ("unsupported")
    unassigned,  // pass 3: an unassigned source takes its node's backend ("3.dst")
    copy,        // pass 4: an input copy on its split's backend ("4.cpy")
    expand,      // 2026 pass 2: a neighbour's backend expanded over the node ("2.sup")
    upgrade,     // 2026 pass 3: a better backend of the same buffer type ("3.upg"), or the
                 // backend that can use most sources ("3.best")
    remaining,   // 2026 pass 4: from the node or view_src ("4.cur", "4.vsrc"), the first
                 // backend that runs it ("2.sup")
    split_copy,  // 2026 pass 5: an input copy on its split's backend ("4.cpy")
    logged,      // printed by a ggml program's GGML_SCHED_DEBUG log without a cause
};
// The passes that make input copies (2023's pass 4, 2026's pass 5).
constexpr bool is_copy_pass(sched_pass p) { return p == sched_pass::copy || p == sched_pass::split_copy; }
std::string_view name(sched_pass p);

// One backend decision. `backend` indexes scheduler backends (priority order, 0 best).
struct sched_assignment {
    tensor_id tensor;
    int backend = -1;
    std::string cause;
    sched_pass pass = sched_pass::buffers;
    friend bool operator==(const sched_assignment&, const sched_assignment&) = default;
};

// A tensor of another backend that a split reads, and the copy its nodes read instead. The seed
// lists a tensor once per use, so the same tensor can appear twice in one split (one copy).
struct sched_input {
    tensor_id tensor;
    tensor_id copy;   // named "BACKEND#name"
    std::string name; // the input's name
    std::size_t bytes = 0;
    // ggml 2026 with n_copies > 1: every copy, by copy index (`copy` is the current one).
    std::vector<tensor_id> copies;
    friend bool operator==(const sched_input&, const sched_input&) = default;
};

// Nodes [i_start, i_end) of the graph, computed on `backend` after its inputs are copied.
struct sched_split {
    int backend = -1;
    std::size_t i_start = 0;
    std::size_t i_end = 0;
    std::vector<sched_input> inputs;
    friend bool operator==(const sched_split&, const sched_split&) = default;
};

// What sched_split_graph produced. The context it ran on now holds the copies (appended) and
// node sources rewritten to them, as in the seed.
struct sched_plan {
    std::vector<std::string> backend_names;     // display names, index = backend
    // By backend: backend::remote() (an rpc-server's device); empty where no backends were at
    // hand (a log, a capture, device profiles): nothing is remote then.
    std::vector<bool> backend_remote;
    std::vector<int> backend_of;                // by tensor index (copies included); -1: none
    std::vector<std::string> cause_of;          // by tensor index; "" where nothing decided
    std::vector<sched_assignment> assignments;  // every decision, in the order it was made
    std::vector<sched_split> splits;
    graph split_graph;                          // the seed's graph_copy: per split, input copies then its nodes
    std::vector<std::string> warnings;          // the seed's sanity check, one line each
    std::size_t n_tensors_before = 0;           // ctx size before the copies were added
    // ggml 2026 only: n_copies, the graph inputs copied n_copies times (copy = the tensor itself,
    // copies = all of them) and the flags split_graph changed (to restore them).
    int n_copies = 1;
    std::vector<sched_input> graph_inputs;
    std::vector<std::pair<tensor_id, tensor_flag>> flags_before;

    [[nodiscard]] int backend(tensor_id t) const {
        return t.index() < backend_of.size() ? backend_of[t.index()] : -1;
    }
    [[nodiscard]] bool remote(int b) const {
        return b >= 0 && static_cast<std::size_t>(b) < backend_remote.size() && backend_remote[static_cast<std::size_t>(b)];
    }
    [[nodiscard]] std::string_view cause(tensor_id t) const {
        return t.index() < cause_of.size() ? std::string_view(cause_of[t.index()]) : std::string_view();
    }
};

// A scheduler compute buffer: the measured size, then the real buffer asked for with that size
// (`allocated` is what the backend made: the CPU backend adds its alignment, as the seed does).
struct sched_buffer_info {
    int backend = -1;
    buffer_id id;
    std::size_t size = 0;      // measured max_size
    std::size_t allocated = 0; // the real buffer's size; 0 until init_measure
    bool measure = true;       // false once init_measure made the real buffer
    std::vector<free_block> free_after; // the measure allocation's free list, within `size`
};

struct sched_split_timing {
    std::size_t split = 0;
    int backend = -1;
    std::uint64_t copy_us = 0;
    std::uint64_t compute_us = 0;
    std::size_t bytes_copied = 0;
    std::vector<std::uint64_t> input_us{}; // by entry of the split's inputs: that copy's time
};

struct sched_backend_totals {
    std::uint64_t copy_us = 0;
    std::uint64_t compute_us = 0;
    std::size_t bytes_copied = 0;
    std::size_t n_splits = 0;
};

} // namespace planscope
