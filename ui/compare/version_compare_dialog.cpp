#include "version_compare_dialog.h"

#include "core/guarded.h"
#include "model/format.h"
#include "version_diff_model.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QThread>
#include <QVBoxLayout>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

QLabel* plainLabel(QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setTextFormat(Qt::PlainText); // tensor and graph names come from files
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

VersionCompareDialog::VersionCompareDialog(const planscope::graph_document& doc,
                                           std::vector<planscope::tensor_id> preallocate, QWidget* parent)
    : QDialog(parent), m_doc(std::make_shared<const planscope::graph_document>(planscope::copy_document(doc))),
      m_preallocate(std::make_shared<const std::vector<planscope::tensor_id>>(std::move(preallocate))),
      m_status(plainLabel(this)), m_busy(new QProgressBar(this)), m_cancel(new QPushButton(tr("Cance&l"), this)),
      m_compare(new QPushButton(tr("&Compare"), this)), m_sizes(plainLabel(this)), m_rules(plainLabel(this)),
      m_model(new VersionDiffModel(this)), m_table(new QTableView(this)) {
    setWindowTitle(tr("Compare ggml versions — %1").arg(toQString(m_doc->name)));
    m_status->setObjectName(u"versionStatus"_s);
    m_sizes->setObjectName(u"versionSizes"_s);
    m_rules->setObjectName(u"versionRules"_s);
    m_rules->setWordWrap(true);
    m_busy->setRange(0, 0); // indeterminate while comparing
    m_busy->setMaximumWidth(120);
    m_busy->hide();
    m_cancel->hide();
    m_sizes->hide(); // until there is a result
    m_rules->hide();

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_status, 1);
    controls->addWidget(m_busy);
    controls->addWidget(m_cancel);
    controls->addWidget(m_compare);

    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_model);
    proxy->setSortRole(VersionDiffModel::SortRole);
    m_table->setModel(proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // the model's own order: as 2026 places them
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_sizes);
    layout->addWidget(m_rules);
    layout->addWidget(m_table, 1);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    close->setObjectName(u"versionCompareButtons"_s);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(close);
    resize(1100, 640);

    connect(m_compare, &QPushButton::clicked, this, &VersionCompareDialog::compare);
    connect(m_cancel, &QPushButton::clicked, this, &VersionCompareDialog::cancel);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this, proxy](const QModelIndex& current) {
                if (current.isValid()) emit tensorSelected(m_model->row(proxy->mapToSource(current).row()).tensor);
            });
    compare();
}

// A running worker holds the document and its result itself and deletes itself when done; the
// connection to this dialog goes with the dialog.
VersionCompareDialog::~VersionCompareDialog() = default;

QString VersionCompareDialog::statusText() const { return m_status->text(); }
QString VersionCompareDialog::sizesText() const { return m_sizes->text(); }
QString VersionCompareDialog::rulesText() const { return m_rules->text(); }

void VersionCompareDialog::compare() {
    const quint64 generation = ++m_generation;
    m_pending = generation;
    setBusy(true);
    auto out = std::make_shared<std::optional<planscope::result<planscope::ggml_version_diff>>>();
    QThread* worker = QThread::create([doc = m_doc, preallocate = m_preallocate, out] {
        out->emplace(planscope::guarded([&] { return planscope::diff_ggml_versions(*doc, *preallocate, alignment); }));
    });
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    connect(worker, &QThread::finished, this, [this, out, generation] {
        if (generation != m_pending) return; // cancelled, or a newer comparison was asked for
        m_pending = 0;
        setBusy(false);
        apply(std::move(**out));
    });
    worker->start();
}

void VersionCompareDialog::cancel() {
    if (!isBusy()) return;
    m_pending = 0;
    setBusy(false);
    m_status->setText(tr("Comparison cancelled."));
    emit comparisonCancelled();
}

void VersionCompareDialog::setBusy(bool busy) {
    m_busy->setVisible(busy);
    m_cancel->setVisible(busy);
    m_compare->setEnabled(!busy);
    if (!busy) return;
    m_status->setStyleSheet(QString());
    m_status->setText(tr("Comparing…"));
}

void VersionCompareDialog::apply(planscope::result<planscope::ggml_version_diff> r) {
    if (!r) {
        const QString message = errorText(r.err());
        m_status->setStyleSheet(u"color: #b00020"_s);
        m_status->setText(tr("Comparison failed: %1").arg(message));
        m_result.reset();
        m_model->clear();
        m_sizes->clear();
        m_rules->clear();
        m_sizes->hide();
        m_rules->hide();
        emit comparisonFailed(message);
        return;
    }
    m_result = std::move(r).value();
    m_model->setDiff(*m_result, *m_doc);
    showHeader(*m_result);
    m_status->setText(tr("Tensors placed differently: %1").arg(m_result->differences.size()));
    emit comparisonFinished();
}

void VersionCompareDialog::showHeader(const planscope::ggml_version_diff& d) {
    QStringList chunks;
    for (const std::size_t c : d.chunks_2026) chunks << formatBytes(c);
    QStringList lines{
        tr("ggml 2023: %1 (max_size), tensors placed: %2").arg(formatBytesExact(d.size_2023)).arg(d.placed_2023),
        tr("ggml 2026: %1 (chunks: %2), tensors placed: %3")
            .arg(formatBytesExact(d.size_2026()), QLocale().createSeparatedList(chunks))
            .arg(d.placed_2026),
    };
    if (d.parse_seq_ignored) lines << tr("The document has a parse_seq: ggml 2023 frees at its barriers, ggml 2026 ignores it.");
    m_sizes->setText(lines.join(u'\n'));

    QStringList counts, descriptions;
    for (const planscope::version_rule rule : versionRules) {
        const std::size_t n = d.count(rule);
        if (n == 0) continue;
        counts << tr("%1 (%2)").arg(VersionDiffModel::ruleText(rule)).arg(n);
        descriptions << VersionDiffModel::ruleText(rule) + u" — "_s + VersionDiffModel::ruleDescription(rule);
    }
    m_rules->setText(counts.isEmpty() ? tr("Both versions place every tensor alike.") : counts.join(u"   ·   "_s));
    m_rules->setToolTip(descriptions.join(u'\n'));
    m_sizes->show();
    m_rules->show();
}

VersionCompareDialog* showVersionComparison(const planscope::graph_document& doc,
                                            std::vector<planscope::tensor_id> preallocate, QWidget* parent) {
    auto* dialog = new VersionCompareDialog(doc, std::move(preallocate), parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

} // namespace planscope::ui
