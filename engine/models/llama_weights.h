#pragma once
// The weight leaves of a llama model (llm_load_tensors, LLM_ARCH_LLAMA, late 2023): GGUF names,
// llama's shapes, the file's types, placed where the data is.
#include "core/document.h"
#include "core/error.h"
#include "gguf.h"
#include "llama_hparams.h"

#include <string_view>
#include <vector>

namespace planscope {

// Buffer names of a llama document.
inline constexpr std::string_view weights_buffer_name = "weights";
inline constexpr std::string_view weights_gpu_buffer_name = "weights_gpu";

struct llama_layer_weights {
    tensor_id attn_norm, wq, wk, wv, wo, ffn_norm, ffn_gate, ffn_down, ffn_up;
};

struct llama_weights {
    tensor_id tok_embd, output_norm, output;
    std::vector<llama_layer_weights> layers;
    bool backed = false; // the file holds the data (false: vocab-only placeholders)
};

// Creates the weights in doc.ctx in llama.cpp's load order and adds their buffers to doc:
// "weights" (CPU) holds them at their GGUF data offsets, sized as the data section, so the data
// can be used straight from the mapping; with ngl > 0, "weights_gpu" (GPU) holds, packed, the
// layers i >= n_layer - ngl and, when ngl > n_layer, output_norm and output (token_embd stays on
// the CPU, as in llama.cpp). A file without tensors (vocab-only) gets f32 placeholders of llama's
// shapes, packed at the file's alignment. A file whose tensors are missing, misshapen or not all
// used is rejected, as llama.cpp's loader rejected it.
result<llama_weights> create_llama_weights(graph_document& doc, const gguf_file& file, const llama_hparams& h,
                                           int ngl);

} // namespace planscope
