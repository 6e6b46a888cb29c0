#include "model_params.h"

#include <string>

namespace planscope {

status check_params_2023(const llama_params& p) {
    if (p.n_ubatch != 0 && p.n_ubatch != p.n_batch)
        return error{"n_ubatch " + std::to_string(p.n_ubatch) + ": llama.cpp 2023 has no ubatch (a graph is n_batch tokens)"};
    if (p.n_seq_max != 1)
        return error{"n_seq_max " + std::to_string(p.n_seq_max) + ": llama.cpp 2023's graph holds one sequence"};
    if (p.flash_attn == llm_flash_attn::on) return error{"flash_attn on: llama.cpp 2023 has no flash attention"};
    const dtype k = kv_type_k(p), v = kv_type_v(p);
    for (const dtype t : {k, v})
        if (t != dtype::f16 && t != dtype::f32)
            return error{"a " + std::string(type_name(t)) + " KV cache: llama.cpp 2023 stores K and V as f16 or f32"};
    if (k != v) return error{"K " + std::string(type_name(k)) + " and V " + std::string(type_name(v)) +
                             ": llama.cpp 2023 stores K and V as one type"};
    return success();
}

llama_params params_2023(const llama_params& p) {
    llama_params out = p;
    out.kv_type = kv_type_k(p);
    return out;
}

result<llm_context_params> llm_context_params_of(const llama_params& p) {
    if (p.worst_case) return error{"worst_case: llama.cpp da46e59c reserves with every KV cell already (no worst-case graph)"};
    if (p.n_past != 0)
        return error{"n_past " + std::to_string(p.n_past) + ": llama.cpp da46e59c's reserve graph attends to every KV cell"};
    if (p.ngl != 0) return error{"ngl " + std::to_string(p.ngl) + ": llama.cpp da46e59c's graph is built with every layer on the CPU"};
    const auto positive = [](std::string_view what, int v) -> status {
        if (v < 1) return error{std::string(what) + " must be positive, not " + std::to_string(v)};
        return success();
    };
    if (auto s = positive("n_ctx", p.n_ctx); !s) return s.err();
    if (auto s = positive("n_batch", p.n_batch); !s) return s.err();
    if (auto s = positive("n_seq_max", p.n_seq_max); !s) return s.err();
    if (p.n_ubatch < 0) return error{"n_ubatch must be 0 (n_batch) or positive, not " + std::to_string(p.n_ubatch)};
    llm_context_params c;
    c.n_ctx = static_cast<std::uint32_t>(p.n_ctx);
    c.n_batch = static_cast<std::uint32_t>(p.n_batch);
    c.n_ubatch = static_cast<std::uint32_t>(p.n_ubatch);
    c.n_seq_max = static_cast<std::uint32_t>(p.n_seq_max);
    c.flash_attn = p.flash_attn;
    c.type_k = kv_type_k(p);
    c.type_v = kv_type_v(p);
    return c;
}

} // namespace planscope
