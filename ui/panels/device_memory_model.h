#pragma once
// llama.cpp's memory breakdown per device (llm_context/llm_fit.h) as a table: one row per device,
// the GPUs in order, then the host, with its weights, KV cache, compute buffer, their sum, the
// device's free memory and the verdict against it less the margin. Sizes readable in the cells,
// exact in the tooltips.
#include "llm_context/llm_fit.h"

#include <QAbstractTableModel>

#include <memory>

namespace planscope::ui {

// fit_verdict's words, translated: "fits, 9.1 GiB free", "within the margin: ...", "over by 1.2
// GiB: KV cache 8.0 GiB is the largest share".
QString deviceVerdict(const planscope::llm_device_memory& d, std::uint64_t margin);
// "fits" / "does not fit": every GPU within its free memory less the margin (the host too when alone).
QString fitSummary(const planscope::llm_fit_report& r, std::uint64_t margin);

class DeviceMemoryModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { DeviceColumn, ModelColumn, ContextColumn, ComputeColumn, TotalColumn, FreeColumn, VerdictColumn, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1; // the bytes (the verdict: the surplus), for sorting and tests

    explicit DeviceMemoryModel(QObject* parent = nullptr);

    // Null: no rows (no model, or the fit failed).
    void setReport(std::shared_ptr<const planscope::llm_fit_report> report, std::uint64_t margin);
    [[nodiscard]] const std::shared_ptr<const planscope::llm_fit_report>& report() const { return m_report; }
    [[nodiscard]] std::uint64_t margin() const { return m_margin; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const planscope::llm_fit_report> m_report;
    std::uint64_t m_margin = planscope::llm_fit_default_margin;
};

} // namespace planscope::ui
