#include "export_schedule.h"

#include "schedule_from_sched.h"

#include "era/era.h"
#include "sched/backend_factory.h"

namespace planscope {
namespace {

opened_source copy_of(const opened_source& src) {
    opened_source out;
    out.doc = copy_document(src.doc);
    out.preallocate = src.preallocate;
    out.warnings = src.warnings;
    out.era = src.era;
    return out;
}

era_sched_options sched_options_of(const export_schedule_options& options) {
    era_sched_options o;
    o.max_buffer_size = options.max_buffer_size;
    return o;
}

} // namespace

result<sched_outcome> schedule_for_export(const opened_source& src, const export_schedule_options& options) {
    auto backends = make_backends(options.backends, {options.n_threads, options.device});
    if (!backends) return backends.err();
    return era_for(options.version).schedule(copy_of(src), backend_pointers(*backends), sched_options_of(options));
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
    auto outcome = era_for(options.version).run(open, backend_pointers(*backends), nullptr, sched_options_of(options));
    if (!outcome) return outcome.err();
    return schedule_from_sched(outcome->plan, first->doc.g, outcome->timings);
}

} // namespace planscope
