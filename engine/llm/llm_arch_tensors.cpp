#include "llm_arch_tensors.h"

namespace planscope {

std::string llm_tn(std::uint32_t il, std::string_view what) {
    std::string s = "blk." + std::to_string(il) + ".";
    s += what;
    return s;
}

void llm_create_output(llm_weight_loader& w, llm_model& m, bool output_required) {
    using f = llm_tensor_flag;
    const std::int64_t n_embd = m.hparams.n_embd, n_vocab = m.hparams.n_vocab;
    m.tok_embd = w.create("token_embd.weight", {n_embd, n_vocab, 1, 1});
    m.output_norm = w.create("output_norm.weight", {n_embd, 1, 1, 1});
    m.output = w.create("output.weight", {n_embd, n_vocab, 1, 1},
                        output_required ? f::required : f::not_required | f::shape_only);
}

void llm_tie_output(llm_weight_loader& w, llm_model& m) {
    if (m.output.valid()) return;
    m.output = w.create("token_embd.weight", {std::int64_t{m.hparams.n_embd}, std::int64_t{m.hparams.n_vocab}, 1, 1},
                        llm_tensor_flag::duplicated);
}

void llm_create_qkv(llm_weight_loader& w, llm_layer& l, std::uint32_t il, std::int64_t n_embd, std::int64_t n_q,
                    std::int64_t n_k, std::int64_t n_v, llm_tensor_flag flags, bool fused_placeholder) {
    using f = llm_tensor_flag;
    const std::int64_t n_qkv = n_q + n_k + n_v;
    l.wqkv = w.create(llm_tn(il, "attn_qkv.weight"), {n_embd, n_qkv, 1, 1},
                      fused_placeholder ? f::not_required | f::shape_only : f::not_required);
    if (l.wqkv.valid()) {
        l.wqkv_b = w.create(llm_tn(il, "attn_qkv.bias"), {n_qkv, 1, 1, 1}, f::not_required);
        return;
    }
    l.wq = w.create(llm_tn(il, "attn_q.weight"), {n_embd, n_q, 1, 1}, flags);
    l.wk = w.create(llm_tn(il, "attn_k.weight"), {n_embd, n_k, 1, 1}, flags);
    l.wv = w.create(llm_tn(il, "attn_v.weight"), {n_embd, n_v, 1, 1}, flags);
    l.wq_b = w.create(llm_tn(il, "attn_q.bias"), {n_q, 1, 1, 1}, f::not_required);
    l.wk_b = w.create(llm_tn(il, "attn_k.bias"), {n_k, 1, 1, 1}, f::not_required);
    l.wv_b = w.create(llm_tn(il, "attn_v.bias"), {n_v, 1, 1, 1}, f::not_required);
}

void llm_create_gated_ffn(llm_weight_loader& w, llm_layer& l, std::uint32_t il, std::int64_t n_embd, std::int64_t n_ff) {
    l.ffn_gate = w.create(llm_tn(il, "ffn_gate.weight"), {n_embd, n_ff, 1, 1});
    l.ffn_down = w.create(llm_tn(il, "ffn_down.weight"), {n_ff, n_embd, 1, 1});
    l.ffn_up = w.create(llm_tn(il, "ffn_up.weight"), {n_embd, n_ff, 1, 1});
}

void llm_create_rope_factors(llm_weight_loader& w, llm_layer& l, std::uint32_t il, std::int64_t n_rot,
                             bool long_short) {
    using f = llm_tensor_flag;
    const f flags = il == 0 ? f::not_required : f::not_required | f::duplicated;
    if (long_short) {
        l.rope_long = w.create("rope_factors_long.weight", {n_rot / 2, 1, 1, 1}, flags, static_cast<int>(il));
        l.rope_short = w.create("rope_factors_short.weight", {n_rot / 2, 1, 1, 1}, flags, static_cast<int>(il));
    } else {
        l.rope_freqs = w.create("rope_freqs.weight", {n_rot / 2, 1, 1, 1}, flags, static_cast<int>(il));
    }
}

} // namespace planscope
