#include "source_options.h"

#include "commands.h"
#include "io/graph_source.h"
#include "models/sched_log_document.h"
#include "models/templates.h"

#include <algorithm>
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

// The template key each flag sets.
constexpr std::array<std::pair<std::string_view, std::string_view>, 6> flag_keys{{
    {"--ctx", "n_ctx"}, {"--batch", "n_batch"}, {"--n-past", "n_past"},
    {"--kv-type", "kv_type"}, {"--ngl", "ngl"}, {"--worst-case", "worst_case"},
}};

std::string_view key_of(std::string_view flag) {
    for (const auto& [f, key] : flag_keys)
        if (f == flag) return key;
    return {};
}

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
        m_given.push_back(flag);
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
    if (std::find(m_given.begin(), m_given.end(), flag) != m_given.end()) {
        error = flag + " is given twice";
        return true;
    }
    m_given.push_back(flag);
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

std::string source_options::check_source(std::string_view source, std::string_view swept) const {
    if (auto problem = sched_log_problem(source); !problem.empty()) return problem;
    if (m_params.worst_case && m_n_past)
        return "--worst-case fixes n_past at n_ctx - n_batch; it takes no --n-past";
    if (!takes_llama_params(source))
        return any() ? m_given.front() + " applies to a .gguf model or template:llama, not '" + std::string(source) + "'"
                     : std::string();
    for (const std::string& flag : m_given)
        if (!swept.empty() && key_of(flag) == swept) return "--sweep varies " + std::string(swept) + ": it takes no " + flag;
    if (!source.starts_with(template_prefix)) return {};
    const auto spec = llama_template_keys(source.substr(template_prefix.size()));
    if (!spec) return {}; // a bad spec is the source's own error, reported when it is opened
    for (std::string_view key : spec->set) {
        if (key == swept)
            return "--sweep varies " + std::string(key) + ", which '" + std::string(source) + "' sets: drop " +
                   std::string(key) + " from the template";
        for (const std::string& flag : m_given)
            if (key_of(flag) == key)
                return flag + " and the template's " + std::string(key) + " both set " + std::string(key) +
                       ": give one (" + std::string(source) + ")";
    }
    return {};
}

std::string_view swept_param(std::string_view sweep_value) {
    const std::string_view key = sweep_value.substr(0, sweep_value.find('='));
    return key == "batch" ? "n_batch" : key == "ctx" ? "n_ctx" : std::string_view{};
}

result<std::optional<llama_reserve>> llama_reservation(std::string_view source, const llama_params& params,
                                                       const plan_options& options) {
    if (!takes_llama_params(source)) return std::optional<llama_reserve>{};
    auto llama = open_llama_source(source);
    if (!llama) return llama.err();
    const llama_params built = llama->params(params);
    if (built.worst_case) return std::optional<llama_reserve>{};
    auto reserve = llama_reserved_bytes([&](const llama_params& p) { return llama->build(p); }, built, options);
    if (!reserve) return error{std::string(source) + ": " + reserve.err().message};
    return std::optional(*reserve);
}

std::string describe(const llama_params& p) {
    const std::string n_past = p.worst_case ? std::to_string(p.n_ctx - p.n_batch) + " (worst case)" : std::to_string(p.n_past);
    return "n_ctx " + std::to_string(p.n_ctx) + ", n_batch " + std::to_string(p.n_batch) + ", n_past " + n_past +
           ", kv_type " + std::string(type_name(p.kv_type)) + ", ngl " +
           std::to_string(p.ngl);
}

} // namespace planscope::cli
