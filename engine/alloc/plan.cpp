#include "plan.h"

#include "graph_allocator.h"

namespace planscope {
namespace {

// Notes the allocator's inplace decisions and passes every event on.
class inplace_tracker final : public alloc_observer {
public:
    inplace_tracker(alloc_observer* next, std::unordered_map<tensor_id, tensor_id>& out) : m_next(next), m_out(out) {}
    void on_event(const alloc_event& e) override {
        if (const auto* i = std::get_if<events::inplace>(&e)) m_out[i->node] = i->parent;
        if (m_next) m_next->on_event(e);
    }

private:
    alloc_observer* m_next;
    std::unordered_map<tensor_id, tensor_id>& m_out;
};

} // namespace

result<plan_result> plan_graph(graph_document& doc, const plan_options& options) {
    plan_result out;
    out.compute = buffer_id{doc.buffers.size()};
    auto alloc = tensor_allocator::create_measure(
        std::make_shared<plain_buffer>(out.compute, measure_base, measure_capacity, options.alignment));
    if (!alloc) return alloc.err();
    inplace_tracker tracker(options.observer, out.inplace_of);
    alloc->set_observer(&tracker);

    for (std::size_t i = 0; i < options.preallocate.size(); ++i) {
        if (auto s = alloc->alloc(doc.ctx, options.preallocate[i]); !s) {
            for (std::size_t j = 0; j < i; ++j) doc.ctx[options.preallocate[j]].where.reset();
            return s.err();
        }
    }
    graph_allocator galloc;
    galloc.set_parse_seq(doc.parse_seq);
    galloc.set_observer(&tracker);
    auto max = galloc.alloc_graph(doc.ctx, doc.g, *alloc);
    if (!max) {
        for (tensor_id t : options.preallocate) doc.ctx[t].where.reset();
        return max.err();
    }
    out.max_size = *max;
    doc.buffers.push_back({std::string(compute_buffer_name), "CPU", out.max_size, options.alignment});
    return out;
}

} // namespace planscope
