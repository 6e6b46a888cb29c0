#pragma once
// Graph summary: tensor, node and leaf counts, bytes of leafs and nodes, the compute buffers once
// planned (with llama.cpp's figure, and the change since the previous plan of the same model: a
// what-if's before and after), for a llama prompt graph what llama.cpp reserves (its worst-case
// graph, GraphSession::llamaReserve) beside the prompt graph's figure, and a per-op table. For a
// .gguf built as llama.cpp da46e59c builds it (GraphSession::llmReserve) the Llm* rows instead:
// the era that plans, llama.cpp's graph nodes, context and flash attention as it resolved them,
// and its memory (model, context (KV), compute, output).
#include "session/graph_observer.h"

#include <QWidget>

#include <array>
#include <cstdint>
#include <optional>

class QFormLayout;
class QLabel;
class QTableView;

namespace planscope::ui {

class GraphSession;
class OpSummaryModel;

class SummaryPanel final : public QWidget, public IGraphObserver {
    Q_OBJECT

public:
    // The engine's graph_summary fields, in the order shown; preallocated = tensors with a placement.
    // LlamaReserve: shown for a llama prompt graph only; Llm*: for a document with an llm reserve only.
    enum class Total {
        Tensors, Nodes, Leafs, Views, LeafBytes, NodeBytes, PreallocatedBytes, ComputeBuffers, LlamaReserve,
        LlmPlannedBy, LlmNodes, LlmContext, LlmFlashAttention, LlmModel, LlmKv, LlmCompute, LlmOutput, LlmTotal,
        Count
    };

    explicit SummaryPanel(GraphSession* session, QWidget* parent = nullptr);
    ~SummaryPanel() override;

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id) override {}
    void onPlanReady(const PlanTrace& trace) override;

    [[nodiscard]] QString text(Total total) const;
    [[nodiscard]] QString toolTip(Total total) const;
    [[nodiscard]] bool isShown(Total total) const;

signals:
    // After each single-buffer plan: the compute buffer before (the previous plan of the same
    // model; 0 for a new model) and now.
    void computeBufferChanged(quint64 before, quint64 now);
    // After a scheduled plan: one compute buffer per backend, "CPU 70.5 MiB, OpenCL 51.0 MiB",
    // and the lines llama.cpp prints for them.
    void backendComputeBuffers(const QString& list, const QString& llamaLines);

public:
    [[nodiscard]] OpSummaryModel* model() const { return m_model; }

private:
    void showReserve();
    void showLlmReserve();

    GraphSession* m_session;
    OpSummaryModel* m_model;
    QTableView* m_table;
    std::array<QLabel*, static_cast<std::size_t>(Total::Count)> m_totals{};
    // The last single-buffer plan's compute size and the model it was of, for the delta.
    QString m_lastSource;
    std::optional<std::uint64_t> m_lastCompute;
    QFormLayout* m_form;
    QString m_promptLine; // the prompt graph's llama.cpp line, from its single plan
    bool m_promptGraph = false;
};

} // namespace planscope::ui
