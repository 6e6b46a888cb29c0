#include "event_log_model.h"

namespace planscope::ui {

EventLogModel::EventLogModel(QObject* parent) : QAbstractTableModel(parent) {}

void EventLogModel::clear() {
    beginResetModel();
    endResetModel();
}

int EventLogModel::rowCount(const QModelIndex&) const { return 0; }

int EventLogModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant EventLogModel::data(const QModelIndex&, int) const { return {}; }

QVariant EventLogModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case StepColumn: return tr("Step");
    case EventColumn: return tr("Event");
    case TensorColumn: return tr("Tensor");
    case BufferColumn: return tr("Buffer");
    case OffsetColumn: return tr("Offset");
    case SizeColumn: return tr("Size");
    }
    return {};
}

} // namespace planscope::ui
