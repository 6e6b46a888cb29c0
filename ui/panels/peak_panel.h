#pragma once
// The Peak dock: "why is my compute buffer this big?" For a compute buffer of the stepped trace
// (one per backend after Schedule), what is live at its peak step or at the current step, as
// `planscope-cli plan --peak` lists it: a line with the step, the high-water mark, the live bytes
// and the free bytes under it, and the ranked table (live_tensor_model.h). Selecting a row selects
// its tensor; "Go to Step" steps there.
#include "model/compute_buffers.h"
#include "session/graph_observer.h"

#include "alloc/live_tensors.h"
#include "fold/fold_structure.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace planscope::ui {

class GraphSession;
class LiveTensorModel;

class PeakPanel final : public QWidget, public IGraphObserver {
    Q_OBJECT

public:
    enum class At { Peak, CurrentStep };

    explicit PeakPanel(GraphSession* session, QWidget* parent = nullptr);
    ~PeakPanel() override;

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id tensor) override;
    void onPlanReady(const PlanTrace& trace) override;
    void onStepChanged(std::size_t step) override;

    void setBuffer(int index); // into buffers()
    void setAt(At at);
    [[nodiscard]] At at() const { return m_at; }
    [[nodiscard]] const std::vector<ComputeBuffer>& buffers() const { return m_buffers; }
    [[nodiscard]] LiveTensorModel* model() const { return m_model; }
    [[nodiscard]] QTableView* table() const { return m_table; }
    [[nodiscard]] QString summaryText() const;
    // The step shown: the buffer's peak step or the current one.
    [[nodiscard]] std::size_t shownStep() const;

private:
    void refresh();
    void onRowSelected();
    // The buffer's llama.cpp line; for a prompt graph, what llama.cpp reserves beside it.
    [[nodiscard]] QString llamaText(const ComputeBuffer& buffer) const;

    GraphSession* m_session;
    LiveTensorModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QComboBox* m_bufferBox;
    QComboBox* m_atBox;
    QPushButton* m_goTo;
    QLabel* m_summary;
    QTableView* m_table;
    At m_at = At::Peak;
    bool m_syncing = false;
    const PlanTrace* m_trace = nullptr;
    std::vector<ComputeBuffer> m_buffers;
    std::vector<planscope::live_tensors> m_index; // per buffer, built with the trace
    planscope::fold_structure m_fold;              // the trace document's blocks: "blk 3"
    bool m_promptGraph = false;                    // a llama prompt graph: its llama.cpp line is labelled so
};

} // namespace planscope::ui
