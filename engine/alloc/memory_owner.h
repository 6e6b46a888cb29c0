#pragma once
// The owner of a node's memory, which ggml's bookkeeping names where a listing names the parent.
#include "core/context.h"

#include <unordered_map>

namespace planscope {

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
