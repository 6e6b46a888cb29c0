// The mixture-of-experts architectures of the zoo (keys and tensors as src/models/ARCH.cpp loads them).
#include "zoo_archs.h"

namespace planscope::test_models {

namespace {

using B = zoo_builder;

void zm_shared_expert(B& b, int il, std::int64_t width) {
    const auto& d = b.dims();
    b.weight(B::blk(il, "ffn_gate_shexp"), {d.embd, width});
    b.weight(B::blk(il, "ffn_down_shexp"), {width, d.embd});
    b.weight(B::blk(il, "ffn_up_shexp"), {d.embd, width});
}

} // namespace

// Qwen1.5-MoE: QKV biases, experts plus a shared expert behind a sigmoid gate (ffn_gate_inp_shexp).
gguf_document zoo_qwen2moe(B& b) {
    const auto& d = b.dims();
    b.common_keys();
    b.f32("attention.layer_norm_rms_epsilon", 1e-6f);
    b.f32("rope.freq_base", 1000000.0f);
    b.u32("expert_feed_forward_length", static_cast<std::uint32_t>(d.expert_ff));
    b.u32("expert_shared_feed_forward_length", static_cast<std::uint32_t>(d.ff));
    b.embeddings_and_output(false, false);
    for (int il = 0; il < d.layers; ++il) {
        b.norm(B::blk(il, "attn_norm"), d.embd);
        b.attention(il, true);
        b.norm(B::blk(il, "ffn_norm"), d.embd);
        b.experts(il);
        b.weight(B::blk(il, "ffn_gate_inp_shexp"), {d.embd});
        zm_shared_expert(b, il, d.ff);
    }
    return b.take();
}

gguf_document zoo_qwen3moe(B& b) {
    const auto& d = b.dims();
    b.common_keys();
    b.f32("attention.layer_norm_rms_epsilon", 1e-6f);
    b.f32("rope.freq_base", 1000000.0f);
    b.u32("expert_feed_forward_length", static_cast<std::uint32_t>(d.expert_ff));
    b.embeddings_and_output(false, false);
    for (int il = 0; il < d.layers; ++il) {
        b.norm(B::blk(il, "attn_norm"), d.embd);
        b.attention(il, false);
        b.norm(B::blk(il, "attn_k_norm"), d.head_dim);
        b.norm(B::blk(il, "attn_q_norm"), d.head_dim);
        b.norm(B::blk(il, "ffn_norm"), d.embd);
        b.experts(il);
    }
    return b.take();
}

// gpt-oss: attention sinks, every other layer a sliding window, YaRN, biases on the attention
// output, the router and every expert (swiglu_oai).
gguf_document zoo_gpt_oss(B& b, std::uint32_t sliding_window, std::uint32_t yarn_orig_ctx) {
    const auto& d = b.dims();
    b.common_keys();
    b.f32("attention.layer_norm_rms_epsilon", 1e-5f);
    b.u32("attention.sliding_window", sliding_window);
    b.f32("rope.freq_base", 150000.0f);
    b.string("rope.scaling.type", "yarn");
    b.f32("rope.scaling.factor", 32.0f);
    b.u32("rope.scaling.original_context_length", yarn_orig_ctx);
    b.u32("expert_feed_forward_length", static_cast<std::uint32_t>(d.expert_ff));
    b.embeddings_and_output(false, false);
    for (int il = 0; il < d.layers; ++il) {
        b.norm(B::blk(il, "attn_norm"), d.embd);
        b.norm(B::blk(il, "post_attention_norm"), d.embd);
        b.attention(il, true);
        b.bias(B::blk(il, "attn_sinks"), {d.heads});
        b.experts(il);
        b.bias(B::blk(il, "attn_output", "bias"), {d.embd});
        b.bias(B::blk(il, "ffn_gate_inp", "bias"), {d.experts});
        b.bias(B::blk(il, "ffn_gate_exps", "bias"), {d.expert_ff, d.experts});
        b.bias(B::blk(il, "ffn_down_exps", "bias"), {d.embd, d.experts});
        b.bias(B::blk(il, "ffn_up_exps", "bias"), {d.expert_ff, d.experts});
    }
    return b.take();
}

// DeepSeek-V3 in small: MLA (K and V one latent of kv_lora_rank plus a rotated part shared by the
// heads, attn_k_b / attn_v_b per head), a low-rank Q, one leading dense layer, then experts with
// one shared expert, sigmoid gating with a selection bias (exp_probs_b). The options make the
// variants: Q without its low rank (attn_q), the old MHA layout (one attn_kv_b, no *_mla keys),
// softmax gating without exp_probs_b, expert groups, YaRN.
gguf_document zoo_deepseek2(B& b, const zoo_deepseek2_options& o) {
    const auto& d = b.dims();
    const std::int64_t q_lora = o.q_lora_rank, kv_lora = 32, rope = 8, nope = 16, v_head = 16;
    b.u32("context_length", static_cast<std::uint32_t>(d.ctx));
    b.u32("embedding_length", static_cast<std::uint32_t>(d.embd));
    b.u32("block_count", static_cast<std::uint32_t>(d.layers));
    b.u32("feed_forward_length", static_cast<std::uint32_t>(d.ff));
    b.u32("attention.head_count", static_cast<std::uint32_t>(d.heads));
    if (o.mla) {
        b.u32("attention.head_count_kv", 1);
        b.u32("attention.key_length", kv_lora + rope);
        b.u32("attention.value_length", kv_lora);
        b.u32("attention.key_length_mla", nope + rope);
        b.u32("attention.value_length_mla", v_head);
    } else {
        b.u32("attention.head_count_kv", static_cast<std::uint32_t>(d.heads));
        b.u32("attention.key_length", nope + rope);
        b.u32("attention.value_length", v_head);
    }
    b.u32("rope.dimension_count", rope);
    b.f32("attention.layer_norm_rms_epsilon", 1e-6f);
    b.u32("attention.q_lora_rank", static_cast<std::uint32_t>(q_lora));
    b.u32("attention.kv_lora_rank", kv_lora);
    b.u32("leading_dense_block_count", 1);
    b.u32("expert_count", static_cast<std::uint32_t>(d.experts));
    b.u32("expert_used_count", static_cast<std::uint32_t>(d.experts_used));
    b.u32("expert_feed_forward_length", static_cast<std::uint32_t>(d.expert_ff));
    b.u32("expert_shared_count", 1);
    b.f32("expert_weights_scale", 2.5f);
    b.boolean("expert_weights_norm", true);
    if (o.sigmoid) b.u32("expert_gating_func", 2); // LLAMA_EXPERT_GATING_FUNC_TYPE_SIGMOID
    if (o.expert_groups > 0) {
        b.u32("expert_group_count", o.expert_groups);
        b.u32("expert_group_used_count", o.expert_groups_used);
    }
    if (o.yarn) {
        b.string("rope.scaling.type", "yarn");
        b.f32("rope.scaling.factor", 4.0f);
        b.u32("rope.scaling.original_context_length", static_cast<std::uint32_t>(d.ctx / 4));
        b.f32("rope.scaling.yarn_log_multiplier", 0.0707f);
    }
    b.embeddings_and_output(false, false);
    for (int il = 0; il < d.layers; ++il) {
        b.norm(B::blk(il, "attn_norm"), d.embd);
        if (q_lora > 0) b.norm(B::blk(il, "attn_q_a_norm"), q_lora);
        b.norm(B::blk(il, "attn_kv_a_norm"), kv_lora);
        if (q_lora > 0) {
            b.weight(B::blk(il, "attn_q_a"), {d.embd, q_lora});
            b.weight(B::blk(il, "attn_q_b"), {q_lora, d.heads * (nope + rope)});
        } else {
            b.weight(B::blk(il, "attn_q"), {d.embd, d.heads * (nope + rope)});
        }
        b.weight(B::blk(il, "attn_kv_a_mqa"), {d.embd, kv_lora + rope});
        if (o.mla) {
            b.weight(B::blk(il, "attn_k_b"), {nope, kv_lora, d.heads});
            b.weight(B::blk(il, "attn_v_b"), {kv_lora, v_head, d.heads});
        } else {
            b.weight(B::blk(il, "attn_kv_b"), {kv_lora, d.heads * (nope + v_head)});
        }
        b.weight(B::blk(il, "attn_output"), {d.heads * v_head, d.embd});
        b.norm(B::blk(il, "ffn_norm"), d.embd);
        if (il == 0) {
            b.gated_ffn(il);
            continue;
        }
        b.weight(B::blk(il, "ffn_gate_inp"), {d.embd, d.experts});
        if (o.sigmoid) b.bias(B::blk(il, "exp_probs_b", "bias"), {d.experts});
        b.weight(B::blk(il, "ffn_down_exps"), {d.expert_ff, d.embd, d.experts});
        b.weight(B::blk(il, "ffn_gate_exps"), {d.embd, d.expert_ff, d.experts});
        b.weight(B::blk(il, "ffn_up_exps"), {d.embd, d.expert_ff, d.experts});
        zm_shared_expert(b, il, d.expert_ff);
    }
    return b.take();
}

} // namespace planscope::test_models
