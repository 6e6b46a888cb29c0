#include "screenshot.h"

#include <QCoreApplication>
#include <QImageWriter>
#include <QPixmap>
#include <QWidget>

namespace planscope::ui {

bool saveScreenshot(QWidget& window, const QString& file, QString* error) {
    if (!window.isVisible()) window.show();
    // Let the window and its docks settle on their final geometry before grabbing.
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
    const QImage image = window.grab().toImage();
    QImageWriter writer(file, "png");
    if (image.isNull() || !writer.write(image)) {
        if (error) *error = image.isNull() ? QCoreApplication::translate("planscope::ui::Screenshot", "nothing to render")
                                           : writer.errorString();
        return false;
    }
    return true;
}

} // namespace planscope::ui
