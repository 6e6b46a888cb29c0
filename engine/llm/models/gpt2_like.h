#pragma once
// LLM_ARCH_STARCODER loads the tensors of LLM_ARCH_GPT2 and builds its graph, line for line
// (src/models/starcoder.cpp and gpt2.cpp); only the rope type differs. gpt2.cpp defines both.
#include "llm/llm_registry.h"

namespace planscope {

status gpt2_like_tensors_load(llm_weight_loader& w, llm_model& m);
void gpt2_like_graph_build(llm_graph_context& g);

} // namespace planscope
