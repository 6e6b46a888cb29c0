#include "offset_diff_model.h"

#include "buffers/block_style.h"
#include "model/format.h"

#include <QLocale>

#include <algorithm>

namespace planscope::ui {

OffsetDiffModel::OffsetDiffModel(QObject* parent) : QAbstractTableModel(parent) {}

void OffsetDiffModel::setComparison(const PlannerComparison& c, const planscope::graph_document& doc) {
    beginResetModel();
    m_rows.clear();
    m_nameA = toQString(planscope::name(c.a.plan.planner));
    m_nameB = toQString(planscope::name(c.b.plan.planner));
    const auto a = planscope::member_offsets(c.dsa, c.a.plan.offsets);
    const auto b = planscope::member_offsets(c.dsa, c.b.plan.offsets);
    for (const auto& [t, offsetA] : a) {
        const std::uint64_t size = doc.ctx.contains(t) ? planscope::nbytes(doc.ctx[t]) : 0;
        m_rows.push_back({t, tensorName(doc, t), offsetA, b.at(t), size});
    }
    std::sort(m_rows.begin(), m_rows.end(), [](const Row& x, const Row& y) {
        if (x.moved() != y.moved()) return x.moved();
        if (x.offsetA != y.offsetA) return x.offsetA < y.offsetA;
        return x.tensor < y.tensor;
    });
    endResetModel();
}

void OffsetDiffModel::clear() {
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

int OffsetDiffModel::movedCount() const {
    return static_cast<int>(std::count_if(m_rows.begin(), m_rows.end(), [](const Row& r) { return r.moved(); }));
}

int OffsetDiffModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int OffsetDiffModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant OffsetDiffModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& r = m_rows[static_cast<std::size_t>(index.row())];
    if (role == SortRole) {
        switch (index.column()) {
        case TensorColumn: return r.name;
        case OffsetAColumn: return QVariant::fromValue<qulonglong>(r.offsetA);
        case OffsetBColumn: return QVariant::fromValue<qulonglong>(r.offsetB);
        case SizeColumn: return QVariant::fromValue<qulonglong>(r.size);
        case MovedColumn: return r.moved();
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() != TensorColumn) return alignRight();
    if (role == Qt::ToolTipRole && index.column() == MovedColumn && r.moved())
        return tr("%1 puts it at %2, %3 at %4").arg(m_nameA).arg(r.offsetA).arg(m_nameB).arg(r.offsetB);
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case TensorColumn: return r.name;
    case OffsetAColumn: return QLocale().toString(static_cast<qulonglong>(r.offsetA));
    case OffsetBColumn: return QLocale().toString(static_cast<qulonglong>(r.offsetB));
    case SizeColumn: return formatBytes(r.size);
    case MovedColumn: {
        if (!r.moved()) return QString();
        const auto delta = static_cast<qlonglong>(r.offsetB) - static_cast<qlonglong>(r.offsetA);
        return delta > 0 ? tr("+%1").arg(formatBytes(static_cast<std::uint64_t>(delta)))
                         : tr("−%1").arg(formatBytes(static_cast<std::uint64_t>(-delta)));
    }
    default: return {};
    }
}

QVariant OffsetDiffModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TensorColumn: return tr("Tensor");
    case OffsetAColumn: return tr("Offset (%1)").arg(m_nameA.isEmpty() ? tr("A") : m_nameA);
    case OffsetBColumn: return tr("Offset (%1)").arg(m_nameB.isEmpty() ? tr("B") : m_nameB);
    case SizeColumn: return tr("Size");
    case MovedColumn: return tr("Moved");
    default: return {};
    }
}

} // namespace planscope::ui
