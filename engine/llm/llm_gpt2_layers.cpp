// The GPT-2 family's blocks (src/models/gpt2.cpp, starcoder.cpp, mpt.cpp): learned position
// embeddings and the pre-norm layer stack the three write alike. MPT's Q/K LayerNorm runs on the
// heads merged (reshaped to 2D and back); its AWQ scales divide the GELU's output.
#include "llm_graph_context.h"

#include <cmath>

namespace planscope {

tensor_id llm_graph_context::build_pos_embd(tensor_id inpL, tensor_id inp_pos) {
    const tensor_id pos = cb(b.get_rows(model.pos_embd, inp_pos), "pos_embd", -1);
    return cb(b.add(inpL, pos), "inpL", -1);
}

tensor_id llm_graph_context::build_gpt2_layers(tensor_id inpL, const llm_attn_input& inp_attn, tensor_id inp_out_ids) {
    const std::int64_t n_embd_head = n_embd_head_v;
    const float kq_scale = 1.0f / std::sqrt(static_cast<float>(n_embd_head));
    for (int il = 0; il < static_cast<int>(n_layer); ++il) {
        const llm_layer& layer = model.layers[static_cast<std::size_t>(il)];
        tensor_id cur = cb(build_norm(inpL, layer.attn_norm, layer.attn_norm_b, llm_norm_type::norm, il), "attn_norm", il);

        auto [q, k, v] = build_qkv(layer, cur, n_embd_head, n_head, n_head_kv, il);
        if (layer.attn_q_norm.valid()) {
            q = b.reshape_2d(q, n_embd_head * n_head, n_tokens);
            k = b.reshape_2d(k, n_embd_head * n_head_kv, n_tokens);
            q = build_norm(q, layer.attn_q_norm, layer.attn_q_norm_b, llm_norm_type::norm, il);
            k = build_norm(k, layer.attn_k_norm, layer.attn_k_norm_b, llm_norm_type::norm, il);
            q = cb(b.reshape_3d(q, n_embd_head, n_head, n_tokens), "Qcur", il);
            k = cb(b.reshape_3d(k, n_embd_head, n_head_kv, n_tokens), "Kcur", il);
        }
        cur = build_attn(inp_attn, layer.wo, layer.wo_b, q, k, v, {}, {}, kq_scale, il);

        if (il == n_layer - 1 && inp_out_ids.valid()) {
            cur = b.get_rows(cur, inp_out_ids);
            inpL = b.get_rows(inpL, inp_out_ids);
        }
        const tensor_id ffn_inp = cb(b.add(cur, inpL), "ffn_inp", il);

        cur = cb(build_norm(ffn_inp, layer.ffn_norm, layer.ffn_norm_b, llm_norm_type::norm, il), "ffn_norm", il);
        cur = build_ffn(cur, layer.ffn_up, layer.ffn_up_b, {}, {}, layer.ffn_down, layer.ffn_down_b, layer.ffn_act,
                        llm_ffn_op::gelu, llm_ffn_gate::seq, il);
        cb(cur, "ffn_out", il);
        inpL = cb(b.add(cur, ffn_inp), "l_out", il); // build_cvec: no control vector
    }
    return inpL;
}

} // namespace planscope
