// ROPE: rotary position embedding of ggml (2023-11, with YaRN), normal mode (adjacent pairs) and
// NeoX mode (mode bit 2: element i pairs with i + n_dims/2). Positions come from src1 (i32, one
// per ne2 plane). Dimensions from n_dims on pass through unrotated. ggml_rope_ext's frequency
// factors (src2 of d99724f2, f32) divide the angle of each pair, as ggml_rope_cache_init does.
//
// ggml_rope_multi of d99724f2 (mode bit 8): four positions per plane (src1[i2 + k ne2], k = t, h,
// w, e), and each pair's angle starts from the position of its section (op params 11..14, pairs
// per section, cycling): MROPE (8) in consecutive sections, IMROPE (40) interleaved t, h, w; both
// rotate NeoX-style. VISION (24) restarts the angle at each section and rotates all ne0 values,
// pair (i, i + n_dims), n_dims being ne0 / 2 (ggml_mrope_cache_init, rotate_pairs).
#include "kernels.h"
#include "row_io.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <numbers>

namespace planscope::cpu {
namespace {

struct rope_config {
    int n_dims;
    bool neox;
    bool multi, imrope, vision;
    std::array<int, 4> sections;
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
    const int mode = p.get_i32(2);
    c.neox = (mode & 2) != 0;
    c.multi = (mode & 8) != 0;
    c.imrope = mode == 40;
    c.vision = mode == 24;
    for (int i = 0; i < 4; ++i) c.sections[static_cast<std::size_t>(i)] = p.get_i32(11 + i);
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

float rope_factor(const strided_tensor* freq_factors, std::int64_t pair) {
    float ff = 1.0f;
    if (freq_factors) std::memcpy(&ff, freq_factors->data + static_cast<std::size_t>(pair) * freq_factors->nb[0], sizeof ff);
    return ff;
}

// cos/sin of the first `pairs` pairs for position p; the angle grows by theta_scale per pair, as
// ggml multiplies. freq_factors (nullptr: none) holds one divisor per pair.
void fill_cache(const rope_config& c, std::int32_t p, const strided_tensor* freq_factors, std::int64_t pairs,
                float* cache) {
    float theta = static_cast<float>(p);
    for (std::int64_t k = 0; k < pairs; ++k) {
        rope_yarn(c, theta / rope_factor(freq_factors, k), 2 * k, cache[2 * k], cache[2 * k + 1]);
        theta *= c.theta_scale;
    }
}

// ggml_mrope_cache_init: the angle of pair k follows the position of its section.
void fill_multi_cache(const rope_config& c, const std::array<std::int32_t, 4>& p, const strided_tensor* freq_factors,
                      std::int64_t pairs, float* cache) {
    const auto& sec = c.sections;
    const int sect_dims = sec[0] + sec[1] + sec[2] + sec[3];
    const int sec_w = sec[0] + sec[1], sec_e = sec_w + sec[2];
    std::array<float, 4> theta{};
    for (std::size_t j = 0; j < 4; ++j) theta[j] = static_cast<float>(p[j]);
    for (std::int64_t k = 0; k < pairs; ++k) {
        const int sector = static_cast<int>(k % sect_dims);
        if (c.vision) { // each section starts again from its position
            if (sector == 0) theta[0] = static_cast<float>(p[0]);
            else if (sector == sec[0]) theta[1] = static_cast<float>(p[1]);
            else if (sector == sec_w) theta[2] = static_cast<float>(p[2]);
            else if (sector == sec_e) theta[3] = static_cast<float>(p[3]);
        }
        std::size_t which = 0;
        if (c.imrope) {
            if (sector % 3 == 1 && sector < 3 * sec[1]) which = 1;
            else if (sector % 3 == 2 && sector < 3 * sec[2]) which = 2;
            else if (sector % 3 == 0 && sector < 3 * sec[0]) which = 0;
            else which = 3;
        } else if (sector >= sec[0] && sector < sec_w) {
            which = 1;
        } else if (sector >= sec_w && sector < sec_e) {
            which = 2;
        } else if (sector >= sec_e) {
            which = 3;
        }
        rope_yarn(c, theta[which] / rope_factor(freq_factors, k), 2 * k, cache[2 * k], cache[2 * k + 1]);
        for (float& t : theta) t *= c.theta_scale;
    }
}

std::int32_t position(const strided_tensor& pos, std::int64_t i) {
    std::int32_t p;
    std::memcpy(&p, pos.data + static_cast<std::size_t>(i) * pos.nb[0], sizeof p);
    return p;
}

} // namespace

void run_rope(const exec_node& n, const kernel_context& kc) {
    const strided_tensor &s = n.src[0], &pos = n.src[1], &d = n.dst;
    const strided_tensor* freq_factors = n.has_src(2) ? &n.src[2] : nullptr;
    const rope_config c = config_of(n.params);
    const std::int64_t ne0 = s.ne[0];
    // Pairs rotated, and the distance between the two elements of a pair.
    const std::int64_t pairs = c.vision ? ne0 / 2 : c.n_dims / 2;
    const std::int64_t offset = c.vision ? c.n_dims : (c.neox || c.multi) ? c.n_dims / 2 : 1;
    float* sx = kc.scratch(0, 3 * padded(ne0));
    float* sy = sx + padded(ne0);
    float* cache = sy + padded(ne0);
    std::int64_t cached_plane = -1;
    const auto [first, last] = kc.share(s.rows());
    for (std::int64_t r = first; r < last; ++r) {
        const std::int64_t i1 = r % s.ne[1], i2 = (r / s.ne[1]) % s.ne[2], i3 = r / (s.ne[1] * s.ne[2]);
        if (i2 != cached_plane) {
            if (c.multi) {
                std::array<std::int32_t, 4> p{};
                for (std::size_t k = 0; k < 4; ++k) p[k] = position(pos, i2 + static_cast<std::int64_t>(k) * s.ne[2]);
                fill_multi_cache(c, p, freq_factors, pairs, cache);
            } else {
                fill_cache(c, position(pos, i2), freq_factors, pairs, cache);
            }
            cached_plane = i2;
        }
        const float* x = read_row(s, s.row(i1, i2, i3), sx);
        std::byte* out = d.row(i1, i2, i3);
        float* y = row_target(d, out, sy);
        std::copy(x, x + ne0, y); // the unrotated rest
        for (std::int64_t k = 0; k < pairs; ++k) {
            const float cs = cache[2 * k], sn = cache[2 * k + 1];
            const std::int64_t a = offset == 1 ? 2 * k : k;
            const float x0 = x[a], x1 = x[a + offset];
            y[a] = x0 * cs - x1 * sn;
            y[a + offset] = x0 * sn + x1 * cs;
        }
        write_row(d, out, y);
    }
}

std::size_t work_rope(const exec_node& n, int nth) { return scratch_bytes(3 * padded(n.src[0].ne[0]), nth); }

} // namespace planscope::cpu
