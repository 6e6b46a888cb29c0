#pragma once
// The allocator's events of a plan, one row each: row i is the event applied at step i + 1.
// EventLogFilter narrows the rows to one event kind and a text (any column).
#include "alloc/alloc_events.h"
#include "core/document.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include <span>

namespace planscope::ui {

class PlanTrace;

class EventLogModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        StepColumn,
        EventColumn,
        TensorColumn,
        BufferColumn,
        OffsetColumn,
        SizeColumn,
        DetailColumn,
        ColumnCount
    };
    enum Role {
        KindRole = Qt::UserRole + 1, // kind_name(), e.g. "alloc"
        StepRole,                    // qulonglong: the step that shows this event
        TensorIdRole,                // the event's tensor id value, -1 when none
    };

    explicit EventLogModel(QObject* parent = nullptr);

    // The trace must outlive the rows (until the next setTrace or clear).
    void setTrace(const PlanTrace& trace);
    void clear();
    // The row of the event a step shows; -1 for step 0.
    [[nodiscard]] static int rowOfStep(std::size_t step) { return static_cast<int>(step) - 1; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const planscope::alloc_event& e, std::size_t row, int column) const;

    std::span<const planscope::alloc_event> m_events;
    const planscope::graph_document* m_doc = nullptr;
};

// Rows of one kind (empty = all) whose cells contain the text (case-insensitive; empty = all).
class EventLogFilter final : public QSortFilterProxyModel {
    Q_OBJECT

public:
    explicit EventLogFilter(QObject* parent = nullptr);

    void setKind(const QString& kind);
    [[nodiscard]] QString kind() const { return m_kind; }
    void setText(const QString& text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString m_kind;
};

} // namespace planscope::ui
