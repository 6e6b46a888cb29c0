#include "cpu_harness.h"

#include "alloc/graph_allocator.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace planscope::testing {

host_tensor holed_mask(shape ne, std::mt19937& rng) {
    host_tensor m = random_host(ne, rng, -2.0f, 2.0f);
    for (std::size_t i = 0; i < m.v.size(); ++i)
        if (i % 5 == 4 && i % static_cast<std::size_t>(ne[0]) != 0) m.v[i] = -std::numeric_limits<float>::infinity();
    return m;
}

double alibi(double max_bias, std::int64_t n_head, std::int64_t h) {
    if (max_bias <= 0.0) return 1.0;
    const double n_log2 = std::exp2(std::floor(std::log2(static_cast<double>(n_head))));
    const double m0 = std::exp2(-max_bias / n_log2), m1 = std::exp2(-(max_bias / 2) / n_log2);
    return h < n_log2 ? std::pow(m0, static_cast<double>(h + 1)) : std::pow(m1, 2.0 * (static_cast<double>(h) - n_log2) + 1);
}

host_tensor random_host(shape s, std::mt19937& rng, float lo, float hi) {
    host_tensor t(s);
    std::uniform_real_distribution<float> u(lo, hi);
    for (float& x : t.v) x = u(rng);
    return t;
}

host_tensor permuted(const host_tensor& t, std::array<int, 4> axes) {
    shape ne{};
    for (int i = 0; i < 4; ++i) ne[axes[i]] = t.ne[i];
    host_tensor r(ne);
    for (std::int64_t i3 = 0; i3 < t.ne[3]; ++i3)
        for (std::int64_t i2 = 0; i2 < t.ne[2]; ++i2)
            for (std::int64_t i1 = 0; i1 < t.ne[1]; ++i1)
                for (std::int64_t i0 = 0; i0 < t.ne[0]; ++i0) {
                    std::array<std::int64_t, 4> j{};
                    const std::array<std::int64_t, 4> i{i0, i1, i2, i3};
                    for (int k = 0; k < 4; ++k) j[axes[k]] = i[k];
                    r.at(j[0], j[1], j[2], j[3]) = t.at(i0, i1, i2, i3);
                }
    return r;
}

host_tensor transposed(const host_tensor& t) { return permuted(t, {1, 0, 2, 3}); }

std::uint16_t ref_f32_to_f16(float f) {
    const std::uint16_t sign = std::signbit(f) ? 0x8000 : 0;
    if (std::isnan(f)) return sign | 0x7e00;
    if (std::isinf(f)) return sign | 0x7c00;
    const double a = std::fabs(static_cast<double>(f));
    if (a == 0.0) return sign;
    int e;
    std::frexp(a, &e);           // a = m * 2^e, m in [0.5, 1)
    e = std::max(e - 1, -14);    // a = 1.x * 2^e, or a subnormal with the smallest exponent
    const double quantum = std::ldexp(1.0, e - 10);
    double q = std::nearbyint(a / quantum); // rounds half to even
    if (q >= 2048) {
        q /= 2;
        e += 1;
    }
    if (q < 1024) return static_cast<std::uint16_t>(sign | static_cast<std::uint16_t>(q)); // subnormal
    if (e + 15 >= 31) return sign | 0x7c00;
    return static_cast<std::uint16_t>(sign | ((e + 15) << 10) | (static_cast<int>(q) - 1024));
}

float ref_f16_to_f32(std::uint16_t h) {
    const int exp = (h >> 10) & 31, mant = h & 1023;
    const double sign = (h & 0x8000) ? -1.0 : 1.0;
    if (exp == 31) return static_cast<float>(mant ? std::numeric_limits<double>::quiet_NaN() : sign * INFINITY);
    if (exp == 0) return static_cast<float>(sign * std::ldexp(mant, -24));
    return static_cast<float>(sign * std::ldexp(1024 + mant, exp - 25));
}

std::uint16_t ref_f32_to_bf16(float f) {
    if (std::isnan(f)) return static_cast<std::uint16_t>((std::bit_cast<std::uint32_t>(f) >> 16) | 0x40);
    if (f == 0.0f || std::isinf(f)) return static_cast<std::uint16_t>(std::bit_cast<std::uint32_t>(f) >> 16);
    int e;
    std::frexp(static_cast<double>(f), &e);
    const double quantum = std::ldexp(1.0, std::max(e - 1, -126) - 7);
    const double r = std::nearbyint(static_cast<double>(f) / quantum) * quantum;
    return static_cast<std::uint16_t>(std::bit_cast<std::uint32_t>(static_cast<float>(r)) >> 16);
}

float ref_bf16_to_f32(std::uint16_t h) { return std::bit_cast<float>(static_cast<std::uint32_t>(h) << 16); }

host_tensor rounded(const host_tensor& t, dtype type) {
    host_tensor r = t;
    for (float& x : r.v) {
        if (type == dtype::f16) x = ref_f16_to_f32(ref_f32_to_f16(x));
        if (type == dtype::bf16) x = ref_bf16_to_f32(ref_f32_to_bf16(x));
    }
    return r;
}

tensor_id cpu_graph::leaf(dtype type, shape ne, const char* name) {
    return b.set_name(b.new_tensor(type, ne), name);
}

status cpu_graph::prepare(tensor_id out) {
    if (!b.ok()) return *b.first_error();
    if (auto s = build_forward_expand(ctx, g, out); !s) return s;
    const auto bytes_of = [&](const std::vector<tensor_id>& ids) {
        std::size_t n = 2 * cpu_backend::tensor_alignment;
        for (tensor_id id : ids) n += nbytes(ctx[id]) + cpu_backend::tensor_alignment;
        return n;
    };
    auto inputs = backend.alloc_buffer(buffer_id{0}, bytes_of(g.leafs));
    auto nodes = backend.alloc_buffer(buffer_id{1}, bytes_of(g.nodes));
    if (!inputs) return inputs.err();
    if (!nodes) return nodes.err();
    if (auto s = table.add(*inputs); !s) return s;
    if (auto s = table.add(*nodes); !s) return s;
    auto leaf_alloc = tensor_allocator::create(*inputs);
    if (!leaf_alloc) return leaf_alloc.err();
    for (tensor_id id : g.leafs)
        if (auto s = leaf_alloc->alloc(ctx, id); !s) return s;
    auto node_alloc = tensor_allocator::create(*nodes);
    if (!node_alloc) return node_alloc.err();
    graph_allocator galloc;
    if (auto r = galloc.alloc_graph(ctx, g, *node_alloc); !r) return r.err();
    return success();
}

status cpu_graph::set(tensor_id id, const host_tensor& values) {
    const tensor& t = ctx[id];
    if (values.ne != t.ne) return error{"set: shape mismatch for '" + t.name + "'"};
    std::vector<std::byte> bytes(nbytes(t));
    const std::size_t esize = type_size(t.type);
    for (std::size_t i = 0; i < values.v.size(); ++i) {
        const float x = values.v[i];
        std::byte* at = bytes.data() + i * esize; // leafs are contiguous
        if (t.type == dtype::f32) {
            std::memcpy(at, &x, 4);
        } else if (t.type == dtype::f16) {
            const std::uint16_t h = ref_f32_to_f16(x);
            std::memcpy(at, &h, 2);
        } else if (t.type == dtype::bf16) {
            const std::uint16_t h = ref_f32_to_bf16(x);
            std::memcpy(at, &h, 2);
        } else {
            return error{"set: unsupported type"};
        }
    }
    return tensor_set(table, t, bytes.data(), 0, bytes.size());
}

status cpu_graph::set_i32(tensor_id id, const std::vector<std::int32_t>& values) {
    const tensor& t = ctx[id];
    return tensor_set(table, t, values.data(), 0, values.size() * sizeof(std::int32_t));
}

result<host_tensor> read_host(const buffer_table& table, const tensor& t) {
    std::vector<std::byte> bytes(nbytes(t));
    if (auto s = tensor_get(table, t, bytes.data(), 0, bytes.size()); !s) return s.err();
    host_tensor r(t.ne);
    for (std::int64_t i3 = 0; i3 < t.ne[3]; ++i3)
        for (std::int64_t i2 = 0; i2 < t.ne[2]; ++i2)
            for (std::int64_t i1 = 0; i1 < t.ne[1]; ++i1)
                for (std::int64_t i0 = 0; i0 < t.ne[0]; ++i0) {
                    const std::byte* at = bytes.data() + i0 * t.nb[0] + i1 * t.nb[1] + i2 * t.nb[2] + i3 * t.nb[3];
                    float x = 0.0f;
                    std::uint16_t h;
                    std::int32_t i;
                    switch (t.type) {
                    case dtype::f32: std::memcpy(&x, at, 4); break;
                    case dtype::f16: std::memcpy(&h, at, 2); x = ref_f16_to_f32(h); break;
                    case dtype::bf16: std::memcpy(&h, at, 2); x = ref_bf16_to_f32(h); break;
                    case dtype::i32: std::memcpy(&i, at, 4); x = static_cast<float>(i); break;
                    default: return error{"get: unsupported type"};
                    }
                    r.at(i0, i1, i2, i3) = x;
                }
    return r;
}

result<host_tensor> cpu_graph::get(tensor_id id) const { return read_host(table, ctx[id]); }

double max_rel_error(const host_tensor& a, const host_tensor& b) {
    if (a.ne != b.ne) return std::numeric_limits<double>::infinity();
    double worst = 0.0;
    for (std::size_t i = 0; i < a.v.size(); ++i) {
        const double x = a.v[i], y = b.v[i];
        if (std::isinf(y) && x == y) continue;
        if (std::isnan(x) != std::isnan(y)) return std::numeric_limits<double>::infinity();
        if (std::isnan(y)) continue;
        worst = std::max(worst, std::fabs(x - y) / std::max(1.0, std::fabs(y)));
    }
    return worst;
}

} // namespace planscope::testing
