#pragma once
// The document's buffers with their sizes and, once planned, the compute buffers: the document's
// own "compute" buffer, or after Schedule one per backend, with the size llama.cpp prints. Below,
// for a .gguf built as llama.cpp da46e59c builds it, llama.cpp's memory breakdown by buffer type
// (LlmMemoryModel: model, context (KV), compute, output).
#include "session/graph_observer.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace planscope::ui {

class BufferListModel;
class GraphSession;
class LlmMemoryModel;

class BuffersPanel final : public QWidget, public IGraphObserver {
    Q_OBJECT

public:
    explicit BuffersPanel(GraphSession* session, QWidget* parent = nullptr);
    ~BuffersPanel() override;

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id) override {}
    void onPlanReady(const PlanTrace& trace) override;

    [[nodiscard]] BufferListModel* model() const { return m_model; }
    [[nodiscard]] LlmMemoryModel* llmMemoryModel() const { return m_llmModel; }
    // Whether llama.cpp's breakdown is shown (the document has an llm reserve).
    [[nodiscard]] bool showsLlmMemory() const;

private:
    GraphSession* m_session;
    BufferListModel* m_model;
    QTableView* m_table;
    LlmMemoryModel* m_llmModel;
    QLabel* m_llmTitle;
    QTableView* m_llmTable;
};

} // namespace planscope::ui
