#include "gguf_value.h"

#include "gguf_cursor.h"
#include "gguf_limits.h"

#include <array>
#include <cstring>
#include <limits>

namespace planscope {
namespace {

// Bytes of one number or bool; 0 for strings and arrays, whose size varies.
std::size_t fixed_size(gguf_type t) {
    switch (t) {
    case gguf_type::u8: case gguf_type::i8: case gguf_type::boolean: return 1;
    case gguf_type::u16: case gguf_type::i16: return 2;
    case gguf_type::u32: case gguf_type::i32: case gguf_type::f32: return 4;
    case gguf_type::u64: case gguf_type::i64: case gguf_type::f64: return 8;
    case gguf_type::string: case gguf_type::array: return 0;
    }
    return 0;
}

// Smallest encoding of one element: lets a count be checked against the bytes left before
// anything is allocated (a string is at least its length, an array its type and length).
std::size_t min_size(gguf_type t) {
    if (t == gguf_type::string) return 8;
    if (t == gguf_type::array) return 12;
    return fixed_size(t);
}

template <class T>
T load(const std::uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// A number or bool from its fixed_size(t) bytes (bools already checked to be 0 or 1).
gguf_value decode_fixed(gguf_type t, const std::uint8_t* p) {
    switch (t) {
    case gguf_type::u8: return {t, std::uint64_t{load<std::uint8_t>(p)}};
    case gguf_type::i8: return {t, std::int64_t{load<std::int8_t>(p)}};
    case gguf_type::u16: return {t, std::uint64_t{load<std::uint16_t>(p)}};
    case gguf_type::i16: return {t, std::int64_t{load<std::int16_t>(p)}};
    case gguf_type::u32: return {t, std::uint64_t{load<std::uint32_t>(p)}};
    case gguf_type::i32: return {t, std::int64_t{load<std::int32_t>(p)}};
    case gguf_type::u64: return {t, load<std::uint64_t>(p)};
    case gguf_type::i64: return {t, load<std::int64_t>(p)};
    case gguf_type::f32: return {t, double{load<float>(p)}};
    case gguf_type::f64: return {t, load<double>(p)};
    case gguf_type::boolean: return {t, *p == 1};
    case gguf_type::string: case gguf_type::array: break;
    }
    return {};
}

status check_bools(const gguf_cursor& c, std::span<const std::uint8_t> bytes) {
    for (std::size_t i = 0; i < bytes.size(); ++i)
        if (bytes[i] > 1)
            return c.fail(c.offset() - bytes.size() + i,
                          "bool value " + std::to_string(bytes[i]) + " is neither 0 nor 1");
    return success();
}

// The strings of an array: lengths checked in a first pass, so the bytes are allocated once.
status read_strings(gguf_cursor& c, std::uint64_t n, std::vector<std::uint8_t>& bytes,
                    std::vector<std::uint64_t>& ends) {
    gguf_cursor scan = c;
    std::uint64_t total = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
        auto len = scan.read_length("string", gguf_max_string_length);
        if (!len) return len.err();
        if (auto s = scan.take(*len, "string"); !s) return s.err();
        total += *len; // bounded by the file size
    }
    bytes.reserve(static_cast<std::size_t>(total));
    ends.reserve(static_cast<std::size_t>(n));
    for (std::uint64_t i = 0; i < n; ++i) {
        auto len = c.read_length("string", gguf_max_string_length);
        if (!len) return len.err();
        auto s = c.take(*len, "string");
        if (!s) return s.err();
        bytes.insert(bytes.end(), s->begin(), s->end());
        ends.push_back(bytes.size());
    }
    return success();
}

// Nested arrays: each checked, then all kept as the file encodes them (they are contiguous).
status read_arrays(gguf_cursor& c, std::uint64_t n, std::uint32_t depth, std::vector<std::uint8_t>& bytes,
                   std::vector<std::uint64_t>& ends) {
    const std::size_t start = c.offset();
    ends.reserve(static_cast<std::size_t>(n));
    for (std::uint64_t i = 0; i < n; ++i) {
        auto sub = read_gguf_array(c, depth + 1);
        if (!sub) return sub.err();
        ends.push_back(c.offset() - start);
    }
    const auto all = c.bytes().subspan(start, c.offset() - start);
    bytes.assign(all.begin(), all.end());
    return success();
}

} // namespace

bool gguf_known_type(std::uint32_t t) { return t <= static_cast<std::uint32_t>(gguf_type::f64); }

std::string_view gguf_type_name(gguf_type t) {
    static constexpr std::array<std::string_view, 13> names{"u8",  "i8",  "u16",   "i16", "u32", "i32", "f32",
                                                            "bool", "string", "array", "u64", "i64", "f64"};
    const auto i = static_cast<std::size_t>(t);
    return i < names.size() ? names[i] : "?";
}

std::span<const std::uint8_t> gguf_array::element_bytes(std::size_t i) const {
    if (const std::size_t size = fixed_size(m_type); size > 0) return std::span(m_bytes).subspan(i * size, size);
    const std::size_t begin = i == 0 ? 0 : static_cast<std::size_t>(m_ends[i - 1]);
    return std::span(m_bytes).subspan(begin, static_cast<std::size_t>(m_ends[i]) - begin);
}

std::optional<gguf_value> gguf_array::at(std::size_t i) const {
    if (i >= m_size) return std::nullopt;
    const auto bytes = element_bytes(i);
    if (m_type == gguf_type::string)
        return gguf_value{m_type, std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size())};
    if (m_type == gguf_type::array) {
        gguf_cursor c(bytes);
        auto a = read_gguf_array(c, 0); // checked when the file was read: cannot fail
        if (!a) return std::nullopt;
        return gguf_value{m_type, std::move(*a)};
    }
    return decode_fixed(m_type, bytes.data());
}

std::optional<std::string_view> gguf_array::string_at(std::size_t i) const {
    if (m_type != gguf_type::string || i >= m_size) return std::nullopt;
    const auto bytes = element_bytes(i);
    return std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

std::optional<std::int64_t> gguf_value::as_int() const {
    if (const auto* u = std::get_if<std::uint64_t>(&v)) {
        if (*u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return std::nullopt;
        return static_cast<std::int64_t>(*u);
    }
    if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
    return std::nullopt;
}

std::optional<double> gguf_value::as_float() const {
    if (const auto* d = std::get_if<double>(&v)) return *d;
    if (auto i = as_int()) return static_cast<double>(*i);
    return std::nullopt;
}

result<gguf_array> read_gguf_array(gguf_cursor& c, std::uint32_t depth) {
    const std::size_t at = c.offset();
    if (depth >= gguf_max_array_depth)
        return c.fail(at, "arrays nested deeper than the limit of " + std::to_string(gguf_max_array_depth));
    auto et = c.read<std::uint32_t>("array element type");
    if (!et) return et.err();
    if (!gguf_known_type(*et)) return c.fail(at, "unknown array element type " + std::to_string(*et));
    auto n = c.read<std::uint64_t>("array length");
    if (!n) return n.err();
    if (*n > gguf_max_array_length)
        return c.fail(at, "array of " + std::to_string(*n) + " elements is over the limit of " +
                              std::to_string(gguf_max_array_length));
    gguf_array a;
    a.m_type = static_cast<gguf_type>(*et);
    if (*n > c.remaining() / min_size(a.m_type))
        return c.fail(at, "array of " + std::to_string(*n) + " " + std::string(gguf_type_name(a.m_type)) +
                              " elements does not fit in the " + std::to_string(c.remaining()) + " bytes left");
    a.m_size = static_cast<std::size_t>(*n);
    if (const std::size_t size = fixed_size(a.m_type); size > 0) {
        auto bytes = c.take(*n * size, "array"); // fits: checked against the bytes left
        if (!bytes) return bytes.err();
        if (a.m_type == gguf_type::boolean)
            if (auto s = check_bools(c, *bytes); !s) return s.err();
        a.m_bytes.assign(bytes->begin(), bytes->end());
    } else if (a.m_type == gguf_type::string) {
        if (auto s = read_strings(c, *n, a.m_bytes, a.m_ends); !s) return s.err();
    } else if (auto s = read_arrays(c, *n, depth, a.m_bytes, a.m_ends); !s) {
        return s.err();
    }
    return a;
}

result<gguf_value> read_gguf_value(gguf_cursor& c, gguf_type type, std::uint32_t depth) {
    if (type == gguf_type::string) {
        auto s = c.read_string("string", gguf_max_string_length);
        if (!s) return s.err();
        return gguf_value{type, std::move(*s)};
    }
    if (type == gguf_type::array) {
        auto a = read_gguf_array(c, depth);
        if (!a) return a.err();
        return gguf_value{type, std::move(*a)};
    }
    auto bytes = c.take(fixed_size(type), "value");
    if (!bytes) return bytes.err();
    if (type == gguf_type::boolean)
        if (auto s = check_bools(c, *bytes); !s) return s.err();
    return decode_fixed(type, bytes->data());
}

} // namespace planscope
