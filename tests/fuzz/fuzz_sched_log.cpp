// GGML_SCHED_DEBUG logs: the parser (sched/ggml2026/sched_debug_log.h), then what opening the log
// in planscope does (source/sched_log_document.h, the document planned) and `plan GRAPH
// --sched-log` on the log's own graph (sched/ggml2026/sched_log_check.h), and the round trip.
#include "fuzz_support.h"

#include "alloc/plan.h"
#include "source/sched_log_document.h"
#include "sched/ggml2026/sched_log_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace planscope;
    auto log = ggml2026::parse_sched_debug_log(fuzz::as_text(data, size));
    if (!log) {
        fuzz::check_error("parse_sched_debug_log", log.err());
        return 0;
    }
    const ggml2026::sched_log_assignment& last = log->assignments.back();
    auto again = ggml2026::parse_sched_debug_log(ggml2026::format_sched_debug_log(last));
    if (!again || again->assignments.size() != 1 || !(again->assignments[0].splits == last.splits))
        fuzz::finding("round trip", "the written assignment does not read back as itself");
    auto doc = document_from_sched_log(last, "fuzz.log");
    if (!doc) {
        fuzz::check_error("document_from_sched_log", doc.err());
        return 0;
    }
    for (const auto& w : doc->warnings) fuzz::check_message("document_from_sched_log warning", w);
    if (auto check = ggml2026::check_sched_log(doc->doc, last); !check) fuzz::check_error("check_sched_log", check.err());
    if (auto plan = plan_graph(doc->doc); !plan) fuzz::check_error("plan_graph", plan.err());
    return 0;
}
