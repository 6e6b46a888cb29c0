#include "era_2026.h"

#include "alloc/ggml2026/plan_2026.h"
#include "sched/ggml2026/run_backends_2026.h"

namespace planscope {
namespace {

ggml2026::sched_plan_options era2026_sched_options(const era_sched_options& o) {
    return {o.n_copies, o.op_offload, o.max_buffer_size, o.alloc, o.sched};
}

} // namespace

result<plan_result> era_2026::plan(graph_document& doc, plan_options options) const {
    options.version = version();
    return ggml2026::plan_graph(doc, options);
}

result<sched_outcome> era_2026::schedule(opened_source src, std::span<backend* const> backends,
                                         const era_sched_options& options) const {
    return ggml2026::plan_with_backends(std::move(src), backends, era2026_sched_options(options));
}

result<sched_outcome> era_2026::run(const std::function<result<opened_source>()>& open,
                                    std::span<backend* const> backends, sched_observer* observer,
                                    const era_sched_options& options) const {
    return ggml2026::run_with_backends(open, backends, observer, era2026_sched_options(options));
}

} // namespace planscope
