// SUM, SUM_ROWS, NORM and RMS_NORM: row reductions accumulated in double, as ggml accumulates in
// ggml_float.
#include "kernels.h"
#include "row_io.h"

#include <cmath>

namespace planscope::cpu {
namespace {

double row_sum(const float* x, std::int64_t n) {
    double s = 0.0;
    for (std::int64_t i = 0; i < n; ++i) s += static_cast<double>(x[i]);
    return s;
}

} // namespace

// Each thread sums its rows into a slot of the work buffer; thread 0 adds the slots up.
void run_sum(const exec_node& n, const kernel_context& kc) {
    const strided_tensor& a = n.src[0];
    auto* partial = reinterpret_cast<double*>(kc.work);
    float* scratch = kc.scratch(64 * static_cast<std::size_t>(kc.nth), padded(a.ne[0]));
    const auto [first, last] = kc.share(a.rows());
    double s = 0.0;
    for (std::int64_t r = first; r < last; ++r) s += row_sum(read_row(a, a.row(r), scratch), a.ne[0]);
    partial[kc.ith] = s;
    kc.barrier->wait();
    if (kc.ith != 0) return;
    double total = 0.0;
    for (int t = 0; t < kc.nth; ++t) total += partial[t];
    const float v = static_cast<float>(total);
    store_f32(n.dst.type, &v, n.dst.data, n.dst.nb[0], 1);
}

std::size_t work_sum(const exec_node& n, int nth) {
    return 64 * static_cast<std::size_t>(nth) + scratch_bytes(padded(n.src[0].ne[0]), nth);
}

void run_sum_rows(const exec_node& n, const kernel_context& kc) {
    const strided_tensor& a = n.src[0];
    float* scratch = kc.scratch(0, 2 * padded(a.ne[0]));
    const auto [first, last] = kc.share(a.rows());
    for (std::int64_t r = first; r < last; ++r) {
        const float v = static_cast<float>(row_sum(read_row(a, a.row(r), scratch), a.ne[0]));
        store_f32(n.dst.type, &v, n.dst.row(r), n.dst.nb[0], 1);
    }
}

namespace {

// NORM: (x - mean) / sqrt(variance + eps). RMS_NORM: x / sqrt(mean(x^2) + eps).
// R rows at once: each row keeps ggml's serial double sum (so its value is ggml's to the bit), but
// the R independent chains overlap the adds' latency, which bounds a single row's sum.
template <int R>
void norm_rows(op_kind op, float eps, const float* const* x, float* const* y, std::int64_t ne0) {
    const double n = static_cast<double>(ne0);
    double sum2[R] = {};
    if (op == op_kind::norm) {
        double sum[R] = {};
        for (std::int64_t i = 0; i < ne0; ++i)
            for (int r = 0; r < R; ++r) sum[r] += static_cast<double>(x[r][i]);
        float mean[R];
        for (int r = 0; r < R; ++r) mean[r] = static_cast<float>(sum[r] / n);
        for (std::int64_t i = 0; i < ne0; ++i)
            for (int r = 0; r < R; ++r) {
                const float v = x[r][i] - mean[r];
                y[r][i] = v;
                sum2[r] += static_cast<double>(v * v);
            }
    } else {
        for (std::int64_t i = 0; i < ne0; ++i)
            for (int r = 0; r < R; ++r) sum2[r] += static_cast<double>(x[r][i] * x[r][i]);
    }
    for (int r = 0; r < R; ++r) {
        const float mean = static_cast<float>(sum2[r] / n);
        const float scale = 1.0f / std::sqrt(mean + eps);
        const float* from = op == op_kind::norm ? y[r] : x[r];
        for (std::int64_t i = 0; i < ne0; ++i) y[r][i] = from[i] * scale;
    }
}

constexpr int norm_group = 8;

} // namespace

void run_norm(const exec_node& n, const kernel_context& kc) {
    const strided_tensor &a = n.src[0], &d = n.dst;
    const std::int64_t ne0 = a.ne[0];
    const float eps = n.params.get_f32(0);
    const auto [first, last] = kc.share(a.rows());
    std::int64_t r = first;
    if (a.f32_rows() && d.f32_rows()) {
        for (; r + norm_group <= last; r += norm_group) {
            const float* x[norm_group];
            float* y[norm_group];
            for (int k = 0; k < norm_group; ++k) {
                x[k] = reinterpret_cast<const float*>(a.row(r + k));
                y[k] = reinterpret_cast<float*>(d.row(r + k));
            }
            norm_rows<norm_group>(n.op, eps, x, y, ne0);
        }
    }
    float* sa = kc.scratch(0, 2 * padded(ne0));
    float* sd = sa + padded(ne0);
    for (; r < last; ++r) {
        const float* x = read_row(a, a.row(r), sa);
        std::byte* out = d.row(r);
        float* y = row_target(d, out, sd);
        norm_rows<1>(n.op, eps, &x, &y, ne0);
        write_row(d, out, y);
    }
}

std::size_t work_rows2(const exec_node& n, int nth) { return scratch_bytes(2 * padded(n.src[0].ne[0]), nth); }

} // namespace planscope::cpu
