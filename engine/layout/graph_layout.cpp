#include "graph_layout.h"

#include "graphviz_handles.h"

#include <charconv>
#include <cstring>

namespace planscope {

std::mutex& graphviz_lock() {
    static std::mutex m;
    return m;
}

gv_context& shared_gv_context() {
    static gv_context gvc;
    return gvc;
}

namespace {

constexpr double points_per_inch = 72.0;

// Graphviz reports errors through a callback; keep the last one for the error value instead of
// letting it print to stderr.
thread_local std::string last_graphviz_error;

int capture_error(char* message) {
    last_graphviz_error = message ? message : "";
    while (!last_graphviz_error.empty() && last_graphviz_error.back() == '\n') last_graphviz_error.pop_back();
    return 0;
}

std::optional<tensor_id> id_of(const char* name) {
    if (!name || name[0] != 't') return std::nullopt;
    std::uint32_t v = 0;
    const char* end = name + std::strlen(name);
    auto [p, ec] = std::from_chars(name + 1, end, v);
    if (ec != std::errc{} || p != end) return std::nullopt;
    return tensor_id{v};
}

int slot_of(Agedge_t* e) {
    int slot = 0;
    if (const char* s = agget(e, const_cast<char*>("slot")); s && *s) {
        std::from_chars(s, s + std::strlen(s), slot);
        return slot;
    }
    const char* label = agget(e, const_cast<char*>("label"));
    if (label && std::strncmp(label, "src", 3) == 0) std::from_chars(label + 3, label + std::strlen(label), slot);
    return slot;
}

struct flipper {
    double top; // Graphviz's y grows upwards; the canvas's downwards
    layout_point operator()(pointf p) const { return {p.x, top - p.y}; }
};

void read_clusters(Agraph_t* g, const flipper& flip, graph_layout& out) {
    for (int i = 1; i <= GD_n_cluster(g); ++i) {
        Agraph_t* c = GD_clust(g)[i];
        const boxf bb = GD_bb(c);
        layout_cluster lc;
        const char* name = agnameof(c);
        if (name && std::strncmp(name, "cluster_", 8) == 0)
            std::from_chars(name + 8, name + std::strlen(name), lc.index);
        if (GD_label(c) && GD_label(c)->text) lc.label = GD_label(c)->text;
        lc.top_left = flip(pointf{bb.LL.x, bb.UR.y});
        lc.width = bb.UR.x - bb.LL.x;
        lc.height = bb.UR.y - bb.LL.y;
        out.clusters.push_back(std::move(lc));
    }
}

void read_edges(Agraph_t* g, Agnode_t* n, const flipper& flip, graph_layout& out) {
    for (Agedge_t* e = agfstin(g, n); e; e = agnxtin(g, e)) {
        layout_edge le;
        le.tail = agnameof(agtail(e));
        le.head = agnameof(n);
        le.from = id_of(le.tail.c_str()).value_or(tensor_id{});
        le.to = id_of(le.head.c_str()).value_or(tensor_id{});
        le.src_slot = slot_of(e);
        if (const splines* spl = ED_spl(e); spl && spl->size > 0) {
            const bezier& bz = spl->list[0];
            for (int i = 0; i < bz.size; ++i) le.bezier.push_back(flip(bz.list[i]));
            if (bz.eflag) le.arrow_tip = flip(bz.ep);
        }
        if (const textlabel_t* l = ED_label(e); l && l->set) le.label_pos = flip(l->pos);
        out.edges.push_back(std::move(le));
    }
}

} // namespace

result<graph_layout> layout_dot(const std::string& dot, const std::atomic<bool>* cancel) {
    std::lock_guard lock(graphviz_lock());
    if (cancel && cancel->load()) return error{"layout cancelled"};
    agseterrf(capture_error);
    last_graphviz_error.clear();
    gv_context& gvc = shared_gv_context();
    if (!gvc.get()) return error{"Graphviz: cannot create a context"};
    gv_graph g(dot);
    if (!g.get())
        return error{"Graphviz: cannot parse the graph text" +
                     (last_graphviz_error.empty() ? std::string{} : " (" + last_graphviz_error + ")")};
    gv_layout layout(gvc.get(), g.get(), "dot");
    if (!layout.ok()) return error{"Graphviz: dot layout failed"};
    if (cancel && cancel->load()) return error{"layout cancelled"};

    const boxf bb = GD_bb(g.get());
    const flipper flip{bb.UR.y};
    graph_layout out;
    out.width = bb.UR.x - bb.LL.x;
    out.height = bb.UR.y - bb.LL.y;
    for (Agnode_t* n = agfstnode(g.get()); n; n = agnxtnode(g.get(), n)) {
        const char* name = agnameof(n);
        out.nodes.push_back({name, id_of(name).value_or(tensor_id{}), flip(ND_coord(n)), ND_width(n) * points_per_inch,
                             ND_height(n) * points_per_inch});
        read_edges(g.get(), n, flip, out);
    }
    read_clusters(g.get(), flip, out);
    return out;
}

result<graph_layout> layout_graph(const graph_document& doc, const dot_style& style, const std::atomic<bool>* cancel) {
    return layout_dot(to_dot(doc, style), cancel);
}

} // namespace planscope
