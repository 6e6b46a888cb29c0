// What-if re-planning in the main window: the what-if bar follows the document's source (enabled
// for the embedded model, a .gguf file and template:llama, disabled for a JSON graph), an edit
// re-plans after the debounce on the session's worker, the new graph has the expected n_kv, the
// selection's tensor is selected again by name, and refused options keep the graph.
#include "mainwindow/main_window.h"
#include "options/model_replanner.h"
#include "options/what_if_bar.h"
#include "panels/summary_panel.h"
#include "session/graph_session.h"
#include "session/startup_graph.h"
#include "ui_test_support.h"

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
    auto graph = loadStartupGraph({});
    if (!graph) qFatal("default graph: %s", graph.err().message.c_str());
    w->session()->setDocument(std::move(graph).value());
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
    void barFollowsSource();
    void editReplans_data();
    void editReplans();
    void editsAreDebounced();
    void refusedOptionsKeepGraph();
    void beforeAndAfter();
    void fileAndTemplateReplan();
};

void TestWhatIf::initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

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
    finished.clear();
    w->whatIfBar()->ctxBox()->setValue(20);
    QVERIFY(finished.wait(10000));
    QCOMPARE(session->filePath(), model);
    QCOMPARE(ne(session->document(), "KQ_mask", 0), 20);
    QCOMPARE(ne(session->document(), "cache_k", 0), 32 * 5 * 20);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
}

QTEST_MAIN(TestWhatIf)
#include "test_what_if.moc"
