#include "buffers_panel.h"

#include "llm_memory_model.h"
#include "model/buffer_list_model.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace planscope::ui {

using namespace Qt::StringLiterals;

BuffersPanel::BuffersPanel(GraphSession* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(new BufferListModel(this)), m_table(new QTableView(this)),
      m_llmModel(new LlmMemoryModel(this)), m_llmTitle(new QLabel(tr("llama.cpp da46e59c's memory by buffer type:"), this)),
      m_llmTable(new QTableView(this)) {
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

    m_llmTable->setObjectName(u"llmMemoryTable"_s);
    m_llmTable->setModel(m_llmModel);
    m_llmTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_llmTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_llmTable->verticalHeader()->hide();
    m_llmTable->verticalHeader()->setDefaultSectionSize(m_llmTable->fontMetrics().height() + 6);
    m_llmTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_llmTable->horizontalHeader()->setStretchLastSection(true);
    m_llmTitle->setToolTip(tr("What llama_memory_breakdown prints for this model and context, and the output buffer"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table, 2);
    layout->addWidget(m_llmTitle);
    layout->addWidget(m_llmTable, 1);
    m_llmTitle->hide();
    m_llmTable->hide();
    m_session->addObserver(this);
}

BuffersPanel::~BuffersPanel() { m_session->removeObserver(this); }

void BuffersPanel::onGraphLoaded(const planscope::graph_document& doc) {
    m_model->setLlmReserve(m_session->llmReserve());
    m_model->setDocument(doc);
    m_llmModel->setReserve(m_session->llmReserve());
    m_llmTitle->setVisible(showsLlmMemory());
    m_llmTable->setVisible(showsLlmMemory());
}

bool BuffersPanel::showsLlmMemory() const { return !m_llmModel->isEmpty(); }

void BuffersPanel::onPlanReady(const PlanTrace& trace) {
    // The planned document lists the compute buffers the plan appended.
    m_model->setDocument(trace.document(), computeBuffers(trace.document(), trace.events(), trace.hasSplits()));
}

} // namespace planscope::ui
