#pragma once
// Graph summary: tensor, node and leaf counts, bytes of leafs and nodes, and a per-op table.
#include "session/graph_observer.h"

#include <QWidget>

#include <array>

class QLabel;
class QTableView;

namespace planscope::ui {

class GraphSession;
class OpSummaryModel;

class SummaryPanel final : public QWidget, public IGraphObserver {
    Q_OBJECT

public:
    // The engine's graph_summary fields, in the order shown; preallocated = tensors with a placement.
    enum class Total { Tensors, Nodes, Leafs, Views, LeafBytes, NodeBytes, PreallocatedBytes, Count };

    explicit SummaryPanel(GraphSession* session, QWidget* parent = nullptr);
    ~SummaryPanel() override;

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id) override {}

    [[nodiscard]] QString text(Total total) const;
    [[nodiscard]] OpSummaryModel* model() const { return m_model; }

private:
    GraphSession* m_session;
    OpSummaryModel* m_model;
    QTableView* m_table;
    std::array<QLabel*, static_cast<std::size_t>(Total::Count)> m_totals{};
};

} // namespace planscope::ui
