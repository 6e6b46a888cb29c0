#pragma once
// Computes the current document on a list of backends, as `planscope-cli run --backends` does
// (the era's run: the same fill pattern, so results match it), with the scheduler's events
// passed to an observer while it runs, so the GUI can follow the running split. A llama GGUF
// model with a prompt runs for real instead, as `planscope-cli run MODEL --tokens --backends`.
#include "models/gguf.h"
#include "sched/sched.h"
#include "sched/sched_llama.h"
#include "sched/sched_runner.h"
#include "sched/split_schedule.h"

#include <cstdint>
#include <functional>

namespace planscope::ui {

struct RunOutcome {
    std::vector<std::string> backendNames;
    std::vector<planscope::sched_split> splits;
    std::vector<planscope::sched_split_timing> timings; // one per split, in order
    std::vector<planscope::sched_backend_totals> totals; // per backend
    std::vector<planscope::output_summary> outputs;
    std::string topTokens; // a llama prompt's format_top_logits; empty for other documents
};

// The current document's model file and prompt, to feed real token ids.
struct LlamaPrompt {
    std::function<planscope::result<planscope::gguf_file>()> open; // called on the worker thread
    std::vector<std::int32_t> tokens;
    planscope::sched_llama_options options; // n_ctx, kv_type, ngl as the document was built
};

// `observer` (may be null) is called on the worker thread. Errors: the backends cannot be made,
// the scheduler refuses the graph, or a buffer, copy or compute fails.
planscope::result<RunOutcome> runDocument(const planscope::graph_document& doc,
                                          const std::vector<planscope::tensor_id>& preallocate,
                                          const BackendRequest& request, planscope::sched_observer* observer);
// run_llama_prompt_sched on the requested backends. Errors: the file cannot be opened, a backend
// cannot be made, and run_llama_prompt_sched's.
planscope::result<RunOutcome> runLlamaPrompt(const LlamaPrompt& prompt, const BackendRequest& request,
                                             planscope::sched_observer* observer);

} // namespace planscope::ui
