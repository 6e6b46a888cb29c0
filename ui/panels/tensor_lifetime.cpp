#include "tensor_lifetime.h"

#include "alloc/live_tensors.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace planscope::ui {

TensorLifetime tensorLifetime(const planscope::graph_document& doc, std::span<const planscope::alloc_event> events,
                              planscope::tensor_id tensor) {
    TensorLifetime out;
    if (!doc.ctx.contains(tensor)) return out;
    std::unordered_map<planscope::tensor_id, planscope::tensor_id> ridesOn; // view or inplace node -> its memory's tensor
    std::unordered_map<planscope::tensor_id, std::pair<planscope::buffer_id, std::size_t>> allocated; // buffer, step
    for (std::size_t i = 0; i < events.size(); ++i) {
        if (const auto* v = std::get_if<planscope::events::view>(&events[i])) ridesOn.emplace(v->tensor, v->source);
        else if (const auto* p = std::get_if<planscope::events::inplace>(&events[i])) ridesOn.emplace(p->node, p->source);
        else if (const auto* a = std::get_if<planscope::events::alloc>(&events[i])) allocated.try_emplace(a->tensor, a->buffer, i + 1);
    }
    // The recording's aliases first; a view it did not reach still lives in its view_src.
    planscope::tensor_id owner = tensor;
    for (std::size_t hops = 0; hops < doc.ctx.size() && !allocated.contains(owner); ++hops) {
        if (const auto it = ridesOn.find(owner); it != ridesOn.end())
            owner = it->second;
        else if (doc.ctx[owner].is_view() && doc.ctx.contains(doc.ctx[owner].view_src))
            owner = doc.ctx[owner].view_src;
        else
            break;
    }
    out.owner = owner;

    if (const auto it = allocated.find(owner); it != allocated.end()) {
        const auto [buffer, step] = it->second;
        const planscope::live_set live = planscope::live_at(doc, events, buffer, step);
        const auto a = std::find_if(live.allocations.begin(), live.allocations.end(),
                                    [&](const planscope::live_allocation& l) { return l.owner == owner; });
        if (a == live.allocations.end()) return out;
        out.kind = a->alloc_by.valid() ? TensorLifetime::Kind::Allocated : TensorLifetime::Kind::Preallocated;
        out.buffer = buffer;
        out.allocStep = a->alloc_step;
        out.freeStep = a->free_step;
        out.allocBy = a->alloc_by;
        out.freeBy = a->free_by;
        return out;
    }
    if (doc.ctx.contains(owner) && doc.ctx[owner].where) {
        out.kind = TensorLifetime::Kind::OtherBuffer;
        out.buffer = doc.ctx[owner].where->buffer;
    }
    return out;
}

std::vector<TensorReader> tensorReaders(const planscope::graph_document& doc,
                                        std::span<const planscope::alloc_event> events, planscope::tensor_id tensor) {
    std::unordered_map<planscope::tensor_id, std::size_t> nodeStep;
    for (std::size_t i = 0; i < events.size(); ++i)
        if (const auto* n = std::get_if<planscope::events::node>(&events[i])) nodeStep.try_emplace(n->tensor, i + 1);

    // Whether `src` is `tensor` or a chain of view ops ending at it.
    const auto reaches = [&](planscope::tensor_id src) {
        for (std::size_t hops = 0; hops < doc.ctx.size() && doc.ctx.contains(src); ++hops) {
            if (src == tensor) return true;
            const planscope::tensor& t = doc.ctx[src];
            if (!planscope::info(t.op).view_op) return false;
            src = t.src[0];
        }
        return false;
    };
    std::vector<TensorReader> out;
    for (planscope::tensor_id n : doc.g.nodes) {
        for (planscope::tensor_id s : doc.ctx[n].src) {
            if (!s.valid() || !reaches(s)) continue;
            const auto step = nodeStep.find(n);
            out.push_back({n, step == nodeStep.end() ? std::nullopt : std::optional(step->second),
                           s == tensor ? planscope::tensor_id{} : s});
            break;
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const TensorReader& a, const TensorReader& b) {
        constexpr std::size_t never = std::numeric_limits<std::size_t>::max();
        return a.step.value_or(never) < b.step.value_or(never);
    });
    return out;
}

} // namespace planscope::ui
