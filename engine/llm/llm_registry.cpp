#include "llm_registry.h"

#include "core/printable.h"

#include <array>
#include <functional>

namespace planscope {

std::span<const llm_architecture> llm_architectures() {
    static const std::array all{
        llm_arch_llama(),
        llm_arch_phi3(),
        llm_arch_gpt2(),
        llm_arch_falcon(),
        llm_arch_starcoder(),
        llm_arch_stablelm(),
        llm_arch_mpt(),
        llm_arch_qwen2(),
        llm_arch_qwen2moe(),
        llm_arch_qwen3(),
        llm_arch_qwen3moe(),
        llm_arch_deepseek2(),
        llm_arch_gemma(),
        llm_arch_gemma2(),
        llm_arch_gemma3(),
        llm_arch_gpt_oss(),
    };
    return all;
}

result<const llm_architecture*> find_llm_architecture(std::string_view name) {
    const auto all = llm_architectures();
    for (const llm_architecture& a : all)
        if (a.name == name) return &a;
    std::string list;
    for (const llm_architecture& a : all) {
        if (!list.empty()) list += ", ";
        list += a.name;
    }
    return error{"architecture '" + printable(name) + "' is not supported; supported: " + list};
}

} // namespace planscope
