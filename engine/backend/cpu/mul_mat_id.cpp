// MUL_MAT_ID (ggml_compute_forward_mul_mat_id of d99724f2): result row (i, t) is expert
// ids[i, t]'s matrix (src0 plane) times row (i % ne11, t) of src1, for the n_ids experts of each
// token t.
//
// As ggml does, the rows are grouped by expert first (thread 0 maps them; a barrier), then src1's
// rows are converted once, in that grouped order (all threads; a barrier): quantised to 8 bits
// for weights with integer dot products in ggml's numerics (qdot.h), else to f32, rounded to f16
// for f16 weights in ggml's numerics (ggml converts src1 to the weights' vec_dot_type). A work
// unit is a block of one expert's rows times all the rows grouped under that expert, computed into
// a per-thread tile and scattered to the result rows.
#include "convert.h"
#include "gemm.h"
#include "gemm_f16.h"
#include "kernels.h"
#include "qdot.h"
#include "quant.h"
#include "row_io.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace planscope::cpu {
namespace {

constexpr std::int64_t mmid_block_rows = 16; // expert rows per unit
constexpr std::int64_t mmid_tile_cols = 64;  // grouped src1 rows per gemm call

// One (slot, token) pair: result row (slot, token) from src1 row (slot % ne11, token).
struct mmid_pair {
    std::int32_t slot;
    std::int32_t token;
};

qgemm_fn mmid_integer_kernel(const exec_node& n) {
    return n.numerics == f16_numerics::ggml ? qgemm(n.src[0].type) : nullptr;
}

bool mmid_rounds_b(const exec_node& n) { return n.src[0].type == dtype::f16 && n.numerics == f16_numerics::ggml; }

gemm_f16_fn mmid_f16_kernel(const exec_node& n) {
    return n.src[0].type == dtype::f16 && n.src[0].nb[0] == 2 ? gemm_f16_kernel() : nullptr;
}

// The work buffer: the expert map, then src1's converted rows, then each thread's panel and tile.
struct mmid_layout {
    std::size_t starts = 0;    // n_as + 1 offsets into the pair list
    std::size_t pairs = 0;     // the pairs, grouped by expert
    std::size_t rows = 0;      // converted src1 rows, one per pair
    std::size_t row_bytes = 0; // bytes of one converted row
    std::size_t scratch = 0;   // per-thread areas
    std::size_t scratch_floats = 0;
};

mmid_layout layout_of(const exec_node& n) {
    const strided_tensor &a = n.src[0], &ids = n.src[2];
    const std::int64_t k = a.ne[0], n_as = a.ne[2];
    const auto n_pairs = static_cast<std::size_t>(ids.ne[0] * ids.ne[1]);
    mmid_layout l;
    l.pairs = round_up(static_cast<std::size_t>(n_as + 1) * sizeof(std::int64_t), 64);
    l.rows = l.pairs + round_up(n_pairs * sizeof(mmid_pair), 64);
    l.row_bytes = mmid_integer_kernel(n) ? activation_row_bytes(a.type, k) : static_cast<std::size_t>(k) * sizeof(float);
    l.scratch = l.rows + round_up(n_pairs * l.row_bytes, 64);
    l.scratch_floats = static_cast<std::size_t>(mmid_block_rows * k + mmid_block_rows * mmid_tile_cols) + padded(k);
    return l;
}

// Thread 0: counts the rows of each expert and lists them grouped (a counting sort); rows naming
// no expert are reported and zeroed.
void map_experts(const exec_node& n, const kernel_context& kc, const mmid_layout& l) {
    const strided_tensor &a = n.src[0], &ids = n.src[2], &d = n.dst;
    const std::int64_t n_as = a.ne[2];
    auto* starts = reinterpret_cast<std::int64_t*>(kc.work + l.starts);
    auto* pairs = reinterpret_cast<mmid_pair*>(kc.work + l.pairs);
    std::fill(starts, starts + n_as + 1, 0);
    const auto expert_at = [&](std::int64_t slot, std::int64_t token) {
        std::int32_t e;
        std::memcpy(&e, ids.row(token, 0, 0) + static_cast<std::size_t>(slot) * ids.nb[0], sizeof e);
        return e;
    };
    for (std::int64_t t = 0; t < ids.ne[1]; ++t)
        for (std::int64_t i = 0; i < ids.ne[0]; ++i) {
            const std::int32_t e = expert_at(i, t);
            if (e >= 0 && e < n_as) {
                ++starts[e + 1];
                continue;
            }
            kc.errors->report("MUL_MAT_ID '" + n.name + "': expert " + std::to_string(e) + " at (" + std::to_string(i) +
                              ", " + std::to_string(t) + ") is outside [0, " + std::to_string(n_as) + ")");
            float* out = reinterpret_cast<float*>(d.row(i, t, 0));
            std::fill(out, out + d.ne[0], 0.0f);
        }
    for (std::int64_t e = 0; e < n_as; ++e) starts[e + 1] += starts[e];
    std::vector<std::int64_t> next(starts, starts + n_as);
    for (std::int64_t t = 0; t < ids.ne[1]; ++t)
        for (std::int64_t i = 0; i < ids.ne[0]; ++i)
            if (const std::int32_t e = expert_at(i, t); e >= 0 && e < n_as)
                pairs[next[static_cast<std::size_t>(e)]++] = {static_cast<std::int32_t>(i), static_cast<std::int32_t>(t)};
}

// All threads: src1's row of each grouped pair, in the form the products read.
void convert_rows(const exec_node& n, const kernel_context& kc, const mmid_layout& l, std::int64_t n_pairs) {
    const strided_tensor &a = n.src[0], &b = n.src[1];
    const std::int64_t k = a.ne[0];
    const auto* pairs = reinterpret_cast<const mmid_pair*>(kc.work + l.pairs);
    float* scratch = kc.scratch(l.scratch, l.scratch_floats) + mmid_block_rows * k + mmid_block_rows * mmid_tile_cols;
    const bool integer = mmid_integer_kernel(n) != nullptr, round = mmid_rounds_b(n);
    const auto [first, last] = kc.share(n_pairs);
    for (std::int64_t p = first; p < last; ++p) {
        const mmid_pair q = pairs[p];
        const std::byte* in = b.row(q.slot % b.ne[1], q.token, 0);
        std::byte* to = kc.work + l.rows + static_cast<std::size_t>(p) * l.row_bytes;
        if (integer) {
            quantize_activations(a.type, read_row(b, in, scratch), to, k);
            continue;
        }
        auto* row = reinterpret_cast<float*>(to);
        row_to_f32(b.type, in, b.nb[0], row, k);
        if (round)
            for (std::int64_t i = 0; i < k; ++i) row[i] = f16_to_f32(f32_to_f16(row[i]));
    }
}

// tile[i + j*m] = dot(expert row row0 + i, grouped row first + j).
void expert_tile(const exec_node& n, const kernel_context& kc, const mmid_layout& l, std::int64_t e, std::int64_t row0,
                 std::int64_t m, std::int64_t first, std::int64_t cols, float* panel, bool panel_ready, float* tile) {
    const strided_tensor& a = n.src[0];
    const std::int64_t k = a.ne[0];
    const std::byte* rows = kc.work + l.rows + static_cast<std::size_t>(first) * l.row_bytes;
    if (const qgemm_fn q = mmid_integer_kernel(n)) {
        q({a.row(row0, e, 0), a.nb[1], rows, l.row_bytes, tile, static_cast<std::size_t>(m), m, cols, k});
        return;
    }
    if (const gemm_f16_fn f = mmid_f16_kernel(n)) {
        f({a.row(row0, e, 0), a.nb[1], rows, static_cast<std::size_t>(k), tile, static_cast<std::size_t>(m), m, cols, k,
           false});
        return;
    }
    if (!panel_ready)
        for (std::int64_t i = 0; i < m; ++i)
            row_to_f32(a.type, a.row(row0 + i, e, 0), a.nb[0], panel + static_cast<std::size_t>(i * k), k);
    gemm_nt({panel, static_cast<std::size_t>(k), reinterpret_cast<const float*>(rows), static_cast<std::size_t>(k), tile,
             static_cast<std::size_t>(m), m, cols, k});
}

} // namespace

void run_mul_mat_id(const exec_node& n, const kernel_context& kc) {
    const strided_tensor &a = n.src[0], &d = n.dst;
    const mmid_layout l = layout_of(n);
    const std::int64_t n_as = a.ne[2], m_all = a.ne[1], k = a.ne[0];
    if (kc.ith == 0) map_experts(n, kc, l);
    kc.barrier->wait();
    const auto* starts = reinterpret_cast<const std::int64_t*>(kc.work + l.starts);
    const auto* pairs = reinterpret_cast<const mmid_pair*>(kc.work + l.pairs);
    convert_rows(n, kc, l, starts[n_as]);
    kc.barrier->wait();

    float* panel = kc.scratch(l.scratch, l.scratch_floats);
    float* tile = panel + mmid_block_rows * k;
    const std::int64_t blocks = (m_all + mmid_block_rows - 1) / mmid_block_rows;
    const std::int64_t units = n_as * blocks;
    for (std::int64_t u = kc.take_unit(); u < units; u = kc.take_unit()) {
        const std::int64_t e = u / blocks, row0 = (u % blocks) * mmid_block_rows;
        const std::int64_t m = std::min(mmid_block_rows, m_all - row0);
        for (std::int64_t first = starts[e]; first < starts[e + 1]; first += mmid_tile_cols) {
            const std::int64_t cols = std::min(mmid_tile_cols, starts[e + 1] - first);
            expert_tile(n, kc, l, e, row0, m, first, cols, panel, first != starts[e], tile);
            for (std::int64_t j = 0; j < cols; ++j) {
                const mmid_pair q = pairs[first + j];
                float* out = reinterpret_cast<float*>(d.row(q.slot, q.token, 0)) + row0;
                std::copy(tile + j * m, tile + (j + 1) * m, out);
            }
        }
    }
}

std::size_t work_mul_mat_id(const exec_node& n, int nth) {
    const mmid_layout l = layout_of(n);
    return l.scratch + scratch_bytes(l.scratch_floats, nth);
}

} // namespace planscope::cpu
