#pragma once
// The tensors a graph reaches, each once, through ggml's public API: the nodes
// (ggml_graph_node), their sources and view sources, and theirs. struct ggml_cgraph is private,
// so its leaf list is not reachable; the leafs are taken as the sources of nodes that are not
// nodes themselves, in the order the nodes first use them.

#include <cstddef>
#include <unordered_map>
#include <vector>

#include "ggml_api.h"

namespace planscope::capture {

struct graph_tensors {
  std::vector<ggml_tensor*> tensors;  // nodes first, in graph order, then the others
  std::size_t n_nodes = 0;            // tensors[0, n_nodes) are the nodes
  std::vector<std::size_t> leafs;     // indexes into tensors: [n_nodes, n_nodes + leafs.size())
  std::unordered_map<const ggml_tensor*, std::size_t> index;

  // -1 for a null tensor or one not in the list.
  long long index_of(const ggml_tensor* t) const;
  // A node or leaf, which the scheduler has in its hash set. Others (a view's source outside the
  // graph) are never looked up there: a miss in a full set is an index past its end.
  bool in_graph(std::size_t i) const { return i < n_nodes + leafs.size(); }
};

// Throws std::bad_alloc when memory runs out (the interposer's boundary catches it).
graph_tensors collect_graph_tensors(const ggml_api& api, ggml_cgraph* graph);

}  // namespace planscope::capture
