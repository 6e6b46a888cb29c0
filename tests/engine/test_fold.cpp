// Folding (docs/folding.md): repeated blocks found by structure on llama graphs, a real ggml DOT
// dump and graphs with no repetition; the units a fold state shows; block and top-level graph
// texts; the composed layout reusing one block layout for every instance.
#include "core/builder.h"
#include "fold/fold_layout.h"
#include "llm/llm_build.h"
#include "model_zoo.h"
#include "source/graph_source.h"

#include <QtTest>

#include <set>

using namespace planscope;

namespace {

const char* const llama7b = "template:llama?n_embd=4096&n_layer=32&n_head=32&n_ff=11008&n_vocab=32000&n_ctx=4096&n_batch=512";
const char* const llama70b =
    "template:llama?n_embd=8192&n_layer=80&n_head=64&n_head_kv=8&n_ff=28672&n_vocab=32000&n_ctx=4096&n_batch=512";
const char* const llama4 = "template:llama?n_embd=64&n_layer=4&n_head=4&n_ff=128&n_vocab=100&n_ctx=32&n_batch=4";

graph_document open(const QString& source) {
    auto doc = open_graph_source(source.toStdString());
    if (!doc) qFatal("%s", doc.err().message.c_str());
    return std::move(*doc);
}

// `n` ADDs, each of the previous result and a shared constant.
graph_document addChain(int n) {
    graph_document doc;
    builder b(doc.ctx);
    const tensor_id c = b.set_name(b.new_tensor_1d(dtype::f32, 16), "c");
    tensor_id x = b.set_name(b.new_tensor_1d(dtype::f32, 16), "x");
    for (int i = 0; i < n; ++i) x = b.set_name(b.add(x, c), "add-" + std::to_string(i));
    if (!build_forward_expand(doc.ctx, doc.g, x)) qFatal("chain");
    return doc;
}

// A chain of unary ops that never repeats a stretch of 4.
graph_document irregularChain(int n) {
    graph_document doc;
    builder b(doc.ctx);
    tensor_id x = b.new_tensor_1d(dtype::f32, 16);
    for (int i = 0; i < n; ++i) {
        // The ops follow i's base-3 digits shifted by its length: no stretch recurs.
        const int d = (i * 7 + i / 3 + i / 11) % 3;
        x = d == 0 ? b.sqr(x) : d == 1 ? b.sqrt(x) : b.log(x);
    }
    if (!build_forward_expand(doc.ctx, doc.g, x)) qFatal("chain");
    return doc;
}

fold_structure detect(const graph_document& doc, const fold_options& o = {}) {
    auto s = detect_blocks(doc, o);
    if (!s) qFatal("cancelled");
    return std::move(*s);
}

} // namespace

class TestFold : public QObject {
    Q_OBJECT
private slots:
    void detectsBlocks_data();
    void detectsBlocks();
    void llmGraphs_data();
    void llmGraphs();
    void instancesAreAligned();
    void noRepetition();
    void segmentsCutLongStretches();
    void differentWiringDoesNotFold();
    void keySeparatesBackends();
    void cancelStops();
    void labels_data();
    void labels();
    void viewUnits();
    void blockPorts();
    void topLevelText();
    void composedLayoutReusesBlocks();
    void layoutOfOpenInstanceMatchesInstanceZero();
};

void TestFold::detectsBlocks_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("period");
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("leafsPerInstance");
    QTest::addColumn<QString>("label");
    // llama: inp_embd (GET_ROWS), then 35 nodes per layer, then the output's norm, mul, mul_mat.
    QTest::newRow("7B shape, 32 layers") << QString::fromLatin1(llama7b) << 1124 << 1 << 35 << 32 << 9 << "blk 0–31";
    QTest::newRow("70B shape, 80 layers, GQA") << QString::fromLatin1(llama70b) << 2804 << 1 << 35 << 80 << 9 << "blk 0–79";
    // Opened as llama.cpp da46e59c builds it (flash attention on): 31 nodes and 9 weights with the
    // layer's K and V caches; its last layer also selects the output rows and stays loose (llmGraphs).
    QTest::newRow("stories260K.gguf") << QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf") << 161 << 1 << 31
                                      << 4 << 11 << "blk 0–3";
    // Its layer 0 reads inp_embd, a leaf, where the others read the previous layer's node.
    QTest::newRow("attention template") << QStringLiteral("template:attention") << 63 << 0 << 31 << 2 << 10 << "blk 0–1";
    // Written by ggml_graph_dump_dot of ggml d99724f2 (tests/data/dot/README.md): no layer metadata.
    QTest::newRow("ggml DOT dump, 3 layers") << QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/dot/llama_3layers.dot")
                                             << 106 << 1 << 34 << 3 << 9 << "blk 0–2";
}

void TestFold::detectsBlocks() {
    QFETCH(QString, source);
    QFETCH(int, nodes);
    QFETCH(int, first);
    QFETCH(int, period);
    QFETCH(int, count);
    QFETCH(int, leafsPerInstance);
    QFETCH(QString, label);
    const graph_document doc = open(source);
    QCOMPARE(static_cast<int>(doc.g.nodes.size()), nodes);
    const fold_structure s = detect(doc);
    QCOMPARE(s.groups.size(), std::size_t{1});
    const fold_group& g = s.groups[0];
    QCOMPARE(g.kind, fold_kind::repeat);
    QCOMPARE(static_cast<int>(g.first), first);
    QCOMPARE(static_cast<int>(g.period), period);
    QCOMPARE(static_cast<int>(g.count), count);
    QCOMPARE(static_cast<int>(g.leafs.front().size()), leafsPerInstance);
    QCOMPARE(QString::fromStdString(instance_label(g, 0, g.count - 1)), label);
    QCOMPARE(s.folded_nodes(), std::size_t(period) * std::size_t(count));
}

// llama.cpp da46e59c's prompt graphs (engine/llm/) of the shape-only zoo models (sparse files),
// n_ctx 512, n_ubatch 512: every layer but the last folds; the last one also takes the output rows
// (two GET_ROWS of inp_out_ids, which llama.cpp always builds), so it stays loose. The MoE
// layers keep their router (ffn_gate_inp), top-k (ARGSORT) and experts (MUL_MAT_ID) in the block.
void TestFold::llmGraphs_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("period");
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("leafsPerInstance"); // the layer's weights and its K and V caches
    QTest::addColumn<QString>("label");
    QTest::addColumn<bool>("moe");
    QTest::newRow("Qwen3-30B-A3B shape, 48 layers, 128 experts") << "qwen3-30b-a3b" << 3030 << 63 << 47 << 14 << "blk 0–46" << true;
    QTest::newRow("Llama-3-70B shape, 80 layers") << "llama3-70b" << 2486 << 31 << 79 << 11 << "blk 0–78" << false;
    QTest::newRow("Mixtral-8x7B shape, 32 layers") << "mixtral-8x7b" << 1510 << 47 << 31 << 12 << "blk 0–30" << true;
}

void TestFold::llmGraphs() {
    QFETCH(QString, model);
    QFETCH(int, nodes);
    QFETCH(int, period);
    QFETCH(int, count);
    QFETCH(int, leafsPerInstance);
    QFETCH(QString, label);
    QFETCH(bool, moe);
    QTemporaryDir dir;
    const auto zoo = test_models::zoo_model_named(model.toStdString());
    QVERIFY(zoo && zoo->doc.shape_only);
    QVERIFY(test_models::write_zoo_model(*zoo, dir.path().toStdString()).ok());
    auto file = open_gguf(dir.filePath(model + u".gguf"_qs).toStdString());
    QVERIFY(file.ok());
    llm_ubatch_shape ubatch;
    ubatch.n_tokens = ubatch.n_outputs = 512;
    auto built = build_llm_graph(*file, llm_context_params{}, ubatch);
    QVERIFY(built.ok());
    const graph_document& doc = built->doc;
    QCOMPARE(static_cast<int>(doc.g.nodes.size()), nodes);
    const fold_structure s = detect(doc);
    QCOMPARE(s.groups.size(), std::size_t{1});
    const fold_group& g = s.groups[0];
    QCOMPARE(g.kind, fold_kind::repeat);
    QCOMPARE(g.first, std::size_t{1}); // after inp_embd's GET_ROWS
    QCOMPARE(static_cast<int>(g.period), period);
    QCOMPARE(static_cast<int>(g.count), count);
    QCOMPARE(static_cast<int>(g.leafs.front().size()), leafsPerInstance);
    QCOMPARE(QString::fromStdString(instance_label(g, 0, g.count - 1)), label);
    // The last layer: loose, from its attention norm to l_out.
    const int last = count;
    for (std::size_t i = g.end(); i + 3 < doc.g.nodes.size(); ++i) {
        QVERIFY(!s.place_of(doc.g.nodes[i]).folded());
        QCOMPARE(layer_of(doc.ctx[doc.g.nodes[i]].name).value_or(last), last);
    }
    std::set<std::string> ops, leafNames;
    for (std::size_t j = 0; j < g.period; ++j) ops.insert(std::string(info(doc.ctx[s.tensor_at(doc.g, 0, 0, j)].op).name));
    for (std::size_t j = g.period; j < g.locals(); ++j) leafNames.insert(doc.ctx[s.tensor_at(doc.g, 0, 0, j)].name);
    QVERIFY(ops.count("FLASH_ATTN_EXT"));
    QVERIFY(leafNames.count("cache_k_l0") && leafNames.count("cache_v_l0"));
    QCOMPARE(ops.count("MUL_MAT_ID") == 1, moe);
    QCOMPARE(ops.count("ARGSORT") == 1, moe);
    QCOMPARE(leafNames.count("blk.0.ffn_gate_inp.weight") == 1, moe);
    QCOMPARE(leafNames.count("blk.0.ffn_gate_exps.weight") == 1, moe);
}

void TestFold::instancesAreAligned() {
    const graph_document doc = open(QString::fromLatin1(llama4));
    const fold_structure s = detect(doc);
    const fold_group& g = s.groups.at(0);
    // Local j of every instance is the same tensor of its layer: "Kcur-0" ... "Kcur-3",
    // "blk.0.attn_k.weight" ... "blk.3.attn_k.weight".
    for (std::size_t j = 0; j < g.locals(); ++j) {
        const tensor_id t0 = s.tensor_at(doc.g, 0, 0, j);
        QVERIFY(t0.valid());
        const std::string& n0 = doc.ctx[t0].name;
        for (std::size_t k = 1; k < g.count; ++k) {
            const tensor_id tk = s.tensor_at(doc.g, 0, k, j);
            QVERIFY(tk.valid());
            const std::string& nk = doc.ctx[tk].name;
            if (j < g.period) {
                QCOMPARE(layer_of(n0).value_or(-1), 0);
                QCOMPARE(layer_of(nk).value_or(-1), static_cast<int>(k));
                QCOMPARE(nk.substr(0, nk.find('-')), n0.substr(0, n0.find('-')));
            } else {
                QCOMPARE(nk, "blk." + std::to_string(k) + n0.substr(5));
            }
            const fold_place p = s.place_of(tk);
            QCOMPARE(p.group, 0);
            QCOMPARE(p.instance, static_cast<std::uint32_t>(k));
            QCOMPARE(p.local, static_cast<std::uint32_t>(j));
        }
    }
    // Shared inputs and the output layers stay loose.
    for (const char* name : {"inp_pos", "KQ_mask", "cache_k", "token_embd.weight", "result_output", "inp_embd"}) {
        const auto it = std::find_if(doc.g.leafs.begin(), doc.g.leafs.end(), [&](tensor_id t) { return doc.ctx[t].name == name; });
        const auto nt = std::find_if(doc.g.nodes.begin(), doc.g.nodes.end(), [&](tensor_id t) { return doc.ctx[t].name == name; });
        const tensor_id t = it != doc.g.leafs.end() ? *it : *nt;
        QVERIFY2(!s.place_of(t).folded(), name);
    }
}

void TestFold::noRepetition() {
    const graph_document mlp = open(QStringLiteral("template:mlp"));
    QVERIFY(detect(mlp).groups.empty());
    const graph_document chain = irregularChain(200);
    const fold_structure s = detect(chain);
    QVERIFY(s.groups.empty());
    for (tensor_id n : chain.g.nodes) QVERIFY(!s.place_of(n).folded());
}

void TestFold::segmentsCutLongStretches() {
    const graph_document chain = irregularChain(35);
    fold_options o;
    o.segment = 10;
    const fold_structure s = detect(chain, o);
    QCOMPARE(s.groups.size(), std::size_t{4});
    const std::size_t sizes[] = {10, 10, 10, 5};
    for (std::size_t i = 0; i < 4; ++i) {
        QCOMPARE(s.groups[i].kind, fold_kind::segment);
        QCOMPARE(s.groups[i].first, i * 10);
        QCOMPARE(s.groups[i].period, sizes[i]);
        QCOMPARE(s.groups[i].count, std::size_t{1});
    }
    QCOMPARE(QString::fromStdString(instance_label(s.groups[3], 0, 0)), QStringLiteral("nodes 30–34"));
    QCOMPARE(s.folded_nodes(), std::size_t{0}); // segments fold nothing away
    QCOMPARE(s.groups[0].leafs.front().size(), std::size_t{1}); // the input, read only there
}

void TestFold::differentWiringDoesNotFold() {
    // Four blocks of ADD, MUL, ADD, MUL: in blocks 0 and 1 the MUL reads the first ADD, in
    // blocks 2 and 3 the second one. Same ops and shapes, other wiring.
    graph_document doc;
    builder b(doc.ctx);
    const tensor_id c = b.new_tensor_1d(dtype::f32, 16);
    tensor_id x = b.new_tensor_1d(dtype::f32, 16);
    for (int blk = 0; blk < 8; ++blk) {
        const tensor_id a = b.add(x, c);
        const tensor_id m = b.mul(a, c);
        const tensor_id a2 = b.add(m, c);
        x = b.mul(blk < 4 ? a : a2, a2);
    }
    QVERIFY(build_forward_expand(doc.ctx, doc.g, x).ok());
    const fold_structure s = detect(doc);
    QCOMPARE(s.groups.size(), std::size_t{2});
    QCOMPARE(s.groups[0].first, std::size_t{0});
    QCOMPARE(s.groups[0].count, std::size_t{4});
    QCOMPARE(s.groups[1].first, std::size_t{16});
    QCOMPARE(s.groups[1].count, std::size_t{4});
}

void TestFold::keySeparatesBackends() {
    const graph_document doc = addChain(50);
    fold_options o;
    // The first 25 nodes on one backend, the rest on another.
    o.key = [&](tensor_id t) -> std::uint64_t {
        const auto it = std::find(doc.g.nodes.begin(), doc.g.nodes.end(), t);
        return it - doc.g.nodes.begin() < 25 ? 1 : 2;
    };
    const fold_structure s = detect(doc, o);
    QCOMPARE(s.groups.size(), std::size_t{2});
    QCOMPARE(s.groups[0].count, std::size_t{25});
    QCOMPARE(s.groups[1].first, std::size_t{25});
    QCOMPARE(s.groups[1].count, std::size_t{25});
    QCOMPARE(detect(doc).groups.size(), std::size_t{1}); // one block of 1 node ×50 without the key
}

void TestFold::cancelStops() {
    const std::atomic<bool> cancel{true};
    QVERIFY(!detect_blocks(addChain(100), {}, &cancel).has_value());
}

void TestFold::labels_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("layer");
    QTest::newRow("plain") << "Kcur-12" << 12;
    QTest::newRow("view suffix") << "Kcur-3 (reshaped)" << 3;
    QTest::newRow("copy of") << "k_cache_view-0 (copy of Kcur-0)" << 0;
    QTest::newRow("no number") << "inp_embd" << -1;
    QTest::newRow("trailing dash") << "x-" << -1;
    QTest::newRow("not a number") << "k-cache" << -1;
    QTest::newRow("copy") << "GPU#Kcur-3" << 3;
    QTest::newRow("view of a shared tensor") << "cache_k (view)" << -1;
}

void TestFold::labels() {
    QFETCH(QString, name);
    QFETCH(int, layer);
    QCOMPARE(layer_of(name.toStdString()).value_or(-1), layer);
}

void TestFold::viewUnits() {
    const graph_document doc = open(QString::fromLatin1(llama4));
    const fold_structure s = detect(doc);
    fold_state state = fold_state::first_open(s);
    fold_view v = make_fold_view(doc, s, state);
    // 9 loose leafs, inp_embd, instance 0, the run of 1-3, and the output's 3 nodes.
    QCOMPARE(v.units.size(), std::size_t{9 + 1 + 1 + 1 + 3});
    const auto kinds = [&](unit_kind k) {
        return std::count_if(v.units.begin(), v.units.end(), [&](const fold_unit& u) { return u.kind == k; });
    };
    QCOMPARE(kinds(unit_kind::instance), 1);
    QCOMPARE(kinds(unit_kind::run), 1);
    const auto run = std::find_if(v.units.begin(), v.units.end(), [](const fold_unit& u) { return u.kind == unit_kind::run; });
    QCOMPARE(run->first, 1u);
    QCOMPARE(run->last, 3u);
    // Every tensor of instance 2 is shown by the run; the run reads instance 0's output once.
    const auto runIndex = static_cast<std::uint32_t>(run - v.units.begin());
    for (std::size_t j = 0; j < s.groups[0].locals(); ++j) QCOMPARE(v.unit(s.tensor_at(doc.g, 0, 2, j)), runIndex);
    const std::uint32_t open0 = v.unit(s.tensor_at(doc.g, 0, 0, 0));
    const auto into = std::find_if(v.edges.begin(), v.edges.end(), [&](const unit_edge& e) { return e.from == open0 && e.to == runIndex; });
    QVERIFY(into != v.edges.end());
    QCOMPARE(into->count, 2u); // l_out-0 into norm-1 and ffn_inp-1
    QCOMPARE(doc.ctx[into->src].name, std::string("l_out-0"));
    // Edges are unique per pair of units.
    std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
    for (const unit_edge& e : v.edges) QVERIFY(pairs.emplace(e.from, e.to).second);

    // Opening instance 2 splits the run in two.
    state.set_open(0, 2, true);
    v = make_fold_view(doc, s, state);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> runs;
    for (const fold_unit& u : v.units)
        if (u.kind == unit_kind::run) runs.emplace_back(u.first, u.last);
    QCOMPARE(runs, (std::vector<std::pair<std::uint32_t, std::uint32_t>>{{1, 1}, {3, 3}}));
    QCOMPARE(kinds(unit_kind::instance), 2);
    // A state of another structure shows everything closed instead of reading past its groups.
    QCOMPARE(make_fold_view(doc, s, fold_state{}).units.size(), std::size_t{9 + 1 + 1 + 3});
}

void TestFold::blockPorts() {
    const graph_document doc = open(QString::fromLatin1(llama4));
    const fold_structure s = detect(doc);
    block_ports ports;
    const std::string dot = block_dot(doc, s, 0, {}, ports);
    // Layer 0 reads from outside: inp_embd, inp_pos, cache_k, cache_v, KQ_scale, KQ_mask.
    std::set<std::string> inputs;
    for (const auto& in : ports.inputs) {
        const tensor& reader = doc.ctx[s.tensor_at(doc.g, 0, 0, in.local)];
        inputs.insert(doc.ctx[reader.src[in.slot]].name);
    }
    QCOMPARE(inputs, (std::set<std::string>{"inp_embd", "inp_pos", "cache_k", "cache_v", "KQ_scale", "KQ_mask"}));
    // Only l_out leaves a layer (the next layer's norm and residual, the output norm).
    QCOMPARE(ports.outputs.size(), std::size_t{1});
    QCOMPARE(doc.ctx[s.tensor_at(doc.g, 0, 0, ports.outputs[0])].name, std::string("l_out-0"));
    QVERIFY(dot.find("  { rank=source; i0; i1; i2; i3; i4; i5; }\n") != std::string::npos);
    QVERIFY(dot.find("  { rank=sink; o0; }\n") != std::string::npos);
    QVERIFY(dot.find("blk.0.attn_q.weight") != std::string::npos); // the layer's weights are in
    QVERIFY(dot.find("blk.1.") == std::string::npos);             // no other layer's
    QVERIFY(dot.find("slot=1") != std::string::npos);
    QVERIFY(dot.find("label=\"src") == std::string::npos); // no edge labels
}

void TestFold::topLevelText() {
    const graph_document doc = open(QString::fromLatin1(llama4));
    const fold_structure s = detect(doc);
    const fold_view v = make_fold_view(doc, s, fold_state::first_open(s));
    const std::string dot = top_dot(doc, v, {}, [](std::size_t) { return std::pair{144.0, 288.0}; });
    const auto instance = std::find_if(v.units.begin(), v.units.end(), [](const fold_unit& u) { return u.kind == unit_kind::instance; });
    const auto run = std::find_if(v.units.begin(), v.units.end(), [](const fold_unit& u) { return u.kind == unit_kind::run; });
    const std::string open = unit_node_name(static_cast<std::uint32_t>(instance - v.units.begin()));
    const std::string closed = unit_node_name(static_cast<std::uint32_t>(run - v.units.begin()));
    // The open instance is its block's size plus the frame: (144 + 2*12) x (288 + 30 + 12) points.
    QVERIFY(dot.find("  " + open + " [shape=box, fixedsize=true, label=\"\", width=2.33333, height=4.58333];") != std::string::npos);
    QVERIFY(dot.find("  " + closed + " [shape=box, fixedsize=true, label=\"\", width=4.44444, height=1.19444];") != std::string::npos);
    QVERIFY(dot.find("  " + open + " -> " + closed + ";\n") != std::string::npos);
    // Tensors outside the blocks are written as to_dot writes them.
    QVERIFY(dot.find("result_output\\nMUL_MAT") != std::string::npos);
}

void TestFold::composedLayoutReusesBlocks() {
    const graph_document doc = open(QString::fromLatin1(llama7b));
    const fold_structure s = detect(doc);
    auto l = layout_folded(doc, s, fold_state::first_open(s));
    QVERIFY2(l.ok(), l.ok() ? "" : l.err().message.c_str());
    // 9 loose leafs and 4 loose nodes, layer 0's 35 nodes and 9 weights; a frame and a run box;
    // 6 input stubs and 1 output stub.
    QCOMPARE(l->nodes.size(), std::size_t{13 + 44});
    QCOMPARE(l->boxes.size(), std::size_t{2});
    QCOMPARE(l->stubs.size(), std::size_t{7});
    const fold_view v = make_fold_view(doc, s, fold_state::first_open(s));
    const auto frame = std::find_if(l->boxes.begin(), l->boxes.end(), [&](const folded_box& b) { return v.units[b.unit].kind == unit_kind::instance; });
    QVERIFY(frame != l->boxes.end());
    for (const layout_node& n : l->nodes) {
        QVERIFY(n.id.valid());
        const bool inside = s.place_of(n.id).folded();
        const bool inFrame = n.center.x > frame->top_left.x && n.center.x < frame->top_left.x + frame->width &&
                             n.center.y > frame->top_left.y + fold_box.header && n.center.y < frame->top_left.y + frame->height;
        QCOMPARE(inFrame, inside);
    }
    for (const folded_stub& st : l->stubs) QCOMPARE(st.unit, frame->unit);
    const auto kinds = [&](folded_edge_kind k) {
        return std::count_if(l->edges.begin(), l->edges.end(), [&](const folded_edge& e) { return e.kind == k; });
    };
    QVERIFY(kinds(folded_edge_kind::unit) > 0);
    QVERIFY(kinds(folded_edge_kind::port) >= 7);
    QVERIFY(kinds(folded_edge_kind::link) > 0);
    // Everything lies within the layout.
    for (const folded_box& b : l->boxes) QVERIFY(b.top_left.x >= -1 && b.top_left.x + b.width <= l->width + 1);
}

void TestFold::layoutOfOpenInstanceMatchesInstanceZero() {
    const graph_document doc = open(QString::fromLatin1(llama4));
    const fold_structure s = detect(doc);
    fold_state state = fold_state::first_open(s);
    state.set_open(0, 2, true);
    auto l = layout_folded(doc, s, state);
    QVERIFY(l.ok());
    std::map<tensor_id, layout_point> at;
    for (const layout_node& n : l->nodes) at[n.id] = n.center;
    // Instance 2 is laid out exactly as instance 0, moved: one offset for all its tensors.
    std::optional<layout_point> offset;
    for (std::size_t j = 0; j < s.groups[0].locals(); ++j) {
        const tensor_id t0 = s.tensor_at(doc.g, 0, 0, j), t2 = s.tensor_at(doc.g, 0, 2, j);
        QVERIFY(at.contains(t0) && at.contains(t2));
        const layout_point d{at[t2].x - at[t0].x, at[t2].y - at[t0].y};
        if (!offset) offset = d;
        QCOMPARE(d.x, offset->x);
        QCOMPARE(d.y, offset->y);
    }
    QVERIFY(offset->y > 0); // below: the graph runs top to bottom
    // Its stubs read instance 1's output, its own nodes' names end in -2.
    const auto stub = std::find_if(l->stubs.begin(), l->stubs.end(), [&](const folded_stub& st) {
        return st.input && doc.ctx[st.tensor].name == "l_out-1";
    });
    QVERIFY(stub != l->stubs.end());
}

QTEST_APPLESS_MAIN(TestFold)
#include "test_fold.moc"
