#pragma once
// The document's buffers with their sizes and, once planned, the compute buffers: the document's
// own "compute" buffer, or after Schedule one per backend, with the size llama.cpp prints.
#include "session/graph_observer.h"

#include <QWidget>

class QTableView;

namespace planscope::ui {

class BufferListModel;
class GraphSession;

class BuffersPanel final : public QWidget, public IGraphObserver {
    Q_OBJECT

public:
    explicit BuffersPanel(GraphSession* session, QWidget* parent = nullptr);
    ~BuffersPanel() override;

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id) override {}
    void onPlanReady(const PlanTrace& trace) override;

    [[nodiscard]] BufferListModel* model() const { return m_model; }

private:
    GraphSession* m_session;
    BufferListModel* m_model;
    QTableView* m_table;
};

} // namespace planscope::ui
