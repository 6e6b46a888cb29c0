// The main window: default graph, status bar, summary, canvas -> inspector selection, the template dialog,
// a malformed file keeping the graph, layout save/restore, the screenshot helper, the peak, sweep,
// breakpoint-mark and split-cause wiring.
#include "buffers/buffer_view.h"
#include "canvas/graph_canvas.h"
#include "canvas/tensor_node_item.h"
#include "io/graph_json.h"
#include "mainwindow/main_window.h"
#include "mainwindow/screenshot.h"
#include "mainwindow/template_dialog.h"
#include "model/live_tensor_model.h"
#include "model/op_summary_model.h"
#include "model/tensor_list_model.h"
#include "options/sweep_dialog.h"
#include "panels/inspector_panel.h"
#include "panels/peak_panel.h"
#include "panels/summary_panel.h"
#include "panels/tensor_list_panel.h"
#include "sched/split_controller.h"
#include "sched/split_overview.h"
#include "sched/split_panel.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"
#include "session/startup_graph.h"
#include "settings/app_settings.h"
#if defined(PLANSCOPE_HAS_OPENCL)
#include "backend/opencl/opencl_backend.h"
#endif
#include "split_test_support.h"
#include "stepping/step_controller.h"
#include "default_model_support.h"
#include "ui_test_support.h"

#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

using Field = InspectorPanel::Field;
using Total = SummaryPanel::Total;

namespace {

std::unique_ptr<MainWindow> windowWithAttention(QStringList* errors = nullptr) {
    auto w = std::make_unique<MainWindow>();
    if (errors) w->setErrorReporter(std::make_unique<RecordingErrorReporter>(errors));
    w->session()->setDocument(attentionDocument());
    // The canvas lays the graph out in a worker; the tests below want its items.
    if (!QTest::qWaitFor([&] { return !w->canvas()->isLayoutRunning(); }, 20000)) qWarning("canvas layout timed out");
    return w;
}

void clickItem(GraphCanvas* canvas, const QGraphicsItem* item) {
    canvas->centerOn(item);
    const QPoint at = canvas->mapFromScene(item->sceneBoundingRect().center());
    QTest::mouseClick(canvas->viewport(), Qt::LeftButton, {}, at);
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void opensWithDefaultGraph();
    void summaryShowsConcreteNumbers();
    void canvasDrawsEveryTensor();
    void clickingNodeUpdatesInspector();
    void inspectorShowsViewSource();
    void tensorListFollowsSelection();
    void malformedFileKeepsGraph();
    void openingFileReplacesGraph();
    void viewMenuTogglesEveryDock();
    void layoutRoundTrip();
    void backendListRemembered();
    void fitToScreen_data();
    void fitToScreen();
    void docksReadable_data();
    void docksReadable();
    void screenshotWritesPng();
    void templateDialogSpec();
    void newFromTemplateOpensGraph();
    void analysisIsWired();
    void allocatorMenuReplans();

private:
    QTemporaryDir m_dir;
};

// Issue 16's views, as the window wires them: the Peak dock explains the compute buffer, Model >
// Compute Buffer Sweep opens the sweep of the current model, a breakpoint shows on the canvas,
// and after Schedule the Inspector gives backend and cause and a cause group is marked on the
// split overview.
void TestMainWindow::analysisIsWired() {
    MainWindow w;
    QSignalSpy planned(w.session(), &GraphSession::planFinished);
    openDefaultModel(*w.session(), planscope::ggml_version::v2023); // 2023's graph: its live set and kq-0
    QVERIFY(planned.wait(10000));
    QCOMPARE(w.peakPanel()->buffers().size(), std::size_t{1});
    QCOMPARE(w.peakPanel()->model()->rowCount(), 2); // result_output and ffn_out-4 (test_live_tensors)
    QCOMPARE(w.findChild<QLabel*>(u"statusCompute"_s)->text(), u"Compute buffer 18.0 KiB"_s);

    QMenu* model = w.findChild<QMenu*>(u"modelMenu"_s);
    QVERIFY(model);
    QCOMPARE(model->actions().size(), 3);
    QCOMPARE(model->actions()[0]->objectName(), u"modelOptionsAction"_s);
    QCOMPARE(model->actions()[2]->objectName(), u"devicesAction"_s);
    QAction* sweep = model->actions()[1];
    QCOMPARE(sweep->objectName(), u"sweepAction"_s);
    QVERIFY(sweep->isEnabled());
    QVERIFY(!w.sweepDialog());
    sweep->trigger();
    QVERIFY(w.sweepDialog());
    QVERIFY(w.sweepDialog()->isVisible());
    QCOMPARE(w.sweepDialog()->valuesEdit()->text(), u"1,8,32,128,512"_s);
    w.sweepDialog()->close();

    const planscope::tensor_id kq = findTensor(w.session()->document(), "kq-0");
    QTRY_VERIFY(w.canvas()->itemOf(kq));
    w.stepController()->toggleTensorBreakpoint(kq);
    QVERIFY(w.canvas()->itemOf(kq)->hasBreakpoint());
    w.stepController()->toggleTensorBreakpoint(kq);
    QVERIFY(!w.canvas()->itemOf(kq)->hasBreakpoint());

    QVERIFY(w.session()->openTemplate(QString::fromLatin1(test::smallLlama)));
    QVERIFY(!w.inspector()->isFieldShown(InspectorPanel::Field::Backend));
    SplitController* splits = w.splitPanel()->controller();
    splits->setReplayInterval(0);
    w.splitPanel()->backendBox()->setCurrentIndex(1); // CPU + CPU
    QSignalSpy replayed(splits, &SplitController::replayFinished);
    splits->scheduleDocument();
    QVERIFY(replayed.wait(60000) || replayed.count() == 1);
    QVERIFY(w.inspector()->isFieldShown(InspectorPanel::Field::Backend));
    QTRY_COMPARE(w.peakPanel()->buffers().size(), std::size_t{2}); // one per backend
    // Issue 36: the status bar lists each backend's compute buffer, as the summary does.
    const QString perBackend = w.summaryPanel()->text(SummaryPanel::Total::ComputeBuffers);
    QCOMPARE(perBackend, u"CPU 1.1 KiB, CPU1 640 bytes"_s);
    QCOMPARE(w.findChild<QLabel*>(u"statusCompute"_s)->text(), u"Compute buffers "_s + perBackend);
    w.splitPanel()->causeView()->selectRow(0);
    QCOMPARE(w.splitOverview()->markedBoxes(), std::vector<int>({2, 6}));
}

// View > Allocator: small.json planned by ggml 2026 needs 256 bytes, not 2023's 384 (its
// parse_seq barrier, docs/plan-listing.md). The choice is the document's: a re-plan of the same
// document keeps it, another document starts in its own era (a graph file's 2023, a model's 2026).
// The status bar says which era planned.
void TestMainWindow::allocatorMenuReplans() {
    MainWindow w;
    QSignalSpy planned(w.session(), &GraphSession::planFinished);
    auto small = load_graph_json_file(PLANSCOPE_SOURCE_DIR "/tests/data/graphs/small.json");
    QVERIFY(small.ok());
    w.session()->setDocument(copy_document(*small));
    QVERIFY(planned.wait(10000));
    QCOMPARE(w.session()->planTrace()->result().max_size, std::size_t{384});
    QAction* v2023 = w.findChild<QAction*>(u"ggml2023Action"_s);
    QAction* v2026 = w.findChild<QAction*>(u"ggml2026Action"_s);
    QVERIFY(v2023 && v2026);
    QVERIFY(v2023->isChecked() && !v2026->isChecked());
    QLabel* status = w.findChild<QLabel*>(u"statusGgml"_s);
    QVERIFY(status);
    QCOMPARE(status->text(), u"Planned by ggml 2023 (seeds)"_s);
    QAction* maxSize = w.findChild<QAction*>(u"maxBufferSizeAction"_s);
    QVERIFY(maxSize && !maxSize->isEnabled()); // 2023 has no maximum

    v2026->trigger();
    QVERIFY(planned.wait(10000));
    QCOMPARE(w.session()->era().version(), planscope::ggml_version::v2026);
    QCOMPARE(w.session()->planTrace()->result().version, planscope::ggml_version::v2026);
    QCOMPARE(w.session()->planTrace()->result().max_size, std::size_t{256});
    QCOMPARE(w.findChild<QLabel*>(u"statusCompute"_s)->text(), u"Compute buffer 384 bytes \u2192 256 bytes (\u2212128 bytes)"_s);
    QVERIFY(v2026->isChecked() && !v2023->isChecked());
    QCOMPARE(status->text(), u"Planned by ggml 2026 (d99724f2)"_s);
    QVERIFY(maxSize->isEnabled());

    // 128 bytes at most: y, which 256 bytes put beside norm, opens a chunk of its own
    // (planscope-cli plan small.json --ggml 2026 --max-buffer-size 128).
    w.session()->setMaxBufferSize(128);
    QVERIFY(planned.wait(10000));
    QCOMPARE(w.session()->planTrace()->result().max_size, std::size_t{128});
    QCOMPARE(w.session()->planTrace()->result().more_chunks.size(), std::size_t{1});
    QCOMPARE(status->text(), u"Planned by ggml 2026 (d99724f2), buffers of 128 bytes at most"_s);

    w.session()->setDocument(copy_document(*small)); // the same document again
    QVERIFY(planned.wait(10000));
    QCOMPARE(w.session()->planTrace()->result().max_size, std::size_t{128});
    w.session()->setMaxBufferSize(SIZE_MAX);
    QVERIFY(planned.wait(10000));
    QCOMPARE(w.session()->planTrace()->result().max_size, std::size_t{256});
    QVERIFY(w.session()->planTrace()->result().more_chunks.empty());

    graph_document other = copy_document(*small);
    other.name = "other";
    w.session()->setDocument(std::move(other));
    QVERIFY(planned.wait(10000));
    QCOMPARE(w.session()->era().version(), planscope::ggml_version::v2023);
    QCOMPARE(w.session()->planTrace()->result().max_size, std::size_t{384});
    QVERIFY(v2023->isChecked());
    QCOMPARE(status->text(), u"Planned by ggml 2023 (seeds)"_s);
    QVERIFY(!maxSize->isEnabled());

    graph_document model = copy_document(*small);
    model.name = "model"; // as a .gguf source opens (opened_source::era)
    w.session()->setDocument(std::move(model), {}, {}, {}, planscope::ggml_version::v2026);
    QVERIFY(planned.wait(10000));
    QCOMPARE(w.session()->planTrace()->result().max_size, std::size_t{256});
    QVERIFY(v2026->isChecked());
    QCOMPARE(status->text(), u"Planned by ggml 2026 (d99724f2)"_s);
}

void TestMainWindow::initTestCase() {
    QVERIFY(m_dir.isValid());
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestMainWindow::opensWithDefaultGraph() {
    MainWindow w;
    openDefaultModel(*w.session()); // as the app opens it: a .gguf, in 2026
    QCOMPARE(static_cast<int>(w.session()->document().g.nodes.size()), startup2026Nodes);
    QCOMPARE(w.session()->era().version(), planscope::ggml_version::v2026);
    QCOMPARE(w.statusName(), u"stories260K.gguf"_s);
    QCOMPARE(w.statusCounts(), u"Nodes: 161  Leafs: 65"_s);
    QVERIFY(w.windowTitle().contains(u"stories260K.gguf"_s));
    QVERIFY(!w.inspector()->showsTensor());
}

void TestMainWindow::summaryShowsConcreteNumbers() {
    auto w = windowWithAttention();
    const SummaryPanel* s = w->summaryPanel();
    QCOMPARE(s->text(Total::Nodes), QString::number(attentionNodes));
    QCOMPARE(s->text(Total::Leafs), QString::number(attentionLeafs));
    QCOMPARE(s->text(Total::Tensors), QString::number(attentionTensors));

    std::uint64_t leafBytes = 0;
    const graph_document& doc = w->session()->document();
    for (tensor_id id : doc.g.leafs) leafBytes += nbytes(doc.ctx[id]);
    QVERIFY2(s->text(Total::LeafBytes).startsWith(QLocale().toString(static_cast<qulonglong>(leafBytes)) + u" bytes"),
             qPrintable(s->text(Total::LeafBytes)));

    const OpSummaryModel* ops = s->model();
    QCOMPARE(ops->index(0, OpSummaryModel::OpColumn).data().toString(), u"MUL_MAT"_s);
    QCOMPARE(ops->index(0, OpSummaryModel::CountColumn).data(OpSummaryModel::SortRole).toInt(), attentionMulMats);
}

void TestMainWindow::canvasDrawsEveryTensor() {
    auto w = windowWithAttention();
    const graph_document& doc = w->session()->document();
    QTRY_COMPARE(w->canvas()->itemCount(), attentionNodes + attentionLeafs);
    int boxes = 0;
    for (QGraphicsItem* item : w->canvas()->scene()->items())
        if (item->type() == TensorNodeItem::Type) ++boxes;
    QCOMPARE(boxes, attentionNodes + attentionLeafs);
    for (tensor_id id : doc.g.nodes) {
        const TensorNodeItem* item = w->canvas()->itemOf(id);
        QVERIFY(item);
        QCOMPARE(item->name(), QString::fromStdString(doc.ctx[id].name));
    }
}

void TestMainWindow::clickingNodeUpdatesInspector() {
    auto w = windowWithAttention();
    w->show();
    QVERIFY(QTest::qWaitForWindowExposed(w.get()));
    const graph_document& doc = w->session()->document();
    const tensor_id kq = findTensor(doc, "KQ-0");
    TensorNodeItem* item = w->canvas()->itemOf(kq);
    QVERIFY(item);

    clickItem(w->canvas(), item);
    QCOMPARE(w->session()->selection(), kq);
    QVERIFY(item->isSelected());
    const InspectorPanel* inspector = w->inspector();
    QVERIFY(inspector->showsTensor());
    QCOMPARE(inspector->text(Field::Name), u"KQ-0"_s);
    QCOMPARE(inspector->text(Field::Op), u"MUL_MAT"_s);
    QCOMPARE(inspector->text(Field::Type), u"f32"_s);
    QCOMPARE(inspector->text(Field::Shape), u"[4, 4, 8, 1]"_s);
    QCOMPARE(inspector->text(Field::Strides), u"[4, 16, 64, 512]"_s);
    QCOMPARE(inspector->text(Field::Size), u"512 bytes"_s);
    QVERIFY2(inspector->text(Field::Sources).contains(u"K-0"_s), qPrintable(inspector->text(Field::Sources)));
    QVERIFY(inspector->text(Field::Sources).contains(u"Q-0"_s));
    QCOMPARE(inspector->text(Field::Placement), u"not allocated"_s);

    // A weight: a leaf placed in the weights buffer.
    const tensor_id weight = findTensor(doc, "blk.0.attn_q.weight");
    clickItem(w->canvas(), w->canvas()->itemOf(weight));
    QCOMPARE(w->session()->selection(), weight);
    QCOMPARE(inspector->text(Field::Role), u"leaf"_s);
    QCOMPARE(inspector->text(Field::Op), u"NONE"_s);
    QVERIFY2(inspector->text(Field::Placement).startsWith(u"weights (CPU) at offset"_s), qPrintable(inspector->text(Field::Placement)));

    // Clicking the background clears the selection.
    QTest::mouseClick(w->canvas()->viewport(), Qt::LeftButton, {}, QPoint(2, 2));
    QVERIFY(!w->session()->selection().valid());
    QVERIFY(!inspector->showsTensor());
}

void TestMainWindow::inspectorShowsViewSource() {
    auto w = windowWithAttention();
    const graph_document& doc = w->session()->document();
    const tensor_id q = findTensor(doc, "Q-0");
    w->session()->setSelection(q);
    const InspectorPanel* inspector = w->inspector();
    QCOMPARE(inspector->text(Field::Op), u"PERMUTE"_s);
    QCOMPARE(inspector->text(Field::Role), u"node (view)"_s);
    const QString viewSource = QString::fromStdString(doc.ctx[doc.ctx[q].view_src].name);
    QVERIFY2(inspector->text(Field::ViewSource).startsWith(viewSource + u" at byte offset 0"),
             qPrintable(inspector->text(Field::ViewSource)));
    // permute(q, 0, 2, 1, 3)
    QVERIFY2(inspector->text(Field::Parameters).contains(u"axis1 = 2"_s), qPrintable(inspector->text(Field::Parameters)));
    QVERIFY(inspector->text(Field::Parameters).contains(u"axis2 = 1"_s));
    QVERIFY(w->canvas()->itemOf(q)->isSelected());
}

void TestMainWindow::tensorListFollowsSelection() {
    auto w = windowWithAttention();
    const graph_document& doc = w->session()->document();
    TensorListPanel* list = w->tensorListPanel();
    const tensor_id softMax = findTensor(doc, "KQ_soft_max-1");
    w->session()->setSelection(softMax);
    QCOMPARE(TensorListModel::tensorAt(list->view()->currentIndex()), softMax);

    // And the other way: picking a row selects the tensor everywhere.
    const tensor_id out = findTensor(doc, "result_norm");
    list->setFilterText(u"result_"_s);
    QCOMPARE(list->view()->model()->rowCount(), 1);
    list->view()->setCurrentIndex(list->view()->model()->index(0, 0));
    QCOMPARE(w->session()->selection(), out);
    QCOMPARE(w->inspector()->text(Field::Flags), u"output"_s);
    QVERIFY(w->canvas()->itemOf(out)->isSelected());
}

void TestMainWindow::malformedFileKeepsGraph() {
    QStringList errors;
    auto w = windowWithAttention(&errors);
    const QString bad = m_dir.filePath(u"broken.json"_s);
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"version\": 1, \"tensors\": 42}");
    f.close();
    const QString countsBefore = w->statusCounts();

    QSignalSpy failed(w->session(), &GraphSession::loadFailed);
    w->openFile(bad);
    QVERIFY(failed.wait(10000));
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors.first().contains(u"broken.json"_s), qPrintable(errors.first()));
    QVERIFY(errors.first().startsWith(u"Cannot Open Graph\n"_s));
    QCOMPARE(static_cast<int>(w->session()->document().g.nodes.size()), attentionNodes);
    QCOMPARE(w->statusCounts(), countsBefore);
    QCOMPARE(w->statusName(), u"attention"_s);
    QCOMPARE(w->summaryPanel()->text(Total::Nodes), QString::number(attentionNodes));
}

void TestMainWindow::openingFileReplacesGraph() {
    QStringList errors;
    auto w = windowWithAttention(&errors);
    // The default graph under another name: the window must show the file's graph.
    graph_document doc = attentionDocument();
    doc.name = "renamed";
    const QString path = m_dir.filePath(u"renamed.json"_s);
    QVERIFY(save_graph_json_file(doc, path.toStdString()).ok());

    QSignalSpy finished(w->session(), &GraphSession::loadFinished);
    w->openFile(path);
    QVERIFY(finished.wait(10000));
    QVERIFY(errors.isEmpty());
    QCOMPARE(w->statusName(), u"renamed"_s);
    QVERIFY(w->windowTitle().contains(u"renamed"_s));
    QCOMPARE(w->session()->filePath(), path);
}

void TestMainWindow::viewMenuTogglesEveryDock() {
    MainWindow w;
    const QList<QDockWidget*> docks = w.findChildren<QDockWidget*>();
    QStringList titles;
    for (QDockWidget* d : docks) titles << d->windowTitle();
    titles.sort();
    QCOMPARE(titles, (QStringList{u"Buffer Layout"_s, u"Buffers"_s, u"Capture"_s, u"Devices"_s, u"Event Log"_s, u"Graph Summary"_s,
                                  u"Inspector"_s, u"Memory Timeline"_s, u"Peak"_s, u"Splits"_s, u"Tensors"_s, u"Why"_s}));

    QMenu* view = nullptr;
    for (QAction* a : w.menuBar()->actions())
        if (a->menu() && a->text() == u"&View"_s) view = a->menu();
    QVERIFY(view);
    for (QDockWidget* d : docks) {
        QVERIFY2(view->actions().contains(d->toggleViewAction()), qPrintable(d->windowTitle()));
        QVERIFY(!d->objectName().isEmpty()); // saveState needs it
    }
}

// Issue 36: F7 split over "CPU" alone by default; now CPU and the first other backend, and the
// list chosen last comes back in the next window.
void TestMainWindow::backendListRemembered() {
    QSettings().remove(u"splits/backends"_s);
#if defined(PLANSCOPE_HAS_OPENCL)
    const QString expected = planscope::list_opencl_devices().ok() ? u"cpu,opencl"_s : u"cpu,cpu"_s;
#else
    const QString expected = u"cpu,cpu"_s;
#endif
    QCOMPARE(AppSettings::defaultBackends(), expected);
    {
        MainWindow w;
        QCOMPARE(w.splitPanel()->backendBox()->currentData().toString(), expected);
        QCOMPARE(w.splitPanel()->controller()->request().list, expected.toStdString());
        w.splitPanel()->backendBox()->setCurrentIndex(w.splitPanel()->backendBox()->findData(u"cpu"_s));
    }
    MainWindow again;
    QCOMPARE(again.splitPanel()->backendBox()->currentData().toString(), u"cpu"_s);
    QCOMPARE(again.splitPanel()->controller()->request().list, std::string("cpu"));
    QSettings().setValue(u"splits/backends"_s, u"no-such-backend"_s); // unknown: the default
    MainWindow third;
    QCOMPARE(third.splitPanel()->backendBox()->currentData().toString(), expected);
    QSettings().remove(u"splits/backends"_s);
}

void TestMainWindow::fitToScreen_data() {
    QTest::addColumn<QRect>("saved");
    QTest::addColumn<QRect>("fitted");
    // A 1920x1050 work area below a 30 px panel.
    QTest::newRow("fits") << QRect(100, 100, 1200, 800) << QRect(100, 100, 1200, 800);
    QTest::newRow("from a 4K monitor") << QRect(200, 150, 3200, 1900) << QRect(0, 30, 1920, 1050);
    QTest::newRow("too wide, kept in view") << QRect(900, 200, 2400, 700) << QRect(0, 200, 1920, 700);
    QTest::newRow("off the right edge") << QRect(1500, 100, 800, 600) << QRect(1120, 100, 800, 600);
    QTest::newRow("above the panel") << QRect(10, -40, 800, 600) << QRect(10, 30, 800, 600);
}

// Issue 36: a saved geometry larger than the screen was restored as it was.
void TestMainWindow::fitToScreen() {
    QFETCH(QRect, saved);
    QFETCH(QRect, fitted);
    QCOMPARE(MainWindow::fitToScreen(saved, QRect(0, 30, 1920, 1050)), fitted);
}

void TestMainWindow::layoutRoundTrip() {
    const QString ini = m_dir.filePath(u"layout.ini"_s);
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.findChild<QDockWidget*>(u"eventLogDock"_s)->hide();
        QSettings settings(ini, QSettings::IniFormat);
        w.saveLayout(settings);
    }
    MainWindow w;
    {
        QSettings empty(m_dir.filePath(u"empty.ini"_s), QSettings::IniFormat);
        QVERIFY(!w.restoreLayout(empty));
    }
    QSettings settings(ini, QSettings::IniFormat);
    QVERIFY(w.restoreLayout(settings));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.findChild<QDockWidget*>(u"eventLogDock"_s)->isHidden());
    QVERIFY(w.findChild<QDockWidget*>(u"inspectorDock"_s)->isVisible());
}

void TestMainWindow::docksReadable_data() {
    QTest::addColumn<QSize>("size");
    QTest::newRow("1280x800") << QSize(1280, 800);
    QTest::newRow("1920x1080") << QSize(1920, 1080);
}

// The default arrangement: every bottom dock (and the why-panel) tall enough to read, the
// buffer strips all in view, and the canvas still at least 40% of the window's height.
void TestMainWindow::docksReadable() {
    QFETCH(QSize, size);
    auto w = windowWithAttention();
    w->resize(size);
    w->show();
    QVERIFY(QTest::qWaitForWindowExposed(w.get()));
    QTRY_VERIFY_WITH_TIMEOUT(w->session()->planTrace(), 20000);
    QCOMPARE(w->size(), size);
    for (const QString& name : {u"bufferLayoutDock"_s, u"timelineDock"_s, u"eventLogDock"_s, u"splitsDock"_s, u"whyDock"_s}) {
        auto* dock = w->findChild<QDockWidget*>(name);
        QVERIFY(dock);
        dock->raise();
        QCoreApplication::processEvents();
        QVERIFY2(dock->isVisible(), qPrintable(name));
        QVERIFY2(dock->widget()->height() >= 140, qPrintable(name + u": "_s + QString::number(dock->widget()->height())));
        QVERIFY2(dock->widget()->width() >= 300, qPrintable(name + u": "_s + QString::number(dock->widget()->width())));
    }
    // Both strips (the compute buffer and the pre-allocated summary) fit without cutting.
    QVERIFY(w->bufferView()->height() >= w->bufferView()->sizeHint().height());
    QVERIFY2(w->canvas()->height() >= size.height() * 4 / 10, qPrintable(QString::number(w->canvas()->height())));
    QVERIFY(w->canvas()->width() >= size.width() / 2);
}

void TestMainWindow::screenshotWritesPng() {
    auto w = windowWithAttention();
    const QString png = m_dir.filePath(u"shot.png"_s);
    QString error;
    QVERIFY2(saveScreenshot(*w, png, &error), qPrintable(error));
    QVERIFY(QFileInfo(png).size() > 20000);
    QImage image(png);
    QCOMPARE(image.size(), w->size() * w->devicePixelRatio());

    QVERIFY(!saveScreenshot(*w, m_dir.filePath(u"missing/dir/shot.png"_s), &error));
    QVERIFY(!error.isEmpty());
}

void TestMainWindow::templateDialogSpec() {
    TemplateDialog dialog;
    QVERIFY(dialog.selectTemplate(u"mlp"_s));
    QCOMPARE(dialog.spec(), u"mlp?n_batch=32&n_in=784&n_hidden=256&n_out=10&n_layer=3"_s);
    QVERIFY(dialog.selectTemplate(u"llama"_s));
    auto* layers = qobject_cast<QSpinBox*>(dialog.field(u"n_layer"_s));
    QVERIFY(layers);
    QCOMPARE(layers->minimum(), 1);
    layers->setValue(2);
    auto* kvType = qobject_cast<QComboBox*>(dialog.field(u"kv_type"_s));
    QVERIFY(kvType);
    kvType->setCurrentText(u"f32"_s);
    QCOMPARE(dialog.spec(), u"llama?n_vocab=512&n_embd=64&n_layer=2&n_head=8&n_head_kv=0&n_ff=172&n_ctx=512"
                            "&n_batch=8&n_past=0&kv_type=f32&ngl=0&worst_case=no"_s);
    auto* worstCase = qobject_cast<QComboBox*>(dialog.field(u"worst_case"_s));
    QVERIFY(worstCase);
    worstCase->setCurrentText(u"yes"_s);
    QVERIFY(dialog.spec().endsWith(u"&ngl=0&worst_case=yes"_s));
    QVERIFY(!dialog.field(u"n_hidden"_s)); // the mlp's, not the llama's
    QVERIFY(dialog.selectTemplate(u"attention"_s));
    QCOMPARE(dialog.spec(), u"attention"_s);
    QVERIFY(!dialog.selectTemplate(u"no-such-template"_s));
    // "&Template:" is a form row's label: its buddy is the template box.
    QVERIFY2(labelsWithoutBuddy(dialog).isEmpty(), qPrintable(labelsWithoutBuddy(dialog).join(u", "_s)));
    for (const QLabel* label : dialog.findChildren<QLabel*>())
        if (label->text() == u"&Template:"_s) QVERIFY(qobject_cast<QComboBox*>(label->buddy()));
}

void TestMainWindow::newFromTemplateOpensGraph() {
    QStringList errors;
    auto w = windowWithAttention(&errors);
    QAction* action = nullptr;
    for (QAction* a : w->menuBar()->actions().constFirst()->menu()->actions())
        if (a->text() == u"&New from Template…"_s) action = a;
    QVERIFY(action);
    // exec() runs the dialog's own event loop; fill it in and accept from there.
    QTimer::singleShot(0, w.get(), [&w] {
        auto* dialog = w->findChild<TemplateDialog*>();
        QVERIFY(dialog && dialog->selectTemplate(u"llama"_s));
        qobject_cast<QSpinBox*>(dialog->field(u"n_layer"_s))->setValue(2);
        dialog->accept();
    });
    action->trigger();
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
    QCOMPARE(w->statusName(), u"llama"_s);
    QCOMPARE(static_cast<int>(w->session()->document().g.nodes.size()), 2 * 35 + 4);
}

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
