#include "event_log_model.h"

#include "event_text.h"
#include "format.h"
#include "session/plan_trace.h"

#include <QLocale>

#include <optional>

namespace planscope::ui {

namespace ev = planscope::events;

namespace {

std::optional<std::uint64_t> eventOffset(const planscope::alloc_event& e) {
    if (const auto* a = std::get_if<ev::alloc>(&e)) return a->offset;
    if (const auto* f = std::get_if<ev::free>(&e)) return f->offset;
    if (const auto* v = std::get_if<ev::view>(&e)) return v->where.offset;
    if (const auto* i = std::get_if<ev::inplace>(&e)) return i->where.offset;
    return std::nullopt;
}

std::optional<std::uint64_t> eventSize(const planscope::alloc_event& e) {
    if (const auto* a = std::get_if<ev::alloc>(&e)) return a->size;
    if (const auto* f = std::get_if<ev::free>(&e)) return f->size;
    if (const auto* f = std::get_if<ev::failure>(&e)) return f->bytes;
    if (const auto* m = std::get_if<ev::measure>(&e)) return m->max_size;
    return std::nullopt;
}

} // namespace

EventLogModel::EventLogModel(QObject* parent) : QAbstractTableModel(parent) {}

void EventLogModel::setTrace(const PlanTrace& trace) {
    beginResetModel();
    m_events = trace.events();
    m_doc = &trace.document();
    endResetModel();
}

void EventLogModel::clear() {
    beginResetModel();
    m_events = {};
    m_doc = nullptr;
    endResetModel();
}

int EventLogModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_events.size());
}

int EventLogModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant EventLogModel::display(const planscope::alloc_event& e, std::size_t row, int column) const {
    const QLocale locale;
    switch (column) {
    case StepColumn: return locale.toString(static_cast<qulonglong>(row + 1));
    case EventColumn: return toQString(planscope::kind_name(e));
    case TensorColumn: {
        const auto t = eventTensor(e);
        return t && m_doc->ctx.contains(*t) ? toQString(m_doc->ctx[*t].name) : QString();
    }
    case BufferColumn: {
        const auto b = eventBuffer(e);
        if (!b) return QString();
        return b->index() < m_doc->buffers.size() ? toQString(m_doc->buffers[b->index()].name)
                                                  : QString::number(b->value);
    }
    case OffsetColumn: {
        const auto o = eventOffset(e);
        return o ? locale.toString(static_cast<qulonglong>(*o)) : QString();
    }
    case SizeColumn: {
        const auto s = eventSize(e);
        return s ? locale.toString(static_cast<qulonglong>(*s)) : QString();
    }
    case DetailColumn: return eventText(e, *m_doc);
    }
    return {};
}

QVariant EventLogModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto row = static_cast<std::size_t>(index.row());
    const planscope::alloc_event& e = m_events[row];
    switch (role) {
    case Qt::DisplayRole: return display(e, row, index.column());
    case Qt::TextAlignmentRole:
        return index.column() == StepColumn || index.column() == OffsetColumn || index.column() == SizeColumn
                   ? QVariant(alignRight())
                   : QVariant();
    case KindRole: return toQString(planscope::kind_name(e));
    case StepRole: return static_cast<qulonglong>(row + 1);
    case TensorIdRole: {
        const auto t = eventTensor(e);
        return t ? static_cast<qlonglong>(t->value) : qlonglong{-1};
    }
    }
    return {};
}

QVariant EventLogModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case StepColumn: return tr("Step");
    case EventColumn: return tr("Event");
    case TensorColumn: return tr("Tensor");
    case BufferColumn: return tr("Buffer");
    case OffsetColumn: return tr("Offset");
    case SizeColumn: return tr("Size");
    case DetailColumn: return tr("Detail");
    }
    return {};
}

EventLogFilter::EventLogFilter(QObject* parent) : QSortFilterProxyModel(parent) {
    setFilterKeyColumn(-1); // the text may be in any column
    setFilterCaseSensitivity(Qt::CaseInsensitive);
}

void EventLogFilter::setKind(const QString& kind) {
    if (kind == m_kind) return;
    m_kind = kind;
    invalidateFilter();
}

void EventLogFilter::setText(const QString& text) { setFilterFixedString(text); }

bool EventLogFilter::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    if (!m_kind.isEmpty()) {
        const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
        if (index.data(EventLogModel::KindRole).toString() != m_kind) return false;
    }
    return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
}

} // namespace planscope::ui
