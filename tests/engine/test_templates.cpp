// Built-in templates: the list, mlp and llama graphs from their parameters, "NAME?KEY=VALUE&..."
// parsing and its errors, CLI-style base llama_params under template keys.
#include "source/graph_source.h"
#include "models/templates.h"

#include <QtTest>

using namespace planscope;

namespace {

tensor_id by_name(const graph_document& doc, std::string_view name) {
    for (std::size_t i = 0; i < doc.ctx.size(); ++i)
        if (doc.ctx[tensor_id{i}].name == name) return tensor_id{i};
    return {};
}

std::size_t buffer_size(const graph_document& doc, std::string_view name) {
    for (const auto& b : doc.buffers)
        if (b.name == name) return b.size;
    return 0;
}

} // namespace

class TestTemplates : public QObject {
    Q_OBJECT
private slots:
    void list();
    void attentionUnchanged();
    void mlp();
    void llamaFromParameters();
    void llamaBaseParams();
    void llamaTemplateKeys_data();
    void llamaTemplateKeys();
    void errors_data();
    void errors();
};

void TestTemplates::list() {
    QStringList names;
    for (const auto& t : templates()) names << QString::fromUtf8(t.name.data(), static_cast<qsizetype>(t.name.size()));
    QCOMPARE(names, (QStringList{"attention", "mlp", "llama"}));
    QVERIFY(find_template("llama"));
    QVERIFY(!find_template("llama?n_layer=2"));
    QCOMPARE(find_template("llama")->params.size(), std::size_t{12});
    QVERIFY(find_template("attention")->params.empty());
    // Every default is a value the template accepts.
    for (const auto& t : templates()) {
        std::string spec(t.name);
        for (std::size_t i = 0; i < t.params.size(); ++i) {
            spec += i ? '&' : '?';
            spec += t.params[i].key;
            spec += '=';
            spec += t.params[i].default_value;
        }
        auto made = make_template(spec);
        QVERIFY2(made.ok(), made.ok() ? spec.c_str() : made.err().message.c_str());
    }
}

void TestTemplates::attentionUnchanged() {
    auto doc = make_template("attention");
    QVERIFY(doc.ok());
    QCOMPARE(doc->g.nodes.size(), std::size_t{63});
    QCOMPARE(doc->g.leafs.size(), std::size_t{22});
}

void TestTemplates::mlp() {
    auto doc = make_template("mlp");
    QVERIFY(doc.ok());
    // 3 x (MUL_MAT, ADD) + 2 ReLU + SOFT_MAX; input + 3 x (weight, bias).
    QCOMPARE(doc->g.nodes.size(), std::size_t{9});
    QCOMPARE(doc->g.leafs.size(), std::size_t{7});
    const tensor& probs = doc->ctx[doc->g.nodes.back()];
    QCOMPARE(probs.name, std::string("probs"));
    QCOMPARE(probs.op, op_kind::soft_max);
    QCOMPARE(probs.ne, (std::array<std::int64_t, 4>{10, 32, 1, 1}));
    QCOMPARE(doc->ctx[by_name(*doc, "fc0.weight")].ne, (std::array<std::int64_t, 4>{784, 256, 1, 1}));
    QCOMPARE(buffer_size(*doc, "weights"), std::size_t{4 * (784 * 256 + 256 + 256 * 256 + 256 + 256 * 10 + 16)});

    auto small = make_template("mlp?n_layer=2&n_in=16&n_hidden=8&n_out=4&n_batch=2");
    QVERIFY(small.ok());
    QCOMPARE(small->g.nodes.size(), std::size_t{6});
    QCOMPARE(small->ctx[small->g.nodes.back()].ne, (std::array<std::int64_t, 4>{4, 2, 1, 1}));
    QVERIFY(by_name(*small, "relu0").valid());
    QVERIFY(!by_name(*small, "relu1").valid()); // no ReLU after the last layer
}

void TestTemplates::llamaFromParameters() {
    auto t = build_template("llama?n_embd=256&n_layer=4&n_head=8&n_ff=688&n_vocab=1000&n_ctx=512&n_batch=32");
    QVERIFY2(t.ok(), t.ok() ? "" : t.err().message.c_str());
    const graph_document& doc = t->doc;
    QCOMPARE(doc.name, std::string("llama"));
    QCOMPARE(doc.g.nodes.size(), std::size_t{1 + 4 * 35 + 3});
    QCOMPARE(doc.g.leafs.size(), std::size_t{3 + 4 * 9 + 4 + 2});
    QCOMPARE(doc.ctx[doc.g.nodes.back()].ne, (std::array<std::int64_t, 4>{1000, 32, 1, 1}));
    QCOMPARE(doc.ctx[by_name(doc, "blk.3.ffn_up.weight")].ne, (std::array<std::int64_t, 4>{256, 688, 1, 1}));
    QCOMPARE(t->inputs.size(), std::size_t{5}); // inp_tokens, inp_embd, inp_pos, KQ_scale, KQ_mask
    // K and V: n_embd x n_layer x n_ctx f16 each.
    QCOMPARE(buffer_size(doc, "kv_cache"), std::size_t{2 * 256 * 4 * 512 * 2});

    // Grouped-query attention and an f32 cache.
    auto gqa = build_template("llama?n_embd=256&n_layer=4&n_head=8&n_head_kv=2&n_ff=688&kv_type=f32");
    QVERIFY(gqa.ok());
    QCOMPARE(gqa->doc.ctx[by_name(gqa->doc, "cache_k")].type, dtype::f32);
    QCOMPARE(buffer_size(gqa->doc, "kv_cache"), std::size_t{2 * 64 * 4 * 512 * 4});
    // Offloaded layers get their own buffer.
    auto offloaded = build_template("llama?ngl=2");
    QVERIFY(offloaded.ok());
    QVERIFY(buffer_size(offloaded->doc, "weights_gpu") > 0);
}

void TestTemplates::llamaBaseParams() {
    const llama_params base{.n_ctx = 1024, .n_batch = 16, .kv_type = dtype::f32};
    auto from_base = build_template("llama", base);
    QVERIFY(from_base.ok());
    QCOMPARE(buffer_size(from_base->doc, "kv_cache"), std::size_t{2 * 64 * 5 * 1024 * 4});
    QCOMPARE(from_base->doc.ctx[from_base->doc.g.nodes.back()].ne[1], std::int64_t{16});
    // Keys in the template string win over the base.
    auto keyed = build_template("llama?n_ctx=256&kv_type=f16", base);
    QVERIFY(keyed.ok());
    QCOMPARE(buffer_size(keyed->doc, "kv_cache"), std::size_t{2 * 64 * 5 * 256 * 2});
    // open_source passes its params on as the base.
    auto opened = open_source("template:llama?n_layer=2", base);
    QVERIFY(opened.ok());
    QCOMPARE(buffer_size(opened->doc, "kv_cache"), std::size_t{2 * 64 * 2 * 1024 * 4});
    QCOMPARE(opened->preallocate.size(), std::size_t{5});
    QVERIFY(takes_llama_params("template:llama?n_layer=2"));
    QVERIFY(takes_llama_params("template:llama"));
    QVERIFY(!takes_llama_params("template:llamas"));
    QVERIFY(!takes_llama_params("template:mlp"));
}

void TestTemplates::errors_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("error");
    QTest::newRow("unknown template") << "gpt?n_layer=2" << "unknown template 'gpt'";
    QTest::newRow("unknown key") << "llama?n_embd=256&foo=3"
                                 << "template 'llama' has no parameter 'foo' (it has n_vocab, n_embd, n_layer, n_head, "
                                    "n_head_kv, n_ff, n_ctx, n_batch, n_past, kv_type, ngl, worst_case)";
    QTest::newRow("no parameters") << "attention?n_layer=2" << "template 'attention' has no parameter 'n_layer' (it has none)";
    QTest::newRow("not a number") << "mlp?n_in=abc" << "parameter n_in: 'abc' is not an integer from 1 to 2147483647";
    QTest::newRow("zero") << "llama?n_embd=0" << "parameter n_embd: '0' is not an integer from 1";
    QTest::newRow("negative") << "llama?n_past=-1" << "parameter n_past: '-1' is not an integer from 0";
    QTest::newRow("too big") << "llama?n_ctx=4294967296" << "parameter n_ctx: '4294967296' is not an integer";
    QTest::newRow("trailing text") << "llama?n_ctx=12k" << "parameter n_ctx: '12k' is not an integer";
    QTest::newRow("bad choice") << "llama?kv_type=q8_0" << "parameter kv_type: 'q8_0' is not one of f16|f32";
    QTest::newRow("given twice") << "llama?n_ctx=256&n_ctx=512" << "parameter 'n_ctx' is given twice";
    QTest::newRow("no value") << "llama?n_ctx" << "'n_ctx' is not KEY=VALUE";
    QTest::newRow("empty item") << "llama?n_ctx=256&" << "'' is not KEY=VALUE";
    QTest::newRow("heads") << "llama?n_embd=65" << "n_head dividing n_embd";
    QTest::newRow("batch over context") << "llama?n_ctx=16&n_batch=32" << "n_batch 32 exceeds n_ctx 16";
}

void TestTemplates::errors() {
    QFETCH(QString, spec);
    QFETCH(QString, error);
    auto made = make_template(spec.toStdString());
    QVERIFY(!made.ok());
    QVERIFY2(QString::fromStdString(made.err().message).contains(error), made.err().message.c_str());
    // As a source, the error names it.
    auto opened = open_graph_source("template:" + spec.toStdString());
    QVERIFY(!opened.ok());
    QVERIFY(opened.err().message.starts_with("template:" + spec.toStdString() + ": "));
}

// The llama_params keys a spec sets (the CLI refuses a flag for one of them, a sweep of one too).
void TestTemplates::llamaTemplateKeys_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QStringList>("set");
    QTest::addColumn<int>("n_ctx");
    QTest::addColumn<int>("n_batch");
    QTest::addColumn<bool>("worst_case");
    QTest::newRow("none") << "llama?n_embd=32" << QStringList{} << 100 << 4 << false;
    QTest::newRow("bare") << "llama" << QStringList{} << 100 << 4 << false;
    QTest::newRow("n_batch") << "llama?n_embd=32&n_batch=512" << QStringList{"n_batch"} << 100 << 512 << false;
    QTest::newRow("all, in llama_params order")
        << "llama?worst_case=yes&ngl=1&kv_type=f32&n_past=2&n_batch=8&n_ctx=64"
        << QStringList{"n_ctx", "n_batch", "n_past", "kv_type", "ngl", "worst_case"} << 64 << 8 << true;
}

void TestTemplates::llamaTemplateKeys() {
    QFETCH(QString, spec);
    QFETCH(QStringList, set);
    QFETCH(int, n_ctx);
    QFETCH(int, n_batch);
    QFETCH(bool, worst_case);
    llama_params base;
    base.n_ctx = 100;
    base.n_batch = 4;
    const auto keys = llama_template_keys(spec.toStdString(), base);
    QVERIFY(keys.ok());
    QStringList got;
    for (std::string_view k : keys->set) got << QString::fromUtf8(k.data(), static_cast<qsizetype>(k.size()));
    QCOMPARE(got, set);
    QCOMPARE(keys->params.n_ctx, n_ctx);
    QCOMPARE(keys->params.n_batch, n_batch);
    QCOMPARE(keys->params.worst_case, worst_case);
    // open_llama_source reads the same keys.
    const auto source = open_llama_source("template:" + spec.toStdString());
    QVERIFY(source.ok());
    QCOMPARE(source->template_keys().size(), static_cast<std::size_t>(set.size()));
    QCOMPARE(source->params(base).n_batch, n_batch);
    QCOMPARE(QString::fromStdString(llama_template_keys("mlp?n_batch=2").err().message), u"not the llama template: 'mlp?n_batch=2'"_qs);
}

QTEST_APPLESS_MAIN(TestTemplates)
#include "test_templates.moc"
