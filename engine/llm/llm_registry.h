#pragma once
// The architectures Planscope builds llama.cpp da46e59c graphs for: name -> how to read its
// hyperparameters (load_arch_hparams, after the generic ones), make its weights
// (load_arch_tensors) and build its graph (build_arch_graph). One file per architecture under
// llm/models/, listed in llm_registry.cpp.
#include "core/error.h"
#include "llm_graph_context.h"
#include "llm_hparams.h"
#include "llm_model.h"
#include "llm_weights.h"

#include <span>
#include <string>
#include <string_view>

namespace planscope {

struct llm_architecture {
    std::string_view name; // general.architecture
    status (*load_hparams)(const llm_key_reader& keys, llm_hparams& h);
    status (*load_tensors)(llm_weight_loader& w, llm_model& m);
    void (*build_graph)(llm_graph_context& g);
};

std::span<const llm_architecture> llm_architectures();
// Errors in one line: "architecture 'foo' is not supported; supported: llama".
result<const llm_architecture*> find_llm_architecture(std::string_view name);

// Declared by each file of llm/models/.
const llm_architecture& llm_arch_llama();
const llm_architecture& llm_arch_phi3();
const llm_architecture& llm_arch_gpt2();
const llm_architecture& llm_arch_falcon();
const llm_architecture& llm_arch_starcoder();
const llm_architecture& llm_arch_stablelm();
const llm_architecture& llm_arch_mpt();
const llm_architecture& llm_arch_qwen2();
const llm_architecture& llm_arch_qwen2moe();
const llm_architecture& llm_arch_qwen3();
const llm_architecture& llm_arch_qwen3moe();
const llm_architecture& llm_arch_deepseek2();
const llm_architecture& llm_arch_gemma();
const llm_architecture& llm_arch_gemma2();
const llm_architecture& llm_arch_gemma3();
const llm_architecture& llm_arch_gpt_oss();

} // namespace planscope
