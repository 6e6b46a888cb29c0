#pragma once
// The allocator's inplace decisions, noted from its events on the way to another observer; and
// the owner of a node's memory, which ggml's bookkeeping names where a listing names the parent.
#include "alloc_events.h"
#include "core/context.h"

#include <unordered_map>

namespace planscope {

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

// The tensor whose allocation `id` uses: through inplace parents and views to the first tensor of
// the chain (ggml 2023 set node->view_src to the parent, or to a view parent's view_src).
inline tensor_id memory_owner(const context& ctx, const std::unordered_map<tensor_id, tensor_id>& inplace_of,
                              tensor_id id) {
    for (;;) {
        if (const auto it = inplace_of.find(id); it != inplace_of.end()) id = it->second;
        else if (ctx[id].is_view()) id = ctx[id].view_src;
        else return id;
    }
}

} // namespace planscope
