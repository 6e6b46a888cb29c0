// A GGML_SCHED_DEBUG log opened in the main window: its graph on the canvas and the assignment it
// printed replayed as a schedule (three splits, the Splits dock's rows, the split graph drawn),
// without a scheduled allocation to step through.
#include "canvas/graph_canvas.h"
#include "mainwindow/main_window.h"
#include "sched/split_controller.h"
#include "sched/split_panel.h"
#include "sched/split_schedule.h"
#include "session/graph_session.h"
#include "ui_test_support.h"

#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

class TestSchedLogView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { isolateSettings(u"test_sched_log_view"_s); }

    void logOpensAsItsSchedule() {
        QStringList errors;
        MainWindow w;
        w.setErrorReporter(std::make_unique<RecordingErrorReporter>(&errors));
        w.resize(1400, 900);
        w.show();
        SplitController* c = w.splitPanel()->controller();
        c->setReplayInterval(0);
        QSignalSpy scheduled(c, &SplitController::scheduled);
        QSignalSpy replayed(c, &SplitController::replayFinished);
        w.openFile(QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/sched_debug/three_splits.log"));
        QVERIFY(scheduled.wait(20000));
        QVERIFY(errors.isEmpty());
        const SplitSchedule* s = c->schedule();
        QVERIFY(s);
        QVERIFY(s->logged);
        QCOMPARE(s->plan.splits.size(), std::size_t{3});
        QCOMPARE(s->backendNames, (std::vector<std::string>{"CUDA0", "CPU"}));
        QCOMPARE(w.session()->document().g.nodes.size(), std::size_t{5});
        // The copies drawn as CPY nodes of the split graph: 5 nodes and 2 copies.
        QCOMPARE(s->splitDoc->g.nodes.size(), std::size_t{7});
        QVERIFY(replayed.wait(20000));
        QVERIFY(w.canvas()->showsAlternateGraph());
        // No allocation of the program's to step through: stepping stays on Planscope's plan.
        QVERIFY(!w.session()->showsScheduledTrace());
        // Issue 36: Run (F8) is off for a log, and says why.
        QAction* run = nullptr;
        for (QAction* a : w.findChild<QMenu*>(u"scheduleMenu"_s)->actions())
            if (a->shortcut() == QKeySequence(Qt::Key_F8)) run = a;
        QVERIFY(run);
        QVERIFY(!w.splitPanel()->runButton()->isEnabled());
        QVERIFY(!run->isEnabled());
        QVERIFY2(w.splitPanel()->runButton()->toolTip().startsWith(u"A GGML_SCHED_DEBUG log cannot run"_s),
                 qPrintable(w.splitPanel()->runButton()->toolTip()));
        // Another document drops it.
        QSignalSpy loaded(w.session(), &GraphSession::loadFinished);
        w.openFile(QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/graphs/small.json"));
        QVERIFY(loaded.wait(20000));
        QVERIFY(!w.session()->loggedSchedule());
        QVERIFY(!c->schedule());
        QVERIFY(w.splitPanel()->runButton()->isEnabled());
        QVERIFY(run->isEnabled());
        QCOMPARE(w.splitPanel()->runButton()->toolTip(), u"Compute the graph on the backends"_s);
    }

    void levelOneLogIsRefused() {
        QStringList errors;
        MainWindow w;
        w.setErrorReporter(std::make_unique<RecordingErrorReporter>(&errors));
        QTemporaryDir dir;
        const QString path = dir.filePath(u"level1.log"_s);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("\n## SPLIT #0: CPU # 0 inputs\n");
        f.close();
        const std::size_t before = w.session()->document().g.nodes.size();
        QSignalSpy failed(w.session(), &GraphSession::loadFailed);
        w.openFile(path);
        QVERIFY(failed.wait(20000));
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.front().contains(u"GGML_SCHED_DEBUG=2"_s), qPrintable(errors.front()));
        QCOMPARE(w.session()->document().g.nodes.size(), before); // the previous graph kept
    }
};

QTEST_MAIN(TestSchedLogView)
#include "test_sched_log_view.moc"
