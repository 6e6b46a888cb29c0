#include "event_log_panel.h"

#include "model/event_log_model.h"
#include "session/graph_session.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>

namespace planscope::ui {

using namespace Qt::StringLiterals;

EventLogPanel::EventLogPanel(GraphSession* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(new EventLogModel(this)), m_filter(new EventLogFilter(this)),
      m_kind(new QComboBox(this)), m_text(new QLineEdit(this)), m_table(new QTableView(this)) {
    setObjectName(u"eventLogPanel"_s);
    m_filter->setSourceModel(m_model);
    m_table->setModel(m_filter);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    connect(m_table, &QAbstractItemView::doubleClicked, this, &EventLogPanel::jumpToRow);

    m_kind->setObjectName(u"eventKindFilter"_s);
    m_kind->addItem(tr("All events"), QString());
    // kind_name() of each alternative, in the variant's order.
    for (const QString& kind : {u"attach"_s, u"alloc"_s, u"free"_s, u"failure"_s, u"reset"_s, u"node"_s,
                                u"barrier"_s, u"view"_s, u"inplace"_s, u"refused"_s, u"measure"_s})
        m_kind->addItem(kind, kind);
    connect(m_kind, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setKind(m_kind->currentData().toString()); });
    m_text->setObjectName(u"eventTextFilter"_s);
    m_text->setPlaceholderText(tr("Filter events…"));
    m_text->setClearButtonEnabled(true);
    connect(m_text, &QLineEdit::textChanged, m_filter, &EventLogFilter::setText);

    auto* filters = new QHBoxLayout;
    filters->addWidget(m_kind);
    filters->addWidget(m_text, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(filters);
    layout->addWidget(m_table);
    m_session->addObserver(this);
}

EventLogPanel::~EventLogPanel() { m_session->removeObserver(this); }

void EventLogPanel::onGraphLoaded(const planscope::graph_document&) { m_model->clear(); }

void EventLogPanel::onPlanReady(const PlanTrace& trace) {
    m_model->setTrace(trace);
    selectStep(m_session->step());
}

void EventLogPanel::onStepChanged(std::size_t step) { selectStep(step); }

void EventLogPanel::selectStep(std::size_t step) {
    const int row = EventLogModel::rowOfStep(step);
    const QModelIndex index = m_filter->mapFromSource(m_model->index(row, 0));
    if (!index.isValid()) {
        m_table->clearSelection(); // step 0, or the row is filtered out
        return;
    }
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(index);
}

void EventLogPanel::jumpToRow(const QModelIndex& proxyIndex) {
    const QModelIndex source = m_filter->mapToSource(proxyIndex);
    if (source.isValid()) m_session->setStep(source.data(EventLogModel::StepRole).toULongLong());
}

} // namespace planscope::ui
