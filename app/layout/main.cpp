// planscope-layout: runs Graphviz `dot` for the GUI in a process of its own, so that the GUI can
// stop a layout at once (cgraph cannot be interrupted) and never waits for one on quit. It reads
// framed DOT texts from stdin and answers each with its layout (layout_codec.h) until stdin ends.
#include "layout/graph_layout.h"
#include "layout/layout_codec.h"

#include <string>

#include <cerrno>
#include <unistd.h>

namespace {

constexpr std::size_t max_request = std::size_t{1} << 30; // the GUI never sends 1 GiB of DOT

bool write_all(const std::string& s) {
    std::size_t done = 0;
    while (done < s.size()) {
        const ssize_t n = ::write(STDOUT_FILENO, s.data() + done, s.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

} // namespace

int main() {
    std::string buffer;
    char chunk[65536];
    for (;;) {
        const ssize_t n = ::read(STDIN_FILENO, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return n == 0 ? 0 : 1; // the GUI closed the pipe, or it broke
        buffer.append(chunk, static_cast<std::size_t>(n));
        for (;;) {
            auto frame = planscope::read_frame(buffer, max_request);
            if (!frame) {
                write_all(planscope::frame_message("error", frame.err().message));
                return 1;
            }
            if (!*frame) break;
            buffer.erase(0, (*frame)->consumed);
            auto layout = planscope::layout_dot((*frame)->body);
            const std::string reply = layout ? planscope::frame_message("ok", planscope::encode_layout(*layout))
                                             : planscope::frame_message("error", layout.err().message);
            if (!write_all(reply)) return 1;
        }
    }
}
