#pragma once
// The plan's allocator events as a table, filtered by kind and text. Follows the current step
// (selects its row); a double-click jumps to the step of the row.
#include "session/graph_observer.h"

#include <QWidget>

class QComboBox;
class QLineEdit;
class QModelIndex;
class QTableView;

namespace planscope::ui {

class EventLogFilter;
class EventLogModel;
class GraphSession;

class EventLogPanel final : public QWidget, public IGraphObserver {
    Q_OBJECT

public:
    explicit EventLogPanel(GraphSession* session, QWidget* parent = nullptr);
    ~EventLogPanel() override;

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id) override {}
    void onPlanReady(const PlanTrace& trace) override;
    void onStepChanged(std::size_t step) override;

    [[nodiscard]] EventLogModel* model() const { return m_model; }
    [[nodiscard]] EventLogFilter* filter() const { return m_filter; }
    [[nodiscard]] QTableView* view() const { return m_table; }
    [[nodiscard]] QComboBox* kindBox() const { return m_kind; }
    [[nodiscard]] QLineEdit* textEdit() const { return m_text; }

private:
    void selectStep(std::size_t step);
    void jumpToRow(const QModelIndex& proxyIndex);

    GraphSession* m_session;
    EventLogModel* m_model;
    EventLogFilter* m_filter;
    QComboBox* m_kind;
    QLineEdit* m_text;
    QTableView* m_table;
};

} // namespace planscope::ui
