#include "live_tensor_model.h"

#include "model/format.h"
#include "model/graph_summary.h"

#include <QLocale>

namespace planscope::ui {

using namespace Qt::StringLiterals;

LiveTensorModel::LiveTensorModel(QObject* parent) : QAbstractTableModel(parent) {}

void LiveTensorModel::setLiveSet(const planscope::graph_document& doc, const planscope::fold_structure& fold,
                                 planscope::live_set live, std::uint64_t bufferSize) {
    beginResetModel();
    m_doc = &doc;
    m_fold = &fold;
    m_live = std::move(live);
    m_bufferSize = bufferSize;
    endResetModel();
}

void LiveTensorModel::clear() {
    beginResetModel();
    m_doc = nullptr;
    m_fold = nullptr;
    m_live = {};
    endResetModel();
}

int LiveTensorModel::rowOf(planscope::tensor_id tensor) const {
    for (std::size_t i = 0; i < m_live.allocations.size(); ++i) {
        const planscope::live_allocation& a = m_live.allocations[i];
        if (a.owner == tensor || std::find(a.riders.begin(), a.riders.end(), tensor) != a.riders.end()) return static_cast<int>(i);
    }
    return -1;
}

int LiveTensorModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_doc ? 0 : static_cast<int>(m_live.allocations.size());
}

int LiveTensorModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString LiveTensorModel::whenText(const planscope::graph_document& doc, const planscope::fold_structure& fold,
                                  std::optional<std::size_t> step, planscope::tensor_id node) {
    if (!step) return tr("never");
    const QString at = tr("step %1").arg(QLocale().toString(static_cast<qulonglong>(*step)));
    if (!node.valid()) return tr("%1 · before the graph").arg(at);
    const planscope::fold_place p = fold.place_of(node);
    if (!p.folded()) return tr("%1 · %2").arg(at, toQString(doc.ctx[node].name));
    const planscope::fold_group& g = fold.groups[static_cast<std::size_t>(p.group)];
    return tr("%1 · %2").arg(at, toQString(planscope::instance_label(g, p.instance, p.instance)));
}

QString LiveTensorModel::lifetimeText(const planscope::live_allocation& a, std::size_t nodes) {
    if (a.free_node) {
        const auto n = static_cast<int>(*a.free_node >= a.alloc_node ? *a.free_node - a.alloc_node : 0);
        return tr("%n node(s)", nullptr, n);
    }
    const auto n = static_cast<int>(nodes >= a.alloc_node ? nodes - a.alloc_node : 0);
    return tr("%n node(s), to the end", nullptr, n);
}

QString LiveTensorModel::waitingText(const planscope::graph_document& doc, const planscope::live_allocation& a) {
    if (a.pending_readers.empty())
        return a.free_step ? tr("nothing: freed at step %1 (a parse_seq barrier)").arg(*a.free_step)
                           : tr("nothing reads it: a graph output, never freed");
    QStringList names;
    for (planscope::tensor_id r : a.pending_readers) names << toQString(doc.ctx[r].name);
    return names.join(u", "_s);
}

QVariant LiveTensorModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !m_doc) return {};
    const planscope::live_allocation& a = m_live.allocations[static_cast<std::size_t>(index.row())];
    const planscope::tensor& t = m_doc->ctx[a.owner];
    const double share = m_bufferSize == 0 ? 0.0 : 100.0 * static_cast<double>(a.size) / static_cast<double>(m_bufferSize);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case RankColumn: return index.row() + 1;
        case NameColumn: return toQString(t.name);
        case OpColumn: return toQString(planscope::op_desc(t));
        case BytesColumn: return formatBytes(a.size);
        case ShareColumn: return tr("%1 %").arg(QLocale().toString(share, 'f', 1));
        case AllocatedColumn: return whenText(*m_doc, *m_fold, a.alloc_step, a.alloc_by);
        case FreedColumn: return whenText(*m_doc, *m_fold, a.free_step, a.free_by);
        case LifetimeColumn: return lifetimeText(a, m_doc->g.nodes.size());
        case WaitingColumn: return waitingText(*m_doc, a);
        }
        break;
    case SortRole:
        switch (index.column()) {
        case RankColumn: return index.row();
        case BytesColumn:
        case ShareColumn: return static_cast<qulonglong>(a.size);
        case AllocatedColumn: return static_cast<qulonglong>(a.alloc_step);
        case FreedColumn: return static_cast<qulonglong>(a.free_step.value_or(std::numeric_limits<std::size_t>::max()));
        case LifetimeColumn: {
            const std::size_t end = a.free_node.value_or(m_doc->g.nodes.size());
            return static_cast<qulonglong>(end >= a.alloc_node ? end - a.alloc_node : 0);
        }
        default: return data(index, Qt::DisplayRole);
        }
    case TensorRole: return static_cast<qulonglong>(a.owner.value);
    case Qt::ToolTipRole: {
        QStringList riders;
        for (planscope::tensor_id r : a.riders) riders << toQString(m_doc->ctx[r].name);
        QString tip = tr("%1: %2 at offset %3").arg(toQString(t.name), formatBytesExact(a.size)).arg(a.offset);
        if (!riders.isEmpty()) tip += u'\n' + tr("Also in this memory: %1").arg(riders.join(u", "_s));
        return tip;
    }
    case Qt::TextAlignmentRole:
        if (index.column() == RankColumn || index.column() == BytesColumn || index.column() == ShareColumn) return alignRight();
        break;
    }
    return {};
}

QVariant LiveTensorModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case RankColumn: return tr("#");
    case NameColumn: return tr("Tensor");
    case OpColumn: return tr("Op");
    case BytesColumn: return tr("Bytes");
    case ShareColumn: return tr("Of the buffer");
    case AllocatedColumn: return tr("Allocated");
    case FreedColumn: return tr("Freed");
    case LifetimeColumn: return tr("Lives");
    case WaitingColumn: return tr("Waiting for");
    }
    return {};
}

} // namespace planscope::ui
