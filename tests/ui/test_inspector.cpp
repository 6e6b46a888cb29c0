// The Inspector in the trace being stepped: lifetimes and readers of small.json's tensors (pure
// functions, by data rows), the panel's Lifetime and Readers fields, which tensor it shows as the
// step moves and the user selects, a click on the memory timeline, and after a CPU + CPU schedule
// of a small llama the backend, the scheduler's cause and the copies' lifetimes.
#include "alloc_trace_fixture.h"
#include "buffers/buffer_view.h"
#include "panels/inspector_panel.h"
#include "panels/tensor_lifetime.h"
#include "sched/split_schedule.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"
#include "split_test_support.h"
#include "stepping/plan_views_binder.h"
#include "timeline/memory_timeline.h"
#include "ui_test_support.h"

#include <QLabel>
#include <QSignalSpy>
#include <QtTest>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;
using Field = InspectorPanel::Field;
using Kind = TensorLifetime::Kind;

Q_DECLARE_METATYPE(TensorLifetime::Kind)

namespace {

QString nameOf(const graph_document& doc, tensor_id id) {
    return doc.ctx.contains(id) ? QString::fromStdString(doc.ctx[id].name) : QString();
}

// A session that has planned small.json, and an Inspector on it.
struct SmallSession {
    GraphSession session;
    InspectorPanel panel{&session};

    bool plan() {
        QSignalSpy finished(&session, &GraphSession::planFinished);
        session.setDocument(smallGraph());
        return finished.wait(20000) || finished.count() == 1;
    }
    tensor_id id(std::string_view name) const { return findTensor(session.document(), name); }
    QString shown() const { return nameOf(session.document(), panel.shownTensor()); }
};

// Clicks the link to `tensor` that the Inspector shows in any field.
bool activateLink(InspectorPanel& panel, tensor_id tensor) {
    const QString href = u"tensor:%1\""_s.arg(tensor.value);
    for (QLabel* label : panel.findChildren<QLabel*>())
        if (label->text().contains(href)) {
            emit label->linkActivated(u"tensor:%1"_s.arg(tensor.value));
            return true;
        }
    return false;
}

} // namespace

class TestInspector : public QObject {
    Q_OBJECT
private slots:
    void lifetime_data();
    void lifetime();
    void readers_data();
    void readers();
    void fieldsOfSmallGraph_data();
    void fieldsOfSmallGraph();
    void followsTheStep_data();
    void followsTheStep();
    void selectionSticksUntilTheNextStep();
    void timelineClickSelects();
    void scheduledTrace();
};

void TestInspector::lifetime_data() {
    // small.json's recording (22 events): norm allocated at step 4 (node norm), y at 9 (node y),
    // c at 13 (node c); the barrier before v frees norm at 15 and y at 16 while node c is current.
    QTest::addColumn<QString>("tensor");
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<QString>("owner");
    QTest::addColumn<QString>("buffer");
    QTest::addColumn<int>("allocStep");
    QTest::addColumn<int>("freeStep"); // -1: never freed
    QTest::addColumn<QString>("allocBy");
    QTest::addColumn<QString>("freeBy");
    QTest::newRow("y") << u"y"_s << Kind::Allocated << u"y"_s << u"compute"_s << 9 << 16 << u"y"_s << u"c"_s;
    QTest::newRow("norm") << u"norm"_s << Kind::Allocated << u"norm"_s << u"compute"_s << 4 << 15 << u"norm"_s << u"c"_s;
    QTest::newRow("c: never freed") << u"c"_s << Kind::Allocated << u"c"_s << u"compute"_s << 13 << -1 << u"c"_s << QString();
    QTest::newRow("out: reuses norm's bytes") << u"out"_s << Kind::Allocated << u"out"_s << u"compute"_s << 21 << -1 << u"out"_s << QString();
    QTest::newRow("normed: inplace in norm") << u"normed"_s << Kind::Allocated << u"norm"_s << u"compute"_s << 4 << 15 << u"norm"_s << u"c"_s;
    QTest::newRow("yt: view of y") << u"yt"_s << Kind::Allocated << u"y"_s << u"compute"_s << 9 << 16 << u"y"_s << u"c"_s;
    QTest::newRow("v: view of c") << u"v"_s << Kind::Allocated << u"c"_s << u"compute"_s << 13 << -1 << u"c"_s << QString();
    QTest::newRow("w: a weight") << u"w"_s << Kind::OtherBuffer << u"w"_s << u"weights"_s << 0 << -1 << QString() << QString();
    QTest::newRow("x: the file's input") << u"x"_s << Kind::OtherBuffer << u"x"_s << u"inputs"_s << 0 << -1 << QString() << QString();
}

void TestInspector::lifetime() {
    QFETCH(QString, tensor);
    QFETCH(Kind, kind);
    QFETCH(QString, owner);
    QFETCH(QString, buffer);
    QFETCH(int, allocStep);
    QFETCH(int, freeStep);
    QFETCH(QString, allocBy);
    QFETCH(QString, freeBy);
    const auto t = planned(smallGraph());
    const TensorLifetime life = tensorLifetime(t.doc, t.events, findTensor(t.doc, tensor.toStdString()));
    QCOMPARE(life.kind, kind);
    QCOMPARE(nameOf(t.doc, life.owner), owner);
    QCOMPARE(QString::fromStdString(t.doc.buffers[life.buffer.index()].name), buffer);
    QCOMPARE(static_cast<int>(life.allocStep), allocStep);
    QCOMPARE(life.freeStep ? static_cast<int>(*life.freeStep) : -1, freeStep);
    QCOMPARE(nameOf(t.doc, life.allocBy), allocBy);
    QCOMPARE(nameOf(t.doc, life.freeBy), freeBy);
}

void TestInspector::readers_data() {
    // Node events: norm 2, normed 5, y 8, yt 10, c 12, v 17, out 19. "c@12~yt": c at step 12,
    // reading through the view yt.
    QTest::addColumn<QString>("tensor");
    QTest::addColumn<QStringList>("readers");
    QTest::newRow("y: its view, then through it") << u"y"_s << QStringList{u"yt@10"_s, u"c@12~yt"_s};
    QTest::newRow("c: through v") << u"c"_s << QStringList{u"v@17"_s, u"out@19~v"_s};
    QTest::newRow("norm: y reads normed's result, not norm's") << u"norm"_s << QStringList{u"normed@5"_s};
    QTest::newRow("normed") << u"normed"_s << QStringList{u"y@8"_s};
    QTest::newRow("a weight") << u"w"_s << QStringList{u"y@8"_s};
    QTest::newRow("an input") << u"x"_s << QStringList{u"norm@2"_s};
    QTest::newRow("the output: none") << u"out"_s << QStringList();
}

void TestInspector::readers() {
    QFETCH(QString, tensor);
    QFETCH(QStringList, readers);
    const auto t = planned(smallGraph());
    QStringList got;
    for (const TensorReader& r : tensorReaders(t.doc, t.events, findTensor(t.doc, tensor.toStdString()))) {
        QString s = nameOf(t.doc, r.node) + u'@' + (r.step ? QString::number(*r.step) : u"-"_s);
        if (r.through.valid()) s += u'~' + nameOf(t.doc, r.through);
        got << s;
    }
    QCOMPARE(got, readers);
}

void TestInspector::fieldsOfSmallGraph_data() {
    QTest::addColumn<QString>("tensor");
    QTest::addColumn<QString>("lifetime");
    QTest::addColumn<QString>("readers");
    QTest::newRow("y") << u"y"_s << u"compute: allocated at step 9 by node y, freed at step 16 by node c"_s
                       << u"yt step 10\nc step 12, through yt"_s;
    QTest::newRow("c") << u"c"_s << u"compute: allocated at step 13 by node c, never freed"_s
                       << u"v step 17\nout step 19, through v"_s;
    QTest::newRow("normed: inplace") << u"normed"_s
                                     << u"lives in norm's memory: compute: allocated at step 4 by node norm, freed at step 15 by node c"_s
                                     << u"y step 8"_s;
    QTest::newRow("yt: a view") << u"yt"_s
                                << u"lives in y's memory: compute: allocated at step 9 by node y, freed at step 16 by node c"_s
                                << u"c step 12"_s;
    QTest::newRow("w: a weight") << u"w"_s << u"not in a compute buffer: placed in weights"_s << u"y step 8"_s;
    QTest::newRow("out") << u"out"_s << u"compute: allocated at step 21 by node out, never freed"_s << u"none"_s;
}

void TestInspector::fieldsOfSmallGraph() {
    QFETCH(QString, tensor);
    QFETCH(QString, lifetime);
    QFETCH(QString, readers);
    SmallSession s;
    QVERIFY(s.plan());
    s.session.setSelection(s.id(tensor.toStdString()));
    QVERIFY(s.panel.showsTensor());
    QCOMPARE(s.panel.text(Field::Name), tensor);
    QCOMPARE(s.panel.text(Field::Lifetime), lifetime);
    QCOMPARE(s.panel.text(Field::Readers), readers);
    // Without a schedule there is no backend to show.
    QVERIFY(!s.panel.isFieldShown(Field::Backend));
    QVERIFY(!s.panel.isFieldShown(Field::Cause));
}

void TestInspector::followsTheStep_data() {
    // small.json's events by step: 2 node norm, 4 alloc norm, 6 view normed, 7 barrier, 13 alloc c,
    // 16 free y, 19 node out, 22 measure.
    QTest::addColumn<QString>("selected"); // before the step; empty: nothing
    QTest::addColumn<int>("step");
    QTest::addColumn<QString>("shown"); // empty: the placeholder
    QTest::newRow("node event") << QString() << 2 << u"norm"_s;
    QTest::newRow("alloc") << QString() << 4 << u"norm"_s;
    QTest::newRow("view") << QString() << 6 << u"normed"_s;
    QTest::newRow("alloc at the peak") << QString() << 13 << u"c"_s;
    QTest::newRow("free") << QString() << 16 << u"y"_s;
    QTest::newRow("the step wins over a selection") << u"w"_s << 13 << u"c"_s;
    QTest::newRow("barrier: no tensor, the selection") << u"w"_s << 7 << u"w"_s;
    QTest::newRow("barrier, nothing selected") << QString() << 7 << QString();
    QTest::newRow("measure: the selection") << u"x"_s << 22 << u"x"_s;
}

void TestInspector::followsTheStep() {
    QFETCH(QString, selected);
    QFETCH(int, step);
    QFETCH(QString, shown);
    SmallSession s;
    QVERIFY(s.plan());
    QVERIFY(!s.panel.showsTensor()); // step 0 applied no event, nothing is selected
    s.session.setSelection(s.id(selected.toStdString()));
    s.session.setStep(static_cast<std::size_t>(step));
    QCOMPARE(s.session.step(), static_cast<std::size_t>(step));
    QCOMPARE(s.shown(), shown);
    QCOMPARE(s.panel.showsTensor(), !shown.isEmpty());
    if (!shown.isEmpty()) QCOMPARE(s.panel.text(Field::Name), shown);
}

void TestInspector::selectionSticksUntilTheNextStep() {
    SmallSession s;
    QVERIFY(s.plan());
    s.session.setStep(13);
    QCOMPARE(s.shown(), u"c"_s);
    s.session.setSelection(s.id("y"));
    QCOMPARE(s.shown(), u"y"_s);
    // Nothing but a step change takes it away: not a schedule arriving.
    s.panel.setSchedule(nullptr);
    QCOMPARE(s.shown(), u"y"_s);
    s.session.setStep(12); // node c
    QCOMPARE(s.shown(), u"c"_s);
    // c's source yt: a link selects it.
    QVERIFY(activateLink(s.panel, s.id("yt")));
    QCOMPARE(s.session.selection(), s.id("yt"));
    QCOMPARE(s.shown(), u"yt"_s);
    // The step moves on; a link to the tensor selected already still shows it.
    s.session.setStep(13);
    QCOMPARE(s.shown(), u"c"_s);
    QVERIFY(activateLink(s.panel, s.id("yt")));
    QCOMPARE(s.shown(), u"yt"_s);
    // Clearing the selection is a choice too: the placeholder until the next step.
    s.session.setSelection({});
    QVERIFY(!s.panel.showsTensor());
    s.session.setStep(16);
    QCOMPARE(s.shown(), u"y"_s);
    // A new document: nothing.
    s.session.setDocument(smallGraph());
    QVERIFY(!s.panel.showsTensor());
}

void TestInspector::timelineClickSelects() {
    GraphSession session;
    BufferView buffers;
    MemoryTimeline timeline;
    timeline.resize(900, 260);
    PlanViewsBinder binder(&session, &buffers, &timeline);
    InspectorPanel panel(&session);
    QSignalSpy finished(&session, &GraphSession::planFinished);
    session.setDocument(smallGraph());
    QVERIFY(finished.wait(20000) || finished.count() == 1);
    const graph_document& doc = session.document();
    const auto click = [&](std::size_t step, std::uint64_t bytes) {
        const TimelineFrame f = timeline.frame();
        QTest::mouseClick(&timeline, Qt::LeftButton, {},
                          QPointF((stepToX(f, step) + stepToX(f, step + 1)) / 2, bytesToY(f, bytes) - 1).toPoint());
    };

    // Step 13 applied c's allocation; the click picked y's band under it.
    click(13, 200);
    QCOMPARE(session.step(), 13u);
    QCOMPARE(session.selection(), findTensor(doc, "y"));
    QCOMPARE(nameOf(doc, panel.shownTensor()), u"y"_s);
    // y's band again, at step 10 (node yt): still y, though it was selected already.
    click(10, 200);
    QCOMPARE(session.step(), 10u);
    QCOMPARE(nameOf(doc, panel.shownTensor()), u"y"_s);
    // norm's band.
    click(10, 20);
    QCOMPARE(session.selection(), findTensor(doc, "norm"));
    QCOMPARE(panel.text(Field::Name), u"norm"_s);
}

void TestInspector::scheduledTrace() {
    // The CPU + CPU schedule of smallLlama: layer 1's weights on CPU1, whose split reads the copy
    // CPU1#norm-1 (node event at step 103, allocated at 104 in "CPU1 compute").
    GraphSession session;
    InspectorPanel panel(&session);
    QVERIFY(session.openTemplate(QString::fromLatin1(smallLlama)));
    QSignalSpy finished(&session, &GraphSession::planFinished);
    QVERIFY(finished.wait(20000) || finished.count() == 1);
    auto schedule = std::make_shared<const SplitSchedule>(scheduleSmallLlama());
    session.setScheduledTrace(ui::scheduledTrace(*schedule));
    panel.setSchedule(schedule);
    QVERIFY(panel.isFieldShown(Field::Backend));
    QVERIFY(panel.isFieldShown(Field::Cause));
    const graph_document& doc = session.document();

    session.setSelection(findTensor(doc, "attn_norm-1"));
    QCOMPARE(panel.text(Field::Backend), u"CPU1"_s);
    QCOMPARE(panel.text(Field::Cause), u"MUL attn_norm-1: src1 blk.1.attn_norm.weight lives in CPU1 memory"_s);
    QCOMPARE(panel.text(Field::Lifetime), u"lives in CPU1#norm-1's memory: CPU1 compute: allocated at step 104 by node "
                                          "CPU1#norm-1, freed at step 136 by node Qcur-1"_s);
    QCOMPARE(panel.text(Field::Readers), u"Kcur-1 step 108\nVcur-1 step 120\nQcur-1 step 134"_s);

    // The inputs were allocated before the first node.
    session.setSelection(findTensor(doc, "inp_tokens"));
    QCOMPARE(panel.text(Field::Lifetime), u"CPU compute: pre-allocated at step 3, freed at step 21 by node inp_embd"_s);
    QCOMPARE(panel.text(Field::Backend), u"CPU"_s);

    // Stepping to the copy's allocation shows the copy, which only the split graph has.
    session.setStep(104);
    QCOMPARE(panel.text(Field::Name), u"CPU1#norm-1"_s);
    QCOMPARE(panel.text(Field::Backend), u"CPU1"_s);
    QCOMPARE(panel.text(Field::Cause), u"CPY CPU1#norm-1: on CPU1 (4.cpy)"_s);
    QCOMPARE(panel.text(Field::Lifetime), u"CPU1 compute: allocated at step 104 by node CPU1#norm-1, freed at step 136 by node Qcur-1"_s);
    QCOMPARE(panel.text(Field::Readers), u"attn_norm-1 step 106"_s);
    // Its source's link: norm-1, read by the copy at step 103.
    QVERIFY(activateLink(panel, findTensor(doc, "norm-1")));
    QCOMPARE(panel.text(Field::Name), u"norm-1"_s);
    QCOMPARE(panel.text(Field::Readers), u"CPU1#norm-1 step 103"_s);

    // Another document drops the schedule.
    session.setDocument(smallGraph());
    QVERIFY(!panel.isFieldShown(Field::Backend));
}

QTEST_MAIN(TestInspector)
#include "test_inspector.moc"
