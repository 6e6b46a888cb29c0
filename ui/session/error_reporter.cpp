#include "error_reporter.h"

#include <QMessageBox>

namespace planscope::ui {

void MessageBoxErrorReporter::reportError(const QString& title, const QString& message) {
    QMessageBox::critical(m_parent, title, message);
}

} // namespace planscope::ui
