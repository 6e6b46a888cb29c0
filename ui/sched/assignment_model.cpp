#include "assignment_model.h"

namespace planscope::ui {

AssignmentModel::AssignmentModel(QObject* parent) : QAbstractTableModel(parent) {}

void AssignmentModel::setSchedule(std::shared_ptr<const SplitSchedule> schedule) {
    beginResetModel();
    m_schedule = std::move(schedule);
    endResetModel();
}

int AssignmentModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !m_schedule) return 0;
    return static_cast<int>(m_schedule->plan.assignments.size());
}

int AssignmentModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString AssignmentModel::passText(planscope::sched_pass pass) {
    switch (pass) {
    case planscope::sched_pass::user: return tr("user");
    case planscope::sched_pass::buffers: return tr("1 · buffers");
    case planscope::sched_pass::sources: return tr("2 · sources");
    case planscope::sched_pass::unsupported: return tr("unsupported");
    case planscope::sched_pass::unassigned: return tr("3 · unassigned");
    case planscope::sched_pass::copy: return tr("4 · copy");
    case planscope::sched_pass::expand: return tr("2 · expand");
    case planscope::sched_pass::upgrade: return tr("3 · upgrade");
    case planscope::sched_pass::remaining: return tr("4 · remaining");
    case planscope::sched_pass::split_copy: return tr("5 · copy");
    case planscope::sched_pass::logged: return tr("log");
    }
    return {};
}

QVariant AssignmentModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || !m_schedule) return {};
    const planscope::sched_assignment& a = m_schedule->plan.assignments[static_cast<std::size_t>(index.row())];
    if (role == TensorRole) return QVariant::fromValue(static_cast<qulonglong>(a.tensor.index()));
    if (role == BackendIndexRole) return a.backend;
    if (role == Qt::DecorationRole && index.column() == BackendColumn) return backendColor(m_schedule->backendNames, a.backend);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    switch (index.column()) {
    case NodeColumn: {
        const planscope::context& ctx = m_schedule->splitDoc->ctx;
        return ctx.contains(a.tensor) ? QString::fromStdString(ctx[a.tensor].name) : QString();
    }
    case BackendColumn:
        return a.backend >= 0 && static_cast<std::size_t>(a.backend) < m_schedule->backendNames.size()
                   ? QString::fromStdString(m_schedule->backendNames[static_cast<std::size_t>(a.backend)])
                   : tr("none");
    case PassColumn: return passText(a.pass);
    case CauseColumn: return QString::fromStdString(a.cause);
    default: return {};
    }
}

QVariant AssignmentModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case NodeColumn: return tr("Tensor");
    case BackendColumn: return tr("Backend");
    case PassColumn: return tr("Pass");
    case CauseColumn: return tr("Cause");
    default: return {};
    }
}

} // namespace planscope::ui
