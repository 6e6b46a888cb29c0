#pragma once
// Planscope's ggml 2026 scheduler (sched_2026.h) on a graph beside the split assignment a ggml
// program printed for it (GGML_SCHED_DEBUG=2, sched_debug_log.h): the graph usually a DOT dump of
// the same run. The backends are the log's (its CPU last); every leaf the log shows is placed as
// it printed it: GGUF weights (".weight", ".bias") in a weights buffer of that backend, the KV
// cache ("cache_...") in a plain buffer of it, any other leaf is a graph input (INPUT, unplaced,
// as llama.cpp flags its inputs). Each backend has a buffer type of its own, the CPU's reading
// host memory. What the real backends support is not in a log, so it is inferred from it: first
// every backend runs every op; then an op (as the log prints it) that the log ran on the CPU where
// Planscope put it on another backend, and never ran on that backend, is taken as one that
// backend does not support, and the scheduler runs again, until no new such op appears.
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
    // (backend, op as the log prints it) taken as unsupported, in the order inferred.
    std::vector<std::pair<std::string, std::string>> inferred_unsupported;
    std::size_t differences_before = 0;        // with every op supported
    sched_plan plan;                           // Planscope's, the last run's
};

// Errors: the log's assignment has no node lines, what the scheduler refuses.
result<sched_log_check> check_sched_log(const graph_document& doc, const sched_log_assignment& log);

// The report `plan GRAPH --sched-log FILE.log` prints.
std::string format_sched_log_check(const sched_log_check& c);

} // namespace planscope::ggml2026
