#pragma once
// File > Open Recent: the last files opened, newest first, at most maxCount, kept in QSettings
// under "recentFiles" so that every window and the next start see the same list.
#include <QObject>
#include <QStringList>

class QMenu;

namespace planscope::ui {

class RecentFiles final : public QObject {
    Q_OBJECT

public:
    static constexpr int maxCount = 8;

    explicit RecentFiles(QObject* parent = nullptr);

    // Read from the default QSettings each time (another window may have changed them).
    [[nodiscard]] QStringList files() const;
    // Moves `path` (made absolute) to the front; the oldest beyond maxCount go.
    void add(const QString& path);
    void remove(const QString& path);
    void clear();

    // Fills `menu` with one action per file (triggering `opened`), then Clear Recent Files;
    // "No Recent Files", disabled, when the list is empty. Refreshed each time the menu shows.
    void attachMenu(QMenu* menu);

signals:
    void changed();
    void openRequested(const QString& path);

private:
    void store(const QStringList& files);
    void fillMenu(QMenu* menu);
};

} // namespace planscope::ui
