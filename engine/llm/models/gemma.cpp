// LLM_ARCH_GEMMA of llama.cpp da46e59c (src/models/gemma.cpp): Gemma 1, the output tied to the
// embeddings, one KV cache (gemma_common.h).
#include "gemma_common.h"

namespace planscope {
namespace {

status gemma1_hparams_load(const llm_key_reader& keys, llm_hparams& h) { return gemma_hparams_check(keys, h); }

status gemma1_tensors_load(llm_weight_loader& w, llm_model& m) { return gemma_tensors_load(w, m, {}); }

void gemma1_graph_build(llm_graph_context& g) { gemma_graph_build(g, {}); }

} // namespace

const llm_architecture& llm_arch_gemma() {
    static const llm_architecture a{"gemma", gemma1_hparams_load, gemma1_tensors_load, gemma1_graph_build};
    return a;
}

} // namespace planscope
