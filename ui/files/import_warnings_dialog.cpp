#include "import_warnings_dialog.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

namespace planscope::ui {

using namespace Qt::StringLiterals;

ImportWarningsDialog::ImportWarningsDialog(QWidget* parent)
    : QDialog(parent), m_header(new QLabel(this)), m_list(new QListWidget(this)) {
    setObjectName(u"importWarningsDialog"_s);
    setWindowTitle(tr("Import Warnings"));
    setModal(false);
    m_header->setWordWrap(true);
    m_list->setObjectName(u"warningsList"_s);
    m_list->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    layout->addWidget(m_list);
    layout->addWidget(buttons);
    resize(640, 360);
}

void ImportWarningsDialog::setWarnings(const QString& path, const QStringList& warnings) {
    m_warnings = warnings;
    m_header->setText(tr("%1 does not record everything a graph needs; the import inferred this:")
                          .arg(QFileInfo(path).fileName()));
    m_list->clear();
    m_list->addItems(warnings);
}

} // namespace planscope::ui
