#pragma once
// The owner of a node's memory, which ggml's bookkeeping names where a listing names the parent.
#include "core/context.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace planscope {

// For every index of [0, n): the id where following `next` from it ends (next returns an invalid
// id at a chain's end). Every link is followed once, so a chain of n tensors costs n, not n^2; a
// cycle (no allocator makes one) ends where it closes.
template <class Next>
std::vector<tensor_id> chain_ends(std::size_t n, Next next) {
    enum : std::uint8_t { fresh, walking, done };
    std::vector<tensor_id> end(n);
    std::vector<std::uint8_t> state(n, fresh);
    std::vector<std::size_t> path;
    for (std::size_t start = 0; start < n; ++start) {
        std::size_t at = start;
        tensor_id last{at};
        while (state[at] == fresh) {
            state[at] = walking;
            path.push_back(at);
            const tensor_id to = next(tensor_id{at});
            if (!to.valid() || to.index() >= n) break;
            at = to.index();
            last = to;
        }
        const tensor_id found = state[at] == done ? end[at] : last;
        for (const std::size_t p : path) {
            end[p] = found;
            state[p] = done;
        }
        path.clear();
    }
    return end;
}

// The tensor whose allocation each tensor uses: through inplace parents and views to the first
// tensor of the chain (ggml 2023 set node->view_src to the parent, or to a view parent's
// view_src). Resolved once for all tensors.
class memory_owners {
public:
    memory_owners(const context& ctx, const std::unordered_map<tensor_id, tensor_id>& inplace_of)
        : m_inplace_of(&inplace_of), m_owner(chain_ends(ctx.size(), [&](tensor_id id) {
              if (const auto it = inplace_of.find(id); it != inplace_of.end()) return it->second;
              return ctx[id].is_view() ? ctx[id].view_src : tensor_id{};
          })) {}

    [[nodiscard]] tensor_id operator()(tensor_id id) const { return m_owner[id.index()]; }
    [[nodiscard]] const std::unordered_map<tensor_id, tensor_id>& inplace_of() const { return *m_inplace_of; }

private:
    const std::unordered_map<tensor_id, tensor_id>* m_inplace_of;
    std::vector<tensor_id> m_owner;
};

} // namespace planscope
