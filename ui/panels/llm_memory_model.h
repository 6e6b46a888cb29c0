#pragma once
// What llama.cpp da46e59c's context holds for a .gguf (llm/llm_reserve.h), as llama_memory_breakdown
// lists it: one row per buffer type with its model (weights), context (KV cache) and compute bytes,
// plus the output (logits) buffer, which the breakdown leaves out, on the host's "CPU" row; then a
// total row. The Buffers dock shows it; the Graph Summary and the status bar take the totals.
#include "llm_context/llm_reserve.h"

#include <QAbstractTableModel>

#include <memory>

namespace planscope::ui {

// The bytes of one kind over every buffer type, and the types that hold them.
struct LlmMemoryPart {
    std::uint64_t bytes = 0;
    QString where; // "CPU_Mapped", "CPU, CUDA0"; empty for none
};
enum class LlmPart { Model, Context, Compute };
LlmMemoryPart llmMemoryPart(const planscope::llm_reserve_result& r, LlmPart part);
// "16.0 GiB (CPU_Mapped)", "0 bytes".
QString llmPartText(const LlmMemoryPart& part);

class LlmMemoryModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { BufferTypeColumn, ModelColumn, ContextColumn, ComputeColumn, OutputColumn, TotalColumn, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1; // the bytes, for sorting and tests

    explicit LlmMemoryModel(QObject* parent = nullptr);

    // Null: no rows (a document of another source).
    void setReserve(std::shared_ptr<const planscope::llm_reserve_result> reserve);
    [[nodiscard]] bool isEmpty() const { return m_reserve == nullptr; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    [[nodiscard]] std::uint64_t bytes(int row, int column) const;

    std::shared_ptr<const planscope::llm_reserve_result> m_reserve;
};

} // namespace planscope::ui
