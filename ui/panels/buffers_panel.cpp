#include "buffers_panel.h"

#include "model/buffer_list_model.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace planscope::ui {

using namespace Qt::StringLiterals;

BuffersPanel::BuffersPanel(GraphSession* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(new BufferListModel(this)), m_table(new QTableView(this)) {
    setObjectName(u"buffersPanel"_s);
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_model);
    proxy->setSortRole(BufferListModel::SortRole);
    m_table->setModel(proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // buffer order until the user sorts
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table);
    m_session->addObserver(this);
}

BuffersPanel::~BuffersPanel() { m_session->removeObserver(this); }

void BuffersPanel::onGraphLoaded(const planscope::graph_document& doc) { m_model->setDocument(doc); }

void BuffersPanel::onPlanReady(const PlanTrace& trace) {
    // The planned document lists the compute buffers the plan appended.
    m_model->setDocument(trace.document(), computeBuffers(trace.document(), trace.events(), trace.hasSplits()));
}

} // namespace planscope::ui
