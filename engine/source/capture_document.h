#pragma once
// One graph record of a capture file (io/capture_reader.h, docs/capture-format.md) as a
// document, and the split assignment the user's ggml made for it as a recorded schedule.
//
// The document: tensor i is the record's tensor i (op, type, ne, nb, op params, flags, sources,
// views as captured; a UNARY's op param renumbered from ggml 2026's ggml_unary_op to Planscope's;
// an op Planscope does not model is NONE, named in one warning). Tensors in weights and other
// non-compute buffers (the model, the KV cache) are placed at their captured offsets in a
// document buffer each ("weights CPU_Mapped", "CPU"); tensors of the compute buffers are left
// unplaced, so that Planscope's planners and what-ifs plan them.
//
// The schedule (scheduler events): the captured backend of every node and leaf handed to ggml
// 2026's split_graph as fixed assignments, which forms the splits and input copies from it as
// ggml_backend_sched_split_graph does (docs/capture-format.md, "Splits"); then the split graph
// is reserved by Planscope's 2026 allocator, and every tensor the capture has an address for in
// a compute buffer is moved to that captured address in the captured buffer (the copies and the
// views the split adds keep Planscope's, the capture does not see them). A record without compute
// addresses (a reserve allocates nothing) keeps Planscope's addresses and the allocator's events,
// and says so in a warning.
#include "alloc/ggml2026/graph_planner.h"
#include "core/document.h"
#include "io/capture_reader.h"
#include "sched/ggml2026/sched_2026.h"
#include "sched/opened_source.h"

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace planscope {

struct recorded_schedule;

struct capture_document {
    graph_document doc;
    std::shared_ptr<const recorded_schedule> recorded; // null for a graph allocator's record
    std::vector<std::string> warnings;
    // What split_graph needs to schedule doc over the captured backends (its buffer callback
    // knows doc's buffers); empty backend_names for a graph allocator's record.
    ggml2026::sched_config_2026 config;
    std::vector<std::int64_t> backend_of; // by tensor: the captured backend, -1 for none
};

// The allocator's buffer types for a record's scheduler (`config` as capture_document holds it):
// ggml's defaults, one allocator per type two backends share.
std::vector<ggml2026::buffer_type_info> capture_buffer_types(const ggml2026::sched_config_2026& config);

// Errors name the tensor: "tensor 5 'x': type 'q9_9' is not one Planscope knows", a view
// whose view_src is itself a view, a source slot Planscope has no room for.
// with_schedule false: the document alone, no recorded schedule (what a re-plan on devices needs).
result<capture_document> document_from_capture(const capture::graph& g, std::string name, bool with_schedule = true);

// "FILE.pscap#S" (seq S of the first run) or "FILE.pscap#R:S" (run R from 0, seq S); without a
// selection the first graph record of the file.
struct capture_selection {
    std::filesystem::path path;
    std::optional<std::size_t> run;
    std::optional<std::uint64_t> seq;
};
capture_selection parse_capture_selection(std::string_view source);
// A path ending in .pscap (any case, a selection after it allowed) or a file whose first line is
// a capture header.
bool is_capture_source(std::string_view source);
// The selected record: errors "FILE: no graph record seq 3 in run 0 (it has 0 to 2)".
result<const capture::graph*> select_capture_graph(const capture::capture_file& file, const capture_selection& s);

// The document's name: "FILE.pscap#SEQ EVENT".
std::string capture_document_name(const capture_selection& s, const capture::graph& g);

// Reads the file, selects the record and opens it with `make` (given the record and its document's
// name); the file's warnings come first, errors name the file (and the record's line).
using capture_opener = std::function<result<opened_source>(const capture::graph&, std::string name)>;
result<opened_source> open_capture_with(std::string_view source, const capture_opener& make);

// Reads the file, selects the record and makes its document; errors name the file.
result<opened_source> open_capture_source(std::string_view source);

} // namespace planscope
