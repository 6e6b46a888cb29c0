#include "split_run.h"

#include "sched/sched.h"
#include "sched/sched_runner.h"

#include "backend/cpu/convert.h"
#include "models/llama_top.h"
#include "session/plan_trace.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace planscope::ui {

using namespace planscope;

namespace {

status preallocate(scheduler& s, opened_source& src, int b) {
    for (tensor_id id : sched_preallocated(src))
        if (auto st = s.allocator(b).alloc(src.doc.ctx, id); !st) return st;
    return success();
}

// run_with_backends' pattern (sched_runner.cpp): small values, equal on every backend.
status fill(const buffer_table& table, const tensor& t, std::size_t salt) {
    const auto n = static_cast<std::size_t>(nelements(t));
    std::vector<std::byte> bytes(nbytes(t));
    if (t.type == dtype::f32 || t.type == dtype::f16) {
        std::vector<float> v(n);
        for (std::size_t i = 0; i < n; ++i) v[i] = std::sin(0.37f * static_cast<float>(i + salt)) * 0.5f;
        if (is_contiguous(t) && t.type == dtype::f32) std::memcpy(bytes.data(), v.data(), bytes.size());
        else if (is_contiguous(t))
            for (std::size_t i = 0; i < n; ++i) {
                const std::uint16_t h = cpu::f32_to_f16(v[i]);
                std::memcpy(bytes.data() + 2 * i, &h, 2);
            }
    }
    return tensor_set(table, t, bytes.data(), 0, bytes.size());
}

} // namespace

result<RunOutcome> runDocument(const graph_document& doc, const std::vector<tensor_id>& preallocated,
                               const BackendRequest& request, sched_observer* observer) {
    auto owned = make_backends(request.list, request.options);
    if (!owned) return owned.err();
    const std::vector<backend*> list = backend_pointers(*owned);
    opened_source measure{copyDocument(doc), preallocated, {}};
    const auto byName = buffer_backend_of_document(measure.doc, display_names(list));
    buffer_table table;
    for (std::size_t i = 0; i < measure.doc.buffers.size(); ++i) {
        auto b = byName(buffer_id{i});
        if (!b) return b.err();
        auto buf = list[static_cast<std::size_t>(*b)]->alloc_buffer(buffer_id{i}, std::max<std::size_t>(1, measure.doc.buffers[i].size));
        if (!buf) return error{"buffer '" + measure.doc.buffers[i].name + "': " + buf.err().message};
        if (auto st = table.add(*buf); !st) return st.err();
    }
    auto made = scheduler::create(list, table, buffer_id{measure.doc.buffers.size()}, buffer_backend_of_table(table, list));
    if (!made) return made.err();
    scheduler& sched = **made;
    const int inputsOn = input_backend(list);
    if (auto st = preallocate(sched, measure, inputsOn); !st) return st.err();
    if (auto st = sched.init_measure(measure.doc.ctx, measure.doc.g); !st) return st.err();

    opened_source run{copyDocument(doc), preallocated, {}};
    if (auto st = preallocate(sched, run, inputsOn); !st) return st.err();
    context& ctx = run.doc.ctx;
    std::size_t salt = 0;
    for (tensor_id id : run.doc.g.leafs)
        if (ctx[id].where)
            if (auto st = fill(table, ctx[id], salt += 17); !st) return st.err();
    for (tensor_id id : run.preallocate)
        if (auto st = fill(table, ctx[id], salt += 17); !st) return st.err();
    sched.set_observer(observer); // only the compute's events: the measure split was planned already
    if (auto st = sched.graph_compute(ctx, run.doc.g); !st) return st.err();

    RunOutcome out;
    out.backendNames = sched.backend_names();
    out.splits = sched.plan().splits;
    out.timings = sched.timings();
    out.totals = sched.totals();
    std::vector<tensor_id> outputs;
    for (tensor_id id : run.doc.g.nodes)
        if (has_flag(ctx[id].flags, tensor_flag::output)) outputs.push_back(id);
    if (outputs.empty() && !run.doc.g.nodes.empty()) outputs.push_back(run.doc.g.nodes.back());
    for (tensor_id id : outputs) {
        const tensor& t = ctx[id];
        if (t.type != dtype::f32 || !is_contiguous(t)) continue;
        std::vector<float> v(static_cast<std::size_t>(nelements(t)));
        if (auto st = tensor_get(table, t, v.data(), 0, nbytes(t)); !st) return st.err();
        out.outputs.push_back(summarize(t.name, v));
        out.outputs.back().tensor = id;
    }
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
