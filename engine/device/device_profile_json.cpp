// The device profile JSON format of docs/devices.md: reading with one-line "PATH: reason"
// errors (the graph format's helpers), writing a layout that reads back equal.
#include "device/device_profile.h"

#include "io/json_detail.h"
#include "io/json_parse.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace planscope::device_json {
namespace {

using namespace json_detail; // confined to this namespace: the engine is built in unity batches

constexpr std::string_view device_format_tag = "planscope-device";
constexpr int device_format_version = 1;
constexpr std::int64_t max_count = std::int64_t{1} << 62;

struct size_unit {
    std::string_view name;
    std::uint64_t bytes;
};
// Binary units first: the writer picks the largest that divides a size.
constexpr std::array<size_unit, 9> size_units{{{"TiB", std::uint64_t{1} << 40},
                                               {"GiB", std::uint64_t{1} << 30},
                                               {"MiB", std::uint64_t{1} << 20},
                                               {"KiB", std::uint64_t{1} << 10},
                                               {"B", 1},
                                               {"TB", 1'000'000'000'000},
                                               {"GB", 1'000'000'000},
                                               {"MB", 1'000'000},
                                               {"KB", 1'000}}};

[[noreturn]] void fail_size(const std::string& path, const json& v) {
    fail(path,
         "expected bytes or a size such as '24 GiB' (units B, KiB, MiB, GiB, TiB, KB, MB, GB, TB), got " + describe(v));
}

// Bytes as an integer or "24 GiB", "1.5 MiB", "80 GB": a decimal number, a space, a unit.
std::uint64_t get_size(const json& v, const std::string& path) {
    if (v.is_number_integer() || v.is_number_unsigned()) return get_u64(v, path);
    if (!v.is_string()) fail_size(path, v);
    const std::string& s = v.get_ref<const std::string&>();
    const std::size_t space = s.find(' ');
    if (space == std::string::npos) fail_size(path, v);
    const std::string_view number = std::string_view(s).substr(0, space), unit = std::string_view(s).substr(space + 1);
    const auto u =
        std::find_if(size_units.begin(), size_units.end(), [&](const size_unit& x) { return x.name == unit; });
    const std::size_t dot = number.find('.');
    const std::string_view whole = number.substr(0, dot);
    const std::string_view fraction = dot == std::string_view::npos ? std::string_view{} : number.substr(dot + 1);
    const auto digits = [](std::string_view d) {
        return std::all_of(d.begin(), d.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    if (u == size_units.end() || whole.empty() || whole.size() > 19 || !digits(whole) || fraction.size() > 9 ||
        !digits(fraction) || (dot != std::string_view::npos && fraction.empty()))
        fail_size(path, v);
    // Exactly: (whole . fraction) x unit, which must be a whole number of bytes.
    unsigned __int128 scaled = 0, scale = 1;
    for (char c : whole) scaled = scaled * 10 + static_cast<unsigned>(c - '0');
    for (char c : fraction) {
        scaled = scaled * 10 + static_cast<unsigned>(c - '0');
        scale *= 10;
    }
    const unsigned __int128 bytes_times_scale = scaled * u->bytes; // < 10^28 x 2^40: no overflow
    if (bytes_times_scale % scale != 0) fail(path, describe(v) + " is not a whole number of bytes");
    const unsigned __int128 bytes = bytes_times_scale / scale;
    if (bytes > std::numeric_limits<std::uint64_t>::max()) fail(path, describe(v) + " is more than 2^64 - 1 bytes");
    return static_cast<std::uint64_t>(bytes);
}

// "24 GiB" where a size is a whole number of TiB, GiB or MiB, else the bytes.
json size_json(std::uint64_t bytes) {
    if (bytes == 0) return bytes;
    for (std::size_t i = 0; i < 3; ++i)
        if (bytes % size_units[i].bytes == 0)
            return std::to_string(bytes / size_units[i].bytes) + " " + std::string(size_units[i].name);
    return bytes;
}

bool get_bool(const json& v, const std::string& path) {
    if (!v.is_boolean()) fail(path, "expected true or false, got " + describe(v));
    return v.get<bool>();
}

std::optional<double> get_positive(const json& v, const std::string& path) {
    if (v.is_null()) return std::nullopt;
    if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() <= 0)
        fail(path, "expected a positive number or null, got " + describe(v));
    return v.get<double>();
}

template <class Parse>
auto get_list(const json& v, const std::string& path, Parse parse) {
    expect_array(v, path);
    std::vector<decltype(parse(v, path))> out;
    for (std::size_t i = 0; i < v.size(); ++i) out.push_back(parse(v[i], child(path, i)));
    return out;
}

op_kind get_op(const json& v, const std::string& path) {
    const auto op = op_from_name(get_string(v, path));
    if (!op) fail(path, "unknown op " + describe(v));
    return *op;
}

dtype get_type(const json& v, const std::string& path) {
    const auto t = dtype_from_name(get_string(v, path));
    if (!t) fail(path, "unknown type " + describe(v));
    return *t;
}

std::int64_t get_count(const json& v, const std::string& path) { return get_int(v, path, 1, max_count); }

template <std::size_t N>
[[noreturn]] void fail_choice(const std::string& path, const json& v, const std::array<std::string_view, N>& choices) {
    std::string list;
    for (std::string_view c : choices) list += (list.empty() ? "" : ", ") + std::string(c);
    fail(path, describe(v) + " is not one of " + list);
}

device_buffer_type read_buffer(const json& v, const std::string& path) {
    expect_object(v, path);
    check_keys(v, path, {"name", "alignment", "max_size", "host", "quantized_row_padding", "alloc_extra"});
    device_buffer_type b;
    b.name = get_string(require(v, path, "name"), child(path, "name"));
    if (b.name.empty()) fail(child(path, "name"), "must not be empty");
    if (const json* a = find(v, "alignment")) {
        b.alignment = static_cast<std::size_t>(get_int(*a, child(path, "alignment"), 1, std::int64_t{1} << 30));
        if ((b.alignment & (b.alignment - 1)) != 0)
            fail(child(path, "alignment"), std::to_string(b.alignment) + " is not a power of two");
    }
    if (const json* m = find(v, "max_size"); m && !m->is_null()) {
        b.max_size = get_size(*m, child(path, "max_size"));
        if (b.max_size == 0) fail(child(path, "max_size"), "must be more than 0 (null: no limit)");
    }
    if (const json* h = find(v, "host")) b.host = get_bool(*h, child(path, "host"));
    if (const json* p = find(v, "quantized_row_padding")) {
        b.quantized_row_padding = get_int(*p, child(path, "quantized_row_padding"), 0, std::int64_t{1} << 30);
        if (b.quantized_row_padding % 256 != 0)
            fail(child(path, "quantized_row_padding"),
                 std::to_string(b.quantized_row_padding) + " is not a multiple of 256 (the largest block size)");
    }
    if (const json* e = find(v, "alloc_extra")) {
        const auto extra = parse_device_alloc_extra(get_string(*e, child(path, "alloc_extra")));
        if (!extra)
            fail_choice(child(path, "alloc_extra"), *e, std::array<std::string_view, 4>{"none", "cuda", "metal", "amx"});
        b.alloc_extra = *extra;
    }
    return b;
}

// {"index": 2, "in": [0, 2]}: op parameter word 2 is 0 or 2.
device_op_rule::param_in read_param(const json& v, const std::string& path) {
    expect_object(v, path);
    check_keys(v, path, {"index", "in"});
    device_op_rule::param_in p;
    p.index = static_cast<int>(get_int(require(v, path, "index"), child(path, "index"), 0, max_op_params - 1));
    p.in = get_list(require(v, path, "in"), child(path, "in"), [](const json& e, const std::string& ep) {
        return static_cast<std::int32_t>(get_int(e, ep, std::numeric_limits<std::int32_t>::min(),
                                                 std::numeric_limits<std::int32_t>::max()));
    });
    if (p.in.empty()) fail(child(path, "in"), "must not be empty");
    return p;
}

device_op_rule read_rule(const json& v, const std::string& path) {
    expect_object(v, path);
    check_keys(v, path,
               {"op", "unary", "type", "src_types", "max_ne0", "ne0_in", "ne0_multiple_of", "param", "contiguous",
                "supported"});
    device_op_rule r;
    if (const json* op = find(v, "op")) r.op = get_op(*op, child(path, "op"));
    if (const json* u = find(v, "unary")) {
        const std::string p = child(path, "unary");
        if (r.op != op_kind::unary) fail(p, "only for op UNARY");
        r.unary = unary_from_name(get_string(*u, p));
        if (!r.unary) fail(p, "unknown unary op " + describe(*u));
    }
    if (const json* t = find(v, "type")) r.type = get_list(*t, child(path, "type"), get_type);
    if (const json* s = find(v, "src_types")) {
        const std::string p = child(path, "src_types");
        r.src_types = get_list(*s, p, [](const json& e, const std::string& ep) { return get_list(e, ep, get_type); });
        if (r.src_types.size() > static_cast<std::size_t>(max_src))
            fail(p, std::to_string(r.src_types.size()) + " lists for at most " + std::to_string(max_src) + " sources");
    }
    if (const json* m = find(v, "max_ne0")) r.max_ne0 = get_count(*m, child(path, "max_ne0"));
    if (const json* n = find(v, "ne0_in")) r.ne0_in = get_list(*n, child(path, "ne0_in"), get_count);
    if (const json* m = find(v, "ne0_multiple_of")) r.ne0_multiple_of = get_count(*m, child(path, "ne0_multiple_of"));
    if (const json* p = find(v, "param")) r.param = read_param(*p, child(path, "param"));
    if (const json* c = find(v, "contiguous")) r.contiguous = get_bool(*c, child(path, "contiguous"));
    r.supported = get_bool(require(v, path, "supported"), child(path, "supported"));
    return r;
}

device_profile read_profile(const json& root) {
    expect_object(root, "");
    const json& format = require(root, "", "format");
    if (get_string(format, "/format") != device_format_tag)
        fail("/format", "expected '" + std::string(device_format_tag) + "', got " + describe(format));
    const auto version = get_int(require(root, "", "version"), "/version", 0, std::numeric_limits<std::int32_t>::max());
    if (version != device_format_version)
        fail("/version", "version " + std::to_string(version) + " is not supported (this build reads version " +
                             std::to_string(device_format_version) + ")");
    check_keys(root, "",
               {"format", "version", "name", "description", "kind", "memory", "unified_memory", "row_split", "buffer",
                "host_buffer", "offload", "copy_gbps", "compute_tflops", "cpu_features", "supports"});
    device_profile d;
    d.name = get_string(require(root, "", "name"), "/name");
    if (d.name.empty()) fail("/name", "must not be empty");
    if (const json* s = find(root, "description")) d.description = get_string(*s, "/description");
    const json& kind = require(root, "", "kind");
    const auto k = parse_device_kind(get_string(kind, "/kind"));
    if (!k) fail_choice("/kind", kind, std::array<std::string_view, 5>{"cpu", "gpu", "igpu", "accel", "rpc"});
    d.kind = *k;

    const json& memory = require(root, "", "memory");
    expect_object(memory, "/memory");
    check_keys(memory, "/memory", {"total", "free"});
    d.memory_total = get_size(require(memory, "/memory", "total"), "/memory/total");
    d.memory_free = d.memory_total;
    if (const json* f = find(memory, "free")) {
        d.memory_free = get_size(*f, "/memory/free");
        if (d.memory_free > d.memory_total) fail("/memory/free", describe(*f) + " is more than /memory/total");
    }
    if (const json* u = find(root, "unified_memory")) d.unified_memory = get_bool(*u, "/unified_memory");
    if (const json* r = find(root, "row_split")) d.supports_row_split = get_bool(*r, "/row_split");

    d.buffer = read_buffer(require(root, "", "buffer"), "/buffer");
    if (const json* h = find(root, "host_buffer"); h && !h->is_null()) d.host_buffer = read_buffer(*h, "/host_buffer");
    if (const json* o = find(root, "offload")) {
        expect_object(*o, "/offload");
        check_keys(*o, "/offload", {"min_batch_size", "ops"});
        if (const json* m = find(*o, "min_batch_size"))
            d.offload.min_batch_size = get_int(*m, "/offload/min_batch_size", 0, max_count);
        if (const json* ops = find(*o, "ops")) d.offload.ops = get_list(*ops, "/offload/ops", get_op);
    }
    if (const json* c = find(root, "copy_gbps")) d.copy_gbps = get_positive(*c, "/copy_gbps");
    if (const json* c = find(root, "compute_tflops")) d.compute_tflops = get_positive(*c, "/compute_tflops");
    if (const json* f = find(root, "cpu_features"))
        d.cpu_features = get_list(*f, "/cpu_features", [](const json& e, const std::string& ep) {
            std::string flag = get_string(e, ep);
            // /proc/cpuinfo's spelling: lower case, digits and underscores.
            const bool ok = !flag.empty() && std::all_of(flag.begin(), flag.end(), [](char c) {
                return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
            });
            if (!ok) fail(ep, describe(e) + " is not a CPU flag as /proc/cpuinfo spells it (a-z, 0-9, _)");
            return flag;
        });
    if (const json* s = find(root, "supports")) d.supports = get_list(*s, "/supports", read_rule);
    return d;
}

json buffer_json(const device_buffer_type& b) {
    json v = json::object();
    v["name"] = b.name;
    v["alignment"] = b.alignment;
    v["max_size"] = b.max_size == SIZE_MAX ? json(nullptr) : size_json(b.max_size);
    v["host"] = b.host;
    v["quantized_row_padding"] = b.quantized_row_padding;
    v["alloc_extra"] = std::string(name(b.alloc_extra));
    return v;
}

json types_json(const std::vector<dtype>& types) {
    json list = json::array();
    for (dtype t : types) list.push_back(std::string(type_name(t)));
    return list;
}

json rule_json(const device_op_rule& r) {
    json v = json::object();
    if (r.op) v["op"] = std::string(info(*r.op).name);
    if (r.unary) v["unary"] = std::string(unary_name(*r.unary));
    if (!r.type.empty()) v["type"] = types_json(r.type);
    if (!r.src_types.empty()) {
        json lists = json::array();
        for (const auto& types : r.src_types) lists.push_back(types_json(types));
        v["src_types"] = std::move(lists);
    }
    if (r.max_ne0) v["max_ne0"] = *r.max_ne0;
    if (!r.ne0_in.empty()) v["ne0_in"] = r.ne0_in;
    if (r.ne0_multiple_of) v["ne0_multiple_of"] = *r.ne0_multiple_of;
    if (r.param) v["param"] = json{{"index", r.param->index}, {"in", r.param->in}};
    if (r.contiguous) v["contiguous"] = true;
    v["supported"] = r.supported;
    return v;
}

// One line, with a space after each comma and colon.
void append_compact(std::string& out, const json& v) {
    if (v.is_object() || v.is_array()) {
        out += v.is_object() ? '{' : '[';
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (!first) out += ", ";
            first = false;
            if (v.is_object()) out += json(it.key()).dump(-1, ' ', false, json::error_handler_t::replace) + ": ";
            append_compact(out, *it);
        }
        out += v.is_object() ? '}' : ']';
        return;
    }
    out += v.dump(-1, ' ', false, json::error_handler_t::replace);
}

} // namespace

device_profile parse(std::string_view json_text) { return read_profile(parse_json(json_text).root); }

std::string write(const device_profile& d) {
    json top = json::object();
    top["format"] = device_format_tag;
    top["version"] = device_format_version;
    top["name"] = d.name;
    top["description"] = d.description;
    top["kind"] = std::string(name(d.kind));
    top["memory"] = json{{"total", size_json(d.memory_total)}, {"free", size_json(d.memory_free)}};
    top["unified_memory"] = d.unified_memory;
    top["row_split"] = d.supports_row_split;
    top["buffer"] = buffer_json(d.buffer);
    top["host_buffer"] = d.host_buffer ? buffer_json(*d.host_buffer) : json(nullptr);
    json offload{{"min_batch_size", d.offload.min_batch_size}};
    if (!d.offload.ops.empty()) {
        json ops = json::array();
        for (op_kind op : d.offload.ops) ops.push_back(std::string(info(op).name));
        offload["ops"] = std::move(ops);
    }
    top["offload"] = std::move(offload);
    top["copy_gbps"] = d.copy_gbps ? json(*d.copy_gbps) : json(nullptr);
    top["compute_tflops"] = d.compute_tflops ? json(*d.compute_tflops) : json(nullptr);
    if (!d.cpu_features.empty()) top["cpu_features"] = d.cpu_features;

    std::string out = "{\n";
    for (auto it = top.begin(); it != top.end(); ++it) {
        out += "  " + json(it.key()).dump() + ": ";
        append_compact(out, *it);
        out += ",\n";
    }
    // A rule per line, so that two profiles diff rule by rule.
    out += "  \"supports\": [";
    for (std::size_t i = 0; i < d.supports.size(); ++i) {
        out += i ? ",\n    " : "\n    ";
        append_compact(out, rule_json(d.supports[i]));
    }
    out += d.supports.empty() ? "]\n}\n" : "\n  ]\n}\n";
    return out;
}

} // namespace planscope::device_json

namespace planscope {

result<device_profile> parse_device_profile(std::string_view json_text) {
    try {
        return device_json::parse(json_text);
    } catch (const json_detail::load_failure& f) {
        return error{f.message};
    } catch (const std::exception& e) { // nlohmann or the standard library; not expected
        return error{"internal error while reading the device profile: " + printable(e.what())};
    }
}

std::string device_profile_json(const device_profile& d) { return device_json::write(d); }

} // namespace planscope
