#pragma once
// The warnings of the last import (what a ggml DOT dump lacked and was inferred), listed in a
// non-modal window so that the user can keep working with the graph beside it.
#include <QDialog>
#include <QStringList>

class QLabel;
class QListWidget;

namespace planscope::ui {

class ImportWarningsDialog final : public QDialog {
    Q_OBJECT

public:
    explicit ImportWarningsDialog(QWidget* parent = nullptr);

    void setWarnings(const QString& path, const QStringList& warnings);
    [[nodiscard]] QStringList warnings() const { return m_warnings; }

private:
    QStringList m_warnings;
    QLabel* m_header;
    QListWidget* m_list;
};

} // namespace planscope::ui
