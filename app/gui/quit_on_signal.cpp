#include "quit_on_signal.h"

#include "io/temp_files.h"

#include <QObject>
#include <QSocketNotifier>
#include <QWidget>

#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

namespace {

int pipeFds[2] = {-1, -1}; // a signal handler may only write(); the event loop reads

void onSignal(int) {
    planscope::remove_temp_files(); // an export being written when the app is told to stop
    const char c = 1;
    [[maybe_unused]] const ssize_t n = ::write(pipeFds[1], &c, 1);
}

} // namespace

void quitOnSignals(QWidget& window) {
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, pipeFds) != 0) return;
    auto* notifier = new QSocketNotifier(pipeFds[0], QSocketNotifier::Read, &window);
    QObject::connect(notifier, &QSocketNotifier::activated, &window, [&window, notifier] {
        char c = 0;
        [[maybe_unused]] const ssize_t n = ::read(pipeFds[0], &c, 1);
        notifier->setEnabled(false);
        window.close();
    });
    struct sigaction sa = {};
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    ::sigaction(SIGINT, &sa, nullptr);
    ::sigaction(SIGTERM, &sa, nullptr);
}
