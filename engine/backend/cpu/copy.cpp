// DUP, CPY and CONT (ggml_compute_forward_dup: the k-th element of src0, in i0-fastest order,
// becomes the k-th element of the destination, converting the type), REPEAT (2023's two-source
// form and d99724f2's one-source form alike: the result's shape) and CONCAT.
#include "kernels.h"
#include "quantize.h"
#include "row_io.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace planscope::cpu {
namespace {

bool contiguous(const strided_tensor& t) {
    std::size_t expect = type_size(t.type);
    if (t.nb[0] != expect) return false;
    expect = row_size(t.type, t.ne[0]);
    for (int i = 1; i < max_dims; ++i) {
        if (t.ne[i] > 1 && t.nb[i] != expect) return false;
        expect *= static_cast<std::size_t>(t.ne[i]);
    }
    return true;
}

// Same type, both contiguous: one memcpy, split by bytes.
void copy_bytes(const exec_node& n, const kernel_context& kc) {
    const strided_tensor &s = n.src[0], &d = n.dst;
    const std::size_t bytes = row_size(s.type, s.ne[0]) * static_cast<std::size_t>(s.rows());
    const auto [first, last] = kc.share(static_cast<std::int64_t>(bytes));
    std::memmove(d.data + first, s.data + first, static_cast<std::size_t>(last - first));
}

// Rows of equal length: row r of the source is row r of the destination.
void copy_rows(const exec_node& n, const kernel_context& kc) {
    const strided_tensor &s = n.src[0], &d = n.dst;
    const std::int64_t ne0 = s.ne[0];
    const std::size_t esize = type_size(s.type);
    const bool same = s.type == d.type;
    float* scratch = kc.scratch(0, padded(ne0));
    const auto [first, last] = kc.share(s.rows());
    for (std::int64_t r = first; r < last; ++r) {
        const std::byte* in = s.row(r);
        std::byte* out = d.row(r);
        if (same && s.nb[0] == esize && d.nb[0] == esize) {
            std::memmove(out, in, row_size(s.type, ne0));
        } else if (same) {
            for (std::int64_t i = 0; i < ne0; ++i)
                std::memmove(out + static_cast<std::size_t>(i) * d.nb[0], in + static_cast<std::size_t>(i) * s.nb[0], esize);
        } else if (const quantize_fn q = quantizer(d.type)) {
            load_f32(s.type, in, s.nb[0], scratch, ne0);
            q(scratch, out, ne0);
        } else {
            load_f32(s.type, in, s.nb[0], scratch, ne0);
            store_f32(d.type, scratch, out, d.nb[0], ne0);
        }
    }
}

// Rows of different lengths: each element goes to its flat index in the destination.
void copy_flat(const exec_node& n, const kernel_context& kc) {
    const strided_tensor &s = n.src[0], &d = n.dst;
    const std::int64_t ne00 = s.ne[0];
    const std::size_t esize = type_size(s.type);
    const bool same = s.type == d.type;
    float* scratch = kc.scratch(0, padded(ne00));
    const auto [first, last] = kc.share(s.rows());
    for (std::int64_t r = first; r < last; ++r) {
        const std::byte* in = s.row(r);
        if (!same) load_f32(s.type, in, s.nb[0], scratch, ne00);
        const std::int64_t k = r * ne00;
        std::int64_t i0 = k % d.ne[0];
        std::int64_t dr = k / d.ne[0];
        std::byte* out = d.row(dr);
        for (std::int64_t i = 0; i < ne00; ++i) {
            std::byte* at = out + static_cast<std::size_t>(i0) * d.nb[0];
            if (same) {
                std::memmove(at, in + static_cast<std::size_t>(i) * s.nb[0], esize);
            } else {
                store_f32(d.type, scratch + i, at, d.nb[0], 1);
            }
            if (++i0 == d.ne[0] && i + 1 < ne00) {
                i0 = 0;
                out = d.row(++dr);
            }
        }
    }
}

} // namespace

void run_copy(const exec_node& n, const kernel_context& kc) {
    const strided_tensor &s = n.src[0], &d = n.dst;
    if (s.type == d.type && contiguous(s) && contiguous(d)) return copy_bytes(n, kc);
    if (s.ne[0] == d.ne[0]) return copy_rows(n, kc);
    copy_flat(n, kc);
}

std::size_t work_copy(const exec_node& n, int nth) { return scratch_bytes(padded(n.src[0].ne[0]), nth); }

// dst[i] = src[i mod ne(src)] in every dimension.
void run_repeat(const exec_node& n, const kernel_context& kc) {
    const strided_tensor &s = n.src[0], &d = n.dst;
    const std::int64_t ne00 = s.ne[0], ne0 = d.ne[0];
    float* ss = kc.scratch(0, 2 * padded(ne0));
    float* sd = ss + padded(ne0);
    const auto [first, last] = kc.share(d.rows());
    for (std::int64_t r = first; r < last; ++r) {
        const std::int64_t i1 = r % d.ne[1], i2 = (r / d.ne[1]) % d.ne[2], i3 = r / (d.ne[1] * d.ne[2]);
        const float* x = read_row(s, s.row(i1 % s.ne[1], i2 % s.ne[2], i3 % s.ne[3]), ss);
        std::byte* out = d.row(i1, i2, i3);
        float* y = row_target(d, out, sd);
        for (std::int64_t k = 0; k < ne0; k += ne00)
            for (std::int64_t i = 0; i < ne00; ++i) y[k + i] = x[i];
        write_row(d, out, y);
    }
}

// Along op param 0 (ggml d99724f2; 2023's joined along dimension 2, the param's default): src0's
// part, then src1's. Along dimension 0 a row is a row of each.
void run_concat(const exec_node& n, const kernel_context& kc) {
    const strided_tensor &a = n.src[0], &b = n.src[1], &d = n.dst;
    const int dim = n.params.get_i32(0);
    float* sa = kc.scratch(0, 3 * padded(d.ne[0]));
    float* sb = sa + padded(d.ne[0]);
    float* sd = sb + padded(d.ne[0]);
    const auto [first, last] = kc.share(d.rows());
    for (std::int64_t r = first; r < last; ++r) {
        std::array<std::int64_t, max_dims> i{0, r % d.ne[1], (r / d.ne[1]) % d.ne[2], r / (d.ne[1] * d.ne[2])};
        std::byte* out = d.row(i[1], i[2], i[3]);
        float* y = row_target(d, out, sd);
        if (dim == 0) {
            const float* x = read_row(a, a.row(i[1], i[2], i[3]), sa);
            const float* z = read_row(b, b.row(i[1], i[2], i[3]), sb);
            std::copy(x, x + a.ne[0], y);
            std::copy(z, z + b.ne[0], y + a.ne[0]);
        } else {
            const bool from_a = i[dim] < a.ne[dim];
            if (!from_a) i[dim] -= a.ne[dim];
            const strided_tensor& s = from_a ? a : b;
            const float* x = read_row(s, s.row(i[1], i[2], i[3]), sa);
            std::copy(x, x + d.ne[0], y);
        }
        write_row(d, out, y);
    }
}

} // namespace planscope::cpu
