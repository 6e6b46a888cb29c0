#pragma once
// The app's QApplication: an exception that escapes an event handler (out of memory, a bug) is
// reported and the event dropped, so the window and its document stay, instead of
// std::terminate ending the app. Work threads catch their own (core/guarded.h).
#include <QApplication>

#include <functional>

namespace planscope::ui {

class GuardedApplication final : public QApplication {
public:
    GuardedApplication(int& argc, char** argv) : QApplication(argc, argv) {}

    // Called on the GUI thread with one printable line saying what failed.
    void setFailureHandler(std::function<void(const QString&)> handler) { m_onFailure = std::move(handler); }

    bool notify(QObject* receiver, QEvent* event) override;

private:
    void fail(const QString& what);

    std::function<void(const QString&)> m_onFailure;
    bool m_reporting = false; // a failure while its message box is up is not reported again
};

} // namespace planscope::ui
