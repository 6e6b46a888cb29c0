#include "gguf_writer.h"

#include <bit>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <unistd.h>

namespace planscope::test_models {

namespace {

template <class T>
void gw_put(std::string& out, T v) {
    static_assert(std::endian::native == std::endian::little, "GGUF is little-endian");
    char b[sizeof v];
    std::memcpy(b, &v, sizeof v);
    out.append(b, sizeof v);
}

void gw_put_string(std::string& out, std::string_view s) {
    gw_put<std::uint64_t>(out, s.size());
    out.append(s);
}

template <class T>
gguf_kv gw_scalar(std::string key, gguf_type type, T v) {
    gguf_kv kv{std::move(key), type, {}};
    gw_put(kv.encoded, v);
    return kv;
}

template <class T>
gguf_kv gw_array(std::string key, gguf_type element, const std::vector<T>& v) {
    gguf_kv kv{std::move(key), gguf_type::array, {}};
    gw_put(kv.encoded, static_cast<std::uint32_t>(element));
    gw_put<std::uint64_t>(kv.encoded, v.size());
    for (const T& x : v) gw_put(kv.encoded, x);
    return kv;
}

std::uint64_t gw_pad(std::uint64_t n, std::uint64_t align) { return (n + align - 1) / align * align; }

// splitmix64 (Steele, Lea, Flood 2014): the same stream on every platform.
std::uint64_t gw_splitmix(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// center + u * half_width with u = k / 2^23, k uniform in [-2^23, 2^23): one exact scaling by a
// power of two, one multiply and one add, each rounded once (no contraction: see CMakeLists.txt).
float gw_uniform(std::uint64_t& state, float center, float half_width) {
    const auto k = static_cast<std::int32_t>(gw_splitmix(state) >> 40) - (1 << 23);
    const float step = half_width * 0x1p-23f;
    const float offset = static_cast<float>(k) * step;
    return center + offset;
}

// One block of 32 uniform values quantized as ggml's reference quantizers do: q8_0 a half scale
// amax / 127 and 32 rounded int8; q4_0 a half scale max / -8 (max: the value of largest
// magnitude, with its sign) and 32 nibbles min(15, trunc(x / d + 8.5)), low nibbles the first 16.
void gw_quantized_block(std::string& out, dtype type, std::uint64_t& state, const tensor_fill& fill) {
    float x[32];
    float amax = 0.0f, max = 0.0f;
    for (float& v : x) {
        v = gw_uniform(state, fill.center, fill.half_width);
        if (std::fabs(v) > amax) {
            amax = std::fabs(v);
            max = v;
        }
    }
    if (type == dtype::q8_0) {
        const float d = amax / 127.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        gw_put(out, f32_to_f16(d));
        for (const float v : x) gw_put(out, static_cast<std::int8_t>(std::lround(v * id)));
        return;
    }
    const float d = max / -8.0f;
    const float id = d != 0.0f ? 1.0f / d : 0.0f;
    gw_put(out, f32_to_f16(d));
    const auto nibble = [&](float v) { return static_cast<std::uint8_t>(std::min(15, static_cast<int>(v * id + 8.5f))); };
    for (int j = 0; j < 16; ++j) gw_put(out, static_cast<std::uint8_t>(nibble(x[j]) | nibble(x[j + 16]) << 4));
}

result<std::string> gw_tensor_data(const gguf_tensor& t, std::uint64_t seed, std::uint64_t bytes) {
    if (t.fill.how == tensor_fill::kind::bytes) {
        if (t.fill.bytes.size() != bytes)
            return error{t.name + ": " + std::to_string(t.fill.bytes.size()) + " bytes given for a tensor of " +
                         std::to_string(bytes)};
        return std::string(t.fill.bytes.begin(), t.fill.bytes.end());
    }
    if (t.type != dtype::f32 && t.type != dtype::f16 && t.type != dtype::q8_0 && t.type != dtype::q4_0)
        return error{t.name + ": random data is made for f32, f16, q8_0 and q4_0 only, not " + std::string(type_name(t.type))};
    std::uint64_t state = seed ^ fnv1a64(t.name);
    std::string out;
    out.reserve(bytes);
    if (t.type == dtype::q8_0 || t.type == dtype::q4_0) {
        for (std::uint64_t i = 0; i < bytes / type_size(t.type); ++i) gw_quantized_block(out, t.type, state, t.fill);
        return out;
    }
    const std::uint64_t n = bytes / type_size(t.type);
    for (std::uint64_t i = 0; i < n; ++i) {
        const float v = gw_uniform(state, t.fill.center, t.fill.half_width);
        if (t.type == dtype::f32) gw_put(out, v);
        else gw_put(out, f32_to_f16(v));
    }
    return out;
}

bool gw_write_all(int fd, std::string_view data) {
    while (!data.empty()) {
        const ssize_t n = ::write(fd, data.data(), data.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        data.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

// `bytes`, then zeros up to `size` (a hole: nothing is written), into a temporary renamed over `file`.
status gw_write_file(const std::filesystem::path& file, std::string_view bytes, std::uint64_t size) {
    const std::string dest = file.string();
    const std::string tmp = dest + ".tmp-" + std::to_string(::getpid());
    const auto fail = [&](const char* what) {
        const int err = errno;
        ::unlink(tmp.c_str());
        return error{dest + ": " + what + ": " + std::strerror(err)};
    };
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return error{dest + ": cannot create " + tmp + ": " + std::strerror(errno)};
    const bool written = gw_write_all(fd, bytes) && ::ftruncate(fd, static_cast<off_t>(size)) == 0;
    if (::close(fd) != 0 || !written) return fail("cannot write");
    if (::rename(tmp.c_str(), dest.c_str()) != 0) return fail("cannot replace");
    return success();
}

} // namespace

gguf_kv kv_u8(std::string key, std::uint8_t v) { return gw_scalar(std::move(key), gguf_type::u8, v); }
gguf_kv kv_i8(std::string key, std::int8_t v) { return gw_scalar(std::move(key), gguf_type::i8, v); }
gguf_kv kv_u16(std::string key, std::uint16_t v) { return gw_scalar(std::move(key), gguf_type::u16, v); }
gguf_kv kv_i16(std::string key, std::int16_t v) { return gw_scalar(std::move(key), gguf_type::i16, v); }
gguf_kv kv_u32(std::string key, std::uint32_t v) { return gw_scalar(std::move(key), gguf_type::u32, v); }
gguf_kv kv_i32(std::string key, std::int32_t v) { return gw_scalar(std::move(key), gguf_type::i32, v); }
gguf_kv kv_u64(std::string key, std::uint64_t v) { return gw_scalar(std::move(key), gguf_type::u64, v); }
gguf_kv kv_i64(std::string key, std::int64_t v) { return gw_scalar(std::move(key), gguf_type::i64, v); }
gguf_kv kv_f32(std::string key, float v) { return gw_scalar(std::move(key), gguf_type::f32, v); }
gguf_kv kv_f64(std::string key, double v) { return gw_scalar(std::move(key), gguf_type::f64, v); }
gguf_kv kv_bool(std::string key, bool v) { return gw_scalar(std::move(key), gguf_type::boolean, std::uint8_t{v}); }

gguf_kv kv_string(std::string key, std::string_view v) {
    gguf_kv kv{std::move(key), gguf_type::string, {}};
    gw_put_string(kv.encoded, v);
    return kv;
}

gguf_kv kv_strings(std::string key, const std::vector<std::string>& v) {
    gguf_kv kv{std::move(key), gguf_type::array, {}};
    gw_put(kv.encoded, static_cast<std::uint32_t>(gguf_type::string));
    gw_put<std::uint64_t>(kv.encoded, v.size());
    for (const auto& s : v) gw_put_string(kv.encoded, s);
    return kv;
}

gguf_kv kv_i32s(std::string key, const std::vector<std::int32_t>& v) { return gw_array(std::move(key), gguf_type::i32, v); }
gguf_kv kv_u32s(std::string key, const std::vector<std::uint32_t>& v) { return gw_array(std::move(key), gguf_type::u32, v); }
gguf_kv kv_f32s(std::string key, const std::vector<float>& v) { return gw_array(std::move(key), gguf_type::f32, v); }

gguf_kv kv_bools(std::string key, const std::vector<bool>& v) {
    std::vector<std::uint8_t> bytes(v.begin(), v.end());
    return gw_array(std::move(key), gguf_type::boolean, bytes);
}

std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t h) {
    for (const char c : bytes) {
        h ^= static_cast<std::uint8_t>(c);
        h *= 0x100000001b3ULL;
    }
    return h;
}

std::uint16_t f32_to_f16(float f) {
    const std::uint32_t x = std::bit_cast<std::uint32_t>(f);
    const std::uint32_t sign = (x >> 16) & 0x8000u;
    const std::uint32_t abs = x & 0x7fffffffu;
    if (abs > 0x7f800000u) return static_cast<std::uint16_t>(sign | 0x7e00u); // NaN
    if (abs >= 0x477ff000u) return static_cast<std::uint16_t>(sign | 0x7c00u); // rounds past 65504: inf
    if (abs < 0x38800000u) {
        // A subnormal half (or zero): the value in units of 2^-24, rounded to nearest even.
        if (abs < 0x33000000u) return static_cast<std::uint16_t>(sign); // under half of 2^-24
        const std::uint32_t mant = (abs & 0x7fffffu) | 0x800000u;
        const std::uint32_t s = 126u - (abs >> 23); // mant * 2^(e - 150) in units of 2^-24
        std::uint32_t h = mant >> s;
        const std::uint32_t rest = mant & ((1u << s) - 1u);
        const std::uint32_t half = 1u << (s - 1u);
        if (rest > half || (rest == half && (h & 1u))) ++h;
        return static_cast<std::uint16_t>(sign | h);
    }
    // Normal: rebias the exponent (127 -> 15), keep 10 mantissa bits, round to nearest even (a
    // carry into the exponent is the right answer).
    std::uint32_t h = ((abs >> 13) - ((127u - 15u) << 10));
    const std::uint32_t rest = abs & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) ++h;
    return static_cast<std::uint16_t>(sign | h);
}

result<std::uint64_t> tensor_bytes(dtype type, const std::vector<std::int64_t>& ne) {
    if (ne.empty() || ne.size() > 4) return error{"a tensor has 1 to 4 dimensions, not " + std::to_string(ne.size())};
    const std::int64_t block = block_size(type);
    if (ne[0] <= 0 || ne[0] % block != 0)
        return error{"ne0 " + std::to_string(ne[0]) + " is not a positive multiple of " + std::to_string(block)};
    std::uint64_t bytes = static_cast<std::uint64_t>(ne[0] / block) * type_size(type);
    for (std::size_t i = 1; i < ne.size(); ++i) {
        if (ne[i] <= 0) return error{"dimension " + std::to_string(i) + " is " + std::to_string(ne[i])};
        const auto n = static_cast<std::uint64_t>(ne[i]);
        if (bytes > std::numeric_limits<std::uint64_t>::max() / n) return error{"the tensor's size overflows"};
        bytes *= n;
    }
    return bytes;
}

result<written_gguf> write_gguf(const std::filesystem::path& file, const gguf_document& doc) {
    const std::uint64_t align = doc.alignment;
    if (align == 0 || (align & (align - 1)) != 0) return error{file.string() + ": alignment " + std::to_string(align) + " is not a power of two"};
    std::string out;
    out.append("GGUF", 4);
    gw_put<std::uint32_t>(out, 3);
    gw_put<std::uint64_t>(out, doc.tensors.size());
    gw_put<std::uint64_t>(out, doc.kv.size());
    for (const auto& kv : doc.kv) {
        gw_put_string(out, kv.key);
        gw_put(out, static_cast<std::uint32_t>(kv.type));
        out.append(kv.encoded);
    }
    // Tensor infos: each tensor's data starts aligned, right after the previous one's (ggml checks this).
    std::vector<std::uint64_t> sizes;
    std::uint64_t data_size = 0;
    for (const auto& t : doc.tensors) {
        auto bytes = tensor_bytes(t.type, t.ne);
        if (!bytes) return error{file.string() + ": " + t.name + ": " + bytes.err().message};
        gw_put_string(out, t.name);
        gw_put<std::uint32_t>(out, static_cast<std::uint32_t>(t.ne.size()));
        for (const std::int64_t n : t.ne) gw_put(out, n);
        gw_put(out, static_cast<std::uint32_t>(t.type));
        gw_put(out, data_size);
        sizes.push_back(*bytes);
        if (*bytes > std::numeric_limits<std::uint64_t>::max() / 2 - data_size) return error{file.string() + ": the data overflows"};
        data_size += gw_pad(*bytes, align);
    }
    out.resize(gw_pad(out.size(), align), '\0');
    written_gguf w;
    w.data_offset = out.size();
    w.file_bytes = w.data_offset + data_size;
    if (doc.shape_only) {
        w.fnv1a64 = fnv1a64(out);
    } else {
        for (std::size_t i = 0; i < doc.tensors.size(); ++i) {
            auto data = gw_tensor_data(doc.tensors[i], doc.seed, sizes[i]);
            if (!data) return error{file.string() + ": " + data.err().message};
            out.append(*data);
            out.resize(gw_pad(out.size(), align), '\0');
        }
        w.fnv1a64 = fnv1a64(out);
    }
    if (auto s = gw_write_file(file, out, w.file_bytes); !s) return s.err();
    return w;
}

} // namespace planscope::test_models
