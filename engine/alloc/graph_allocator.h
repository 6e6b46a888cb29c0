#pragma once
// ggml_gallocr: walks a graph in execution order, allocating each node (and its leaf sources)
// when it runs and freeing a tensor as soon as nothing needs it, reusing a parent's memory
// inplace where ggml-alloc.c (2023-11) would. It writes what ggml writes: tensor.where, and
// view_src for nodes that took over a parent's memory.
//
// A graph allocation is all or nothing: on error every tensor and tensor allocator it touched
// is restored, and the error names the tensor that could not be placed.
#include "alloc_events.h"
#include "core/graph.h"
#include "tensor_allocator.h"

#include <functional>
#include <utility>
#include <vector>

namespace planscope {

// The scheduler's mode: which tensor allocator a tensor belongs to; nullptr for none (it is
// then never freed, and allocating it is an error).
using allocator_resolver = std::function<tensor_allocator*(tensor_id)>;

// Inplace decisions: (node, the parent whose memory it took), in the order they were made.
using inplace_list = std::vector<std::pair<tensor_id, tensor_id>>;

class graph_allocator {
public:
    // ggml_gallocr_set_parse_seq: node indices in execution order, -1 for a barrier. Nodes are
    // allocated in list order; sources are freed only at barriers. Empty: graph order, freeing
    // after every node.
    void set_parse_seq(std::vector<int> seq) { m_parse_seq = std::move(seq); }
    [[nodiscard]] const std::vector<int>& parse_seq() const { return m_parse_seq; }

    // Receives graph-level events (node, barrier, view, inplace, refused, measure); tensor
    // allocators report their own.
    void set_observer(alloc_observer* observer) { m_observer = observer; }

    // ggml_gallocr_alloc_graph: every tensor through `talloc`. Returns its max_size.
    result<std::size_t> alloc_graph(context& ctx, const graph& g, tensor_allocator& talloc);
    // ggml_gallocr_alloc_graph_n: each tensor through the allocator `allocator_of` names.
    status alloc_graph_n(context& ctx, const graph& g, const allocator_resolver& allocator_of);

    // The last successful allocation's inplace decisions, kept without an observer (what the
    // plan listing names; events cost a free-list copy per allocation).
    [[nodiscard]] const inplace_list& inplace_decisions() const { return m_inplace; }

private:
    std::vector<int> m_parse_seq;
    alloc_observer* m_observer = nullptr;
    inplace_list m_inplace;
};

} // namespace planscope
