// Named op params of the JSON graph format, shared by the loader and the saver.
#include "io/json_detail.h"

#include "core/op_rules.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace planscope::json_detail {
namespace {

std::string known_params(const op_info& oi) {
    std::string list;
    for (const auto& p : oi.params) list += (list.empty() ? "" : ", ") + std::string(p.name);
    return list;
}

// UNARY's parameter is written as the unary op's name ("SILU"), not its number.
bool is_unary_name(op_kind op, const op_param_desc& p) {
    return op == op_kind::unary && p.name == "unary";
}

// So is GLU's glu op ("SWIGLU").
bool is_glu_name(op_kind op, const op_param_desc& p) { return op == op_kind::glu && p.name == "glu"; }

float decode_f32(const json& v, const std::string& path) {
    if (v.is_string()) {
        const auto s = v.get<std::string>();
        if (s == "nan") return std::numeric_limits<float>::quiet_NaN();
        if (s == "inf") return std::numeric_limits<float>::infinity();
        if (s == "-inf") return -std::numeric_limits<float>::infinity();
    }
    if (!v.is_number()) fail(path, "expected a number (or \"nan\", \"inf\", \"-inf\"), got " + describe(v));
    const double d = v.get<double>();
    const float f = static_cast<float>(d);
    if (std::isinf(f) && !std::isinf(d)) fail(path, describe(v) + " does not fit in a 32-bit float");
    return f;
}

// The shortest decimal that reads back as `f`, stored as the double it denotes.
json encode_f32(float f) {
    if (std::isnan(f)) return "nan";
    if (std::isinf(f)) return f > 0 ? "inf" : "-inf";
    char buf[64];
    const auto tc = std::to_chars(buf, buf + sizeof buf, f);
    double d = 0;
    const auto fc = std::from_chars(buf, tc.ptr, d);
    if (tc.ec == std::errc{} && fc.ec == std::errc{} &&
        std::bit_cast<std::uint32_t>(static_cast<float>(d)) == std::bit_cast<std::uint32_t>(f))
        return d;
    return static_cast<double>(f); // exact; prints with up to 17 digits
}

} // namespace

op_params decode_params(op_kind op, const json& params, const std::string& path) {
    expect_object(params, path);
    const op_info& oi = info(op);
    op_params out = default_params(op);
    for (const auto& [key, value] : params.items()) {
        const std::string vpath = child(path, key);
        const op_param_desc* desc = nullptr;
        for (const auto& p : oi.params)
            if (p.name == key) desc = &p;
        if (!desc) {
            if (oi.params.empty()) fail(vpath, std::string(oi.name) + " takes no parameters");
            fail(vpath, "unknown parameter of " + std::string(oi.name) + " (known: " + known_params(oi) + ")");
        }
        if (is_unary_name(op, *desc)) {
            const auto u = unary_from_name(get_string(value, vpath));
            if (!u) fail(vpath, "unknown unary op " + quote(value.get_ref<const std::string&>()));
            out.set_i32(desc->slot, static_cast<std::int32_t>(*u));
            continue;
        }
        if (is_glu_name(op, *desc)) {
            const auto g = glu_from_name(get_string(value, vpath));
            if (!g) fail(vpath, "unknown glu op " + quote(value.get_ref<const std::string&>()));
            out.set_i32(desc->slot, static_cast<std::int32_t>(*g));
            continue;
        }
        switch (desc->kind) {
        case param_kind::i32:
            out.set_i32(desc->slot,
                        static_cast<std::int32_t>(get_int(value, vpath, std::numeric_limits<std::int32_t>::min(),
                                                          std::numeric_limits<std::int32_t>::max())));
            break;
        case param_kind::f32:
            out.set_f32(desc->slot, decode_f32(value, vpath));
            break;
        case param_kind::u64:
            out.set_u64(desc->slot, get_u64(value, vpath));
            break;
        }
    }
    return out;
}

json encode_params(op_kind op, const op_params& p) {
    json out = json::object();
    for (const auto& d : info(op).params) {
        const std::string key(d.name);
        if (is_unary_name(op, d)) {
            const auto u = p.get_i32(d.slot);
            const bool known = u >= 0 && u < unary_kind_count;
            out[key] = known ? std::string(unary_name(static_cast<unary_kind>(u))) : std::string("?");
            continue;
        }
        if (is_glu_name(op, d)) {
            const auto g = p.get_i32(d.slot);
            const bool known = g >= 0 && g < glu_kind_count;
            out[key] = known ? std::string(glu_name(static_cast<glu_kind>(g))) : std::string("?");
            continue;
        }
        switch (d.kind) {
        case param_kind::i32:
            out[key] = p.get_i32(d.slot);
            break;
        case param_kind::f32:
            out[key] = encode_f32(p.get_f32(d.slot));
            break;
        case param_kind::u64:
            out[key] = p.get_u64(d.slot);
            break;
        }
    }
    return out;
}

} // namespace planscope::json_detail
