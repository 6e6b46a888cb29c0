#pragma once
// RAII for Graphviz handles: a context is always gvFreeContext'ed, a graph always agclose'd, and a
// layout always gvFreeLayout'ed before its graph is closed. Graphviz keeps global state, so every
// use holds graphviz_lock().
#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <mutex>
#include <string>

namespace planscope {

std::mutex& graphviz_lock();

class gv_context;
// The process's one Graphviz context, made on first use and freed at exit. Graphviz 2.42's text
// sizing (its pango plugin) keeps a pointer to the last font name, which lives in the context:
// a context freed after each layout leaves that pointer dangling for the next one (AddressSanitizer
// reports a use after free in every second layout). Use it with graphviz_lock() held.
gv_context& shared_gv_context();

class gv_context {
public:
    gv_context() : m_gvc(gvContext()) {}
    ~gv_context() {
        if (m_gvc) gvFreeContext(m_gvc);
    }
    gv_context(const gv_context&) = delete;
    gv_context& operator=(const gv_context&) = delete;
    GVC_t* get() const { return m_gvc; }

private:
    GVC_t* m_gvc;
};

class gv_graph {
public:
    explicit gv_graph(const std::string& dot) : m_g(agmemread(dot.c_str())) {}
    ~gv_graph() {
        if (m_g) agclose(m_g);
    }
    gv_graph(const gv_graph&) = delete;
    gv_graph& operator=(const gv_graph&) = delete;
    Agraph_t* get() const { return m_g; }

private:
    Agraph_t* m_g;
};

// A laid-out graph; the layout is freed first, then (by gv_graph) the graph.
class gv_layout {
public:
    gv_layout(GVC_t* gvc, Agraph_t* g, const char* engine) : m_gvc(gvc), m_g(g), m_ok(gvLayout(gvc, g, engine) == 0) {}
    ~gv_layout() {
        if (m_ok) gvFreeLayout(m_gvc, m_g);
    }
    gv_layout(const gv_layout&) = delete;
    gv_layout& operator=(const gv_layout&) = delete;
    bool ok() const { return m_ok; }

private:
    GVC_t* m_gvc;
    Agraph_t* m_g;
    bool m_ok;
};

} // namespace planscope
