#pragma once
// Reads a capture file (docs/capture-format.md, version 1: JSON Lines written by
// libplanscope-capture.so) into plain values, one run per header line, each with its graph
// records as the library wrote them: tensors by index, names, ops and types as ggml prints them.
// Turning a record into a document is source/capture_document.h's.
#include "core/error.h"

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace planscope::capture {

inline constexpr std::string_view format_tag = "planscope-capture";
inline constexpr int format_version = 1;

// The format's limits ("Limits"): each error names the line.
inline constexpr std::uint64_t max_file_bytes = std::uint64_t{1} << 30;      // 1 GiB
inline constexpr std::size_t max_line_bytes = std::size_t{256} << 20;        // 256 MiB
inline constexpr std::size_t max_tensors = 1000000;
inline constexpr std::int64_t max_dimension = std::int64_t{1} << 62;         // ne and nb below it
inline constexpr std::size_t max_depth = 16;                                  // nested arrays and objects
inline constexpr int ggml_max_dims = 4;
inline constexpr int ggml_max_src = 10;
inline constexpr int ggml_max_op_params = 16; // int32 words (GGML_MAX_OP_PARAMS = 64 bytes)

// What the library was built for and found in libggml-base.
struct ggml_layout {
    int max_dims = 4;
    int max_src = 10;
    int max_name = 64;
    int max_op_params = 64;
    std::uint64_t tensor_size = 0;
};

struct header {
    std::size_t line = 0; // 1-based
    std::int64_t pid = 0;
    std::string command;
    std::string started;
    ggml_layout ggml;
    std::uint64_t max_graphs = 0;
};

struct backend {
    std::string name;
    std::string device; // empty when the library found none
    std::string buffer_type;
    std::uint64_t buffer_size = 0; // ggml_backend_sched_get_buffer_size
    bool host = false;
};

enum class buffer_usage : std::uint8_t { any, weights, compute };

struct buffer {
    std::string name;
    std::uint64_t size = 0;
    buffer_usage usage = buffer_usage::any;
    bool host = false;
};

inline constexpr std::int64_t none = -1;

struct tensor {
    std::string name;
    std::string op;   // ggml_op_name: "MUL_MAT"
    std::string type; // ggml_type_name: "f32"
    std::array<std::int64_t, ggml_max_dims> ne{};
    std::array<std::int64_t, ggml_max_dims> nb{};
    std::vector<std::int32_t> op_params; // trailing zero words left out
    std::uint32_t flags = 0;
    std::vector<std::int64_t> src; // indices into the record's tensors, -1 for an empty slot
    std::int64_t view_src = none;
    std::uint64_t view_offs = 0;
    std::int64_t buffer = none; // index into the record's buffers
    std::uint64_t offset = 0;
    std::int64_t backend = none; // index into the record's backends
};

struct graph {
    std::size_t line = 0;
    std::uint64_t seq = 0;
    std::string event; // "sched_reserve", "sched_graph_compute", "gallocr_reserve", ...
    std::uint64_t sched = 0;
    bool ok = true;
    std::uint64_t wall_us = 0;
    std::vector<backend> backends;          // scheduler events
    std::vector<std::uint64_t> buffer_sizes; // gallocr events
    std::uint64_t n_splits = 0;
    std::uint64_t n_copies = 1;
    std::vector<buffer> buffers;
    std::vector<tensor> tensors;
    std::vector<std::size_t> nodes;
    std::vector<std::size_t> leafs;
    // "leafs_from": true for the graph's own leaf list, false for the nodes' sources (or absent).
    bool graph_leafs = false;

    [[nodiscard]] bool scheduler_event() const { return event.starts_with("sched_"); }
};

struct end_record {
    std::uint64_t graphs = 0;
    std::uint64_t dropped = 0;
};

struct run {
    header head;
    std::vector<graph> graphs;
    std::optional<end_record> end; // absent: the process was killed or crashed
};

struct capture_file {
    std::vector<run> runs;
    std::vector<std::string> warnings; // "the last record is cut short"
};

// Errors: "line 3: graph: no 'tensors'", a record before the first header, a header of another
// format or version, an index out of its list, the limits above. Empty text is an error.
result<capture_file> parse_capture(std::string_view text);
// As above, errors "FILE: line 3: ...". A file over max_file_bytes is refused unread.
result<capture_file> read_capture(const std::filesystem::path& path);

// True for text whose first line is a capture header ("format":"planscope-capture").
bool looks_like_capture(std::string_view first_bytes);

} // namespace planscope::capture
