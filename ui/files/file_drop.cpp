#include "file_drop.h"

#include <QDropEvent>
#include <QMimeData>
#include <QUrl>

namespace planscope::ui {

using namespace Qt::StringLiterals;

bool isOpenableFile(const QString& path) {
    for (const QString& ext : {u".json"_s, u".gguf"_s, u".dot"_s})
        if (path.size() > ext.size() && path.endsWith(ext, Qt::CaseInsensitive)) return true;
    return false;
}

QString openableFile(const QMimeData* mime) {
    if (!mime || !mime->hasUrls()) return {};
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile() && isOpenableFile(url.toLocalFile())) return url.toLocalFile();
    return {};
}

bool FileDropFilter::eventFilter(QObject* watched, QEvent* event) {
    switch (event->type()) {
    case QEvent::DragEnter:
    case QEvent::DragMove: {
        auto* drag = static_cast<QDragMoveEvent*>(event); // QDragEnterEvent is a QDragMoveEvent
        if (openableFile(drag->mimeData()).isEmpty()) break;
        drag->acceptProposedAction();
        return true;
    }
    case QEvent::Drop: {
        auto* drop = static_cast<QDropEvent*>(event);
        const QString path = openableFile(drop->mimeData());
        if (path.isEmpty()) break;
        drop->acceptProposedAction();
        emit fileDropped(path);
        return true;
    }
    default: break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace planscope::ui
