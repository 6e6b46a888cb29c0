#include "export_dialog.h"

#include "sched/split_controller.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include <algorithm>

namespace planscope::ui {

ExportDialog::ExportDialog(const ExportSettings& preset, bool haveBufferViews, QWidget* parent)
    : QDialog(parent), m_preset(preset), m_what(new QComboBox), m_format(new QComboBox), m_backends(new QComboBox),
      m_fold(new QCheckBox(tr("Fold repeated blocks into boxes, as the canvas"))), m_planner(new QComboBox),
      m_path(new QLineEdit),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel)) {
    setWindowTitle(tr("Export"));
    for (ExportWhat w : exportWhats()) {
        if (w == ExportWhat::Buffers && !haveBufferViews) continue;
        m_what->addItem(exportWhatLabel(w), static_cast<int>(w));
    }
    m_backends->addItem(tr("None (one split on the compute buffer's backend)"), QString());
    for (const BackendChoice& c : SplitController::backendChoices()) m_backends->addItem(c.label, c.list);
    m_backends->setToolTip(tr("Split the graph with the scheduler on these backends, as planscope-cli --backends"));
    for (planscope::planner_kind k : planscope::all_planners()) {
        const QString name = QString::fromUtf8(planscope::name(k).data(), static_cast<qsizetype>(planscope::name(k).size()));
        m_planner->addItem(k == planscope::planner_kind::ggml ? tr("%1 (ggml's allocator, default)").arg(name) : name,
                           static_cast<int>(k));
    }
    m_planner->setToolTip(tr("Whose offsets the export shows, as planscope-cli --planner"));
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));

    auto* browse = new QPushButton(tr("Browse…"));
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    auto* form = new QFormLayout(this);
    form->addRow(tr("&What:"), m_what);
    form->addRow(tr("&Format:"), m_format);
    form->addRow(tr("&Backends:"), m_backends);
    form->addRow(tr("&Planner:"), m_planner);
    form->addRow(QString(), m_fold);
    // A row of a layout gets no buddy from QFormLayout: without one the '&' would show.
    auto* pathLabel = new QLabel(tr("&Output file:"));
    pathLabel->setBuddy(m_path);
    form->addRow(pathLabel, pathRow);
    form->addRow(m_buttons);

    m_what->setCurrentIndex(std::max(0, m_what->findData(static_cast<int>(preset.what))));
    m_backends->setCurrentIndex(std::max(0, m_backends->findData(preset.backends)));
    m_fold->setChecked(preset.foldBlocks);
    m_planner->setCurrentIndex(std::max(0, m_planner->findData(static_cast<int>(preset.planner))));
    m_path->setText(preset.path);
    onWhatChanged();
    m_format->setCurrentIndex(std::max(0, m_format->findText(preset.format)));
    onFormatChanged();

    connect(m_what, &QComboBox::currentIndexChanged, this, &ExportDialog::onWhatChanged);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::onFormatChanged);
    connect(m_path, &QLineEdit::textChanged, this, &ExportDialog::updateOk);
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateOk();
}

ExportWhat ExportDialog::what() const { return static_cast<ExportWhat>(m_what->currentData().toInt()); }

void ExportDialog::onWhatChanged() {
    const ExportWhat w = what();
    const QString previous = m_format->currentText();
    const QSignalBlocker block(m_format);
    m_format->clear();
    m_format->addItems(exportFormats(w));
    if (const int i = m_format->findText(previous); i >= 0) m_format->setCurrentIndex(i);
    // Backends split the graph for the splits, plan and trace; folding is the diagram's.
    m_backends->setEnabled(w == ExportWhat::Splits || w == ExportWhat::Plan || w == ExportWhat::Trace);
    m_fold->setEnabled(w == ExportWhat::Splits);
    m_planner->setEnabled(takesPlanner(w));
    onFormatChanged();
}

void ExportDialog::onFormatChanged() {
    // The file's extension follows the format, as the CLI takes the format from the extension.
    const QString path = m_path->text();
    if (path.isEmpty()) return;
    const QFileInfo info(path);
    const QString base = info.suffix().isEmpty() ? path : path.left(path.size() - info.suffix().size() - 1);
    m_path->setText(base + u'.' + m_format->currentText());
}

void ExportDialog::browse() {
    const QString format = m_format->currentText();
    const QString filter = tr("%1 files (*.%2)").arg(format.toUpper(), format);
    QString suggestion = m_path->text();
    if (suggestion.isEmpty()) suggestion = QStringLiteral("export.") + format;
    const QString file = QFileDialog::getSaveFileName(this, tr("Export To"), suggestion, filter);
    if (!file.isEmpty()) m_path->setText(QFileInfo(file).suffix().isEmpty() ? file + u'.' + format : file);
}

void ExportDialog::updateOk() { m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!m_path->text().trimmed().isEmpty()); }

ExportSettings ExportDialog::settings() const {
    ExportSettings s = m_preset;
    s.what = what();
    s.format = m_format->currentText();
    s.backends = m_backends->isEnabled() ? m_backends->currentData().toString() : QString();
    s.foldBlocks = m_fold->isEnabled() && m_fold->isChecked();
    s.planner = m_planner->isEnabled() ? static_cast<planscope::planner_kind>(m_planner->currentData().toInt())
                                       : planscope::planner_kind::ggml;
    s.path = m_path->text().trimmed();
    return s;
}

} // namespace planscope::ui
