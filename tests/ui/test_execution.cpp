// Execution: the small llama computed on CPU + CPU from the Run action's worker; one timing row
// per split plus a total per backend, every split's compute announced while it runs, the output
// summary equal to the CPU-only run of run_with_backends, a ggml 2026 document run by 2026's
// scheduler, a backend that cannot start (an error; the previous run stays), and the Splits
// dock's status cleared by a new document.
#include "execution/timing_model.h"
#include "sched/split_controller.h"
#include "sched/split_panel.h"
#include "split_test_support.h"
#include "ui_test_support.h"

#include "sched/backend_factory.h"
#include "sched/ggml2026/run_backends_2026.h"
#include "sched/sched.h"
#include "sched/sched_runner.h"

#include <QAbstractItemModelTester>
#include <QLabel>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {
// The engine's own CPU-only run of the same template.
result<sched_outcome> cpuReference() {
    auto owned = make_backends("cpu");
    if (!owned) return owned.err();
    const std::vector<backend*> list = backend_pointers(*owned);
    return run_with_backends(
        [] () -> result<opened_source> {
            auto made = build_template(smallLlama);
            if (!made) return made.err();
            return opened_source{std::move(made->doc), std::move(made->inputs), {}, {}, ggml_version::v2023, {}, {}};
        },
        list);
}

bool runAndWait(SplitController& c) {
    QSignalSpy done(&c, &SplitController::runFinished);
    c.run();
    return done.wait(60000) || done.count() == 1;
}
} // namespace

class TestExecution : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void runsOnTwoBackends();
    void outputsMatchCpuOnly();
    void runsAsGgml2026();
    void failingBackendKeepsRun();
    void newDocumentClearsRunStatus();
};

void TestExecution::initTestCase() {
    test::isolateSettings(u"test_execution"_s);
}

void TestExecution::runsOnTwoBackends() {
    SplitFixture f;
    QVERIFY(f.schedule("cpu,cpu"));
    QAbstractItemModelTester tester(f.controller.timingModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy running(&f.controller, &SplitController::runningSplitChanged);
    QVERIFY(runAndWait(f.controller));
    const RunOutcome& run = *f.controller.lastRun();
    const std::size_t splits = f.controller.schedule()->plan.splits.size();
    QCOMPARE(run.splits.size(), splits);
    QCOMPARE(running.count(), static_cast<int>(splits));
    for (int i = 0; i < running.count(); ++i) QCOMPARE(running.at(i).first().toInt(), i);
    QCOMPARE(f.controller.runningSplit(), -1); // the highlight is gone after the run

    const TimingModel& m = *f.controller.timingModel();
    QCOMPARE(m.splitRows(), static_cast<int>(splits));
    QCOMPARE(m.rowCount(), static_cast<int>(splits + 2)); // + a total per backend
    qulonglong copied = 0;
    for (int r = 0; r < m.splitRows(); ++r) {
        const sched_split& s = run.splits[static_cast<std::size_t>(r)];
        QCOMPARE(m.index(r, TimingModel::BackendColumn).data().toString(),
                 QString::fromStdString(run.backendNames[static_cast<std::size_t>(s.backend)]));
        QCOMPARE(m.index(r, TimingModel::InputsColumn).data(TimingModel::ValueRole).toULongLong(), s.inputs.size());
        qulonglong bytes = 0;
        for (const sched_input& in : s.inputs) bytes += in.bytes;
        QCOMPARE(m.index(r, TimingModel::BytesColumn).data(TimingModel::ValueRole).toULongLong(), bytes);
        QVERIFY(m.index(r, TimingModel::CopyColumn).data(TimingModel::ValueRole).toLongLong() >= 0);
        QVERIFY(m.index(r, TimingModel::ComputeColumn).data(TimingModel::ValueRole).toLongLong() >= 0);
        copied += bytes;
    }
    QVERIFY(copied > 0); // the second backend's layer reads the first one's activations
    const qulonglong totalCopied = m.index(m.splitRows(), TimingModel::BytesColumn).data(TimingModel::ValueRole).toULongLong() +
                                   m.index(m.splitRows() + 1, TimingModel::BytesColumn).data(TimingModel::ValueRole).toULongLong();
    QCOMPARE(totalCopied, copied);
    QCOMPARE(m.index(m.splitRows(), TimingModel::BackendColumn).data().toString(), u"CPU"_s);
    QCOMPARE(m.index(m.splitRows() + 1, TimingModel::BackendColumn).data().toString(), u"CPU1"_s);
}

void TestExecution::outputsMatchCpuOnly() {
    auto reference = cpuReference();
    QVERIFY2(reference.ok(), reference.ok() ? "" : reference.err().message.c_str());
    SplitFixture f;
    BackendRequest request;
    request.list = "cpu,cpu";
    f.controller.setRequest(request);
    QVERIFY(runAndWait(f.controller));
    const auto& got = f.controller.lastRun()->outputs;
    QCOMPARE(got.size(), reference->outputs.size());
    QVERIFY(!got.empty());
    for (std::size_t i = 0; i < got.size(); ++i) {
        QCOMPARE(got[i].name, reference->outputs[i].name);
        QCOMPARE(got[i].first.size(), reference->outputs[i].first.size());
        for (std::size_t k = 0; k < got[i].first.size(); ++k) QCOMPARE(got[i].first[k], reference->outputs[i].first[k]);
        QCOMPARE(got[i].min, reference->outputs[i].min);
        QCOMPARE(got[i].max, reference->outputs[i].max);
        QCOMPARE(got[i].mean, reference->outputs[i].mean);
    }
    QCOMPARE(f.controller.outputsText(), QString::fromStdString(format_outputs(reference->outputs)));
}

// A document planned as ggml 2026 runs with 2026's scheduler: its splits (one on two CPUs, which
// share host memory), announced on the schedule drawn, and the engine's 2026 run's outputs.
void TestExecution::runsAsGgml2026() {
    SplitFixture f;
    f.session.setEra(ggml_version::v2026);
    QVERIFY(f.schedule("cpu,cpu"));
    QCOMPARE(f.controller.schedule()->plan.splits.size(), std::size_t{1});
    QSignalSpy running(&f.controller, &SplitController::runningSplitChanged);
    QSignalSpy status(&f.controller, &SplitController::statusMessage);
    QVERIFY(runAndWait(f.controller));
    QCOMPARE(status.first().first().toString(), u"Running on cpu,cpu as ggml 2026…"_s);
    const RunOutcome& run = *f.controller.lastRun();
    QCOMPARE(run.splits.size(), std::size_t{1});
    QCOMPARE(running.count(), 1);
    QCOMPARE(f.controller.timingModel()->splitRows(), 1);

    auto owned = make_backends("cpu,cpu");
    QVERIFY(owned.ok());
    const std::vector<backend*> list = backend_pointers(*owned);
    auto reference = ggml2026::run_with_backends(
        []() -> result<opened_source> {
            auto made = build_template(smallLlama);
            if (!made) return made.err();
            return opened_source{std::move(made->doc), std::move(made->inputs), {}, {}, ggml_version::v2023, {}, {}};
        },
        list);
    QVERIFY2(reference.ok(), reference.ok() ? "" : reference.err().message.c_str());
    QCOMPARE(reference->plan.splits.size(), std::size_t{1});
    QCOMPARE(f.controller.outputsText(), QString::fromStdString(format_outputs(reference->outputs)));
}

void TestExecution::failingBackendKeepsRun() {
    SplitFixture f;
    BackendRequest request;
    request.list = "cpu,cpu";
    f.controller.setRequest(request);
    QVERIFY(runAndWait(f.controller));
    const RunOutcome* before = f.controller.lastRun();
    const int rows = f.controller.timingModel()->rowCount();
    request.list = "opencl";
    request.options.device = "no-such-device";
    f.controller.setRequest(request);
    QSignalSpy failed(&f.controller, &SplitController::failed);
    f.controller.run();
    QVERIFY(failed.wait(30000));
    QVERIFY(!f.controller.isBusy());
    QCOMPARE(f.controller.lastRun(), before);
    QCOMPARE(f.controller.timingModel()->rowCount(), rows);
    QVERIFY(!f.controller.lastError().isEmpty());
}

// A what-if re-plan makes a new document: the dock no longer reports the old document's run
// over an empty timing table.
void TestExecution::newDocumentClearsRunStatus() {
    GraphSession session;
    GraphCanvas canvas(&session);
    SplitPanel panel(&session, &canvas);
    SplitController& controller = *panel.controller();
    QVERIFY(session.openTemplate(QString::fromLatin1(smallLlama)));
    BackendRequest request;
    request.list = "cpu,cpu";
    controller.setRequest(request);
    QVERIFY(runAndWait(controller));
    const auto* status = panel.findChild<QLabel*>(u"splitStatus"_s);
    QVERIFY(status);
    QCOMPARE(status->text(), u"Run finished: 11 split(s)"_s);
    QCOMPARE(controller.timingModel()->rowCount(), 13); // + a total per backend

    QVERIFY(session.openTemplate(QString::fromLatin1(smallLlama).replace(u"n_batch=2"_s, u"n_batch=4"_s)));
    QCOMPARE(status->text(), QString());
    QCOMPARE(controller.timingModel()->rowCount(), 0);
}

QTEST_MAIN(TestExecution)
#include "test_execution.moc"
