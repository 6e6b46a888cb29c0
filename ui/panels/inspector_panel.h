#pragma once
// A tensor in detail: name, op, type, ne, nb, size, sources, view source, placement; in the
// trace being stepped its lifetime (tensor_lifetime.h) and its readers with the step each runs
// at; after Schedule its backend and the scheduler's cause. Tensor names are links that select
// that tensor.
//
// Which tensor: the user's last choice until the next step. A step change (or a new trace)
// shows the tensor of the event the step applied (eventTensor of the trace's currentEvent());
// a selection made after it (on the canvas, a list, a link here) shows the selection, and
// sticks until the next step change. Where the step's event names no tensor (step 0, attach,
// barrier, measure) the selection is shown.
#include "session/graph_observer.h"

#include <QWidget>

#include <array>
#include <memory>
#include <optional>

class QFormLayout;
class QLabel;
class QStackedWidget;

namespace planscope::ui {

class GraphSession;
struct SplitSchedule;

class InspectorPanel final : public QWidget, public IGraphObserver {
    Q_OBJECT

public:
    enum class Field {
        Name, Role, Op, Type, Shape, Strides, Size, Sources, ViewSource, Parameters, Flags, Placement,
        Lifetime, Readers, Backend, Cause, // the last two shown only with a schedule
        Count
    };

    explicit InspectorPanel(GraphSession* session, QWidget* parent = nullptr);
    ~InspectorPanel() override;

    // The session's document scheduled (SplitController::sharedSchedule()): backend and cause
    // by tensor id, until the next document; nullptr hides them.
    void setSchedule(std::shared_ptr<const SplitSchedule> schedule);

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id tensor) override;
    void onPlanReady(const PlanTrace& trace) override;
    void onStepChanged(std::size_t step) override;

    // The text a field shows, rich text reduced to plain (for tests and copying).
    [[nodiscard]] QString text(Field field) const;
    [[nodiscard]] bool showsTensor() const;
    [[nodiscard]] planscope::tensor_id shownTensor() const { return m_shown; } // invalid when none
    [[nodiscard]] bool isFieldShown(Field field) const;

private:
    [[nodiscard]] planscope::tensor_id tensorToShow() const; // by the rule above
    void choose(planscope::tensor_id tensor); // a link here
    void display(planscope::tensor_id tensor);
    void showLifetime(planscope::tensor_id tensor);
    void showSchedule(planscope::tensor_id tensor);
    void setField(Field field, const QString& richText);

    GraphSession* m_session;
    QStackedWidget* m_pages;
    QFormLayout* m_form;
    std::array<QLabel*, static_cast<std::size_t>(Field::Count)> m_values{};
    std::shared_ptr<const SplitSchedule> m_schedule;
    // The user's choice since the last step change; nullopt: follow the step. A copy the
    // scheduler made (not in the session's document) can be chosen only here.
    std::optional<planscope::tensor_id> m_choice;
    planscope::tensor_id m_shown;
};

} // namespace planscope::ui
