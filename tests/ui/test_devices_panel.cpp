// The Devices dock (issue 38): repeated devices numbered as ggml numbers them, tensor splits parsed, the
// bars' geometry and hit testing by data rows, the verdict worded as fit_verdict words it, the
// breakdown table under QAbstractItemModelTester with llama.cpp's figures for the Llama-2-7B shape
// on a 24 GB CUDA card (planscope-cli fit ... --ctx 4096 --batch 512 --device cuda-24gb), the panel
// following a what-if, placement edits (latest wins), an edited card's memory and the search for
// the most layers that fit it, a profile that does not load; the sweep dialog on devices (values,
// geometry, -ngl and n_ctx swept on the card).
#include "mainwindow/main_window.h"
#include "options/model_replanner.h"
#include "options/sweep_chart.h"
#include "options/sweep_device_chart.h"
#include "options/sweep_devices.h"
#include "options/sweep_dialog.h"
#include "panels/device_bars.h"
#include "panels/device_bars_geometry.h"
#include "panels/device_choice.h"
#include "panels/device_memory_model.h"
#include "panels/devices_panel.h"
#include "session/graph_session.h"
#include "ui_test_support.h"

#include "device/device_presets.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {

constexpr auto model7B = PLANSCOPE_SHARED_DIR "/models/ggml-vocab-llama-spm.gguf";
constexpr int timeoutMs = 60000;
constexpr std::uint64_t GiB = std::uint64_t{1} << 30, MiB = std::uint64_t{1} << 20;

// planscope-cli fit MODEL --ctx 4096 --batch 512 --device cuda-24gb, and at --ngl 16 / --ctx 8192.
constexpr std::uint64_t cudaModel = 13215219712, cudaContext = 2147483648, cudaCompute = 97005568;
constexpr std::uint64_t hostModel = 262144000;
constexpr std::uint64_t cudaModelNgl16 = 6333906944, cudaContextNgl16 = 1006632960, cudaComputeNgl16 = 163055616;
constexpr std::uint64_t cudaContext8192 = 4294967296, cudaCompute8192 = 101199872;
constexpr std::uint64_t cudaComputeNgl0 = 336068608;
constexpr std::uint64_t cudaFree = 24064 * MiB;

ModelOptions options7B(int nCtx = 4096) {
    ModelOptions o;
    o.params.n_ctx = nCtx;
    o.params.n_batch = 512;
    o.params.n_ubatch = 512;
    return o;
}

device_profile preset(const char* name) {
    auto d = device_preset(name);
    if (!d) qFatal("%s", d.err().message.c_str());
    return std::move(d).value();
}

// The session, what-if re-planning and the panel as the main window wires them.
struct Fixture {
    GraphSession session;
    ModelReplanner replanner{&session};
    DevicesPanel panel{&replanner};
};

// Waits, on fitChanged, until `done` holds.
bool waitForFit(DevicesPanel& panel, const std::function<bool()>& done) {
    QElapsedTimer waited;
    waited.start();
    while (!done()) {
        QSignalSpy spy(&panel, &DevicesPanel::fitChanged);
        const auto left = timeoutMs - waited.elapsed();
        if (left <= 0 || !spy.wait(static_cast<int>(left))) return done();
    }
    return true;
}

std::uint64_t cell(const DeviceMemoryModel& m, int row, int column) {
    return m.data(m.index(row, column), DeviceMemoryModel::SortRole).toULongLong();
}

const llm_fit_report* report(const DevicesPanel& p) { return p.lastFit().report.get(); }

std::uint32_t fittedCtx(const DevicesPanel& p) { return report(p) ? report(p)->reserve.cparams.n_ctx : 0; }

// The 7B shape opened, on one cuda-24gb, re-planned at n_ctx 4096, n_batch = n_ubatch 512.
void open7BOnCard(Fixture& f) {
    QSignalSpy loaded(&f.session, &GraphSession::loadFinished);
    f.session.openFile(QString::fromUtf8(model7B));
    QVERIFY(loaded.wait(timeoutMs));
    QVERIFY(f.panel.addDevice(u"cuda-24gb"_s));
    QVERIFY(f.replanner.replan(options7B()));
    QVERIFY(waitForFit(f.panel, [&] { return fittedCtx(f.panel) == 4096 && !f.panel.isFitting(); }));
}

} // namespace

class TestDevicesPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void numbering_data();
    void numbering();
    void tensorSplit_data();
    void tensorSplit();
    void bars_data();
    void bars();
    void barHit_data();
    void barHit();
    void verdict_data();
    void verdict();
    void breakdown7B();
    void whatIfUpdates();
    void placementLatestWins();
    void editedMemoryAndSearch();
    void badProfileKept();
    void removeKeepsNames();
    void templateHasNoFile();
    void mainWindowDock();
    void sweepValues_data();
    void sweepValues();
    void sweepGeometry();
    void sweepNglOnCard();
    void sweepCtxOnCard();
};

void TestDevicesPanel::initTestCase() {
    isolateSettings(u"test_devices_panel"_s);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestDevicesPanel::numbering_data() {
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QStringList>("numbered");
    QTest::newRow("two cards of one backend") << QStringList{u"CUDA0"_s, u"CUDA0"_s} << QStringList{u"CUDA0"_s, u"CUDA1"_s};
    QTest::newRow("backends counted apart") << QStringList{u"CUDA0"_s, u"ROCm0"_s, u"CUDA0"_s, u"ROCm0"_s}
                                            << QStringList{u"CUDA0"_s, u"ROCm0"_s, u"CUDA1"_s, u"ROCm1"_s};
    QTest::newRow("a file's own number kept") << QStringList{u"CUDA3"_s, u"CUDA0"_s} << QStringList{u"CUDA3"_s, u"CUDA0"_s};
    QTest::newRow("the first free number") << QStringList{u"CUDA1"_s, u"CUDA0"_s, u"CUDA1"_s}
                                           << QStringList{u"CUDA1"_s, u"CUDA0"_s, u"CUDA2"_s};
}

void TestDevicesPanel::numbering() {
    QFETCH(QStringList, names);
    QFETCH(QStringList, numbered);
    std::vector<device_profile> gpus;
    for (const QString& n : names) {
        device_profile d = preset("cuda-24gb");
        d.name = d.buffer.name = n.toStdString();
        gpus.push_back(d);
    }
    gpus.front().buffer.name = "elsewhere"; // a buffer type not named after its device keeps its name
    DeviceChoice choice;
    for (device_profile& d : gpus) choice.add(std::move(d), u"cuda-24gb"_s);
    gpus = choice.gpus;
    QStringList got;
    for (const device_profile& d : gpus) got << QString::fromStdString(d.name);
    QCOMPARE(got, numbered);
    QCOMPARE(gpus.front().buffer.name, std::string("elsewhere"));
    for (std::size_t i = 1; i < gpus.size(); ++i) QCOMPARE(gpus[i].buffer.name, gpus[i].name);
}

void TestDevicesPanel::tensorSplit_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<float>>("values");
    QTest::addColumn<QString>("error");
    QTest::newRow("empty: by free memory") << u"  "_s << QList<float>{} << QString();
    QTest::newRow("commas") << u"3,1"_s << QList<float>{3, 1} << QString();
    QTest::newRow("slashes and blanks") << u" 0.5 / 2 "_s << QList<float>{0.5f, 2} << QString();
    QTest::newRow("a word") << u"3,x"_s << QList<float>{} << u"'x' is not a number"_s;
    QTest::newRow("negative") << u"1,-1"_s << QList<float>{} << u"-1 is negative"_s;
    QTest::newRow("an empty share") << u"1,,2"_s << QList<float>{} << u"'' is not a number"_s;
}

void TestDevicesPanel::tensorSplit() {
    QFETCH(QString, text);
    QFETCH(QList<float>, values);
    QFETCH(QString, error);
    const TensorSplitParse p = parseTensorSplit(text);
    QCOMPARE(p.error, error);
    if (error.isEmpty()) {
        QCOMPARE(QList<float>(p.values.begin(), p.values.end()), values);
        QCOMPARE(parseTensorSplit(formatTensorSplit(p.values)).values, p.values);
    }
}

void TestDevicesPanel::bars_data() {
    QTest::addColumn<qulonglong>("model");
    QTest::addColumn<qulonglong>("context");
    QTest::addColumn<qulonglong>("compute");
    QTest::addColumn<qulonglong>("free");
    QTest::addColumn<qulonglong>("total");
    // weights right, KV right, compute right, free x, margin x, over
    QTest::addColumn<QList<qreal>>("xs");
    QTest::addColumn<bool>("over");
    // 400 px wide: the bar from x 104 (8 + the 96 px label) to 392, 288 px; the margin 1 GiB.
    QTest::newRow("fits: 8 GiB card, 4 of its 6 GiB free used")
        << qulonglong(2 * GiB) << qulonglong(GiB) << qulonglong(GiB) << qulonglong(6 * GiB) << qulonglong(8 * GiB)
        << QList<qreal>{176, 212, 248, 320, 284} << false;
    QTest::newRow("within the margin") << qulonglong(4 * GiB) << qulonglong(GiB) << qulonglong(GiB / 2)
                                       << qulonglong(6 * GiB) << qulonglong(8 * GiB)
                                       << QList<qreal>{248, 284, 302, 320, 284} << true;
    QTest::newRow("over: the scale is what it uses, 10 GiB")
        << qulonglong(8 * GiB) << qulonglong(2 * GiB) << qulonglong(0) << qulonglong(8 * GiB) << qulonglong(8 * GiB)
        << QList<qreal>{334.4, 392, 392, 334.4, 305.6} << true;
    QTest::newRow("the margin past the free memory") << qulonglong(0) << qulonglong(0) << qulonglong(256 * MiB)
                                                     << qulonglong(512 * MiB) << qulonglong(GiB)
                                                     << QList<qreal>{104, 104, 176, 248, 104} << true;
    QTest::newRow("nothing at all") << qulonglong(0) << qulonglong(0) << qulonglong(0) << qulonglong(0) << qulonglong(0)
                                    << QList<qreal>{104, 104, 104, 104, 104} << true;
}

void TestDevicesPanel::bars() {
    QFETCH(qulonglong, model);
    QFETCH(qulonglong, context);
    QFETCH(qulonglong, compute);
    QFETCH(qulonglong, free);
    QFETCH(qulonglong, total);
    QFETCH(QList<qreal>, xs);
    QFETCH(bool, over);
    // The row second, under a first one: 8 + 20 + 18 + 10 = 56 px down.
    const DeviceBarInput rows[] = {{GiB, 0, 0, 2 * GiB, 2 * GiB}, {model, context, compute, free, total}};
    const std::vector<DeviceBar> b = deviceBars(rows, 400, GiB);
    QCOMPARE(b.size(), std::size_t{2});
    const DeviceBar& r = b[1];
    QCOMPARE(r.bar, QRectF(104, 56, 288, 20));
    QCOMPARE(r.label, QRectF(8, 56, 96, 20));
    QCOMPARE(r.verdict, QRectF(104, 76, 288, 18));
    QCOMPARE(r.weights.left(), qreal(104));
    const qreal got[] = {r.weights.right(), r.kv.right(), r.compute.right(), r.freeX, r.marginX};
    for (qsizetype i = 0; i < xs.size(); ++i)
        QVERIFY2(std::abs(got[i] - xs[i]) < 0.001, qPrintable(u"x%1 = %2, expected %3"_s.arg(i).arg(got[i]).arg(xs[i])));
    QCOMPARE(r.kv.left(), r.weights.right());
    QCOMPARE(r.compute.left(), r.kv.right());
    QCOMPARE(r.over, over);
    QCOMPARE(deviceBarsHeight(2), qreal(94));
    QCOMPARE(deviceBarsHeight(0), qreal(8));
}

void TestDevicesPanel::barHit_data() {
    QTest::addColumn<QPointF>("pos");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("part");
    // Row 0: weights 104-176, KV 176-212, compute 212-248 of a bar 104-392, y 8-28; row 1 at y 56.
    QTest::newRow("weights") << QPointF(150, 10) << 0 << int(DeviceBarPart::Weights);
    QTest::newRow("on the boundary: KV") << QPointF(176, 10) << 0 << int(DeviceBarPart::KvCache);
    QTest::newRow("compute") << QPointF(230, 27) << 0 << int(DeviceBarPart::Compute);
    QTest::newRow("the rest") << QPointF(300, 10) << 0 << int(DeviceBarPart::Rest);
    QTest::newRow("the label") << QPointF(50, 10) << -1 << int(DeviceBarPart::None);
    QTest::newRow("the verdict") << QPointF(150, 40) << -1 << int(DeviceBarPart::None);
    QTest::newRow("second row") << QPointF(150, 60) << 1 << int(DeviceBarPart::Weights);
}

void TestDevicesPanel::barHit() {
    QFETCH(QPointF, pos);
    QFETCH(int, row);
    QFETCH(int, part);
    const DeviceBarInput rows[] = {{2 * GiB, GiB, GiB, 6 * GiB, 8 * GiB}, {8 * GiB, 0, 0, 8 * GiB, 8 * GiB}};
    const std::vector<DeviceBar> b = deviceBars(rows, 400, GiB);
    QCOMPARE(deviceBarAt(b, pos), (DeviceBarHit{row, static_cast<DeviceBarPart>(part)}));
}

void TestDevicesPanel::verdict_data() {
    QTest::addColumn<qulonglong>("free");
    QTest::addColumn<qulonglong>("model");
    QTest::addColumn<qulonglong>("context");
    QTest::addColumn<qulonglong>("compute");
    QTest::addColumn<QString>("text");
    QTest::newRow("the 7B on a 24 GB card") << qulonglong(cudaFree) << qulonglong(cudaModel) << qulonglong(cudaContext)
                                           << qulonglong(cudaCompute) << u"fits, 9.1 GiB free"_s;
    QTest::newRow("within the margin") << qulonglong(10 * GiB) << qulonglong(9 * GiB) << qulonglong(GiB / 2) << qulonglong(0)
                                       << u"within the margin: 512.0 MiB free, under the 1.0 GiB margin"_s;
    QTest::newRow("over, the KV cache largest") << qulonglong(8 * GiB) << qulonglong(2 * GiB) << qulonglong(8 * GiB)
                                                << qulonglong(GiB / 5)
                                                << u"over by 2.2 GiB: KV cache 8.0 GiB is the largest share"_s;
    QTest::newRow("over, the compute buffer largest") << qulonglong(GiB) << qulonglong(0) << qulonglong(0)
                                                      << qulonglong(3 * GiB / 2)
                                                      << u"over by 512.0 MiB: compute buffer 1.5 GiB is the largest share"_s;
}

void TestDevicesPanel::verdict() {
    QFETCH(qulonglong, free);
    QFETCH(qulonglong, model);
    QFETCH(qulonglong, context);
    QFETCH(qulonglong, compute);
    QFETCH(QString, text);
    llm_device_memory d{"CUDA0", "", 0, 24 * GiB, free, model, context, compute};
    QCOMPARE(deviceVerdict(d, llm_fit_default_margin), text);
    // The engine's words (planscope-cli fit prints them), the same in English.
    QCOMPARE(QString::fromStdString(fit_verdict(d, llm_fit_default_margin)), text);
}

void TestDevicesPanel::breakdown7B() {
    Fixture f;
    open7BOnCard(f);
    DeviceMemoryModel& m = *f.panel.memoryModel();
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(m.rowCount(), 2);
    QCOMPARE(m.data(m.index(0, DeviceMemoryModel::DeviceColumn)).toString(), u"CUDA0"_s);
    QCOMPARE(m.data(m.index(0, DeviceMemoryModel::DeviceColumn), Qt::ToolTipRole).toString(), u"NVIDIA GeForce RTX 4090"_s);
    QCOMPARE(m.data(m.index(1, DeviceMemoryModel::DeviceColumn)).toString(), u"Host"_s);
    QCOMPARE(cell(m, 0, DeviceMemoryModel::ModelColumn), cudaModel);
    QCOMPARE(cell(m, 0, DeviceMemoryModel::ContextColumn), cudaContext);
    QCOMPARE(cell(m, 0, DeviceMemoryModel::ComputeColumn), cudaCompute);
    QCOMPARE(cell(m, 0, DeviceMemoryModel::TotalColumn), cudaModel + cudaContext + cudaCompute);
    QCOMPARE(cell(m, 0, DeviceMemoryModel::FreeColumn), cudaFree);
    QCOMPARE(cell(m, 1, DeviceMemoryModel::ModelColumn), hostModel);
    QCOMPARE(cell(m, 1, DeviceMemoryModel::ContextColumn), std::uint64_t{0});
    QCOMPARE(m.data(m.index(0, DeviceMemoryModel::ModelColumn)).toString(), u"12.3 GiB"_s);
    QCOMPARE(m.data(m.index(0, DeviceMemoryModel::ContextColumn), Qt::ToolTipRole).toString(),
             u"2,147,483,648 bytes (2.0 GiB)"_s);
    QCOMPARE(m.data(m.index(0, DeviceMemoryModel::VerdictColumn)).toString(), u"fits, 9.1 GiB free"_s);
    QCOMPARE(m.headerData(DeviceMemoryModel::ContextColumn, Qt::Horizontal).toString(), u"KV cache"_s);
    QCOMPARE(f.panel.summaryLabel()->text(), u"fits"_s);
    QCOMPARE(f.panel.contextLabel()->text(),
             u"n_ctx 4096, n_batch 512, n_ubatch 512, flash attention on; 33 of 33 layers on the GPUs"_s);
    QCOMPARE(f.panel.modelLayers(), 32u);
    // The bars: the card, then the host, the card's stack and verdict.
    const std::vector<DeviceBarRow>& rows = f.panel.barsView()->rows();
    QCOMPARE(rows.size(), std::size_t{2});
    QCOMPARE(rows[0].name, u"CUDA0"_s);
    QCOMPARE(rows[0].bytes.model, cudaModel);
    QCOMPARE(rows[0].bytes.context, cudaContext);
    QCOMPARE(rows[0].bytes.compute, cudaCompute);
    QCOMPARE(rows[0].bytes.free, cudaFree);
    QCOMPARE(rows[0].bytes.total, 24 * GiB);
    QCOMPARE(rows[0].verdict, u"fits, 9.1 GiB free"_s);
    QCOMPARE(rows[1].bytes.model, hostModel);
}

void TestDevicesPanel::whatIfUpdates() {
    Fixture f;
    open7BOnCard(f);
    // A what-if (what the bar and Model Options do): the document is rebuilt on the session's
    // worker, then the panel refits on its own.
    QElapsedTimer sinceEdit, sinceDocument;
    qint64 documentMs = -1;
    connect(&f.replanner, &ModelReplanner::sourceChanged, this, [&] {
        documentMs = sinceEdit.elapsed();
        sinceDocument.start();
    });
    sinceEdit.start();
    QVERIFY(f.replanner.replan(options7B(8192)));
    QVERIFY(waitForFit(f.panel, [&] { return fittedCtx(f.panel) == 8192; }));
    const qint64 fitMs = sinceDocument.elapsed(), totalMs = sinceEdit.elapsed();
    qInfo("what-if n_ctx 4096 -> 8192 on the 7B shape: document rebuilt %lld ms, then the Devices panel %lld ms (%lld ms "
          "from the edit)",
          static_cast<long long>(documentMs), static_cast<long long>(fitMs), static_cast<long long>(totalMs));
    QVERIFY(documentMs >= 0);
    const DeviceMemoryModel& m = *f.panel.memoryModel();
    QCOMPARE(cell(m, 0, DeviceMemoryModel::ContextColumn), cudaContext8192);
    QCOMPARE(cell(m, 0, DeviceMemoryModel::ComputeColumn), cudaCompute8192);
    QCOMPARE(f.panel.barsView()->rows()[0].bytes.context, cudaContext8192);
}

void TestDevicesPanel::placementLatestWins() {
    Fixture f;
    open7BOnCard(f);
    QSignalSpy fits(&f.panel, &DevicesPanel::fitChanged);
    QSignalSpy choices(&f.panel, &DevicesPanel::choiceChanged);
    // Spun through three values while the first is planned: that one is dropped, the last shown.
    f.panel.nglBox()->setValue(10);
    f.panel.nglBox()->setValue(20);
    f.panel.nglBox()->setValue(16);
    QCOMPARE(choices.count(), 3);
    QCOMPARE(f.panel.choice().placement.n_gpu_layers, 16);
    QVERIFY(waitForFit(f.panel, [&] { return !f.panel.isFitting(); }));
    QCOMPARE(fits.count(), 1);
    QCOMPARE(report(f.panel)->offloaded_layers, 16);
    const DeviceMemoryModel& m = *f.panel.memoryModel();
    QCOMPARE(cell(m, 0, DeviceMemoryModel::ModelColumn), cudaModelNgl16);
    QCOMPARE(cell(m, 0, DeviceMemoryModel::ContextColumn), cudaContextNgl16);
    QCOMPARE(cell(m, 0, DeviceMemoryModel::ComputeColumn), cudaComputeNgl16);

    // Options the placement refuses: the error, no rows.
    f.panel.tensorSplitEdit()->setText(u"1,1"_s);
    QVERIFY(waitForFit(f.panel, [&] { return !f.panel.isFitting() && !f.panel.lastFit().error.isEmpty(); }));
    QCOMPARE(m.rowCount(), 0);
    QCOMPARE(f.panel.summaryLabel()->text(), u"--tensor-split: 2 values for 1 GPU"_s);
    // A text that is no split keeps the last placement.
    f.panel.tensorSplitEdit()->setText(u"1,y"_s);
    QCOMPARE(f.panel.choice().placement.tensor_split, (std::vector<float>{1, 1}));
    f.panel.tensorSplitEdit()->clear();
    QVERIFY(waitForFit(f.panel, [&] { return !f.panel.isFitting() && report(f.panel); }));
    QCOMPARE(cell(m, 0, DeviceMemoryModel::ModelColumn), cudaModelNgl16);

    // --no-kv-offload: the KV cache goes to the host.
    f.panel.noKvOffloadBox()->setChecked(true);
    QVERIFY(waitForFit(f.panel, [&] { return !f.panel.isFitting() && report(f.panel) && cell(m, 0, 2) == 0; }));
    QCOMPARE(cell(m, 1, DeviceMemoryModel::ContextColumn), cudaContext);
}

void TestDevicesPanel::editedMemoryAndSearch() {
    Fixture f;
    open7BOnCard(f);
    // The card with 8 GiB free: the whole model no longer fits.
    f.panel.deviceList()->setCurrentRow(0);
    f.panel.freeBox()->setValue(8192);
    QCOMPARE(f.panel.choice().gpus[0].memory_free, 8 * GiB);
    QCOMPARE(f.panel.choice().gpus[0].memory_total, 24 * GiB);
    QVERIFY(waitForFit(f.panel, [&] { return !f.panel.isFitting() && f.panel.summaryLabel()->text() == u"does not fit"; }));
    QVERIFY(f.panel.barsView()->rows()[0].verdict.startsWith(u"over by "_s));
    // planscope-cli fit ... --device (the preset with 8192 MiB free) --find ngl: 16, 7 plans.
    QSignalSpy found(&f.panel, &DevicesPanel::bestFound);
    f.panel.findBest(llm_fit_target::ngl);
    QVERIFY(found.wait(timeoutMs));
    QCOMPARE(f.panel.lastFind().value, std::optional<std::int64_t>(16));
    QCOMPARE(f.panel.lastFind().tries, std::size_t{7});
    QCOMPARE(f.panel.findLabel()->text(), u"Best ngl: 16 (7 plan(s))"_s);
    f.panel.applyBest();
    QCOMPARE(f.panel.nglBox()->value(), 16);
    QVERIFY(waitForFit(f.panel, [&] { return !f.panel.isFitting() && f.panel.summaryLabel()->text() == u"fits"; }));
    QVERIFY(f.panel.findLabel()->text().isEmpty()); // found for the placement before

    // No experts: the search says so.
    f.panel.findBest(llm_fit_target::n_cpu_moe);
    QVERIFY(found.wait(timeoutMs));
    QVERIFY2(f.panel.lastFind().error.contains(u"no experts"_s), qPrintable(f.panel.lastFind().error));
}

void TestDevicesPanel::badProfileKept() {
    Fixture f;
    QVERIFY(f.panel.addDevice(u"cuda-24gb"_s));
    QTemporaryDir dir;
    const QString path = dir.filePath(u"gpu.json"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "planscope-device", "version": 1, "name": "X", "kind": "tpu"})");
    file.close();
    QSignalSpy errors(&f.panel, &DevicesPanel::errorReported);
    QVERIFY(!f.panel.addDevice(path));
    QCOMPARE(errors.count(), 1);
    QCOMPARE(errors[0][0].toString(), u"Cannot Load Device Profile"_s);
    const QString message = errors[0][1].toString();
    QVERIFY2(message.startsWith(path + u": "_s) && message.contains(u"/kind"_s), qPrintable(message));
    QVERIFY(!f.panel.addDevice(u"no-such-card"_s));
    QVERIFY2(errors[1][1].toString().startsWith(u"unknown device 'no-such-card'; presets: cuda-24gb"_s), qPrintable(errors[1][1].toString()));
    QCOMPARE(f.panel.choice().gpus.size(), std::size_t{1});
    QCOMPARE(f.panel.deviceList()->count(), 2);
}

void TestDevicesPanel::removeKeepsNames() {
    Fixture f;
    QVERIFY(f.panel.addDevice(u"cuda-24gb"_s));
    QVERIFY(f.panel.addDevice(u"rocm-24gb"_s));
    QVERIFY(f.panel.addDevice(u"cuda-24gb"_s));
    QStringList names;
    for (const device_profile& d : f.panel.choice().gpus) names << QString::fromStdString(d.name);
    QCOMPARE(names, (QStringList{u"CUDA0"_s, u"ROCm0"_s, u"CUDA1"_s}));
    QCOMPARE(f.panel.deviceList()->item(2)->text(), u"CUDA1: NVIDIA GeForce RTX 4090 (cuda-24gb)"_s);
    QVERIFY(f.panel.deviceList()->item(3)->text().startsWith(u"Host: "_s));
    f.panel.removeDevice(0);
    names.clear();
    for (const device_profile& d : f.panel.choice().gpus) names << QString::fromStdString(d.name);
    QCOMPARE(names, (QStringList{u"ROCm0"_s, u"CUDA1"_s}));
    QCOMPARE(f.panel.choice().gpus[1].buffer.name, std::string("CUDA1"));
    QCOMPARE(f.panel.choice().sources, (std::vector<QString>{u"rocm-24gb"_s, u"cuda-24gb"_s}));
    f.panel.removeDevice(2); // the host stays
    QCOMPARE(f.panel.deviceList()->count(), 3);
}

void TestDevicesPanel::templateHasNoFile() {
    Fixture f;
    QSignalSpy loaded(&f.session, &GraphSession::loadFinished);
    f.session.openFile(u"template:llama?n_layer=2"_s);
    QVERIFY(loaded.wait(timeoutMs));
    QVERIFY(f.replanner.canReplan());
    QCOMPARE(f.panel.memoryModel()->rowCount(), 0);
    QCOMPARE(f.panel.summaryLabel()->text(), u"Open a .gguf model to fit it to devices."_s);
    QVERIFY(!f.panel.findButton()->isEnabled());
}

void TestDevicesPanel::mainWindowDock() {
    MainWindow w;
    auto* dock = w.findChild<QDockWidget*>(u"devicesDock"_s);
    QVERIFY(dock);
    QCOMPARE(dock->widget(), static_cast<QWidget*>(w.devicesPanel()));
    auto* action = w.findChild<QAction*>(u"devicesAction"_s);
    QVERIFY(action);
    dock->close();
    action->trigger();
    QVERIFY(!dock->isHidden());
    QVERIFY(labelsWithoutBuddy(*w.devicesPanel()).isEmpty());
}

void TestDevicesPanel::sweepValues_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ngl");
    QTest::addColumn<QList<int>>("values");
    QTest::addColumn<QString>("error");
    QTest::newRow("a range") << u"0-3"_s << true << QList<int>{0, 1, 2, 3} << QString();
    QTest::newRow("a list and a range") << u"0, 8,16 - 17"_s << true << QList<int>{0, 8, 16, 17} << QString();
    QTest::newRow("a context") << u"2048,4096"_s << false << QList<int>{2048, 4096} << QString();
    QTest::newRow("backwards") << u"5-3"_s << true << QList<int>{} << u"5-3 runs backwards"_s;
    QTest::newRow("a word") << u"1,x"_s << true << QList<int>{} << u"'x' is not a number"_s;
    QTest::newRow("negative ngl") << u"-1"_s << true << QList<int>{} << u"-1 is below 0"_s;
    QTest::newRow("no context") << u"0"_s << false << QList<int>{} << u"0 is below 1"_s;
    QTest::newRow("too many") << u"0-300"_s << true << QList<int>{} << u"more than 256 values"_s;
    QTest::newRow("none") << u" "_s << true << QList<int>{} << u"no values"_s;
}

void TestDevicesPanel::sweepValues() {
    QFETCH(QString, text);
    QFETCH(bool, ngl);
    QFETCH(QList<int>, values);
    QFETCH(QString, error);
    const DeviceSweepValues v = parseDeviceSweepValues(text, ngl ? DeviceSweepKey::ngl : DeviceSweepKey::ctx);
    QCOMPARE(v.error, error);
    if (error.isEmpty()) QCOMPARE(QList<int>(v.values.begin(), v.values.end()), values);
    QCOMPARE(defaultDeviceSweepValues(DeviceSweepKey::ngl, 80), u"0-81"_s);
    QCOMPARE(defaultDeviceSweepValues(DeviceSweepKey::ctx, 80), u"2048,4096,8192,16384,32768"_s);
}

void TestDevicesPanel::sweepGeometry() {
    // 400 x 300 with the sweep chart's metrics: plot (72, 30) 312 x 228, points from x 86 to 370;
    // two cards, 4 GiB free each: the scale 0-4 GiB in 1 GiB steps.
    const std::vector<DeviceSweepPoint> points{{10, {"CUDA0", "CUDA1"}, {3 * GiB, 2 * GiB}, {4 * GiB, 4 * GiB}},
                                               {0, {"CUDA0", "CUDA1"}, {GiB, 0}, {4 * GiB, 4 * GiB}}};
    const SweepDeviceGeometry g = sweepDeviceGeometry(points, QSizeF(400, 300));
    QCOMPARE(g.plot, QRectF(72, 30, 312, 228));
    QCOMPARE(g.scale, (ByteScale{4 * GiB, GiB}));
    QCOMPARE(g.yTicks.size(), std::size_t{5});
    QCOMPARE(g.xs, (std::vector<qreal>{370, 86}));
    QCOMPARE(g.used.size(), std::size_t{2});
    // In value order: ngl 0 first.
    QCOMPARE(g.used[0], QPolygonF({QPointF(86, 201), QPointF(370, 87)}));
    QCOMPARE(g.used[1], QPolygonF({QPointF(86, 258), QPointF(370, 144)}));
    QCOMPARE(g.limitY, (std::vector<qreal>{30, 30}));
    QStringList labels;
    for (const SweepTick& t : g.xTicks) labels << t.label;
    QCOMPARE(labels, (QStringList{u"0"_s, u"10"_s}));
    QVERIFY(sweepDeviceGeometry({}, QSizeF(400, 300)).used.empty());
}

void TestDevicesPanel::sweepNglOnCard() {
    SweepDialog dialog;
    dialog.setModel({ModelSource::Kind::GgufFile, QString::fromUtf8(model7B)}, options7B(), ggml_version::v2026);
    QVERIFY(!dialog.devicesBox()->isEnabled()); // no GPU chosen yet
    DeviceChoice choice;
    choice.host = cpu_device_profile();
    choice.add(preset("cuda-24gb"), u"cuda-24gb"_s);
    dialog.setDevices(choice, 32);
    QVERIFY(dialog.devicesBox()->isEnabled());
    QCOMPARE(dialog.devicesBox()->text(), u"On the Devices dock's devices: CUDA0"_s);
    dialog.setSweepsDevices(true);
    QVERIFY(dialog.sweepsDevices());
    QCOMPARE(dialog.keyBox()->count(), 2);
    QCOMPARE(dialog.keyBox()->currentText(), u"n_gpu_layers"_s);
    QCOMPARE(dialog.valuesEdit()->text(), u"0-33"_s);
    QCOMPARE(dialog.messageLabel()->text(), u"The other parameters stay as they are: n_ctx 4096, n_batch 512."_s);
    QSignalSpy finished(&dialog, &SweepDialog::sweepFinished);
    dialog.run();
    QVERIFY(finished.wait(timeoutMs));
    QCOMPARE(dialog.messageLabel()->text(), u"Done: 34 point(s) planned."_s);
    const std::vector<DeviceSweepPoint>& p = dialog.deviceChart()->points();
    QCOMPARE(p.size(), std::size_t{34});
    QCOMPARE(p[0].names, (std::vector<std::string>{"CUDA0"})); // the host is left out with a GPU
    QCOMPARE(p[0].value, 0);
    QCOMPARE(p[0].used[0], cudaComputeNgl0);
    QCOMPARE(p[16].used[0], cudaModelNgl16 + cudaContextNgl16 + cudaComputeNgl16);
    QCOMPARE(p[33].used[0], cudaModel + cudaContext + cudaCompute);
    QCOMPARE(p[33].limit[0], cudaFree);
    QVERIFY(dialog.deviceChart()->isVisibleTo(&dialog));
    QVERIFY(!dialog.chart()->isVisibleTo(&dialog));
    const SweepDeviceGeometry g = dialog.deviceChart()->chartGeometry();
    QCOMPARE(g.used[0].size(), 34);
    QVERIFY(g.limitY[0] < g.used[0].last().y()); // the limit above the whole model's use

    // Off again: the compute buffer sweep's keys.
    dialog.setSweepsDevices(false);
    QCOMPARE(dialog.keyBox()->count(), 3);
    QVERIFY(dialog.chart()->isVisibleTo(&dialog));
}

void TestDevicesPanel::sweepCtxOnCard() {
    SweepDialog dialog;
    dialog.setModel({ModelSource::Kind::GgufFile, QString::fromUtf8(model7B)}, options7B(), ggml_version::v2026);
    DeviceChoice choice;
    choice.host = cpu_device_profile();
    choice.add(preset("cuda-24gb"), u"cuda-24gb"_s);
    dialog.setDevices(choice, 32);
    dialog.setSweepsDevices(true);
    dialog.setDeviceKey(DeviceSweepKey::ctx);
    QCOMPARE(dialog.valuesEdit()->text(), u"2048,4096,8192,16384,32768"_s);
    dialog.setValues(u"4096,8192"_s);
    QSignalSpy finished(&dialog, &SweepDialog::sweepFinished);
    dialog.run();
    QVERIFY(finished.wait(timeoutMs));
    const std::vector<DeviceSweepPoint>& p = dialog.deviceChart()->points();
    QCOMPARE(p.size(), std::size_t{2});
    QCOMPARE(p[0].used[0], cudaModel + cudaContext + cudaCompute);
    QCOMPARE(p[1].used[0], cudaModel + cudaContext8192 + cudaCompute8192);
    QVERIFY(dialog.deviceChart()->toolTipAt(QPointF(dialog.deviceChart()->chartGeometry().xs[1], 100))
                .contains(u"CUDA0: 16.4 GiB used, 23.5 GiB free"_s));

    // A template has no .gguf to fit: off.
    dialog.setModel({ModelSource::Kind::LlamaTemplate, u"llama"_s}, {}, ggml_version::v2026);
    QVERIFY(!dialog.sweepsDevices());
    QCOMPARE(dialog.keyBox()->count(), 3);
}

QTEST_MAIN(TestDevicesPanel)
#include "test_devices_panel.moc"
