#pragma once
// The document's buffers (weights, KV cache, ...) and, once planned, its compute buffers (one per
// backend after Schedule): name, backend, size, alignment, tensors placed, and for a compute
// buffer the size llama.cpp prints (compute_buffers.h), in bold. A llama prompt graph's compute
// buffer shows what llama.cpp reserves (its worst-case graph, setReserved) once known, and labels
// its own figure as the prompt graph's; for a 2026 graph, llama.cpp da46e59c's reserve
// (setLlmReserve: its CPU compute buffer after the pp, tg, pp graphs).
#include "core/document.h"
#include "model/compute_buffers.h"

#include <QAbstractTableModel>

#include <memory>

namespace planscope {
struct llm_reserve_result;
}

namespace planscope::ui {

class BufferListModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { NameColumn, BackendColumn, SizeColumn, AlignmentColumn, TensorsColumn, LlamaColumn, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit BufferListModel(QObject* parent = nullptr);

    // `doc` lists the buffers (a planned document lists its compute buffers too); `compute` says
    // which of them are compute buffers.
    void setDocument(const planscope::graph_document& doc, const std::vector<ComputeBuffer>& compute = {});
    // What llama.cpp reserves for the prompt graph; kept across setDocument (a plan of the same
    // document may arrive after it), the session resets it with another document.
    void setReserved(const ReservedLine& reserved);
    // What llama.cpp da46e59c's context reserved for the document (GraphSession::llmReserve);
    // null for a 2023 graph. Set with each document, before setDocument.
    void setLlmReserve(std::shared_ptr<const planscope::llm_reserve_result> reserve);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString name;
        QString backend;
        std::uint64_t size;
        std::uint64_t alignment;
        int tensors;
        QString llamaLine; // compute buffers only
        bool promptGraph;
    };
    QString llamaText(const Row& row) const;
    QString llamaToolTip(const Row& row) const;

    std::vector<Row> m_rows;
    ReservedLine m_reserved;
    std::shared_ptr<const planscope::llm_reserve_result> m_llm;
};

} // namespace planscope::ui
