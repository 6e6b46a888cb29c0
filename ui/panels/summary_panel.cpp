#include "summary_panel.h"

#include "model/format.h"
#include "model/op_summary_model.h"
#include "model/compute_buffers.h"
#include "models/llama_report.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"

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
        tr("Leaf bytes:"), tr("Node bytes (without views):"), tr("Preallocated bytes:"), tr("Compute buffer:"),
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
    set(Total::ComputeBuffers, tr("planning…"));
    m_totals[static_cast<std::size_t>(Total::ComputeBuffers)]->setToolTip({});
    m_model->setSummary(s);
}

void SummaryPanel::onPlanReady(const PlanTrace& trace) {
    QLabel* label = m_totals[static_cast<std::size_t>(Total::ComputeBuffers)];
    const auto buffers = computeBuffers(trace.document(), trace.events(), trace.hasSplits());
    QStringList parts, lines;
    for (const ComputeBuffer& b : buffers) {
        parts << (trace.hasSplits() ? tr("%1 %2").arg(b.backend, formatBytes(b.size)) : formatBytes(b.size));
        lines << b.llamaLine;
    }
    QString text = parts.isEmpty() ? tr("none") : parts.join(u", "_s);
    // A model planned again (a what-if): how the compute buffer changed.
    const QString source = m_session->filePath() + u'|' + m_session->displayName();
    if (!trace.hasSplits() && buffers.size() == 1) {
        const std::uint64_t now = buffers.front().size;
        const bool replanned = m_lastCompute && m_lastSource == source;
        if (replanned && *m_lastCompute != now) text += u' ' + tr("(was %1: %2)").arg(formatBytes(*m_lastCompute), formatBytesDelta(*m_lastCompute, now));
        emit computeBufferChanged(replanned ? *m_lastCompute : 0, now);
        m_lastCompute = now;
        m_lastSource = source;
    }
    label->setText(text);
    label->setToolTip(planscope::is_llama_prompt_graph(trace.document())
                          ? tr("For this prompt graph (llama.cpp reserves with its worst-case graph):\n%1").arg(lines.join(u'\n'))
                          : tr("llama.cpp prints:\n%1").arg(lines.join(u'\n')));
    if (trace.hasSplits()) emit backendComputeBuffers(text, label->toolTip());
}

QString SummaryPanel::text(Total total) const { return m_totals[static_cast<std::size_t>(total)]->text(); }

} // namespace planscope::ui
