#pragma once
// ggml's ggml_vec_dot_f16 as llama.cpp's reference build (x86, -march=native on a CPU with
// AVX512-FP16) computes it: the halves multiplied and added in f16 — 4 accumulators of 32 lanes
// over whole blocks of 128, each step one fused multiply-add rounded to f16, the accumulators
// folded and reduced in f16 (GCC's _mm512_reduce_add_ph) — and the remaining k % 128 products
// added in double. ggml takes this path for MUL_MAT with f16 weights whenever llamafile's tinyBLAS
// declines: one src1 row, k not a multiple of 16 or a row count not a multiple of 4
// (docs/numerics.md). The AVX512-FP16 kernel and the portable one give the same bits.
#include <cstddef>
#include <cstdint>

namespace planscope::cpu {

// c[i] = dot(row i of A, x) for i < m: A rows are k halves lda bytes apart, x k halves.
using dot_f16_rows_fn = void (*)(const std::byte* a, std::size_t lda, const std::uint16_t* x, float* c, std::int64_t m,
                                 std::int64_t k);

// The AVX512-FP16 kernel where the CPU has it, else the portable one (f16 arithmetic emulated).
dot_f16_rows_fn dot_f16_rows_kernel();
// The portable kernel (for tests).
dot_f16_rows_fn dot_f16_rows_portable();

// Which ggml build's vec_dot_f16 MUL_MAT reproduces. ggml is built for the CPU it runs on
// (GGML_NATIVE, or the CPU variant llama.cpp loads): this_cpu adds in f16 where the CPU has
// AVX512-FP16 and in f32 (the f32 kernels) elsewhere. avx512fp16 adds in f16 on any CPU, emulated
// where needed: what the committed llama.cpp reference values were made with
// (tests/data/llama_cpp/README.md), so that tests compare with them on every machine.
enum class f16_dot_build : std::uint8_t { this_cpu, avx512fp16 };
void set_f16_dot_build(f16_dot_build b); // process-wide; this_cpu until set
bool f16_dot_adds_in_f16();

// MUL_MAT with f16 weights multiplies this way: ggml's vec_dot_f16 path, not tinyBLAS.
inline bool f16_dot_path(std::int64_t k, std::int64_t m, std::int64_t cols) {
    return cols < 2 || k % 16 != 0 || m % 4 != 0;
}

} // namespace planscope::cpu
