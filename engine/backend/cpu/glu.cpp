// GLU (ggml_compute_forward_glu of d99724f2): y = act(x) * g, where x and g are the two halves of
// each src0 row (x the first half, the second when swapped, op param 1), or rows of src0 (x) and
// src1 (g) of the same shape ("split" form). The kinds (op param 0): REGLU relu, GEGLU gelu (tanh
// form), SWIGLU silu, SWIGLU_OAI (alpha in param 2, limit in param 3: x clamped above to the
// limit, g to [-limit, limit], y = x * sigmoid(alpha x) * (g + 1)), GEGLU_ERF gelu (erf form) and
// GEGLU_QUICK gelu_quick. Computed in f32 for f32, f16 and bf16 rows; GEGLU and GEGLU_QUICK in
// ggml's numerics through its f16 tables as UNARY GELU (elementwise.cpp), exactly in exact_f32.
#include "kernels.h"
#include "row_io.h"
#include "vmath.h"

#include <algorithm>
#include <cmath>

namespace planscope::cpu {
namespace {

// vec.h's constants (ggml d99724f2).
constexpr float glu_gelu_coef_a = 0.044715f;
constexpr float glu_sqrt_2_over_pi = 0.79788456080286535587989211986876f;
constexpr float glu_sqrt_2_inv = 0.70710678118654752440084436210484f;
constexpr float glu_gelu_quick_coef = -1.702f;

float glu_gelu(float x) { return 0.5f * x * (1.0f + std::tanh(glu_sqrt_2_over_pi * x * (1.0f + glu_gelu_coef_a * x * x))); }
float glu_gelu_quick(float x) { return x * (1.0f / (1.0f + std::exp(glu_gelu_quick_coef * x))); }

// ggml_table_gelu_f16 (or _quick) at x's f16 neighbour.
template <class F>
float glu_f16_table(F f, float x) {
    return f16_to_f32(f32_to_f16(f(f16_to_f32(f32_to_f16(x)))));
}

template <class F>
void glu_rows(const exec_node& n, const kernel_context& kc, F act) {
    const strided_tensor &a = n.src[0], &d = n.dst;
    const bool split = n.has_src(1);
    const bool swapped = !split && n.params.get_i32(1) != 0;
    const std::int64_t nc = d.ne[0], ne00 = a.ne[0];
    float* sa = kc.scratch(0, 2 * padded(ne00) + padded(nc));
    float* sb = sa + padded(ne00);
    float* sd = sb + padded(ne00);
    const auto [first, last] = kc.share(d.rows());
    for (std::int64_t r = first; r < last; ++r) {
        const std::int64_t i1 = r % d.ne[1], i2 = (r / d.ne[1]) % d.ne[2], i3 = r / (d.ne[1] * d.ne[2]);
        const float* row = read_row(a, a.row(i1, i2, i3), sa);
        const float* x = row;
        const float* g = row + nc;
        if (split) {
            const strided_tensor& b = n.src[1];
            g = read_row(b, b.row(i1, i2, i3), sb);
        } else if (swapped) {
            x = row + nc;
            g = row;
        }
        std::byte* out = d.row(i1, i2, i3);
        float* y = row_target(d, out, sd);
        for (std::int64_t i = 0; i < nc; ++i) y[i] = act(x[i], g[i]);
        write_row(d, out, y);
    }
}

} // namespace

void run_glu(const exec_node& n, const kernel_context& kc) {
    switch (static_cast<glu_kind>(n.params.get_i32(0))) {
    case glu_kind::reglu: return glu_rows(n, kc, [](float x, float g) { return x > 0.0f ? x * g : 0.0f; });
    case glu_kind::geglu:
        if (n.numerics == f16_numerics::exact_f32)
            return glu_rows(n, kc, [](float x, float g) { return glu_gelu(x) * g; });
        return glu_rows(n, kc, [](float x, float g) {
            return x <= -10.0f ? 0.0f : x >= 10.0f ? x * g : glu_f16_table(glu_gelu, x) * g;
        });
    case glu_kind::swiglu: return glu_rows(n, kc, [](float x, float g) { return x / (1.0f + vexp(-x)) * g; });
    case glu_kind::swiglu_oai: {
        const float alpha = n.params.get_f32(2), limit = n.params.get_f32(3);
        return glu_rows(n, kc, [alpha, limit](float x, float g) {
            const float xc = std::min(x, limit);
            const float gc = std::min(std::max(g, -limit), limit); // std::clamp: UB for limit < 0
            return xc / (1.0f + std::exp(alpha * -xc)) * (gc + 1.0f);
        });
    }
    case glu_kind::geglu_erf:
        return glu_rows(n, kc, [](float x, float g) { return 0.5f * x * (1.0f + std::erf(x * glu_sqrt_2_inv)) * g; });
    case glu_kind::geglu_quick:
        if (n.numerics == f16_numerics::exact_f32)
            return glu_rows(n, kc, [](float x, float g) { return glu_gelu_quick(x) * g; });
        return glu_rows(n, kc, [](float x, float g) { return glu_f16_table(glu_gelu_quick, x) * g; });
    }
}

std::size_t work_glu(const exec_node& n, int nth) {
    return scratch_bytes(2 * padded(n.src[0].ne[0]) + padded(n.dst.ne[0]), nth);
}

} // namespace planscope::cpu
