#include "export_schedule.h"

#include "schedule_from_sched.h"
#include "sched/backend_factory.h"
#include "sched/ggml2026/run_backends_2026.h"
#include "sched/sched_runner.h"

namespace planscope {
namespace {

opened_source copy_of(const opened_source& src) {
    opened_source out;
    out.doc = copy_document(src.doc);
    out.preallocate = src.preallocate;
    out.warnings = src.warnings;
    return out;
}

ggml2026::sched_plan_options plan_options_2026(const export_schedule_options& options) {
    ggml2026::sched_plan_options o;
    o.max_buffer_size = options.max_buffer_size;
    return o;
}

} // namespace

result<sched_outcome> schedule_for_export(const opened_source& src, const export_schedule_options& options) {
    auto backends = make_backends(options.backends, {options.n_threads, options.device});
    if (!backends) return backends.err();
    return options.version == ggml_version::v2026
               ? ggml2026::plan_with_backends(copy_of(src), backend_pointers(*backends), plan_options_2026(options))
               : plan_with_backends(copy_of(src), backend_pointers(*backends));
}

result<schedule_view> split_for_export(const opened_source& src, const export_schedule_options& options) {
    auto outcome = schedule_for_export(src, options);
    if (!outcome) return outcome.err();
    return schedule_from_sched(outcome->plan, src.doc.g);
}

result<schedule_view> run_for_trace(const std::function<result<opened_source>()>& open,
                                    const export_schedule_options& options) {
    auto backends = make_backends(options.backends, {options.n_threads, options.device});
    if (!backends) return backends.err();
    const auto first = open(); // the graph whose node indices the splits use
    if (!first) return first.err();
    auto outcome = options.version == ggml_version::v2026
                       ? ggml2026::run_with_backends(open, backend_pointers(*backends), nullptr, plan_options_2026(options))
                       : run_with_backends(open, backend_pointers(*backends));
    if (!outcome) return outcome.err();
    return schedule_from_sched(outcome->plan, first->doc.g, outcome->timings);
}

} // namespace planscope
