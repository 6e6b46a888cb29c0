#pragma once
// The Capture dock: the graph records of the capture file the session has open (planscope
// FILE.pscap; docs/capture-reading.md), one row a record, the open one bold; activating another
// (double-click, Enter) opens it as FILE.pscap#RUN:SEQ. The file's index is read off the GUI
// thread once per file; another document that is no capture empties the list.
#include "capture_record_model.h"
#include "session/graph_observer.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace planscope::ui {

class GraphSession;

class CapturePanel final : public QWidget, public IGraphObserver {
    Q_OBJECT

public:
    explicit CapturePanel(GraphSession* session, QWidget* parent = nullptr);
    ~CapturePanel() override; // waits for the index being read

    [[nodiscard]] CaptureRecordModel* model() const { return m_model; }
    [[nodiscard]] QTableView* table() const { return m_table; }
    [[nodiscard]] QLabel* summaryLabel() const { return m_summary; }
    [[nodiscard]] bool isReading() const { return m_reading != 0; }
    // Opens the record of `row` in the session.
    void openRecord(int row);

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id) override {}

signals:
    void indexRead(); // the rows are the open capture's (or its error is shown)

private:
    void showIndex(std::vector<CaptureRecordRow> rows, const QString& error);
    void markCurrent();

    GraphSession* m_session;
    CaptureRecordModel* m_model;
    QTableView* m_table;
    QLabel* m_summary;
    QString m_file;     // the capture file whose rows are shown (or being read)
    quint64 m_generation = 0;
    quint64 m_reading = 0; // the read whose rows are awaited; 0: none
};

} // namespace planscope::ui
