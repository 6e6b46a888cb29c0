#include "io/json_detail.h"

#include <limits>

namespace planscope::json_detail {

void fail(const std::string& path, const std::string& reason) {
    throw load_failure{printable(shown(path), 300) + ": " + reason};
}

std::string quote(std::string_view text) {
    // Appended rather than "'" + ...: GCC 12 warns -Wrestrict (a false positive) on that form.
    std::string quoted = "'";
    quoted += printable(text, 100);
    quoted += '\'';
    return quoted;
}

std::string child(const std::string& path, std::string_view key) {
    std::string out = path + "/";
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

std::string child(const std::string& path, std::size_t index) {
    return path + "/" + std::to_string(index);
}

std::string shown(const std::string& path) {
    return path.empty() ? "/" : path;
}

namespace {

void append_value(std::string& out, const json& v) {
    if (v.is_array()) {
        out += '[';
        bool first = true;
        for (const auto& e : v) {
            if (!first) out += ", ";
            first = false;
            append_value(out, e);
            if (out.size() > 60) break;
        }
        out += ']';
    } else if (v.is_object()) {
        out += v.empty() ? "{}" : "{...}";
    } else if (v.is_string()) {
        out += quote(v.get_ref<const std::string&>());
    } else {
        out += v.dump(-1, ' ', false, json::error_handler_t::replace);
    }
}

const char* kind_name(const json& v) {
    switch (v.type()) {
    case json::value_t::null:
        return "null";
    case json::value_t::object:
        return "an object";
    case json::value_t::array:
        return "an array";
    case json::value_t::string:
        return "a string";
    case json::value_t::boolean:
        return "a boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
        return "an integer";
    case json::value_t::number_float:
        return "a number";
    default:
        return "a value";
    }
}

} // namespace

std::string describe(const json& v) {
    std::string out;
    append_value(out, v);
    if (out.size() <= 40) return out;
    std::size_t cut = 37;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xc0) == 0x80) --cut; // not inside a UTF-8 character
    return out.substr(0, cut) + "...";
}

void expect_object(const json& v, const std::string& path) {
    if (!v.is_object()) fail(path, std::string("expected an object, got ") + kind_name(v));
}

void expect_array(const json& v, const std::string& path) {
    if (!v.is_array()) fail(path, std::string("expected an array, got ") + kind_name(v));
}

void check_keys(const json& obj, const std::string& path, std::initializer_list<std::string_view> known) {
    for (const auto& [key, value] : obj.items()) {
        bool ok = false;
        for (std::string_view k : known) ok = ok || k == key;
        if (ok) continue;
        std::string list;
        for (std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
        fail(child(path, key), "unknown key (known keys: " + list + ")");
    }
}

const json* find(const json& obj, std::string_view key) {
    const auto it = obj.find(key);
    return it == obj.end() ? nullptr : &*it;
}

const json& require(const json& obj, const std::string& path, std::string_view key) {
    const json* v = find(obj, key);
    if (!v) fail(child(path, key), "required key is missing");
    return *v;
}

std::int64_t get_int(const json& v, const std::string& path, std::int64_t min, std::int64_t max) {
    const auto range = [&] {
        return "expected an integer from " + std::to_string(min) + " to " + std::to_string(max) + ", got " +
               describe(v);
    };
    if (v.is_number_unsigned()) {
        // nlohmann reads every non-negative integer as unsigned: both bounds apply here too.
        const auto u = v.get<std::uint64_t>();
        if (max < 0 || u > static_cast<std::uint64_t>(max) || (min > 0 && u < static_cast<std::uint64_t>(min)))
            fail(path, range());
        return static_cast<std::int64_t>(u);
    }
    if (!v.is_number_integer()) fail(path, range());
    const auto i = v.get<std::int64_t>();
    if (i < min || i > max) fail(path, range());
    return i;
}

std::uint64_t get_u64(const json& v, const std::string& path) {
    if (v.is_number_unsigned()) return v.get<std::uint64_t>();
    if (v.is_number_integer() && v.get<std::int64_t>() >= 0) return static_cast<std::uint64_t>(v.get<std::int64_t>());
    fail(path, "expected a non-negative integer, got " + describe(v));
}

std::string get_string(const json& v, const std::string& path) {
    if (!v.is_string()) fail(path, std::string("expected a string, got ") + kind_name(v));
    return v.get<std::string>();
}

std::string tensor_label(const context& ctx, tensor_id id) {
    const std::string& name = ctx[id].name;
    return "tensor " + std::to_string(id.value) + (name.empty() ? "" : " (" + quote(name) + ")");
}

std::string strides_string(const std::array<std::size_t, max_dims>& nb) {
    std::string s = "[";
    for (int i = 0; i < max_dims; ++i) s += (i ? ", " : "") + std::to_string(nb[i]);
    return s + "]";
}

bool checked_nbytes(const tensor& t, std::size_t& out) {
    const std::int64_t blck = block_size(t.type);
    std::size_t bytes = 0;
    int first_dim = 0;
    if (blck == 1) {
        bytes = type_size(t.type);
    } else {
        if (__builtin_mul_overflow(static_cast<std::size_t>(t.ne[0]), t.nb[0], &bytes)) return false;
        bytes /= static_cast<std::size_t>(blck);
        first_dim = 1;
    }
    for (int i = first_dim; i < max_dims; ++i) {
        std::size_t part = 0;
        if (__builtin_mul_overflow(static_cast<std::size_t>(t.ne[i] - 1), t.nb[i], &part)) return false;
        if (__builtin_add_overflow(bytes, part, &bytes)) return false;
    }
    if (bytes > static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max())) return false;
    out = bytes;
    return true;
}

std::string_view flag_name(tensor_flag f) {
    switch (f) {
    case tensor_flag::input:
        return "input";
    case tensor_flag::output:
        return "output";
    case tensor_flag::param:
        return "param";
    default:
        return "none";
    }
}

} // namespace planscope::json_detail
