// Self-attention over the KV cache (llama-graph.cpp: build_qkv, build_attn with
// llm_graph_input_attn_kv, build_attn_mha): Q/K/V projections (fused or separate), the batch
// written to the cache, then either FLASH_ATTN_EXT (K/V cast to F16 when the cache is F32) or
// KQ = K*Q, soft_max_ext with the mask, KQV = V*KQ (V stored transposed) and the heads merged.
#include "llm_graph_context.h"

namespace planscope {
namespace {

// llama_mul_mat_hadamard: the rows of cur rotated by the rot x rot Hadamard matrix.
tensor_id attn_hadamard(llm_graph_context& g, tensor_id cur, tensor_id rot) {
    if (!cur.valid() || !rot.valid()) return {};
    const tensor t = g.b.ctx()[cur];
    const std::int64_t n = g.b.ctx()[rot].ne[0];
    tensor_id res = is_contiguous(t) ? g.b.reshape_2d(cur, n, nelements(t) / n) : g.b.cont_4d(cur, n, nelements(t) / n, 1, 1);
    res = g.b.mul_mat(rot, res);
    if (res.valid()) g.doc.ctx[res].params.set_i32(1, 1); // GGML_HINT_SRC0_IS_HADAMARD
    return g.b.reshape_4d(res, t.ne[0], t.ne[1], t.ne[2], t.ne[3]);
}

} // namespace

llm_qkv llm_graph_context::build_qkv(const llm_layer& layer, tensor_id cur, std::int64_t n_embd_head,
                                     std::int64_t n_head_, std::int64_t n_head_kv_, int il) {
    const std::int64_t n_embd_q = n_embd_head * n_head_, n_embd_kv = n_embd_head * n_head_kv_;
    const float clamp = hparams.f_clamp_kqv; // MPT's clip_qkv
    llm_qkv r;
    if (layer.wqkv.valid()) {
        tensor_id qkv = cb(mm(layer.wqkv, cur), "wqkv", il);
        if (layer.wqkv_b.valid()) qkv = cb(b.add(qkv, layer.wqkv_b), "wqkv_b", il);
        if (clamp > 0.0f) qkv = cb(b.clamp(qkv, -clamp, clamp), "wqkv_clamped", il);
        if (!qkv.valid()) return r;
        const tensor t = b.ctx()[qkv];
        const std::size_t head = row_size(t.type, n_embd_head);
        r.q = b.view_3d(qkv, n_embd_head, n_head_, n_tokens, head, t.nb[1], 0);
        r.k = b.view_3d(qkv, n_embd_head, n_head_kv_, n_tokens, head, t.nb[1], row_size(t.type, n_embd_q));
        r.v = b.view_3d(qkv, n_embd_head, n_head_kv_, n_tokens, head, t.nb[1], row_size(t.type, n_embd_q + n_embd_kv));
    } else {
        const auto project = [&](tensor_id w, tensor_id bias, std::string_view name) {
            tensor_id x = cb(mm(w, cur), name, il);
            if (bias.valid()) x = cb(b.add(x, bias), name, il);
            if (clamp > 0.0f) x = cb(b.clamp(x, -clamp, clamp), std::string(name) + "_clamped", il);
            return x;
        };
        r.q = project(layer.wq, layer.wq_b, "Qcur");
        r.k = project(layer.wk, layer.wk_b, "Kcur");
        r.v = project(layer.wv, layer.wv_b, "Vcur");
        r.q = b.reshape_3d(r.q, n_embd_head, n_head_, n_tokens);
        r.k = b.reshape_3d(r.k, n_embd_head, n_head_kv_, n_tokens);
        r.v = b.reshape_3d(r.v, n_embd_head, n_head_kv_, n_tokens);
    }
    cb(r.q, "Qcur", il);
    cb(r.k, "Kcur", il);
    cb(r.v, "Vcur", il);
    return r;
}

tensor_id llm_graph_context::build_attn(const llm_attn_input& inp, tensor_id wo, tensor_id wo_b, tensor_id q_cur,
                                        tensor_id k_cur, tensor_id v_cur, tensor_id kq_b, tensor_id sinks,
                                        float kq_scale, int il) {
    return build_attn_with(kv, inp, false, wo, wo_b, q_cur, k_cur, v_cur, kq_b, sinks, kq_scale, il);
}

tensor_id llm_graph_context::build_attn_with(const llm_kv_cache& cache, const llm_attn_input& inp, bool k_before_v,
                                             tensor_id wo, tensor_id wo_b, tensor_id q_cur, tensor_id k_cur,
                                             tensor_id v_cur, tensor_id kq_b, tensor_id sinks, float kq_scale, int il) {
    if (inp.k_rot.valid()) {
        q_cur = attn_hadamard(*this, q_cur, inp.k_rot);
        k_cur = attn_hadamard(*this, k_cur, inp.k_rot);
    }
    if (inp.v_rot.valid()) v_cur = attn_hadamard(*this, v_cur, inp.v_rot);

    // Added together so that they are not reordered; K last (rope fusion writes into the cache),
    // except over llama_kv_cache_iswa, whose build_attn adds Q, K, V.
    expand(q_cur);
    if (k_before_v) expand(k_cur);
    expand(v_cur);
    if (!k_before_v) expand(k_cur);
    const auto layer = static_cast<std::uint32_t>(il);
    expand(cache.cpy_k(b, k_cur, inp.k_idxs, layer));
    expand(cache.cpy_v(b, v_cur, inp.v_idxs, layer));

    const tensor_id k = cache.get_k(b, layer);
    const tensor_id v = cache.get_v(b, layer);
    tensor_id cur = cb(build_attn_mha(q_cur, k, v, kq_b, inp.kq_mask, sinks, kq_scale, il), "kqv_out", il);
    if (inp.v_rot.valid()) cur = attn_hadamard(*this, cur, inp.v_rot);
    if (wo.valid()) cur = mm(wo, cur, hparams.arch == "glm4" || hparams.arch == "glm4moe" || hparams.arch == "jais2");
    if (wo_b.valid()) cur = b.add(cur, wo_b);
    return cur;
}

tensor_id llm_graph_context::build_attn_mha(tensor_id q, tensor_id k, tensor_id v, tensor_id kq_b, tensor_id kq_mask,
                                            tensor_id sinks, float kq_scale, int il, tensor_id v_mla) {
    if (!q.valid() || !k.valid() || !v.valid()) return {};
    const bool v_trans = b.ctx()[v].nb[1] > b.ctx()[v].nb[2];
    // The batch split into streams (one per sequence of a multi-stream cache).
    const std::int64_t n_stream = b.ctx()[k].ne[3];
    const tensor tq = b.ctx()[q];
    q = b.view_4d(q, tq.ne[0], tq.ne[1], tq.ne[2] / n_stream, n_stream, tq.nb[1], tq.nb[2], tq.nb[3] / n_stream, 0);
    q = b.permute(q, 0, 2, 1, 3);
    k = b.permute(k, 0, 2, 1, 3);
    v = b.permute(v, 0, 2, 1, 3);

    tensor_id cur;
    const std::optional<tensor_id> mask = kq_mask.valid() ? std::optional(kq_mask) : std::nullopt;
    const std::optional<tensor_id> sink = sinks.valid() ? std::optional(sinks) : std::nullopt;
    if (cparams.flash_attn && !kq_b.valid()) {
        if (v_trans) v = b.transpose(v);
        if (b.ctx()[k].type == dtype::f32) k = b.cast(k, dtype::f16);
        if (b.ctx()[v].type == dtype::f32) v = b.cast(v, dtype::f16);
        flash_attn_args a;
        a.scale = kq_scale;
        a.max_bias = hparams.f_max_alibi_bias;
        a.logit_softcap = hparams.attn_soft_cap ? hparams.f_attn_logit_softcapping : 0.0f;
        a.prec = ggml_prec_f32;
        a.sinks = sink;
        cur = cb(b.flash_attn_ext(q, k, v, mask, a), "__fattn__", il);
        if (!cur.valid()) return {};
        if (v_mla.valid()) {
            // MLA's decompression as a matrix-matrix product with the tokens in dimension 1.
            cur = cb(mm(v_mla, b.permute(cur, 0, 2, 1, 3)), "fattn_mla", il);
            cur = b.cont(b.permute(cur, 0, 2, 1, 3));
            if (!cur.valid()) return {};
        }
        const auto ne = b.ctx()[cur].ne;
        cur = b.reshape_2d(cur, ne[0] * ne[1], ne[2] * ne[3]);
    } else {
        tensor_id kq = cb(mm(k, q, true), "kq", il);
        if (hparams.attn_soft_cap) {
            kq = cb(b.scale_by(kq, 1.0f / hparams.f_attn_logit_softcapping), "kq_scaled_1", il);
            kq = cb(b.unary(kq, unary_kind::tanh), "kq_tanh", il);
            kq = cb(b.scale_by(kq, hparams.f_attn_logit_softcapping), "kq_scaled_2", il);
        }
        if (kq_b.valid()) kq = cb(b.add(kq, kq_b), "kq_plus_kq_b", il);
        soft_max_args s;
        s.scale = kq_scale;
        s.max_bias = hparams.f_max_alibi_bias;
        s.sinks = sink;
        kq = cb(b.soft_max_ext(kq, mask, s), "kq_soft_max", il);
        if (!v_trans) v = cb(b.cont(b.transpose(v)), "v_cont", il);
        tensor_id kqv = cb(b.mul_mat(v, kq), "kqv", il);
        if (v_mla.valid()) kqv = cb(mm(v_mla, kqv), "kqv_mla", il); // MLA: back from MQA to MHA
        cur = b.permute(kqv, 0, 2, 1, 3);
        if (!cur.valid()) return {};
        const auto ne = b.ctx()[cur].ne;
        cur = b.cont_4d(cur, ne[0] * ne[1], ne[2] * ne[3], 1, 1);
    }
    expand(cur);
    return cur;
}

} // namespace planscope
