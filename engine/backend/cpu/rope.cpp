// ROPE: rotary position embedding of ggml (2023-11, with YaRN), normal mode (adjacent pairs) and
// NeoX mode (mode bit 2: element i pairs with i + n_dims/2). Positions come from src1 (i32, one
// per ne2 plane). Dimensions from n_dims on pass through unrotated. ggml_rope_ext's frequency
// factors (src2 of d99724f2, f32) divide the angle of each pair, as ggml_rope_cache_init does.
#include "kernels.h"
#include "row_io.h"

#include <cmath>
#include <cstring>
#include <numbers>

namespace planscope::cpu {
namespace {

struct rope_config {
    int n_dims;
    bool neox;
    float theta_scale, freq_scale, ext_factor, attn_factor;
    float corr_low, corr_high;
};

// ggml_rope_yarn_corr_dim: the dimension whose wavelength spans n_rot turns of the original context.
float corr_dim(int n_dims, int n_orig_ctx, float n_rot, float base) {
    return static_cast<float>(n_dims) *
           std::log(static_cast<float>(n_orig_ctx) / (n_rot * 2.0f * std::numbers::pi_v<float>)) /
           (2.0f * std::log(base));
}

rope_config config_of(const op_params& p) {
    rope_config c{};
    c.n_dims = p.get_i32(1);
    c.neox = (p.get_i32(2) & 2) != 0;
    const int n_orig_ctx = p.get_i32(4);
    const float freq_base = p.get_f32(5);
    c.freq_scale = p.get_f32(6);
    c.ext_factor = p.get_f32(7);
    c.attn_factor = p.get_f32(8);
    c.theta_scale = std::pow(freq_base, -2.0f / static_cast<float>(c.n_dims));
    c.corr_low = std::fmax(0.0f, std::floor(corr_dim(c.n_dims, n_orig_ctx, p.get_f32(9), freq_base)));
    c.corr_high = std::fmin(static_cast<float>(c.n_dims - 1),
                            std::ceil(corr_dim(c.n_dims, n_orig_ctx, p.get_f32(10), freq_base)));
    return c;
}

// rope_yarn: cos and sin of the pair at dimension i0 for an unscaled angle theta_extrap.
void rope_yarn(const rope_config& c, float theta_extrap, std::int64_t i0, float& cos_theta, float& sin_theta) {
    const float theta_interp = c.freq_scale * theta_extrap;
    float theta = theta_interp;
    float mscale = c.attn_factor;
    if (c.ext_factor != 0.0f) {
        const float y = (static_cast<float>(i0 / 2) - c.corr_low) / std::fmax(0.001f, c.corr_high - c.corr_low);
        const float ramp_mix = (1.0f - std::fmin(1.0f, std::fmax(0.0f, y))) * c.ext_factor;
        theta = theta_interp * (1.0f - ramp_mix) + theta_extrap * ramp_mix;
        mscale *= 1.0f + 0.1f * std::log(1.0f / c.freq_scale);
    }
    cos_theta = std::cos(theta) * mscale;
    sin_theta = std::sin(theta) * mscale;
}

// cos/sin of every pair for position p; the angle grows by theta_scale per pair, as ggml multiplies.
// freq_factors (nullptr: none) holds one divisor per pair.
void fill_cache(const rope_config& c, std::int32_t p, const strided_tensor* freq_factors, float* cache) {
    float theta = static_cast<float>(p);
    for (int i0 = 0; i0 < c.n_dims; i0 += 2) {
        float ff = 1.0f;
        if (freq_factors)
            std::memcpy(&ff, freq_factors->data + static_cast<std::size_t>(i0 / 2) * freq_factors->nb[0], sizeof ff);
        rope_yarn(c, theta / ff, i0, cache[i0], cache[i0 + 1]);
        theta *= c.theta_scale;
    }
}

} // namespace

void run_rope(const exec_node& n, const kernel_context& kc) {
    const strided_tensor &s = n.src[0], &pos = n.src[1], &d = n.dst;
    const strided_tensor* freq_factors = n.has_src(2) ? &n.src[2] : nullptr;
    const rope_config c = config_of(n.params);
    const std::int64_t ne0 = s.ne[0];
    const int half = c.n_dims / 2;
    float* sx = kc.scratch(0, 2 * padded(ne0) + padded(c.n_dims));
    float* sy = sx + padded(ne0);
    float* cache = sy + padded(ne0);
    std::int64_t cached_plane = -1;
    const auto [first, last] = kc.share(s.rows());
    for (std::int64_t r = first; r < last; ++r) {
        const std::int64_t i1 = r % s.ne[1], i2 = (r / s.ne[1]) % s.ne[2], i3 = r / (s.ne[1] * s.ne[2]);
        if (i2 != cached_plane) {
            std::int32_t p;
            std::memcpy(&p, pos.data + static_cast<std::size_t>(i2) * pos.nb[0], sizeof p);
            fill_cache(c, p, freq_factors, cache);
            cached_plane = i2;
        }
        const float* x = read_row(s, s.row(i1, i2, i3), sx);
        std::byte* out = d.row(i1, i2, i3);
        float* y = row_target(d, out, sy);
        for (int k = 0; k < half; ++k) {
            const float cs = cache[2 * k], sn = cache[2 * k + 1];
            const int a = c.neox ? k : 2 * k;
            const int b = c.neox ? k + half : 2 * k + 1;
            const float x0 = x[a], x1 = x[b];
            y[a] = x0 * cs - x1 * sn;
            y[b] = x0 * sn + x1 * cs;
        }
        for (std::int64_t i = 2 * half; i < ne0; ++i) y[i] = x[i];
        write_row(d, out, y);
    }
}

std::size_t work_rope(const exec_node& n, int nth) {
    return scratch_bytes(2 * padded(n.src[0].ne[0]) + padded(n.params.get_i32(1)), nth);
}

} // namespace planscope::cpu
