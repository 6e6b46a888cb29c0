// Loading the JSON graph format v1: syntax, the top level, buffers and each tensor on its own.
// What relates tensors to each other is checked in graph_json_validate.cpp.
#include "io/graph_json.h"

#include "core/op_rules.h"
#include "io/json_detail.h"
#include "io/json_limits.h"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <unordered_map>

namespace planscope {
namespace {

using namespace json_detail;

// Buffers by name: the first index with it, and the second (SIZE_MAX when the name is unique).
using buffer_names = std::unordered_map<std::string, std::pair<std::size_t, std::size_t>>;

void read_buffers(graph_document& doc, const packed_list& buffers, const std::string& path) {
    for (std::size_t i = 0; i < buffers.size(); ++i) {
        const std::string bp = child(path, i);
        const json b = buffers[i];
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

buffer_names index_buffer_names(const graph_document& doc) {
    buffer_names names;
    for (std::size_t i = 0; i < doc.buffers.size(); ++i) {
        const auto [it, fresh] = names.try_emplace(doc.buffers[i].name, i, SIZE_MAX);
        if (!fresh && it->second.second == SIZE_MAX) it->second.second = i;
    }
    return names;
}

buffer_id read_buffer_ref(const graph_document& doc, const buffer_names& names, const json& v,
                          const std::string& path) {
    if (v.is_string()) {
        const auto& name = v.get_ref<const std::string&>();
        const auto it = names.find(name);
        if (it == names.end()) fail(path, "unknown buffer " + quote(name));
        const auto [first, second] = it->second;
        if (second != SIZE_MAX)
            fail(path, "buffer name " + quote(name) + " is ambiguous (buffers " + std::to_string(first) + " and " +
                           std::to_string(second) + "); refer to the buffer by its index");
        return buffer_id{first};
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

tensor read_tensor(const graph_document& doc, const buffer_names& names, const json& j, const std::string& path,
                   std::size_t index, std::size_t n_tensors) {
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
    if (!dt) fail(child(path, "type"), "unknown type " + quote(type));
    t.type = *dt;
    if (const json* v = find(j, "op")) {
        const std::string op = get_string(*v, child(path, "op"));
        const auto k = op_from_name(op);
        if (!k) fail(child(path, "op"), "unknown op " + quote(op));
        t.op = *k;
    }
    read_shape(t, j, path);

    const json* params = find(j, "params");
    const json* raw = find(j, "op_params");
    if (params && raw) fail(child(path, "op_params"), "op_params and params cannot both be given");
    t.params = params ? decode_params(t.op, *params, child(path, "params")) : default_params(t.op);
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
            if (!f) fail(child(fp, i), "unknown flag " + quote(name) + " (known: input, output, param)");
            t.flags = t.flags | *f;
        }
    }
    const json* buffer = find(j, "buffer");
    const json* offset = find(j, "offset");
    if (offset && !buffer) fail(child(path, "offset"), "offset without buffer");
    if (buffer) {
        if (!offset) fail(child(path, "offset"), "required key is missing (a tensor in a buffer needs an offset)");
        t.where =
            placement{read_buffer_ref(doc, names, *buffer, child(path, "buffer")), get_u64(*offset, child(path, "offset"))};
    }
    return t;
}

// ggml_nbytes of the tensors together stays far from overflow in any sum a summary or a planner
// makes over them.
void check_total_bytes(const context& ctx) {
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < ctx.size(); ++i) {
        std::size_t bytes = 0;
        checked_nbytes(ctx[tensor_id{i}], bytes); // checked when read: at most 2^63 - 1
        total += bytes;                           // at most 2^62 + 2^63 - 1: no wrap
        if (total > json_limits::max_total_bytes)
            fail(child("/tensors", i), "tensors 0 to " + std::to_string(i) + " hold " + std::to_string(total) +
                                           " bytes together, more than the limit of " +
                                           std::to_string(json_limits::max_total_bytes));
    }
}

graph_document load_document(parsed_json file) {
    const json& root = file.root;
    expect_object(root, "");
    check_keys(root, "",
               {"format", "version", "name", "buffers", "tensors", "nodes", "leafs", "compute_inputs", "parse_seq",
                "assignments"});
    const json& format = require(root, "", "format");
    if (!format.is_string() || format.get<std::string>() != format_tag)
        fail("/format", "expected \"" + std::string(format_tag) + "\", got " + describe(format));
    const json& version = require(root, "", "version");
    if (!version.is_number_integer() || version.get<std::int64_t>() != format_version)
        fail("/version", "unsupported version " + describe(version) + " (this build reads version " +
                             std::to_string(format_version) + ")");

    graph_document doc;
    if (const json* v = find(root, "name")) doc.name = get_string(*v, "/name");
    if (const json* v = find(root, "buffers")) {
        expect_array(*v, "/buffers");
        read_buffers(doc, file.list("buffers"), "/buffers");
    }
    const buffer_names names = index_buffer_names(doc);

    expect_array(require(root, "", "tensors"), "/tensors");
    if (const auto it = file.lists.find("tensors"); it != file.lists.end()) {
        const packed_list& tensors = it->second;
        for (std::size_t i = 0; i < tensors.size(); ++i)
            doc.ctx.add(read_tensor(doc, names, tensors[i], child("/tensors", i), i, tensors.size()));
        file.lists.erase(it); // the document holds them now
    }
    check_total_bytes(doc.ctx);
    validate_tensors(doc);
    read_graph_order(doc, file);
    return doc;
}

// Errors as values at the API boundary; `parse` gives the parsed_json.
template <class Parse>
result<graph_document> load(Parse parse) {
    try {
        return load_document(parse());
    } catch (const load_failure& f) {
        return error{f.message};
    } catch (const std::bad_alloc&) {
        return error{"out of memory while reading the graph"};
    } catch (const std::exception& e) { // nlohmann or the standard library; not expected
        return error{"internal error while reading the graph: " + printable(e.what())};
    }
}

// The whole file, or an error that names it. A file over the size limit is refused unread; one
// whose size is not known (a pipe, a device) is read up to the limit.
result<std::string> read_file(const std::filesystem::path& file) {
    const std::string shown_name = file.string();
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec)) return error{shown_name + ": is a directory"};
    std::ifstream in(file, std::ios::binary);
    if (!in) return error{shown_name + ": cannot open: " + std::strerror(errno)};
    std::string text;
    if (const auto size = std::filesystem::file_size(file, ec); !ec) {
        if (size > json_limits::max_file_bytes)
            return error{shown_name + ": file of " + std::to_string(size) + " bytes, more than the limit of " +
                         std::to_string(json_limits::max_file_bytes)};
        text.reserve(size);
    }
    char chunk[1 << 16];
    while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
        text.append(chunk, static_cast<std::size_t>(in.gcount()));
        if (text.size() > json_limits::max_file_bytes)
            return error{shown_name + ": file of more than " + std::to_string(json_limits::max_file_bytes) +
                         " bytes (the limit)"};
    }
    if (in.bad()) return error{shown_name + ": cannot read: " + std::strerror(errno)};
    return text;
}

} // namespace

result<graph_document> load_graph_json(std::string_view text) {
    return load([&] { return parse_json(text); });
}

result<graph_document> load_graph_json_file(const std::filesystem::path& file) {
    auto text = read_file(file);
    if (!text) return text.err();
    // The text is dropped once parsed, before the document is built.
    auto r = load([&] {
        parsed_json parsed = parse_json(*text);
        std::string().swap(*text);
        return parsed;
    });
    if (!r) return error{file.string() + ": " + r.err().message};
    return r;
}

} // namespace planscope
