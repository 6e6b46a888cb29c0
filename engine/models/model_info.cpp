#include "model_info.h"

#include "core/printable.h"

#include <map>
#include <sstream>

namespace planscope {

std::vector<tensor_type_total> tensor_totals(const gguf_file& file) {
    std::map<std::uint32_t, tensor_type_total> by_type;
    for (const auto& t : file.tensors) {
        auto& total = by_type[static_cast<std::uint32_t>(t.type)];
        total.type = t.type;
        ++total.count;
        total.bytes += t.size;
    }
    std::vector<tensor_type_total> out;
    for (const auto& [value, total] : by_type) out.push_back(total);
    return out;
}

std::vector<std::pair<std::string, std::string>> describe_hparams(const llama_hparams& h) {
    auto real = [](float v) {
        std::ostringstream s;
        s << v; // shortest round-trip-ish form: "1e-05", "10000"
        return s.str();
    };
    std::vector<std::pair<std::string, std::string>> out{
        {"arch", printable(h.arch)}, // both from the file: shown on terminals
        {"name", printable(h.name)},
        {"n_vocab", std::to_string(h.n_vocab)},
        {"n_ctx_train", std::to_string(h.n_ctx_train)},
        {"n_embd", std::to_string(h.n_embd)},
        {"n_head", std::to_string(h.n_head)},
        {"n_head_kv", std::to_string(h.n_head_kv)},
        {"n_layer", std::to_string(h.n_layer)},
        {"n_rot", std::to_string(h.n_rot)},
        {"n_embd_head", std::to_string(h.n_embd_head())},
        {"n_embd_gqa", std::to_string(h.n_embd_gqa())},
        {"n_ff", std::to_string(h.n_ff)},
    };
    if (h.f_norm_eps != 0.0f) out.emplace_back("f_norm_eps", real(h.f_norm_eps));
    if (h.f_norm_rms_eps != 0.0f) out.emplace_back("f_norm_rms_eps", real(h.f_norm_rms_eps));
    out.emplace_back("rope_scaling", std::string(rope_scaling_name(h.rope_scaling_type)));
    out.emplace_back("freq_base_train", real(h.rope_freq_base));
    out.emplace_back("freq_scale_train", real(h.rope_freq_scale));
    out.emplace_back("n_yarn_orig_ctx", std::to_string(h.n_yarn_orig_ctx));
    return out;
}

} // namespace planscope
