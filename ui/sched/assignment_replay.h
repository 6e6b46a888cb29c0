#pragma once
// Replays a schedule's backend decisions (sched_plan::assignments) on the canvas in the order the
// scheduler made them. Passes 1–3 (and user / unsupported decisions) colour the nodes of the
// session's graph in the canvas' ordinary layout: its tensor ids are those of the split graph,
// whose copies are appended after them. When pass 4 begins, the canvas lays out the split graph
// (one cluster per split, the BACKEND#name copies; off the GUI thread, as every canvas layout) and
// the copies take their colour there. Each step's pass and cause is shown in the canvas caption.
#include "split_schedule.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <memory>

namespace planscope::ui {

class GraphCanvas;
class TensorNodeItem;

class AssignmentReplay final : public QObject {
    Q_OBJECT

public:
    explicit AssignmentReplay(GraphCanvas* canvas, QObject* parent = nullptr);

    // Milliseconds between two decisions (0: as fast as the event loop runs).
    void setInterval(int ms) { m_timer.setInterval(ms); }
    // From the first decision, on the session's graph (laid out again when the canvas shows
    // another one). A replay in progress is dropped.
    void start(std::shared_ptr<const SplitSchedule> schedule);
    // Drops the replay, leaving the canvas as it is.
    void stop();
    [[nodiscard]] bool isActive() const { return m_phase != Phase::Idle; }
    // The next decision to show.
    [[nodiscard]] int row() const { return m_row; }

    // The first pass-4 decision: where the canvas changes to the split graph (the row count
    // when there is none; the scheduler makes the copies last).
    [[nodiscard]] static int splitRow(const planscope::sched_plan& plan);
    // "Pass 2: sources — attn_norm-1 → CPU1 (2.src1)" for a decision.
    [[nodiscard]] static QString describe(const SplitSchedule& schedule, int row);
    [[nodiscard]] static QString passTitle(planscope::sched_pass pass);

signals:
    void step(int row); // the decision was coloured
    void finished();    // every decision was shown; the canvas shows the split graph
    void activeChanged(bool active);
    void statusMessage(const QString& message);

private:
    enum class Phase { Idle, WaitOriginal, Original, WaitSplit, Split };
    void setPhase(Phase phase);
    void onLayoutFinished();
    void onLayoutCancelled();
    void beginPhase(Phase phase);
    void next();
    void paintUpTo(int row);
    TensorNodeItem* mark(int row);

    QPointer<GraphCanvas> m_canvas;
    std::shared_ptr<const SplitSchedule> m_schedule;
    QTimer m_timer;
    Phase m_phase = Phase::Idle;
    int m_row = 0;
    int m_splitRow = 0;
};

} // namespace planscope::ui
