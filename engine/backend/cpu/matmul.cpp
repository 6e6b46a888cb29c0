// MUL_MAT: dst[i0, i1, i2, i3] = dot(src0 row i0 of plane (i2 / r2, i3 / r3), src1 row i1 of plane
// (i2, i3)), with src0 broadcast over src1's dims 2 and 3 (r2 = ne12 / ne02, r3 = ne13 / ne03).
//
// Everything is computed in f32. src1 rows that are not aligned f32 rows are converted into the
// work buffer first (all threads, then a barrier); so are all src1 rows when src0 is f16 and the
// numerics are ggml's, rounded to f16 on the way and kept as halves: ggml converts src1 to src0's
// vec_dot_type (F16) before the dot products (docs/numerics.md). src0 rows are converted — f32 copied, f16 and
// bf16 widened, quantised ones dequantised, strided ones gathered — per block of rows into a
// per-thread panel, once for all the src1 columns a thread handles with that block: packed,
// aligned rows make the kernel faster even for f32 weights (packing, as BLAS libraries do) —
// except with few src1 columns (decode), where the copy would cost as much as the products: then
// aligned f32 rows are read in place, and f16 rows are widened in registers (gemm_f16.h), as
// they always are in ggml's numerics. With 16 src1 rows or more, f16 weights take the panel kernel
// instead (AVX-512 or AVX2): src1 transposed into the work buffer as floats (rounded to f16 under
// ggml's numerics), each weight widened once per 32 columns.
//
// Quantised weights in ggml's numerics take the integer path instead (qdot.h): src1 quantised to
// 8 bits per 32 values once (all threads, then a barrier), the weights read in their own format,
// or from their packed copy (qpack.h) when the plan has one.
#include "convert.h"
#include "dot_f16.h"
#include "gemm.h"
#include "gemm_f16.h"
#include "kernels.h"
#include "qdot.h"
#include "qpack.h"
#include "quant.h"
#include "quant_avx2.h"
#include "row_io.h"

#include <algorithm>

namespace planscope::cpu {
namespace {

// src0 rows per work unit (and per dequantised panel), src1 rows per work unit.
constexpr std::int64_t block_rows = 16;
// Weight rows per work unit of the integer kernels with one src1 column (decode): longer runs
// through the weights for the prefetchers, fewer units to hand out (q4_0 decode with 2 threads on
// the Zen 3: 0.91 -> 1.03-1.05 x ggml, 1 thread 0.99 -> 1.02-1.26); a thread that lost its core
// still holds back at most 1/64 of a 4096-row product.
constexpr std::int64_t decode_unit_rows = 64;
constexpr std::int64_t chunk_cols = 128;
static_assert(block_rows % packed_group_rows == 0 && decode_unit_rows % packed_group_rows == 0);
// Weight rows per work unit of the f16 panel kernel: whole tiles of 8 (AVX-512) and 3 (AVX2) rows.
constexpr std::int64_t panel_unit_rows = 48;
// Fewer src1 columns than this read aligned f32 src0 rows in place instead of packing them.
constexpr std::int64_t in_place_cols = 16;

// ggml's f16 rounding of the activations applies: f16 weights, ggml numerics.
bool rounds_b(const exec_node& n) { return n.src[0].type == dtype::f16 && n.numerics == f16_numerics::ggml; }

bool contiguous_f16(const strided_tensor& a) { return a.type == dtype::f16 && a.nb[0] == 2; }

// ggml's vec_dot_f16 applies and adds in f16 (dot_f16.h): f16 arithmetic, src1 kept as halves.
bool accumulates_f16(const exec_node& n) {
    return rounds_b(n) && contiguous_f16(n.src[0]) && f16_dot_path(n.src[0].ne[0], n.src[0].ne[1], n.src[1].ne[1]) &&
           f16_dot_adds_in_f16();
}

// The panel kernel for f16 weights, when it applies: 16 src1 rows or more (src1 transposed), rows
// of panel_min_k or more. Shorter rows (an attention head's K: stories260K's 8 values) spend the
// kernel's time on transposing src1 and storing results one by one (its 32-token prompt under
// AVX2: 16.3 -> 19.9 us a token).
constexpr std::int64_t panel_min_k = 128;
gemm_f16_panel_fn panel_kernel_for(const exec_node& n) {
    if (accumulates_f16(n)) return nullptr;
    return contiguous_f16(n.src[0]) && n.src[1].ne[1] >= in_place_cols && n.src[0].ne[0] >= panel_min_k ? gemm_f16_panel_kernel()
                                                                                                        : nullptr;
}

// The kernel that widens f16 weights in registers, when it applies and the panel kernel does not:
// few src1 rows, or src1 kept as halves (below).
gemm_f16_fn f16_kernel_for(const exec_node& n) {
    if (!contiguous_f16(n.src[0]) || panel_kernel_for(n) || accumulates_f16(n)) return nullptr;
    return n.src[1].ne[1] < in_place_cols || rounds_b(n) ? gemm_f16_kernel() : nullptr;
}

// Rounded to halves anyway, src1 is kept as halves: half the bytes to keep in cache. Not for one
// row (decode), which stays in L1 as floats: each weight vector is then multiplied without a
// second conversion (f16 decode under AVX2 on the Intel Xeon: 26.6 -> 28.x GFLOPS).
bool halves_b(const exec_node& n) {
    return rounds_b(n) && (accumulates_f16(n) || (f16_kernel_for(n) && n.src[1].ne[1] > 1));
}

bool converts_b(const exec_node& n) { return !n.src[1].f32_rows() || rounds_b(n) || panel_kernel_for(n); }

std::size_t converted_b_bytes(const exec_node& n) {
    if (!converts_b(n)) return 0;
    const std::size_t element = halves_b(n) ? 2 : sizeof(float);
    return round_up(static_cast<std::size_t>(n.src[1].elements()) * element, 64);
}

// src1 rows kept as halves per chunk: 256 KiB, so that a chunk stays in L2 while the tiles of a
// block of weight rows go through it.
std::int64_t halves_chunk_cols(std::int64_t k) { return std::clamp<std::int64_t>((std::int64_t{128} << 10) / k, 4, chunk_cols); }
// Transposed src1 columns per chunk of the panel kernel: 512 KiB of floats, whole 16-lane vectors.
std::int64_t panel_chunk_cols(std::int64_t k) { return std::max<std::int64_t>(16, halves_chunk_cols(k) / 16 * 16); }

// GGML_FP32_TO_FP16 then back: round to nearest even, as ggml_fp32_to_fp16_row stores src1.
void round_to_f16(float* x, std::int64_t n) {
    for (std::int64_t i = 0; i < n; ++i) x[i] = f16_to_f32(f32_to_f16(x[i]));
}

// The same rounding, the halves kept.
void store_halves(const float* x, std::byte* h, std::int64_t n) {
#if PLANSCOPE_X86_SIMD
    if (has_avx2()) return avx2::f32_to_f16_row(x, h, n);
#endif
    store_f32(dtype::f16, x, h, 2, n);
}

const float* as_floats(const std::byte* p) { return reinterpret_cast<const float*>(p); }

// The integer kernel for this node, nullptr when it multiplies in f32.
qgemm_fn integer_kernel(const exec_node& n) {
    return n.numerics == f16_numerics::ggml ? qgemm(n.src[0].type) : nullptr;
}

std::size_t quantized_b_bytes(const exec_node& n) {
    return round_up(activation_row_bytes(n.src[0].type, n.src[0].ne[0]) * static_cast<std::size_t>(n.src[1].rows()), 64);
}

// Up to 8 activation rows (decode, small batches) every thread quantises for itself: cheaper than
// the barrier, which on a busy machine waits for the slowest thread to get its core back.
bool quantizes_privately(const exec_node& n) { return n.src[1].rows() <= 8; }

void run_mul_mat_integer(const exec_node& n, const kernel_context& kc, qgemm_fn gemm) {
    const strided_tensor &a = n.src[0], &b = n.src[1], &d = n.dst;
    const std::int64_t k = a.ne[0], m = a.ne[1], cols = b.ne[1];
    const std::int64_t r2 = b.ne[2] / a.ne[2], r3 = b.ne[3] / a.ne[3];
    const std::size_t row_bytes = activation_row_bytes(a.type, k);

    const bool alone = quantizes_privately(n);
    const std::size_t b_bytes = quantized_b_bytes(n);
    std::byte* quantized = kc.work + (alone ? b_bytes * static_cast<std::size_t>(kc.ith) : 0);
    float* scratch = kc.scratch(alone ? b_bytes * static_cast<std::size_t>(kc.nth) : b_bytes, padded(k));
    {
        const auto [first, last] = alone ? std::pair<std::int64_t, std::int64_t>{0, b.rows()} : kc.share(b.rows());
        const auto quantize = n.packed.data ? quantize_packed_activations : quantize_activations;
        for (std::int64_t r = first; r < last; ++r)
            quantize(a.type, read_row(b, b.row(r), scratch), quantized + static_cast<std::size_t>(r) * row_bytes, k);
        if (!alone) kc.barrier->wait();
    }

    const std::int64_t unit_rows = cols == 1 ? decode_unit_rows : block_rows;
    const std::int64_t blocks = (m + unit_rows - 1) / unit_rows;
    const std::int64_t chunks = (cols + chunk_cols - 1) / chunk_cols;
    const std::int64_t units = d.ne[2] * d.ne[3] * blocks * chunks;
    // Units are taken one at a time: a thread sharing its core with another program takes fewer.
    for (std::int64_t u = kc.take_unit(); u < units; u = kc.take_unit()) {
        const std::int64_t chunk = u % chunks, block = (u / chunks) % blocks, plane = u / (chunks * blocks);
        const std::int64_t i2 = plane % d.ne[2], i3 = plane / d.ne[2];
        const std::int64_t row0 = block * unit_rows, col0 = chunk * chunk_cols;
        qgemm_args g{};
        if (n.packed.data) { // whole groups of 16 rows: unit_rows are multiples of 16
            g.a = n.packed.data + static_cast<std::size_t>(row0 / packed_group_rows) * n.packed.group_bytes;
            g.lda = n.packed.group_bytes;
        } else {
            g.a = a.row(row0, i2 / r2, i3 / r3);
            g.lda = a.nb[1];
        }
        g.b = quantized + static_cast<std::size_t>((i3 * b.ne[2] + i2) * cols + col0) * row_bytes;
        g.ldb = row_bytes;
        g.c = reinterpret_cast<float*>(d.row(col0, i2, i3)) + row0;
        g.ldc = d.nb[1] / sizeof(float);
        g.m = std::min(unit_rows, m - row0);
        g.n = std::min(chunk_cols, cols - col0);
        g.k = k;
        gemm(g);
    }
}

} // namespace

void run_mul_mat(const exec_node& n, const kernel_context& kc) {
    if (n.packed.data) return run_mul_mat_integer(n, kc, n.packed.kernel);
    if (const qgemm_fn gemm = integer_kernel(n)) return run_mul_mat_integer(n, kc, gemm);
    const strided_tensor &a = n.src[0], &b = n.src[1], &d = n.dst;
    const std::int64_t k = a.ne[0], m = a.ne[1], cols = b.ne[1];
    const std::int64_t r2 = b.ne[2] / a.ne[2], r3 = b.ne[3] / a.ne[3];

    const bool convert_b = converts_b(n), round_b = rounds_b(n), b_halves = halves_b(n);
    const gemm_f16_panel_fn panel_kernel = panel_kernel_for(n);
    const std::size_t b_element = b_halves ? 2 : sizeof(float);
    float* panel = kc.scratch(converted_b_bytes(n), static_cast<std::size_t>(block_rows * k));
    if (convert_b) {
        const auto [first, last] = kc.share(b.rows());
        for (std::int64_t r = first; r < last; ++r) {
            std::byte* to = kc.work + static_cast<std::size_t>(r * k) * b_element;
            if (b_halves) {
                store_halves(read_row(b, b.row(r), panel), to, k);
                continue;
            }
            auto* row = panel_kernel ? panel : reinterpret_cast<float*>(to);
            row_to_f32(b.type, b.row(r), b.nb[0], row, k);
            if (round_b) round_to_f16(row, k);
            if (panel_kernel) {
                // Column r % cols of its plane's k x cols transposed rows.
                float* plane = reinterpret_cast<float*>(kc.work) + static_cast<std::size_t>(r / cols * k * cols);
                for (std::int64_t p = 0; p < k; ++p) plane[static_cast<std::size_t>(p * cols + r % cols)] = row[p];
            }
        }
        kc.barrier->wait();
    }
    const bool in_place = a.f32_rows() && cols < in_place_cols;
    const gemm_f16_fn f16_kernel = f16_kernel_for(n);
    const dot_f16_rows_fn dot_f16 = accumulates_f16(n) ? dot_f16_rows_kernel() : nullptr;

    // A unit is a block of src0 rows with all src1 columns, so that its panel is made once; units
    // are taken one at a time, as in the integer path.
    const std::int64_t unit_rows = panel_kernel ? panel_unit_rows : block_rows;
    const std::int64_t blocks = (m + unit_rows - 1) / unit_rows;
    const std::int64_t units = d.ne[2] * d.ne[3] * blocks;
    const std::int64_t cols_per_chunk = panel_kernel ? panel_chunk_cols(k) : b_halves ? halves_chunk_cols(k) : chunk_cols;
    for (std::int64_t u = kc.take_unit(); u < units; u = kc.take_unit()) {
        const std::int64_t block = u % blocks, plane = u / blocks;
        const std::int64_t i2 = plane % d.ne[2], i3 = plane / d.ne[2];
        const std::int64_t i02 = i2 / r2, i03 = i3 / r3;
        const std::int64_t row0 = block * unit_rows;
        gemm_args g{};
        g.m = std::min(unit_rows, m - row0);
        g.k = k;
        if (in_place) {
            g.a = as_floats(a.row(row0, i02, i03));
            g.lda = a.nb[1] / sizeof(float);
        } else if (!f16_kernel && !panel_kernel && !dot_f16) {
            for (std::int64_t i = 0; i < g.m; ++i)
                row_to_f32(a.type, a.row(row0 + i, i02, i03), a.nb[0], panel + static_cast<std::size_t>(i * k), k);
            g.a = panel;
            g.lda = static_cast<std::size_t>(k);
        }
        for (std::int64_t col0 = 0; col0 < cols; col0 += cols_per_chunk) {
            g.n = std::min(cols_per_chunk, cols - col0);
            const void* bp = nullptr;
            if (convert_b) {
                bp = kc.work + static_cast<std::size_t>(((i3 * b.ne[2] + i2) * cols + col0) * k) * b_element;
                g.ldb = static_cast<std::size_t>(k);
            } else {
                bp = b.row(col0, i2, i3);
                g.ldb = b.nb[1] / sizeof(float);
            }
            g.c = reinterpret_cast<float*>(d.row(col0, i2, i3)) + row0;
            g.ldc = d.nb[1] / sizeof(float);
            if (panel_kernel) {
                const float* bt = reinterpret_cast<const float*>(kc.work) + static_cast<std::size_t>((i3 * b.ne[2] + i2) * k * cols + col0);
                panel_kernel({a.row(row0, i02, i03), a.nb[1], bt, static_cast<std::size_t>(cols), g.c, g.ldc, g.m, g.n, k});
                continue;
            }
            if (dot_f16) {
                for (std::int64_t j = 0; j < g.n; ++j)
                    dot_f16(a.row(row0, i02, i03), a.nb[1], static_cast<const std::uint16_t*>(bp) + j * k, g.c + j * g.ldc, g.m, k);
                continue;
            }
            if (f16_kernel) {
                f16_kernel({a.row(row0, i02, i03), a.nb[1], bp, g.ldb, g.c, g.ldc, g.m, g.n, g.k, b_halves});
                continue;
            }
            g.b = static_cast<const float*>(bp);
            gemm_nt(g);
        }
    }
}

std::size_t work_mul_mat(const exec_node& n, int nth) {
    if (integer_kernel(n))
        return quantized_b_bytes(n) * static_cast<std::size_t>(quantizes_privately(n) ? nth : 1) +
               scratch_bytes(padded(n.src[0].ne[0]), nth);
    return converted_b_bytes(n) + scratch_bytes(static_cast<std::size_t>(block_rows * n.src[0].ne[0]), nth);
}

} // namespace planscope::cpu
