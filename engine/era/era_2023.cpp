#include "era_2023.h"

#include "alloc/ggml2023/plan_2023.h"

namespace planscope {
namespace {

// Forwards the allocators' events until the scheduler creates its real buffers: init_measure
// then swaps them in and resets the allocators.
class era2023_measure_only final : public alloc_observer, public sched_observer {
public:
    era2023_measure_only(alloc_observer* alloc, sched_observer* sched) : m_alloc(alloc), m_sched(sched) {}
    void on_event(const alloc_event& e) override {
        if (!m_done && m_alloc) m_alloc->on_event(e);
    }
    void on_event(const sched_event& e) override {
        if (std::holds_alternative<sched_events::buffer_created>(e)) m_done = true;
        if (m_sched) m_sched->on_event(e);
    }

private:
    alloc_observer* m_alloc;
    sched_observer* m_sched;
    bool m_done = false;
};

} // namespace

result<plan_result> era_2023::plan(graph_document& doc, plan_options options) const {
    options.version = version();
    return ggml2023::plan_graph(doc, options);
}

result<sched_outcome> era_2023::schedule(opened_source src, std::span<backend* const> backends,
                                         const era_sched_options& options) const {
    if (!options.alloc && !options.sched) return plan_with_backends(std::move(src), backends);
    era2023_measure_only observer(options.alloc, options.sched);
    return plan_with_backends(std::move(src), backends, &observer, &observer);
}

result<sched_outcome> era_2023::run(const std::function<result<opened_source>()>& open,
                                    std::span<backend* const> backends, sched_observer* observer,
                                    const era_sched_options&) const {
    return run_with_backends(open, backends, observer);
}

} // namespace planscope
