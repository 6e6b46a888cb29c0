#pragma once
// Debugger-style stepping over the session's plan: play / pause at a speed, step, step back,
// continue to the next breakpoint (or the end), jump to a step. Holds the breakpoints; the
// search itself is breakpoints.h. No widgets: the toolbar and the tests drive it alike.
#include "breakpoints.h"
#include "session/graph_observer.h"

#include <QObject>

class QTimer;

namespace planscope::ui {

class GraphSession;

class StepController final : public QObject, public IGraphObserver {
    Q_OBJECT

public:
    static constexpr int minSpeed = 1;    // steps per second while playing
    static constexpr int maxSpeed = 1000;

    explicit StepController(GraphSession* session, QObject* parent = nullptr);
    ~StepController() override;

    [[nodiscard]] GraphSession* session() const { return m_session; }
    [[nodiscard]] bool isPlaying() const;
    [[nodiscard]] int speed() const { return m_speed; }
    [[nodiscard]] const Breakpoints& breakpoints() const { return m_breakpoints; }
    [[nodiscard]] bool hasTensorBreakpoint(planscope::tensor_id tensor) const;
    [[nodiscard]] bool hasKindBreakpoint(const QString& key) const;

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id) override {}
    void onPlanReady(const PlanTrace& trace) override;

public slots:
    // Plays from the current step (from the start when at the end); pauses on a breakpoint.
    void play();
    void pause();
    void setPlaying(bool playing);
    bool stepForward();
    bool stepBack();
    // Jumps to the next breakpoint's step, or to the last step when none is ahead.
    void runToEnd();
    // Jumps back to the previous breakpoint's step, or to step 0.
    void runToStart();
    void jumpTo(int step);
    void jumpToLast(); // the plan's last step (Step > Last Step, End)
    void setSpeed(int stepsPerSecond); // clamped to [minSpeed, maxSpeed]
    void toggleTensorBreakpoint(planscope::tensor_id tensor);
    void setKindBreakpoint(const QString& key, bool on);
    void clearBreakpoints();

signals:
    void playingChanged(bool playing);
    void breakpointsChanged();
    void breakpointHit(std::size_t step);

private:
    void tick();

    GraphSession* m_session;
    QTimer* m_timer;
    int m_speed = 20;
    Breakpoints m_breakpoints;
};

} // namespace planscope::ui
