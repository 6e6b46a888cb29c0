#pragma once
// One set of model options (llama_params, models/llama_graph.h) for both eras' llama.cpp: what
// ggml 2023's graph (llama.cpp 2023-11) cannot honour, and the llama_context_params of llama.cpp
// da46e59c (ggml 2026) that the rest become. Errors name the option as llama_params spells it;
// the CLI and the GUI name their own flags and fields before they get here.
#include "core/error.h"
#include "llm/llm_context_params.h"
#include "models/llama_graph.h"

namespace planscope {

// The K and V caches' types: type_k / type_v, else kv_type.
[[nodiscard]] inline dtype kv_type_k(const llama_params& p) { return p.type_k.value_or(p.kv_type); }
[[nodiscard]] inline dtype kv_type_v(const llama_params& p) { return p.type_v.value_or(p.kv_type); }

// Errors for what llama.cpp 2023 had no notion of: a ubatch other than n_batch, more than one
// sequence, flash attention on, K and V of different or quantized types.
status check_params_2023(const llama_params& p);
// The 2023 graph's parameters: kv_type the caches' one type (after check_params_2023).
llama_params params_2023(const llama_params& p);

// llama.cpp da46e59c's context parameters. Errors for what its reserve graph cannot take: n_past
// and worst_case (it always attends to every KV cell), ngl (every layer on the CPU), a negative
// or zero size.
result<llm_context_params> llm_context_params_of(const llama_params& p);

} // namespace planscope
