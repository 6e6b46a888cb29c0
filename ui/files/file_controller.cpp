#include "file_controller.h"

#include "file_drop.h"
#include "import_warnings_dialog.h"
#include "options/model_options_dialog.h"
#include "options/model_replanner.h"
#include "recent_files.h"
#include "session/graph_session.h"

#include "source/graph_source.h"
#include "models/gguf.h"
#include "models/llama_hparams.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QToolButton>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

const QString lastDirKey = u"files/lastOpenDir"_s;

// The model's vocabulary for checking token ids; 0 when the file cannot tell (the open reports why).
int ggufVocabSize(const QString& path) {
    auto file = planscope::open_gguf(std::filesystem::path(path.toStdU16String()));
    if (!file) return 0;
    auto hparams = planscope::read_hparams(*file);
    return hparams ? static_cast<int>(hparams->n_vocab) : 0;
}

} // namespace

FileController::FileController(QMainWindow* window, GraphSession* session, ModelReplanner* replanner)
    : QObject(window), m_window(window), m_session(session), m_replanner(replanner), m_recent(new RecentFiles(this)),
      m_drop(new FileDropFilter(this)), m_warningsButton(new QToolButton(window)) {
    m_warningsButton->setObjectName(u"importWarningsButton"_s);
    m_warningsButton->setAutoRaise(true);
    m_warningsButton->setIcon(window->style()->standardIcon(QStyle::SP_MessageBoxWarning));
    m_warningsButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_warningsButton->hide();
    window->statusBar()->addPermanentWidget(m_warningsButton);
    connect(m_warningsButton, &QToolButton::clicked, this, &FileController::showImportWarnings);

    connect(m_recent, &RecentFiles::openRequested, m_session, &GraphSession::openFile);
    connect(m_drop, &FileDropFilter::fileDropped, m_session, &GraphSession::openFile);
    connect(m_session, &GraphSession::loadFinished, this, &FileController::onLoadFinished);
    connect(m_session, &GraphSession::loadWarnings, this, &FileController::onLoadWarnings);
}

QStringList FileController::openFilters() {
    return {tr("Graphs, models and ggml DOT dumps (*.json *.gguf *.dot)"), tr("Graph files (*.json)"),
            tr("GGUF models (*.gguf)"), tr("ggml DOT dumps (*.dot)"), tr("All files (*)")};
}

void FileController::showOpenDialog() {
    QString dir = QSettings().value(lastDirKey).toString();
    if (!m_session->filePath().isEmpty()) dir = QFileInfo(m_session->filePath()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Graph"), dir, openFilters().join(u";;"));
    if (path.isEmpty()) return;
    QSettings().setValue(lastDirKey, QFileInfo(path).absolutePath());
    openWithOptions(path);
}

bool FileController::openWithOptions(const QString& path) {
    if (!planscope::is_gguf_path(path.toStdString())) {
        m_session->openFile(path);
        return true;
    }
    ModelOptionsDialog dialog(m_window);
    dialog.setWindowTitle(tr("Open %1").arg(QFileInfo(path).fileName()));
    dialog.setVocabSize(ggufVocabSize(path));
    dialog.setEra(m_replanner->openEra(path));
    if (dialog.exec() != QDialog::Accepted) return false;
    m_replanner->openModel(path, dialog.options());
    return true;
}

void FileController::showModelOptions() {
    if (!m_replanner->canReplan()) return;
    ModelOptionsDialog dialog(m_window);
    dialog.setVocabSize(vocabSize(m_session->document()));
    dialog.setEra(m_replanner->graphEra());
    dialog.setOptions(m_replanner->options());
    if (dialog.exec() == QDialog::Accepted) m_replanner->replan(dialog.options());
}

void FileController::onLoadFinished(const QString& path) {
    m_warnings.clear();
    m_warningsButton->hide();
    if (QFileInfo(path).isFile()) m_recent->add(path);
}

void FileController::onLoadWarnings(const QString& path, const QStringList& warnings) {
    m_warningsPath = path;
    m_warnings = warnings;
    m_warningsButton->setText(tr("%n import warning(s)", nullptr, static_cast<int>(warnings.size())));
    m_warningsButton->setToolTip(tr("What %1 lacked and the import inferred").arg(QFileInfo(path).fileName()));
    m_warningsButton->show();
    m_window->statusBar()->showMessage(
        tr("%1 imported with %n warning(s)", nullptr, static_cast<int>(warnings.size())).arg(QFileInfo(path).fileName()),
        10000);
    if (m_warningsDialog) m_warningsDialog->setWarnings(path, warnings);
}

void FileController::showImportWarnings() {
    if (!m_warningsDialog) m_warningsDialog = new ImportWarningsDialog(m_window);
    m_warningsDialog->setWarnings(m_warningsPath, m_warnings);
    m_warningsDialog->show();
    m_warningsDialog->raise();
}

} // namespace planscope::ui
