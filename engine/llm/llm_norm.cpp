// llm_graph_context::build_norm: LayerNorm or RMSNorm, then the weight and the bias.
#include "llm_graph_context.h"

namespace planscope {

tensor_id llm_graph_context::build_norm(tensor_id cur, tensor_id mw, tensor_id mb, llm_norm_type type, int il) {
    cur = type == llm_norm_type::norm ? b.norm(cur, hparams.f_norm_eps) : b.rms_norm(cur, hparams.f_norm_rms_eps);
    if (mw.valid() || mb.valid()) cb(cur, "norm", il);
    if (mw.valid()) {
        cur = b.mul(cur, mw);
        if (mb.valid()) cb(cur, "norm_w", il);
    }
    if (mb.valid()) cur = b.add(cur, mb);
    return cur;
}

} // namespace planscope
