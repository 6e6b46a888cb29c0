// ARGSORT and TOP_K (ggml-cpu/ops.cpp of d99724f2) on f32 rows, i32 indices out. ARGSORT sorts
// each row's indices by value, ascending or descending (op param 0); ggml's std::sort leaves ties
// in no set order, here they keep index order (a stable sort). TOP_K is ggml's partial sort of the
// indices, largest first, then its first two swapped: the order carries no meaning.
#include "kernels.h"
#include "row_io.h"

#include <algorithm>
#include <cstring>
#include <numeric>

namespace planscope::cpu {
namespace {

// Index rows are written through a scratch row of i32: the result may be strided.
void store_indices(const strided_tensor& d, std::byte* out, const std::int32_t* idx, std::int64_t n) {
    for (std::int64_t i = 0; i < n; ++i)
        std::memcpy(out + static_cast<std::size_t>(i) * d.nb[0], idx + i, sizeof(std::int32_t));
}

template <class Order>
void sort_rows(const exec_node& n, const kernel_context& kc, Order order) {
    const strided_tensor &s = n.src[0], &d = n.dst;
    const std::int64_t ne00 = s.ne[0];
    float* sx = kc.scratch(0, 2 * padded(ne00));
    auto* idx = reinterpret_cast<std::int32_t*>(sx + padded(ne00));
    const auto [first, last] = kc.share(s.rows());
    for (std::int64_t r = first; r < last; ++r) {
        const float* x = read_row(s, s.row(r), sx);
        std::iota(idx, idx + ne00, 0);
        order(x, idx, ne00);
        store_indices(d, d.row(r), idx, d.ne[0]);
    }
}

} // namespace

void run_argsort(const exec_node& n, const kernel_context& kc) {
    const bool descending = n.params.get_i32(0) == static_cast<std::int32_t>(sort_order::desc);
    sort_rows(n, kc, [descending](const float* x, std::int32_t* idx, std::int64_t ne) {
        if (descending) {
            std::stable_sort(idx, idx + ne, [x](std::int32_t a, std::int32_t b) { return x[a] > x[b]; });
        } else {
            std::stable_sort(idx, idx + ne, [x](std::int32_t a, std::int32_t b) { return x[a] < x[b]; });
        }
    });
}

void run_top_k(const exec_node& n, const kernel_context& kc) {
    const std::int64_t k = n.dst.ne[0];
    sort_rows(n, kc, [k](const float* x, std::int32_t* idx, std::int64_t ne) {
        std::partial_sort(idx, idx + k, idx + ne, [x](std::int32_t a, std::int32_t b) { return x[a] > x[b]; });
        if (k > 1) std::swap(idx[0], idx[1]);
    });
}

std::size_t work_sort(const exec_node& n, int nth) { return scratch_bytes(2 * padded(n.src[0].ne[0]), nth); }

} // namespace planscope::cpu
