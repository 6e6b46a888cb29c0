#pragma once
// --ggml 2023|2026 and --max-buffer-size BYTES: whose allocator plans the graph (plan, info,
// export), and the 2026 buffer type's maximum size, beyond which it splits the buffer into chunks.
#include "alloc/plan.h"

#include <optional>
#include <span>
#include <string>

namespace planscope::cli {

class ggml_args {
public:
    // When args[i] is one of the options, reads it and its value (advancing i) and returns true;
    // a missing or bad value sets `error`. Returns false for any other argument.
    bool parse(std::span<const std::string> args, std::size_t& i, std::string& error);
    // An error for options that do not go together.
    [[nodiscard]] std::string check() const;
    [[nodiscard]] bool given() const { return m_version.has_value(); }
    [[nodiscard]] ggml_version version() const { return m_version.value_or(ggml_version::v2023); }
    void apply(plan_options& options) const;

private:
    std::optional<ggml_version> m_version;
    std::optional<std::size_t> m_max_buffer_size;
};

} // namespace planscope::cli
