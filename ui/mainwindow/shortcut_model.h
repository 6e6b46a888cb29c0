#pragma once
// The keyboard shortcuts of a window, read from its actions (so the list cannot go stale) and
// grouped: the menu bar's menus in order, then the tool bars' actions that are in no menu, then
// the window's other actions. ShortcutModel shows them as a tree: a row per group, an action
// with its shortcut under it.
#include <QAbstractItemModel>
#include <QString>

#include <vector>

class QWidget;

namespace planscope::ui {

struct ShortcutEntry {
    QString group; // "File", "Step", a tool bar's title, or "Other"
    QString path;  // the submenus between the group and the action, "Export"; empty for none
    QString text;  // the action's text without its mnemonic '&'
    QString keys;  // its shortcuts in native text, "Ctrl+O", several joined by ", "
    friend bool operator==(const ShortcutEntry&, const ShortcutEntry&) = default;
};

// Every action of `window` and its children that has a shortcut, once, in menu order.
std::vector<ShortcutEntry> windowShortcuts(const QWidget& window);
// "Save &As…" as shown: "Save As…"; "&&" stays one '&', a CJK "(&S)" goes.
QString withoutMnemonic(const QString& text);

class ShortcutModel final : public QAbstractItemModel {
    Q_OBJECT

public:
    enum Column { ActionColumn, ShortcutColumn, ColumnCount };

    explicit ShortcutModel(QObject* parent = nullptr);

    void setEntries(std::vector<ShortcutEntry> entries);
    [[nodiscard]] const std::vector<ShortcutEntry>& entries() const { return m_entries; }
    [[nodiscard]] int groupCount() const { return static_cast<int>(m_groups.size()); }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Group {
        QString name;
        std::vector<std::size_t> entries; // into m_entries
    };

    std::vector<ShortcutEntry> m_entries;
    std::vector<Group> m_groups;
};

} // namespace planscope::ui
