#pragma once
// Schedule menu logic: plans the session's document over the chosen backends on a worker thread,
// replays the scheduler's backend assignments on the canvas (assignment_replay.h: passes 1–3 on
// the session's graph, then pass 4 on the split graph with one cluster per split and the copies
// on the boundaries); Run computes the document on those backends while the canvas dims every
// split but the running one. A failure is reported and leaves the previous schedule and run in place.
#include "assignment_model.h"
#include "assignment_replay.h"
#include "execution/timing_model.h"
#include "session/graph_observer.h"
#include "split_cause_model.h"
#include "split_schedule.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace planscope::ui {

class GraphCanvas;
class GraphSession;

struct BackendChoice {
    QString label; // "CPU + OpenCL"
    QString list;  // make_backends' list, "cpu,opencl"
};

class SplitController final : public QObject, public IGraphObserver {
    Q_OBJECT

public:
    SplitController(GraphSession* session, GraphCanvas* canvas, QObject* parent = nullptr);
    ~SplitController() override; // waits for running workers

    // CPU, CPU + CPU, and CPU + OpenCL when this build has OpenCL.
    static QList<BackendChoice> backendChoices();
    // A backend list's label: a choice's own, else its items by their backends' names,
    // "CPU + RPC0[127.0.0.1:50052]" (an item make_backends does not know, as typed).
    static QString backendListLabel(const QString& list);
    // `list` with the rpc-server at `endpoint` ("HOST:PORT") added: to its servers when it has
    // some, else to a CPU alone; before the CPU when `cpuLast` (ggml 2026 takes the last backend
    // for the CPU), after it otherwise: "cpu,rpc:A" then "cpu,rpc:A,rpc:B", or "rpc:A,cpu".
    static QString listWithServer(const QString& list, const QString& endpoint, bool cpuLast);

    // The list to schedule and run with; options come from AppSettings (threads, OpenCL device).
    void setBackends(const QString& list);
    void setRequest(BackendRequest request) { m_request = std::move(request); }
    [[nodiscard]] const BackendRequest& request() const { return m_request; }
    // Asked at each Run for the current document's llama prompt; with one, Run computes the model
    // on its real token ids (else the fill pattern) and the outputs add the top next tokens.
    using PromptSource = std::function<std::optional<LlamaPrompt>()>;
    void setPromptSource(PromptSource source) { m_promptSource = std::move(source); }

    [[nodiscard]] AssignmentModel* assignmentModel() const { return m_assignments; }
    [[nodiscard]] SplitCauseModel* causeModel() const { return m_causes; }
    [[nodiscard]] TimingModel* timingModel() const { return m_timings; }
    [[nodiscard]] const SplitSchedule* schedule() const { return m_schedule.get(); }
    [[nodiscard]] std::shared_ptr<const SplitSchedule> sharedSchedule() const { return m_schedule; }
    // The last run's compute time by split of the schedule; empty when the run split otherwise
    // (a prompt of another length) or there was none.
    [[nodiscard]] std::vector<double> scheduledComputeTimes() const;
    [[nodiscard]] const RunOutcome* lastRun() const { return m_run.get(); }
    [[nodiscard]] bool isBusy() const { return m_busy; }
    [[nodiscard]] bool isReplaying() const { return m_replay->isActive(); }
    // The next assignment row the replay shows.
    [[nodiscard]] int replayRow() const { return m_replay->row(); }
    [[nodiscard]] int runningSplit() const { return m_runningSplit; }
    [[nodiscard]] QString lastError() const { return m_lastError; }
    // "output NAME: first … min … max … mean …" lines of the last run, then for a llama prompt its
    // top-10 next tokens, sum and L2 norm (as planscope-cli run prints them).
    [[nodiscard]] QString outputsText() const;
    // Milliseconds between two replayed assignments (0 in tests: as fast as the event loop runs).
    void setReplayInterval(int ms) { m_replay->setInterval(ms); }

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id) override {}

public slots:
    void scheduleDocument(); // then replays, ending on the split graph
    void replay();           // replays the current schedule's assignments from the session's graph
    void run();
    // Drops the running job's result (the engine call itself finishes on its own); a replay jumps
    // to its end, the split graph in its final colours.
    void cancel();

signals:
    void busyChanged(bool busy);
    void scheduled(); // schedule() is set; its replay starts next
    void replayStep(int row);
    void replayFinished();
    void replayingChanged(bool replaying);
    void runningSplitChanged(int split, int backend);
    void runFinished();
    // Another document: what can be done with it changed (a GGML_SCHED_DEBUG log cannot run).
    void documentChanged();
    void failed(const QString& message);
    void statusMessage(const QString& message);

private:
    template <class Job, class Done>
    void startWorker(Job job, Done done);
    void setBusy(bool busy);
    void fail(const QString& message);
    // The session's document's own schedule (a log's, or the devices' it was opened on), if any.
    void showBroughtSchedule();
    void onCanvasLayout();
    void skipReplay();
    void paintFinalColours();
    void setRunning(int split, int backend, bool onCanvas);
    void clearRunHighlight();
    void showRunTimes(); // each node's share of its split's time, on the canvas' folded blocks

    GraphSession* m_session;
    GraphCanvas* m_canvas;
    AssignmentModel* m_assignments;
    SplitCauseModel* m_causes;
    AssignmentReplay* m_replay;
    TimingModel* m_timings;
    BackendRequest m_request;
    PromptSource m_promptSource;
    std::shared_ptr<const SplitSchedule> m_schedule;
    std::string m_scheduledList; // the backend list m_schedule was made with
    const planscope::era* m_scheduledEra = nullptr; // and whose scheduler
    std::unique_ptr<RunOutcome> m_run;
    quint64 m_generation = 0; // of the job whose result is wanted
    bool m_busy = false;
    int m_runningSplit = -1;
    QString m_lastError;
};

} // namespace planscope::ui
