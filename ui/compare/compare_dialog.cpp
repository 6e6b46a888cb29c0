#include "compare_dialog.h"

#include "core/guarded.h"
#include "model/format.h"
#include "offset_diff_model.h"
#include "plan/planner.h"
#include "plan_layout_view.h"
#include "session/plan_trace.h"
#include "timeline/memory_timeline.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QThread>
#include <QVBoxLayout>

#include <memory>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

QComboBox* plannerBox(planscope::planner_kind selected, QWidget* parent) {
    auto* box = new QComboBox(parent);
    for (planscope::planner_kind k : planscope::all_planners()) {
        box->addItem(toQString(planscope::name(k)), static_cast<int>(k));
        if (k == selected) box->setCurrentIndex(box->count() - 1);
    }
    return box;
}

} // namespace

CompareDialog::CompareDialog(const planscope::graph_document& doc, QWidget* parent)
    : QDialog(parent), m_doc(planscope::copy_document(doc)), m_plannerA(plannerBox(planscope::planner_kind::ggml, this)),
      m_plannerB(plannerBox(planscope::planner_kind::best, this)), m_compare(new QPushButton(tr("&Compare"), this)),
      m_busy(new QProgressBar(this)), m_status(new QLabel(this)), m_layoutA(new PlanLayoutView(this)),
      m_layoutB(new PlanLayoutView(this)), m_timeline(new MemoryTimeline(this)), m_diff(new OffsetDiffModel(this)),
      m_table(new QTableView(this)) {
    setWindowTitle(tr("Compare planners — %1").arg(toQString(m_doc.name)));
    m_busy->setRange(0, 0); // indeterminate while planning
    m_busy->setMaximumWidth(120);
    m_busy->hide();

    m_plannerA->setObjectName(u"plannerA"_s);
    m_plannerB->setObjectName(u"plannerB"_s);
    auto* controls = new QHBoxLayout;
    // The buddy makes the label's mnemonic focus the box (and hides the '&').
    const auto addLabelled = [this, controls](const QString& text, QComboBox* box) {
        auto* label = new QLabel(text, this);
        label->setBuddy(box);
        controls->addWidget(label);
        controls->addWidget(box);
    };
    addLabelled(tr("Planner &A:"), m_plannerA);
    addLabelled(tr("Planner &B:"), m_plannerB);
    controls->addWidget(m_compare);
    controls->addWidget(m_busy);
    controls->addWidget(m_status, 1);

    auto* layouts = new QSplitter(Qt::Horizontal, this);
    layouts->addWidget(m_layoutA);
    layouts->addWidget(m_layoutB);

    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_diff);
    proxy->setSortRole(OffsetDiffModel::SortRole);
    m_table->setModel(proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // the model's own order: moved first
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(OffsetDiffModel::TensorColumn, QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(layouts);
    split->addWidget(m_timeline);
    split->addWidget(m_table);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setStretchFactor(2, 2);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(split, 1);
    resize(1000, 760);

    connect(m_compare, &QPushButton::clicked, this, &CompareDialog::compare);
    connect(m_layoutA, &PlanLayoutView::tensorClicked, this, &CompareDialog::tensorClicked);
    connect(m_layoutB, &PlanLayoutView::tensorClicked, this, &CompareDialog::tensorClicked);
    connect(m_table, &QTableView::clicked, this, [this, proxy](const QModelIndex& index) {
        emit tensorClicked(m_diff->row(proxy->mapToSource(index).row()).tensor);
    });

    auto dsa = comparisonProblem(m_doc);
    if (dsa) {
        m_dsa = std::move(dsa).value();
        compare();
    } else {
        m_compare->setEnabled(false);
        m_status->setText(tr("Cannot plan %1: %2").arg(toQString(m_doc.name), errorText(dsa.err())));
    }
}

CompareDialog::~CompareDialog() {
    for (QThread* w : std::as_const(m_workers)) {
        w->wait();
        delete w;
    }
}

planscope::planner_kind CompareDialog::chosen(const QComboBox* box) const {
    return static_cast<planscope::planner_kind>(box->currentData().toInt());
}

void CompareDialog::setPlanners(planscope::planner_kind a, planscope::planner_kind b) {
    m_plannerA->setCurrentIndex(m_plannerA->findData(static_cast<int>(a)));
    m_plannerB->setCurrentIndex(m_plannerB->findData(static_cast<int>(b)));
}

void CompareDialog::compare() {
    if (!m_dsa) return;
    const quint64 generation = ++m_generation;
    m_pending = generation;
    setBusy(true);
    // The worker owns copies of everything it reads; the result comes back through `finished`.
    auto out = std::make_shared<std::optional<planscope::result<PlannerComparison>>>();
    QThread* worker = QThread::create([dsa = *m_dsa, a = chosen(m_plannerA), b = chosen(m_plannerB), options = m_options, out] {
        out->emplace(planscope::guarded([&] { return comparePlanners(dsa, a, b, options); }));
    });
    worker->setStackSize(planscope::planner_stack_bytes); // `best` may run here
    m_workers.insert(worker);
    connect(worker, &QThread::finished, this, [this, worker, out, generation] {
        m_workers.remove(worker);
        worker->deleteLater();
        if (generation != m_pending) return; // a newer comparison was asked for
        m_pending = 0;
        setBusy(false);
        apply(std::move(**out));
    });
    worker->start();
}

void CompareDialog::setBusy(bool busy) {
    m_busy->setVisible(busy);
    if (busy) m_status->setText(tr("Planning… (best searches up to %1 ms)").arg(m_options.time_box.count()));
}

void CompareDialog::apply(planscope::result<PlannerComparison> r) {
    if (!r) {
        m_status->setText(tr("Planning failed: %1").arg(errorText(r.err())));
        emit comparisonFailed(errorText(r.err()));
        return;
    }
    m_result = std::move(r).value();
    const PlannerComparison& c = *m_result;
    const std::uint64_t span = std::max(c.a.plan.peak, c.b.plan.peak);
    m_layoutA->setSpan(span);
    m_layoutB->setSpan(span);
    m_layoutA->setPlan(c.dsa, c.a, m_doc);
    m_layoutB->setPlan(c.dsa, c.b, m_doc);
    m_timeline->setData(comparisonTimeline(c));
    m_diff->setComparison(c, m_doc);
    m_status->setText(tr("Lower bound %1; %2 of %3 tensors moved")
                          .arg(formatBytes(c.a.stats.lower_bound))
                          .arg(m_diff->movedCount())
                          .arg(m_diff->rowCount()));
    emit comparisonFinished();
}

CompareDialog* showPlannerComparison(const planscope::graph_document& doc, QWidget* parent) {
    auto* dialog = new CompareDialog(doc, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

} // namespace planscope::ui
