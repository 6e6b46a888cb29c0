#pragma once
// --ggml 2023|2026 and --max-buffer-size BYTES: the era that plans, schedules and runs the graph
// (plan, info, run, export; without --ggml the source's, default_era: 2026 for a .gguf model), and
// the 2026 buffer type's maximum size, beyond which it splits the buffer into chunks.
// With --backends and ggml 2026, the 2026 scheduler's --n-copies N and --no-op-offload.
#include "alloc/plan.h"
#include "era/era.h"

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
    // The era without --ggml (before check()): the source's default_era.
    void default_to(ggml_version v) { m_default = v; }
    [[nodiscard]] ggml_version version() const { return m_version.value_or(m_default); }
    [[nodiscard]] const planscope::era& era() const { return era_for(version()); }
    void apply(plan_options& options) const;
    // The scheduler's options for era::schedule and era::run.
    [[nodiscard]] era_sched_options sched_options() const;
    // The 2026 scheduler's options given (for the usage check of commands without --backends).
    [[nodiscard]] bool sched_given() const { return m_n_copies.has_value() || m_no_op_offload; }
    [[nodiscard]] std::size_t max_buffer_size() const { return m_max_buffer_size.value_or(SIZE_MAX); }

private:
    std::optional<ggml_version> m_version;
    ggml_version m_default = ggml_version::v2023;
    std::optional<std::size_t> m_max_buffer_size;
    std::optional<int> m_n_copies;
    bool m_no_op_offload = false;
};

} // namespace planscope::cli
