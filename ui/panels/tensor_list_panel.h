#pragma once
// Every tensor as a sortable, filterable table; its selection follows the session's.
#include "session/graph_observer.h"

#include <QWidget>

class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace planscope::ui {

class GraphSession;
class TensorListModel;

class TensorListPanel final : public QWidget, public IGraphObserver {
    Q_OBJECT

public:
    explicit TensorListPanel(GraphSession* session, QWidget* parent = nullptr);
    ~TensorListPanel() override;

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id tensor) override;

    [[nodiscard]] TensorListModel* model() const { return m_model; }
    [[nodiscard]] QTableView* view() const { return m_table; }
    void setFilterText(const QString& text);

private:
    void onCurrentRowChanged();

    GraphSession* m_session;
    TensorListModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QLineEdit* m_filter;
    QTableView* m_table;
    bool m_syncing = false;
};

} // namespace planscope::ui
