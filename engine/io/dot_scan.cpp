#include "dot_scan.h"

#include "core/printable.h"

#include <algorithm>
#include <string>
#include <unordered_set>

namespace planscope {
namespace {

std::string at_line(std::size_t line) { return "line " + std::to_string(line) + ": "; }

bool is_letter(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80; }
bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

// A token longer than cgraph's read buffer is rescanned from its start on each refill; no token
// spans a line once quoted strings may not, so capping lines caps tokens.
status check_lines(std::string_view text) {
    std::size_t line = 1;
    for (std::size_t start = 0; start <= text.size(); ++line) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        if (end - start > max_dot_line)
            return error{"line " + std::to_string(line) + " is " + std::to_string(end - start) +
                         " bytes; the limit is " + std::to_string(max_dot_line)};
        start = end + 1;
    }
    return success();
}

// Follows the states of cgraph's lexer (lib/cgraph/scan.l of Graphviz 2.42: comments, quoted
// strings with \" \\ and backslash-newline escaped, nested <html> strings) and, outside them,
// counts what cgraph will make of the tokens: a node for each distinct id that is not an
// attribute name or value, a port or a graph's name (distinct spellings: "a" and a count twice,
// which only errs high); an edge for each -> or -- (one each, as there are no subgraphs or
// node lists).
class scanner {
public:
    explicit scanner(std::string_view text) : m_text(text) {}

    status run() {
        while (m_i < m_text.size()) {
            const auto c = static_cast<unsigned char>(m_text[m_i]);
            status s = success();
            if (c == '\n') ++m_line, ++m_i;
            else if (c == ' ' || c == '\t' || c == '\r') ++m_i;
            else if (c == '#' || starts_with("//")) m_i = std::min(m_text.find('\n', m_i), m_text.size());
            else if (starts_with("/*")) {
                const std::size_t end = m_text.find("*/", m_i + 2);
                if (end == std::string_view::npos) return success(); // cgraph reports it
                m_line += static_cast<std::size_t>(std::count(m_text.begin() + m_i, m_text.begin() + end, '\n'));
                m_i = end + 2;
            } else if (++m_tokens > max_dot_tokens) {
                return error{at_line(m_line) + "more than " + std::to_string(max_dot_tokens) +
                             " tokens; the limit is " + std::to_string(max_dot_tokens)};
            } else if (c == '"') s = quoted();
            else if (c == '<') s = html();
            else if (starts_with("->") || starts_with("--")) s = edge_op();
            else if (is_letter(c)) s = name();
            else if (number_length() > 0) s = number();
            else s = punctuation(c);
            if (!s) return s;
            if (m_i > m_text.size()) return success(); // an unterminated string: cgraph reports it
        }
        return end_of_id();
    }

private:
    bool starts_with(std::string_view s) const { return m_text.substr(m_i).starts_with(s); }

    std::string_view take(std::size_t n) {
        const std::string_view t = m_text.substr(m_i, n);
        m_i += n;
        return t;
    }

    // -?(D+(.D*)?|.D+): what cgraph's NUMBER keeps (a letter or second '.' after it starts the next token).
    std::size_t number_length() const {
        std::size_t j = m_i;
        if (j < m_text.size() && m_text[j] == '-') ++j;
        const std::size_t digits = j;
        while (j < m_text.size() && is_digit(static_cast<unsigned char>(m_text[j]))) ++j;
        const bool leading = j > digits;
        if (j < m_text.size() && m_text[j] == '.') {
            std::size_t k = j + 1;
            while (k < m_text.size() && is_digit(static_cast<unsigned char>(m_text[k]))) ++k;
            if (leading || k > j + 1) j = k;
        }
        return j > digits ? j - m_i : 0;
    }

    // cgraph splits "1a" or "1.2." in two and warns, once per number: refused, as ggml writes
    // no bare numbers and a flood of warnings takes seconds.
    status number() {
        const std::size_t n = number_length();
        const auto next = m_i + n < m_text.size() ? static_cast<unsigned char>(m_text[m_i + n]) : ' ';
        if (is_letter(next) || next == '.')
            return error{at_line(m_line) + "the number '" + printable(m_text.substr(m_i, n + 1)) +
                         "' runs into what follows (ggml's dumps have no bare numbers)"};
        return id(take(n));
    }

    status name() {
        std::size_t j = m_i;
        while (j < m_text.size() && (is_letter(static_cast<unsigned char>(m_text[j])) ||
                                     is_digit(static_cast<unsigned char>(m_text[j]))))
            ++j;
        const std::string_view word = take(j - m_i);
        if (word == "node" || word == "edge" || word == "strict") return keyword(false);
        if (word == "graph" || word == "digraph" || word == "subgraph") return keyword(true);
        return id(word);
    }

    status quoted() {
        const std::size_t start = m_i, line = m_line;
        std::size_t j = m_i + 1;
        for (; j < m_text.size() && m_text[j] != '"'; ++j) {
            if (m_text[j] == '\n')
                return error{at_line(m_line) + "a quoted string runs past the end of the line (ggml's dumps have none)"};
            if (m_text[j] == '\\' && j + 1 < m_text.size() &&
                (m_text[j + 1] == '"' || m_text[j + 1] == '\\' || m_text[j + 1] == '\n'))
                m_line += m_text[++j] == '\n';
        }
        m_i = j + 1;
        if (auto s = check_string(start, line, "quoted"); !s) return s;
        return id(m_text.substr(start, std::min(m_i, m_text.size()) - start));
    }

    status html() {
        const std::size_t start = m_i, line = m_line;
        std::size_t j = m_i + 1;
        for (int nest = 1; j < m_text.size() && nest > 0; ++j) {
            if (m_text[j] == '<') ++nest;
            else if (m_text[j] == '>') --nest;
            else if (m_text[j] == '\n') ++m_line;
        }
        m_i = j;
        if (auto s = check_string(start, line, "<html>"); !s) return s;
        return id(m_text.substr(start, m_i - start));
    }

    // Escaped newlines and html strings may join lines into one string: capped as a line is.
    status check_string(std::size_t start, std::size_t line, const char* what) const {
        const std::size_t bytes = std::min(m_i, m_text.size()) - start;
        if (bytes <= max_dot_line) return success();
        return error{at_line(line) + "a " + what + " string of " + std::to_string(bytes) +
                     " bytes; the limit is " + std::to_string(max_dot_line)};
    }

    status edge_op() {
        if (auto s = end_of_id(); !s) return s;
        m_i += 2;
        if (++m_edges > max_dot_edges)
            return error{at_line(m_line) + "more than " + std::to_string(max_dot_edges) +
                         " edges; the limit is " + std::to_string(max_dot_edges)};
        m_after = after::other;
        return success();
    }

    status keyword(bool names_a_graph) {
        if (auto s = end_of_id(); !s) return s;
        m_after = names_a_graph ? after::graph_keyword : after::other;
        return success();
    }

    status punctuation(unsigned char c) {
        ++m_i;
        if (c == '=') {
            if (m_pending.empty()) return set_after(after::equals);
            const std::string_view attribute = m_pending;
            m_pending = {};
            m_attributes.insert(attribute);
            if (m_attributes.size() > max_dot_attributes)
                return error{at_line(m_pending_line) + "attribute '" + printable(attribute) + "' is name number " +
                             std::to_string(m_attributes.size()) + "; the limit is " +
                             std::to_string(max_dot_attributes) + " different names"};
            return set_after(after::equals);
        }
        if (auto s = end_of_id(); !s) return s;
        if (c == '{' && ++m_braces > 1)
            return error{at_line(m_line) + "a second '{': subgraphs are not in ggml's dumps"};
        // "a, b -> c, d" is an edge from each to each; "a" + "b" copies the string so far: both
        // are quadratic and in no ggml dump.
        if (c == ',' && !m_in_brackets)
            return error{at_line(m_line) + "a ',' between node names: node lists are not in ggml's dumps"};
        if (c == '+') return error{at_line(m_line) + "'+' joining strings is not in ggml's dumps"};
        if (c == '[') m_in_brackets = true;
        if (c == ']') m_in_brackets = false;
        return set_after(c == ':' ? after::colon : after::other);
    }

    // An id is a value after '=', a port after ':' and a name after graph keywords; any other is
    // a node unless '=' follows it (an attribute name), so it waits for the next token.
    status id(std::string_view text) {
        if (auto s = end_of_id(); !s) return s;
        if (m_after == after::other) m_pending = text, m_pending_line = m_line;
        return set_after(after::other);
    }

    status end_of_id() {
        if (m_pending.empty()) return success();
        const std::string_view node = m_pending;
        m_pending = {};
        if (m_in_brackets) return success(); // "[a]" is a syntax error, no node
        m_nodes.insert(node);
        if (m_nodes.size() > max_dot_nodes)
            return error{at_line(m_pending_line) + "more than " + std::to_string(max_dot_nodes) +
                         " nodes; the limit is " + std::to_string(max_dot_nodes)};
        return success();
    }

    enum class after { other, equals, colon, graph_keyword }; // what the last token was
    status set_after(after a) {
        m_after = a;
        return success();
    }

    std::string_view m_text;
    std::size_t m_i = 0, m_line = 1;
    std::size_t m_tokens = 0, m_edges = 0, m_braces = 0;
    bool m_in_brackets = false;
    after m_after = after::other;
    std::string_view m_pending; // an id that is a node unless '=' follows
    std::size_t m_pending_line = 0;
    std::unordered_set<std::string_view> m_nodes, m_attributes;
};

} // namespace

status check_dot_text(std::string_view text) {
    if (text.size() > max_dot_bytes)
        return error{"the DOT text is " + std::to_string(text.size()) + " bytes; the limit is " +
                     std::to_string(max_dot_bytes)};
    if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos)
        return error{"a NUL byte at offset " + std::to_string(nul) + ": not DOT text"};
    if (auto s = check_lines(text); !s) return s;
    return scanner(text).run();
}

} // namespace planscope
