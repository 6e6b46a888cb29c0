#pragma once
// The tensors a graph reaches, each once: the nodes (ggml_graph_node), the graph's leafs, then
// their sources and view sources, and theirs. struct ggml_cgraph is private: its leaf list is read
// through the leading members of its layout in ggml-impl.h (d99724f2) only when everything the
// public API says of the graph agrees with them (ggml_graph_size, ggml_graph_n_nodes, every
// node); otherwise the leafs are taken as the sources of nodes that are not nodes themselves, in
// the order the nodes first use them, which misses a leaf no node reads (llama.cpp's inp_embd).

#include <cstddef>
#include <unordered_map>
#include <vector>

#include "ggml_api.h"

namespace planscope::capture {

struct graph_tensors {
  std::vector<ggml_tensor*> tensors;  // nodes first, in graph order, then the others
  std::size_t n_nodes = 0;            // tensors[0, n_nodes) are the nodes
  std::vector<std::size_t> leafs;     // indexes into tensors: [n_nodes, n_nodes + leafs.size())
  bool graph_leafs = false;           // the leafs are the graph's own list, not the nodes' sources
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
