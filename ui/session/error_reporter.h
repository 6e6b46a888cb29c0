#pragma once
// Where user-facing errors go: a modal message box in the app, a recorder in tests.
#include <QString>

class QWidget;

namespace planscope::ui {

class IErrorReporter {
public:
    virtual ~IErrorReporter() = default;
    virtual void reportError(const QString& title, const QString& message) = 0;
};

// Shows a QMessageBox::critical over `parent`.
class MessageBoxErrorReporter final : public IErrorReporter {
public:
    explicit MessageBoxErrorReporter(QWidget* parent) : m_parent(parent) {}
    void reportError(const QString& title, const QString& message) override;

private:
    QWidget* m_parent;
};

} // namespace planscope::ui
