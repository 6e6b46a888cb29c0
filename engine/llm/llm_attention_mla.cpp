// Attention over a K-only cache (llama-graph.cpp: build_attn_inp_k, build_attn with
// llm_graph_input_attn_k): MLA with the absorption optimisation caches one latent per token
// (the compressed KV and the rotated part), so the heads attend as MQA; V is the first
// v_cur->ne[0] channels of the cached K, and v_mla (attn_v_b) decompresses the result per head.
#include "llm_graph_context.h"

namespace planscope {

llm_attn_input llm_graph_context::build_attn_inp_k() {
    llm_attn_input inp;
    inp.k_idxs = input(kv.build_input_k_idxs(b, n_tokens), llm_input_role::k_idxs);
    inp.kq_mask = build_attn_inp_kq_mask();
    return inp;
}

tensor_id llm_graph_context::build_attn_k(const llm_attn_input& inp, tensor_id wo, tensor_id wo_b, tensor_id q_cur,
                                          tensor_id k_cur, tensor_id v_cur, tensor_id v_mla, float kq_scale, int il) {
    // Added together so that they are not reordered; K last (rope fusion writes into the cache).
    expand(q_cur);
    expand(v_cur);
    expand(k_cur);
    const auto layer = static_cast<std::uint32_t>(il);
    expand(kv.cpy_k(b, k_cur, inp.k_idxs, layer));

    const tensor_id k = kv.get_k(b, layer);
    if (!k.valid() || !v_cur.valid()) return {};
    const tensor kt = b.ctx()[k];
    const tensor_id v = b.view_4d(k, b.ctx()[v_cur].ne[0], kt.ne[1], kt.ne[2], kt.ne[3], kt.nb[1], kt.nb[2], kt.nb[3], 0);
    tensor_id cur = cb(build_attn_mha(q_cur, k, v, {}, inp.kq_mask, {}, kq_scale, il, v_mla), "kqv_out", il);
    if (wo.valid()) cur = mm(wo, cur, hparams.arch == "glm4" || hparams.arch == "glm4moe");
    if (wo_b.valid()) cur = b.add(cur, wo_b);
    return cur;
}

} // namespace planscope
