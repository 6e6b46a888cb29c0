#include "peak_panel.h"

#include "model/format.h"
#include "model/live_tensor_model.h"
#include "models/llama_report.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace planscope::ui {

using namespace Qt::StringLiterals;

PeakPanel::PeakPanel(GraphSession* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(new LiveTensorModel(this)), m_proxy(new QSortFilterProxyModel(this)),
      m_bufferBox(new QComboBox(this)), m_atBox(new QComboBox(this)), m_goTo(new QPushButton(tr("Go to Step"), this)),
      m_summary(new QLabel(this)), m_table(new QTableView(this)) {
    setObjectName(u"peakPanel"_s);
    m_bufferBox->setObjectName(u"peakBuffer"_s);
    m_bufferBox->setToolTip(tr("The compute buffer to explain (one per backend after Schedule)"));
    m_atBox->setObjectName(u"peakAt"_s);
    m_atBox->addItem(tr("At its peak"));
    m_atBox->addItem(tr("At the current step"));
    m_goTo->setObjectName(u"peakGoTo"_s);
    m_goTo->setToolTip(tr("Step the plan to the step shown"));
    m_summary->setObjectName(u"peakSummary"_s);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(LiveTensorModel::SortRole);
    m_table->setObjectName(u"peakTable"_s);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // largest first, as ranked
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_bufferBox, 1);
    controls->addWidget(m_atBox, 1);
    controls->addWidget(m_goTo);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);

    connect(m_bufferBox, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
    connect(m_atBox, &QComboBox::currentIndexChanged, this, [this](int i) { setAt(i == 0 ? At::Peak : At::CurrentStep); });
    connect(m_goTo, &QPushButton::clicked, this, [this] { m_session->setStep(shownStep()); });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &PeakPanel::onRowSelected);
    m_session->addObserver(this);
    connect(m_session, &GraphSession::llamaReserveChanged, this, [this] { refresh(); });
    refresh();
}

PeakPanel::~PeakPanel() { m_session->removeObserver(this); }

void PeakPanel::onGraphLoaded(const planscope::graph_document&) {
    // The trace the indexes read goes with the document.
    m_trace = nullptr;
    m_index.clear();
    m_buffers.clear();
    m_model->clear();
    const QSignalBlocker block(m_bufferBox);
    m_bufferBox->clear();
    refresh();
}

void PeakPanel::onPlanReady(const PlanTrace& trace) {
    m_trace = &trace;
    m_buffers = computeBuffers(trace.document(), trace.events(), trace.hasSplits());
    m_promptGraph = planscope::is_llama_prompt_graph(trace.document());
    m_index.clear();
    for (const ComputeBuffer& b : m_buffers) m_index.emplace_back(trace.document(), trace.events(), b.id);
    m_fold = planscope::detect_blocks(trace.document()).value_or(planscope::fold_structure{});
    {
        const QSignalBlocker block(m_bufferBox);
        m_bufferBox->clear();
        for (const ComputeBuffer& b : m_buffers) m_bufferBox->addItem(tr("%1 (%2)").arg(b.name, formatBytes(b.size)));
    }
    refresh();
}

void PeakPanel::onStepChanged(std::size_t) {
    if (m_at == At::CurrentStep) refresh();
}

void PeakPanel::onSelectionChanged(planscope::tensor_id tensor) {
    const int row = m_model->rowOf(tensor);
    const QSignalBlocker block(m_table->selectionModel());
    m_syncing = true;
    if (row < 0) m_table->clearSelection();
    else m_table->selectRow(m_proxy->mapFromSource(m_model->index(row, 0)).row());
    m_syncing = false;
}

void PeakPanel::setBuffer(int index) { m_bufferBox->setCurrentIndex(index); }

void PeakPanel::setAt(At at) {
    m_at = at;
    {
        const QSignalBlocker block(m_atBox);
        m_atBox->setCurrentIndex(at == At::Peak ? 0 : 1);
    }
    refresh();
}

std::size_t PeakPanel::shownStep() const {
    const int b = m_bufferBox->currentIndex();
    if (m_at == At::CurrentStep || b < 0 || static_cast<std::size_t>(b) >= m_buffers.size()) return m_session->step();
    return m_buffers[static_cast<std::size_t>(b)].peakStep;
}

QString PeakPanel::summaryText() const { return m_summary->text(); }

void PeakPanel::refresh() {
    const int b = m_bufferBox->currentIndex();
    const bool ready = m_trace && b >= 0 && static_cast<std::size_t>(b) < m_buffers.size();
    m_goTo->setEnabled(ready);
    if (!ready) {
        m_model->clear();
        m_summary->setText(tr("Once the graph is planned: what its compute buffer holds at its peak, and why."));
        return;
    }
    const ComputeBuffer& buffer = m_buffers[static_cast<std::size_t>(b)];
    const planscope::live_set live = m_index[static_cast<std::size_t>(b)].at(shownStep());
    const planscope::graph_document& doc = m_trace->document();
    const auto pct = [&](std::uint64_t part) {
        return QLocale().toString(buffer.size == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(buffer.size), 'f', 1);
    };
    QString node;
    for (const planscope::alloc_event& e : m_trace->events())
        if (const auto* n = std::get_if<planscope::events::node>(&e); n && n->position == live.node) {
            node = toQString(doc.ctx[n->tensor].name);
            break;
        }
    m_summary->setText(tr("Step %1%2 · high-water mark %3 · live %4 (%5 %) · free under it %6 (%7 %) · %8")
                           .arg(QLocale().toString(static_cast<qulonglong>(live.step)),
                                node.isEmpty() ? QString() : tr(" (node %1)").arg(node), formatBytes(live.high_water),
                                formatBytes(live.live_bytes), pct(live.live_bytes), formatBytes(live.free_inside),
                                pct(live.free_inside), llamaText(buffer)));
    m_model->setLiveSet(doc, m_fold, live, buffer.size);
    onSelectionChanged(m_session->selection());
}

QString PeakPanel::llamaText(const ComputeBuffer& buffer) const {
    // A prompt graph's own line is not what llama.cpp reserved: it measured its worst-case graph.
    if (!m_promptGraph) return buffer.llamaLine;
    const ReservedLine reserved = buffer.promptGraph ? reservedLine(m_session->llamaReserve(), m_session->llamaReserveError())
                                                     : ReservedLine{}; // per backend: not planned here
    switch (reserved.state) {
    case ReservedLine::State::Known:
        return tr("llama.cpp reserves: %1 (worst-case graph) · prompt graph: %2").arg(reserved.text, buffer.llamaLine);
    case ReservedLine::State::Failed:
        return tr("prompt graph: %1 (llama.cpp's worst-case graph: not planned, %2)").arg(buffer.llamaLine, reserved.text);
    case ReservedLine::State::Pending: break;
    }
    return tr("prompt graph: %1 (llama.cpp reserves with its worst-case graph)").arg(buffer.llamaLine);
}

void PeakPanel::onRowSelected() {
    if (m_syncing) return;
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty()) return;
    const auto id = rows.first().data(LiveTensorModel::TensorRole).toULongLong();
    m_session->setSelection(planscope::tensor_id{static_cast<std::uint32_t>(id)});
}

} // namespace planscope::ui
