// Real dumps of ggml d99724f2 (ggml_graph_dump_dot of a two-layer llama graph built as llama.cpp
// builds it: tests/data/dot/llama_2026_fa.dot with flash attention, llama_2026.dot without) import
// with the d99724f2 forms of older ops: ggml_cast (a CPY that is its own src 1), SOFT_MAX with a
// mask, ROPE with frequency factors, and the one-source SCALE; their shape rules refuse what
// ggml asserts on; both allocators plan the dumps; the JSON format keeps the new forms.
#include "alloc/plan.h"
#include "core/builder.h"
#include "io/graph_json.h"
#include "models/ggml_dot.h"
#include "sched/backend_factory.h"
#include "sched/ggml2026/run_backends_2026.h"
#include "source/graph_source.h"

#include <QtTest>

using namespace planscope;

namespace {

const std::string dot_dir = PLANSCOPE_SOURCE_DIR "/tests/data/dot/";

tensor_id named(const graph_document& doc, std::string_view name) {
    for (std::size_t i = 0; i < doc.ctx.size(); ++i)
        if (doc.ctx[tensor_id{i}].name == name) return tensor_id{i};
    return {};
}

std::size_t count_op(const graph_document& doc, op_kind op) {
    std::size_t n = 0;
    for (tensor_id id : doc.g.nodes) n += doc.ctx[id].op == op;
    return n;
}

// A leaf of the given extents, the missing ones 1.
tensor_id make(builder& b, dtype type, std::initializer_list<std::int64_t> extents) {
    std::array<std::int64_t, max_dims> ne{1, 1, 1, 1};
    std::copy(extents.begin(), extents.end(), ne.begin());
    return b.new_tensor(type, ne);
}

result<dot_import> import_dump(const QString& file) { return import_ggml_dot_file(dot_dir + file.toStdString()); }

} // namespace

class TestDot2026Dumps : public QObject {
    Q_OBJECT

private slots:
    void imports_data();
    void imports();
    void castOfTheMask();
    void softMaxWithMask();
    void assumedParams();
    void plans_data();
    void plans();
    void jsonKeepsTheForms();
    void selfSource_data();
    void selfSource();
    void rules_data();
    void rules();
    void runsOnThePattern_data();
    void runsOnThePattern();
};

void TestDot2026Dumps::imports_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("leafs");
    QTest::addColumn<int>("cpy");
    QTest::addColumn<int>("soft_max");
    QTest::addColumn<int>("flash_attn");
    QTest::addColumn<int>("set_rows");
    QTest::addColumn<int>("rope");
    QTest::newRow("flash attention") << "llama_2026_fa.dot" << 67 << 32 << 1 << 0 << 2 << 4 << 4;
    QTest::newRow("soft_max") << "llama_2026.dot" << 72 << 31 << 0 << 2 << 0 << 4 << 4;
}

void TestDot2026Dumps::imports() {
    QFETCH(QString, file);
    QFETCH(int, nodes);
    QFETCH(int, leafs);
    auto r = import_dump(file);
    QVERIFY2(r.ok(), r.ok() ? "" : r.err().message.c_str());
    const graph_document& doc = r->doc;
    QCOMPARE(static_cast<int>(doc.g.nodes.size()), nodes);
    QCOMPARE(static_cast<int>(doc.g.leafs.size()), leafs);
    QTEST(static_cast<int>(count_op(doc, op_kind::cpy)), "cpy");
    QTEST(static_cast<int>(count_op(doc, op_kind::soft_max)), "soft_max");
    QTEST(static_cast<int>(count_op(doc, op_kind::flash_attn_ext)), "flash_attn");
    QTEST(static_cast<int>(count_op(doc, op_kind::set_rows)), "set_rows");
    QTEST(static_cast<int>(count_op(doc, op_kind::rope)), "rope");
    // The last layer keeps the one output row (llama.cpp's inp_out_ids).
    const tensor& out = doc.ctx[doc.g.nodes.back()];
    QCOMPARE(out.name, std::string("result_output"));
    QCOMPARE(out.ne, (std::array<std::int64_t, 4>{256, 1, 1, 1}));
}

void TestDot2026Dumps::castOfTheMask() {
    auto r = import_dump("llama_2026_fa.dot");
    QVERIFY(r.ok());
    const graph_document& doc = r->doc;
    // ggml_cast(KQ_mask, F16): a new f16 tensor of the mask's shape, one source.
    const tensor_id cast_id = named(doc, "KQ_mask (copy)");
    QVERIFY(cast_id.valid());
    const tensor& cast = doc.ctx[cast_id];
    QCOMPARE(cast.op, op_kind::cpy);
    QCOMPARE(cast.n_src(), 1);
    QCOMPARE(cast.src[0], named(doc, "KQ_mask"));
    QCOMPARE(doc.ctx[cast.src[0]].type, dtype::f32);
    QCOMPARE(cast.type, dtype::f16);
    QCOMPARE(cast.ne, (std::array<std::int64_t, 4>{32, 7, 1, 1}));
    QCOMPARE(cast.nb, (std::array<std::size_t, 4>{2, 64, 448, 448}));
    QVERIFY(!cast.is_view());
    // Both layers' flash attention read the cast as their mask (src 3).
    for (const char* fa : {"__fattn__-0", "__fattn__-1"}) QCOMPARE(doc.ctx[named(doc, fa)].src[3], cast_id);
    // Llama 3's rope_freqs.weight: the frequency factors of every ROPE (src 2).
    std::size_t with_factors = 0;
    for (tensor_id id : doc.g.nodes) {
        const tensor& t = doc.ctx[id];
        if (t.op != op_kind::rope) continue;
        QCOMPARE(t.src[2], named(doc, "rope_freqs.weight"));
        ++with_factors;
    }
    QCOMPARE(with_factors, std::size_t{4});
}

void TestDot2026Dumps::softMaxWithMask() {
    auto r = import_dump("llama_2026.dot");
    QVERIFY(r.ok());
    const graph_document& doc = r->doc;
    const tensor& sm = doc.ctx[named(doc, "kq_soft_max-0")];
    QCOMPARE(sm.op, op_kind::soft_max);
    QCOMPARE(sm.src[1], named(doc, "KQ_mask")); // the f32 mask as it is: no cast without flash attention
    QCOMPARE(sm.ne, (std::array<std::int64_t, 4>{32, 7, 4, 1}));
    // The transposed V cache is written element by element: SET_ROWS into [1, 1024] views.
    const tensor_id cache_v = named(doc, "cache_v_l0");
    std::size_t v_writes = 0;
    for (tensor_id id : doc.g.nodes) {
        const tensor& t = doc.ctx[id];
        if (t.op != op_kind::set_rows || t.view_src != cache_v) continue;
        QCOMPARE(t.ne, (std::array<std::int64_t, 4>{1, 1024, 1, 1}));
        QCOMPARE(doc.ctx[t.src[1]].name, std::string("v_idxs"));
        ++v_writes;
    }
    QCOMPARE(v_writes, std::size_t{1});
}

void TestDot2026Dumps::assumedParams() {
    auto r = import_dump("llama_2026.dot");
    QVERIFY(r.ok());
    const graph_document& doc = r->doc;
    const auto first_rope = std::find_if(doc.g.nodes.begin(), doc.g.nodes.end(),
                                         [&](tensor_id id) { return doc.ctx[id].op == op_kind::rope; });
    QVERIFY(first_rope != doc.g.nodes.end());
    const tensor& q = doc.ctx[*first_rope];
    QCOMPARE(q.ne, (std::array<std::int64_t, 4>{16, 4, 7, 1}));
    QCOMPARE(q.params.get_i32(1), 16); // n_dims: the head size
    QCOMPARE(q.params.get_i32(2), 0);  // normal mode
    QCOMPARE(q.params.get_f32(5), 10000.0f);
    QCOMPARE(q.params.get_f32(6), 1.0f);
    QCOMPARE(q.params.get_f32(8), 1.0f);
    QCOMPARE(doc.ctx[named(doc, "kq_soft_max-0")].params.get_f32(0), 1.0f);
    const std::string assumed = "op parameters are not in the dump, assumed: ROPE n_dims = ne[0], normal mode, "
                                "freq_base 10000, freq_scale 1; SOFT_MAX scale 1, max_bias 0";
    QCOMPARE(r->warnings.at(1), std::string("op parameters are not in the dump: those of RMS_NORM are left zero"));
    QCOMPARE(r->warnings.at(2), assumed);
}

void TestDot2026Dumps::plans_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("version");
    QTest::addColumn<qulonglong>("size");
    // Weights and the KV cache sit in their own buffers (placed by name), the inputs are allocated
    // before the graph: the compute buffer as llama.cpp would measure it. 2026 keeps the inputs and
    // outputs; 2023 reuses more.
    QTest::newRow("fa 2023") << "llama_2026_fa.dot" << "2023" << qulonglong{15904};
    QTest::newRow("fa 2026") << "llama_2026_fa.dot" << "2026" << qulonglong{17696};
    QTest::newRow("soft_max 2023") << "llama_2026.dot" << "2023" << qulonglong{17184};
    QTest::newRow("soft_max 2026") << "llama_2026.dot" << "2026" << qulonglong{15392};
}

void TestDot2026Dumps::plans() {
    QFETCH(QString, file);
    QFETCH(QString, version);
    QFETCH(qulonglong, size);
    auto r = import_dump(file);
    QVERIFY(r.ok());
    plan_options options;
    options.version = *parse_ggml_version(version.toStdString());
    options.preallocate = r->doc.compute_inputs;
    auto plan = plan_graph(r->doc, options);
    QVERIFY2(plan.ok(), plan.ok() ? "" : plan.err().message.c_str());
    QCOMPARE(static_cast<qulonglong>(plan->max_size), size);
    // The cast has memory of its own, which the masks' last reader frees.
    if (file.contains("_fa")) QVERIFY(r->doc.ctx[named(r->doc, "KQ_mask (copy)")].where.has_value());
}

void TestDot2026Dumps::jsonKeepsTheForms() {
    for (const char* file : {"llama_2026_fa.dot", "llama_2026.dot"}) {
        auto r = import_dump(QString::fromUtf8(file));
        QVERIFY(r.ok());
        const std::string text = save_graph_json(r->doc);
        auto loaded = load_graph_json(text);
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.err().message.c_str());
        QCOMPARE(loaded->ctx.size(), r->doc.ctx.size());
        for (std::size_t i = 0; i < loaded->ctx.size(); ++i) {
            const tensor &a = r->doc.ctx[tensor_id{i}], &b = loaded->ctx[tensor_id{i}];
            QVERIFY2(a.op == b.op && a.type == b.type && a.ne == b.ne && a.nb == b.nb && a.params == b.params &&
                         a.src == b.src && a.view_src == b.view_src,
                     a.name.c_str());
        }
        QCOMPARE(save_graph_json(*loaded), text);
    }
    // A plain soft_max is written, and read, as files before SOFT_MAX had parameters: none, scale 1.
    context ctx;
    builder b(ctx);
    const tensor_id x = make(b, dtype::f32, {8, 4});
    const tensor_id plain = b.soft_max(x);
    const tensor_id scaled = b.soft_max_ext(x, std::nullopt, {.scale = 0.125f});
    graph_document doc;
    doc.ctx = ctx;
    doc.g.leafs.push_back(x);
    doc.g.nodes = {plain, scaled};
    const std::string text = save_graph_json(doc);
    QVERIFY(text.find("\"op\": \"SOFT_MAX\", \"src\"") != std::string::npos);
    QVERIFY(text.find("\"params\": {\"scale\": 0.125, \"max_bias\": 0.0}") != std::string::npos);
    auto loaded = load_graph_json(text);
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.err().message.c_str());
    QCOMPARE(loaded->ctx[plain].params.get_f32(0), 1.0f);
    QCOMPARE(loaded->ctx[scaled].params.get_f32(0), 0.125f);
}

void TestDot2026Dumps::selfSource_data() {
    QTest::addColumn<QString>("symbol");
    QTest::addColumn<int>("slot");
    QTest::addColumn<QString>("error"); // empty: imports
    QTest::newRow("cast") << "x-\\>y" << 1 << "";
    QTest::newRow("cpy src 0") << "x-\\>y" << 0 << "node 0 'c': src 0 is the node itself";
    QTest::newRow("add src 1") << "x+y" << 1 << "node 0 'c': src 1 is the node itself";
}

void TestDot2026Dumps::selfSource() {
    QFETCH(QString, symbol);
    QFETCH(int, slot);
    QFETCH(QString, error);
    const std::string edge_fmt = "  \"%1\" -> \"%2\" [ arrowhead = vee; style = solid; label = \"src %3\"; ]\n";
    const QString text = QString("digraph G {\n  newrank = true;\n  rankdir = TB;\n"
                                 "  \"0xa\" [ style = filled; fillcolor = white; shape = record; "
                                 "label=\"c (f16)|0 [8, 4] | <x>%1\"; ]\n"
                                 "  \"0x1\" [ style = filled; fillcolor = pink; shape = record; "
                                 "label=\"<x>m (f32)|CONST 0 [8, 4]\"; ]\n")
                             .arg(symbol) +
                         QString::fromStdString(edge_fmt).arg("0x1", "0xa").arg(slot == 0 ? 1 : 0) +
                         QString::fromStdString(edge_fmt).arg("0xa", "0xa").arg(slot) + "}\n";
    auto r = import_ggml_dot(text.toStdString());
    if (error.isEmpty()) {
        QVERIFY2(r.ok(), r.ok() ? "" : r.err().message.c_str());
        const tensor& c = r->doc.ctx[r->doc.g.nodes[0]];
        QCOMPARE(c.type, dtype::f16);
        QCOMPARE(c.n_src(), 1);
        return;
    }
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.err().message).contains(error), r.err().message.c_str());
}

void TestDot2026Dumps::rules_data() {
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("error"); // empty: allowed
    // ggml_soft_max_impl, ggml_soft_max_add_sinks, ggml_rope_impl, ggml_scale_impl, ggml_cast of d99724f2.
    QTest::newRow("mask") << "mask" << "";
    QTest::newRow("mask f16 taller") << "mask f16 taller" << "";
    QTest::newRow("mask ne0") << "mask ne0" << "SOFT_MAX: the mask [9, 4, 1, 1] does not cover [8, 4, 2, 1]";
    QTest::newRow("mask too short") << "mask short" << "SOFT_MAX: the mask [8, 3, 1, 1] does not cover";
    QTest::newRow("mask i32") << "mask i32" << "SOFT_MAX: the mask (src1) must be f16 or f32, is i32";
    QTest::newRow("max_bias without mask") << "alibi" << "SOFT_MAX: max_bias > 0 needs a mask (src1)";
    QTest::newRow("sinks") << "sinks" << "";
    QTest::newRow("sinks count") << "sinks 3" << "SOFT_MAX: sinks (src2) have 3 values for 2 heads (src0 ne[2])";
    QTest::newRow("freq factors") << "rope ff" << "";
    QTest::newRow("freq factors few") << "rope ff 3" << "ROPE: frequency factors (src2) have 3 values for 4 pairs";
    QTest::newRow("freq factors f16") << "rope ff f16" << "ROPE: frequency factors (src2) must be f32, are f16";
    QTest::newRow("scale") << "scale" << "";
    QTest::newRow("scale transposed") << "scale transposed" << "SCALE: src0 must be contiguous in rows";
    QTest::newRow("cast f16") << "cast f16" << "";
    QTest::newRow("cast q8_0") << "cast q8_0" << "CPY: cast to q8_0: ne[0] = 8 is not a multiple of the q8_0 block size 32";
}

void TestDot2026Dumps::rules() {
    QFETCH(QString, what);
    QFETCH(QString, error);
    context ctx;
    builder b(ctx);
    const tensor_id x = make(b, dtype::f32, {8, 4, 2});
    const std::string w = what.toStdString();
    tensor_id made;
    if (w.starts_with("mask") || w == "alibi" || w.starts_with("sinks")) {
        std::optional<tensor_id> mask;
        soft_max_args args{.scale = 0.125f};
        if (w == "mask") mask = make(b, dtype::f32, {8, 4});
        if (w == "mask f16 taller") mask = make(b, dtype::f16, {8, 6});
        if (w == "mask ne0") mask = make(b, dtype::f32, {9, 4});
        if (w == "mask short") mask = make(b, dtype::f32, {8, 3});
        if (w == "mask i32") mask = make(b, dtype::i32, {8, 4});
        if (w == "alibi") args.max_bias = 8.0f;
        if (w == "sinks") args.sinks = make(b, dtype::f32, {2});
        if (w == "sinks 3") args.sinks = make(b, dtype::f32, {3});
        made = b.soft_max_ext(x, mask, args);
    } else if (w.starts_with("rope")) {
        const tensor_id pos = make(b, dtype::i32, {2});
        rope_args args{.n_dims = 8};
        args.freq_factors = make(b, w == "rope ff f16" ? dtype::f16 : dtype::f32, {w == "rope ff 3" ? 3 : 4});
        made = b.rope(x, pos, args);
    } else if (w.starts_with("scale")) {
        made = b.scale_by(w == "scale" ? x : b.transpose(x), 0.5f, 1.0f);
    } else {
        made = b.cast(x, w == "cast f16" ? dtype::f16 : dtype::q8_0);
    }
    if (error.isEmpty()) {
        QVERIFY2(made.valid(), b.ok() ? "" : b.first_error()->message.c_str());
        const tensor& t = ctx[made];
        QCOMPARE(t.ne, ctx[x].ne);
        QCOMPARE(t.type, w == "cast f16" ? dtype::f16 : dtype::f32);
        return;
    }
    QVERIFY(!made.valid());
    QVERIFY2(QString::fromStdString(b.first_error()->message).contains(error), b.first_error()->message.c_str());
}

// `run llama_2026.dot --backends cpu` once printed all-zero logits: the dump's q8_0 weights were
// left zero. With the fill pattern in every weight type the logits are non-zero, both runners.
void TestDot2026Dumps::runsOnThePattern_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("ggml2026");
    for (const char* f : {"llama_2026.dot", "llama_2026_fa.dot"}) {
        QTest::newRow((std::string(f) + " 2023").c_str()) << QString::fromLatin1(f) << false;
        QTest::newRow((std::string(f) + " 2026").c_str()) << QString::fromLatin1(f) << true;
    }
}

void TestDot2026Dumps::runsOnThePattern() {
    QFETCH(QString, file);
    QFETCH(bool, ggml2026);
    auto made = make_backends("cpu", {1, {}, {}});
    QVERIFY(made.ok());
    const std::string path = dot_dir + file.toStdString();
    const auto open = [path] { return open_source(path, llama_params{}); };
    const auto run = ggml2026 ? ggml2026::run_with_backends(open, backend_pointers(*made))
                              : run_with_backends(open, backend_pointers(*made));
    QVERIFY2(run.ok(), run.ok() ? "" : run.err().message.c_str());
    QCOMPARE(run->outputs.size(), std::size_t{1});
    const output_summary& logits = run->outputs[0];
    QCOMPARE(logits.name, std::string("result_output"));
    QVERIFY2(logits.max - logits.min > 0.1f, std::to_string(logits.max - logits.min).c_str());
    QVERIFY(std::isfinite(logits.min) && std::isfinite(logits.max));
}

QTEST_GUILESS_MAIN(TestDot2026Dumps)
#include "test_dot_2026_dumps.moc"
