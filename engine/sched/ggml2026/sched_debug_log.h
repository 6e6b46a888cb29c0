#pragma once
// The split assignment a ggml program prints with GGML_SCHED_DEBUG=1 or 2
// (ggml_backend_sched_print_assignments of d99724f2, ggml-backend.cpp:976-1024; the format is
// docs/ggml-versions.md): each split with its backend and inputs and, at level 2, each node that
// is not a view with its op, backend, cause, use count and sources. Names, sizes and backends are
// kept as printed (cut to 20 and 5 characters by ggml's formats), so that a log read and written
// again is the same text.
//
// A program prints the whole assignment at every reserve and graph allocation; a log holds one
// assignment per print (each starts at SPLIT #0). Lines of any other kind (the program's own
// output, ggml's warnings) are skipped and counted.
#include "core/error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace planscope::ggml2026 {

// A log larger than this is refused unread; a program's whole stderr of a long run fits.
inline constexpr std::size_t max_sched_log_bytes = std::size_t{64} << 20;
// An assignment with more node lines and split inputs than this is refused as the parser meets
// it: each becomes a tensor of the document, an input two (its copy, and its source as a leaf),
// and the GUI must stay within 4 x the file's size + 200 MB (40,000 inputs: 0.7 MB, 160 MB).
// A llama graph of today has some 10,000 node lines.
inline constexpr std::size_t max_sched_log_entries = 40000;

// A tensor as a node line shows it: "name (size) [backend cause]".
struct sched_log_tensor {
    std::string name;    // cut to 20 characters by ggml
    std::string size;    // "16K", "102M": fmt_size, cut to 5 characters
    std::string backend; // cut to 5 characters; "NULL" for copies and unassigned tensors
    std::string cause;   // empty in a default build (GET_CAUSE compiled out)
    friend bool operator==(const sched_log_tensor&, const sched_log_tensor&) = default;
};

struct sched_log_node {
    int index = 0;    // in the original graph
    std::string op;   // ggml_op_desc, cut to 10 characters
    sched_log_tensor tensor;
    int use = 0;      // the graph's use count of the node
    bool compute = false; // GGML_TENSOR_FLAG_COMPUTE
    std::vector<sched_log_tensor> srcs; // the non-NULL sources, copies by their copy's name
    friend bool operator==(const sched_log_node&, const sched_log_node&) = default;
};

struct sched_log_input {
    std::string name; // the original tensor, uncut
    std::string size;
    friend bool operator==(const sched_log_input&, const sched_log_input&) = default;
};

struct sched_log_split {
    int index = 0;
    std::string backend; // ggml_backend_name, uncut
    std::vector<sched_log_input> inputs;
    std::vector<sched_log_node> nodes; // level 2 only
    friend bool operator==(const sched_log_split&, const sched_log_split&) = default;
};

struct sched_log_assignment {
    std::vector<sched_log_split> splits;
    std::size_t first_line = 0; // 1-based, of its SPLIT #0 line
    friend bool operator==(const sched_log_assignment&, const sched_log_assignment&) = default;
};

struct sched_log {
    std::vector<sched_log_assignment> assignments; // in print order
    std::size_t skipped_lines = 0;                 // lines of other output
};

// fmt_size's bytes, rounded down as ggml prints them: "16K" 16,384; nullopt for a cut field.
std::optional<std::uint64_t> sched_log_bytes(std::string_view size);

// Errors name the line: a SPLIT or node line that does not read as ggml writes it, a node line
// before any split, a split out of order, a log without any split; an assignment of more backends
// than the scheduler's sched_max_backends or more than max_sched_log_entries, as soon as the
// parser reaches it. Every reader of a log (CLI and GUI) goes through here, so all refuse alike.
result<sched_log> parse_sched_debug_log(std::string_view text);

// The backends an assignment's splits name, in the order they first appear, the CPU moved last
// (ggml's last backend is the CPU): the scheduler's priority order as far as a log tells it.
std::vector<std::string> sched_log_backends(const sched_log_assignment& a);

// One assignment as ggml prints it, from its "\n## SPLIT #0" on.
std::string format_sched_debug_log(const sched_log_assignment& a);

} // namespace planscope::ggml2026
