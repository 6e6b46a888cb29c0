#pragma once
// A GGML_SCHED_DEBUG=2 log (sched/ggml2026/sched_debug_log.h) as a document: the graph its node
// lines describe and the split assignment the program printed, as the plain values Planscope's
// own scheduler gives (sched_types.h), so the canvas, the split replay and the Splits dock show
// the user's real assignment. The log's last assignment is the one shown.
//
// What a log holds decides what the document can show: the nodes that are not views, in graph
// order, with their op, backend, cause (empty in a default ggml build) and sources; sizes as
// fmt_size rounds them (K or M, rounded down) and names cut to 20 characters. So each tensor is an
// i8 vector of its printed size (at least 1 byte), a source is the latest earlier node of its
// (cut) name or else a leaf, and the copies are the "BACKEND#name#c" sources the nodes read.
// Ops Planscope does not model are shown as NONE, with one warning naming them. Leafs named as
// GGUF weights or the KV cache (classify_llama_leaf) are placed one after another in a
// buffer of their logged backend ("CUDA0 weights", "CPU kv cache"); the others are inputs.
#include "core/document.h"
#include "sched/ggml2026/sched_debug_log.h"
#include "sched/sched_types.h"

#include <filesystem>

namespace planscope {

struct sched_log_document {
    graph_document doc; // its context holds the copies after the graph's tensors, nodes reading them
    sched_plan plan;    // backend names in priority order (the CPU last), splits, inputs, causes
    std::vector<std::string> warnings;
};

// Errors: an assignment without node lines (a GGML_SCHED_DEBUG=1 log), a split input whose copy
// no node reads.
result<sched_log_document> document_from_sched_log(const ggml2026::sched_log_assignment& a, std::string name);

// Reads and parses the file (at most ggml2026::max_sched_log_bytes), then its last assignment.
// Errors name the file.
result<sched_log_document> open_sched_log_document(const std::filesystem::path& path);

// "something.log".
bool is_sched_log_path(std::string_view source);

} // namespace planscope
