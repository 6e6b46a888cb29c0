#include "capture_reader.h"

#include "bounded_read.h"
#include "core/printable.h"

#include <nlohmann/json.hpp>

namespace planscope::capture {
namespace {

using json = nlohmann::json;

// Thrown inside one line's reading, caught by parse_capture and given the line number.
struct bad_record {
    std::string message;
};

[[noreturn]] void fail(const std::string& what, const std::string& reason) { throw bad_record{what + ": " + reason}; }

std::string quoted(std::string_view key) { return "'" + std::string(key) + "'"; }

const json& need(const json& obj, std::string_view what, std::string_view key) {
    const auto it = obj.find(key);
    if (it == obj.end()) fail(std::string(what), "no " + quoted(key));
    return *it;
}

const json* maybe(const json& obj, std::string_view key) {
    const auto it = obj.find(key);
    return it == obj.end() || it->is_null() ? nullptr : &*it;
}

std::int64_t integer(const json& v, const std::string& what, std::int64_t min, std::int64_t max) {
    std::int64_t x = 0;
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        if (u > static_cast<std::uint64_t>(max))
            fail(what, std::to_string(u) + " is outside [" + std::to_string(min) + ", " + std::to_string(max) + "]");
        x = static_cast<std::int64_t>(u);
    } else if (v.is_number_integer()) {
        x = v.get<std::int64_t>();
    } else {
        fail(what, "not an integer");
    }
    if (x < min || x > max) fail(what, std::to_string(x) + " is outside [" + std::to_string(min) + ", " + std::to_string(max) + "]");
    return x;
}

std::uint64_t unsigned_integer(const json& v, const std::string& what) {
    if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0)) fail(what, "not an unsigned integer");
    return v.get<std::uint64_t>();
}

std::string text(const json& v, const std::string& what) {
    if (!v.is_string()) fail(what, "not a string");
    return v.get<std::string>();
}

bool boolean(const json& v, const std::string& what) {
    if (!v.is_boolean()) fail(what, "not true or false");
    return v.get<bool>();
}

const json& array(const json& v, const std::string& what) {
    if (!v.is_array()) fail(what, "not an array");
    return v;
}

const json& object(const json& v, const std::string& what) {
    if (!v.is_object()) fail(what, "not an object");
    return v;
}

std::string at(std::string_view list, std::size_t i) { return std::string(list) + "[" + std::to_string(i) + "]"; }

// An index into a list of `n`, or -1 where `allow_none`.
std::int64_t index(const json& v, const std::string& what, std::size_t n, bool allow_none) {
    const std::int64_t i = integer(v, what, allow_none ? -1 : 0, INT64_MAX);
    if (i >= static_cast<std::int64_t>(n)) fail(what, "index " + std::to_string(i) + " is out of its list of " + std::to_string(n));
    return i;
}

header read_header(const json& r, std::size_t line) {
    header h;
    h.line = line;
    const std::string format = text(need(r, "header", "format"), "header: format");
    if (format != format_tag) fail("header", "format '" + printable(format) + "' is not " + std::string(format_tag));
    const auto version = integer(need(r, "header", "version"), "header: version", 0, INT64_MAX);
    if (version != format_version)
        fail("header", "version " + std::to_string(version) + " (this Planscope reads version " + std::to_string(format_version) + ")");
    if (const json* v = maybe(r, "pid")) h.pid = integer(*v, "header: pid", INT64_MIN, INT64_MAX);
    if (const json* v = maybe(r, "command")) h.command = text(*v, "header: command");
    if (const json* v = maybe(r, "started")) h.started = text(*v, "header: started");
    if (const json* v = maybe(r, "max_graphs")) h.max_graphs = unsigned_integer(*v, "header: max_graphs");
    const json& g = object(need(r, "header", "ggml"), "header: ggml");
    h.ggml.max_dims = static_cast<int>(integer(need(g, "header: ggml", "max_dims"), "header: ggml.max_dims", 1, 64));
    h.ggml.max_src = static_cast<int>(integer(need(g, "header: ggml", "max_src"), "header: ggml.max_src", 1, 64));
    h.ggml.max_name = static_cast<int>(integer(need(g, "header: ggml", "max_name"), "header: ggml.max_name", 1, 4096));
    h.ggml.max_op_params = static_cast<int>(integer(need(g, "header: ggml", "max_op_params"), "header: ggml.max_op_params", 0, 4096));
    if (const json* v = maybe(g, "tensor_size")) h.ggml.tensor_size = unsigned_integer(*v, "header: ggml.tensor_size");
    // The tensor fields below have ggml 2026's sizes; another layout is a ggml Planscope does not read.
    if (h.ggml.max_dims != ggml_max_dims || h.ggml.max_src > ggml_max_src || h.ggml.max_op_params > 4 * ggml_max_op_params)
        fail("header", "ggml layout max_dims " + std::to_string(h.ggml.max_dims) + ", max_src " + std::to_string(h.ggml.max_src) +
                           ", max_op_params " + std::to_string(h.ggml.max_op_params) + " (Planscope reads 4, at most 10, at most 64)");
    return h;
}

backend read_backend(const json& v, const std::string& what) {
    object(v, what);
    backend b;
    b.name = text(need(v, what, "name"), what + ": name");
    if (const json* d = maybe(v, "device")) b.device = text(*d, what + ": device");
    if (const json* t = maybe(v, "buffer_type")) b.buffer_type = text(*t, what + ": buffer_type");
    if (const json* s = maybe(v, "buffer_size")) b.buffer_size = unsigned_integer(*s, what + ": buffer_size");
    if (const json* h = maybe(v, "host")) b.host = boolean(*h, what + ": host");
    if (b.buffer_type.empty()) b.buffer_type = b.name;
    return b;
}

buffer read_buffer(const json& v, const std::string& what) {
    object(v, what);
    buffer b;
    b.name = text(need(v, what, "name"), what + ": name");
    b.size = unsigned_integer(need(v, what, "size"), what + ": size");
    if (const json* u = maybe(v, "usage")) {
        const std::string usage = text(*u, what + ": usage");
        if (usage == "weights") b.usage = buffer_usage::weights;
        else if (usage == "compute") b.usage = buffer_usage::compute;
        else if (usage == "any") b.usage = buffer_usage::any;
        else fail(what, "usage '" + printable(usage) + "' is none of weights, compute, any");
    }
    if (const json* h = maybe(v, "host")) b.host = boolean(*h, what + ": host");
    return b;
}

void read_dims(const json& v, const std::string& what, std::array<std::int64_t, ggml_max_dims>& out) {
    array(v, what);
    if (v.size() != ggml_max_dims) fail(what, std::to_string(v.size()) + " numbers, not " + std::to_string(ggml_max_dims));
    for (std::size_t d = 0; d < v.size(); ++d) out[d] = integer(v[d], at(what, d), 0, max_dimension - 1);
}

tensor read_tensor(const json& v, const std::string& what, std::size_t n_tensors, const graph& g, const header& h) {
    object(v, what);
    tensor t;
    if (const json* n = maybe(v, "name")) t.name = text(*n, what + ": name");
    t.op = text(need(v, what, "op"), what + ": op");
    t.type = text(need(v, what, "type"), what + ": type");
    read_dims(need(v, what, "ne"), what + ": ne", t.ne);
    read_dims(need(v, what, "nb"), what + ": nb", t.nb);
    if (const json* p = maybe(v, "op_params")) {
        array(*p, what + ": op_params");
        if (p->size() * 4 > static_cast<std::size_t>(h.ggml.max_op_params))
            fail(what + ": op_params", std::to_string(p->size()) + " words, more than max_op_params " + std::to_string(h.ggml.max_op_params) + " bytes hold");
        for (std::size_t i = 0; i < p->size(); ++i)
            t.op_params.push_back(static_cast<std::int32_t>(integer((*p)[i], at(what + ": op_params", i), INT32_MIN, UINT32_MAX)));
    }
    if (const json* f = maybe(v, "flags")) t.flags = static_cast<std::uint32_t>(integer(*f, what + ": flags", 0, UINT32_MAX));
    if (const json* s = maybe(v, "src")) {
        array(*s, what + ": src");
        if (s->size() > static_cast<std::size_t>(h.ggml.max_src))
            fail(what + ": src", std::to_string(s->size()) + " entries, more than max_src " + std::to_string(h.ggml.max_src));
        for (std::size_t i = 0; i < s->size(); ++i) t.src.push_back(index((*s)[i], at(what + ": src", i), n_tensors, true));
    }
    if (const json* vs = maybe(v, "view_src")) {
        t.view_src = index(*vs, what + ": view_src", n_tensors, false);
        if (const json* o = maybe(v, "view_offs")) t.view_offs = unsigned_integer(*o, what + ": view_offs");
    }
    if (const json* b = maybe(v, "buffer")) {
        t.buffer = index(*b, what + ": buffer", g.buffers.size(), false);
        if (const json* o = maybe(v, "offset")) t.offset = unsigned_integer(*o, what + ": offset");
    }
    if (const json* b = maybe(v, "backend")) t.backend = index(*b, what + ": backend", g.backends.size(), true);
    return t;
}

void read_order(const json& r, std::string_view key, std::size_t n_tensors, std::vector<std::size_t>& out) {
    const std::string what = "graph: " + std::string(key);
    const json& list = array(need(r, "graph", key), what);
    if (list.size() > max_tensors) fail(what, std::to_string(list.size()) + " entries, more than " + std::to_string(max_tensors));
    out.reserve(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) out.push_back(static_cast<std::size_t>(index(list[i], at(what, i), n_tensors, false)));
}

graph read_graph(const json& r, std::size_t line, const header& h) {
    graph g;
    g.line = line;
    g.seq = unsigned_integer(need(r, "graph", "seq"), "graph: seq");
    g.event = text(need(r, "graph", "event"), "graph: event");
    if (const json* v = maybe(r, "sched")) g.sched = unsigned_integer(*v, "graph: sched");
    if (const json* v = maybe(r, "ok")) g.ok = boolean(*v, "graph: ok");
    if (const json* v = maybe(r, "wall_us")) g.wall_us = unsigned_integer(*v, "graph: wall_us");
    if (const json* v = maybe(r, "backends")) {
        array(*v, "graph: backends");
        for (std::size_t i = 0; i < v->size(); ++i) g.backends.push_back(read_backend((*v)[i], at("graph: backends", i)));
    }
    if (const json* v = maybe(r, "buffer_sizes")) {
        array(*v, "graph: buffer_sizes");
        for (std::size_t i = 0; i < v->size(); ++i) g.buffer_sizes.push_back(unsigned_integer((*v)[i], at("graph: buffer_sizes", i)));
    }
    if (const json* v = maybe(r, "n_splits")) g.n_splits = unsigned_integer(*v, "graph: n_splits");
    if (const json* v = maybe(r, "n_copies")) g.n_copies = unsigned_integer(*v, "graph: n_copies");
    const json& buffers = array(need(r, "graph", "buffers"), "graph: buffers");
    for (std::size_t i = 0; i < buffers.size(); ++i) g.buffers.push_back(read_buffer(buffers[i], at("graph: buffers", i)));
    const json& tensors = array(need(r, "graph", "tensors"), "graph: tensors");
    if (tensors.size() > max_tensors)
        fail("graph: tensors", std::to_string(tensors.size()) + " tensors, more than " + std::to_string(max_tensors));
    g.tensors.reserve(tensors.size());
    for (std::size_t i = 0; i < tensors.size(); ++i) g.tensors.push_back(read_tensor(tensors[i], at("graph: tensors", i), tensors.size(), g, h));
    read_order(r, "nodes", g.tensors.size(), g.nodes);
    read_order(r, "leafs", g.tensors.size(), g.leafs);
    if (const json* v = maybe(r, "leafs_from")) {
        const std::string from = text(*v, "graph: leafs_from");
        if (from != "graph" && from != "sources") fail("graph: leafs_from", "'" + printable(from, 40) + "' is neither graph nor sources");
        g.graph_leafs = from == "graph";
    }
    return g;
}

end_record read_end(const json& r) {
    end_record e;
    if (const json* v = maybe(r, "graphs")) e.graphs = unsigned_integer(*v, "end: graphs");
    if (const json* v = maybe(r, "dropped")) e.dropped = unsigned_integer(*v, "end: dropped");
    return e;
}

json parse_line(std::string_view line) {
    // A deep nest is no record of this format: refused before it costs stack or memory.
    const json::parser_callback_t limit = [](int depth, json::parse_event_t, json&) {
        if (static_cast<std::size_t>(depth) > max_depth) fail("record", "nested deeper than " + std::to_string(max_depth));
        return true;
    };
    json r = json::parse(line.begin(), line.end(), limit, false);
    if (r.is_discarded()) fail("record", "not JSON");
    return r;
}

void read_line(std::string_view line, std::size_t number, capture_file& out) {
    const json r = parse_line(line);
    object(r, "record");
    const std::string kind = text(need(r, "record", "record"), "record");
    if (kind == "header") {
        out.runs.push_back({read_header(r, number), {}, {}});
        return;
    }
    if (kind != "graph" && kind != "end") fail("record", "'" + printable(kind) + "' is none of header, graph, end");
    if (out.runs.empty()) fail(kind, "before the first header");
    run& current = out.runs.back();
    if (kind == "graph") current.graphs.push_back(read_graph(r, number, current.head));
    else current.end = read_end(r);
}

} // namespace

result<capture_file> parse_capture(std::string_view text) {
    capture_file out;
    std::size_t number = 0;
    for (std::size_t start = 0; start < text.size();) {
        ++number;
        const std::size_t nl = text.find('\n', start);
        if (nl == std::string_view::npos) {
            // What a process killed in the middle of a write leaves.
            out.warnings.push_back("line " + std::to_string(number) + ": the last record is cut short (no newline): left out");
            break;
        }
        const std::string_view line = text.substr(start, nl - start);
        start = nl + 1;
        if (line.size() > max_line_bytes)
            return error{"line " + std::to_string(number) + ": " + std::to_string(line.size()) + " bytes, more than " +
                         std::to_string(max_line_bytes)};
        if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
        try {
            read_line(line, number, out);
        } catch (const bad_record& e) {
            return error{"line " + std::to_string(number) + ": " + e.message};
        } catch (const json::exception& e) {
            return error{"line " + std::to_string(number) + ": " + printable(e.what())};
        }
    }
    if (out.runs.empty()) return error{"no header record: not a capture file"};
    return out;
}

result<capture_file> read_capture(const std::filesystem::path& path) {
    auto text = read_file_bounded(path, max_file_bytes, "capture file");
    if (!text) return text.err();
    auto parsed = parse_capture(*text);
    if (!parsed) return error{printable(path.string()) + ": " + parsed.err().message};
    return parsed;
}

bool looks_like_capture(std::string_view first_bytes) {
    const std::string_view line = first_bytes.substr(0, first_bytes.find('\n'));
    return line.find("\"record\":\"header\"") != std::string_view::npos &&
           line.find("\"format\":\"planscope-capture\"") != std::string_view::npos;
}

} // namespace planscope::capture
