#include "llm_graph_context.h"

namespace planscope {

llm_graph_context::llm_graph_context(graph_document& d, const llm_model& m, const llm_cparams& c, const llm_kv_cache& k,
                                     const llm_ubatch_shape& u, const llm_kv_cache* k_swa)
    : doc(d), model(m), hparams(m.hparams), cparams(c), kv(k), kv_swa(k_swa), ubatch(u), b(d.ctx), n_embd(hparams.n_embd),
      n_layer(hparams.n_layer), n_rot(hparams.n_rot), n_ctx(c.n_ctx), n_head(hparams.n_head()),
      n_head_kv(hparams.n_head_kv()), n_embd_head_k(hparams.n_embd_head_k), n_embd_k_gqa(hparams.n_embd_k_gqa()),
      n_embd_head_v(hparams.n_embd_head_v), n_embd_v_gqa(hparams.n_embd_v_gqa()), n_expert(hparams.n_expert),
      n_expert_used(hparams.n_expert_used), freq_base(c.rope_freq_base), freq_scale(c.rope_freq_scale),
      ext_factor(c.yarn_ext_factor), attn_factor(c.yarn_attn_factor), beta_fast(c.yarn_beta_fast),
      beta_slow(c.yarn_beta_slow), norm_eps(hparams.f_norm_eps), norm_rms_eps(hparams.f_norm_rms_eps),
      n_tokens(u.n_tokens), n_outputs(u.n_outputs), n_ctx_orig(static_cast<int>(c.n_ctx_orig_yarn)),
      rope_type(hparams.rope_type) {}

tensor_id llm_graph_context::cb(tensor_id t, std::string_view name, int il) {
    if (il < 0) return b.set_name(t, name);
    std::string n(name);
    n += '-';
    n += std::to_string(il);
    return b.set_name(t, n);
}

void llm_graph_context::fail(std::string message) {
    if (!m_error) m_error = error{std::move(message)};
}

void llm_graph_context::expand(tensor_id t) {
    if (m_error || !b.ok() || !t.valid()) return;
    if (auto s = build_forward_expand(doc.ctx, doc.g, t); !s) fail(s.err().message);
}

tensor_id llm_graph_context::mm(tensor_id w, tensor_id cur, bool prec_f32) {
    const tensor_id t = b.mul_mat(w, cur);
    if (prec_f32 && t.valid()) doc.ctx[t].params.set_i32(0, ggml_prec_f32);
    return t;
}

tensor_id llm_graph_context::rope_ext(tensor_id x, tensor_id pos, tensor_id freq_factors, int n_dims, int mode) {
    return rope_ext(x, pos, freq_factors, n_dims, mode, freq_base, freq_scale);
}

tensor_id llm_graph_context::rope_ext(tensor_id x, tensor_id pos, tensor_id freq_factors, int n_dims, int mode,
                                      float base, float scale) {
    rope_args a;
    a.n_dims = n_dims;
    a.mode = mode;
    a.n_orig_ctx = n_ctx_orig;
    a.freq_base = base;
    a.freq_scale = scale;
    a.ext_factor = ext_factor;
    a.attn_factor = attn_factor;
    a.beta_fast = beta_fast;
    a.beta_slow = beta_slow;
    if (freq_factors.valid()) a.freq_factors = freq_factors;
    return b.rope(x, pos, a);
}

tensor_id llm_graph_context::input(tensor_id t, llm_input_role role) {
    b.set_flags(t, tensor_flag::input);
    if (t.valid()) {
        m_inputs.push_back(t);
        m_input_roles.push_back(role);
    }
    return t;
}

void llm_graph_context::set_outputs(tensor_id t_logits, tensor_id t_embd) {
    m_logits = t_logits;
    m_embd = t_embd;
    for (const tensor_id t : {t_logits, t_embd})
        if (t.valid()) b.set_flags(t, tensor_flag::output);
}

status llm_graph_context::finish() const {
    if (!b.ok()) return error{"graph: " + b.first_error()->message};
    if (m_error) return error{"graph: " + m_error->message};
    return success();
}

} // namespace planscope
