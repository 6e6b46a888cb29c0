#include "gguf.h"

#include "core/op_rules.h"
#include "core/tensor.h"

#include <array>
#include <cstring>
#include <set>

namespace planscope {
namespace {

constexpr std::uint32_t max_array_depth = 8;

// Reads little-endian values with bounds checks; every failure names the offset.
class cursor {
public:
    explicit cursor(std::span<const std::uint8_t> b) : m_b(b) {}
    [[nodiscard]] std::size_t offset() const { return m_pos; }
    [[nodiscard]] std::size_t remaining() const { return m_b.size() - m_pos; }

    template <class T>
    result<T> read(const char* what) {
        if (remaining() < sizeof(T)) return truncated(what, sizeof(T));
        T v;
        std::memcpy(&v, m_b.data() + m_pos, sizeof(T));
        m_pos += sizeof(T);
        return v;
    }

    result<std::string> read_string(const char* what) {
        const std::size_t at = m_pos;
        auto n = read<std::uint64_t>(what);
        if (!n) return n.err();
        if (*n > remaining())
            return error{"offset " + std::to_string(at) + ": " + what + " length " + std::to_string(*n) +
                         " exceeds the " + std::to_string(remaining()) + " bytes left in the file"};
        std::string s(reinterpret_cast<const char*>(m_b.data() + m_pos), *n);
        m_pos += *n;
        return s;
    }

    error fail(std::size_t at, const std::string& why) const {
        return error{"offset " + std::to_string(at) + ": " + why};
    }

private:
    error truncated(const char* what, std::size_t need) const {
        return fail(m_pos, std::string("file truncated reading ") + what + " (" + std::to_string(need) +
                               " bytes needed, " + std::to_string(remaining()) + " left)");
    }

    std::span<const std::uint8_t> m_b;
    std::size_t m_pos = 0;
};

// Smallest encoding of one value of a type: lets a count be checked against the bytes left
// before anything is allocated.
std::size_t min_size(gguf_type t) {
    switch (t) {
    case gguf_type::u8: case gguf_type::i8: case gguf_type::boolean: return 1;
    case gguf_type::u16: case gguf_type::i16: return 2;
    case gguf_type::u32: case gguf_type::i32: case gguf_type::f32: return 4;
    case gguf_type::u64: case gguf_type::i64: case gguf_type::f64: case gguf_type::string: return 8;
    case gguf_type::array: return 12;
    }
    return 1;
}

bool known_type(std::uint32_t t) { return t <= static_cast<std::uint32_t>(gguf_type::f64); }

result<gguf_value> read_value(cursor& c, gguf_type type, std::uint32_t depth);

template <class T, class Stored>
result<gguf_value> read_scalar(cursor& c, gguf_type type) {
    auto v = c.read<T>("value");
    if (!v) return v.err();
    return gguf_value{type, static_cast<Stored>(*v)};
}

result<gguf_value> read_array(cursor& c, std::uint32_t depth) {
    const std::size_t at = c.offset();
    if (depth >= max_array_depth) return c.fail(at, "arrays nested deeper than " + std::to_string(max_array_depth));
    auto et = c.read<std::uint32_t>("array element type");
    if (!et) return et.err();
    if (!known_type(*et)) return c.fail(at, "unknown array element type " + std::to_string(*et));
    auto n = c.read<std::uint64_t>("array length");
    if (!n) return n.err();
    const auto elem = static_cast<gguf_type>(*et);
    if (*n > c.remaining() / min_size(elem))
        return c.fail(at, "array of " + std::to_string(*n) + " elements does not fit in the " +
                              std::to_string(c.remaining()) + " bytes left");
    gguf_array arr{elem, {}};
    arr.items.reserve(*n);
    for (std::uint64_t i = 0; i < *n; ++i) {
        auto v = read_value(c, elem, depth + 1);
        if (!v) return v.err();
        arr.items.push_back(std::move(*v));
    }
    return gguf_value{gguf_type::array, std::move(arr)};
}

result<gguf_value> read_value(cursor& c, gguf_type type, std::uint32_t depth) {
    switch (type) {
    case gguf_type::u8: return read_scalar<std::uint8_t, std::uint64_t>(c, type);
    case gguf_type::i8: return read_scalar<std::int8_t, std::int64_t>(c, type);
    case gguf_type::u16: return read_scalar<std::uint16_t, std::uint64_t>(c, type);
    case gguf_type::i16: return read_scalar<std::int16_t, std::int64_t>(c, type);
    case gguf_type::u32: return read_scalar<std::uint32_t, std::uint64_t>(c, type);
    case gguf_type::i32: return read_scalar<std::int32_t, std::int64_t>(c, type);
    case gguf_type::u64: return read_scalar<std::uint64_t, std::uint64_t>(c, type);
    case gguf_type::i64: return read_scalar<std::int64_t, std::int64_t>(c, type);
    case gguf_type::f32: return read_scalar<float, double>(c, type);
    case gguf_type::f64: return read_scalar<double, double>(c, type);
    case gguf_type::boolean: {
        const std::size_t at = c.offset();
        auto b = c.read<std::uint8_t>("bool");
        if (!b) return b.err();
        if (*b > 1) return c.fail(at, "bool value " + std::to_string(*b) + " is neither 0 nor 1");
        return gguf_value{type, *b == 1};
    }
    case gguf_type::string: {
        auto s = c.read_string("string");
        if (!s) return s.err();
        return gguf_value{type, std::move(*s)};
    }
    case gguf_type::array: return read_array(c, depth);
    }
    return c.fail(c.offset(), "unknown value type");
}

status read_header(cursor& c, gguf_file& f, std::uint64_t& n_tensors, std::uint64_t& n_kv) {
    auto magic = c.read<std::array<char, 4>>("magic");
    if (!magic) return magic.err();
    if (std::memcmp(magic->data(), "GGUF", 4) != 0) return c.fail(0, "bad magic: not a GGUF file");
    auto version = c.read<std::uint32_t>("version");
    if (!version) return version.err();
    if (*version != 2 && *version != 3)
        return c.fail(4, "unsupported GGUF version " + std::to_string(*version) + " (2 and 3 are read)");
    f.version = *version;
    auto nt = c.read<std::uint64_t>("tensor count");
    if (!nt) return nt.err();
    auto nk = c.read<std::uint64_t>("key/value count");
    if (!nk) return nk.err();
    // A tensor info takes at least 8+4+8+4+8 bytes and a key/value at least 8+4+1.
    if (*nt > c.remaining() / 32) return c.fail(8, "tensor count " + std::to_string(*nt) + " exceeds the file");
    if (*nk > c.remaining() / 13) return c.fail(16, "key/value count " + std::to_string(*nk) + " exceeds the file");
    n_tensors = *nt;
    n_kv = *nk;
    return success();
}

status read_kvs(cursor& c, gguf_file& f, std::uint64_t n_kv) {
    for (std::uint64_t i = 0; i < n_kv; ++i) {
        const std::size_t at = c.offset();
        auto key = c.read_string("key");
        if (!key) return key.err();
        auto t = c.read<std::uint32_t>("value type");
        if (!t) return t.err();
        if (!known_type(*t)) return c.fail(at, "key '" + *key + "' has unknown value type " + std::to_string(*t));
        auto v = read_value(c, static_cast<gguf_type>(*t), 0);
        if (!v) return v.err();
        if (!f.kv.emplace(*key, std::move(*v)).second) return c.fail(at, "duplicate key '" + *key + "'");
    }
    if (const auto* a = f.find("general.alignment")) {
        const auto n = a->as_int();
        if (!n || *n <= 0 || (*n & (*n - 1)) != 0)
            return error{"general.alignment must be a power of two"};
        f.alignment = static_cast<std::size_t>(*n);
    }
    return success();
}

status read_tensor_infos(cursor& c, gguf_file& f, std::uint64_t n_tensors) {
    std::set<std::string> names;
    for (std::uint64_t i = 0; i < n_tensors; ++i) {
        const std::size_t at = c.offset();
        gguf_tensor_info t;
        auto name = c.read_string("tensor name");
        if (!name) return name.err();
        if (name->size() > max_name) return c.fail(at, "tensor name '" + *name + "' is longer than 63 bytes");
        if (!names.insert(*name).second) return c.fail(at, "duplicate tensor '" + *name + "'");
        t.name = std::move(*name);
        auto nd = c.read<std::uint32_t>("n_dims");
        if (!nd) return nd.err();
        if (*nd > 4) return c.fail(at, "tensor '" + t.name + "' has " + std::to_string(*nd) + " dimensions (max 4)");
        t.n_dims = *nd;
        for (std::uint32_t d = 0; d < *nd; ++d) {
            auto ne = c.read<std::uint64_t>("dimension");
            if (!ne) return ne.err();
            if (*ne == 0 || *ne > (std::uint64_t{1} << 62))
                return c.fail(at, "tensor '" + t.name + "' has extent " + std::to_string(*ne));
            t.ne[d] = static_cast<std::int64_t>(*ne);
        }
        auto ty = c.read<std::uint32_t>("tensor type");
        if (!ty) return ty.err();
        const auto dt = dtype_from_value(*ty);
        if (!dt) return c.fail(at, "tensor '" + t.name + "' has unknown type " + std::to_string(*ty));
        t.type = *dt;
        if (auto s = check_shape(t.type, t.ne); !s) return c.fail(at, "tensor '" + t.name + "': " + s.err().message);
        auto off = c.read<std::uint64_t>("tensor offset");
        if (!off) return off.err();
        if (*off % f.alignment != 0)
            return c.fail(at, "tensor '" + t.name + "' offset " + std::to_string(*off) + " is not aligned to " +
                                  std::to_string(f.alignment));
        t.offset = *off;
        t.size = row_size(t.type, t.ne[0]) * static_cast<std::size_t>(t.ne[1] * t.ne[2] * t.ne[3]);
        f.tensors.push_back(std::move(t));
    }
    return success();
}

} // namespace

std::optional<std::int64_t> gguf_value::as_int() const {
    if (const auto* u = std::get_if<std::uint64_t>(&v)) {
        if (*u > static_cast<std::uint64_t>(INT64_MAX)) return std::nullopt;
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

const gguf_value* gguf_file::find(const std::string& key) const {
    const auto it = kv.find(key);
    return it == kv.end() ? nullptr : &it->second;
}

std::optional<std::int64_t> gguf_file::get_int(const std::string& key) const {
    const auto* v = find(key);
    return v ? v->as_int() : std::nullopt;
}

std::optional<double> gguf_file::get_float(const std::string& key) const {
    const auto* v = find(key);
    return v ? v->as_float() : std::nullopt;
}

std::optional<std::string> gguf_file::get_string(const std::string& key) const {
    const auto* v = find(key);
    const auto* s = v ? v->as_string() : nullptr;
    return s ? std::optional<std::string>(*s) : std::nullopt;
}

std::span<const std::uint8_t> gguf_file::tensor_data(const gguf_tensor_info& t) const {
    if (!mapping) return {};
    return mapping->bytes().subspan(data_offset + t.offset, t.size);
}

result<gguf_file> parse_gguf(std::span<const std::uint8_t> bytes) {
    gguf_file f;
    cursor c(bytes);
    std::uint64_t n_tensors = 0, n_kv = 0;
    if (auto s = read_header(c, f, n_tensors, n_kv); !s) return s.err();
    if (auto s = read_kvs(c, f, n_kv); !s) return s.err();
    if (auto s = read_tensor_infos(c, f, n_tensors); !s) return s.err();
    f.data_offset = (c.offset() + f.alignment - 1) / f.alignment * f.alignment;
    // Vocab-only files end right after the header, without padding: only tensors need the data section.
    for (const auto& t : f.tensors) {
        if (f.data_offset > bytes.size() || t.offset > bytes.size() - f.data_offset ||
            t.size > bytes.size() - f.data_offset - t.offset)
            return error{"offset " + std::to_string(f.data_offset + t.offset) + ": data of tensor '" + t.name + "' (" +
                         std::to_string(t.size) + " bytes) extends past the end of the file (" +
                         std::to_string(bytes.size()) + " bytes)"};
    }
    return f;
}

result<gguf_file> open_gguf(const std::filesystem::path& path) {
    auto m = mapped_file::open(path);
    if (!m) return error{path.string() + ": " + m.err().message};
    auto f = open_gguf(std::move(*m));
    if (!f) return error{path.string() + ": " + f.err().message};
    return f;
}

result<gguf_file> open_gguf(std::shared_ptr<const mapped_file> bytes) {
    auto f = parse_gguf(bytes->bytes());
    if (f) f->mapping = std::move(bytes);
    return f;
}

std::string_view gguf_type_name(gguf_type t) {
    static constexpr std::array<std::string_view, 13> names{"u8",  "i8",  "u16",   "i16", "u32", "i32", "f32",
                                                            "bool", "string", "array", "u64", "i64", "f64"};
    const auto i = static_cast<std::size_t>(t);
    return i < names.size() ? names[i] : "?";
}

} // namespace planscope
