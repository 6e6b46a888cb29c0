#pragma once
// Help > Keyboard Shortcuts: every shortcut of a window's actions as they are when it opens
// (shortcut_model.h), grouped by menu.
#include <QDialog>

class QTreeView;

namespace planscope::ui {

class ShortcutModel;

class ShortcutsDialog final : public QDialog {
    Q_OBJECT

public:
    explicit ShortcutsDialog(const QWidget& window, QWidget* parent = nullptr);

    [[nodiscard]] ShortcutModel* model() const { return m_model; }
    [[nodiscard]] QTreeView* view() const { return m_view; }

private:
    ShortcutModel* m_model;
    QTreeView* m_view;
};

} // namespace planscope::ui
