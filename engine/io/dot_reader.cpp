#include "dot_reader.h"

#include "core/printable.h"
#include "dot_scan.h"
#include "layout/graphviz_handles.h"

#include <algorithm>

namespace planscope {
namespace {

// cgraph hands its hook a message in parts: "Error" or "Warning", ": ", then the text (a
// continuation comes with no level). Kept: the first error and the first few KB of the rest,
// so a flood of warnings costs no memory.
class message_log {
public:
    void add(std::string_view part) {
        if (part == "Error" || part == "Warning") m_into = part == "Error" && m_error.empty() ? &m_error : &m_other;
        m_into->append(part.substr(0, max_bytes - std::min(max_bytes, m_into->size())));
    }
    bool empty() const { return m_error.empty() && m_other.empty(); }
    // The first error, else what else cgraph said.
    std::string_view text() const { return m_error.empty() ? m_other : m_error; }

private:
    static constexpr std::size_t max_bytes = 4096;
    std::string m_error, m_other;
    std::string* m_into = &m_other;
};

message_log* g_messages = nullptr; // where the hook collects, while a read holds graphviz_lock()

int collect(char* message) {
    if (g_messages) g_messages->add(message);
    return 0;
}

// Routes cgraph's messages into `out` for its lifetime, then restores the previous hook.
class error_capture {
public:
    explicit error_capture(message_log& out) : m_previous(agseterrf(collect)) { g_messages = &out; }
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

// A message as one line: without "Error: ", lines joined ("...longer than 16384?)\nString
// starting:\"..." is one error), the text it quotes from the file escaped. "Error: syntax error
// in line 2 near ';'\n" -> "syntax error in line 2 near ';'".
std::string tidy(std::string_view messages) {
    for (const std::string_view prefix : {"Error: ", "Warning: "})
        if (messages.starts_with(prefix)) messages.remove_prefix(prefix.size());
    while (!messages.empty() && (messages.back() == '\n' || messages.back() == ' ')) messages.remove_suffix(1);
    std::string line(messages);
    std::replace(line.begin(), line.end(), '\n', ' ');
    return printable(line, 300);
}

} // namespace

result<dot_digraph> read_dot_digraph(std::string_view text) {
    if (auto s = check_dot_text(text); !s) return s.err();
    message_log messages;
    // Graphviz's parser and error hook are process-wide; the lock is held until g is closed.
    const std::lock_guard lock(graphviz_lock());
    const error_capture capture(messages);
    discard_lexer_leftovers();
    const gv_graph g{std::string(text)};
    discard_lexer_leftovers();
    if (!g.get()) return error{messages.empty() ? "no graph" : tidy(messages.text())};
    if (!agisdirected(g.get())) return error{"not a directed graph (ggml writes 'digraph')"};

    dot_digraph out; // reserved: a few hundred thousand edges grown by doubling would waste tens of MB
    out.nodes.reserve(static_cast<std::size_t>(agnnodes(g.get())));
    out.edges.reserve(static_cast<std::size_t>(agnedges(g.get())));
    for (Agnode_t* n = agfstnode(g.get()); n; n = agnxtnode(g.get(), n)) {
        out.nodes.push_back({agnameof(n), attribute(n, "label")});
        for (Agedge_t* e = agfstout(g.get(), n); e; e = agnxtout(g.get(), e))
            out.edges.push_back({agnameof(agtail(e)), agnameof(aghead(e)), attribute(e, "tailport"),
                                 attribute(e, "headport"), attribute(e, "label")});
    }
    return out;
}

} // namespace planscope
