// The split overview (issue 15): the 32-layer llama with ngl 16 on CPU + OpenCL makes 161 splits,
// shown as one box for split 0 and the 10-split pattern of the offloaded layers once, folded ×15
// (plus the last layer, whose last split carries the output); a click unfolds a section; boxes sit
// in their backend's column with the copies' bytes on the arrows and each boundary's cause beside
// it; cause texts name the source and where it lives.
#include "fold/fold_structure.h"
#include "source/graph_source.h"
#include "mainwindow/main_window.h"
#include "mainwindow/screenshot.h"
#include "sched/split_overview.h"
#include "sched/split_schedule.h"
#include "session/graph_session.h"
#include "ui_test_support.h"

#include <QMouseEvent>
#include <QSignalSpy>
#include <QTabWidget>
#include <QtTest>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {

const char* const llama7bNgl16 =
    "template:llama?n_embd=4096&n_layer=32&n_head=32&n_ff=11008&n_vocab=32000&n_ctx=4096&n_batch=512&ngl=16";

std::shared_ptr<const SplitSchedule> schedule(const char* source, const char* backends) {
    auto opened = open_source(source, {});
    if (!opened) qFatal("%s", opened.err().message.c_str());
    BackendRequest request;
    request.list = backends;
    auto s = scheduleDocument(opened->doc, opened->preallocate, request);
    if (!s) qFatal("%s", s.err().message.c_str());
    return std::make_shared<const SplitSchedule>(std::move(*s));
}

std::size_t shownSplits(const std::vector<OverviewSection>& sections) {
    std::size_t n = 0;
    for (const OverviewSection& s : sections) n += s.splits.size();
    return n;
}

std::size_t allSplits(const std::vector<OverviewSection>& sections) {
    std::size_t n = 0;
    for (const OverviewSection& s : sections) n += s.splits.size() * s.repeat;
    return n;
}

OverviewSplit split(int index, int backend, std::size_t copies = 0, std::uint64_t bytes = 0) {
    OverviewSplit s;
    s.split = index;
    s.backend = backend;
    s.nodes = 3;
    s.copies = copies;
    s.bytes = bytes;
    return s;
}

} // namespace

class TestSplitOverview : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { isolateSettings(u"test_split_overview"_s); }
    void geometry();
    void geometryAcrossSections();
    void notesTakeTheWidth_data();
    void coloursByKind_data();
    void coloursByKind();
    void notesTakeTheWidth();
    void llamaOnCpuAndOpenCl();
    void unfoldShowsEverySplit();
    void markedSplits();
    void networkBytesOfARemoteBackend();
    void widgetClicks();
    void mainWindowTab();
};

void TestSplitOverview::geometry() {
    OverviewSection s;
    s.splits = {split(0, 0), split(1, 1, 1, 8 << 20), split(2, 1), split(3, 0, 2, 4096)};
    const OverviewMetrics m;
    const OverviewGeometry g = overviewGeometry({s}, 2, m);
    QCOMPARE(g.headers.size(), std::size_t{2});
    QCOMPARE(g.headers[1].left(), m.margin + m.labelWidth + m.columnWidth);
    QCOMPARE(g.boxes.size(), std::size_t{4});
    for (std::size_t i = 0; i < 4; ++i) {
        const OverviewGeometry::Box& b = g.boxes[i];
        // In its backend's column, one row below the previous box.
        const QRectF column = g.headers[static_cast<std::size_t>(s.splits[i].backend)];
        QVERIFY(b.rect.left() > column.left() && b.rect.right() < column.right());
        QCOMPARE(b.rect.top(), m.margin + m.headerHeight + m.rowHeight * static_cast<qreal>(i) + 6);
        QCOMPARE(b.note.left(), m.margin + m.labelWidth + 2 * m.columnWidth + 8);
        QCOMPARE(b.note.center().y(), b.rect.center().y());
        if (i == 0) {
            QVERIFY(b.arrow.isEmpty());
            continue;
        }
        // From the previous box's bottom to this box's top, crossing columns half way.
        QCOMPARE(b.arrow.front(), QPointF(g.boxes[i - 1].rect.center().x(), g.boxes[i - 1].rect.bottom()));
        QCOMPARE(b.arrow.back(), QPointF(b.rect.center().x(), b.rect.top()));
        QCOMPARE(b.arrow[1].y(), b.arrow[2].y());
    }
    QCOMPARE(g.size, QSizeF(m.margin + m.labelWidth + 2 * m.columnWidth + m.notesWidth + m.margin,
                            m.margin + m.headerHeight + 4 * m.rowHeight + m.margin));
}

void TestSplitOverview::geometryAcrossSections() {
    OverviewSection a, b;
    a.splits = {split(0, 0)};
    b.title = u"blk 1–5"_s;
    b.repeat = 5;
    b.group = 0;
    b.splits = {split(1, 1, 1, 100), split(2, 0, 1, 100)};
    const OverviewMetrics m;
    const OverviewGeometry g = overviewGeometry({a, b}, 2, m);
    QCOMPARE(g.titles.size(), std::size_t{2});
    // A gap between the sections; the title spans the section's rows in the label column.
    QCOMPARE(g.boxes[1].rect.top() - g.boxes[0].rect.top(), m.rowHeight + m.sectionGap);
    QCOMPARE(g.titles[1], QRectF(m.margin, g.boxes[1].rect.top() - 6, m.labelWidth - m.margin, 2 * m.rowHeight));
    // The arrow into the section starts at the previous section's box.
    QCOMPARE(g.boxes[1].arrow.front().y(), g.boxes[0].rect.bottom());
}

void TestSplitOverview::notesTakeTheWidth_data() {
    QTest::addColumn<qreal>("width");
    QTest::addColumn<qreal>("noteWidth");
    // Two backend columns end at 10 + 170 + 340 = 520; the notes start 8 px later.
    QTest::newRow("no width") << qreal(0) << qreal(352);
    QTest::newRow("narrower than the minimum") << qreal(600) << qreal(352);
    QTest::newRow("300 px wider") << qreal(1190) << qreal(652);
}

// Issue 36: the causes were cut at 360 px with 300 px free beside them.
void TestSplitOverview::notesTakeTheWidth() {
    QFETCH(qreal, width);
    QFETCH(qreal, noteWidth);
    OverviewSection s;
    s.splits = {split(0, 0), split(1, 1, 1, 100)};
    const OverviewMetrics m;
    const OverviewGeometry g = overviewGeometry({s}, 2, m, width);
    QCOMPARE(g.boxes[1].note.width(), noteWidth);
    QCOMPARE(g.minimumSize.width(), qreal(890));
    QCOMPARE(g.size.width(), std::max(qreal(890), width));

    // The widget lays its notes out to its width.
    SplitOverview view;
    view.setSchedule(schedule("template:llama?n_layer=2&ngl=1", "cpu,cpu"));
    view.resize(1600, view.height());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(view.geometry().boxes.back().note.right(), qreal(1600 - m.margin));
}

void TestSplitOverview::coloursByKind_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("colour");
    QTest::newRow("CPU") << u"CPU"_s << u"#a8c8f0"_s;
    QTest::newRow("OpenCL") << u"OpenCL"_s << u"#f6c08a"_s;
    QTest::newRow("second CPU") << u"CPU1"_s << u"#a9dca4"_s;
    QTest::newRow("second OpenCL") << u"OpenCL2"_s << u"#d2b6e8"_s;
    QTest::newRow("a log's device name") << u"OpenCL:pthread-skylake"_s << u"#f6c08a"_s;
    QTest::newRow("another kind") << u"Metal"_s << u"#a9dca4"_s;
    QTest::newRow("first device") << u"CUDA0"_s << u"#a9dca4"_s;
    QTest::newRow("second device") << u"CUDA1"_s << u"#d2b6e8"_s;
    QTest::newRow("third device") << u"CUDA2"_s << u"#9fd8d2"_s;
    QTest::newRow("seventh device, round again") << u"Vulkan6"_s << u"#a9dca4"_s;
    QTest::newRow("a huge number") << u"ROCm99999999999999999999999"_s << u"#f2b8c6"_s;
}

// Issue 36: CPU was blue with cpu,opencl and orange with opencl,cpu; the kind decides.
void TestSplitOverview::coloursByKind() {
    QFETCH(QString, name);
    QFETCH(QString, colour);
    QCOMPARE(backendKindColor(name.toStdString()).name(), colour);
    const std::vector<std::string> cpuFirst{"CPU", "OpenCL"}, openclFirst{"OpenCL", "CPU"};
    QCOMPARE(backendColor(cpuFirst, 0), backendColor(openclFirst, 1));
    QCOMPARE(backendColor(cpuFirst, 1), backendColor(openclFirst, 0));
    QCOMPARE(backendColor(cpuFirst, -1).name(), u"#e4e6ea"_s);
}

void TestSplitOverview::llamaOnCpuAndOpenCl() {
#if !defined(PLANSCOPE_HAS_OPENCL)
    QSKIP("this build has no OpenCL backend");
#else
    const auto s = schedule(llama7bNgl16, "cpu,opencl");
    QCOMPARE(s->plan.splits.size(), std::size_t{161});
    SplitOverview overview;
    overview.setSchedule(s);
    const auto& sections = overview.sections();
    QCOMPARE(allSplits(sections), std::size_t{161});
    // Split 0, the offloaded layers' 10-split pattern once, and the last layer (its last split
    // also computes the output).
    QCOMPARE(sections.size(), std::size_t{3});
    QVERIFY(sections[0].title.isEmpty());
    QCOMPARE(sections[0].splits.size(), std::size_t{1});
    QCOMPARE(sections[0].splits[0].split, 0);
    QCOMPARE(sections[1].title, u"blk 16–30"_s);
    QCOMPARE(sections[1].repeat, std::size_t{15});
    QCOMPARE(sections[1].splits.size(), std::size_t{10});
    QCOMPARE(sections[2].title, u"blk 31"_s);
    QCOMPARE(shownSplits(sections), std::size_t{21});
    // The pattern alternates backends; each OpenCL split starts because of its weight, each CPU
    // one because of the CPU-side input it reads.
    const OverviewSplit& first = sections[1].splits[0];
    QCOMPARE(first.split, 1);
    QCOMPARE(first.backend, 1);
    QCOMPARE(first.copies, std::size_t{1});
    QCOMPARE(first.bytes, std::uint64_t{8} << 20); // norm-16, [4096, 512] f32
    QCOMPARE(first.code, u"1.src1"_s);
    QCOMPARE(first.cause, u"MUL attn_norm-16: src1 blk.16.attn_norm.weight lives in OpenCL memory"_s);
    const OverviewSplit& rope = sections[1].splits[1];
    QCOMPARE(rope.backend, 0);
    QCOMPARE(rope.cause, u"ROPE Kcur-16: src1 inp_pos lives in CPU memory"_s);
    // The notes are cut at the widget's edge; the tooltip has all of it.
    QCOMPARE(overview.toolTipAt(overview.geometry().boxes[1].note.center()),
             u"#1 · 3 node(s)\n1 copies · 8.0 MiB\nMUL attn_norm-16: src1 blk.16.attn_norm.weight lives in OpenCL memory  (1.src1)"_s);
    QCOMPARE(overview.toolTipAt(overview.geometry().boxes[1].rect.center()), overview.toolTipAt(overview.geometry().boxes[1].note.center()));
    QVERIFY(overview.toolTipAt(QPointF(1, 1)).isEmpty());
    // Issue 36: the column says "OpenCL", its tooltip the device, as PoCL names it.
    QCOMPARE(s->backendNames, (std::vector<std::string>{"CPU", "OpenCL"}));
    QCOMPARE(s->backendDevices.size(), std::size_t{2});
    QVERIFY(s->backendDevices[0].empty());
    QCOMPARE(overview.toolTipAt(overview.geometry().headers[0].center()), u"CPU"_s);
    const QString device = overview.toolTipAt(overview.geometry().headers[1].center());
    QVERIFY2(device.startsWith(u"OpenCL on "_s) && device.endsWith(u")"_s) && device.size() > 14, qPrintable(device));
    QVERIFY(!sections[1].splits[0].cause.contains(u"OpenCL:"_s));
    // Readable at 1280 x 800: 21 rows of full-size text, 2 backend columns.
    QVERIFY(overview.geometry().size.width() <= 900);
    QCOMPARE(overview.geometry().boxes.size(), std::size_t{21});
#endif
}

// The second CPU described as remote (as an rpc-server's device is; nothing runs): each boundary
// to or from it says what crosses the network, here every copy's bytes once; the CPU alone nothing.
void TestSplitOverview::networkBytesOfARemoteBackend() {
    const char* const fourLayers = "template:llama?n_embd=64&n_layer=4&n_head=4&n_ff=128&n_vocab=100&n_ctx=64&n_batch=8&ngl=2";
    SplitSchedule remote = *schedule(fourLayers, "cpu,cpu");
    SplitOverview local;
    local.setSchedule(std::make_shared<const SplitSchedule>(remote));
    remote.plan.backend_remote = {false, true};
    SplitOverview overview;
    overview.setSchedule(std::make_shared<const SplitSchedule>(remote));
    std::uint64_t network = 0, copied = 0;
    for (const OverviewSection& sec : overview.sections())
        for (const OverviewSplit& sp : sec.splits) {
            network += sp.networkBytes * sec.repeat;
            copied += sp.bytes * sec.repeat;
        }
    for (const OverviewSection& sec : local.sections())
        for (const OverviewSplit& sp : sec.splits) QCOMPARE(sp.networkBytes, std::uint64_t{0});
    QVERIFY(copied > 0);
    QCOMPARE(network, copied); // no tensor is read twice by one split here
    const OverviewSplit& first = overview.sections()[1].splits[0];
    QCOMPARE(first.backend, 1);
    QCOMPARE(first.networkBytes, std::uint64_t{2048}); // norm-2, [64, 8] f32
    QVERIFY(overview.toolTipAt(overview.geometry().boxes[1].rect.center()).contains(u"\n2.0 KiB over the network"_s));
    QVERIFY(!local.toolTipAt(local.geometry().boxes[1].rect.center()).contains(u"network"_s));
}

void TestSplitOverview::markedSplits() {
#if !defined(PLANSCOPE_HAS_OPENCL)
    QSKIP("this build has no OpenCL backend");
#else
    // MUL reading an OpenCL weight starts splits 1, 11, ... 151: the folded section's box stands
    // for the first 15, the last layer's for 151. ROPE going back to the CPU for inp_pos starts
    // two splits of each offloaded layer.
    const auto s = schedule(llama7bNgl16, "cpu,opencl");
    QCOMPARE(s->causes.boundaries.size(), std::size_t{9});
    const planscope::boundary_group& g = s->causes.boundaries[1];
    QCOMPARE(QString::fromStdString(g.op), u"MUL"_s);
    QCOMPARE(g.splits.size(), std::size_t{16});
    SplitOverview overview;
    overview.setSchedule(s);
    QList<int> splits;
    for (std::size_t i : g.splits) splits << static_cast<int>(i);
    overview.setMarkedSplits(splits);
    const std::vector<int> marked = overview.markedBoxes();
    QCOMPARE(marked.size(), std::size_t{2});
    QCOMPARE(marked.front(), int(g.splits.front()));
    QCOMPARE(marked.back(), int(g.splits.back()));
    QCOMPARE(overview.firstMarkedRect(), overview.geometry().boxes[1].rect.united(overview.geometry().boxes[1].note));
    overview.setGroupExpanded(overview.sections()[1].group, true); // each instance its own box
    QCOMPARE(overview.markedBoxes().size(), std::size_t{16});
    overview.setGroupExpanded(overview.sections()[1].group, false);
    splits.clear();
    for (std::size_t i : s->causes.boundaries[0].splits) splits << static_cast<int>(i);
    QCOMPARE(splits.size(), 32);
    overview.setMarkedSplits(splits);
    QCOMPARE(overview.markedBoxes(), std::vector<int>({2, 6, 152, 156}));
    overview.setMarkedSplits({});
    QVERIFY(overview.markedBoxes().empty());
    QVERIFY(overview.firstMarkedRect().isNull());
#endif
}

void TestSplitOverview::unfoldShowsEverySplit() {
    const auto s = schedule("template:llama?n_embd=64&n_layer=8&n_head=4&n_ff=128&n_vocab=100&n_ctx=32&n_batch=4&ngl=4",
                            "cpu,cpu");
    SplitOverview overview;
    overview.setSchedule(s);
    const std::size_t total = s->plan.splits.size();
    QCOMPARE(allSplits(overview.sections()), total);
    const auto folded = std::find_if(overview.sections().begin(), overview.sections().end(),
                                     [](const OverviewSection& sec) { return sec.repeat > 1; });
    QVERIFY(folded != overview.sections().end());
    QVERIFY(shownSplits(overview.sections()) < total);
    overview.setGroupExpanded(folded->group, true);
    QCOMPARE(shownSplits(overview.sections()), total);
    for (std::size_t i = 0; i < overview.geometry().boxes.size(); ++i) {
        const auto& b = overview.geometry().boxes[i];
        QCOMPARE(overview.sections()[b.section].splits[b.index].split, static_cast<int>(i)); // in split order
    }
}

void TestSplitOverview::widgetClicks() {
    const auto s = schedule("template:llama?n_embd=64&n_layer=8&n_head=4&n_ff=128&n_vocab=100&n_ctx=32&n_batch=4&ngl=4",
                            "cpu,cpu");
    SplitOverview overview;
    overview.setSchedule(s);
    overview.resize(overview.sizeHint());
    QSignalSpy clicked(&overview, &SplitOverview::splitClicked);
    const auto& box = overview.geometry().boxes[1];
    QTest::mouseClick(&overview, Qt::LeftButton, {}, box.rect.center().toPoint());
    QCOMPARE(clicked.count(), 1);
    const int splitIndex = clicked.at(0).at(0).toInt();
    QCOMPARE(splitIndex, overview.sections()[box.section].splits[box.index].split);
    QVERIFY(clicked.at(0).at(1).value<tensor_id>().valid());
    // A click on a folded section's title unfolds it.
    std::size_t sectionIndex = 0;
    while (overview.sections()[sectionIndex].repeat < 2) ++sectionIndex;
    const std::size_t before = shownSplits(overview.sections());
    QTest::mouseClick(&overview, Qt::LeftButton, {}, overview.geometry().titles[sectionIndex].center().toPoint());
    QVERIFY(shownSplits(overview.sections()) > before);
}

void TestSplitOverview::mainWindowTab() {
    MainWindow w;
    QStringList errors;
    w.setErrorReporter(std::make_unique<RecordingErrorReporter>(&errors));
    auto opened = open_source("template:llama?n_embd=64&n_layer=8&n_head=4&n_ff=128&n_vocab=100&n_ctx=32&n_batch=4&ngl=4", {});
    QVERIFY(opened.ok());
    w.session()->setDocument(std::move(opened->doc), {}, std::move(opened->preallocate));
    QTabWidget* tabs = w.centralTabs();
    QCOMPARE(tabs->count(), 2);
    QVERIFY(!tabs->isTabEnabled(1));
    QString error;
    QVERIFY2(showSchedule(w, u"cpu,cpu"_s, true, &error), qPrintable(error));
    QVERIFY(tabs->isTabEnabled(1));
    QCOMPARE(tabs->currentIndex(), 1);
    QVERIFY(w.splitOverview()->hasSchedule());
    // A click on a split goes back to the graph with the split's first node selected.
    emit w.splitOverview()->splitClicked(1, findTensor(w.session()->document(), "norm-4"));
    QCOMPARE(tabs->currentIndex(), 0);
    QCOMPARE(w.session()->selection(), findTensor(w.session()->document(), "norm-4"));
    // Another graph drops the schedule.
    w.session()->setDocument(attentionDocument());
    QVERIFY(!tabs->isTabEnabled(1));
    QVERIFY(!w.splitOverview()->hasSchedule());
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
}

QTEST_MAIN(TestSplitOverview)
#include "test_split_overview.moc"
