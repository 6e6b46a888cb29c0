#pragma once
// Planscope's ggml 2026 scheduler (sched_2026.h) on a graph beside the split assignment a ggml
// program printed for it (GGML_SCHED_DEBUG=2, sched_debug_log.h): the graph usually a DOT dump of
// the same run. The backends are the log's (its CPU last); every leaf the log shows is placed as
// it printed it: GGUF weights (".weight", ".bias") in a weights buffer of that backend, the KV
// cache ("cache_...") in a plain buffer of it, any other leaf is a graph input (INPUT, unplaced,
// as llama.cpp flags its inputs). Each backend has a buffer type of its own, the CPU's reading
// host memory; every backend runs every op (what the real backends support is not in a log), so
// an op the real backend refused shows as a difference.
#include "sched_debug_log.h"

#include "core/document.h"
#include "sched/sched_types.h"

namespace planscope::ggml2026 {

struct sched_log_difference {
    std::size_t node = 0;   // graph index (as the log numbers nodes)
    std::string name;       // as the log prints it
    std::string log_backend;
    std::string planscope_backend; // cut to 5 characters, as the log prints backends
    std::string cause;      // Planscope's cause
};

struct sched_log_check {
    std::vector<std::string> backend_names;
    std::vector<std::size_t> log_starts;       // each split's first node, as logged
    std::vector<std::size_t> planscope_starts; // Planscope's splits' i_start
    std::size_t log_nodes = 0;                 // node lines of the log
    std::size_t compared = 0;                  // of them, found at their index under their name
    std::vector<sched_log_difference> differences;
    std::vector<std::string> unmatched;        // "#12 name": node lines the graph has not there
    sched_plan plan;                           // Planscope's
};

// Errors: the log's assignment has no node lines, what the scheduler refuses.
result<sched_log_check> check_sched_log(const graph_document& doc, const sched_log_assignment& log);

// The report `plan GRAPH --sched-log FILE.log` prints.
std::string format_sched_log_check(const sched_log_check& c);

} // namespace planscope::ggml2026
