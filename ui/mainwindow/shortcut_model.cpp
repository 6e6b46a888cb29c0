#include "shortcut_model.h"

#include <QAction>
#include <QFont>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QToolBar>

#include <algorithm>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

// An index's internal id: 0 for a group row, else 1 + the group its action row is in.
constexpr quintptr groupRowId = 0;

class ShortcutCollector {
public:
    void addMenu(const QMenu& menu, const QString& group, const QStringList& path) {
        for (QAction* a : menu.actions()) {
            if (a->isSeparator()) continue;
            if (const QMenu* sub = a->menu())
                addMenu(*sub, group, path + QStringList{withoutMnemonic(sub->title())});
            else
                add(*a, group, path);
        }
    }

    void add(const QAction& action, const QString& group, const QStringList& path = {}) {
        if (action.shortcuts().isEmpty() || m_seen.contains(&action)) return;
        m_seen.insert(&action);
        QStringList keys;
        for (const QKeySequence& k : action.shortcuts()) keys << k.toString(QKeySequence::NativeText);
        m_entries.push_back({group, path.join(u" › "_s), withoutMnemonic(action.text()), keys.join(u", "_s)});
    }

    std::vector<ShortcutEntry> take() { return std::move(m_entries); }

private:
    QSet<const QAction*> m_seen;
    std::vector<ShortcutEntry> m_entries;
};

} // namespace

QString withoutMnemonic(const QString& text) {
    static const QRegularExpression cjk(u"\\(&[^&]\\)"_s);
    QString source = text;
    source.remove(cjk);
    QString out;
    for (qsizetype i = 0; i < source.size(); ++i) {
        if (source[i] != u'&') {
            out += source[i];
        } else if (i + 1 < source.size() && source[i + 1] == u'&') {
            out += u'&';
            ++i;
        }
    }
    return out;
}

std::vector<ShortcutEntry> windowShortcuts(const QWidget& window) {
    ShortcutCollector collect;
    // A menu's action wins over the same action in a tool bar: its group says where to find it.
    if (const auto* bar = window.findChild<QMenuBar*>()) {
        for (QAction* a : bar->actions())
            if (const QMenu* menu = a->menu()) collect.addMenu(*menu, withoutMnemonic(menu->title()), {});
    }
    for (const QToolBar* toolBar : window.findChildren<QToolBar*>())
        for (QAction* a : toolBar->actions()) collect.add(*a, toolBar->windowTitle());
    for (QAction* a : window.actions()) collect.add(*a, ShortcutModel::tr("Other"));
    for (const QAction* a : window.findChildren<QAction*>()) collect.add(*a, ShortcutModel::tr("Other"));
    return collect.take();
}

ShortcutModel::ShortcutModel(QObject* parent) : QAbstractItemModel(parent) {}

void ShortcutModel::setEntries(std::vector<ShortcutEntry> entries) {
    beginResetModel();
    m_entries = std::move(entries);
    m_groups.clear();
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        const QString& name = m_entries[i].group;
        auto it = std::find_if(m_groups.begin(), m_groups.end(), [&](const Group& g) { return g.name == name; });
        if (it == m_groups.end()) it = m_groups.insert(m_groups.end(), Group{name, {}});
        it->entries.push_back(i);
    }
    endResetModel();
}

QModelIndex ShortcutModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent)) return {};
    return createIndex(row, column, parent.isValid() ? static_cast<quintptr>(parent.row()) + 1 : groupRowId);
}

QModelIndex ShortcutModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == groupRowId) return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, groupRowId);
}

int ShortcutModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return groupCount();
    // Only a group's first column has children.
    if (parent.internalId() != groupRowId || parent.column() != 0) return 0;
    return static_cast<int>(m_groups[static_cast<std::size_t>(parent.row())].entries.size());
}

int ShortcutModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant ShortcutModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    if (index.internalId() == groupRowId) {
        const Group& g = m_groups[static_cast<std::size_t>(index.row())];
        if (role == Qt::DisplayRole) return index.column() == ActionColumn ? g.name : QString();
        if (role == Qt::FontRole) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    }
    const Group& g = m_groups[static_cast<std::size_t>(index.internalId() - 1)];
    const ShortcutEntry& e = m_entries[g.entries[static_cast<std::size_t>(index.row())]];
    if (role != Qt::DisplayRole) return {};
    if (index.column() == ShortcutColumn) return e.keys;
    return e.path.isEmpty() ? e.text : e.path + u" › "_s + e.text;
}

QVariant ShortcutModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case ActionColumn: return tr("Action");
    case ShortcutColumn: return tr("Shortcut");
    }
    return {};
}

} // namespace planscope::ui
