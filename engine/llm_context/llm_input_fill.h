#pragma once
// The inputs of a decode graph filled as llama.cpp's llm_graph_input_*::set_input fills them: the
// token ids, the positions (four planes for M-RoPE), out_ids (the ubatch's output rows), k_idxs /
// v_idxs (the cells SET_ROWS writes; one index per channel when V is transposed), the KQ mask of
// the full cache and of the sliding-window cache (f32, or f16 for flash attention: 0 to keep,
// -INF to drop an empty cell, a later position or one outside the window; -|p0 - p1| with ALiBi;
// rows past the tokens dropped), the Hadamard rotations of a quantized cache (ggml_gen_hadamard).
// The embeddings input is left alone (the token path is taken).
#include "backend/buffer_table.h"
#include "core/error.h"
#include "llm/llm_build.h"
#include "llm/llm_decode.h"

#include <cstdint>
#include <span>

namespace planscope {

struct llm_ubatch_values {
    std::span<const std::int32_t> tokens, pos;
    std::span<const std::uint8_t> output; // by token: its logits are wanted
};

// A cache's cells after the ubatch was applied, and where the ubatch's tokens went.
struct llm_cache_slot {
    const llm_kv_cells* cells = nullptr;
    std::span<const std::uint32_t> slot;
};

// Errors name the input: one of a role no filler knows, a size that does not match the ubatch, a
// cache the graph reads but `swa` does not give.
status fill_llm_inputs(const llm_graph_build& build, const buffer_table& table, const llm_ubatch_values& u,
                       const llm_cache_slot& base, const llm_cache_slot& swa = {});

} // namespace planscope
