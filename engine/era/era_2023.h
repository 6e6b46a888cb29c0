#pragma once
// The 2023 era: ggml-alloc of late 2023 (alloc/ggml2023/) and the seed's ggml_backend_sched
// (sched/: one measure allocator per backend, pre-allocated inputs). No buffer maximum, no copies.
#include "era.h"

namespace planscope {

class era_2023 final : public era {
public:
    [[nodiscard]] ggml_version version() const override { return ggml_version::v2023; }
    [[nodiscard]] std::string_view label() const override { return "ggml 2023 (seeds)"; }
    [[nodiscard]] bool has_buffer_maximum() const override { return false; }
    [[nodiscard]] bool takes_sched_options() const override { return false; }
    [[nodiscard]] result<plan_result> plan(graph_document& doc, plan_options options) const override;
    // options.alloc hears the measure allocation only, up to the real buffers the scheduler then
    // creates (their reset would empty every buffer a stepper shows).
    [[nodiscard]] result<sched_outcome> schedule(opened_source src, std::span<backend* const> backends,
                                                 const era_sched_options& options) const override;
    [[nodiscard]] result<sched_outcome> run(const std::function<result<opened_source>()>& open,
                                            std::span<backend* const> backends, sched_observer* observer,
                                            const era_sched_options& options) const override;
};

} // namespace planscope
