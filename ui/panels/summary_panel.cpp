#include "summary_panel.h"

#include "llm_memory_model.h"
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
    : QWidget(parent), m_session(session), m_model(new OpSummaryModel(this)), m_table(new QTableView(this)),
      m_form(new QFormLayout) {
    setObjectName(u"summaryPanel"_s);
    QFormLayout* totals = m_form;
    totals->setLabelAlignment(Qt::AlignRight);
    const std::array<QString, static_cast<std::size_t>(Total::Count)> labels{
        tr("Tensors:"), tr("Nodes:"), tr("Leafs:"), tr("View nodes:"),
        tr("Leaf bytes:"), tr("Node bytes (without views):"), tr("Preallocated bytes:"), tr("Compute buffer:"),
        tr("llama.cpp reserves:"),
        tr("Planned by:"), tr("Graph nodes (llama.cpp):"), tr("Context:"), tr("Flash attention:"),
        tr("Model (weights):"), tr("Context (KV cache):"), tr("Compute buffer (llama.cpp):"), tr("Output buffer:"),
        tr("llama.cpp memory:"),
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
    totals->setRowVisible(static_cast<int>(Total::LlamaReserve), false);
    m_session->addObserver(this);
    connect(m_session, &GraphSession::llamaReserveChanged, this, &SummaryPanel::showReserve);
    connect(m_session, &GraphSession::eraChanged, this, &SummaryPanel::showLlmReserve);
    showLlmReserve();
}

SummaryPanel::~SummaryPanel() { m_session->removeObserver(this); }

void SummaryPanel::onGraphLoaded(const planscope::graph_document& doc) {
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
    m_promptLine.clear();
    // llama.cpp da46e59c's own figures replace the 2023 worst-case graph's.
    m_promptGraph = !m_session->llmReserve() && planscope::is_llama_prompt_graph(doc);
    showReserve();
    showLlmReserve();
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
    label->setToolTip(m_promptGraph
                          ? tr("For this prompt graph (llama.cpp reserves with its worst-case graph):\n%1").arg(lines.join(u'\n'))
                          : tr("llama.cpp prints:\n%1").arg(lines.join(u'\n')));
    if (trace.hasSplits()) emit backendComputeBuffers(text, label->toolTip());
    if (!trace.hasSplits() && buffers.size() == 1 && buffers.front().promptGraph) {
        m_promptLine = buffers.front().llamaLine;
        showReserve();
    }
}

void SummaryPanel::showReserve() {
    QLabel* label = m_totals[static_cast<std::size_t>(Total::LlamaReserve)];
    const ReservedLine reserved = reservedLine(m_session->llamaReserve(), m_session->llamaReserveError());
    const QString prompt = m_promptLine.section(u" = "_s, 1); // "3.21 MiB"
    // Shown once asked for: a llama graph read from JSON has no source to build the worst case from.
    m_form->setRowVisible(static_cast<int>(Total::LlamaReserve),
                          m_promptGraph && (reserved.state != ReservedLine::State::Pending || m_session->isReservingLlama()));
    switch (reserved.state) {
    case ReservedLine::State::Known:
        label->setText(prompt.isEmpty() ? tr("%1 (worst-case graph)").arg(reserved.text.section(u" = "_s, 1))
                                        : tr("%1 (worst-case graph; prompt graph %2)").arg(reserved.text.section(u" = "_s, 1), prompt));
        label->setToolTip(tr("llama.cpp sizes its compute buffer with its worst-case graph (n_kv = n_ctx, "
                             "n_past = n_ctx − n_batch), not with this prompt graph:\n%1\nprompt graph: %2")
                              .arg(reserved.text, m_promptLine.isEmpty() ? tr("planning…") : m_promptLine));
        return;
    case ReservedLine::State::Failed:
        label->setText(tr("not planned"));
        label->setToolTip(reserved.text);
        return;
    case ReservedLine::State::Pending: break;
    }
    label->setText(tr("planning…"));
    label->setToolTip({});
}

void SummaryPanel::showLlmReserve() {
    const std::shared_ptr<const planscope::llm_reserve_result>& r = m_session->llmReserve();
    for (int t = static_cast<int>(Total::LlmPlannedBy); t < static_cast<int>(Total::Count); ++t) m_form->setRowVisible(t, r != nullptr);
    if (!r) return;
    auto set = [this](Total t, const QString& text, const QString& tip) {
        QLabel* label = m_totals[static_cast<std::size_t>(t)];
        label->setText(text);
        label->setToolTip(tip);
    };
    auto count = [](std::size_t n) { return QLocale().toString(static_cast<qulonglong>(n)); };
    const planscope::llm_cparams& c = r->cparams;
    set(Total::LlmPlannedBy, toQString(m_session->era().label()),
        tr("The era whose allocator plans this document (View > Allocator); llama.cpp da46e59c's figures below "
           "are ggml 2026's"));
    set(Total::LlmNodes, tr("pp %1 (%2 tokens), tg %3 (1 token)").arg(count(r->pp.nodes), count(c.n_ubatch), count(r->tg.nodes)),
        tr("The nodes of the graphs llama.cpp reserves with: the prompt graph (n_ubatch tokens) and the one-token "
           "graph; %1 and %2 splits").arg(count(r->pp.splits), count(r->tg.splits)));
    set(Total::LlmContext, tr("n_ctx %1, n_batch %2, n_ubatch %3").arg(count(c.n_ctx), count(c.n_batch), count(c.n_ubatch)),
        tr("As llama_context resolves them: n_ctx padded to a multiple of 256, n_batch at most n_ctx, n_ubatch at "
           "most n_batch; %1 cells per sequence").arg(count(c.n_ctx_seq)));
    set(Total::LlmFlashAttention, c.flash_attn ? tr("on") : tr("off"),
        tr("As llama_context resolves it: auto is on (the CPU runs FLASH_ATTN_EXT)"));
    const LlmMemoryPart model = llmMemoryPart(*r, LlmPart::Model);
    const LlmMemoryPart kv = llmMemoryPart(*r, LlmPart::Context);
    const LlmMemoryPart compute = llmMemoryPart(*r, LlmPart::Compute);
    set(Total::LlmModel, llmPartText(model), formatBytesExact(model.bytes));
    set(Total::LlmKv, llmPartText(kv), formatBytesExact(kv.bytes));
    set(Total::LlmCompute, llmPartText(compute),
        tr("%1: the largest of the prompt, one-token and prompt graphs' reserves").arg(formatBytesExact(compute.bytes)));
    set(Total::LlmOutput, formatBytes(r->output_bytes),
        tr("%1: the logits buffer, not in llama_memory_breakdown").arg(formatBytesExact(r->output_bytes)));
    const std::uint64_t total = model.bytes + kv.bytes + compute.bytes;
    set(Total::LlmTotal, tr("%1 (model + context + compute)").arg(formatBytes(total)),
        tr("%1, as llama_memory_breakdown sums it (without the output buffer)").arg(formatBytesExact(total)));
}

QString SummaryPanel::text(Total total) const { return m_totals[static_cast<std::size_t>(total)]->text(); }

QString SummaryPanel::toolTip(Total total) const { return m_totals[static_cast<std::size_t>(total)]->toolTip(); }

bool SummaryPanel::isShown(Total total) const { return m_form->isRowVisible(static_cast<int>(total)); }

} // namespace planscope::ui
