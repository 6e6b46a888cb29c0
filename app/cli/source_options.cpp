#include "source_options.h"

#include "io/graph_source.h"
#include "models/sched_log_document.h"

#include <array>
#include <charconv>
#include <climits>

namespace planscope::cli {
namespace {

struct int_option {
    std::string_view flag;
    int llama_params::*field;
    int min;
};

constexpr std::array<int_option, 4> int_options{{
    {"--ctx", &llama_params::n_ctx, 1},
    {"--batch", &llama_params::n_batch, 1},
    {"--n-past", &llama_params::n_past, 0},
    {"--ngl", &llama_params::ngl, 0},
}};

bool parse_int(const std::string& s, int min, int& out) {
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc{} && end == s.data() + s.size() && out >= min;
}

} // namespace

bool source_options::parse(std::span<const std::string> args, std::size_t& i, std::string& error) {
    const std::string& flag = args[i];
    if (flag == "--worst-case") {
        if (m_given.empty()) m_given = flag;
        m_params.worst_case = true;
        return true;
    }
    const int_option* int_opt = nullptr;
    for (const auto& o : int_options)
        if (o.flag == flag) int_opt = &o;
    if (!int_opt && flag != "--kv-type") return false;
    if (i + 1 == args.size()) {
        error = flag + " needs a value";
        return true;
    }
    const std::string& value = args[++i];
    if (m_given.empty()) m_given = flag;
    if (flag == "--n-past") m_n_past = true;
    if (int_opt) {
        if (!parse_int(value, int_opt->min, m_params.*(int_opt->field)))
            error = flag + " takes an integer " + (int_opt->min == 0 ? "0" : "1") + " to " + std::to_string(INT_MAX) +
                    ", not '" + value + "'";
    } else if (value == "f16" || value == "f32") {
        m_params.kv_type = value == "f16" ? dtype::f16 : dtype::f32;
    } else {
        error = "--kv-type is f16 or f32, not '" + value + "'";
    }
    return true;
}

std::string source_options::check_source(std::string_view source) const {
    if (is_sched_log_path(source))
        return std::string("'").append(source).append("' is a GGML_SCHED_DEBUG log, a split assignment and not a graph to plan: "
                                                      "info prints it, planscope shows it");
    if (m_params.worst_case && m_n_past)
        return "--worst-case fixes n_past at n_ctx - n_batch; it takes no --n-past";
    if (!any() || takes_llama_params(source)) return {};
    return m_given + " applies to a .gguf model or template:llama, not '" + std::string(source) + "'";
}

std::string describe(const llama_params& p) {
    const std::string n_past = p.worst_case ? std::to_string(p.n_ctx - p.n_batch) + " (worst case)" : std::to_string(p.n_past);
    return "n_ctx " + std::to_string(p.n_ctx) + ", n_batch " + std::to_string(p.n_batch) + ", n_past " + n_past +
           ", kv_type " + std::string(type_name(p.kv_type)) + ", ngl " +
           std::to_string(p.ngl);
}

} // namespace planscope::cli
