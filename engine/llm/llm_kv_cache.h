#pragma once
// llama_kv_cache of llama.cpp da46e59c: per layer a K tensor [n_embd_k_gqa, cells, n_stream]
// ("cache_k_l%d") and a V tensor ("cache_v_l%d"), in a buffer of their own ("kv_cache", what the
// memory breakdown counts as the context), each tensor at the CPU buffer type's alignment; V is
// stored transposed (one row per channel) when flash attention is off. The graph reads views of
// them (get_k, get_v) and writes the batch through SET_ROWS at input indices (cpy_k, cpy_v). A
// reserve (init_full) attends to every cell: n_kv = cells.
#include "core/builder.h"
#include "core/document.h"
#include "llm_buffers.h"
#include "llm_context_params.h"
#include "llm_hparams.h"

#include <functional>
#include <vector>

namespace planscope {

inline constexpr std::string_view llm_kv_buffer_name = "kv_cache";
// ggml's CPU buffer type alignment (TENSOR_ALIGNMENT of d99724f2).
inline constexpr std::size_t llm_cpu_alignment = 32;

class llm_kv_cache {
public:
    // Makes the tensors and their buffer in doc; errors for sizes that overflow. Without a
    // placement one CPU buffer; with one, a buffer per buffer type of the layers' kv_buffer.
    static result<llm_kv_cache> create(graph_document& doc, const llm_hparams& h, const llm_cparams& c,
                                       const llm_placement* placement = nullptr);
    // The cache of the layers `keep` accepts (every layer when empty), `cells` per stream: one of
    // llama_kv_cache_iswa's two (llm_kv_cache_iswa.h).
    static result<llm_kv_cache> create(graph_document& doc, const llm_hparams& h, const llm_cparams& c,
                                       std::uint32_t cells, const std::function<bool(std::uint32_t)>& keep,
                                       std::string_view buffer_name = llm_kv_buffer_name,
                                       const llm_placement* placement = nullptr);

    [[nodiscard]] std::uint32_t size() const { return m_size; }     // cells per stream
    [[nodiscard]] std::uint32_t n_stream() const { return m_n_stream; }
    [[nodiscard]] bool v_trans() const { return m_v_trans; }
    [[nodiscard]] std::size_t bytes() const { return m_bytes; }     // the buffers
    [[nodiscard]] const std::vector<llm_buffer_total>& buffers() const { return m_buffers; }
    [[nodiscard]] std::uint32_t n_kv() const { return m_n_kv; }     // init_full: every cell
    // A decode's n_kv (llama_kv_cache::get_n_kv): the views cover cells [0, n) only; errors when n
    // is 0 or more than the cells.
    status set_n_kv(std::uint32_t n);
    [[nodiscard]] bool rot_k() const { return m_rot_k; }            // attn_rot_k: a Hadamard rotation of K
    [[nodiscard]] bool rot_v() const { return m_rot_v; }
    [[nodiscard]] bool has_v() const { return m_has_v; }           // false for MLA (K only)

    // The views and writes of layer il (llama_kv_cache::get_k, get_v, cpy_k, cpy_v).
    tensor_id get_k(builder& b, std::uint32_t il) const;
    tensor_id get_v(builder& b, std::uint32_t il) const;
    tensor_id cpy_k(builder& b, tensor_id k_cur, tensor_id k_idxs, std::uint32_t il) const;
    tensor_id cpy_v(builder& b, tensor_id v_cur, tensor_id v_idxs, std::uint32_t il) const;
    // The index inputs (I64, one per token; for a transposed V one per token and channel).
    tensor_id build_input_k_idxs(builder& b, std::int64_t n_tokens) const;
    tensor_id build_input_v_idxs(builder& b, std::int64_t n_tokens) const;
    // attn_inp_k_rot / attn_inp_v_rot (invalid when there is no rotation).
    tensor_id build_input_k_rot(builder& b) const;
    tensor_id build_input_v_rot(builder& b) const;

private:
    llm_hparams m_h;
    std::vector<tensor_id> m_k, m_v; // by layer; invalid for a layer the cache does not hold
    std::uint32_t m_size = 0, m_n_stream = 1, m_n_kv = 0;
    bool m_v_trans = true, m_rot_k = false, m_rot_v = false, m_has_v = true;
    std::size_t m_bytes = 0;
    std::vector<llm_buffer_total> m_buffers;
    std::int64_t m_n_embd_head_all = 0;
};

} // namespace planscope
