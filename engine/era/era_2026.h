#pragma once
// The 2026 era: ggml d99724f2's ggml_gallocr (alloc/ggml2026/: chunks of a maximum size, inputs
// flagged rather than pre-allocated) and its scheduler (sched/ggml2026/: five passes, buffer
// types, n_copies, op offload).
#include "era.h"

namespace planscope {

class era_2026 final : public era {
public:
    [[nodiscard]] ggml_version version() const override { return ggml_version::v2026; }
    [[nodiscard]] std::string_view label() const override { return "ggml 2026 (d99724f2)"; }
    [[nodiscard]] bool has_buffer_maximum() const override { return true; }
    [[nodiscard]] bool takes_sched_options() const override { return true; }
    [[nodiscard]] result<plan_result> plan(graph_document& doc, plan_options options) const override;
    [[nodiscard]] result<sched_outcome> schedule(opened_source src, std::span<backend* const> backends,
                                                 const era_sched_options& options) const override;
    [[nodiscard]] result<sched_outcome> run(const std::function<result<opened_source>()>& open,
                                            std::span<backend* const> backends, sched_observer* observer,
                                            const era_sched_options& options) const override;
};

} // namespace planscope
