// llama-arch.cpp's LLM_TENSOR_INFOS joined with LLM_TENSOR_NAMES (llama.cpp da46e59c): the layer
// and the op of every weight llama.cpp knows, by its GGUF name, and create_tensor's reading of it
// (llama-model-loader.cpp, buft_for_tensor: the tied token_embd, ".bias" as ADD / ADD_ID, the
// layer-number sanity checks).
#include "llm_placement.h"

#include "core/printable.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <span>

namespace planscope {

namespace {

// One LLM_TENSOR_INFOS entry per name ("%d": the layer, or a convnext / posnet block), grouped by
// use. The op is ggml's name: SSM_CONV, SSM_SCAN, RWKV_WKV6 and IM2COL have no op_kind.
// "blk.%d.ssm_a" is SSM_A here (SSM_SCAN); its MUL twin SSM_A_NOSCAN has the same name, and so
// does ATTN_KV_NORM with ATTN_KV_A_NORM (both MUL). token_embd_norm is two tensors: TOKEN_EMBD_NORM
// (repeating, created with layer 0) and OUTPUT_NORM_LFM2 (output, no layer).
constexpr std::array infos_input_get_rows{"token_embd", "position_embd", "token_types", "per_layer_token_embd"};
constexpr std::array infos_input_none{"masked_embd_centroids", "masked_embd_ordering"};
constexpr std::array infos_output_mul_mat{
    "output", "cls", "cls.output", "dense_2", "dense_3", "output_hc_fn", "altup_proj", "altup_unembd_proj",
    "nextn.post_projection", "fc"};
constexpr std::array infos_output_mul{
    "cls.norm", "output_norm", "token_embd_norm", "dec.output_norm", "enc.output_norm", "output_hc_scale"};
constexpr std::array infos_output_add{"output_hc_base"};
constexpr std::array infos_output_get_rows{"d2t"};
constexpr std::array infos_repeating_mul{
    "token_embd_norm", "blk.%d.hc_attn_scale", "blk.%d.hc_ffn_scale", "blk.%d.attn_compressor_norm",
    "blk.%d.ssm_dt_norm", "blk.%d.ssm_b_norm", "blk.%d.ssm_c_norm", "blk.%d.ssm_d", "blk.%d.ssm_norm",
    "blk.%d.ssm_conv1d_q", "blk.%d.ssm_conv1d_k", "blk.%d.ssm_conv1d_v", "blk.%d.time_mix_lerp_x",
    "blk.%d.time_mix_ln", "blk.%d.channel_mix_lerp_k", "blk.%d.channel_mix_lerp_r", "blk.%d.time_mix_k_k",
    "blk.%d.time_mix_k_a", "blk.%d.time_mix_r_k", "blk.%d.attn_norm", "blk.%d.attn_norm_2",
    "blk.%d.attn_output_norm", "blk.%d.post_attention_norm", "blk.%d.ffn_norm", "blk.%d.pre_ffw_norm_2",
    "blk.%d.post_ffw_norm_1", "blk.%d.post_ffw_norm_2", "blk.%d.post_ffw_norm", "blk.%d.ffn_norm_exps",
    "blk.%d.attn_q_norm", "blk.%d.attn_k_norm", "blk.%d.layer_output_norm", "blk.%d.layer_output_scale",
    "blk.%d.attn_q_a_norm", "blk.%d.attn_kv_a_norm", "blk.%d.attn_sub_norm", "blk.%d.ffn_sub_norm",
    "dec.blk.%d.attn_norm", "dec.blk.%d.cross_attn_norm", "dec.blk.%d.ffn_norm", "enc.blk.%d.attn_norm",
    "enc.blk.%d.ffn_norm", "per_layer_proj_norm", "blk.%d.post_norm", "blk.%d.altup_correct_scale",
    "blk.%d.altup_router_norm", "blk.%d.laurel_post_norm", "posnet.%d.norm", "posnet.%d.norm1", "posnet.%d.norm2",
    "posnet.%d.attn_norm", "convnext.%d.norm", "convnext.%d.gamma", "blk.%d.indexer.k_norm",
    "blk.%d.indexer_compressor_norm", "blk.%d.nextn.enorm", "blk.%d.nextn.hnorm", "blk.%d.nextn.shared_head_norm"};
constexpr std::array infos_repeating_rope{"rope_freqs", "rope_factors_long", "rope_factors_short"};
constexpr std::array infos_repeating_mul_mat{
    "blk.%d.attn_q", "blk.%d.attn_k", "blk.%d.attn_v", "blk.%d.attn_qkv", "blk.%d.attn_output", "blk.%d.attn_gate",
    "blk.%d.ffn_gate", "blk.%d.ffn_down", "blk.%d.ffn_up", "blk.%d.ffn_down_shexp", "blk.%d.ffn_gate_shexp",
    "blk.%d.ffn_up_shexp", "blk.%d.attn_q_a", "blk.%d.attn_q_b", "blk.%d.attn_kv_a_mqa", "blk.%d.attn_kv_b",
    "blk.%d.attn_kv", "blk.%d.attn_output_a", "blk.%d.attn_output_b", "blk.%d.hc_attn_fn", "blk.%d.hc_ffn_fn",
    "blk.%d.attn_compressor_kv", "blk.%d.attn_compressor_gate", "blk.%d.attn_k_b", "blk.%d.attn_v_b",
    "dec.blk.%d.attn_q", "dec.blk.%d.attn_k", "dec.blk.%d.attn_v", "dec.blk.%d.attn_o", "dec.blk.%d.cross_attn_q",
    "dec.blk.%d.cross_attn_k", "dec.blk.%d.cross_attn_v", "dec.blk.%d.cross_attn_o", "dec.blk.%d.ffn_gate",
    "dec.blk.%d.ffn_down", "dec.blk.%d.ffn_up", "enc.blk.%d.attn_q", "enc.blk.%d.attn_k", "enc.blk.%d.attn_v",
    "enc.blk.%d.attn_o", "enc.blk.%d.ffn_gate", "enc.blk.%d.ffn_down", "enc.blk.%d.ffn_up",
    "blk.%d.ffn_gate_inp_shexp", "blk.%d.ffn_gate_inp", "blk.%d.ssm_in", "blk.%d.ssm_x", "blk.%d.ssm_dt",
    "blk.%d.ssm_out", "blk.%d.ssm_alpha", "blk.%d.ssm_ba", "blk.%d.time_mix_w1", "blk.%d.time_mix_w2",
    "blk.%d.time_mix_a1", "blk.%d.time_mix_a2", "blk.%d.time_mix_v1", "blk.%d.time_mix_v2", "blk.%d.time_mix_g1",
    "blk.%d.time_mix_g2", "blk.%d.time_mix_decay_w1", "blk.%d.time_mix_decay_w2", "blk.%d.time_mix_key",
    "blk.%d.time_mix_value", "blk.%d.time_mix_receptance", "blk.%d.time_mix_gate", "blk.%d.time_mix_output",
    "blk.%d.channel_mix_key", "blk.%d.channel_mix_receptance", "blk.%d.channel_mix_value", "blk.%d.ssm_f_a",
    "blk.%d.ssm_f_b", "blk.%d.ssm_beta", "blk.%d.ssm_g_a", "blk.%d.ssm_g_b", "per_layer_model_proj",
    "blk.%d.inp_gate", "blk.%d.proj", "blk.%d.altup_correct_coef", "blk.%d.altup_predict_coef",
    "blk.%d.altup_router", "blk.%d.laurel_l", "blk.%d.laurel_r", "posnet.%d.attn_q", "posnet.%d.attn_k",
    "posnet.%d.attn_v", "posnet.%d.attn_output", "convnext.%d.pw1", "convnext.%d.pw2", "blk.%d.shortconv.in_proj",
    "blk.%d.shortconv.out_proj", "blk.%d.vis_attn_qkv", "blk.%d.vis_attn_output", "blk.%d.vis_gate",
    "blk.%d.vis_down", "blk.%d.vis_up", "blk.%d.indexer.proj", "blk.%d.indexer.attn_k", "blk.%d.indexer.attn_q_b",
    "blk.%d.indexer_compressor_kv", "blk.%d.indexer_compressor_gate", "nextn.pre_projection", "blk.%d.nextn.eh_proj",
    "blk.%d.nextn.shared_head_head", "blk.%d.ffn_latent_down", "blk.%d.ffn_latent_up"};
constexpr std::array infos_repeating_add{
    "blk.%d.hc_attn_base", "blk.%d.hc_ffn_base", "blk.%d.attn_compressor_ape", "blk.%d.time_mix_lerp_w",
    "blk.%d.time_mix_lerp_k", "blk.%d.time_mix_lerp_v", "blk.%d.time_mix_lerp_r", "blk.%d.time_mix_lerp_g",
    "blk.%d.time_mix_lerp_fused", "blk.%d.time_mix_decay", "blk.%d.time_mix_w0", "blk.%d.time_mix_a0",
    "blk.%d.time_mix_v0", "blk.%d.exp_probs_b", "blk.%d.indexer_compressor_ape"};
constexpr std::array infos_repeating_scale{"blk.%d.attn_sinks"};
constexpr std::array infos_repeating_div{"blk.%d.ffn.act"};
constexpr std::array infos_repeating_get_rows{
    "dec.blk.%d.attn_rel_b", "enc.blk.%d.attn_rel_b", "blk.%d.ffn_gate_tid2eid", "blk.%d.nextn.embed_tokens"};
constexpr std::array infos_repeating_mul_mat_id{
    "blk.%d.ffn_down_exps", "blk.%d.ffn_gate_exps", "blk.%d.ffn_up_exps", "blk.%d.ffn_gate_up_exps",
    "blk.%d.ffn_down_chexps", "blk.%d.ffn_gate_chexps", "blk.%d.ffn_up_chexps"};
constexpr std::array infos_repeating_none{"dec.blk.%d.cross_attn_rel_b"};
constexpr std::array infos_repeating_ssm_conv{"blk.%d.ssm_conv1d", "blk.%d.shortconv.conv"};
constexpr std::array infos_repeating_ssm_scan{"blk.%d.ssm_a"};
constexpr std::array infos_repeating_rwkv_wkv6{"blk.%d.time_mix_first"};
constexpr std::array infos_repeating_im2col{"conv1d", "posnet.%d.conv1", "posnet.%d.conv2", "convnext.%d.dw"};

struct tensor_use_group {
    llm_tensor_layer layer;
    std::string_view op; // ggml_op_name
    std::span<const char* const> names;
};

constexpr auto use_in = llm_tensor_layer::input, use_out = llm_tensor_layer::output;
constexpr auto use_rep = llm_tensor_layer::repeating;
constexpr std::array tensor_use_groups{
    tensor_use_group{use_in, "GET_ROWS", infos_input_get_rows},
    tensor_use_group{use_in, "NONE", infos_input_none},
    tensor_use_group{use_out, "MUL_MAT", infos_output_mul_mat},
    tensor_use_group{use_out, "MUL", infos_output_mul},
    tensor_use_group{use_out, "ADD", infos_output_add},
    tensor_use_group{use_out, "GET_ROWS", infos_output_get_rows},
    tensor_use_group{use_rep, "MUL", infos_repeating_mul},
    tensor_use_group{use_rep, "ROPE", infos_repeating_rope},
    tensor_use_group{use_rep, "MUL_MAT", infos_repeating_mul_mat},
    tensor_use_group{use_rep, "ADD", infos_repeating_add},
    tensor_use_group{use_rep, "SCALE", infos_repeating_scale},
    tensor_use_group{use_rep, "DIV", infos_repeating_div},
    tensor_use_group{use_rep, "GET_ROWS", infos_repeating_get_rows},
    tensor_use_group{use_rep, "MUL_MAT_ID", infos_repeating_mul_mat_id},
    tensor_use_group{use_rep, "NONE", infos_repeating_none},
    tensor_use_group{use_rep, "SSM_CONV", infos_repeating_ssm_conv},
    tensor_use_group{use_rep, "SSM_SCAN", infos_repeating_ssm_scan},
    tensor_use_group{use_rep, "RWKV_WKV6", infos_repeating_rwkv_wkv6},
    tensor_use_group{use_rep, "IM2COL", infos_repeating_im2col},
};

// The name with every all-digit component written "%d" (LLM_TENSOR_NAMES' form) and the first
// such number (the layer), if any.
struct tensor_name_pattern {
    std::string pattern;
    int number = -1;
};

tensor_name_pattern tensor_name_form(std::string_view name) {
    tensor_name_pattern f;
    for (std::size_t start = 0; start <= name.size();) {
        const std::size_t dot = std::min(name.find('.', start), name.size());
        const std::string_view part = name.substr(start, dot - start);
        int value = 0;
        const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
        const bool number = !part.empty() && part[0] >= '0' && part[0] <= '9' && ec == std::errc{} &&
                            end == part.data() + part.size();
        if (number && f.number < 0) f.number = value;
        f.pattern += number ? std::string_view{"%d"} : part;
        if (dot < name.size()) f.pattern += '.';
        start = dot + 1;
    }
    return f;
}

// The entries named `pattern`; of two (token_embd_norm), the one whose layer kind fits `has_layer`.
const tensor_use_group* find_use_group(std::string_view pattern, bool has_layer) {
    const tensor_use_group* found = nullptr;
    for (const auto& g : tensor_use_groups)
        for (const char* n : g.names)
            if (pattern == n && (!found || (g.layer == llm_tensor_layer::repeating) == has_layer)) found = &g;
    return found;
}

} // namespace

result<llm_tensor_use> llm_tensor_use_of(std::string_view name, int bid, bool duplicated) {
    const std::string where = printable(name);
    const tensor_name_pattern form = tensor_name_form(name);
    const int layer = form.number >= 0 ? form.number : bid;
    if (form.number >= 0 && bid >= 0 && bid != form.number)
        return error{where + ": the name is layer " + std::to_string(form.number) + ", not " + std::to_string(bid)};

    // LLM_TN: "<base>.<suffix>", the suffix "weight" or "bias" (or none).
    std::string_view base = form.pattern, suffix;
    const tensor_use_group* g = nullptr;
    if (const auto dot = base.rfind('.'); dot != std::string_view::npos) {
        g = find_use_group(base.substr(0, dot), layer >= 0);
        if (g) {
            suffix = base.substr(dot + 1);
            base = base.substr(0, dot);
        }
    }
    if (!g) g = find_use_group(base, layer >= 0);
    if (!g) return error{where + ": not a tensor llama.cpp knows (LLM_TENSOR_INFOS)"};

    // A tied token_embd is loaded as the output (buft_for_tensor's TENSOR_DUPLICATED rule).
    if (duplicated && base == "token_embd") g = find_use_group("output", false);

    const auto op = op_from_name(g->op);
    if (!op)
        return error{where + ": llama.cpp places it by " + std::string(g->op) + ", which Planscope does not model"};
    if (g->layer == llm_tensor_layer::repeating && layer < 0)
        return error{where + ": a repeating-layer tensor used without a layer number"};
    if (g->layer != llm_tensor_layer::repeating && layer >= 0)
        return error{where + ": an input or output tensor used with a layer number"};

    llm_tensor_use use;
    use.layer = g->layer;
    use.layer_index = g->layer == llm_tensor_layer::repeating ? layer : -1;
    use.op = *op;
    // Biases are used with ADD, or ADD_ID after MUL_MAT_ID; unused tensors stay unused.
    if (suffix == "bias" && *op != op_kind::none) use.op = *op == op_kind::mul_mat_id ? op_kind::add_id : op_kind::add;
    return use;
}

} // namespace planscope
