#include "event_log_panel.h"

#include "model/event_log_model.h"
#include "session/graph_session.h"

#include <QHeaderView>
#include <QTableView>
#include <QVBoxLayout>

namespace planscope::ui {

using namespace Qt::StringLiterals;

EventLogPanel::EventLogPanel(GraphSession* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(new EventLogModel(this)), m_table(new QTableView(this)) {
    setObjectName(u"eventLogPanel"_s);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table);
    m_session->addObserver(this);
}

EventLogPanel::~EventLogPanel() { m_session->removeObserver(this); }

void EventLogPanel::onGraphLoaded(const planscope::graph_document&) { m_model->clear(); }

} // namespace planscope::ui
