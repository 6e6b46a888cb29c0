#pragma once
// The graph records of a capture file (io/capture_reader.h, docs/capture-format.md) as a table:
// one row a record, runs in order, with the event that made it, its nodes, splits, wall time and
// each backend's compute buffer; the record the session has open is bold. Plain rows, so that
// what a capture lists is tested without a file.
#include "io/capture_reader.h"

#include <QAbstractTableModel>
#include <QString>

#include <vector>

namespace planscope::ui {

struct CaptureRecordRow {
    std::size_t run = 0;
    std::uint64_t seq = 0;
    QString event;     // "sched_graph_compute"
    QString command;   // the run's command line
    std::size_t nodes = 0;
    std::uint64_t splits = 0;
    std::uint64_t wallUs = 0;
    QString compute;   // "CPU 156.2 KiB, CUDA0 1.1 MiB"; a graph allocator's: its buffer sizes
    [[nodiscard]] QString selection() const; // "R:S", what FILE.pscap#R:S opens
};

std::vector<CaptureRecordRow> captureRecordRows(const planscope::capture::capture_file& file);

class CaptureRecordModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { RecordColumn, EventColumn, NodesColumn, SplitsColumn, WallColumn, ComputeColumn, ColumnCount };
    static constexpr int SelectionRole = Qt::UserRole + 1; // "R:S"

    explicit CaptureRecordModel(QObject* parent = nullptr);

    void setRows(std::vector<CaptureRecordRow> rows);
    [[nodiscard]] const std::vector<CaptureRecordRow>& rows() const { return m_rows; }
    // The row of the record open in the session (bold), or -1.
    void setCurrent(int row);
    [[nodiscard]] int current() const { return m_current; }
    // The row of run `run`, record `seq`; -1 when the capture has none.
    [[nodiscard]] int rowOf(std::size_t run, std::uint64_t seq) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<CaptureRecordRow> m_rows;
    int m_current = -1;
};

} // namespace planscope::ui
