#include "split_run.h"

#include "sched/sched.h"
#include "sched/sched_runner.h"

#include "models/llama_top.h"
#include "session/plan_trace.h"

namespace planscope::ui {

using namespace planscope;

result<RunOutcome> runDocument(const graph_document& doc, const std::vector<tensor_id>& preallocated,
                               const BackendRequest& request, sched_observer* observer) {
    auto owned = make_backends(request.list, request.options);
    if (!owned) return owned.err();
    const std::vector<backend*> list = backend_pointers(*owned);
    const auto open = [&]() -> result<opened_source> { return opened_source{planscope::copy_document(doc), preallocated, {}, {}, ggml_version::v2023, {}, {}}; };
    era_sched_options options;
    options.max_buffer_size = request.maxBufferSize;
    auto made = request.era->run(open, list, observer, options);
    if (!made) return made.err();
    RunOutcome out;
    out.backendNames = std::move(made->backend_names);
    out.splits = std::move(made->plan.splits);
    out.timings = std::move(made->timings);
    out.totals = std::move(made->totals);
    out.outputs = std::move(made->outputs);
    return out;
}

result<RunOutcome> runLlamaPrompt(const LlamaPrompt& prompt, const BackendRequest& request,
                                  sched_observer* observer) {
    auto file = prompt.open();
    if (!file) return file.err();
    auto owned = make_backends(request.list, request.options);
    if (!owned) return owned.err();
    sched_llama_options options = prompt.options;
    options.observer = observer;
    auto made = run_llama_prompt_sched(*file, prompt.tokens, backend_pointers(*owned), options);
    if (!made) return made.err();
    RunOutcome out;
    out.backendNames = std::move(made->report.backend_names);
    out.splits = std::move(made->report.plan.splits);
    out.timings = std::move(made->report.timings);
    out.totals = std::move(made->report.totals);
    out.outputs = std::move(made->report.outputs);
    out.topTokens = format_top_logits(*file, made->logits);
    return out;
}

} // namespace planscope::ui
