#include "gguf.h"

#include "core/op_rules.h"
#include "core/printable.h"
#include "core/tensor.h"
#include "gguf_cursor.h"
#include "gguf_limits.h"

#include <array>
#include <cstring>
#include <set>

namespace planscope {
namespace {

// A count from the header: at most `limit`, and at most one item per `min_bytes` bytes left.
status check_count(const gguf_cursor& c, std::size_t at, const char* what, std::uint64_t n, std::uint64_t limit,
                   std::size_t min_bytes) {
    if (n > limit)
        return c.fail(at, std::string(what) + " " + std::to_string(n) + " is over the limit of " +
                              std::to_string(limit));
    if (n > c.remaining() / min_bytes)
        return c.fail(at, std::string(what) + " " + std::to_string(n) + " exceeds the file (" +
                              std::to_string(c.remaining()) + " bytes left, " + std::to_string(min_bytes) +
                              " bytes or more each)");
    return success();
}

status read_header(gguf_cursor& c, gguf_file& f, std::uint64_t& n_tensors, std::uint64_t& n_kv) {
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
    if (auto s = check_count(c, 8, "tensor count", *nt, gguf_max_tensors, 32); !s) return s;
    if (auto s = check_count(c, 16, "key/value count", *nk, gguf_max_kv, 13); !s) return s;
    n_tensors = *nt;
    n_kv = *nk;
    return success();
}

// ggml reads general.alignment as a u32; it must be a power of two.
status read_alignment(gguf_file& f) {
    const gguf_value* a = f.find("general.alignment");
    if (!a) return success();
    const auto* u = std::get_if<std::uint64_t>(&a->v);
    const auto* i = std::get_if<std::int64_t>(&a->v);
    if (!u && !i)
        return error{"general.alignment must be an integer, found " +
                     std::string(a->type == gguf_type::array ? "an " : "a ") + std::string(gguf_type_name(a->type))};
    if (i && *i <= 0) return error{"general.alignment " + std::to_string(*i) + " is not a power of two"};
    const std::uint64_t n = u ? *u : static_cast<std::uint64_t>(*i);
    // 0 passes the bit test but would be a divisor.
    if (n == 0 || (n & (n - 1)) != 0) return error{"general.alignment " + std::to_string(n) + " is not a power of two"};
    if (n > gguf_max_alignment)
        return error{"general.alignment " + std::to_string(n) + " is over the limit of " +
                     std::to_string(gguf_max_alignment)};
    f.alignment = static_cast<std::size_t>(n);
    return success();
}

status read_kvs(gguf_cursor& c, gguf_file& f, std::uint64_t n_kv) {
    for (std::uint64_t i = 0; i < n_kv; ++i) {
        const std::size_t at = c.offset();
        auto key = c.read_string("key", gguf_max_key_length);
        if (!key) return key.err();
        auto t = c.read<std::uint32_t>("value type");
        if (!t) return t.err();
        if (!gguf_known_type(*t))
            return c.fail(at, "key '" + printable(*key) + "' has unknown value type " + std::to_string(*t));
        auto v = read_gguf_value(c, static_cast<gguf_type>(*t), 0);
        if (!v) return error{v.err().message + " (value of key '" + printable(*key) + "')"};
        if (!f.kv.emplace(*key, std::move(*v)).second) return c.fail(at, "duplicate key '" + printable(*key) + "'");
    }
    return read_alignment(f);
}

result<std::size_t> tensor_bytes(const gguf_tensor_info& t) {
    std::size_t bytes = row_size(t.type, t.ne[0]);
    for (int d = 1; d < 4; ++d)
        if (__builtin_mul_overflow(bytes, static_cast<std::size_t>(t.ne[d]), &bytes))
            return error{"overflows the byte count"};
    return bytes;
}

result<gguf_tensor_info> read_tensor_info(gguf_cursor& c, const gguf_file& f) {
    const std::size_t at = c.offset();
    gguf_tensor_info t;
    auto name = c.read_string("tensor name", gguf_max_key_length);
    if (!name) return name.err();
    const std::string shown = "tensor '" + printable(*name) + "'";
    if (name->size() > max_name)
        return c.fail(at, shown + " has a name of " + std::to_string(name->size()) + " bytes, over the limit of " +
                              std::to_string(max_name));
    t.name = std::move(*name);
    auto nd = c.read<std::uint32_t>("n_dims");
    if (!nd) return nd.err();
    if (*nd > 4) return c.fail(at, shown + " has " + std::to_string(*nd) + " dimensions, over the limit of 4");
    t.n_dims = *nd;
    for (std::uint32_t d = 0; d < *nd; ++d) {
        auto ne = c.read<std::uint64_t>("dimension");
        if (!ne) return ne.err();
        if (*ne == 0 || *ne > static_cast<std::uint64_t>(INT64_MAX))
            return c.fail(at, shown + " has extent " + std::to_string(*ne) + " in dimension " + std::to_string(d) +
                                  " (1 to " + std::to_string(INT64_MAX) + ")");
        t.ne[d] = static_cast<std::int64_t>(*ne);
    }
    auto ty = c.read<std::uint32_t>("tensor type");
    if (!ty) return ty.err();
    const auto dt = dtype_from_value(*ty);
    if (!dt) return c.fail(at, shown + " has unknown type " + std::to_string(*ty));
    t.type = *dt;
    if (auto s = check_shape(t.type, t.ne); !s) return c.fail(at, shown + ": " + s.err().message);
    auto off = c.read<std::uint64_t>("tensor offset");
    if (!off) return off.err();
    if (*off % f.alignment != 0)
        return c.fail(at, shown + " offset " + std::to_string(*off) + " is not aligned to " +
                              std::to_string(f.alignment));
    t.offset = *off;
    auto size = tensor_bytes(t);
    if (!size) return c.fail(at, shown + ": " + size.err().message);
    t.size = *size;
    return t;
}

status read_tensor_infos(gguf_cursor& c, gguf_file& f, std::uint64_t n_tensors) {
    std::set<std::string, std::less<>> names;
    f.tensors.reserve(static_cast<std::size_t>(n_tensors)); // bounded by gguf_max_tensors
    for (std::uint64_t i = 0; i < n_tensors; ++i) {
        const std::size_t at = c.offset();
        auto t = read_tensor_info(c, f);
        if (!t) return t.err();
        if (!names.insert(t->name).second) return c.fail(at, "duplicate tensor '" + printable(t->name) + "'");
        f.tensors.push_back(std::move(*t));
    }
    return success();
}

// Every tensor's data must lie inside the file (offsets are shown from the data section, which
// cannot overflow).
status check_data(const gguf_file& f, std::size_t file_size) {
    for (const auto& t : f.tensors) {
        std::uint64_t begin = 0, end = 0;
        if (__builtin_add_overflow(f.data_offset, t.offset, &begin) || __builtin_add_overflow(begin, t.size, &end) ||
            end > file_size)
            return error{"offset " + std::to_string(f.data_offset) + ": data of tensor '" + printable(t.name) + "' (" +
                         std::to_string(t.size) + " bytes at data offset " + std::to_string(t.offset) +
                         ") extends past the end of the file (" + std::to_string(file_size) + " bytes)"};
    }
    return success();
}

} // namespace

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
    gguf_cursor c(bytes);
    std::uint64_t n_tensors = 0, n_kv = 0;
    if (auto s = read_header(c, f, n_tensors, n_kv); !s) return s.err();
    if (auto s = read_kvs(c, f, n_kv); !s) return s.err();
    if (auto s = read_tensor_infos(c, f, n_tensors); !s) return s.err();
    // Cannot overflow: the offset is within the file and the alignment at most gguf_max_alignment.
    f.data_offset = (c.offset() + f.alignment - 1) / f.alignment * f.alignment;
    // Vocab-only files end right after the header, without padding: only tensors need the data section.
    if (auto s = check_data(f, bytes.size()); !s) return s.err();
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

} // namespace planscope
