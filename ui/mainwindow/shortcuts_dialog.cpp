#include "shortcuts_dialog.h"

#include "shortcut_model.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QTreeView>
#include <QVBoxLayout>

namespace planscope::ui {

using namespace Qt::StringLiterals;

ShortcutsDialog::ShortcutsDialog(const QWidget& window, QWidget* parent)
    : QDialog(parent), m_model(new ShortcutModel(this)), m_view(new QTreeView(this)) {
    setObjectName(u"shortcutsDialog"_s);
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_model->setEntries(windowShortcuts(window));
    m_view->setObjectName(u"shortcutsView"_s);
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setItemsExpandable(false);
    m_view->setUniformRowHeights(true);
    m_view->setSelectionMode(QAbstractItemView::NoSelection);
    m_view->expandAll();
    // A group's name may be wider than the action column.
    for (int row = 0; row < m_model->groupCount(); ++row) m_view->setFirstColumnSpanned(row, {}, true);
    m_view->header()->setSectionResizeMode(ShortcutModel::ActionColumn, QHeaderView::ResizeToContents);
    m_view->header()->setStretchLastSection(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_view);
    layout->addWidget(buttons);
    resize(520, 600);
}

} // namespace planscope::ui
