#pragma once
// The options that shape a llama graph, shared by the subcommands that open a source:
//   --ctx N  --batch N  --n-past N  --kv-type f16|f32  --ngl N  --worst-case
// They apply to a .gguf model or template:llama only (keys in the template string win).
// --worst-case builds llama.cpp's measure graph (n_kv = n_ctx, n_past = n_ctx - n_batch, K-shift).
#include "models/llama_graph.h"

#include <span>
#include <string>
#include <string_view>

namespace planscope::cli {

class source_options {
public:
    // When args[i] is one of the options, reads it and its value (advancing i) and returns true;
    // a missing or bad value sets `error`. Returns false for any other argument.
    bool parse(std::span<const std::string> args, std::size_t& i, std::string& error);
    // An error when options were given for a source they do not apply to.
    [[nodiscard]] std::string check_source(std::string_view source) const;

    [[nodiscard]] const llama_params& params() const { return m_params; }
    [[nodiscard]] bool any() const { return !m_given.empty(); }

private:
    llama_params m_params;
    std::string m_given; // the first option given, for messages
    bool m_n_past = false; // given explicitly: --worst-case then conflicts
};

// "n_ctx 512, n_batch 8, n_past 0, kv_type f16, ngl 0"
std::string describe(const llama_params& p);

} // namespace planscope::cli
