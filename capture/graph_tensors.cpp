#include "graph_tensors.h"

namespace planscope::capture {

long long graph_tensors::index_of(const ggml_tensor* t) const {
  if (!t) return -1;
  const auto it = index.find(t);
  return it == index.end() ? -1 : static_cast<long long>(it->second);
}

namespace {

// The leading members of ggml's struct ggml_cgraph (ggml-impl.h of d99724f2).
struct cgraph_prefix {
  int size;
  int n_nodes;
  int n_leafs;
  ggml_tensor** nodes;
  ggml_tensor** grads;
  ggml_tensor** grad_accs;
  ggml_tensor** leafs;
};

// The graph's leafs when the layout is the one above: the public accessors must agree with it on
// the size, the node count and every node; null otherwise (another ggml, a graph view).
const cgraph_prefix* checked_layout(const ggml_api& api, ggml_cgraph* graph, int n_nodes) {
  if (!api.ggml_graph_size) return nullptr;
  const auto* p = reinterpret_cast<const cgraph_prefix*>(graph);
  if (p->size != api.ggml_graph_size(graph) || p->n_nodes != n_nodes || p->nodes == nullptr) return nullptr;
  if (p->n_leafs <= 0 || p->n_leafs > p->size || p->leafs == nullptr) return nullptr;
  for (int i = 0; i < n_nodes; ++i)
    if (p->nodes[i] != api.ggml_graph_node(graph, i)) return nullptr;
  return p;
}

}  // namespace

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
  if (const cgraph_prefix* p = checked_layout(api, graph, n)) {
    g.graph_leafs = true;
    for (int i = 0; i < p->n_leafs; ++i) {
      const std::size_t before = g.tensors.size();
      add(p->leafs[i]);
      if (g.tensors.size() > before) g.leafs.push_back(before);
    }
  }
  // Without the graph's list, sources in the order the nodes use them make the leafs; anything
  // further reached (a view's source outside the graph, a leaf's own sources) follows in the
  // order found.
  for (std::size_t i = 0; i < g.n_nodes; ++i) {
    for (ggml_tensor* s : g.tensors[i]->src) {
      const std::size_t before = g.tensors.size();
      add(s);
      if (!g.graph_leafs && g.tensors.size() > before) g.leafs.push_back(before);
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
