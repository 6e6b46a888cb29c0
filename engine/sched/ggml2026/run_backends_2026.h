#pragma once
// `run FILE --backends LIST --ggml 2026`: a document computed as ggml 2026's scheduler computes
// it (ggml_backend_sched_graph_compute: alloc_splits, then compute_splits, ggml-backend.cpp of
// d99724f2, lines 1542-1790). With n_copies > 1 it is the first compute after a synchronisation
// (ggml_backend_sched_synchronize sets next_copy 0, alloc_graph takes it as cur_copy): the
// inputs go to copy 0, which the split graph reads; the other copies are allocated and unused
// (ggml rotates them only between computes of a pipeline that does not synchronise).
//
// The source is opened once and planned by plan_with_backends (plan_backends_2026.h): split,
// one reserve over the backends' buffer types. Every document buffer, the source's and the
// compute chunks the plan appended ("CPU compute", "CPU compute#1", ...), is backed by a real
// buffer of its backend (the plan gave views their view_src's address, as alloc_graph does);
// the leafs the 2023 runner fills (those placed before the plan and the pre-allocated inputs,
// which 2026 flags INPUT and the plan places) get its fixed pattern with the same salts, so both
// runners compute the same values; leafs nothing placed, which 2026's plan allocates (2023
// allocates them only while computing and leaves them as it finds them), get it after those. Then per split in order: each input copied to its copy on the
// split's backend, the split's nodes (graph nodes [i_start, i_end)) computed there and the
// backend synchronized, timed and reported as the 2023 scheduler reports them (input_copy,
// compute_begin, compute_end).
#include "plan_backends_2026.h"

namespace planscope::ggml2026 {

// The outcome is plan_with_backends's (doc as planned and placed, plan, causes, buffers with the
// real sizes) with timings, totals and outputs (nodes flagged output, else the last node, as
// planscope::run_with_backends summarises them). `observer` receives the split's decisions and
// the compute's events. `options`' alloc observer gets the reserve's
// events. Errors: what planning refuses, a buffer a backend cannot make, an input that cannot be
// copied, a split its backend fails to compute.
result<sched_outcome> run_with_backends(const std::function<result<opened_source>()>& open,
                                        std::span<backend* const> backends, sched_observer* observer = nullptr,
                                        const sched_plan_options& options = {});

} // namespace planscope::ggml2026
