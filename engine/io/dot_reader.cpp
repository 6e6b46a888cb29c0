#include "dot_reader.h"

#include "layout/graphviz_handles.h"

namespace planscope {
namespace {

std::string* g_messages = nullptr; // where the hook collects, while a read holds graphviz_lock()

int collect(char* message) {
    if (g_messages) *g_messages += message;
    return 0;
}

// Routes cgraph's messages into `out` for its lifetime, then restores the previous hook.
class error_capture {
public:
    explicit error_capture(std::string& out) : m_previous(agseterrf(collect)) { g_messages = &out; }
    ~error_capture() {
        g_messages = nullptr;
        agseterrf(m_previous);
    }
    error_capture(const error_capture&) = delete;
    error_capture& operator=(const error_capture&) = delete;

private:
    agusererrf m_previous;
};

// cgraph's lexer keeps what it read past a graph's closing brace for the next read (agread reads
// graph after graph from one stream), so a read would start with the last one's leftovers and
// count lines from there. Reading empty input until nothing comes back clears them.
void discard_lexer_leftovers() {
    while (Agraph_t* stale = agmemread("")) agclose(stale);
    agreadline(1);
}

// agget returns null for an attribute no element of the graph declares.
std::string attribute(void* object, const char* name) {
    const char* v = agget(object, const_cast<char*>(name));
    return v ? std::string(v) : std::string();
}

// "Error: syntax error in line 2 near ';'\n" -> "syntax error in line 2 near ';'"
std::string tidy(std::string message) {
    constexpr std::string_view prefix = "Error: ";
    if (message.starts_with(prefix)) message.erase(0, prefix.size());
    while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
    return message;
}

} // namespace

result<dot_digraph> read_dot_digraph(std::string_view text) {
    std::string messages;
    // Graphviz's parser and error hook are process-wide; the lock is held until g is closed.
    const std::lock_guard lock(graphviz_lock());
    const error_capture capture(messages);
    discard_lexer_leftovers();
    const gv_graph g{std::string(text)};
    discard_lexer_leftovers();
    if (!g.get()) return error{messages.empty() ? "no graph" : tidy(messages)};
    if (!agisdirected(g.get())) return error{"not a directed graph (ggml writes 'digraph')"};

    dot_digraph out;
    for (Agnode_t* n = agfstnode(g.get()); n; n = agnxtnode(g.get(), n)) {
        out.nodes.push_back({agnameof(n), attribute(n, "label")});
        for (Agedge_t* e = agfstout(g.get(), n); e; e = agnxtout(g.get(), e))
            out.edges.push_back({agnameof(agtail(e)), agnameof(aghead(e)), attribute(e, "tailport"),
                                 attribute(e, "headport"), attribute(e, "label")});
    }
    return out;
}

} // namespace planscope
