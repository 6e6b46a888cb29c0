// Steps the decoder graphs of src/models/*.cpp write alike: the inputs, the rope factors and the
// rope of Q and K, and the head every architecture ends with (norm, output projection, optional
// output bias, the graph expanded).
#include "llm_graph_context.h"

namespace planscope {

llm_decoder_inputs llm_graph_context::build_decoder_inputs() {
    llm_decoder_inputs in;
    in.embd = build_inp_embd(model.tok_embd);
    in.pos = build_inp_pos();
    in.attn = build_attn_inp_kv();
    in.out_ids = build_inp_out_ids();
    return in;
}

tensor_id llm_graph_context::rope_factors(int il) const {
    const llm_layer& layer = model.layers[static_cast<std::size_t>(il)];
    if (layer.rope_freqs.valid()) return layer.rope_freqs;
    return cparams.n_ctx_seq > hparams.n_ctx_orig_yarn ? layer.rope_long : layer.rope_short;
}

void llm_graph_context::rope_qkv(llm_qkv& qkv, tensor_id pos, tensor_id freq_factors, int il) {
    const int dims = static_cast<int>(n_rot);
    qkv.q = cb(rope_ext(qkv.q, pos, freq_factors, dims, rope_type), "Qcur", il);
    qkv.k = cb(rope_ext(qkv.k, pos, freq_factors, dims, rope_type), "Kcur", il);
    cb(qkv.v, "Vcur", il);
}

void llm_graph_context::build_output(tensor_id inpL, llm_norm_type type, float final_softcap) {
    tensor_id cur = cb(build_norm(inpL, model.output_norm, model.output_norm_b, type, -1), "result_norm", -1);
    const tensor_id embd = cur;
    cur = mm(model.output, cur);
    if (model.output_b.valid()) {
        cb(cur, "result_output_no_bias", -1);
        cur = b.add(cur, model.output_b);
    }
    if (final_softcap != 0.0f) {
        cur = b.scale_by(cur, 1.0f / final_softcap);
        cur = b.tanh(cur);
        cur = b.scale_by(cur, final_softcap);
    }
    cb(cur, "result_output", -1);
    expand(cur);
    set_outputs(cur, embd);
}

} // namespace planscope
