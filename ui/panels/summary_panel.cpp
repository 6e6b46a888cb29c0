#include "summary_panel.h"

#include "model/format.h"
#include "model/op_summary_model.h"
#include "session/graph_session.h"

#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace planscope::ui {

using namespace Qt::StringLiterals;

SummaryPanel::SummaryPanel(GraphSession* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(new OpSummaryModel(this)), m_table(new QTableView(this)) {
    setObjectName(u"summaryPanel"_s);
    auto* totals = new QFormLayout;
    totals->setLabelAlignment(Qt::AlignRight);
    const std::array<QString, static_cast<std::size_t>(Total::Count)> labels{
        tr("Tensors:"), tr("Nodes:"), tr("Leafs:"), tr("View nodes:"),
        tr("Leaf bytes:"), tr("Node bytes (without views):"), tr("Preallocated bytes:"),
    };
    for (std::size_t i = 0; i < labels.size(); ++i) {
        m_totals[i] = new QLabel(this);
        m_totals[i]->setTextInteractionFlags(Qt::TextSelectableByMouse);
        totals->addRow(labels[i], m_totals[i]);
    }

    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_model);
    proxy->setSortRole(OpSummaryModel::SortRole);
    m_table->setModel(proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(OpSummaryModel::CountColumn, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(OpSummaryModel::OpColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(OpSummaryModel::CountColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(OpSummaryModel::BytesColumn, QHeaderView::ResizeToContents);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(totals);
    layout->addWidget(m_table, 1);
    m_session->addObserver(this);
}

SummaryPanel::~SummaryPanel() { m_session->removeObserver(this); }

void SummaryPanel::onGraphLoaded(const planscope::graph_document&) {
    const GraphSummary& s = m_session->summary();
    auto set = [this](Total t, const QString& text) { m_totals[static_cast<std::size_t>(t)]->setText(text); };
    auto count = [](std::size_t n) { return QLocale().toString(static_cast<qulonglong>(n)); };
    set(Total::Tensors, count(s.tensors));
    set(Total::Nodes, count(s.totals.n_nodes));
    set(Total::Leafs, count(s.totals.n_leafs));
    set(Total::Views, count(s.totals.n_views));
    set(Total::LeafBytes, formatBytesExact(s.totals.leaf_bytes));
    set(Total::NodeBytes, formatBytesExact(s.totals.node_bytes));
    set(Total::PreallocatedBytes, formatBytesExact(s.totals.preallocated_bytes));
    m_model->setSummary(s);
}

QString SummaryPanel::text(Total total) const { return m_totals[static_cast<std::size_t>(total)]->text(); }

} // namespace planscope::ui
