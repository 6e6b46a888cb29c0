// The whole stories260K model, one step, on both sides (issue 18: "stories260K whole model <= 1.0x
// llama.cpp per token"). Planscope computes its llama graph as bench_cpu does; ggml computes the
// same graph document translated node by node, on the same weight bytes (the GGUF mapping), a
// zeroed KV cache of its own and the same inputs, set before every evaluation on both sides.
#include "compare_ggml.h"
#include "ggml_graph_translate.h"
#include "stories260k_step.h"

#include <ggml-cpu.h>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace compare_ggml {
namespace {

struct model_case {
    int n_tokens;
    int n_past; // > 0: a decode-like step; the cache cells before it stay zero on both sides
    int threads;
};

std::vector<float> planscope_model(benchmark::State& state, const model_case& c) {
    auto step = stories260k::load(c.n_tokens, c.n_past);
    if (!step) {
        state.SkipWithError(step.err().message.c_str());
        return {};
    }
    auto run = stories260k::cpu_run::create(**step, c.threads);
    if (!run) {
        state.SkipWithError(run.err().message.c_str());
        return {};
    }
    for (auto _ : state)
        if (auto s = (*run)->compute(); !s) {
            state.SkipWithError(s.err().message.c_str());
            return {};
        }
    state.counters["nodes"] = static_cast<double>((*step)->m.doc.g.nodes.size());
    return (*run)->last_logits();
}

// As llama.cpp drives ggml: weights in a buffer over the mapping, the KV cache in a buffer of its
// own, the graph allocated once by ggml_gallocr, inputs set and the graph computed per evaluation.
std::vector<float> ggml_model(benchmark::State& state, const model_case& c) {
    auto step = stories260k::load(c.n_tokens, c.n_past);
    if (!step) {
        state.SkipWithError(step.err().message.c_str());
        return {};
    }
    const planscope::llama_model_graph& m = (*step)->m;
    ggml_backend_ptr be(ggml_backend_cpu_init());
    ggml_backend_cpu_set_n_threads(be.get(), c.threads);
    // The mapping is read-only and no graph writes weights.
    const auto bytes = (*step)->file.mapping->bytes().subspan((*step)->file.data_offset);
    ggml_backend_buffer_ptr weights(
        ggml_backend_cpu_buffer_from_ptr(const_cast<std::uint8_t*>(bytes.data()), bytes.size()));
    ggml_backend_buffer_ptr kv(ggml_backend_alloc_buffer(be.get(), m.doc.buffers[1].size));
    if (!weights || !kv) std::abort();
    ggml_backend_buffer_clear(kv.get(), 0);
    ggml_translation tr;
    try {
        // Buffer ids as in the document: the weights, then the KV cache.
        tr = translate_to_ggml(m.doc.ctx, m.doc.g, {{weights.get(), kv.get()}, (*step)->kq_scale});
    } catch (const std::runtime_error& e) {
        std::fprintf(stderr, "%s\n", e.what());
        state.SkipWithError(e.what());
        return {};
    }
    ggml_gallocr_ptr galloc(ggml_gallocr_new(ggml_backend_get_default_buffer_type(be.get())));
    if (!ggml_gallocr_reserve(galloc.get(), tr.graph) || !ggml_gallocr_alloc_graph(galloc.get(), tr.graph)) {
        state.SkipWithError("ggml_gallocr cannot allocate the graph");
        return {};
    }
    // KQ_scale is not in ggml's graph (SCALE takes a float there): it has no buffer.
    std::vector<std::pair<ggml_tensor*, const void*>> inputs;
    for (planscope::tensor_id id : m.inputs)
        if (const void* data = (*step)->input_data(m.doc.ctx[id].name); data && tr.tensors.at(id)->buffer)
            inputs.emplace_back(tr.tensors.at(id), data);

    for (auto _ : state) {
        for (const auto& [t, data] : inputs) ggml_backend_tensor_set(t, data, 0, ggml_nbytes(t));
        if (ggml_backend_graph_compute(be.get(), tr.graph) != GGML_STATUS_SUCCESS) std::abort();
    }
    state.counters["nodes"] = ggml_graph_n_nodes(tr.graph);
    const ggml_tensor* out = tr.tensors.at(m.result_output);
    std::vector<float> logits(static_cast<std::size_t>(out->ne[0]));
    const std::size_t size = logits.size() * sizeof(float);
    ggml_backend_tensor_get(out, logits.data(), ggml_nbytes(out) - size, size);
    return logits;
}

std::string case_name(const model_case& c) {
    std::string name = "model/stories260k/t" + std::to_string(c.threads) + "_n" + std::to_string(c.n_tokens);
    if (c.n_past > 0) name += "_past" + std::to_string(c.n_past);
    return name;
}

} // namespace

void register_model_cases() {
    const model_case cases[] = {
        {8, 0, 1}, {8, 0, 2}, {32, 0, 1}, {32, 0, 2}, {1, 32, 1}, {1, 32, 2},
    };
    for (const model_case& c : cases) {
        const case_row row{case_name(c), "us/tok", 0, static_cast<double>(c.n_tokens)};
        rows.push_back(row);
        using model_fn = std::vector<float> (*)(benchmark::State&, const model_case&);
        for (const auto& [side, run] : {std::pair<std::string, model_fn>{"planscope/", planscope_model},
                                        std::pair<std::string, model_fn>{"ggml/", ggml_model}}) {
            const std::string name = side + row.name;
            benchmark::RegisterBenchmark(name.c_str(), [c, name, run](benchmark::State& state) {
                std::vector<float> out = run(state, c);
                if (!out.empty()) outputs.try_emplace(name, std::move(out));
                state.SetItemsProcessed(state.iterations() * c.n_tokens);
            })->Unit(benchmark::kMicrosecond)->UseRealTime();
        }
    }
}

void print_top_tokens() {
    const auto top = [](const std::vector<float>& logits) {
        return std::max_element(logits.begin(), logits.end()) - logits.begin();
    };
    for (const case_row& row : rows) {
        if (!row.name.starts_with("model/")) continue;
        const auto p = outputs.find("planscope/" + row.name), g = outputs.find("ggml/" + row.name);
        if (p == outputs.end() || g == outputs.end()) continue;
        const auto pt = top(p->second), gt = top(g->second);
        std::printf("%s: top token %td (Planscope), %td (ggml)%s\n", row.name.c_str(), pt, gt,
                    pt == gt ? "" : ": DIFFERENT");
    }
}

} // namespace compare_ggml
