#include "split_cause_model.h"

#include "model/format.h"
#include "split_overview_model.h"

#include <QList>

namespace planscope::ui {

using namespace planscope;
using namespace Qt::StringLiterals;

namespace {

QString backendText(const std::vector<std::string>& names, int b) {
    return b >= 0 && static_cast<std::size_t>(b) < names.size() ? shortBackendName(names[static_cast<std::size_t>(b)])
                                                                 : SplitCauseModel::tr("no backend");
}

QList<int> toList(const std::vector<std::size_t>& splits) {
    QList<int> out;
    out.reserve(static_cast<qsizetype>(splits.size()));
    for (std::size_t s : splits) out.push_back(static_cast<int>(s));
    return out;
}

} // namespace

SplitCauseModel::SplitCauseModel(QObject* parent) : QAbstractTableModel(parent) {}

void SplitCauseModel::setSchedule(std::shared_ptr<const SplitSchedule> schedule) {
    beginResetModel();
    m_schedule = std::move(schedule);
    endResetModel();
}

int SplitCauseModel::boundaryRows() const { return m_schedule ? static_cast<int>(m_schedule->causes.boundaries.size()) : 0; }

int SplitCauseModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !m_schedule) return 0;
    return static_cast<int>(m_schedule->causes.boundaries.size() + m_schedule->causes.copies.size());
}

int SplitCauseModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString SplitCauseModel::boundaryText(const boundary_group& g, const std::vector<std::string>& names) {
    return causeWords(toQString(g.op), g.code, toQString(g.source), backendText(names, g.to_backend));
}

QString SplitCauseModel::splitList(const std::vector<std::size_t>& splits) {
    QStringList parts;
    const std::size_t shown = splits.size() > 8 ? 6 : splits.size();
    for (std::size_t i = 0; i < shown; ++i) parts << QString::number(splits[i]);
    if (shown < splits.size()) parts << u"… "_s + QString::number(splits.back());
    return parts.join(u", "_s);
}

tensor_id SplitCauseModel::tensorOf(int row) const {
    const split_causes& c = m_schedule->causes;
    const auto& splits = m_schedule->plan.splits;
    const std::size_t r = static_cast<std::size_t>(row);
    if (r < c.boundaries.size()) {
        // The node that started the first split: the first of its range that is not a view (pass 4).
        const std::vector<int>& splitOf = m_schedule->splitOf;
        const graph_document& doc = *m_schedule->splitDoc;
        const int split = static_cast<int>(c.boundaries[r].splits.front());
        tensor_id first;
        for (tensor_id n : doc.g.nodes) {
            if (n.index() >= splitOf.size() || splitOf[n.index()] != split || doc.ctx[n].op == op_kind::cpy) continue;
            if (!first.valid()) first = n;
            if (!info(doc.ctx[n].op).view_op) return n;
        }
        return first;
    }
    const copy_group& g = c.copies[r - c.boundaries.size()];
    if (g.splits.empty() || g.splits.front() >= splits.size()) return {};
    for (const sched_input& in : splits[g.splits.front()].inputs)
        if (fold_numbers(m_schedule->splitDoc->ctx[in.tensor].name) == g.tensor) return in.tensor;
    return {};
}

QVariant SplitCauseModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || !m_schedule) return {};
    const split_causes& c = m_schedule->causes;
    const std::vector<std::string>& names = m_schedule->backendNames;
    const std::size_t r = static_cast<std::size_t>(index.row());
    const bool boundary = r < c.boundaries.size();
    const boundary_group* b = boundary ? &c.boundaries[r] : nullptr;
    const copy_group* cp = boundary ? nullptr : &c.copies[r - c.boundaries.size()];
    const std::vector<std::size_t>& splits = boundary ? b->splits : cp->splits;
    const std::size_t count = boundary ? b->splits.size() : cp->copies;
    const int from = boundary ? b->from_backend : cp->from_backend;
    const int to = boundary ? b->to_backend : cp->to_backend;

    switch (role) {
    case SplitsRole: return QVariant::fromValue(toList(splits));
    case TensorRole: {
        const tensor_id t = tensorOf(index.row());
        return t.valid() ? QVariant::fromValue(static_cast<qulonglong>(t.index())) : QVariant::fromValue(qulonglong(-1));
    }
    case Qt::TextAlignmentRole:
        if (index.column() == CountColumn || index.column() == BytesColumn) return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::DecorationRole:
        return index.column() == BackendsColumn ? QVariant(backendColor(m_schedule->backendNames, to)) : QVariant();
    case SortRole:
        switch (index.column()) {
        case CountColumn: return static_cast<qulonglong>(count);
        case BytesColumn: return static_cast<qulonglong>(boundary ? 0 : cp->bytes);
        case SplitsColumn: return splits.empty() ? -1 : static_cast<int>(splits.front());
        default: return data(index, Qt::DisplayRole);
        }
    case Qt::ToolTipRole:
        if (index.column() == SplitsColumn) {
            QStringList all;
            for (std::size_t s : splits) all << QString::number(s);
            return tr("Splits %1").arg(all.join(u", "_s));
        }
        if (index.column() == CauseColumn && boundary)
            return tr("%n split(s) start where the scheduler moved to %1 for this reason; select the row to mark them "
                      "in the split overview",
                      nullptr, static_cast<int>(count))
                .arg(backendText(names, to));
        return data(index, Qt::DisplayRole);
    case Qt::DisplayRole:
        switch (index.column()) {
        case CountColumn: return QString::number(count);
        case KindColumn: return boundary ? tr("boundary") : tr("copy");
        case BackendsColumn: return QString(backendText(names, from) + u" → "_s + backendText(names, to));
        case CauseColumn:
            return boundary ? boundaryText(*b, names) : tr("%1 read on %2").arg(toQString(cp->tensor), backendText(names, to));
        case CodeColumn: return boundary ? toQString(b->code) : QString();
        case BytesColumn: return boundary ? QString() : formatBytes(cp->bytes);
        case SplitsColumn: return splitList(splits);
        default: return {};
        }
    default: return {};
    }
}

QVariant SplitCauseModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case CountColumn: return tr("Count");
    case KindColumn: return tr("Kind");
    case BackendsColumn: return tr("Backends");
    case CauseColumn: return tr("Why");
    case CodeColumn: return tr("Cause");
    case BytesColumn: return tr("Bytes");
    case SplitsColumn: return tr("Splits");
    default: return {};
    }
}

} // namespace planscope::ui
