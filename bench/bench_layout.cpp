// Laying out llama graphs of real shapes (docs/folding.md): finding the repeated blocks, one
// block's Graphviz layout, the folded top level, the whole folded 32/80-layer graph, and the
// `dot` settings side by side on the same graph texts (default, edge labels, each bound).
#include "fold/fold_layout.h"
#include "source/graph_source.h"

#include <benchmark/benchmark.h>

#include <map>
#include <memory>

using namespace planscope;

namespace {

std::string llama(int layers) {
    return layers == 80 ? "template:llama?n_embd=8192&n_layer=80&n_head=64&n_head_kv=8&n_ff=28672&n_vocab=32000&n_ctx=4096&n_batch=512"
                        : "template:llama?n_embd=4096&n_layer=" + std::to_string(layers) +
                              "&n_head=32&n_ff=11008&n_vocab=32000&n_ctx=4096&n_batch=512";
}

struct shape {
    graph_document doc;
    fold_structure fold;
};

const shape& loaded(int layers) {
    static std::map<int, std::unique_ptr<shape>> cache;
    auto& s = cache[layers];
    if (!s) {
        auto doc = open_graph_source(llama(layers));
        if (!doc) std::abort();
        s = std::make_unique<shape>();
        s->doc = std::move(*doc);
        s->fold = *detect_blocks(s->doc);
    }
    return *s;
}

graph_layout dot_or_abort(const std::string& text) {
    auto l = layout_dot(text);
    if (!l) std::abort();
    return std::move(*l);
}

void BM_detect_blocks(benchmark::State& state) {
    const shape& s = loaded(static_cast<int>(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(detect_blocks(s.doc));
    state.counters["nodes"] = static_cast<double>(s.doc.g.nodes.size());
}
BENCHMARK(BM_detect_blocks)->Arg(32)->Arg(80)->Unit(benchmark::kMillisecond);

// One layer with its weights and stubs, as the canvas lays out every group once.
void BM_block_layout(benchmark::State& state) {
    const shape& s = loaded(static_cast<int>(state.range(0)));
    block_ports ports;
    const std::string text = block_dot(s.doc, s.fold, 0, {}, ports);
    for (auto _ : state) benchmark::DoNotOptimize(dot_or_abort(text));
}
BENCHMARK(BM_block_layout)->Arg(32)->Arg(80)->Unit(benchmark::kMillisecond);

// The top level with layer 0 open: what opening or closing a block costs once the block's layout
// is known.
void BM_folded_top_level(benchmark::State& state) {
    const shape& s = loaded(static_cast<int>(state.range(0)));
    block_ports ports;
    const block_layout block{dot_or_abort(block_dot(s.doc, s.fold, 0, {}, ports)), ports};
    fold_state st = fold_state::first_open(s.fold);
    st.set_open(0, s.fold.groups[0].count / 2, true); // and one in the middle
    const fold_view view = make_fold_view(s.doc, s.fold, st);
    const std::string text = top_dot(s.doc, view, {}, [&](std::size_t) { return std::pair{block.layout.width, block.layout.height}; });
    for (auto _ : state) {
        fold_layout_job job(s.doc, s.fold, view, {}, {{0, block}});
        const auto top = job.next();
        job.supply(dot_or_abort(*top));
        benchmark::DoNotOptimize(job.result());
    }
    state.counters["units"] = static_cast<double>(view.units.size());
}
BENCHMARK(BM_folded_top_level)->Arg(32)->Arg(80)->Unit(benchmark::kMillisecond);

// The whole graph from its document: blocks found, one block and the top level laid out, composed.
void BM_whole_folded_graph(benchmark::State& state) {
    const shape& s = loaded(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        const auto fold = detect_blocks(s.doc);
        auto l = layout_folded(s.doc, *fold, fold_state::first_open(*fold));
        if (!l) std::abort();
        benchmark::DoNotOptimize(l);
    }
}
BENCHMARK(BM_whole_folded_graph)->Arg(32)->Arg(80)->Unit(benchmark::kMillisecond);

// `dot` settings on one llama layer (the block text) and on a whole unfolded 5-layer graph:
// 0 default settings, 1 default with "srcN" edge labels (the canvas before folding), 2 newrank
// only, 3 + nslimit, 4 + mclimit, 5 + searchsize (dot_fast_tuning).
const char* const tunings[] = {"", "", "newrank=true;", "newrank=true; nslimit=2; nslimit1=2;",
                               "newrank=true; nslimit=2; nslimit1=2; mclimit=0.5;", dot_fast_tuning};

dot_style tuned(int i) {
    dot_style style;
    style.tuning = tunings[i];
    style.edge_labels = i == 1;
    return style;
}

void BM_dot_tuning_block(benchmark::State& state) {
    const shape& s = loaded(32);
    block_ports ports;
    const std::string text = block_dot(s.doc, s.fold, 0, tuned(static_cast<int>(state.range(0))), ports);
    graph_layout l;
    for (auto _ : state) l = dot_or_abort(text);
    state.counters["width_pt"] = l.width;
    state.counters["height_pt"] = l.height;
}
BENCHMARK(BM_dot_tuning_block)->DenseRange(0, 5)->Unit(benchmark::kMillisecond);

void BM_dot_tuning_flat5(benchmark::State& state) {
    const shape& s = loaded(5);
    const std::string text = to_dot(s.doc, tuned(static_cast<int>(state.range(0))));
    graph_layout l;
    for (auto _ : state) l = dot_or_abort(text);
    state.counters["width_pt"] = l.width;
    state.counters["height_pt"] = l.height;
}
BENCHMARK(BM_dot_tuning_flat5)->DenseRange(0, 5)->Unit(benchmark::kMillisecond)->Iterations(3);

} // namespace

BENCHMARK_MAIN();
