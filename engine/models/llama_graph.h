#pragma once
// The llama decoder graph as llama.cpp built it in mid-November 2023 (llm_build_llama with the
// single cache_k/cache_v KV cache, KQ_scale as a tensor, KQ_mask added before SOFT_MAX), for the
// ggml-alloc/ggml-backend of that time. Node order, tensor names, shapes and views match what
// ggml_build_forward_expand produced there, so plans match what users of that ggml got.
#include "core/document.h"
#include "core/error.h"
#include "gguf.h"
#include "llama_hparams.h"
#include "llama_weights.h"
#include "llm/llm_context_params.h"

#include <memory>
#include <optional>
#include <vector>

namespace planscope {

struct llama_params {
    int n_ctx = 512;         // KV cache cells (llama.cpp's n_ctx)
    int n_batch = 8;         // tokens in this graph
    int n_past = 0;          // cells already filled; the new tokens are stored from cell n_past on
    dtype kv_type = dtype::f16; // f16 or f32 (llama.cpp's memory_f16 then)
    int ngl = 0;             // -ngl: layers i >= n_layer - ngl, and the output when ngl > n_layer, on "GPU"
    // llama.cpp's measure graph (ggml_allocr_is_measure): n_kv = n_ctx, kv_head = n_ctx - n_batch and
    // the K-shift ROPEs of every layer first. llama_new_context_with_model sized the compute
    // buffer from this graph built with n_batch = min(n_ctx, n_batch).
    bool worst_case = false;
    // llama.cpp da46e59c's context (ggml 2026: llm/llm_context_params.h). The 2023 graph takes only
    // what llama.cpp 2023 had (source/model_params.h says what it refuses).
    int n_ubatch = 0;        // tokens per ubatch; 0: n_batch
    int n_seq_max = 1;       // sequences (llama.cpp's n_seq_max)
    llm_flash_attn flash_attn = llm_flash_attn::automatic;
    std::optional<dtype> type_k, type_v; // the K and V caches' types; unset: kv_type
};

inline constexpr std::string_view kv_cache_buffer_name = "kv_cache";
// ggml_allocr_new_measure(tensor_alignment) in llama_new_context_with_model.
inline constexpr std::size_t llama_compute_alignment = 32;

struct llama_model_graph {
    graph_document doc;
    llama_hparams hparams;
    // Tensors llama.cpp's build callback allocated in the compute allocator before the graph was
    // allocated, in that order: inp_tokens, inp_embd (the GET_ROWS result, pre-allocated too),
    // inp_pos, KQ_scale, KQ_mask, and K_shift in the worst-case graph.
    std::vector<tensor_id> inputs;
    tensor_id result_output;  // the logits, last node
    tensor_id cache_k, cache_v;
    int n_tokens = 0;
    int n_kv = 0;    // KV cells attended
    int kv_head = 0; // first cell written
    // False for a vocab-only file: the weights are f32 placeholders, sized and placed but with no data.
    bool weights_backed = false;
    // The file's mapping: a CPU weight at offset o of "weights" has its data at data_offset + o.
    std::shared_ptr<const mapped_file> mapping;
    std::size_t data_offset = 0;
};

// Errors name the problem without the file ("architecture 'gpt2' is not supported by the graph
// builder", "missing key llama.embedding_length", "tensor 'blk.0.attn_q.weight' has shape ...").
result<llama_model_graph> build_llama_graph(const gguf_file& file, const llama_params& params);
// The same graph from hyperparameters alone (a template with free hyperparameters): f32
// placeholder weights, as for a vocab-only file.
result<llama_model_graph> build_llama_graph(const llama_hparams& hparams, const llama_params& params);

// n_kv of a decode step: llama.cpp's kv_self.n = min(n_ctx, max(32, cell_max)), with the cells
// [0, n_past + n_tokens) in use.
int llama_n_kv(int n_ctx, int n_past, int n_tokens);

} // namespace planscope
