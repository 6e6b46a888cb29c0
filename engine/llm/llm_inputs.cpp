// The graph inputs of llm_graph_context (llama-graph.cpp: build_inp_embd, build_inp_pos,
// build_inp_out_ids, build_attn_inp_kv with its KQ mask).
#include "llm_graph_context.h"

namespace planscope {

tensor_id llm_graph_context::build_inp_embd(tensor_id tok_embd) {
    const tensor_id tokens = input(cb(b.new_tensor_1d(dtype::i32, n_tokens), "inp_tokens", -1), llm_input_role::tokens);
    const tensor_id embd = input(cb(b.new_tensor_2d(dtype::f32, n_embd, n_tokens), "inp_embd", -1), llm_input_role::embd);
    // ggml_build_forward_select of the token path (chosen) and the embeddings path: both in the
    // graph, the embeddings a leaf.
    const tensor_id cur = b.get_rows(tok_embd, tokens);
    expand(cur);
    expand(embd);
    cb(cur, "embd", -1);
    expand(cur);
    return cur;
}

tensor_id llm_graph_context::build_inp_pos() { return input(b.new_tensor_1d(dtype::i32, n_tokens), llm_input_role::pos); }

tensor_id llm_graph_context::build_inp_out_ids() { return input(b.new_tensor_1d(dtype::i32, n_outputs), llm_input_role::out_ids); }

tensor_id llm_graph_context::build_attn_inp_kq_mask(const llm_kv_cache* cache, llm_input_role role) {
    // One mask per stream, f16 for flash attention; a reserve attends to all cells.
    const std::int64_t n_stream = cparams.kv_unified ? 1 : ubatch.n_seqs;
    const dtype type = cparams.flash_attn ? dtype::f16 : dtype::f32;
    const std::int64_t n_kv = (cache ? *cache : kv).n_kv();
    return input(b.set_name(b.new_tensor_4d(type, n_kv, n_tokens / n_stream, 1, n_stream), "attn_inp_kq_mask"), role);
}

llm_attn_input llm_graph_context::build_attn_inp_kv() {
    llm_attn_input inp;
    inp.k_idxs = input(kv.build_input_k_idxs(b, n_tokens), llm_input_role::k_idxs);
    inp.v_idxs = input(kv.build_input_v_idxs(b, n_tokens), llm_input_role::v_idxs);
    inp.kq_mask = build_attn_inp_kq_mask();
    const tensor_id k_rot = kv.build_input_k_rot(b);
    if (k_rot.valid()) inp.k_rot = input(k_rot, llm_input_role::k_rot);
    const tensor_id v_rot = kv.build_input_v_rot(b);
    if (v_rot.valid()) inp.v_rot = input(v_rot, llm_input_role::v_rot);
    return inp;
}

} // namespace planscope
