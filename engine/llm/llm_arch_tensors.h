#pragma once
// Tensor-loading steps several architectures share (llama_model_base's tn / create_tensor_qkv and
// the output head with its tied-embeddings fallback).
#include "llm_model.h"
#include "llm_weights.h"

#include <string>
#include <string_view>

namespace planscope {

// Every layer's weights, made by make(layer, il) until the loader's first error, then
// done_getting_tensors (llm_weight_loader::finish).
template <class Make>
status llm_create_layers(llm_weight_loader& w, llm_model& m, Make&& make) {
    m.layers.resize(m.hparams.n_layer);
    for (std::uint32_t il = 0; il < m.hparams.n_layer && w.ok(); ++il) make(m.layers[il], il);
    return w.finish();
}

// "blk.<il>.<what>" (tn(LLM_TENSOR_..., suffix, il)).
std::string llm_tn(std::uint32_t il, std::string_view what);

// token_embd.weight, output_norm.weight and output.weight (optional unless `output_required`).
void llm_create_output(llm_weight_loader& w, llm_model& m, bool output_required);
// Tied embeddings: token_embd.weight stands in for an absent output.weight (TENSOR_DUPLICATED).
void llm_tie_output(llm_weight_loader& w, llm_model& m);

// create_tensor_qkv: the fused attn_qkv (and its bias) when the file has one, else separate
// Q/K/V weights (with `flags`) with optional biases. Placeholder weights (a vocab-only file) take
// the fused form when `fused_placeholder`, as the architecture's real files have it (phi3).
void llm_create_qkv(llm_weight_loader& w, llm_layer& l, std::uint32_t il, std::int64_t n_embd, std::int64_t n_q,
                    std::int64_t n_k, std::int64_t n_v, llm_tensor_flag flags = llm_tensor_flag::required,
                    bool fused_placeholder = false);

// A gated FFN of n_ff: ffn_gate, ffn_down, ffn_up (in llama.cpp's order).
void llm_create_gated_ffn(llm_weight_loader& w, llm_layer& l, std::uint32_t il, std::int64_t n_embd, std::int64_t n_ff);

// The rope frequency factors (n_rot / 2), one tensor for every layer (TENSOR_DUPLICATED after
// layer 0), optional: rope_factors_long / _short when `long_short` (LongRoPE), else rope_freqs.
void llm_create_rope_factors(llm_weight_loader& w, llm_layer& l, std::uint32_t il, std::int64_t n_rot,
                             bool long_short);

} // namespace planscope
