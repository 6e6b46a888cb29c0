#pragma once
// Why the current step's event happened (why_text.h): the chosen free block among the
// candidates, the parent an inplace node reused, or why a reuse was refused.
#include "session/graph_observer.h"

#include <QWidget>

class QTextBrowser;

namespace planscope::ui {

class GraphSession;

class WhyPanel final : public QWidget, public IGraphObserver {
    Q_OBJECT

public:
    explicit WhyPanel(GraphSession* session, QWidget* parent = nullptr);
    ~WhyPanel() override;

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id) override {}
    void onPlanReady(const PlanTrace& trace) override;
    void onStepChanged(std::size_t step) override;

    [[nodiscard]] QString text() const; // what is shown, as plain text

private:
    void showCurrent();

    GraphSession* m_session;
    QTextBrowser* m_view;
};

} // namespace planscope::ui
