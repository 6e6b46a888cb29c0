// What-if re-planning in the main window: the what-if bar follows the document's source (enabled
// for the embedded model, a .gguf file and template:llama, disabled for a JSON graph), an edit
// re-plans after the debounce on the session's worker, the new graph has the expected n_kv, the
// selection's tensor is selected again by name, and refused options keep the graph. What llama.cpp
// reserves (its worst-case graph) follows each document, once; the bar's ngl is remembered and
// applied to a model opened without one.
#include "mainwindow/main_window.h"
#include "model/buffer_list_model.h"
#include "panels/buffers_panel.h"
#include "settings/app_settings.h"
#include "options/model_replanner.h"
#include "options/what_if_bar.h"
#include "panels/summary_panel.h"
#include "session/graph_session.h"
#include "session/startup_graph.h"
#include "default_model_support.h"
#include "ui_test_support.h"

#include "llm_context/llm_reserve.h"
#include "source/graph_source.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QtTest>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {

std::unique_ptr<MainWindow> windowWithDefaultModel(QStringList* errors) {
    auto w = std::make_unique<MainWindow>();
    w->setErrorReporter(std::make_unique<RecordingErrorReporter>(errors));
    openDefaultModel(*w->session(), ggml_version::v2023); // 2023's graph: KQ_mask, kq-0, cache_k
    return w;
}

std::int64_t ne(const graph_document& doc, std::string_view name, int dim) {
    const tensor_id t = findTensor(doc, name);
    return t.valid() ? doc.ctx[t].ne[static_cast<std::size_t>(dim)] : -1;
}

} // namespace

class TestWhatIf : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void barFollowsSource();
    void editReplans_data();
    void editReplans();
    void editsAreDebounced();
    void refusedOptionsKeepGraph();
    void beforeAndAfter();
    void fileAndTemplateReplan();
    void reserveFollowsDocument();
    void nglEditRemembered();
    void rememberedNglApplied_data();
    void rememberedNglApplied();
    void chosenNglKept();
    void startupSpecNglKept();
    void barFieldsFollowEra();
    void rememberedNglWaitsFor2023();
    void buffersShow2026Reserve();
    void embeddedReplans2026();
};

const QString nglKey = u"whatIf/ngl"_s;

void TestWhatIf::initTestCase() {
    isolateSettings(u"test_what_if"_s);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestWhatIf::init() { QSettings().remove(nglKey); } // no ngl remembered from another test

// The default model's compute buffer is 18 KiB at 8 tokens (the logits, 512 x 8 f32, and
// ffn_out-4) and 72 KiB at 32: the status bar and the summary say how it changed.
void TestWhatIf::beforeAndAfter() {
    QStringList errors;
    auto w = windowWithDefaultModel(&errors);
    QSignalSpy planned(w->session(), &GraphSession::planFinished);
    QVERIFY(planned.wait(10000));
    auto* compute = w->findChild<QLabel*>(u"statusCompute"_s);
    QCOMPARE(compute->text(), u"Compute buffer 18.0 KiB"_s);
    w->whatIfBar()->batchBox()->setValue(32);
    QVERIFY(planned.wait(10000));
    QCOMPARE(compute->text(), u"Compute buffer 18.0 KiB → 72.0 KiB (+54.0 KiB)"_s);
    QCOMPARE(w->summaryPanel()->text(SummaryPanel::Total::ComputeBuffers), u"72.0 KiB (was 18.0 KiB: +54.0 KiB)"_s);
    w->whatIfBar()->nglBox()->setValue(2); // the single plan does not change with ngl
    QVERIFY(planned.wait(10000));
    QCOMPARE(compute->text(), u"Compute buffer 72.0 KiB"_s);
    QCOMPARE(w->summaryPanel()->text(SummaryPanel::Total::ComputeBuffers), u"72.0 KiB"_s);
    w->whatIfBar()->batchBox()->setValue(8);
    QVERIFY(planned.wait(10000));
    QCOMPARE(compute->text(), u"Compute buffer 72.0 KiB → 18.0 KiB (−54.0 KiB)"_s);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
}

void TestWhatIf::barFollowsSource() {
    QStringList errors;
    auto w = windowWithDefaultModel(&errors);
    WhatIfBar* bar = w->whatIfBar();
    QVERIFY(bar->isEnabled());
    QCOMPARE(w->replanner()->source().kind, ModelSource::Kind::Embedded);
    QCOMPARE(bar->ctxBox()->value(), 512);
    QCOMPARE(bar->batchBox()->value(), 8);
    QCOMPARE(bar->nglBox()->value(), 0);
    QCOMPARE(bar->kvTypeBox()->currentText(), u"f16"_s);
    QCOMPARE(w->replanner()->options().tokens.size(), std::size_t{8});
    QVERIFY(w->findChild<QAction*>(u"modelOptionsAction"_s)->isEnabled());

    w->session()->setDocument(attentionDocument());
    QVERIFY(!bar->isEnabled());
    QVERIFY(!w->replanner()->canReplan());
    QVERIFY(!w->findChild<QAction*>(u"modelOptionsAction"_s)->isEnabled());
    QVERIFY(errors.isEmpty());
}

// stories260K (n_embd_gqa 32, head_dim 8, 4 KV heads): KQ_mask [n_kv, n_batch], k-0 [8, n_kv, 4],
// v-0 [n_kv, 8, 4], cache_k 32 * 5 * n_ctx cells; n_kv = min(n_ctx, max(32, n_batch)).
void TestWhatIf::editReplans_data() {
    QTest::addColumn<int>("ctx");
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("ngl");
    QTest::addColumn<bool>("f32");
    QTest::addColumn<int>("nKv");
    QTest::newRow("ctx 16") << 16 << 8 << 0 << false << 16;
    QTest::newRow("ctx 2048") << 2048 << 8 << 0 << false << 32;
    QTest::newRow("batch 48") << 512 << 48 << 0 << false << 48;
    QTest::newRow("ctx 24 batch 20 f32") << 24 << 20 << 0 << true << 24;
    QTest::newRow("ngl 3") << 512 << 8 << 3 << false << 32;
}

void TestWhatIf::editReplans() {
    QFETCH(int, ctx);
    QFETCH(int, batch);
    QFETCH(int, ngl);
    QFETCH(bool, f32);
    QFETCH(int, nKv);
    QStringList errors;
    auto w = windowWithDefaultModel(&errors);
    GraphSession* session = w->session();
    session->setSelection(findTensor(session->document(), "kq-0"));
    const tensor_id before = session->selection();
    QVERIFY(before.valid());

    QSignalSpy finished(session, &GraphSession::loadFinished);
    WhatIfBar* bar = w->whatIfBar();
    bar->ctxBox()->setValue(ctx);
    bar->batchBox()->setValue(batch);
    bar->nglBox()->setValue(ngl);
    bar->kvTypeBox()->setCurrentIndex(f32 ? 1 : 0);
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.size(), 1); // four edits, one re-plan
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));

    const graph_document& doc = session->document();
    QCOMPARE(doc.name, std::string(startupModelName));
    QCOMPARE(ne(doc, "KQ_mask", 0), nKv);
    QCOMPARE(ne(doc, "KQ_mask", 1), batch);
    QCOMPARE(ne(doc, "k-0", 0), 8);
    QCOMPARE(ne(doc, "k-0", 1), nKv);
    QCOMPARE(ne(doc, "k-0", 2), 4);
    QCOMPARE(ne(doc, "v-4", 0), nKv);
    QCOMPARE(ne(doc, "cache_k", 0), 32 * 5 * ctx);
    QCOMPARE(doc.ctx[findTensor(doc, "cache_v")].type, f32 ? dtype::f32 : dtype::f16);
    QCOMPARE(w->replanner()->options().params.n_ctx, ctx);
    QCOMPARE(w->replanner()->options().params.ngl, ngl);
    // The 8-token prompt stays only while it is n_batch long.
    QCOMPARE(w->replanner()->options().tokens.size(), batch == 8 ? std::size_t{8} : std::size_t{0});
    // The selection's tensor, by name, in the new document.
    QVERIFY(session->selection().valid());
    QCOMPARE(doc.ctx[session->selection()].name, std::string("kq-0"));
    QCOMPARE(w->replanner()->source().kind, ModelSource::Kind::Embedded);
    QVERIFY(bar->isEnabled());
    QCOMPARE(bar->ctxBox()->value(), ctx);
}

void TestWhatIf::editsAreDebounced() {
    QStringList errors;
    auto w = windowWithDefaultModel(&errors);
    QSignalSpy started(w->session(), &GraphSession::loadStarted);
    QSignalSpy edited(w->whatIfBar(), &WhatIfBar::optionsEdited);
    for (int ctx : {600, 700, 800}) w->whatIfBar()->ctxBox()->setValue(ctx);
    QCOMPARE(started.size(), 0); // nothing before the pause
    QVERIFY(edited.wait(5000));
    QCOMPARE(edited.size(), 1);
    QCOMPARE(started.size(), 1);
    QCOMPARE(edited.at(0).at(0).value<ModelOptions>().params.n_ctx, 800);
    QVERIFY(QTest::qWaitFor([&] { return !w->session()->isLoading(); }, 10000));
    QCOMPARE(ne(w->session()->document(), "cache_k", 0), 32 * 5 * 800);
}

void TestWhatIf::refusedOptionsKeepGraph() {
    QStringList errors;
    auto w = windowWithDefaultModel(&errors);
    QSignalSpy rejected(w->replanner(), &ModelReplanner::replanRejected);
    QSignalSpy started(w->session(), &GraphSession::loadStarted);
    w->whatIfBar()->ctxBox()->setValue(4); // n_batch 8 > n_ctx 4
    QVERIFY(rejected.wait(5000));
    QCOMPARE(rejected.at(0).at(0).toString(), u"n_batch 8 exceeds n_ctx 4"_s);
    QCOMPARE(started.size(), 0);
    QCOMPARE(w->statusBar()->currentMessage(), u"Not re-planned: n_batch 8 exceeds n_ctx 4"_s);
    QCOMPARE(ne(w->session()->document(), "cache_k", 0), 32 * 5 * 512);
    QVERIFY(errors.isEmpty()); // no modal box for a what-if
}

void TestWhatIf::fileAndTemplateReplan() {
    QStringList errors;
    auto w = windowWithDefaultModel(&errors);
    GraphSession* session = w->session();
    QSignalSpy finished(session, &GraphSession::loadFinished);

    // template:llama: the spec's own n_ctx becomes the bar's value; hyperparameters stay in the spec.
    QVERIFY(session->openTemplate(u"llama?n_embd=32&n_head=4&n_layer=2&n_ctx=256"_s));
    QCOMPARE(w->replanner()->source().kind, ModelSource::Kind::LlamaTemplate);
    QCOMPARE(w->replanner()->source().location, u"llama?n_embd=32&n_head=4&n_layer=2"_s);
    QCOMPARE(w->whatIfBar()->ctxBox()->value(), 256);
    QCOMPARE(ne(session->document(), "cache_k", 0), 32 * 2 * 256);
    finished.clear();
    w->whatIfBar()->ctxBox()->setValue(64);
    QVERIFY(finished.wait(10000));
    QCOMPARE(ne(session->document(), "cache_k", 0), 32 * 2 * 64);
    QCOMPARE(ne(session->document(), "KQ_mask", 0), 32);
    QCOMPARE(w->replanner()->source().kind, ModelSource::Kind::LlamaTemplate);

    const QString model = QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    if (!QFile::exists(model)) QSKIP("no shared stories260K.gguf");
    finished.clear();
    session->openFile(model);
    QVERIFY(finished.wait(10000));
    QCOMPARE(w->replanner()->source().kind, ModelSource::Kind::GgufFile);
    QCOMPARE(w->whatIfBar()->ctxBox()->value(), 512); // the CLI's defaults
    // A .gguf opens in ggml 2026, built as llama.cpp da46e59c reserves it: n_ctx padded to 256.
    QCOMPARE(session->era().version(), ggml_version::v2026);
    QCOMPARE(w->replanner()->graphEra(), ggml_version::v2026);
    QCOMPARE(w->whatIfBar()->era(), ggml_version::v2026);
    finished.clear();
    w->whatIfBar()->ctxBox()->setValue(20);
    QVERIFY(finished.wait(10000));
    QCOMPARE(session->filePath(), model);
    QCOMPARE(session->document().g.nodes.size(), std::size_t{161});
    QCOMPARE(ne(session->document(), "cache_k_l0", 1), 256);
    QVERIFY(session->llmReserve());
    QCOMPARE(session->llmReserve()->cparams.n_ctx, 256u);
    QCOMPARE(w->replanner()->options().params.n_ctx, 20);

    // View > Allocator > ggml 2023 rebuilds it as llama.cpp 2023 built it, with the same options.
    finished.clear();
    session->setEra(ggml_version::v2023);
    QVERIFY(finished.wait(10000));
    QCOMPARE(session->era().version(), ggml_version::v2023);
    QCOMPARE(session->document().g.nodes.size(), std::size_t{179});
    QCOMPARE(ne(session->document(), "KQ_mask", 0), 20);
    QCOMPARE(ne(session->document(), "cache_k", 0), 32 * 5 * 20);
    QVERIFY(!session->llmReserve());
    QCOMPARE(w->replanner()->graphEra(), ggml_version::v2023);
    QCOMPARE(w->whatIfBar()->era(), ggml_version::v2023);
    QCOMPARE(w->whatIfBar()->ctxBox()->value(), 20);
    QTRY_VERIFY_WITH_TIMEOUT(session->llamaReserve().has_value(), 20000); // the 2023 worst case again
    finished.clear();
    session->setEra(ggml_version::v2026);
    QVERIFY(finished.wait(10000));
    QCOMPARE(session->document().g.nodes.size(), std::size_t{161});
    QVERIFY(session->llmReserve());
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
}

// The bar offers what the document's era takes: ngl only in 2023, ubatch, seqs, flash attention and
// a V type of its own only in 2026; an option llama.cpp refuses for this model is said in the status
// bar, not in a box.
void TestWhatIf::barFieldsFollowEra() {
    const QString model = QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    if (!QFile::exists(model)) QSKIP("no shared stories260K.gguf");
    QStringList errors;
    auto w = windowWithDefaultModel(&errors);
    WhatIfBar* bar = w->whatIfBar();
    QCOMPARE(bar->era(), ggml_version::v2023); // the embedded model: llama.cpp 2023's graph
    QVERIFY(bar->nglBox()->isEnabled());
    for (QWidget* field : std::initializer_list<QWidget*>{bar->ubatchBox(), bar->seqsBox(), bar->flashAttnBox(), bar->vTypeBox()}) {
        QVERIFY2(!field->isEnabled(), qPrintable(field->objectName()));
        QVERIFY2(field->toolTip().startsWith(u"Not in the 2023 era: "_s), qPrintable(field->toolTip()));
    }
    QSignalSpy finished(w->session(), &GraphSession::loadFinished);
    w->session()->openFile(model);
    QVERIFY(finished.wait(10000));
    QCOMPARE(bar->era(), ggml_version::v2026);
    QVERIFY(!bar->nglBox()->isEnabled());
    QCOMPARE(bar->nglBox()->toolTip(),
             u"Not in the 2026 era yet: every layer is on the CPU there (View > Allocator > ggml 2023 offloads layers)"_s);
    for (QWidget* field : std::initializer_list<QWidget*>{bar->ubatchBox(), bar->seqsBox(), bar->flashAttnBox(), bar->vTypeBox()})
        QVERIFY2(field->isEnabled(), qPrintable(field->objectName()));
    QCOMPARE(bar->ubatchBox()->text(), u"= batch"_s);

    // 3 sequences, flash attention off: llama.cpp's graph for them (planscope-cli info: 171 and 186 nodes).
    finished.clear();
    bar->seqsBox()->setValue(3);
    QVERIFY(finished.wait(10000));
    QCOMPARE(w->session()->document().g.nodes.size(), std::size_t{171});
    QCOMPARE(w->replanner()->options().params.n_seq_max, 3);
    finished.clear();
    bar->seqsBox()->setValue(1);
    bar->flashAttnBox()->setCurrentIndex(bar->flashAttnBox()->findText(u"off"_s));
    QVERIFY(finished.wait(10000));
    QCOMPARE(w->session()->document().g.nodes.size(), std::size_t{186});
    QCOMPARE(w->replanner()->options().params.flash_attn, llm_flash_attn::off);

    // A quantized V cache needs flash attention: refused before a build.
    QSignalSpy rejected(w->replanner(), &ModelReplanner::replanRejected);
    bar->vTypeBox()->setCurrentIndex(bar->vTypeBox()->findText(u"q8_0"_s));
    QVERIFY(rejected.wait(5000));
    QCOMPARE(rejected.last().at(0).toString(), u"a quantized V cache needs flash attention (auto or on)"_s);
    // q8_0 K with flash attention: stories260K's head of 8 is no multiple of its 32-value block,
    // which only the build knows; the graph stays, the status bar says why.
    bar->vTypeBox()->setCurrentIndex(bar->vTypeBox()->findText(u"f16"_s));
    bar->flashAttnBox()->setCurrentIndex(bar->flashAttnBox()->findText(u"auto"_s));
    bar->kvTypeBox()->setCurrentIndex(bar->kvTypeBox()->findText(u"q8_0"_s));
    QVERIFY(rejected.wait(10000));
    QVERIFY2(rejected.last().at(0).toString().contains(u"does not divide n_embd_head_k=8"_s),
             qPrintable(rejected.last().at(0).toString()));
    QVERIFY2(w->statusBar()->currentMessage().startsWith(u"Not re-planned: "_s), qPrintable(w->statusBar()->currentMessage()));
    QCOMPARE(w->session()->document().g.nodes.size(), std::size_t{186});
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n'))); // no box
}

// The remembered ngl waits for a 2023 graph: a .gguf opens in 2026 without it, and gets it in 2023.
void TestWhatIf::rememberedNglWaitsFor2023() {
    const QString model = QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    if (!QFile::exists(model)) QSKIP("no shared stories260K.gguf");
    QSettings().setValue(nglKey, 2);
    QStringList errors;
    auto w = windowWithDefaultModel(&errors);
    QTRY_COMPARE_WITH_TIMEOUT(w->replanner()->options().params.ngl, 2, 20000); // the embedded model, opened in 2023
    QSignalSpy finished(w->session(), &GraphSession::loadFinished);
    QSignalSpy rejected(w->replanner(), &ModelReplanner::replanRejected);
    w->session()->openFile(model);
    QVERIFY(finished.wait(10000));
    QTest::qWait(100); // the follow-up has run
    QCOMPARE(w->replanner()->options().params.ngl, 0);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(rejected.size(), 0);
    w->session()->setEra(ggml_version::v2023);
    QTRY_COMPARE_WITH_TIMEOUT(w->replanner()->options().params.ngl, 2, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(!w->session()->isLoading(), 20000);
    const tensor_id wq4 = findTensor(w->session()->document(), "blk.4.attn_q.weight");
    QVERIFY(wq4.valid());
    QVERIFY(w->session()->document().buffers[w->session()->document().ctx[wq4].where->buffer.index()].backend != "CPU");
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
}

// Issue 36 item 1: the worst-case graph llama.cpp sized its buffer with, planned once per document
// (stories260K, n_ctx 512: 153,696 bytes + 3,342,512 of metadata and alignment = 3,496,208, as
// planscope-cli info prints; n_batch 32: 614,688 -> 3,957,200), shown beside the prompt graph's.
void TestWhatIf::reserveFollowsDocument() {
    QStringList errors;
    auto w = windowWithDefaultModel(&errors);
    GraphSession* session = w->session();
    int requests = 0;
    connect(session, &GraphSession::llamaReserveChanged, this, [&] { requests += session->isReservingLlama() ? 1 : 0; });
    QTRY_VERIFY_WITH_TIMEOUT(session->llamaReserve().has_value(), 20000);
    QCOMPARE(session->llamaReserve()->max_size, std::size_t{153696});
    QCOMPARE(session->llamaReserve()->total, std::uint64_t{3496208});
    QTRY_COMPARE(w->summaryPanel()->text(SummaryPanel::Total::LlamaReserve), u"3.33 MiB (worst-case graph; prompt graph 3.21 MiB)"_s);
    QVERIFY(w->summaryPanel()->isShown(SummaryPanel::Total::LlamaReserve));
    const BufferListModel& buffers = *w->buffersPanel()->model();
    QCOMPARE(buffers.rowCount(), 3); // weights, kv_cache, compute
    QCOMPARE(buffers.index(2, BufferListModel::LlamaColumn).data().toString(), u"3.33 MiB"_s);
    QCOMPARE(buffers.index(2, BufferListModel::LlamaColumn).data(Qt::ToolTipRole).toString(),
             u"llama.cpp reserves: compute buffer total size = 3.33 MiB (worst-case graph)\n"
             "prompt graph: compute buffer total size = 3.21 MiB"_s);
    QCOMPARE(requests, 1);

    w->whatIfBar()->batchBox()->setValue(32);
    QTRY_VERIFY_WITH_TIMEOUT(session->document().g.nodes.size() > 0 && ne(session->document(), "KQ_mask", 1) == 32 &&
                                 session->llamaReserve().has_value(),
                             20000);
    QCOMPARE(session->llamaReserve()->total, std::uint64_t{3957200});
    QCOMPARE(requests, 2); // one more for the what-if, though the re-plan reports its source twice
    QTRY_COMPARE(buffers.index(2, BufferListModel::LlamaColumn).data().toString(), u"3.77 MiB"_s);

    // ggml 2026 rebuilds the embedded model as llama.cpp da46e59c does (a .gguf): its own reserve
    // (stories260K.tsv, n_batch 32 flash attention on: CPU compute 132,480 bytes), not 2023's.
    w->session()->setEra(ggml_version::v2026);
    QTRY_VERIFY_WITH_TIMEOUT(session->llmReserve() && !session->isLoading() && !session->isPlanning(), 20000);
    QCOMPARE(session->llmReserve()->compute, std::size_t{132480});
    QVERIFY(!session->llamaReserve());
    QCOMPARE(requests, 2);
    // The session plans llama.cpp 2023's worst case with the era it is in: ggml 2026's plan of it
    // (planscope-cli info --batch 32 --ggml 2026: 608,544), asked for directly (the window asks
    // only for a 2023 graph, which ggml 2026 now rebuilds).
    {
        GraphSession bare;
        planscope::llama_params params = startupParams;
        params.n_batch = 32;
        auto model = loadDefaultModel(params);
        QVERIFY2(model.ok(), model.ok() ? "" : model.err().message.c_str());
        bare.setDocument(std::move(model->doc), {}, std::move(model->inputs), {}, ggml_version::v2026);
        bare.computeLlamaReserve(
            [](const planscope::llama_params& p) {
                ModelOptions o;
                o.params = p;
                return ModelSource{ModelSource::Kind::Embedded, {}}.loader(o, ggml_version::v2023)();
            },
            params);
        QTRY_VERIFY_WITH_TIMEOUT(bare.llamaReserve().has_value(), 20000);
        QCOMPARE(bare.llamaReserve()->total, std::uint64_t{3342480 + 608544 + 32});
    }

    // Not a llama graph: nothing to reserve, the row hidden, the buffer line as llama.cpp prints it.
    w->session()->setDocument(attentionDocument());
    QVERIFY(!session->llamaReserve());
    QVERIFY(!w->summaryPanel()->isShown(SummaryPanel::Total::LlamaReserve));
    QTest::qWait(50);
    QCOMPARE(requests, 2);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
}

// Issue 36 item 16: the bar's ngl is saved as the user sets it.
void TestWhatIf::nglEditRemembered() {
    QStringList errors;
    auto w = windowWithDefaultModel(&errors);
    QSignalSpy edited(w->whatIfBar(), &WhatIfBar::optionsEdited);
    QSignalSpy finished(w->session(), &GraphSession::loadFinished);
    w->whatIfBar()->nglBox()->setValue(3);
    QVERIFY(edited.wait(5000));
    QCOMPARE(AppSettings::load().ngl, 3);
    QCOMPARE(QSettings().value(nglKey).toInt(), 3);
    QVERIFY(finished.wait(10000)); // the bar shows the re-planned document's options
    w->whatIfBar()->nglBox()->setValue(0);
    QVERIFY(edited.wait(5000));
    QCOMPARE(AppSettings::load().ngl, 0);
}

// A model opened without an ngl is re-planned with the remembered one; values out of range fall
// back to 0, which re-plans nothing.
void TestWhatIf::rememberedNglApplied_data() {
    QTest::addColumn<QVariant>("stored");
    QTest::addColumn<int>("ngl");
    QTest::newRow("none") << QVariant() << 0;
    QTest::newRow("2") << QVariant(2) << 2;
    QTest::newRow("9 (more than the 5 layers: the output too)") << QVariant(9) << 9;
    QTest::newRow("negative") << QVariant(-3) << 0;
    QTest::newRow("not a number") << QVariant(u"many"_s) << 0;
}

void TestWhatIf::rememberedNglApplied() {
    QFETCH(QVariant, stored);
    QFETCH(int, ngl);
    if (stored.isValid()) QSettings().setValue(nglKey, stored);
    QCOMPARE(AppSettings::load().ngl, ngl);
    QStringList errors;
    auto w = std::make_unique<MainWindow>();
    w->setErrorReporter(std::make_unique<RecordingErrorReporter>(&errors));
    QSignalSpy started(w->session(), &GraphSession::loadStarted);
    openDefaultModel(*w->session(), ggml_version::v2023); // ngl is remembered for 2023's graph
    QTRY_VERIFY_WITH_TIMEOUT(w->session()->llamaReserve().has_value(), 20000); // followed up
    QCOMPARE(started.size(), ngl == 0 ? 0 : 1);
    QCOMPARE(w->replanner()->options().params.ngl, ngl);
    QCOMPARE(w->whatIfBar()->nglBox()->value(), ngl);
    QCOMPARE(w->replanner()->options().tokens.size(), std::size_t{8}); // the prompt kept
    // Layers 5 - ngl and up hold their weights on the second backend.
    const tensor_id wq4 = findTensor(w->session()->document(), "blk.4.attn_q.weight");
    QVERIFY(wq4.valid());
    const auto& where = w->session()->document().ctx[wq4].where;
    QVERIFY(where);
    QCOMPARE(w->session()->document().buffers[where->buffer.index()].backend == "CPU", ngl == 0);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
}

// Options the user chose stay: a re-plan's (the bar, --ngl) and a template spec's own ngl=.
void TestWhatIf::chosenNglKept() {
    QSettings().setValue(nglKey, 2);
    QStringList errors;
    auto w = windowWithDefaultModel(&errors);
    QTRY_COMPARE_WITH_TIMEOUT(w->replanner()->options().params.ngl, 2, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(w->session()->llamaReserve().has_value(), 20000);
    QSignalSpy started(w->session(), &GraphSession::loadStarted);
    QSignalSpy finished(w->session(), &GraphSession::loadFinished);
    ModelOptions explicitZero = w->replanner()->options();
    explicitZero.params.ngl = 0; // as planscope --ngl 0
    QVERIFY(w->replanner()->replan(explicitZero));
    QVERIFY(finished.wait(10000));
    QTRY_VERIFY_WITH_TIMEOUT(w->session()->llamaReserve().has_value(), 20000);
    QCOMPARE(w->replanner()->options().params.ngl, 0);
    QCOMPARE(started.size(), 1);
    QCOMPARE(AppSettings::load().ngl, 2); // not a bar edit: not remembered

    QVERIFY(w->session()->openTemplate(u"llama?n_layer=2&ngl=1"_s));
    QTRY_VERIFY_WITH_TIMEOUT(w->session()->llamaReserve().has_value(), 20000);
    QCOMPARE(w->replanner()->options().params.ngl, 1);
    QCOMPARE(started.size(), 1);
    QVERIFY(w->session()->openTemplate(u"llama?n_layer=2"_s)); // no ngl of its own
    QTRY_COMPARE_WITH_TIMEOUT(w->replanner()->options().params.ngl, 2, 20000);
    QCOMPARE(started.size(), 2);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
}

// `planscope 'template:llama?...&ngl=1'` sets the document directly, without a load: its spec's
// ngl stays (it was once replaced by the remembered one, whose re-plan then cancelled a
// --schedule screenshot's scheduling).
void TestWhatIf::startupSpecNglKept() {
    QSettings().setValue(nglKey, 2);
    QStringList errors;
    MainWindow w;
    w.setErrorReporter(std::make_unique<RecordingErrorReporter>(&errors));
    const QString spec = u"template:llama?n_layer=2&ngl=1"_s;
    auto src = open_source(spec.toStdString(), llama_params{});
    QVERIFY2(src.ok(), src.ok() ? "" : src.err().message.c_str());
    QSignalSpy started(w.session(), &GraphSession::loadStarted);
    w.session()->setDocument(std::move(src->doc), spec, std::move(src->preallocate));
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->llamaReserve().has_value(), 20000);
    QCOMPARE(w.replanner()->options().params.ngl, 1);
    QCOMPARE(started.size(), 0);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
}

// A 2026 document's compute buffer row shows llama.cpp da46e59c's reserve (stories260K at the
// defaults: CPU compute buffer size = 33,120 bytes, 0.03 MiB), not a 2023 prompt-graph line.
void TestWhatIf::buffersShow2026Reserve() {
    const QString model = QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    if (!QFile::exists(model)) QSKIP("no shared stories260K.gguf");
    QStringList errors;
    auto w = windowWithDefaultModel(&errors);
    QSignalSpy planned(w->session(), &GraphSession::planFinished);
    w->session()->openFile(model);
    QTRY_VERIFY_WITH_TIMEOUT(w->session()->llmReserve() && !w->session()->isLoading() && !w->session()->isPlanning(), 20000);
    QCOMPARE(w->session()->llmReserve()->compute, std::size_t{33120});
    const BufferListModel& buffers = *w->buffersPanel()->model();
    int compute = -1;
    for (int r = 0; r < buffers.rowCount(); ++r)
        if (!buffers.index(r, BufferListModel::LlamaColumn).data().toString().isEmpty()) compute = r;
    QVERIFY(compute >= 0);
    const QModelIndex cell = buffers.index(compute, BufferListModel::LlamaColumn);
    QCOMPARE(cell.data().toString(), u"0.03 MiB"_s);
    const QString tip = cell.data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.startsWith(u"llama.cpp da46e59c reserves: CPU compute buffer size = 0.03 MiB"_s), qPrintable(tip));
    QVERIFY(!tip.contains(u"worst-case"_s));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
}

// The embedded model opened as the app opens it (2026) re-plans as llama.cpp da46e59c builds it
// (tests/data/llama_cpp/stories260K.tsv, n_ctx 512 flash attention on: n_batch 8 161 nodes,
// CPU compute 33,120 bytes; n_batch 32: 132,480 bytes).
void TestWhatIf::embeddedReplans2026() {
    QStringList errors;
    auto w = std::make_unique<MainWindow>();
    w->setErrorReporter(std::make_unique<RecordingErrorReporter>(&errors));
    openDefaultModel(*w->session());
    GraphSession* session = w->session();
    QCOMPARE(w->replanner()->source().kind, ModelSource::Kind::Embedded);
    QVERIFY(w->whatIfBar()->isEnabled());
    QVERIFY(session->llmReserve());
    QCOMPARE(session->llmReserve()->compute, std::size_t{33120});
    QSignalSpy finished(session, &GraphSession::loadFinished);
    w->whatIfBar()->batchBox()->setValue(32);
    QVERIFY(finished.wait(10000));
    QTRY_VERIFY_WITH_TIMEOUT(!session->isLoading() && !session->isPlanning(), 20000);
    QCOMPARE(session->era().version(), ggml_version::v2026);
    QCOMPARE(session->document().name, std::string(startupModelName));
    QCOMPARE(static_cast<int>(session->document().g.nodes.size()), startup2026Nodes);
    QVERIFY(session->llmReserve());
    QCOMPARE(session->llmReserve()->compute, std::size_t{132480});
    QCOMPARE(w->replanner()->source().kind, ModelSource::Kind::Embedded);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
}

QTEST_MAIN(TestWhatIf)
#include "test_what_if.moc"
