// Model options: token id parsing and checking, the option checks build_llama_graph makes, the
// template:llama spec split into hyperparameters and llama_params, what each source builds with the
// options, the default prompt, and the Model Options dialog's fields.
#include "options/model_options.h"
#include "options/model_options_dialog.h"
#include "options/model_replanner.h"
#include "session/startup_graph.h"
#include "ui_test_support.h"

#include "llm_context/llm_reserve.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>
#include <QStandardItemModel>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QtTest>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

using Tokens = QList<int>;

namespace {

Tokens toList(const std::vector<std::int32_t>& v) { return Tokens(v.begin(), v.end()); }

llama_params params(int ctx, int batch, int past = 0, dtype kv = dtype::f16, int ngl = 0) {
    llama_params p;
    p.n_ctx = ctx;
    p.n_batch = batch;
    p.n_past = past;
    p.kv_type = kv;
    p.ngl = ngl;
    return p;
}

} // namespace

class TestModelOptions : public QObject {
    Q_OBJECT
private slots:
    void parseTokens_data();
    void parseTokens();
    void formatTokens();
    void checkOptions_data();
    void checkOptions();
    void splitTemplate_data();
    void splitTemplate();
    void sourceBuildsWithOptions_data();
    void sourceBuildsWithOptions();
    void startupPromptIsInVocabulary();
    void dialogFields();
    void eraRefusals_data();
    void eraRefusals();
    void optionsForEras();
    void sourceBuilds2026_data();
    void sourceBuilds2026();
    void dialogEraFields();
};

void TestModelOptions::parseTokens_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("nVocab");
    QTest::addColumn<Tokens>("tokens");
    QTest::addColumn<QString>("error");
    QTest::newRow("cli prompt") << u"1,403,407,261,378"_s << 512 << Tokens{1, 403, 407, 261, 378} << QString();
    QTest::newRow("spaces") << u" 1 , 2,3 "_s << 512 << Tokens{1, 2, 3} << QString();
    QTest::newRow("empty: no prompt") << u""_s << 512 << Tokens{} << QString();
    QTest::newRow("blank: no prompt") << u"   "_s << 512 << Tokens{} << QString();
    QTest::newRow("no BOS added") << u"403"_s << 512 << Tokens{403} << QString();
    QTest::newRow("last id") << u"0,511"_s << 512 << Tokens{0, 511} << QString();
    QTest::newRow("vocab unknown") << u"70000"_s << 0 << Tokens{70000} << QString();
    QTest::newRow("outside vocab") << u"1,512"_s << 512 << Tokens{}
                                   << u"token 2 (512) is outside the vocabulary [0, 512)"_s;
    QTest::newRow("negative") << u"1,-3"_s << 512 << Tokens{} << u"token 2 (-3) is negative"_s;
    QTest::newRow("word") << u"1,x"_s << 512 << Tokens{} << u"token 2 'x' is not an integer"_s;
    QTest::newRow("fraction") << u"1.5"_s << 512 << Tokens{} << u"token 1 '1.5' is not an integer"_s;
    QTest::newRow("plus sign") << u"+4"_s << 512 << Tokens{} << u"token 1 '+4' is not an integer"_s;
    QTest::newRow("empty item") << u"1,,2"_s << 512 << Tokens{} << u"token 2 is empty"_s;
    QTest::newRow("trailing comma") << u"1,2,"_s << 512 << Tokens{} << u"token 3 is empty"_s;
    QTest::newRow("too large") << u"4294967296"_s << 0 << Tokens{} << u"token 1 (4294967296) is too large"_s;
}

void TestModelOptions::parseTokens() {
    QFETCH(QString, text);
    QFETCH(int, nVocab);
    QFETCH(Tokens, tokens);
    QFETCH(QString, error);
    const TokenParse parsed = parseTokenIds(text, nVocab);
    QCOMPARE(parsed.error, error);
    QCOMPARE(toList(parsed.tokens), tokens);
}

void TestModelOptions::formatTokens() {
    const std::vector<std::int32_t> ids{1, 403, 407};
    QCOMPARE(formatTokenIds(ids), u"1,403,407"_s);
    QCOMPARE(formatTokenIds({}), QString());
    QCOMPARE(toList(parseTokenIds(formatTokenIds(ids), 512).tokens), (Tokens{1, 403, 407}));
}

void TestModelOptions::checkOptions_data() {
    QTest::addColumn<int>("ctx");
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("past");
    QTest::addColumn<int>("ngl");
    QTest::addColumn<int>("promptLength");
    QTest::addColumn<QString>("error");
    QTest::newRow("cli defaults") << 512 << 8 << 0 << 0 << 0 << QString();
    QTest::newRow("prompt fits") << 512 << 5 << 0 << 99 << 5 << QString();
    QTest::newRow("full cache") << 16 << 8 << 8 << 0 << 0 << QString();
    QTest::newRow("ctx 0") << 0 << 8 << 0 << 0 << 0 << u"n_ctx must be positive, got 0"_s;
    QTest::newRow("batch 0") << 512 << 0 << 0 << 0 << 0 << u"n_batch must be positive, got 0"_s;
    QTest::newRow("past < 0") << 512 << 8 << -1 << 0 << 0 << u"n_past must not be negative, got -1"_s;
    QTest::newRow("ngl < 0") << 512 << 8 << 0 << -2 << 0 << u"ngl must not be negative, got -2"_s;
    QTest::newRow("batch > ctx") << 16 << 32 << 0 << 0 << 0 << u"n_batch 32 exceeds n_ctx 16"_s;
    QTest::newRow("past + batch > ctx") << 16 << 8 << 9 << 0 << 0 << u"n_past + n_batch = 17 exceeds n_ctx 16"_s;
    QTest::newRow("prompt length") << 512 << 8 << 0 << 0 << 5 << u"the prompt has 5 token ids but n_batch is 8"_s;
}

void TestModelOptions::checkOptions() {
    QFETCH(int, ctx);
    QFETCH(int, batch);
    QFETCH(int, past);
    QFETCH(int, ngl);
    QFETCH(int, promptLength);
    QFETCH(QString, error);
    ModelOptions o;
    o.params = params(ctx, batch, past, dtype::f16, ngl);
    o.tokens.assign(static_cast<std::size_t>(promptLength), 1);
    QCOMPARE(checkModelOptions(o, ggml_version::v2023), error);
}

void TestModelOptions::splitTemplate_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("hyper");
    QTest::addColumn<int>("ctx");
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("past");
    QTest::addColumn<bool>("f32");
    QTest::addColumn<int>("ngl");
    QTest::addColumn<bool>("worst");
    QTest::newRow("bare") << u"llama"_s << u"llama"_s << 512 << 8 << 0 << false << 0 << false;
    QTest::newRow("hyperparameters only") << u"llama?n_embd=32&n_layer=2"_s << u"llama?n_embd=32&n_layer=2"_s << 512
                                          << 8 << 0 << false << 0 << false;
    QTest::newRow("every option") << u"llama?n_ctx=256&n_embd=32&n_batch=16&n_past=4&kv_type=f32&ngl=3&worst_case=yes"_s
                                  << u"llama?n_embd=32"_s << 256 << 16 << 4 << true << 3 << true;
    QTest::newRow("template dialog spec")
        << u"llama?n_vocab=512&n_embd=64&n_layer=5&n_head=8&n_head_kv=0&n_ff=172&n_ctx=512&n_batch=8&n_past=0&kv_type=f16&ngl=0"
           "&worst_case=no"_s
        << u"llama?n_vocab=512&n_embd=64&n_layer=5&n_head=8&n_head_kv=0&n_ff=172"_s << 512 << 8 << 0 << false << 0 << false;
    // A bad value stays in the spec, where make_template refuses it with its own message.
    QTest::newRow("bad values kept") << u"llama?n_ctx=big&kv_type=q8&worst_case=maybe"_s
                                     << u"llama?n_ctx=big&kv_type=q8&worst_case=maybe"_s << 512 << 8 << 0 << false << 0
                                     << false;
}

void TestModelOptions::splitTemplate() {
    QFETCH(QString, spec);
    QFETCH(QString, hyper);
    QFETCH(int, ctx);
    QFETCH(int, batch);
    QFETCH(int, past);
    QFETCH(bool, f32);
    QFETCH(int, ngl);
    QFETCH(bool, worst);
    QVERIFY(isLlamaTemplate(spec));
    const TemplateSplit split = splitLlamaTemplate(spec, ModelOptions{});
    QCOMPARE(split.spec, hyper);
    QCOMPARE(split.options.params.n_ctx, ctx);
    QCOMPARE(split.options.params.n_batch, batch);
    QCOMPARE(split.options.params.n_past, past);
    QCOMPARE(split.options.params.kv_type, f32 ? dtype::f32 : dtype::f16);
    QCOMPARE(split.options.params.ngl, ngl);
    QCOMPARE(split.options.params.worst_case, worst);
    QVERIFY(!isLlamaTemplate(u"mlp?n_batch=4"_s));
    QVERIFY(!isLlamaTemplate(u"llamas"_s));
}

// Options -> what the source builds: KQ_mask is [n_kv, n_batch], cache_k holds
// n_embd_gqa * n_layer * n_ctx cells of the KV type (stories260K: n_embd_gqa 32, 5 layers).
void TestModelOptions::sourceBuildsWithOptions_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("location");
    QTest::addColumn<int>("ctx");
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("past");
    QTest::addColumn<bool>("f32");
    QTest::addColumn<int>("nKv");
    QTest::addColumn<qint64>("cacheCells");
    const auto embedded = static_cast<int>(ModelSource::Kind::Embedded);
    const auto gguf = static_cast<int>(ModelSource::Kind::GgufFile);
    const auto templ = static_cast<int>(ModelSource::Kind::LlamaTemplate);
    const QString model = QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    QTest::newRow("embedded defaults") << embedded << QString() << 512 << 8 << 0 << false << 32 << qint64{32 * 5 * 512};
    QTest::newRow("embedded ctx 16") << embedded << QString() << 16 << 8 << 0 << false << 16 << qint64{32 * 5 * 16};
    QTest::newRow("embedded batch 40") << embedded << QString() << 64 << 40 << 0 << true << 40 << qint64{32 * 5 * 64};
    QTest::newRow("embedded n_past 100") << embedded << QString() << 512 << 8 << 100 << false << 108
                                         << qint64{32 * 5 * 512};
    QTest::newRow("file ctx 2048") << gguf << model << 2048 << 8 << 0 << false << 32 << qint64{32 * 5 * 2048};
    // llama?n_embd=32&n_head=4&n_head_kv=2: n_embd_gqa = 32 / 4 * 2 = 16; 2 layers.
    QTest::newRow("template ctx 100") << templ << u"llama?n_embd=32&n_head=4&n_head_kv=2&n_layer=2"_s << 100 << 4 << 0
                                      << false << 32 << qint64{16 * 2 * 100};
}

void TestModelOptions::sourceBuildsWithOptions() {
    QFETCH(int, kind);
    QFETCH(QString, location);
    QFETCH(int, ctx);
    QFETCH(int, batch);
    QFETCH(int, past);
    QFETCH(bool, f32);
    QFETCH(int, nKv);
    QFETCH(qint64, cacheCells);
    const ModelSource source{static_cast<ModelSource::Kind>(kind), location};
    if (source.kind == ModelSource::Kind::GgufFile && !QFile::exists(location)) QSKIP("no shared stories260K.gguf");
    ModelOptions o;
    o.params = params(ctx, batch, past, f32 ? dtype::f32 : dtype::f16);
    auto built = source.loader(o, ggml_version::v2023)();
    QVERIFY2(built.ok(), built.ok() ? "" : built.err().message.c_str());
    const graph_document& doc = built->doc;
    const tensor_id mask = findTensor(doc, "KQ_mask");
    QVERIFY(mask.valid());
    QCOMPARE(doc.ctx[mask].ne[0], nKv);
    QCOMPARE(doc.ctx[mask].ne[1], batch);
    const tensor_id k = findTensor(doc, "k-0");
    QVERIFY(k.valid());
    QCOMPARE(doc.ctx[k].ne[1], nKv);
    const tensor& cache = doc.ctx[findTensor(doc, "cache_k")];
    QCOMPARE(cache.ne[0], cacheCells);
    QCOMPARE(cache.type, f32 ? dtype::f32 : dtype::f16);
    QVERIFY(!built->preallocate.empty()); // the inputs, allocated before the graph
}

void TestModelOptions::startupPromptIsInVocabulary() {
    const ModelOptions o = startupModelOptions();
    QCOMPARE(toList(o.tokens), (Tokens{1, 403, 407, 261, 378, 432, 383, 286}));
    QCOMPARE(o.params.n_batch, 8);
    QCOMPARE(o.params.n_ctx, 512);
    QCOMPARE(checkModelOptions(o, ggml_version::v2023), QString());
    auto doc = loadDefaultGraph();
    QVERIFY(doc.ok());
    QCOMPARE(vocabSize(*doc), 512);
    QCOMPARE(parseTokenIds(formatTokenIds(o.tokens), vocabSize(*doc)).error, QString());
    QCOMPARE(vocabSize(attentionDocument()), 0);
}

void TestModelOptions::dialogFields() {
    ModelOptionsDialog dialog;
    dialog.setVocabSize(512);
    dialog.setOptions(startupModelOptions());
    QPushButton* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    QCOMPARE(dialog.tokensEdit()->text(), u"1,403,407,261,378,432,383,286"_s);
    QCOMPARE(dialog.ctxBox()->value(), 512);
    QVERIFY(ok->isEnabled());
    QCOMPARE(dialog.options(), startupModelOptions());

    // A valid prompt sets n_batch to its length.
    dialog.tokensEdit()->clear();
    QTest::keyClicks(dialog.tokensEdit(), u"1,403,407"_s);
    QCOMPARE(dialog.batchBox()->value(), 3);
    QVERIFY(ok->isEnabled());
    QCOMPARE(toList(dialog.options().tokens), (Tokens{1, 403, 407}));

    QTest::keyClicks(dialog.tokensEdit(), u",600"_s);
    QCOMPARE(dialog.problem(), u"Prompt: token 4 (600) is outside the vocabulary [0, 512)"_s);
    QVERIFY(!ok->isEnabled());
    dialog.tokensEdit()->clear();
    QTest::keyClicks(dialog.tokensEdit(), u"1"_s);
    QVERIFY(ok->isEnabled());
    dialog.ctxBox()->setValue(4);
    dialog.pastBox()->setValue(4);
    QCOMPARE(dialog.problem(), u"n_past + n_batch = 5 exceeds n_ctx 4"_s);
    QVERIFY(!ok->isEnabled());
    dialog.pastBox()->setValue(0);
    dialog.kvTypeBox()->setCurrentIndex(1);
    dialog.nglBox()->setValue(6);
    const ModelOptions o = dialog.options();
    QCOMPARE(o.params.kv_type, dtype::f32);
    QCOMPARE(o.params.ngl, 6);
    QCOMPARE(o.params.n_ctx, 4);
    QVERIFY(ok->isEnabled());

    // The worst case fixes n_past: its box is disabled and its value no longer checked.
    QVERIFY(!o.params.worst_case);
    dialog.pastBox()->setValue(4);
    QVERIFY(!ok->isEnabled());
    dialog.worstCaseBox()->setChecked(true);
    QVERIFY(!dialog.pastBox()->isEnabled());
    QVERIFY(ok->isEnabled());
    QVERIFY(dialog.options().params.worst_case);
    dialog.setOptions(startupModelOptions());
    QVERIFY(!dialog.worstCaseBox()->isChecked());
    QVERIFY(dialog.pastBox()->isEnabled());
}

namespace {
// "ubatch=4,fa=off,v=q8_0" over the defaults: the fields a row changes.
ModelOptions changed(const QString& changes) {
    ModelOptions o;
    planscope::llama_params& p = o.params;
    for (const QString& change : changes.split(u',', Qt::SkipEmptyParts)) {
        const QString key = change.section(u'=', 0, 0), value = change.section(u'=', 1);
        const auto type = [&] { return value == u"f32" ? dtype::f32 : value == u"q8_0" ? dtype::q8_0 : value == u"q4_0" ? dtype::q4_0 : dtype::f16; };
        if (key == u"ctx") p.n_ctx = value.toInt();
        else if (key == u"batch") p.n_batch = value.toInt();
        else if (key == u"ubatch") p.n_ubatch = value.toInt();
        else if (key == u"seqs") p.n_seq_max = value.toInt();
        else if (key == u"fa") p.flash_attn = *parse_flash_attn(value.toStdString());
        else if (key == u"k") p.kv_type = type();
        else if (key == u"v") p.type_v = type();
        else if (key == u"past") p.n_past = value.toInt();
        else if (key == u"ngl") p.ngl = value.toInt();
        else if (key == u"worst") p.worst_case = true;
        else qFatal("unknown change %s", qPrintable(key));
    }
    return o;
}
} // namespace

// What each era's llama.cpp takes: the fields' refusals, in the words their tooltips use.
void TestModelOptions::eraRefusals_data() {
    QTest::addColumn<bool>("v2026");
    QTest::addColumn<QString>("changes");
    QTest::addColumn<QString>("error");
    const QString noUbatch = u"Not in the 2023 era: llama.cpp 2023 had no ubatch (a graph is n_batch tokens)"_s;
    QTest::newRow("2023 defaults") << false << QString() << QString();
    QTest::newRow("2023 ubatch = batch") << false << u"ubatch=8"_s << QString();
    QTest::newRow("2023 ubatch") << false << u"ubatch=4"_s << noUbatch;
    QTest::newRow("2023 seqs") << false << u"seqs=2"_s << u"Not in the 2023 era: llama.cpp 2023's graph holds one sequence"_s;
    QTest::newRow("2023 fa off") << false << u"fa=off"_s << QString();
    QTest::newRow("2023 fa on") << false << u"fa=on"_s << u"Not in the 2023 era: llama.cpp 2023 had no flash attention"_s;
    QTest::newRow("2023 q8_0") << false << u"k=q8_0"_s << u"Not in the 2023 era: llama.cpp 2023 stores K and V as f16 or f32"_s;
    QTest::newRow("2023 K f32 V f16") << false << u"k=f32,v=f16"_s
                                      << u"Not in the 2023 era: llama.cpp 2023 stores K and V as one type, the K field's"_s;
    QTest::newRow("2026 defaults") << true << QString() << QString();
    QTest::newRow("2026 batch over ctx (llama.cpp limits it)") << true << u"ctx=16,batch=32"_s << QString();
    QTest::newRow("2026 every new field") << true << u"ubatch=4,seqs=3,fa=on,k=q8_0,v=q4_0"_s << QString();
    QTest::newRow("2026 seqs 300") << true << u"seqs=300"_s << u"the sequences must be 1 to 256, got 300"_s;
    QTest::newRow("2026 quantized V, fa off") << true << u"fa=off,v=q8_0"_s
                                              << u"a quantized V cache needs flash attention (auto or on)"_s;
    QTest::newRow("2026 quantized K, fa off") << true << u"fa=off,k=q8_0,v=f16"_s << QString();
    QTest::newRow("2026 n_past") << true << u"past=4"_s
                                 << u"Not in the 2026 era yet: llama.cpp 2026 sizes its compute buffer with every KV cell, from cell 0"_s;
    QTest::newRow("2026 ngl") << true << u"ngl=2"_s
                              << u"Not in the 2026 era yet: every layer is on the CPU there (View > Allocator > ggml 2023 offloads layers)"_s;
    QTest::newRow("2026 worst case") << true << u"worst"_s
                                     << u"Not in the 2026 era yet: llama.cpp 2026 reserves with every KV cell already, so there is no separate worst-case graph"_s;
}

void TestModelOptions::eraRefusals() {
    QFETCH(bool, v2026);
    QFETCH(QString, changes);
    QFETCH(QString, error);
    const ggml_version era = v2026 ? ggml_version::v2026 : ggml_version::v2023;
    const ModelOptions o = changed(changes);
    QCOMPARE(checkModelOptions(o, era), error);
    // What optionsForEra leaves the era always builds, but for a size out of range or a V type without FA.
    if (!changes.contains(u"seqs=300"_s) && !changes.contains(u"fa=off,v=q8_0"_s))
        QCOMPARE(checkModelOptions(optionsForEra(o, era), era), QString());
}

void TestModelOptions::optionsForEras() {
    const ModelOptions o2026 = changed(u"ctx=1024,batch=16,ubatch=4,seqs=3,fa=off,k=q8_0,v=f32"_s);
    const ModelOptions in2023 = optionsForEra(o2026, ggml_version::v2023);
    QCOMPARE(in2023.params.n_ctx, 1024);
    QCOMPARE(in2023.params.n_batch, 16);
    QCOMPARE(in2023.params.n_ubatch, 0);
    QCOMPARE(in2023.params.n_seq_max, 1);
    QCOMPARE(in2023.params.flash_attn, llm_flash_attn::automatic);
    QCOMPARE(kv_type_k(in2023.params), dtype::f16); // q8_0 is not 2023's: f16
    QCOMPARE(kv_type_v(in2023.params), dtype::f16);
    QCOMPARE(kv_type_k(optionsForEra(changed(u"k=f32,v=f16"_s), ggml_version::v2023).params), dtype::f32);
    QCOMPARE(kv_type_v(optionsForEra(changed(u"k=f32,v=f16"_s), ggml_version::v2023).params), dtype::f32);

    const ModelOptions o2023 = changed(u"ctx=64,past=4,ngl=3,worst"_s);
    const ModelOptions in2026 = optionsForEra(o2023, ggml_version::v2026);
    QCOMPARE(in2026.params.n_ctx, 64);
    QCOMPARE(in2026.params.n_past, 0);
    QCOMPARE(in2026.params.ngl, 0);
    QVERIFY(!in2026.params.worst_case);
    QCOMPARE(optionsForEra(o2026, ggml_version::v2026), o2026); // already 2026's
    // The types compare as resolved: kv_type f32 equals type_k f32 and type_v f32.
    ModelOptions spelled;
    spelled.params.type_k = dtype::f32;
    spelled.params.type_v = dtype::f32;
    QCOMPARE(spelled, changed(u"k=f32"_s));
}

// A .gguf in 2026 is llama.cpp da46e59c's reserve graph (planscope-cli info: 161 nodes at the
// defaults, 186 with flash attention off, 171 with 3 sequences and n_ctx padded to 768); so is the
// embedded model (a .gguf too), which builds llama.cpp 2023's graph in 2023, as template:llama does.
void TestModelOptions::sourceBuilds2026_data() {
    QTest::addColumn<QString>("changes");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("nCtx");
    QTest::addColumn<int>("maskRows");
    QTest::newRow("defaults") << QString() << 161 << 512 << 8;
    QTest::newRow("ctx 20 (padded to 256)") << u"ctx=20"_s << 161 << 256 << 8;
    QTest::newRow("flash attention off") << u"fa=off"_s << 186 << 512 << 8;
    QTest::newRow("3 sequences") << u"seqs=3"_s << 171 << 768 << 9;
    QTest::newRow("batch 32 ubatch 16") << u"batch=32,ubatch=16"_s << 161 << 512 << 16;
}

void TestModelOptions::sourceBuilds2026() {
    QFETCH(QString, changes);
    QFETCH(int, nodes);
    QFETCH(int, nCtx);
    QFETCH(int, maskRows);
    const QString model = QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    if (!QFile::exists(model)) QSKIP("no shared stories260K.gguf");
    const ModelSource source{ModelSource::Kind::GgufFile, model};
    QCOMPARE(source.graphEra(ggml_version::v2026), ggml_version::v2026);
    auto built = source.loader(changed(changes), ggml_version::v2026)();
    QVERIFY2(built.ok(), built.ok() ? "" : built.err().message.c_str());
    QCOMPARE(built->era, ggml_version::v2026);
    QVERIFY(built->llm_reserve);
    QCOMPARE(static_cast<int>(built->doc.g.nodes.size()), nodes);
    QCOMPARE(static_cast<int>(built->llm_reserve->cparams.n_ctx), nCtx);
    QVERIFY(!findTensor(built->doc, "KQ_mask").valid());
    const tensor_id mask = findTensor(built->doc, "attn_inp_kq_mask");
    QVERIFY(mask.valid());
    const auto& ne = built->doc.ctx[mask].ne;
    QCOMPARE(ne[1] * ne[2] * ne[3], maskRows); // the ubatch's tokens, in n_seq_max streams

    // The embedded model: the same graph and reserve in 2026, build_llama_graph's (llama.cpp 2023) in 2023.
    const ModelSource embedded{ModelSource::Kind::Embedded, {}};
    QCOMPARE(embedded.graphEra(ggml_version::v2026), ggml_version::v2026);
    auto same = embedded.loader(changed(changes), ggml_version::v2026)();
    QVERIFY2(same.ok(), same.ok() ? "" : same.err().message.c_str());
    QCOMPARE(same->era, ggml_version::v2026);
    QCOMPARE(same->doc.name, std::string(startupModelName));
    QCOMPARE(static_cast<int>(same->doc.g.nodes.size()), nodes);
    QVERIFY(same->llm_reserve);
    QCOMPARE(static_cast<int>(same->llm_reserve->cparams.n_ctx), nCtx);
    QCOMPARE(same->llm_reserve->compute, built->llm_reserve->compute);
    QCOMPARE(embedded.graphEra(ggml_version::v2023), ggml_version::v2023);
    auto old = embedded.loader(optionsForEra(changed(changes), ggml_version::v2023), ggml_version::v2023)();
    QVERIFY2(old.ok(), old.ok() ? "" : old.err().message.c_str());
    QVERIFY(findTensor(old->doc, "KQ_mask").valid());
    QVERIFY(!old->llm_reserve);
    // template:llama follows the era, as graph_era says.
    const ModelSource templ{ModelSource::Kind::LlamaTemplate, u"llama?n_layer=2"_s};
    QCOMPARE(templ.graphEra(ggml_version::v2026), ggml_version::v2026);
    QCOMPARE(templ.graphEra(ggml_version::v2023), ggml_version::v2023);
}

// The dialog offers what the era takes: the rest disabled, its tooltip (and its label's) saying why.
void TestModelOptions::dialogEraFields() {
    ModelOptionsDialog dialog;
    QPushButton* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    const auto label = [&](QWidget* field) { return dialog.findChild<QFormLayout*>()->labelForField(field); };
    QCOMPARE(dialog.era(), ggml_version::v2023);
    for (QWidget* w : std::initializer_list<QWidget*>{dialog.ubatchBox(), dialog.seqsBox(), dialog.flashAttnBox(), dialog.vTypeBox()}) {
        QVERIFY2(!w->isEnabled(), qPrintable(w->objectName()));
        QVERIFY2(w->toolTip().startsWith(u"Not in the 2023 era: "_s), qPrintable(w->toolTip()));
        QCOMPARE(label(w)->toolTip(), w->toolTip());
        QVERIFY(!label(w)->isEnabled());
    }
    const auto* kvItems = qobject_cast<QStandardItemModel*>(dialog.kvTypeBox()->model());
    QCOMPARE(dialog.kvTypeBox()->itemText(2), u"q8_0"_s);
    QVERIFY(!kvItems->item(2)->isEnabled());
    QVERIFY(!kvItems->item(3)->isEnabled());
    QVERIFY(kvItems->item(1)->isEnabled());
    QVERIFY(dialog.nglBox()->isEnabled());
    QVERIFY(dialog.pastBox()->isEnabled());

    dialog.setOptions(startupModelOptions());
    dialog.nglBox()->setValue(3); // 2026 has no ngl: dropped
    dialog.setEra(ggml_version::v2026);
    QCOMPARE(dialog.nglBox()->value(), 0);
    for (QWidget* w : std::initializer_list<QWidget*>{dialog.nglBox(), dialog.pastBox(), dialog.worstCaseBox()}) {
        QVERIFY2(!w->isEnabled(), qPrintable(w->objectName()));
        QVERIFY2(w->toolTip().startsWith(u"Not in the 2026 era yet: "_s), qPrintable(w->toolTip()));
    }
    QVERIFY(!label(dialog.nglBox())->isEnabled());
    for (QWidget* w : std::initializer_list<QWidget*>{dialog.ubatchBox(), dialog.seqsBox(), dialog.flashAttnBox(), dialog.vTypeBox()}) {
        QVERIFY2(w->isEnabled(), qPrintable(w->objectName()));
        QVERIFY(!w->toolTip().startsWith(u"Not in"_s));
    }
    QVERIFY(kvItems->item(2)->isEnabled());
    QCOMPARE(dialog.ubatchBox()->specialValueText(), u"as the batch"_s);
    QCOMPARE(dialog.ubatchBox()->text(), u"as the batch"_s); // 0: n_batch
    QCOMPARE(dialog.tokensEdit()->text(), u"1,403,407,261,378,432,383,286"_s);
    QVERIFY(ok->isEnabled());

    dialog.ubatchBox()->setValue(4);
    dialog.seqsBox()->setValue(2);
    dialog.kvTypeBox()->setCurrentIndex(2); // q8_0
    dialog.vTypeBox()->setCurrentIndex(3);  // q4_0
    dialog.flashAttnBox()->setCurrentIndex(dialog.flashAttnBox()->findText(u"off"_s));
    QCOMPARE(dialog.problem(), u"a quantized V cache needs flash attention (auto or on)"_s);
    QVERIFY(!ok->isEnabled());
    dialog.flashAttnBox()->setCurrentIndex(dialog.flashAttnBox()->findText(u"on"_s));
    QVERIFY(ok->isEnabled());
    ModelOptions o = dialog.options();
    QCOMPARE(o.params.n_ubatch, 4);
    QCOMPARE(o.params.n_seq_max, 2);
    QCOMPARE(o.params.flash_attn, llm_flash_attn::on);
    QCOMPARE(kv_type_k(o.params), dtype::q8_0);
    QCOMPARE(kv_type_v(o.params), dtype::q4_0);
    dialog.setOptions(o); // shown as given
    QCOMPARE(dialog.options(), o);

    // Back in 2023: one f16 or f32 type, no ubatch, one sequence.
    dialog.setEra(ggml_version::v2023);
    o = dialog.options();
    QCOMPARE(o.params.n_ubatch, 0);
    QCOMPARE(o.params.n_seq_max, 1);
    QCOMPARE(kv_type_k(o.params), dtype::f16);
    QCOMPARE(kv_type_v(o.params), dtype::f16);
    QCOMPARE(dialog.vTypeBox()->currentText(), u"f16"_s);
    dialog.kvTypeBox()->setCurrentIndex(1); // V follows K
    QCOMPARE(dialog.vTypeBox()->currentText(), u"f32"_s);
    QVERIFY(ok->isEnabled());
}

QTEST_MAIN(TestModelOptions)
#include "test_model_options.moc"
