#pragma once
// The report options of `plan` (docs/plan-listing.md): --peak [--step N] prints what is live in
// the compute buffer at its peak (or step N) and why, --sweep KEY=V,... the compute buffer of a
// llama model at several n_batch or n_ctx values, --causes (with --backends) the split boundaries
// and copies grouped by cause, --compare-ggml the graph planned by ggml 2023 and 2026 side by side.
#include "alloc/plan.h"
#include "alloc/plan_listing.h"
#include "source/llama_sweep.h"

#include <optional>
#include <span>
#include <string>

namespace planscope::cli {

class plan_report {
public:
    // When args[i] is one of the options, reads it and its value (advancing i) and returns true;
    // a missing or bad value sets `error`. Returns false for any other argument.
    bool parse(std::span<const std::string> args, std::size_t& i, std::string& error);
    // An error for options that do not go together.
    [[nodiscard]] std::string check(bool backends, bool analysis) const;

    [[nodiscard]] bool peak() const { return m_peak; }
    [[nodiscard]] bool sweep() const { return m_sweep.has_value(); }
    [[nodiscard]] bool causes() const { return m_causes; }
    [[nodiscard]] bool compare_ggml() const { return m_compare_ggml; }

    // `events` recorded by plan_graph of `doc`; `llama` as plan_listing_text's.
    int run_peak(const graph_document& doc, const plan_result& plan, std::span<const alloc_event> events, bool json,
                 std::size_t alignment, const std::string& file, const std::optional<llama_cpp_row>& llama = {}) const;
    [[nodiscard]] std::optional<sweep_key> sweep_key_given() const {
        return m_sweep ? std::optional(m_sweep->first) : std::nullopt;
    }
    // The sweep of `file` built by `era`'s llama.cpp; the text lists `ggml ERA` after the key.
    int run_sweep(const std::string& file, const llama_params& params, ggml_version era, bool json) const;
    // `doc` not planned yet; `preallocate` as plan_options'.
    static int run_compare_ggml(const graph_document& doc, std::span<const tensor_id> preallocate, bool json,
                                std::size_t alignment, const std::string& file);

private:
    bool m_peak = false;
    std::optional<std::size_t> m_step;
    std::optional<std::pair<sweep_key, std::vector<int>>> m_sweep;
    bool m_causes = false;
    bool m_compare_ggml = false;
};

} // namespace planscope::cli
