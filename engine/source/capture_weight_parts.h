#pragma once
// One captured weight that llama.cpp da46e59c would make several tensors of on other devices
// (source/capture_devices.h). llama_model_loader::create_tensor with TENSOR_DUPLICATED makes a
// second tensor of a name in another buffer type's context and finds the first in its own: a tied
// token_embd is the input layer's (GET_ROWS) and the output layer's (the logits' MUL_MAT);
// rope_freqs and its kin are made once per layer. A program that ran every use on one buffer type
// was captured with one tensor; on devices that place the uses apart, each buffer type gets its own.
#include "core/document.h"
#include "core/error.h"
#include "llm/llm_placement.h"

#include <functional>
#include <span>
#include <string_view>
#include <vector>

namespace planscope {

// A node's read of the weight: its position in the graph, the source slot, llama.cpp's use.
struct weight_read {
    std::size_t position = 0;
    int slot = 0;
    llm_tensor_use use;
};

// The weights create_tensor makes in every layer with TENSOR_DUPLICATED: rope_freqs, rope_factors_long
// and rope_factors_short (".weight").
bool per_layer_weight(std::string_view name);
// A weight of several uses: a per-layer one or token_embd (tied to the output or not).
bool may_part(std::string_view name);

// Every read of w by doc's nodes with its use: a tied token_embd's by the op (MUL_MAT's weight: the
// output's, else the input's), a per-layer weight's by the reading node's layer ("Qcur-3": 3; none:
// 0), any other's `use`.
std::vector<weight_read> weight_reads(const graph_document& doc, tensor_id w, const llm_tensor_use& use);

struct weight_part {
    tensor_id tensor;
    llm_placed_buffer where;
};

using weight_placer = std::function<result<llm_placed_buffer>(const llm_tensor_use&)>;

// w and, for each further buffer type its reads are placed in, a new leaf of w's name, type and
// shape read by those reads, put in the leafs where ggml's graph walk would meet it first (the
// leafs ggml named by their index renumbered); the first-created use (the input layer's, then the
// lowest layer's) keeps w. `reads` are weight_reads' (at least one). Errors: the placer's.
result<std::vector<weight_part>> part_weight(graph_document& doc, tensor_id w, std::span<const weight_read> reads,
                                             const weight_placer& place);

} // namespace planscope
