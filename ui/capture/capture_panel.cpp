#include "capture_panel.h"

#include "model/format.h"
#include "session/graph_session.h"

#include "core/guarded.h"
#include "source/capture_document.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QThread>
#include <QVBoxLayout>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

struct IndexRead {
    std::vector<CaptureRecordRow> rows;
    QString error;
};

} // namespace

CapturePanel::CapturePanel(GraphSession* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(new CaptureRecordModel(this)), m_table(new QTableView(this)),
      m_summary(new QLabel(this)) {
    setObjectName(u"capturePanel"_s);
    m_summary->setObjectName(u"captureSummary"_s);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_table->setObjectName(u"captureRecords"_s);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAlternatingRowColors(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) { openRecord(index.row()); });
    m_session->addObserver(this);
    showIndex({}, {});
}

CapturePanel::~CapturePanel() {
    m_session->removeObserver(this);
    ++m_generation; // a read still queued is dropped
    for (QThread* t : findChildren<QThread*>()) t->wait();
}

void CapturePanel::openRecord(int row) {
    if (row < 0 || row >= m_model->rowCount() || row == m_model->current() || m_file.isEmpty()) return;
    m_session->openFile(m_file + u'#' + m_model->rows()[static_cast<std::size_t>(row)].selection());
}

void CapturePanel::onGraphLoaded(const planscope::graph_document&) {
    const QString path = m_session->filePath();
    if (path.isEmpty() || !planscope::is_capture_source(path.toStdString())) {
        ++m_generation;
        m_reading = 0;
        m_file.clear();
        showIndex({}, {});
        return;
    }
    const QString file = toQString(planscope::parse_capture_selection(path.toStdString()).path.string());
    if (file == m_file) return markCurrent(); // another record of the file shown
    m_file = file;
    const quint64 generation = ++m_generation;
    m_reading = generation;
    m_summary->setText(tr("Reading %1…").arg(file));
    QThread* worker = QThread::create([this, generation, source = file.toStdString()] {
        auto read = std::make_shared<IndexRead>();
        auto f = planscope::guarded([&] { return planscope::capture::read_capture(source); });
        if (f) read->rows = captureRecordRows(*f);
        else read->error = errorText(f.err());
        QMetaObject::invokeMethod(
            this,
            [this, generation, read] {
                if (generation != m_generation) return; // another document came first
                m_reading = 0;
                showIndex(std::move(read->rows), read->error);
            },
            Qt::QueuedConnection);
    });
    worker->setParent(this);
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

void CapturePanel::showIndex(std::vector<CaptureRecordRow> rows, const QString& error) {
    m_model->setRows(std::move(rows));
    if (m_file.isEmpty()) m_summary->setText(tr("Open a capture (.pscap, planscope-cli capture -- COMMAND) to list its records here."));
    else if (!error.isEmpty()) m_summary->setText(error);
    markCurrent();
    m_table->resizeColumnsToContents();
    if (!m_file.isEmpty()) emit indexRead();
}

void CapturePanel::markCurrent() {
    if (m_file.isEmpty() || m_model->rows().empty()) return;
    const auto sel = planscope::parse_capture_selection(m_session->filePath().toStdString());
    // Without a selection the file's first record is open.
    const int row = sel.seq ? m_model->rowOf(sel.run.value_or(0), *sel.seq) : 0;
    m_model->setCurrent(row);
    std::size_t runs = 0;
    for (const CaptureRecordRow& r : m_model->rows()) runs = std::max(runs, r.run + 1);
    m_summary->setText(tr("%1: %n run(s), %2 graph records; record %3 is open (activate another to open it)", nullptr,
                          static_cast<int>(runs))
                           .arg(m_file)
                           .arg(m_model->rowCount())
                           .arg(row >= 0 ? m_model->rows()[static_cast<std::size_t>(row)].selection() : tr("none")));
    if (row >= 0) m_table->selectRow(row);
}

} // namespace planscope::ui
