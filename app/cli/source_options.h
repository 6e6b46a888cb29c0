#pragma once
// The options that shape a llama graph, shared by the subcommands that open a source:
//   --ctx N  --batch N  --ubatch N  --seqs N  --flash-attn on|off|auto
//   --kv-type f32|f16|q8_0|q4_0 (K and V)  --kv-type-k T  --kv-type-v T (these win over --kv-type)
//   --n-past N  --ngl N  --worst-case (llama.cpp 2023's graph only)
// They apply to a .gguf model or template:llama only (keys in the template string win).
// --worst-case builds llama.cpp's measure graph (n_kv = n_ctx, n_past = n_ctx - n_batch, K-shift).
// In ggml 2026 a .gguf model or template:llama is llama.cpp da46e59c's reserve graph, which takes
// the first line and the K/V types; llama.cpp 2023's graph takes --ctx, --batch, --n-past, --ngl,
// --worst-case and one K/V type of f16 or f32 (check_era).
#include "models/llama_graph.h"
#include "source/llama_sweep.h"

#include <optional>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace planscope::cli {

class source_options {
public:
    // When args[i] is one of the options, reads it and its value (advancing i) and returns true;
    // a missing or bad value sets `error`. Returns false for any other argument.
    bool parse(std::span<const std::string> args, std::size_t& i, std::string& error);
    // An error when options were given for a source they do not apply to, or for a key that a
    // template:llama spec sets too (a flag never loses silently); `swept` ("n_batch", "n_ctx") is
    // what plan --sweep varies, which the spec must not set either.
    [[nodiscard]] std::string check_source(std::string_view source, std::string_view swept = {}) const;
    // An error naming the flag the llama graph that `era` builds for `source` cannot honour
    // (graph_era): "--kv-type q8_0: llama.cpp 2023 ...", "--n-past: llama.cpp da46e59c ...".
    [[nodiscard]] std::string check_era(std::string_view source, ggml_version era) const;

    [[nodiscard]] const llama_params& params() const { return m_params; }
    [[nodiscard]] bool any() const { return !m_given.empty(); }

private:
    llama_params m_params;
    std::vector<std::string> m_given; // the options given, in order, for messages
    bool m_n_past = false; // given explicitly: --worst-case then conflicts
};

// The llama_params key a --sweep KEY=... value varies: "n_batch", "n_ubatch", "n_ctx", or empty.
std::string_view swept_param(std::string_view sweep_value);

// For a llama prompt graph (a .gguf model or template:llama not built as the worst case): what
// llama.cpp reserved, its measure graph planned with `options`; nullopt for any other source or a
// graph that is the worst case itself. Errors read "SOURCE: reason".
result<std::optional<llama_reserve>> llama_reservation(std::string_view source, const llama_params& params,
                                                       const plan_options& options);

// "n_ctx 512, n_batch 8, n_past 0, kv_type f16, ngl 0"
std::string describe(const llama_params& p);
// "n_ctx 64, n_batch 8, n_ubatch 8, n_seq_max 1, flash_attn auto, type_k f16, type_v f16"
std::string describe_2026(const llama_params& p);

} // namespace planscope::cli
