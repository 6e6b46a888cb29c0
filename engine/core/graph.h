#pragma once
// A compute graph: nodes and leafs in the order ggml_build_forward_expand produces.
#include "context.h"
#include "error.h"

#include <cstdint>
#include <vector>

namespace planscope {

// Which tensors a graph already holds, as ggml's visited hash set: lets each
// build_forward_expand call cost what it adds, not the size of the graph so far. Code may edit
// the lists directly, so the index is trusted only while the lists have the length and last
// entries it last saw; otherwise the next expand rebuilds it (one pass over the lists).
class graph_index {
public:
    enum class mark : std::uint8_t { absent, visiting, member };

    [[nodiscard]] mark get(tensor_id id) const {
        return id.index() < m_marks.size() ? m_marks[id.index()] : mark::absent;
    }
    void set(tensor_id id, mark m);
    [[nodiscard]] bool in_sync(const std::vector<tensor_id>& nodes, const std::vector<tensor_id>& leafs) const;
    void rebuild(const std::vector<tensor_id>& nodes, const std::vector<tensor_id>& leafs);
    void remember(const std::vector<tensor_id>& nodes, const std::vector<tensor_id>& leafs);

private:
    std::vector<mark> m_marks; // by tensor index
    std::size_t m_n_nodes = 0, m_n_leafs = 0;
    tensor_id m_last_node, m_last_leaf;
};

struct graph {
    std::vector<tensor_id> nodes; // ops, sources before their users
    std::vector<tensor_id> leafs; // op NONE tensors that are not params (weights, inputs, constants)
    graph_index index;            // kept by build_forward_expand
};

// ggml_build_forward_expand: depth-first from `root`, sources left to right, each tensor once.
// Unnamed tensors get ggml's "node_%d" / "leaf_%d" names. Fails on a cycle (possible only in
// hand-written graph files; the builder cannot make one). Iterative, so 100,000-deep chains work.
// Linear in what it adds (see graph_index).
status build_forward_expand(context& ctx, graph& g, tensor_id root);

} // namespace planscope
