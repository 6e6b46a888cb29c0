#pragma once
// ggml's CPU extra buffer types on x86 (ggml-cpu.cpp ggml_backend_cpu_get_extra_buffer_types), which
// llama.cpp da46e59c puts in the CPU's buffer type list ahead of "CPU" (make_cpu_buft_list, unless
// --no-repack): weights whose MUL_MAT / MUL_MAT_ID has a re-laid-out kernel on this CPU go there,
// not into the mapped file. Which kernels exist depends on the CPU's features
// (device_profile::cpu_features); llama.cpp compiles them in, so the profile stands for a build made
// for that CPU. KleidiAI and the ARM / RISC-V repack layouts are not modelled (x86 only).
#include "device/device_profile.h"

#include <vector>

namespace planscope {

enum class llm_cpu_extra : std::uint8_t {
    amx,    // ggml-cpu/amx: "AMX", where the CPU has amx_int8 and avx512_vnni (and Linux grants the tiles)
    repack, // ggml-cpu/repack.cpp: "CPU_REPACK", in every x86 build (GGML_CPU_REPACK is on by default)
};

struct llm_cpu_extra_buffer {
    llm_cpu_extra kind = llm_cpu_extra::repack;
    // Alignment TENSOR_ALIGNMENT (32), no maximum size, not host (neither sets is_host: llama.cpp's
    // breakdown prints it on a line of its own, not in Host); AMX's alloc size is its own.
    device_buffer_type type;
};

// The extra buffer types of `cpu` in llama.cpp's order (AMX before CPU_REPACK); none for a profile
// that is not a CPU.
std::vector<llm_cpu_extra_buffer> llm_cpu_extra_buffers(const device_profile& cpu);

// The extra buffer type's supports_op for weight_buft_supported's op tensor `probe`, the weight its
// src0 placed in that buffer type:
// CPU_REPACK: MUL_MAT of a 2-D weight or MUL_MAT_ID of a 3-D one with an f32 src1 that has a repack
//   layout (llm_repack_layout);
// AMX: MUL_MAT with contiguous sources, an f32 src1, a result ne[0] (the weight's rows) a multiple of
//   32 and the weight's ne[0] a multiple of 32 (q4_0, q4_1, q8_0), 256 (q4_K, q5_K, q6_K, iq4_xs) or
//   16 (f16).
bool llm_cpu_extra_supports(llm_cpu_extra kind, const device_profile& cpu, const context& ctx, const tensor& probe);

// ggml_repack_get_optimal_repack_type on x86: q4_0, q4_K, iq4_nl and mxfp4 with avx2, q2_K with
// avx512f, each with ne[1] a multiple of 8 (the 8x8 interleave); nothing else.
bool llm_repack_layout(const device_profile& cpu, const tensor& w);

} // namespace planscope
