// Saving the JSON graph format v1: one line per buffer, tensor and assignment, written so that
// loading the text gives back the same document, tensor for tensor.
#include "io/graph_json.h"

#include "core/op_rules.h"
#include "io/atomic_write.h"
#include "io/json_detail.h"
#include "io/json_limits.h"

#include <algorithm>
#include <unordered_map>

namespace planscope {
namespace {

using namespace json_detail;

// Length of the well-formed UTF-8 sequence at s[i] (RFC 3629, as the JSON parser reads it), or 0.
std::size_t utf8_length(std::string_view s, std::size_t i) {
    const auto at = [&](std::size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0u; };
    const unsigned b = at(i);
    if (b < 0x80) return 1;
    const auto cont = [&](std::size_t k, unsigned lo = 0x80, unsigned hi = 0xbf) { return at(k) >= lo && at(k) <= hi; };
    if (b >= 0xc2 && b <= 0xdf) return cont(i + 1) ? 2 : 0;
    if (b >= 0xe0 && b <= 0xef) {
        const unsigned lo = b == 0xe0 ? 0xa0 : 0x80, hi = b == 0xed ? 0x9f : 0xbf;
        return cont(i + 1, lo, hi) && cont(i + 2) ? 3 : 0;
    }
    if (b >= 0xf0 && b <= 0xf4) {
        const unsigned lo = b == 0xf0 ? 0x90 : 0x80, hi = b == 0xf4 ? 0x8f : 0xbf;
        return cont(i + 1, lo, hi) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    }
    return 0;
}

// JSON text is UTF-8 and the loader has limits: a string that is not UTF-8 (a DOT dump cuts names
// inside a character, as ggml's strncpy does) is saved with U+FFFD for each bad byte and cut on a
// character boundary to `max_bytes`, so that the file loads again. Valid text is kept as it is.
std::string loadable(std::string_view s, std::size_t max_bytes) {
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t n = utf8_length(s, i);
        const std::string_view c = n ? s.substr(i, n) : std::string_view("\xef\xbf\xbd");
        if (out.size() + c.size() > max_bytes) break;
        out += c;
        i += n ? n : 1;
    }
    return out;
}

std::string loadable(std::string_view s) {
    return loadable(s, json_limits::max_string_bytes);
}

std::string scalar_text(const json& v) {
    if (v.is_number_unsigned()) return std::to_string(v.get<std::uint64_t>());
    if (v.is_number_integer()) return std::to_string(v.get<std::int64_t>());
    return v.dump(-1, ' ', false, json::error_handler_t::replace);
}

// One line: {"id": 0, "ne": [8, 4, 1, 1]}
void write_inline(std::string& out, const json& v) {
    if (v.is_object()) {
        out += '{';
        bool first = true;
        for (const auto& [key, value] : v.items()) {
            out += first ? "" : ", ";
            first = false;
            out += scalar_text(json(key)) + ": ";
            write_inline(out, value);
        }
        out += '}';
    } else if (v.is_array()) {
        out += '[';
        for (std::size_t i = 0; i < v.size(); ++i) {
            out += i ? ", " : "";
            write_inline(out, v[i]);
        }
        out += ']';
    } else {
        out += scalar_text(v);
    }
}

// The document object, written member by member so that no DOM of the whole graph is built: one
// member per line; the elements of a list of objects one per line.
class document_writer {
public:
    void member(std::string_view key) {
        m_out += m_first ? "{\n" : ",\n";
        m_first = false;
        m_out += "  " + scalar_text(json(key)) + ": ";
    }
    void value(const json& v) { write_inline(m_out, v); }
    // A list of `n` objects, `element(i)` giving each.
    template <class Element>
    void object_list(std::size_t n, Element element) {
        if (n == 0) {
            m_out += "[]";
            return;
        }
        m_out += "[\n";
        for (std::size_t i = 0; i < n; ++i) {
            m_out += "    ";
            write_inline(m_out, element(i));
            m_out += i + 1 < n ? ",\n" : "\n";
        }
        m_out += "  ]";
    }
    template <class Ints>
    void int_list(const Ints& ints) {
        m_out += '[';
        bool first = true;
        for (const auto v : ints) {
            m_out += first ? "" : ", ";
            first = false;
            m_out += std::to_string(v);
        }
        m_out += ']';
    }
    std::string finish() { return std::move(m_out) + "\n}\n"; }

private:
    std::string m_out;
    bool m_first = true;
};

bool params_round_trip(op_kind op, const json& named, const op_params& p) {
    try {
        return decode_params(op, named, "") == p;
    } catch (const load_failure&) {
        return false;
    }
}

// `buffer_refs`: how tensors refer to each buffer, by name or index.
json tensor_json(const graph_document& doc, std::size_t i, const std::vector<json>& buffer_refs) {
    const tensor& t = doc.ctx[tensor_id{i}];
    json j = json::object();
    j["id"] = i;
    j["name"] = loadable(t.name, max_name);
    j["type"] = std::string(type_name(t.type));
    j["ne"] = t.ne;
    if (!is_contiguous(t)) j["nb"] = t.nb;
    if (t.op != op_kind::none) j["op"] = std::string(info(t.op).name);
    const json named = encode_params(t.op, t.params);
    if (params_round_trip(t.op, named, t.params)) {
        // Parameters that all read back as their defaults go unwritten (2023's SCALE, a plain
        // soft_max), as files written before those ops had parameters.
        if (!named.empty() && t.params != default_params(t.op)) j["params"] = named;
    } else {
        j["op_params"] = t.params.words;
    }
    if (const int n = t.n_src(); n > 0) {
        json src = json::array();
        for (int s = 0; s < n; ++s) src.push_back(t.src[s].valid() ? json(t.src[s].value) : json(nullptr));
        j["src"] = src;
    }
    if (t.is_view()) {
        j["view_src"] = t.view_src.value;
        j["view_offs"] = t.view_offs;
    }
    if (t.flags != tensor_flag::none) {
        json flags = json::array();
        for (tensor_flag f : all_flags)
            if (has_flag(t.flags, f)) flags.push_back(std::string(flag_name(f)));
        j["flags"] = flags;
    }
    if (t.where) {
        const std::size_t b = t.where->buffer.index();
        j["buffer"] = b < buffer_refs.size() ? buffer_refs[b] : json(b);
        j["offset"] = t.where->offset;
    }
    return j;
}

} // namespace

std::string save_graph_json(const graph_document& doc) {
    document_writer w;
    w.member("format");
    w.value(std::string(format_tag));
    w.member("version");
    w.value(format_version);
    w.member("name");
    w.value(loadable(doc.name));

    // A buffer is referred to by name when the name (as saved) picks it alone, else by index.
    std::vector<std::string> buffer_names;
    std::unordered_map<std::string_view, std::size_t> name_count;
    for (const buffer_desc& b : doc.buffers) buffer_names.push_back(loadable(b.name));
    for (const std::string& name : buffer_names) ++name_count[name];
    std::vector<json> buffer_refs;
    for (std::size_t i = 0; i < doc.buffers.size(); ++i)
        buffer_refs.push_back(!buffer_names[i].empty() && name_count[buffer_names[i]] == 1 ? json(buffer_names[i])
                                                                                          : json(i));
    w.member("buffers");
    w.object_list(doc.buffers.size(), [&](std::size_t i) {
        const buffer_desc& b = doc.buffers[i];
        return json{
            {"name", buffer_names[i]}, {"backend", loadable(b.backend)}, {"size", b.size}, {"alignment", b.alignment}};
    });
    w.member("tensors");
    w.object_list(doc.ctx.size(), [&](std::size_t i) { return tensor_json(doc, i, buffer_refs); });

    std::vector<std::size_t> ids;
    w.member("nodes");
    for (tensor_id id : doc.g.nodes) ids.push_back(id.value);
    w.int_list(ids);
    w.member("leafs");
    ids.clear();
    for (tensor_id id : doc.g.leafs) ids.push_back(id.value);
    w.int_list(ids);
    if (!doc.compute_inputs.empty()) {
        ids.clear();
        for (tensor_id id : doc.compute_inputs) ids.push_back(id.value);
        w.member("compute_inputs");
        w.int_list(ids);
    }
    if (!doc.parse_seq.empty()) {
        w.member("parse_seq");
        w.int_list(doc.parse_seq);
    }
    if (!doc.backend_of.empty()) {
        std::vector<std::pair<tensor_id, std::string>> sorted(doc.backend_of.begin(), doc.backend_of.end());
        std::sort(sorted.begin(), sorted.end());
        w.member("assignments");
        w.object_list(sorted.size(), [&](std::size_t i) {
            return json{{"node", sorted[i].first.value}, {"backend", loadable(sorted[i].second)}};
        });
    }
    return w.finish();
}
status save_graph_json_file(const graph_document& doc, const std::filesystem::path& file) {
    return write_file_atomic(file, save_graph_json(doc));
}

} // namespace planscope
