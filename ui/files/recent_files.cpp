#include "recent_files.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {
const QString recentKey = u"recentFiles"_s;
} // namespace

RecentFiles::RecentFiles(QObject* parent) : QObject(parent) {}

QStringList RecentFiles::files() const { return QSettings().value(recentKey).toStringList().mid(0, maxCount); }

void RecentFiles::store(const QStringList& files) {
    QSettings settings;
    if (files.isEmpty()) settings.remove(recentKey);
    else settings.setValue(recentKey, files);
    emit changed();
}

void RecentFiles::add(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    store(list.mid(0, maxCount));
}

void RecentFiles::remove(const QString& path) {
    QStringList list = files();
    if (list.removeAll(QFileInfo(path).absoluteFilePath()) > 0) store(list);
}

void RecentFiles::clear() { store({}); }

void RecentFiles::attachMenu(QMenu* menu) {
    connect(menu, &QMenu::aboutToShow, this, [this, menu] { fillMenu(menu); });
    fillMenu(menu);
}

void RecentFiles::fillMenu(QMenu* menu) {
    menu->clear();
    const QStringList list = files();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString path = list[i];
        // "&1 model.gguf", with the full path as tooltip and status tip.
        QAction* action = menu->addAction(tr("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()), this,
                                          [this, path] { emit openRequested(path); });
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
    }
    if (list.isEmpty()) menu->addAction(tr("No Recent Files"))->setEnabled(false);
    menu->addSeparator();
    QAction* clearAction = menu->addAction(tr("&Clear Recent Files"), this, &RecentFiles::clear);
    clearAction->setObjectName(u"clearRecentFiles"_s);
    clearAction->setEnabled(!list.isEmpty());
}

} // namespace planscope::ui
