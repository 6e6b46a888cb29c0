// llm_graph_context::build_ffn: up, gate (in parallel with up or after it), the activation, down.
// A parallel gate is fused with its activation (SWIGLU/GEGLU/REGLU of gate and up), as
// llama.cpp fuses it; the SwiGLU clamp of swiglu_clamp_shexp (0 for every model Planscope loads)
// is not modelled.
#include "llm_graph_context.h"

namespace planscope {

tensor_id llm_graph_context::build_ffn(tensor_id cur, tensor_id up, tensor_id up_b, tensor_id gate, tensor_id gate_b,
                                       tensor_id down, tensor_id down_b, tensor_id act_scales, llm_ffn_op type_op,
                                       llm_ffn_gate type_gate, int il) {
    tensor_id tmp = up.valid() ? mm(up, cur) : cur;
    cb(tmp, "ffn_up", il);
    if (up_b.valid()) tmp = cb(b.add(tmp, up_b), "ffn_up_b", il);

    if (gate.valid()) {
        cur = cb(mm(gate, type_gate == llm_ffn_gate::seq ? tmp : cur), "ffn_gate", il);
        if (gate_b.valid()) cur = cb(b.add(cur, gate_b), "ffn_gate_b", il);
    } else {
        cur = tmp;
    }

    const bool fused = gate.valid() && type_gate == llm_ffn_gate::par;
    switch (type_op) {
    case llm_ffn_op::silu:
        cur = fused ? cb(b.glu_split(cur, tmp, glu_kind::swiglu), "ffn_swiglu", il) : cb(b.silu(cur), "ffn_silu", il);
        break;
    case llm_ffn_op::gelu:
        if (fused) {
            cur = cb(b.glu_split(cur, tmp, glu_kind::geglu), "ffn_geglu", il);
        } else {
            cur = cb(b.gelu(cur), "ffn_gelu", il);
            if (act_scales.valid()) cur = cb(b.div(cur, act_scales), "ffn_act", il);
        }
        break;
    case llm_ffn_op::relu:
        cur = fused ? cb(b.glu_split(cur, tmp, glu_kind::reglu), "ffn_reglu", il) : cb(b.relu(cur), "ffn_relu", il);
        break;
    case llm_ffn_op::relu_sqr:
        cur = cb(b.relu(cur), "ffn_relu", il);
        cur = cb(b.sqr(cur), "ffn_sqr(relu)", il);
        break;
    case llm_ffn_op::swiglu: cur = cb(b.glu(cur, glu_kind::swiglu), "ffn_swiglu", il); break;
    case llm_ffn_op::geglu: cur = cb(b.glu(cur, glu_kind::geglu), "ffn_geglu", il); break;
    case llm_ffn_op::reglu: cur = cb(b.glu(cur, glu_kind::reglu), "ffn_reglu", il); break;
    case llm_ffn_op::swiglu_oai_moe: // llama.cpp's build_ffn aborts: an expert activation only
        fail("layer " + std::to_string(il) + ": SWIGLU_OAI is an expert activation (build_moe_ffn)");
        return {};
    }
    // The fused ops consumed the parallel gate; RELU_SQR and the plain GLUs leave it to multiply.
    if (fused && (type_op == llm_ffn_op::relu_sqr || type_op == llm_ffn_op::swiglu || type_op == llm_ffn_op::geglu ||
                  type_op == llm_ffn_op::reglu))
        cur = cb(b.mul(cur, tmp), "ffn_gate_par", il);

    if (down.valid()) cur = mm(down, cur, hparams.arch == "glm4" || hparams.arch == "glm4moe" || hparams.arch == "jais2");
    if (down_b.valid()) {
        cb(cur, "ffn_down", il);
        cur = b.add(cur, down_b);
    }
    return cur;
}

} // namespace planscope
