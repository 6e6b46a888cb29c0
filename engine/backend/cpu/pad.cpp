// PAD (ggml_pad_ext of d99724f2): lp zeros before and rp after each dimension (op params 0..7,
// left and right per dimension), or, circular (op param 8), the source repeated around, as if on a
// torus. Computed in f32 row by row.
#include "kernels.h"
#include "row_io.h"

#include <algorithm>
#include <array>

namespace planscope::cpu {
namespace {

std::int64_t pad_wrap(std::int64_t i, std::int64_t n) { return ((i % n) + n) % n; }

} // namespace

void run_pad(const exec_node& n, const kernel_context& kc) {
    const strided_tensor &s = n.src[0], &d = n.dst;
    std::array<std::int64_t, max_dims> lp{};
    for (int k = 0; k < max_dims; ++k) lp[static_cast<std::size_t>(k)] = n.params.get_i32(2 * k);
    const bool circular = n.params.get_i32(8) != 0;
    float* sx = kc.scratch(0, 2 * padded(std::max(s.ne[0], d.ne[0])));
    float* sy = sx + padded(std::max(s.ne[0], d.ne[0]));
    const auto [first, last] = kc.share(d.rows());
    for (std::int64_t r = first; r < last; ++r) {
        const std::array<std::int64_t, max_dims> i{0, r % d.ne[1], (r / d.ne[1]) % d.ne[2], r / (d.ne[1] * d.ne[2])};
        std::array<std::int64_t, max_dims> j{};
        bool inside = true;
        for (std::size_t k = 1; k < max_dims; ++k) {
            j[k] = i[k] - lp[k];
            if (circular) j[k] = pad_wrap(j[k], s.ne[k]);
            inside = inside && j[k] >= 0 && j[k] < s.ne[k];
        }
        std::byte* out = d.row(i[1], i[2], i[3]);
        float* y = row_target(d, out, sy);
        if (!inside) {
            std::fill(y, y + d.ne[0], 0.0f);
        } else {
            const float* x = read_row(s, s.row(j[1], j[2], j[3]), sx);
            for (std::int64_t i0 = 0; i0 < d.ne[0]; ++i0) {
                std::int64_t j0 = i0 - lp[0];
                if (circular) j0 = pad_wrap(j0, s.ne[0]);
                y[i0] = j0 >= 0 && j0 < s.ne[0] ? x[j0] : 0.0f;
            }
        }
        write_row(d, out, y);
    }
}

} // namespace planscope::cpu
