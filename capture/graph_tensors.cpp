#include "graph_tensors.h"

namespace planscope::capture {

long long graph_tensors::index_of(const ggml_tensor* t) const {
  if (!t) return -1;
  const auto it = index.find(t);
  return it == index.end() ? -1 : static_cast<long long>(it->second);
}

graph_tensors collect_graph_tensors(const ggml_api& api, ggml_cgraph* graph) {
  graph_tensors g;
  const int n = api.ggml_graph_n_nodes(graph);
  g.n_nodes = n > 0 ? static_cast<std::size_t>(n) : 0;
  g.tensors.reserve(g.n_nodes * 2);
  g.index.reserve(g.n_nodes * 2);
  auto add = [&g](ggml_tensor* t) {
    if (t && g.index.emplace(t, g.tensors.size()).second) g.tensors.push_back(t);
  };
  for (std::size_t i = 0; i < g.n_nodes; ++i) add(api.ggml_graph_node(graph, static_cast<int>(i)));
  // A node listed twice (never in ggml's own graphs) keeps its first place.
  g.n_nodes = g.tensors.size();
  // Sources in the order the nodes use them make the leafs; anything further reached (a view's
  // source outside the graph, a leaf's own sources) follows in the order found.
  for (std::size_t i = 0; i < g.n_nodes; ++i) {
    for (ggml_tensor* s : g.tensors[i]->src) {
      const std::size_t before = g.tensors.size();
      add(s);
      if (g.tensors.size() > before) g.leafs.push_back(before);
    }
  }
  for (std::size_t i = 0; i < g.tensors.size(); ++i) {
    ggml_tensor* t = g.tensors[i];
    add(t->view_src);
    if (i >= g.n_nodes) {
      for (ggml_tensor* s : t->src) add(s);
    }
  }
  return g;
}

}  // namespace planscope::capture
