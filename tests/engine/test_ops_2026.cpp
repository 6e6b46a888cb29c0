// The ops of ggml d99724f2 that today's llama graphs use (SET_ROWS, GLU, FLASH_ATTN_EXT, ADD_ID;
// MUL_MAT_ID, ARGSORT, TOP_K, CLAMP, FILL, PAD and the later forms of REPEAT, CONCAT, GET_ROWS,
// ROPE, UNARY, as the builder makes them: shapes, types, views, names, op params, refusals):
// a llama layer dumped in today's DOT format (tests/data/dot/llama_layer_2026.dot, written by hand
// from ggml_graph_dump_dot) imports with the right ops, sources, shapes and views and plans under
// both allocators; small dumps of each op; the JSON format keeps them; ADD_ID works in place
// for 2026's allocator only; the CPU backend takes all of them (their values: test_cpu_ops_2026).
// Shapes by hand from ggml.c.
#include "alloc/plan.h"
#include "backend/cpu/cpu_backend.h"
#include "core/builder.h"
#include "io/graph_json.h"
#include "models/ggml_dot.h"
#include "models/ggml_dot_label.h"

#include <QtTest>

#include <bit>
#include <cmath>

using namespace planscope;

namespace {

using ne_t = std::array<std::int64_t, 4>;

const std::string dot_file = PLANSCOPE_SOURCE_DIR "/tests/data/dot/llama_layer_2026.dot";

// The first tensor named so (a dump may repeat names: ggml names each view "X (view)").
tensor_id by_name(const graph_document& doc, std::string_view name) {
    for (std::size_t i = 0; i < doc.ctx.size(); ++i)
        if (doc.ctx[tensor_id{i}].name == name) return tensor_id{i};
    return {};
}

QString fmt(const ne_t& ne) { return QString::fromStdString(shape_string(ne)); }

// Today's ggml_graph_dump_dot: "newrank", top to bottom, edges without ports.
std::string dot(const std::string& body) { return "digraph G {\n  newrank = true;\n  rankdir = TB;\n" + body + "}\n"; }

std::string node(const std::string& id, const std::string& label) {
    return "  \"" + id + "\" [ style = filled; fillcolor = white; shape = record; label=\"" + label + "\"; ]\n";
}

std::string leaf(const std::string& id, const std::string& label) {
    return "  \"" + id + "\" [ style = filled; fillcolor = pink; shape = record; label=\"<x>" + label + "\"; ]\n";
}

std::string edge(const std::string& from, const std::string& to, int slot) {
    return "  \"" + from + "\" -> \"" + to + "\" [ arrowhead = vee; style = solid; label = \"src " +
           std::to_string(slot) + "\"; ]\n";
}

struct expected_node {
    const char* name;
    const char* op;
    ne_t ne;
    std::vector<const char*> src; // "" for an empty slot
};

// tests/data/dot/llama_layer_2026.dot, node by node.
const std::vector<expected_node> llama_layer = {
    {"inp_embd", "GET_ROWS", {8, 3, 1, 1}, {"token_embd.weight", "inp_tokens"}},
    {"norm-0", "RMS_NORM", {8, 3, 1, 1}, {"inp_embd"}},
    {"attn_norm-0", "MUL", {8, 3, 1, 1}, {"norm-0", "blk.0.attn_norm.weight"}},
    {"Qcur-0", "MUL_MAT", {8, 3, 1, 1}, {"blk.0.attn_q.weight", "attn_norm-0"}},
    {"Kcur-0", "MUL_MAT", {8, 3, 1, 1}, {"blk.0.attn_k.weight", "attn_norm-0"}},
    {"Vcur-0", "MUL_MAT", {8, 3, 1, 1}, {"blk.0.attn_v.weight", "attn_norm-0"}},
    {"Qcur-0 (reshaped)", "RESHAPE", {4, 2, 3, 1}, {"Qcur-0"}},
    {"Kcur-0 (reshaped)", "RESHAPE", {4, 2, 3, 1}, {"Kcur-0"}},
    {"Vcur-0 (reshaped)", "RESHAPE", {4, 2, 3, 1}, {"Vcur-0"}},
    {"Kcur-0 (reshaped) (reshaped)", "RESHAPE", {8, 3, 1, 1}, {"Kcur-0 (reshaped)"}},
    {"cache_k_l0 (view)", "SET_ROWS", {8, 8, 1, 1}, {"Kcur-0 (reshaped) (reshaped)", "k_idxs", "cache_k_l0"}},
    {"Vcur-0 (reshaped) (reshaped)", "RESHAPE", {8, 3, 1, 1}, {"Vcur-0 (reshaped)"}},
    {"cache_v_l0 (view)", "SET_ROWS", {8, 8, 1, 1}, {"Vcur-0 (reshaped) (reshaped)", "v_idxs", "cache_v_l0"}},
    {"Qcur-0 (reshaped) (permuted)", "PERMUTE", {4, 3, 2, 1}, {"Qcur-0 (reshaped)"}},
    {"cache_k_l0 (view)", "VIEW", {4, 2, 8, 1}, {"cache_k_l0"}},
    {"cache_k_l0 (view) (permuted)", "PERMUTE", {4, 8, 2, 1}, {"cache_k_l0 (view)"}},
    {"cache_v_l0 (view)", "VIEW", {4, 2, 8, 1}, {"cache_v_l0"}},
    {"cache_v_l0 (view) (permuted)", "PERMUTE", {4, 8, 2, 1}, {"cache_v_l0 (view)"}},
    {"__fattn__-0", "FLASH_ATTN_EXT", {4, 2, 3, 1},
     {"Qcur-0 (reshaped) (permuted)", "cache_k_l0 (view) (permuted)", "cache_v_l0 (view) (permuted)", "KQ_mask"}},
    {"__fattn__-0 (reshaped)", "RESHAPE", {8, 3, 1, 1}, {"__fattn__-0"}},
    {"kqv_out-0", "MUL_MAT", {8, 3, 1, 1}, {"blk.0.attn_output.weight", "__fattn__-0 (reshaped)"}},
    {"ffn_inp-0", "ADD", {8, 3, 1, 1}, {"kqv_out-0", "inp_embd"}},
    {"norm-0", "RMS_NORM", {8, 3, 1, 1}, {"ffn_inp-0"}},
    {"ffn_norm-0", "MUL", {8, 3, 1, 1}, {"norm-0", "blk.0.ffn_norm.weight"}},
    {"ffn_up-0", "MUL_MAT", {16, 3, 1, 1}, {"blk.0.ffn_up.weight", "ffn_norm-0"}},
    {"ffn_gate-0", "MUL_MAT", {16, 3, 1, 1}, {"blk.0.ffn_gate.weight", "ffn_norm-0"}},
    {"ffn_swiglu-0", "GLU", {16, 3, 1, 1}, {"ffn_gate-0", "ffn_up-0"}},
    {"ffn_out-0", "MUL_MAT", {8, 3, 1, 1}, {"blk.0.ffn_down.weight", "ffn_swiglu-0"}},
    {"l_out-0", "ADD", {8, 3, 1, 1}, {"ffn_out-0", "ffn_inp-0"}},
};

// One tensor of each new op, as a document: x = sqr(a) and y = add_id(x, b, ids) for ADD_ID's
// in-place use; a K cache written by SET_ROWS; attention over it with sinks; a split SWIGLU.
graph_document later_ops() {
    graph_document doc;
    doc.name = "later_ops";
    builder b(doc.ctx);
    const auto a = b.set_name(b.new_tensor_3d(dtype::f32, 8, 2, 3), "a");
    const auto bias = b.set_name(b.new_tensor_2d(dtype::f32, 8, 4), "bias");
    const auto ids = b.set_name(b.new_tensor_2d(dtype::i32, 2, 3), "ids");
    const auto x = b.set_name(b.sqr(a), "x");
    const auto y = b.set_name(b.add_id(x, bias, ids), "y");
    const auto cache = b.set_name(b.new_tensor_3d(dtype::f16, 8, 16, 1), "cache");
    const auto rows = b.set_name(b.reshape_2d(y, 8, 6), "rows");
    const auto written = b.set_rows(cache, rows, b.set_name(b.new_tensor_1d(dtype::i64, 6), "slots"));
    const auto q = b.set_name(b.new_tensor_3d(dtype::f32, 8, 6, 2), "q");
    const auto kv = b.set_name(b.view_3d(cache, 8, 8, 2, 16, 128, 0), "kv");
    const auto mask = b.set_name(b.new_tensor_2d(dtype::f16, 8, 6), "mask");
    const auto sinks = b.set_name(b.new_tensor_1d(dtype::f32, 2), "sinks");
    const auto att = b.set_name(b.flash_attn_ext(q, kv, kv, mask, {.scale = 0.5f, .prec = 10, .sinks = sinks}), "att");
    const auto gate = b.set_name(b.reshape_2d(att, 16, 6), "gate");
    const auto out = b.set_name(b.glu_split(gate, gate, glu_kind::geglu_erf), "out");
    b.set_flags(out, tensor_flag::output);
    if (!b.ok()) qFatal("later_ops: %s", b.first_error()->message.c_str());
    if (!build_forward_expand(doc.ctx, doc.g, written) || !build_forward_expand(doc.ctx, doc.g, out))
        qFatal("later_ops: build_forward_expand failed");
    return doc;
}

// The MoE router and feed-forward of llama.cpp da46e59c's build_moe_ffn (gpt-oss's SWIGLU_OAI,
// deepseek2's clamped weight sum), a padded, concatenated and multi-section roped tail.
graph_document moe_ops() {
    graph_document doc;
    doc.name = "moe_ops";
    builder b(doc.ctx);
    const auto cur = b.set_name(b.new_tensor_2d(dtype::f32, 8, 3), "cur");
    const auto gate_inp = b.set_name(b.new_tensor_2d(dtype::f32, 8, 4), "gate_inp");
    const auto logits = b.set_name(b.mul_mat(gate_inp, cur), "logits");
    const auto probs = b.set_name(b.sigmoid(logits), "probs");
    const auto selected = b.set_name(b.argsort_top_k(probs, 2), "selected");
    const auto weights = b.set_name(b.get_rows(b.reshape_3d(probs, 1, 4, 3), selected), "weights");
    const auto sum = b.set_name(b.sum_rows(b.reshape_2d(weights, 2, 3)), "weights_sum");
    const auto clamped = b.set_name(b.clamp(sum, 6.103515625e-5f, INFINITY), "clamped");
    const auto norm = b.set_name(b.div(b.reshape_2d(weights, 2, 3), clamped), "norm");
    const auto up_exps = b.set_name(b.new_tensor_3d(dtype::f16, 8, 6, 4), "up_exps");
    const auto x3 = b.reshape_3d(cur, 8, 1, 3);
    const auto up = b.set_name(b.mul_mat_id(up_exps, x3, selected), "up");
    const auto gate = b.set_name(b.mul_mat_id(up_exps, x3, selected), "gate");
    const auto act = b.set_name(b.swiglu_oai(gate, up, 1.702f, 7.0f), "act");
    const auto w = b.set_name(b.mul(act, b.reshape_3d(norm, 1, 2, 3)), "weighted");
    const auto padded = b.set_name(b.pad(w, 2, 0, 0, 0), "padded");
    const auto scaled = b.set_name(b.scale_by(padded, 1.0f), "scaled");
    const auto filled = b.set_name(b.fill(scaled, -INFINITY), "filled");
    const auto joined = b.set_name(b.concat(padded, filled, 0), "joined");
    const auto pos = b.set_name(b.new_tensor_1d(dtype::i32, 12), "pos");
    const auto roped = b.set_name(
        b.rope(b.cont(joined), pos, {.n_dims = 16, .mode = rope_mode_mrope, .sections = {2, 3, 3, 0}}), "roped");
    b.set_flags(roped, tensor_flag::output);
    if (!b.ok()) qFatal("moe_ops: %s", b.first_error()->message.c_str());
    if (!build_forward_expand(doc.ctx, doc.g, roped)) qFatal("moe_ops: build_forward_expand failed");
    return doc;
}

} // namespace

Q_DECLARE_METATYPE(ne_t)

class TestOps2026 : public QObject {
    Q_OBJECT
private slots:
    void importsTodaysLlamaLayer();
    void importedViewsAndParams();
    void reportsWhatItInferred();
    void importedLayerPlans_data();
    void importedLayerPlans();
    void symbols_data();
    void symbols();
    void smallDumps_data();
    void smallDumps();
    void refusedDumps_data();
    void refusedDumps();
    void jsonKeepsThem();
    void addIdInPlaceOnlyIn2026_data();
    void addIdInPlaceOnlyIn2026();
    void cpuBackendTakesThem();
    void builderMoeOps_data();
    void builderMoeOps();
    void builderRefusesMoeOps_data();
    void builderRefusesMoeOps();
    void jsonKeepsMoeOps();
    void fillInPlaceOnlyIn2026();
};

void TestOps2026::importsTodaysLlamaLayer() {
    auto r = import_ggml_dot_file(dot_file);
    QVERIFY2(r.ok(), r.ok() ? "" : r.err().message.c_str());
    const graph_document& doc = r->doc;
    QCOMPARE(doc.name, std::string("llama_layer_2026"));
    QCOMPARE(doc.g.nodes.size(), llama_layer.size());
    QCOMPARE(doc.g.leafs.size(), std::size_t{16});
    for (std::size_t i = 0; i < llama_layer.size(); ++i) {
        const expected_node& e = llama_layer[i];
        const tensor& t = doc.ctx[doc.g.nodes[i]];
        const QByteArray where = QByteArray::number(static_cast<int>(i)) + " " + e.name;
        QVERIFY2(t.name == e.name, where);
        QVERIFY2(info(t.op).name == std::string_view(e.op), where);
        QVERIFY2(fmt(t.ne) == fmt(e.ne), where + ": " + fmt(t.ne).toUtf8());
        QVERIFY2(t.n_src() == static_cast<int>(e.src.size()), where);
        for (std::size_t s = 0; s < e.src.size(); ++s)
            QVERIFY2(doc.ctx[t.src[s]].name == e.src[s], where + " src " + QByteArray::number(static_cast<int>(s)));
    }
    QCOMPARE(doc.ctx[by_name(doc, "k_idxs")].type, dtype::i64);
    QCOMPARE(doc.ctx[by_name(doc, "KQ_mask")].type, dtype::f16);
}

void TestOps2026::importedViewsAndParams() {
    auto r = import_ggml_dot_file(dot_file);
    QVERIFY(r.ok());
    const graph_document& doc = r->doc;
    // SET_ROWS: a view of its destination (src2), the cache leaf, whose type and strides it has.
    const tensor& k_write = doc.ctx[doc.g.nodes[10]];
    QCOMPARE(k_write.op, op_kind::set_rows);
    QCOMPARE(k_write.view_src, by_name(doc, "cache_k_l0"));
    QCOMPARE(k_write.view_offs, std::size_t{0});
    QCOMPARE(k_write.type, dtype::f16);
    QCOMPARE(k_write.nb, (std::array<std::size_t, 4>{2, 16, 128, 128}));
    QCOMPARE(doc.ctx[doc.g.nodes[12]].view_src, by_name(doc, "cache_v_l0"));
    // FLASH_ATTN_EXT: f32 [v ne[0], q ne[2], q ne[1], q ne[3]], contiguous, not a view.
    const tensor& fa = doc.ctx[by_name(doc, "__fattn__-0")];
    QCOMPARE(fa.type, dtype::f32);
    QCOMPARE(fa.nb, (std::array<std::size_t, 4>{4, 16, 32, 96}));
    QVERIFY(!fa.is_view());
    QCOMPARE(fa.params.get_f32(0), 0.0f); // the scale is not in the dump
    // The K view for attention is permuted (0, 2, 1, 3), the one permutation that fits.
    const tensor& k = doc.ctx[doc.g.nodes[15]];
    QCOMPARE(k.params.get_i32(1), 2);
    QCOMPARE(k.nb, (std::array<std::size_t, 4>{2, 16, 8, 128}));
    // The split GLU keeps ne[0]; its function comes from the name.
    const tensor& glu = doc.ctx[by_name(doc, "ffn_swiglu-0")];
    QCOMPARE(glu.params.get_i32(0), static_cast<int>(glu_kind::swiglu));
    QCOMPARE(glu.params.get_i32(1), 0);
    QCOMPARE(op_desc(glu), std::string("SWIGLU"));
}

void TestOps2026::reportsWhatItInferred() {
    auto r = import_ggml_dot_file(dot_file);
    QVERIFY(r.ok());
    const std::vector<std::string> expected{
        "leafs: the dump shows ne[0] and ne[1] only and no data or buffer; each leaf is taken as [NE0, NE1, 1, 1]; "
        "10 named as weights (*.weight, *.bias) placed in buffer 'weights', 2 as KV cache (cache_*) in 'kv_cache', "
        "4 taken as inputs, allocated before the graph",
        "op parameters are not in the dump: those of FLASH_ATTN_EXT, RMS_NORM are left zero",
        "node 14 'cache_k_l0 (view)': VIEW strides assumed contiguous, offset assumed 0, ne[3] assumed 1",
        "node 16 'cache_v_l0 (view)': VIEW strides assumed contiguous, offset assumed 0, ne[3] assumed 1",
        "node 26 'ffn_swiglu-0': GLU function SWIGLU taken from the name",
    };
    QCOMPARE(r->warnings, expected);
}

void TestOps2026::importedLayerPlans_data() {
    QTest::addColumn<QString>("version");
    // The dump's leafs (the caches among them) have no buffer: the plan places them too.
    QTest::newRow("2023") << "2023";
    QTest::newRow("2026") << "2026";
}

void TestOps2026::importedLayerPlans() {
    QFETCH(QString, version);
    auto r = import_ggml_dot_file(dot_file);
    QVERIFY(r.ok());
    plan_options options;
    options.version = *parse_ggml_version(version.toStdString());
    auto plan = plan_graph(r->doc, options);
    QVERIFY2(plan.ok(), plan.ok() ? "" : plan.err().message.c_str());
    QVERIFY(plan->max_size > 0);
    // The SET_ROWS results take no memory of their own: they are the caches.
    const graph_document& doc = r->doc;
    const tensor& k_write = doc.ctx[doc.g.nodes[10]];
    const tensor& cache = doc.ctx[k_write.view_src];
    QVERIFY(cache.where.has_value());
    QVERIFY(k_write.where.has_value());
    QCOMPARE(k_write.where->offset, cache.where->offset);
}

void TestOps2026::symbols_data() {
    QTest::addColumn<QString>("symbol");
    QTest::addColumn<QString>("op");
    // GGML_OP_SYMBOL of d99724f2.
    QTest::newRow("set_rows") << "set_rows(x)" << "SET_ROWS";
    QTest::newRow("glu") << "glu(x)" << "GLU";
    QTest::newRow("flash_attn_ext") << "flash_attn_ext(x)" << "FLASH_ATTN_EXT";
    QTest::newRow("add_id") << "x[i]+y" << "ADD_ID";
    QTest::newRow("add") << "x+y" << "ADD";
    QTest::newRow("not modelled") << "get_rows_back(x)" << "";
}

void TestOps2026::symbols() {
    QFETCH(QString, symbol);
    QFETCH(QString, op);
    const auto o = op_from_ggml_symbol(symbol.toStdString());
    QCOMPARE(o ? QString::fromUtf8(info(*o).name.data(), static_cast<int>(info(*o).name.size())) : QString(), op);
    if (o) QCOMPARE(op_from_name(op.toStdString()), o);
}

void TestOps2026::smallDumps_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("ne");
    QTest::addColumn<int>("param0");
    QTest::addColumn<QString>("warning"); // one of the import's warnings; empty: none expected
    const auto row = [](const char* tag, const std::string& text, const char* op, const ne_t& ne, int p0,
                        const char* warning) {
        QTest::newRow(tag) << QString::fromStdString(text) << QString::fromLatin1(op) << fmt(ne) << p0
                           << QString::fromLatin1(warning);
    };
    const std::string a16 = leaf("0x1", "a (f32)|CONST 0 [16, 3]") + edge("0x1", "0xa", 0);
    // One source: ne[0] halved, the function from the name.
    row("glu halves", dot(node("0xa", "ffn_geglu-0 (f32)|0 [8, 3] | <x>glu(x)") + a16), "GLU", {8, 3, 1, 1},
        static_cast<int>(glu_kind::geglu),
        "node 0 'ffn_geglu-0': GLU function GEGLU taken from the name, halves assumed not swapped");
    row("glu unnamed", dot(node("0xa", "g (f32)|0 [8, 3] | <x>glu(x)") + a16), "GLU", {8, 3, 1, 1},
        static_cast<int>(glu_kind::swiglu),
        "node 0 'g': GLU function not in the dump, SWIGLU assumed, halves assumed not swapped");
    row("glu quick before geglu", dot(node("0xa", "ffn_geglu_quick (f32)|0 [8, 3] | <x>glu(x)") + a16), "GLU",
        {8, 3, 1, 1}, static_cast<int>(glu_kind::geglu_quick), "");
    // ADD_ID's symbol is its own; ids [a ne[1], a ne[2]].
    row("add_id", dot(node("0xb", "a (f32)|0 [8, 2, 3] | <x>reshape(x)") +
                      node("0xa", "y (f32)|1 [8, 2, 3] | <x>x[i]+y") + leaf("0x1", "x (f32)|CONST 0 [8, 6]") +
                      leaf("0x2", "b (f32)|CONST 1 [8, 4]") +
                      leaf("0x3", "ids (i32)|CONST 2 [2, 3]") + edge("0x1", "0xb", 0) + edge("0xb", "0xa", 0) +
                      edge("0x2", "0xa", 1) + edge("0x3", "0xa", 2)),
        "ADD_ID", {8, 2, 3, 1}, 0, "");
    // No mask (src3), sinks as src4; ne[3] from q.
    row("flash_attn_ext sinks", dot(node("0xa", "fa (f32)|0 [4, 1, 3] | <x>flash_attn_ext(x)") +
                                    leaf("0x1", "q (f32)|CONST 0 [4, 3]") + leaf("0x2", "k (f16)|CONST 1 [4, 5]") +
                                    leaf("0x3", "v (f16)|CONST 2 [4, 5]") +
                                    leaf("0x4", "s (f32)|CONST 3 [1, 1] | (#)") +
                                    edge("0x1", "0xa", 0) + edge("0x2", "0xa", 1) + edge("0x3", "0xa", 2) +
                                    edge("0x4", "0xa", 4)),
        "FLASH_ATTN_EXT", {4, 1, 3, 1}, 0, "op parameters are not in the dump: those of FLASH_ATTN_EXT are left zero");
    // SET_ROWS into a 3-dim destination (a RESHAPE of the cache), printed with three extents: a view
    // of the cache leaf.
    row("set_rows 3d", dot(node("0xa", "c (reshaped) (view) (f16)|2 [8, 4, 2] | <x>set_rows(x)") +
                           node("0xb", "x (reshaped) (f32)|0 [8, 3, 2] | <x>reshape(x)") +
                           node("0xc", "c (reshaped) (f16)|1 [8, 4, 2] | <x>reshape(x)") +
                           leaf("0x1", "x (f32)|CONST 0 [8, 6]") + leaf("0x2", "i (i64)|CONST 1 [3, 1] | (#, #, #)") +
                           leaf("0x3", "c (f16)|CONST 2 [8, 8]") + edge("0x1", "0xb", 0) + edge("0x3", "0xc", 0) +
                           edge("0xb", "0xa", 0) + edge("0x2", "0xa", 1) + edge("0xc", "0xa", 2)),
        "SET_ROWS", {8, 4, 2, 1}, 0, "");
}

void TestOps2026::smallDumps() {
    QFETCH(QString, text);
    QFETCH(QString, op);
    QFETCH(QString, ne);
    QFETCH(int, param0);
    QFETCH(QString, warning);
    auto r = import_ggml_dot(text.toStdString());
    QVERIFY2(r.ok(), r.ok() ? "" : r.err().message.c_str());
    const graph_document& doc = r->doc;
    const tensor& t = doc.ctx[doc.g.nodes.back()];
    QCOMPARE(QString::fromUtf8(info(t.op).name.data(), static_cast<int>(info(t.op).name.size())), op);
    QCOMPARE(fmt(t.ne), ne);
    QCOMPARE(t.params.get_i32(0), param0);
    if (!warning.isEmpty())
        QVERIFY2(std::find(r->warnings.begin(), r->warnings.end(), warning.toStdString()) != r->warnings.end(),
                 qPrintable(warning));
    if (t.op == op_kind::set_rows) { // rooted at the cache leaf, through the RESHAPE
        QCOMPARE(t.view_src, doc.g.leafs[2]);
        QCOMPARE(t.nb, (std::array<std::size_t, 4>{2, 16, 64, 128}));
    }
}

void TestOps2026::refusedDumps_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    const auto row = [](const char* tag, const std::string& text, const char* error) {
        QTest::newRow(tag) << QString::fromStdString(text) << QString::fromUtf8(error);
    };
    const std::string qkv = leaf("0x1", "q (f32)|CONST 0 [4, 3]") + leaf("0x2", "k (f16)|CONST 1 [4, 5]") +
                            leaf("0x3", "v (f16)|CONST 2 [4, 5]") + edge("0x1", "0xa", 0) + edge("0x2", "0xa", 1) +
                            edge("0x3", "0xa", 2);
    row("f32 mask", dot(node("0xa", "fa (f32)|0 [4, 1, 3] | <x>flash_attn_ext(x)") + qkv +
                        leaf("0x4", "m (f32)|CONST 3 [5, 3]") + edge("0x4", "0xa", 3)),
        "node 0 'fa': FLASH_ATTN_EXT: the mask (src3) must be f16, is f32");
    row("flash_attn_ext shape", dot(node("0xa", "fa (f32)|0 [4, 3, 1] | <x>flash_attn_ext(x)") + qkv),
        "node 0 'fa': the dump shows f32 [4, 3, 1] but FLASH_ATTN_EXT of its sources gives f32 [4, 1, 3, 1]");
    row("flash_attn_ext without v", dot(node("0xa", "fa (f32)|0 [4, 1, 3] | <x>flash_attn_ext(x)") +
                                        leaf("0x1", "q (f32)|CONST 0 [4, 3]") + leaf("0x2", "k (f16)|CONST 1 [4, 5]") +
                                        edge("0x1", "0xa", 0) + edge("0x2", "0xa", 1)),
        "node 0 'fa': FLASH_ATTN_EXT: src2 is required");
    const std::string rows = leaf("0x1", "r (f32)|CONST 0 [8, 3]") + leaf("0x2", "i (i64)|CONST 1 [3, 1]") +
                             edge("0x1", "0xa", 0) + edge("0x2", "0xa", 1) + edge("0x3", "0xa", 2);
    row("set_rows type", dot(node("0xa", "c (view) (f32)|0 [8, 16] | <x>set_rows(x)") + rows +
                             leaf("0x3", "c (f16)|CONST 2 [8, 16]")),
        "node 0 'c (view)': the dump shows f32 [8, 16] but SET_ROWS of its sources gives f16 [8, 16, 1, 1]");
    row("set_rows row length", dot(node("0xa", "c (view) (f16)|0 [4, 16] | <x>set_rows(x)") + rows +
                                   leaf("0x3", "c (f16)|CONST 2 [4, 16]")),
        "node 0 'c (view)': SET_ROWS: rows [8, 3, 1, 1] (src0) do not fit [4, 16, 1, 1] (src2): ne[0], ne[2] and "
        "ne[3] must be equal");
    row("glu halves shown whole", dot(node("0xa", "g (f32)|0 [16, 3] | <x>glu(x)") +
                                      leaf("0x1", "a (f32)|CONST 0 [16, 3]") + edge("0x1", "0xa", 0)),
        "node 0 'g': the dump shows f32 [16, 3] but GLU of its sources gives f32 [8, 3, 1, 1]");
    row("add_id ids", dot(node("0xa", "y (f32)|0 [8, 2] | <x>x[i]+y") + leaf("0x1", "a (f32)|CONST 0 [8, 2]") +
                          leaf("0x2", "b (f32)|CONST 1 [8, 4]") + leaf("0x3", "ids (f32)|CONST 2 [2, 1]") +
                          edge("0x1", "0xa", 0) + edge("0x2", "0xa", 1) + edge("0x3", "0xa", 2)),
        "node 0 'y': ADD_ID: ids (src2) must be i32, are f32");
}

void TestOps2026::refusedDumps() {
    QFETCH(QString, text);
    QFETCH(QString, error);
    auto r = import_ggml_dot(text.toStdString());
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.err().message), error);
}

// Saved and loaded again, tensor for tensor; the glu op by name; SET_ROWS's view is no inplace form.
void TestOps2026::jsonKeepsThem() {
    const graph_document doc = later_ops();
    const std::string text = save_graph_json(doc);
    QVERIFY(text.find("\"op\": \"SET_ROWS\"") != std::string::npos);
    QVERIFY(text.find("\"glu\": \"GEGLU_ERF\"") != std::string::npos);
    QVERIFY(text.find("\"prec\": 10") != std::string::npos);
    auto loaded = load_graph_json(text);
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.err().message.c_str());
    QCOMPARE(loaded->ctx.size(), doc.ctx.size());
    for (std::size_t i = 0; i < doc.ctx.size(); ++i) {
        const tensor &a = doc.ctx[tensor_id{i}], &b = loaded->ctx[tensor_id{i}];
        QVERIFY2(a.op == b.op && a.type == b.type && a.ne == b.ne && a.nb == b.nb && a.params == b.params &&
                     a.src == b.src && a.view_src == b.view_src && a.view_offs == b.view_offs,
                 a.name.c_str());
    }
    QCOMPARE(save_graph_json(*loaded), text);
    // An unknown glu op name is refused like an unknown unary op.
    std::string bad = text;
    bad.replace(bad.find("GEGLU_ERF"), 9, "GEGLU_XYZ");
    auto refused = load_graph_json(bad);
    QVERIFY(!refused.ok());
    QVERIFY2(refused.err().message.ends_with("/params/glu: unknown glu op 'GEGLU_XYZ'"), refused.err().message.c_str());
}

// ADD_ID is in 2026's ggml_op_can_inplace, not in 2023's (which had no such op).
void TestOps2026::addIdInPlaceOnlyIn2026_data() {
    QTest::addColumn<QString>("version");
    QTest::addColumn<bool>("inplace");
    QTest::newRow("2023") << "2023" << false;
    QTest::newRow("2026") << "2026" << true;
}

void TestOps2026::addIdInPlaceOnlyIn2026() {
    QFETCH(QString, version);
    QFETCH(bool, inplace);
    graph_document doc = later_ops();
    plan_options options;
    options.version = *parse_ggml_version(version.toStdString());
    auto plan = plan_graph(doc, options);
    QVERIFY2(plan.ok(), plan.ok() ? "" : plan.err().message.c_str());
    const tensor_id y = by_name(doc, "y"), x = by_name(doc, "x");
    const auto it = plan->inplace_of.find(y);
    QCOMPARE(it != plan->inplace_of.end(), inplace);
    if (inplace) QCOMPARE(it->second, x);
    // None of the others works in place under either version.
    for (const char* name : {"cache (view)", "att", "out"}) {
        QVERIFY2(plan->inplace_of.find(by_name(doc, name)) == plan->inplace_of.end(), name);
    }
}

void TestOps2026::cpuBackendTakesThem() {
    const graph_document doc = later_ops();
    const cpu_backend cpu(1);
    for (const char* name : {"x", "y", "cache (view)", "att", "out"}) {
        const tensor& t = doc.ctx[by_name(doc, name)];
        QVERIFY2(cpu.supports_op(doc.ctx, t), name);
    }
}

// Each row: the op as ggml.c builds it: op, type, shape, the tensor it is a view of, its name,
// and op params (word = value).
void TestOps2026::builderMoeOps_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("type");
    QTest::addColumn<ne_t>("ne");
    QTest::addColumn<QString>("view_of");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QList<int>>("words");
    int i = 0;
    const auto row = [&](const char* tag, const char* op, const char* type, ne_t ne, const char* view_of,
                         const char* name, QList<int> words = {}) {
        QTest::newRow(tag) << i++ << op << type << ne << view_of << name << words;
    };
    row("mul_mat_id", "MUL_MAT_ID", "f32", {6, 2, 3, 1}, "", "");
    row("argsort desc", "ARGSORT", "i32", {4, 3, 1, 1}, "", "", {1});
    row("argsort_top_k", "VIEW", "i32", {2, 3, 1, 1}, "", " (view)", {0, 0});
    row("top_k", "TOP_K", "i32", {2, 3, 1, 1}, "", "");
    row("clamp", "CLAMP", "f32", {4, 3, 1, 1}, "a", "a (view)", {std::bit_cast<int>(-1.0f), std::bit_cast<int>(2.0f)});
    row("fill", "FILL", "f32", {4, 3, 1, 1}, "", "", {std::bit_cast<int>(-INFINITY)});
    row("pad", "PAD", "f32", {5, 5, 1, 1}, "", "", {0, 1, 0, 2, 0, 0, 0, 0, 0});
    row("pad_ext", "PAD", "f32", {7, 3, 2, 1}, "", "", {1, 2, 0, 0, 0, 1, 0, 0, 0});
    row("repeat_4d", "REPEAT", "f32", {8, 6, 2, 1}, "", "");
    row("repeat_to", "REPEAT", "f32", {4, 3, 2, 1}, "", "");
    row("concat dim 0", "CONCAT", "f32", {8, 3, 1, 1}, "", "", {0});
    row("concat 2023", "CONCAT", "f32", {4, 3, 2, 1}, "", "", {2});
    row("cont_2d", "CONT", "f32", {12, 1, 1, 1}, "", "a (cont)");
    row("view_tensor", "NONE", "f32", {4, 3, 1, 1}, "a", "a (view)");
    row("sigmoid", "UNARY", "f32", {4, 3, 1, 1}, "", "", {10});
    row("gelu_erf", "UNARY", "f32", {4, 3, 1, 1}, "", "", {13});
    row("softplus", "UNARY", "f32", {4, 3, 1, 1}, "", "", {12});
    row("swiglu_oai", "GLU", "f32", {4, 3, 1, 1}, "", "", {3, 0, std::bit_cast<int>(1.702f), std::bit_cast<int>(7.0f)});
    row("geglu", "GLU", "f32", {2, 3, 1, 1}, "", "", {1, 0});
    row("get_rows 3d", "GET_ROWS", "f32", {8, 2, 3, 1}, "", "");
    row("rope multi", "ROPE", "f32", {8, 2, 3, 1}, "", "", {0, 8, 8, 0, 0});
    row("scale_by_inplace", "SCALE", "f32", {4, 3, 1, 1}, "a", "a (view)", {std::bit_cast<int>(0.5f), 0});
    row("mul_mat_set_prec", "MUL_MAT", "f32", {3, 3, 1, 1}, "", "", {10});
}

void TestOps2026::builderMoeOps() {
    QFETCH(int, which);
    context ctx;
    builder b(ctx);
    const auto a = b.set_name(b.new_tensor_2d(dtype::f32, 4, 3), "a");
    tensor_id t;
    switch (which) {
    case 0: { // 4 experts of [8 -> 6], 2 of them per token, one row of src1 per token
        const auto as = b.new_tensor_3d(dtype::f16, 8, 6, 4), x = b.new_tensor_3d(dtype::f32, 8, 1, 3);
        t = b.mul_mat_id(as, x, b.new_tensor_2d(dtype::i32, 2, 3));
        break;
    }
    case 1: t = b.argsort(a, sort_order::desc); break;
    case 2: t = b.argsort_top_k(a, 2); break;
    case 3: t = b.top_k(a, 2); break;
    case 4: t = b.clamp(a, -1.0f, 2.0f); break;
    case 5: t = b.fill(a, -INFINITY); break;
    case 6: t = b.pad(a, 1, 2, 0, 0); break;
    case 7: t = b.pad_ext(b.new_tensor_3d(dtype::f32, 4, 3, 1), 1, 2, 0, 0, 0, 1, 0, 0); break;
    case 8: t = b.repeat_4d(b.new_tensor_3d(dtype::f32, 8, 3, 1), 8, 6, 2, 1); break;
    case 9: t = b.repeat_to(a, b.new_tensor_3d(dtype::f32, 4, 3, 2)); break;
    case 10: t = b.concat(a, a, 0); break;
    case 11: t = b.concat(b.new_tensor_3d(dtype::f32, 4, 3, 1), b.new_tensor_3d(dtype::f32, 4, 3, 1)); break;
    case 12: t = b.cont_2d(a, 12, 1); break;
    case 13: t = b.view_tensor(a); break;
    case 14: t = b.sigmoid(a); break;
    case 15: t = b.gelu_erf(a); break;
    case 16: t = b.softplus(a); break;
    case 17: t = b.swiglu_oai(a, a, 1.702f, 7.0f); break;
    case 18: t = b.geglu(a); break;
    case 19: // 3 tokens of 2 experts' rows from 3 matrices of 4 rows
        t = b.get_rows(b.new_tensor_3d(dtype::f32, 8, 4, 3), b.new_tensor_2d(dtype::i32, 2, 3));
        break;
    case 20:
        t = b.rope(b.new_tensor_3d(dtype::f32, 8, 2, 3), b.new_tensor_1d(dtype::i32, 12),
                   {.n_dims = 8, .mode = rope_mode_mrope, .sections = {1, 2, 1, 0}});
        break;
    case 21: t = b.scale_by_inplace(a, 0.5f); break;
    case 22: t = b.mul_mat_set_prec(b.mul_mat(a, a), prec_f32); break;
    }
    QVERIFY2(b.ok(), b.ok() ? "" : b.first_error()->message.c_str());
    const tensor& r = ctx[t];
    QFETCH(QString, op);
    QFETCH(QString, type);
    QFETCH(ne_t, ne);
    QFETCH(QString, view_of);
    QFETCH(QString, name);
    QFETCH(QList<int>, words);
    QCOMPARE(QString::fromStdString(std::string(info(r.op).name)), op);
    QCOMPARE(QString::fromStdString(std::string(type_name(r.type))), type);
    QCOMPARE(fmt(r.ne), fmt(ne));
    QCOMPARE(r.is_view() ? QString::fromStdString(ctx[r.view_src].name) : QString(), view_of);
    QCOMPARE(QString::fromStdString(r.name), name);
    for (int w = 0; w < words.size(); ++w) QCOMPARE(r.params.get_i32(w), words[w]);
    if (which == 20) QCOMPARE((std::array{r.params.get_i32(11), r.params.get_i32(12), r.params.get_i32(13), r.params.get_i32(14)}),
                              (std::array{1, 2, 1, 0}));
    if (which == 2) QCOMPARE(ctx[r.src[0]].op, op_kind::argsort); // the view of a full descending argsort
    if (which == 8 || which == 9) QVERIFY(!r.src[1].valid());   // d99724f2's REPEAT has one source
}

void TestOps2026::builderRefusesMoeOps_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("message");
    QTest::newRow("mul_mat_id ids per token") << 0 << "MUL_MAT_ID: ids [2, 2, 1, 1] must have a row per token of src1 [8, 1, 3, 1] (ne[2])";
    QTest::newRow("mul_mat_id f32 ids") << 1 << "MUL_MAT_ID: ids (src2) must be i32, are f32";
    QTest::newRow("top_k too many") << 2 << "argsort_top_k: k = 5 is more than the 4 values of a row";
    QTest::newRow("fill i32") << 3 << "FILL: src0 must be f32 or f16, is i32";
    QTest::newRow("pad to nothing") << 4 << "PAD: padded [4, 3, 1, 1]: extent ne[0] = 0 is not positive";
    QTest::newRow("repeat not a multiple") << 5 << "REPEAT: cannot repeat [4, 3, 1, 1] into [6, 3, 1, 1]";
    QTest::newRow("concat types") << 6 << "CONCAT: types differ: f32 vs f16";
    QTest::newRow("concat shapes") << 7 << "CONCAT: shapes [4, 3, 1, 1] and [4, 2, 1, 1] differ outside dim 0";
    QTest::newRow("mrope positions") << 8
                                     << "ROPE: src0 has 3 tokens (ne[2]) but 3 positions (multi-section rope takes 4 per token)";
    QTest::newRow("get_rows matrices") << 9
                                       << "GET_ROWS: indices [2, 2, 1, 1] do not match the matrices of [8, 4, 3, 1] (src1 ne[1], "
                                          "ne[2] must be src0 ne[2], ne[3])";
    QTest::newRow("set_prec of a non-MUL_MAT") << 10 << "mul_mat_set_prec: 'a' is not a MUL_MAT node";
}

void TestOps2026::builderRefusesMoeOps() {
    QFETCH(int, which);
    QFETCH(QString, message);
    context ctx;
    builder b(ctx);
    const auto a = b.set_name(b.new_tensor_2d(dtype::f32, 4, 3), "a");
    const auto as = b.new_tensor_3d(dtype::f32, 8, 6, 4), x = b.new_tensor_3d(dtype::f32, 8, 1, 3);
    tensor_id t;
    switch (which) {
    case 0: t = b.mul_mat_id(as, x, b.new_tensor_2d(dtype::i32, 2, 2)); break;
    case 1: t = b.mul_mat_id(as, x, b.new_tensor_2d(dtype::f32, 2, 3)); break;
    case 2: t = b.argsort_top_k(a, 5); break;
    case 3: t = b.fill(b.new_tensor_1d(dtype::i32, 4), 0.0f); break;
    case 4: t = b.pad_ext(a, -2, -2, 0, 0, 0, 0, 0, 0); break;
    case 5: t = b.repeat_4d(a, 6, 3, 1, 1); break;
    case 6: t = b.concat(a, b.new_tensor_2d(dtype::f16, 4, 3), 0); break;
    case 7: t = b.concat(a, b.new_tensor_2d(dtype::f32, 4, 2), 0); break;
    case 8:
        t = b.rope(b.new_tensor_3d(dtype::f32, 8, 2, 3), b.new_tensor_1d(dtype::i32, 3),
                   {.n_dims = 8, .mode = rope_mode_mrope, .sections = {1, 2, 1, 0}});
        break;
    case 9: t = b.get_rows(b.new_tensor_3d(dtype::f32, 8, 4, 3), b.new_tensor_2d(dtype::i32, 2, 2)); break;
    case 10: t = b.mul_mat_set_prec(a, prec_f32); break;
    }
    QVERIFY(!t.valid());
    QVERIFY(!b.ok());
    QCOMPARE(QString::fromStdString(b.first_error()->message), message);
}

// The new ops by name, their named params, MROPE's sections and MUL_MAT's prec as raw words, and
// CLAMP's result (a view of its source, no inplace form) through save and load.
void TestOps2026::jsonKeepsMoeOps() {
    graph_document doc = moe_ops();
    const std::string text = save_graph_json(doc);
    for (const char* key : {"\"op\": \"MUL_MAT_ID\"", "\"order\": 1", "\"op\": \"CLAMP\"", "\"max\": \"inf\"",
                            "\"value\": \"-inf\"", "\"rp0\": 2", "\"dim\": 0", "\"unary\": \"SIGMOID\"",
                            "\"glu\": \"SWIGLU_OAI\"", "\"op_params\""})
        QVERIFY2(text.find(key) != std::string::npos, key);
    auto loaded = load_graph_json(text);
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.err().message.c_str());
    QCOMPARE(loaded->ctx.size(), doc.ctx.size());
    for (std::size_t i = 0; i < doc.ctx.size(); ++i) {
        const tensor &a = doc.ctx[tensor_id{i}], &b = loaded->ctx[tensor_id{i}];
        QVERIFY2(a.op == b.op && a.type == b.type && a.ne == b.ne && a.nb == b.nb && a.params == b.params &&
                     a.src == b.src && a.view_src == b.view_src && a.view_offs == b.view_offs,
                 a.name.c_str());
    }
    QCOMPARE(save_graph_json(*loaded), text);
    const auto plan = plan_graph(*loaded, {});
    QVERIFY2(plan.ok(), plan.ok() ? "" : plan.err().message.c_str());
    const cpu_backend cpu(1);
    for (const tensor_id n : loaded->g.nodes)
        QVERIFY2(cpu.supports_op(loaded->ctx, loaded->ctx[n]), loaded->ctx[n].name.c_str());
}

// FILL is in 2026's ggml_op_can_inplace: its result takes the place of its source there.
void TestOps2026::fillInPlaceOnlyIn2026() {
    for (const char* version : {"2023", "2026"}) {
        graph_document doc = moe_ops(); // a plan places the tensors: a fresh document for each
        const tensor_id filled = by_name(doc, "filled");
        const tensor_id padded = by_name(doc, "scaled");
        plan_options options;
        options.version = *parse_ggml_version(version);
        auto plan = plan_graph(doc, options);
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.err().message.c_str());
        const auto it = plan->inplace_of.find(filled);
        QCOMPARE(it != plan->inplace_of.end(), std::string_view(version) == "2026");
        if (it != plan->inplace_of.end()) QCOMPARE(it->second, padded);
    }
}

QTEST_APPLESS_MAIN(TestOps2026)
#include "test_ops_2026.moc"
