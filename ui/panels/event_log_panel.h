#pragma once
// The allocator's event log as a table. Empty until allocation recording reaches the GUI.
#include "session/graph_observer.h"

#include <QWidget>

class QTableView;

namespace planscope::ui {

class EventLogModel;
class GraphSession;

class EventLogPanel final : public QWidget, public IGraphObserver {
    Q_OBJECT

public:
    explicit EventLogPanel(GraphSession* session, QWidget* parent = nullptr);
    ~EventLogPanel() override;

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id) override {}

    [[nodiscard]] EventLogModel* model() const { return m_model; }
    [[nodiscard]] QTableView* view() const { return m_table; }

private:
    GraphSession* m_session;
    EventLogModel* m_model;
    QTableView* m_table;
};

} // namespace planscope::ui
