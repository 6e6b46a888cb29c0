#include "io/temp_files.h"

#include <array>
#include <atomic>
#include <csignal>
#include <cstring>
#include <limits.h>
#include <unistd.h>

namespace planscope {

namespace {

// A fixed table, because a signal handler can neither lock nor allocate. A slot is free (0),
// being filled or emptied by its owner (1), or holds a path a handler may unlink (2).
struct slot {
    std::atomic<int> state{0};
    char path[PATH_MAX];
};
std::array<slot, 16> slots;

extern "C" void remove_and_reraise(int sig) {
    remove_temp_files();
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

} // namespace

bool remember_temp_file(const std::string& path) {
    if (path.size() >= PATH_MAX) return false;
    for (slot& s : slots) {
        int expected = 0;
        if (!s.state.compare_exchange_strong(expected, 1)) continue;
        std::memcpy(s.path, path.c_str(), path.size() + 1);
        s.state.store(2);
        return true;
    }
    return false;
}

// Only a slot's owner empties it, and paths are unique, so reading another's path is safe.
void forget_temp_file(const std::string& path) {
    for (slot& s : slots) {
        if (s.state.load() == 2 && path == s.path) {
            s.state.store(0);
            return;
        }
    }
}

void remove_temp_files() noexcept {
    for (slot& s : slots)
        if (s.state.load() == 2) ::unlink(s.path);
}

void remove_temp_files_on_signals() {
    struct sigaction sa = {};
    sa.sa_handler = remove_and_reraise;
    sigemptyset(&sa.sa_mask);
    for (const int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &sa, nullptr);
}

} // namespace planscope
