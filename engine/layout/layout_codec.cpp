#include "layout_codec.h"

#include <charconv>
#include <cstdio>

namespace planscope {
namespace {

void put(std::string& out, double v) {
    char buf[32];
    const auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, ec == std::errc{} ? p : buf);
    out += ' ';
}

void put(std::string& out, std::size_t v) {
    out += std::to_string(v);
    out += ' ';
}

void put(std::string& out, std::string_view s) {
    put(out, s.size());
    out += s;
    out += ' ';
}

void put(std::string& out, layout_point p) {
    put(out, p.x);
    put(out, p.y);
}

class reader {
public:
    explicit reader(std::string_view s) : m_s(s) {}
    bool ok() const { return m_ok; }
    bool at_end() {
        skip();
        return m_at >= m_s.size();
    }

    template <class T>
    T number() {
        skip();
        T v{};
        const auto [p, ec] = std::from_chars(m_s.data() + m_at, m_s.data() + m_s.size(), v);
        if (ec != std::errc{}) m_ok = false;
        m_at = static_cast<std::size_t>(p - m_s.data());
        return v;
    }
    layout_point point() {
        const double x = number<double>();
        return {x, number<double>()};
    }
    std::string text() {
        const auto n = number<std::size_t>();
        if (!m_ok || m_at + 1 + n > m_s.size() || m_s[m_at] != ' ') {
            m_ok = false;
            return {};
        }
        std::string out(m_s.substr(m_at + 1, n));
        m_at += 1 + n;
        return out;
    }
    char tag() {
        skip();
        if (m_at >= m_s.size()) {
            m_ok = false;
            return 0;
        }
        return m_s[m_at++];
    }

private:
    void skip() {
        while (m_at < m_s.size() && (m_s[m_at] == ' ' || m_s[m_at] == '\n')) ++m_at;
    }
    std::string_view m_s;
    std::size_t m_at = 0;
    bool m_ok = true;
};

std::size_t id_value(tensor_id id) { return id.valid() ? id.index() + 1 : 0; }
tensor_id id_from(std::size_t v) { return v == 0 ? tensor_id{} : tensor_id{v - 1}; }

} // namespace

std::string encode_layout(const graph_layout& l) {
    std::string out = "L ";
    put(out, l.width);
    put(out, l.height);
    out += '\n';
    for (const layout_node& n : l.nodes) {
        out += "N ";
        put(out, n.name);
        put(out, id_value(n.id));
        put(out, n.center);
        put(out, n.width);
        put(out, n.height);
        out += '\n';
    }
    for (const layout_edge& e : l.edges) {
        out += "E ";
        put(out, e.tail);
        put(out, e.head);
        put(out, id_value(e.from));
        put(out, id_value(e.to));
        put(out, static_cast<std::size_t>(e.src_slot));
        put(out, e.bezier.size());
        for (layout_point p : e.bezier) put(out, p);
        put(out, static_cast<std::size_t>(e.arrow_tip.has_value()));
        if (e.arrow_tip) put(out, *e.arrow_tip);
        put(out, static_cast<std::size_t>(e.label_pos.has_value()));
        if (e.label_pos) put(out, *e.label_pos);
        out += '\n';
    }
    for (const layout_cluster& c : l.clusters) {
        out += "C ";
        put(out, static_cast<std::size_t>(c.index < 0 ? 0 : c.index));
        put(out, c.label);
        put(out, c.top_left);
        put(out, c.width);
        put(out, c.height);
        out += '\n';
    }
    return out;
}

result<graph_layout> decode_layout(std::string_view text) {
    reader r(text);
    graph_layout l;
    if (r.tag() != 'L') return error{"layout: no header"};
    l.width = r.number<double>();
    l.height = r.number<double>();
    while (r.ok() && !r.at_end()) {
        switch (r.tag()) {
        case 'N': {
            layout_node n;
            n.name = r.text();
            n.id = id_from(r.number<std::size_t>());
            n.center = r.point();
            n.width = r.number<double>();
            n.height = r.number<double>();
            l.nodes.push_back(std::move(n));
            break;
        }
        case 'E': {
            layout_edge e;
            e.tail = r.text();
            e.head = r.text();
            e.from = id_from(r.number<std::size_t>());
            e.to = id_from(r.number<std::size_t>());
            e.src_slot = static_cast<int>(r.number<std::size_t>());
            const auto points = r.number<std::size_t>();
            if (!r.ok() || points > text.size()) return error{"layout: bad edge"};
            for (std::size_t i = 0; i < points && r.ok(); ++i) e.bezier.push_back(r.point());
            if (r.number<std::size_t>() != 0) e.arrow_tip = r.point();
            if (r.number<std::size_t>() != 0) e.label_pos = r.point();
            l.edges.push_back(std::move(e));
            break;
        }
        case 'C': {
            layout_cluster c;
            c.index = static_cast<int>(r.number<std::size_t>());
            c.label = r.text();
            c.top_left = r.point();
            c.width = r.number<double>();
            c.height = r.number<double>();
            l.clusters.push_back(std::move(c));
            break;
        }
        default: return error{"layout: unknown record"};
        }
    }
    if (!r.ok()) return error{"layout: malformed record"};
    return l;
}

std::string frame_message(std::string_view tag, std::string_view body) {
    std::string out(tag);
    if (!out.empty()) out += ' ';
    out += std::to_string(body.size());
    out += '\n';
    out += body;
    return out;
}

result<std::optional<framed>> read_frame(std::string_view buffer, std::size_t max_body) {
    const std::size_t eol = buffer.find('\n');
    if (eol == std::string_view::npos) {
        if (buffer.size() > 64) return error{"layout: framing line too long"};
        return std::optional<framed>{};
    }
    const std::string_view head = buffer.substr(0, eol);
    const std::size_t space = head.rfind(' ');
    framed f;
    const std::string_view count = space == std::string_view::npos ? head : head.substr(space + 1);
    if (space != std::string_view::npos) f.tag = std::string(head.substr(0, space));
    std::size_t n = 0;
    const auto [p, ec] = std::from_chars(count.data(), count.data() + count.size(), n);
    if (ec != std::errc{} || p != count.data() + count.size() || n > max_body) return error{"layout: bad framing"};
    if (buffer.size() - eol - 1 < n) return std::optional<framed>{};
    f.body = std::string(buffer.substr(eol + 1, n));
    f.consumed = eol + 1 + n;
    return std::optional<framed>{std::move(f)};
}

} // namespace planscope
