#pragma once
// One era of ggml, the one a document is planned, scheduled and run by: ggml 2023 (the seeds:
// ggml-alloc and ggml-backend of late 2023; era_2023.h) or ggml 2026 (d99724f2; era_2026.h). The
// CLI, the exports and the GUI hold one era and call through it; ggml_version is its key (the
// --ggml value, what a plan records). docs/ggml-versions.md lists what differs.
#include "alloc/alloc_events.h"
#include "alloc/plan.h"
#include "sched/sched_events.h"
#include "sched/sched_runner.h"

#include <functional>
#include <span>
#include <string_view>

namespace planscope {

// How an era schedules. The sizes and copies are ggml 2026's (ggml_backend_sched_new, buffer
// types of a maximum size); ggml 2023 has none of them (takes_sched_options() says which).
struct era_sched_options {
    int n_copies = 1;                       // 1 .. 4, for pipeline parallelism
    bool op_offload = true;                 // a better backend may take an op from its weights'
    std::size_t max_buffer_size = SIZE_MAX; // every buffer type's maximum (chunks beyond)
    alloc_observer* alloc = nullptr;        // the measure (2023) or reserve (2026) allocation's events
    sched_observer* sched = nullptr;        // the split's decisions
};

class era {
public:
    virtual ~era() = default;
    [[nodiscard]] virtual ggml_version version() const = 0;
    // "ggml 2023 (seeds)", "ggml 2026 (d99724f2)": which ggml planned, as the status bar and
    // `info` say it.
    [[nodiscard]] virtual std::string_view label() const = 0;
    // Whether a buffer type's maximum size splits buffers into chunks (plan_options::max_buffer_size).
    [[nodiscard]] virtual bool has_buffer_maximum() const = 0;
    // Whether era_sched_options' n_copies and op_offload mean anything.
    [[nodiscard]] virtual bool takes_sched_options() const = 0;

    // plan_graph as this era's ggml-alloc plans (options.version is this era's).
    [[nodiscard]] virtual result<plan_result> plan(graph_document& doc, plan_options options) const = 0;
    // The document split over `backends` and its compute buffers measured: the outcome's doc has
    // the copies and one compute buffer per backend ("CPU compute", ...).
    [[nodiscard]] virtual result<sched_outcome> schedule(opened_source src, std::span<backend* const> backends,
                                                         const era_sched_options& options = {}) const = 0;
    // The document built with `open`, scheduled and computed on `backends`: timings and outputs.
    // `observer` hears the compute's scheduler events.
    [[nodiscard]] virtual result<sched_outcome> run(const std::function<result<opened_source>()>& open,
                                                    std::span<backend* const> backends, sched_observer* observer = nullptr,
                                                    const era_sched_options& options = {}) const = 0;
};

// The era of a key; both live as long as the program.
const era& era_for(ggml_version version);

} // namespace planscope
