#pragma once
// A llama.cpp da46e59c graph for a GGUF model: the entry point for the CLI and the GUI.
//
// build_llm_graph reads the hyperparameters (read_llm_hparams, then the architecture's), resolves
// the context parameters as llama_context does, makes the weights (their own buffer "weights"),
// the KV cache (buffer "kv_cache", llm_kv_cache.h) and the graph of one ubatch in a graph_document,
// tensors in llama.cpp's creation order and nodes in its ggml_build_forward_expand order. The KV
// cache is the full one of a reserve (n_kv = every cell, llama_kv_cache::init_full). Graph inputs
// are flagged INPUT and listed (doc.compute_inputs too), the logits and the final norm flagged
// OUTPUT. A vocab-only file gets shape-only placeholder weights.
#include "core/document.h"
#include "core/error.h"
#include "llm_context_params.h"
#include "llm_graph_context.h"
#include "llm_model.h"
#include "llm_placement.h"
#include "models/gguf.h"

#include <memory>
#include <vector>

namespace planscope {

struct llm_graph_build {
    graph_document doc;
    llm_model model;
    llm_cparams cparams;
    llm_ubatch_shape ubatch;
    std::vector<tensor_id> inputs; // ggml_set_input'ed, in creation order
    std::vector<llm_input_role> input_roles; // by inputs
    tensor_id t_logits, t_embd;
    bool weights_backed = false;   // false: placeholders of a vocab-only file
    std::size_t model_bytes = 0;   // llama.cpp's model buffer (llm_weight_loader::model_bytes)
    std::size_t kv_bytes = 0;      // the KV cache buffer
    // Per buffer type, what the weights and the KV cache take (one CPU entry each without a
    // placement): llama.cpp's memory breakdown's model and context columns.
    std::vector<llm_buffer_total> model_buffers, kv_buffers;
    // The file's mapping: a weight at offset o of "weights" has its data at data_offset + o.
    std::shared_ptr<const mapped_file> mapping;
    std::size_t data_offset = 0;
};

// The model's hyperparameters as the architecture reads them; errors: no such architecture
// ("architecture 'foo' is not supported; supported: llama"), a key missing or invalid.
result<llm_hparams> read_model_hparams(const gguf_file& file);

// The graph of `ubatch` (n_tokens tokens over n_seqs sequences, n_outputs of them output).
result<llm_graph_build> build_llm_graph(const gguf_file& file, const llm_context_params& params,
                                        const llm_ubatch_shape& ubatch);
// The same with the hyperparameters and context already resolved (a reserve builds three), and
// optionally the weights and the KV cache placed on devices (llm_placement.h).
result<llm_graph_build> build_llm_graph(const gguf_file& file, const llm_hparams& hparams, const llm_cparams& cparams,
                                        const llm_ubatch_shape& ubatch, const llm_placement* placement = nullptr);

} // namespace planscope
