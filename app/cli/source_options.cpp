#include "source_options.h"

#include "commands.h"
#include "source/graph_source.h"
#include "source/sched_log_document.h"
#include "models/templates.h"
#include "source/model_params.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <climits>

namespace planscope::cli {
namespace {

struct int_option {
    std::string_view flag;
    int llama_params::*field;
    int min, max;
};

// The template key each flag sets (n_ubatch is no template key: only plan --sweep ubatch= varies it).
constexpr std::array<std::pair<std::string_view, std::string_view>, 7> flag_keys{{
    {"--ctx", "n_ctx"}, {"--batch", "n_batch"}, {"--n-past", "n_past"},
    {"--kv-type", "kv_type"}, {"--ngl", "ngl"}, {"--worst-case", "worst_case"}, {"--ubatch", "n_ubatch"},
}};

std::string_view key_of(std::string_view flag) {
    for (const auto& [f, key] : flag_keys)
        if (f == flag) return key;
    return {};
}

constexpr std::array<int_option, 6> int_options{{
    {"--ctx", &llama_params::n_ctx, 1, INT_MAX},
    {"--batch", &llama_params::n_batch, 1, INT_MAX},
    {"--n-past", &llama_params::n_past, 0, INT_MAX},
    {"--ngl", &llama_params::ngl, 0, INT_MAX},
    {"--ubatch", &llama_params::n_ubatch, 1, INT_MAX},
    {"--seqs", &llama_params::n_seq_max, 1, 256}, // llama.cpp's LLAMA_MAX_SEQ
}};

constexpr std::array<std::string_view, 3> kv_type_flags{"--kv-type", "--kv-type-k", "--kv-type-v"};

bool parse_int(const std::string& s, int min, int max, int& out) {
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc{} && end == s.data() + s.size() && out >= min && out <= max;
}

std::optional<dtype> parse_kv_type(std::string_view s) {
    for (const dtype t : {dtype::f32, dtype::f16, dtype::q8_0, dtype::q4_0})
        if (s == type_name(t)) return t;
    return std::nullopt;
}

bool quantized_kv(dtype t) { return t != dtype::f16 && t != dtype::f32; }

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
    const bool kv_flag = std::find(kv_type_flags.begin(), kv_type_flags.end(), flag) != kv_type_flags.end();
    if (!int_opt && !kv_flag && flag != "--flash-attn") return false;
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
        if (!parse_int(value, int_opt->min, int_opt->max, m_params.*(int_opt->field)))
            error = flag + " takes an integer " + std::to_string(int_opt->min) + " to " + std::to_string(int_opt->max) +
                    ", not '" + value + "'";
    } else if (flag == "--flash-attn") {
        if (const auto fa = parse_flash_attn(value)) m_params.flash_attn = *fa;
        else error = "--flash-attn is on, off or auto, not '" + value + "'";
    } else if (const auto t = parse_kv_type(value)) {
        (flag == "--kv-type" ? m_params.kv_type : (flag == "--kv-type-k" ? m_params.type_k : m_params.type_v).emplace()) = *t;
    } else {
        error = flag + " is f32, f16, q8_0 or q4_0, not '" + value + "'";
    }
    return true;
}

std::string source_options::check_era(std::string_view source, ggml_version era) const {
    const auto given = [&](std::string_view f) { return std::find(m_given.begin(), m_given.end(), f) != m_given.end(); };
    if (graph_era(source, era) == ggml_version::v2026) {
        for (const std::string_view f : {"--n-past", "--worst-case", "--ngl"})
            if (given(f))
                return std::string(f) + ": llama.cpp da46e59c (ggml 2026) reserves with every KV cell and every layer on "
                       "the CPU; give --ggml 2023 for llama.cpp 2023's graph";
        return {};
    }
    // ggml 2023 builds llama.cpp 2023's graph: one ubatch of n_batch tokens, one sequence, no flash
    // attention, K and V of one type, f16 or f32.
    const std::string hint = " (--ggml 2026 takes it)";
    const auto refuse = [&](std::string flag, const std::string& why) {
        return flag + ": llama.cpp 2023 " + why + hint;
    };
    if (given("--ubatch") && m_params.n_ubatch != m_params.n_batch)
        return refuse("--ubatch " + std::to_string(m_params.n_ubatch), "has no ubatch, a graph is --batch tokens");
    if (given("--seqs") && m_params.n_seq_max != 1)
        return refuse("--seqs " + std::to_string(m_params.n_seq_max), "holds one sequence");
    if (given("--flash-attn") && m_params.flash_attn == llm_flash_attn::on)
        return refuse("--flash-attn on", "has no flash attention");
    const dtype k = kv_type_k(m_params), v = kv_type_v(m_params);
    for (const std::string_view f : kv_type_flags) {
        const dtype t = f == "--kv-type-v" ? v : k;
        if (given(f) && quantized_kv(t))
            return refuse(std::string(f) + " " + std::string(type_name(t)), "stores K and V as f16 or f32");
    }
    if (k != v)
        return refuse(std::string(given("--kv-type-k") ? "--kv-type-k " + std::string(type_name(k))
                                                       : "--kv-type-v " + std::string(type_name(v))),
                      "stores K and V as one type");
    return {};
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
    return key == "batch" ? "n_batch" : key == "ubatch" ? "n_ubatch" : key == "ctx" ? "n_ctx" : std::string_view{};
}

result<std::optional<llama_reserve>> llama_reservation(std::string_view source, const llama_params& params,
                                                       const plan_options& options) {
    if (!takes_llama_params(source)) return std::optional<llama_reserve>{};
    auto llama = open_llama_source(source);
    if (!llama) return llama.err();
    const llama_params built = llama->params(params);
    if (built.worst_case) return std::optional<llama_reserve>{};
    auto reserve = llama_reserved_bytes([&](const llama_params& p) { return llama->build(p, ggml_version::v2023); }, built, options);
    if (!reserve) return error{std::string(source) + ": " + reserve.err().message};
    return std::optional(*reserve);
}

std::string describe_2026(const llama_params& p) {
    return "n_ctx " + std::to_string(p.n_ctx) + ", n_batch " + std::to_string(p.n_batch) + ", n_ubatch " +
           (p.n_ubatch == 0 ? std::to_string(p.n_batch) : std::to_string(p.n_ubatch)) + ", n_seq_max " +
           std::to_string(p.n_seq_max) + ", flash_attn " + std::string(name(p.flash_attn)) + ", type_k " +
           std::string(type_name(kv_type_k(p))) + ", type_v " + std::string(type_name(kv_type_v(p)));
}

std::string describe(const llama_params& p) {
    const std::string n_past = p.worst_case ? std::to_string(p.n_ctx - p.n_batch) + " (worst case)" : std::to_string(p.n_past);
    return "n_ctx " + std::to_string(p.n_ctx) + ", n_batch " + std::to_string(p.n_batch) + ", n_past " + n_past +
           ", kv_type " + std::string(type_name(p.kv_type)) + ", ngl " +
           std::to_string(p.ngl);
}

} // namespace planscope::cli
