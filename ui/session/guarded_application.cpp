#include "guarded_application.h"

#include "core/printable.h"
#include "model/format.h"

#include <QTextStream>

#include <exception>
#include <new>

namespace planscope::ui {

bool GuardedApplication::notify(QObject* receiver, QEvent* event) {
    try {
        return QApplication::notify(receiver, event);
    } catch (const std::bad_alloc&) {
        fail(QCoreApplication::translate("planscope::ui::GuardedApplication", "out of memory"));
    } catch (const std::exception& e) {
        fail(toQString(planscope::printable_line(e.what())));
    } catch (...) {
        fail(QCoreApplication::translate("planscope::ui::GuardedApplication", "unexpected failure"));
    }
    return false;
}

void GuardedApplication::fail(const QString& what) {
    QTextStream(stderr) << "error: " << what << Qt::endl;
    if (!m_onFailure || m_reporting) return;
    m_reporting = true;
    m_onFailure(what);
    m_reporting = false;
}

} // namespace planscope::ui
