#include "plan_2023.h"

#include "alloc/graph_allocator.h"

namespace planscope::ggml2023 {

result<plan_result> plan_graph(graph_document& doc, const plan_options& options) {
    plan_result out;
    out.compute = buffer_id{doc.buffers.size()};
    auto alloc = tensor_allocator::create_measure(
        std::make_shared<plain_buffer>(out.compute, measure_base, measure_capacity, options.alignment));
    if (!alloc) return alloc.err();
    // No observer unless the caller has one: events copy the free list at every allocation.
    alloc->set_observer(options.observer);

    for (std::size_t i = 0; i < options.preallocate.size(); ++i) {
        if (auto s = alloc->alloc(doc.ctx, options.preallocate[i]); !s) {
            for (std::size_t j = 0; j < i; ++j) doc.ctx[options.preallocate[j]].where.reset();
            return s.err();
        }
    }
    graph_allocator galloc;
    galloc.set_parse_seq(doc.parse_seq);
    galloc.set_observer(options.observer);
    auto max = galloc.alloc_graph(doc.ctx, doc.g, *alloc);
    if (!max) {
        for (tensor_id t : options.preallocate) doc.ctx[t].where.reset();
        return max.err();
    }
    out.max_size = *max;
    const inplace_list& inplace = galloc.inplace_decisions();
    out.inplace_of.reserve(inplace.size());
    out.inplace_of.insert(inplace.begin(), inplace.end());
    out.free_after = free_list_within(alloc->free_blocks(), out.max_size);
    doc.buffers.push_back({std::string(compute_buffer_name), "CPU", out.max_size, options.alignment});
    return out;
}

} // namespace planscope::ggml2023
