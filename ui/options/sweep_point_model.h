#pragma once
// A compute buffer sweep's points as a table, one row per value in the order they were planned:
// the value, nodes, the plan's compute buffer, the lower bound, their ratio (4 decimals, as
// planscope-cli plan --sweep prints it) and llama.cpp's total. Sizes are readable in the cells
// and exact in the tooltips.
#include "source/llama_sweep.h"

#include <QAbstractTableModel>

#include <vector>

namespace planscope::ui {

// "n_batch" or "n_ctx": the llama.cpp parameter a sweep varies.
QString sweepKeyLabel(planscope::sweep_key key);

class SweepPointModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { ValueColumn, NodesColumn, ComputeColumn, BoundColumn, RatioColumn, LlamaColumn, ColumnCount };

    explicit SweepPointModel(QObject* parent = nullptr);

    // "1.0507": the plan over the lower bound, in the current locale.
    static QString ratioText(const planscope::sweep_point& p);
    // Every value of `p`, a line each (the chart's tooltip).
    static QString pointText(planscope::sweep_key key, const planscope::sweep_point& p);

    void append(const planscope::sweep_point& p);
    void clear();
    [[nodiscard]] const std::vector<planscope::sweep_point>& points() const { return m_points; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<planscope::sweep_point> m_points;
};

} // namespace planscope::ui
