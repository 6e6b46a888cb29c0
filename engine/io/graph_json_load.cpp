// Loading the JSON graph format v1: syntax, the top level, buffers and each tensor on its own.
// What relates tensors to each other is checked in graph_json_validate.cpp.
#include "io/graph_json.h"

#include "core/op_rules.h"
#include "io/json_detail.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <set>
#include <sstream>

namespace planscope {
namespace {

using namespace json_detail;

// nlohmann keeps the last of duplicate keys silently; this SAX pass over valid text reports the
// first duplicate with its JSON pointer instead. (A parser callback could do it in the same pass,
// but nlohmann's callback parser is quadratic in the length of an array of objects.)
class duplicate_key_finder : public nlohmann::json_sax<json> {
public:
    [[nodiscard]] const std::optional<std::string>& duplicate() const { return m_duplicate; }

    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t) override { return value(); }
    bool number_unsigned(number_unsigned_t) override { return value(); }
    bool number_float(number_float_t, const string_t&) override { return value(); }
    bool string(string_t&) override { return value(); }
    bool binary(binary_t&) override { return value(); }
    bool start_object(std::size_t) override { return open(false); }
    bool start_array(std::size_t) override { return open(true); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }
    bool key(string_t& k) override {
        frame& f = m_frames[m_depth - 1];
        f.key = k;
        if (!f.keys.insert(k).second) {
            std::string path;
            for (std::size_t i = 0; i + 1 < m_depth; ++i)
                path = m_frames[i].array ? child(path, m_frames[i].index) : child(path, m_frames[i].key);
            m_duplicate = child(path, k);
            return false; // stop at the first one
        }
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    struct frame {
        bool array = false;
        std::size_t index = 0;
        std::string key;
        std::set<std::string> keys;
    };
    bool value() {
        if (m_depth > 0 && m_frames[m_depth - 1].array) ++m_frames[m_depth - 1].index;
        return true;
    }
    bool open(bool array) {
        if (m_frames.size() == m_depth) m_frames.emplace_back();
        frame& f = m_frames[m_depth++]; // frames are reused to spare allocations
        f.array = array;
        f.index = 0;
        f.keys.clear();
        return true;
    }
    bool close() {
        --m_depth;
        return value();
    }
    std::vector<frame> m_frames;
    std::size_t m_depth = 0;
    std::optional<std::string> m_duplicate;
};

// "line 3, column 14: syntax error while parsing object - unexpected end of input; expected '}'"
std::string parse_error_text(std::string_view text, const json::parse_error& e) {
    const std::size_t end = std::min<std::size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    std::string what = e.what();
    // "[json.exception.parse_error.101] parse error at line 1, column 5: REASON"
    if (const auto p = what.find(": "); p != std::string::npos && what.find("parse error") < p)
        what = what.substr(p + 2);
    return "line " + std::to_string(line) + ", column " + std::to_string(column) + " (byte " + std::to_string(end) +
           "): " + what;
}

void read_buffers(graph_document& doc, const json& buffers, const std::string& path) {
    expect_array(buffers, path);
    for (std::size_t i = 0; i < buffers.size(); ++i) {
        const std::string bp = child(path, i);
        const json& b = buffers[i];
        expect_object(b, bp);
        check_keys(b, bp, {"name", "backend", "size", "alignment"});
        buffer_desc d;
        d.name = get_string(require(b, bp, "name"), child(bp, "name"));
        d.backend = get_string(require(b, bp, "backend"), child(bp, "backend"));
        if (d.backend.empty()) fail(child(bp, "backend"), "backend name is empty");
        if (const json* v = find(b, "size")) d.size = get_u64(*v, child(bp, "size"));
        if (const json* v = find(b, "alignment")) {
            d.alignment = get_u64(*v, child(bp, "alignment"));
            if (d.alignment == 0 || (d.alignment & (d.alignment - 1)) != 0)
                fail(child(bp, "alignment"), "alignment " + std::to_string(d.alignment) + " is not a power of two");
        }
        doc.buffers.push_back(std::move(d));
    }
}

tensor_id read_tensor_ref(const json& v, const std::string& path, std::size_t n_tensors) {
    if (!v.is_number_integer()) fail(path, "expected a tensor id, got " + describe(v));
    if (v.is_number_unsigned()
            ? v.get<std::uint64_t>() >= n_tensors
            : v.get<std::int64_t>() < 0 || static_cast<std::uint64_t>(v.get<std::int64_t>()) >= n_tensors)
        fail(path, "tensor id " + describe(v) + " does not exist");
    return tensor_id{static_cast<std::size_t>(v.get<std::uint64_t>())};
}

buffer_id read_buffer_ref(const graph_document& doc, const json& v, const std::string& path) {
    if (v.is_string()) {
        const auto name = v.get<std::string>();
        std::optional<std::size_t> found;
        for (std::size_t i = 0; i < doc.buffers.size(); ++i) {
            if (doc.buffers[i].name != name) continue;
            if (found)
                fail(path, "buffer name '" + name + "' is ambiguous (buffers " + std::to_string(*found) + " and " +
                               std::to_string(i) + "); refer to the buffer by its index");
            found = i;
        }
        if (!found) fail(path, "unknown buffer '" + name + "'");
        return buffer_id{*found};
    }
    if (!v.is_number_integer()) fail(path, "expected a buffer name or index, got " + describe(v));
    const auto i = get_int(v, path, 0, std::numeric_limits<std::int64_t>::max());
    if (static_cast<std::uint64_t>(i) >= doc.buffers.size())
        fail(path, "buffer " + std::to_string(i) + " does not exist (the file has " +
                       std::to_string(doc.buffers.size()) + " buffers)");
    return buffer_id{static_cast<std::size_t>(i)};
}

void read_shape(tensor& t, const json& j, const std::string& path) {
    const std::string np = child(path, "ne");
    const json& ne = require(j, path, "ne");
    expect_array(ne, np);
    if (ne.empty() || ne.size() > max_dims) fail(np, "expected 1 to 4 extents, got " + std::to_string(ne.size()));
    t.ne = {1, 1, 1, 1};
    for (std::size_t i = 0; i < ne.size(); ++i) {
        const json& e = ne[i];
        const bool positive =
            e.is_number_unsigned() ? e.get<std::uint64_t>() >= 1 : e.is_number_integer() && e.get<std::int64_t>() >= 1;
        if (!positive || (e.is_number_unsigned() && e.get<std::uint64_t>() > std::numeric_limits<std::int64_t>::max()))
            fail(child(np, i), "extent must be a positive 64-bit integer, got " + describe(e));
        t.ne[i] = e.get<std::int64_t>();
    }
    if (auto s = check_shape(t.type, t.ne); !s) fail(np, s.err().message);
    t.nb = contiguous_strides(t.type, t.ne);

    if (const json* nb = find(j, "nb")) {
        const std::string bp = child(path, "nb");
        expect_array(*nb, bp);
        if (nb->size() != max_dims) fail(bp, "expected 4 strides, got " + std::to_string(nb->size()));
        for (std::size_t i = 0; i < max_dims; ++i) t.nb[i] = get_u64((*nb)[i], child(bp, i));
    }
    std::size_t bytes = 0;
    if (!checked_nbytes(t, bytes))
        fail(child(path, "nb"), "strides " + strides_string(t.nb) + " overflow the byte count");
}

void read_sources(tensor& t, const json& j, const std::string& path, std::size_t n_tensors) {
    const op_info& oi = info(t.op);
    int n = 0;
    const json* src = find(j, "src");
    const std::string sp = child(path, "src");
    if (src) {
        expect_array(*src, sp);
        for (std::size_t i = 0; i < src->size(); ++i)
            if (!(*src)[i].is_null()) n = static_cast<int>(i) + 1;
    }
    if (n < oi.min_src || n > oi.max_src) {
        const std::string want = oi.min_src == oi.max_src
                                     ? std::to_string(oi.min_src)
                                     : std::to_string(oi.min_src) + " to " + std::to_string(oi.max_src);
        fail(sp, std::string(oi.name) + " takes " + want + (oi.max_src == 1 ? " source" : " sources") + ", got " +
                     std::to_string(n));
    }
    for (int i = 0; i < n; ++i) {
        const json& s = (*src)[static_cast<std::size_t>(i)];
        const std::string ip = child(sp, static_cast<std::size_t>(i));
        if (s.is_null()) {
            if (i < oi.min_src) fail(ip, std::string(oi.name) + " requires src" + std::to_string(i));
            continue;
        }
        t.src[i] = read_tensor_ref(s, ip, n_tensors);
    }
}

tensor read_tensor(const graph_document& doc, const json& j, const std::string& path, std::size_t index,
                   std::size_t n_tensors) {
    expect_object(j, path);
    check_keys(j, path,
               {"id", "name", "type", "ne", "nb", "op", "params", "op_params", "src", "view_src", "view_offs", "flags",
                "buffer", "offset"});
    tensor t;
    const json& id = require(j, path, "id");
    if (!id.is_number_integer() || id.get<std::int64_t>() < 0 || id.get<std::uint64_t>() != index)
        fail(child(path, "id"), "id " + describe(id) + " does not match the tensor's position " +
                                    std::to_string(index) + " in 'tensors' (a tensor's id is its index)");
    if (const json* v = find(j, "name")) {
        t.name = get_string(*v, child(path, "name"));
        if (t.name.size() > max_name)
            fail(child(path, "name"), "name is " + std::to_string(t.name.size()) + " bytes long, ggml keeps at most " +
                                          std::to_string(max_name));
    }
    const std::string type = get_string(require(j, path, "type"), child(path, "type"));
    const auto dt = dtype_from_name(type);
    if (!dt) fail(child(path, "type"), "unknown type '" + type + "'");
    t.type = *dt;
    if (const json* v = find(j, "op")) {
        const std::string op = get_string(*v, child(path, "op"));
        const auto k = op_from_name(op);
        if (!k) fail(child(path, "op"), "unknown op '" + op + "'");
        t.op = *k;
    }
    read_shape(t, j, path);

    const json* params = find(j, "params");
    const json* raw = find(j, "op_params");
    if (params && raw) fail(child(path, "op_params"), "op_params and params cannot both be given");
    if (params) t.params = decode_params(t.op, *params, child(path, "params"));
    if (raw) {
        const std::string rp = child(path, "op_params");
        expect_array(*raw, rp);
        if (raw->size() != max_op_params) fail(rp, "expected 16 words, got " + std::to_string(raw->size()));
        for (std::size_t i = 0; i < max_op_params; ++i)
            t.params.words[i] =
                static_cast<std::int32_t>(get_int((*raw)[i], child(rp, i), std::numeric_limits<std::int32_t>::min(),
                                                  std::numeric_limits<std::int32_t>::max()));
    }
    read_sources(t, j, path, n_tensors);

    if (const json* v = find(j, "view_src")) t.view_src = read_tensor_ref(*v, child(path, "view_src"), n_tensors);
    if (const json* v = find(j, "view_offs")) {
        if (!t.view_src.valid()) fail(child(path, "view_offs"), "view_offs without view_src");
        t.view_offs = get_u64(*v, child(path, "view_offs"));
    }
    if (const json* v = find(j, "flags")) {
        const std::string fp = child(path, "flags");
        expect_array(*v, fp);
        for (std::size_t i = 0; i < v->size(); ++i) {
            const std::string name = get_string((*v)[i], child(fp, i));
            std::optional<tensor_flag> f;
            for (tensor_flag k : all_flags)
                if (flag_name(k) == name) f = k;
            if (!f) fail(child(fp, i), "unknown flag '" + name + "' (known: input, output, param)");
            t.flags = t.flags | *f;
        }
    }
    const json* buffer = find(j, "buffer");
    const json* offset = find(j, "offset");
    if (offset && !buffer) fail(child(path, "offset"), "offset without buffer");
    if (buffer) {
        if (!offset) fail(child(path, "offset"), "required key is missing (a tensor in a buffer needs an offset)");
        t.where =
            placement{read_buffer_ref(doc, *buffer, child(path, "buffer")), get_u64(*offset, child(path, "offset"))};
    }
    return t;
}

graph_document load_document(std::string_view text) {
    json root;
    try {
        root = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        throw load_failure{parse_error_text(text, e)};
    }
    duplicate_key_finder dup;
    json::sax_parse(text.begin(), text.end(), &dup);
    if (dup.duplicate()) fail(*dup.duplicate(), "duplicate key");

    expect_object(root, "");
    check_keys(root, "",
               {"format", "version", "name", "buffers", "tensors", "nodes", "leafs", "parse_seq", "assignments"});
    const json& format = require(root, "", "format");
    if (!format.is_string() || format.get<std::string>() != format_tag)
        fail("/format", "expected \"" + std::string(format_tag) + "\", got " + describe(format));
    const json& version = require(root, "", "version");
    if (!version.is_number_integer() || version.get<std::int64_t>() != format_version)
        fail("/version", "unsupported version " + describe(version) + " (this build reads version " +
                             std::to_string(format_version) + ")");

    graph_document doc;
    if (const json* v = find(root, "name")) doc.name = get_string(*v, "/name");
    if (const json* v = find(root, "buffers")) read_buffers(doc, *v, "/buffers");

    const json& tensors = require(root, "", "tensors");
    expect_array(tensors, "/tensors");
    for (std::size_t i = 0; i < tensors.size(); ++i)
        doc.ctx.add(read_tensor(doc, tensors[i], child("/tensors", i), i, tensors.size()));
    validate_tensors(doc);
    read_graph_order(doc, root);
    return doc;
}

} // namespace

result<graph_document> load_graph_json(std::string_view text) {
    try {
        return load_document(text);
    } catch (const load_failure& f) {
        return error{f.message};
    } catch (const std::exception& e) { // nlohmann or the standard library; not expected
        return error{std::string("internal error while reading the graph: ") + e.what()};
    }
}

result<graph_document> load_graph_json_file(const std::filesystem::path& file) {
    const std::string shown_name = file.string();
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec)) return error{shown_name + ": is a directory"};
    std::ifstream in(file, std::ios::binary);
    if (!in) return error{shown_name + ": cannot open: " + std::strerror(errno)};
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return error{shown_name + ": cannot read: " + std::strerror(errno)};
    auto r = load_graph_json(text.str());
    if (!r) return error{shown_name + ": " + r.err().message};
    return r;
}

} // namespace planscope
