#pragma once
// Shared by the split tests: a small llama with its last layer's weights on the second backend,
// and a session + canvas + controller wired as in the main window.
#include "canvas/graph_canvas.h"
#include "models/templates.h"
#include "sched/split_controller.h"
#include "session/graph_session.h"

#include <QSignalSpy>
#include <QtTest>

namespace planscope::ui::test {

// 2 layers, ngl=1: the second layer's weights live in a "GPU" buffer, which a CPU + CPU scheduler
// gives to its second instance (buffer_backend_of_document).
inline constexpr const char* smallLlama =
    "llama?n_vocab=32&n_embd=16&n_layer=2&n_head=2&n_ff=32&n_ctx=16&n_batch=2&ngl=1";

// smallLlama scheduled on `list` (two CPUs by default), without a session.
inline SplitSchedule scheduleSmallLlama(const char* list = "cpu,cpu") {
    auto made = planscope::build_template(smallLlama);
    if (!made) qFatal("template: %s", made.err().message.c_str());
    BackendRequest request;
    request.list = list;
    auto s = scheduleDocument(made->doc, made->inputs, request);
    if (!s) qFatal("schedule: %s", s.err().message.c_str());
    return std::move(s).value();
}

struct SplitFixture {
    GraphSession session;
    GraphCanvas canvas{&session};
    SplitController controller{&session, &canvas};

    SplitFixture() {
        if (!session.openTemplate(QString::fromLatin1(smallLlama))) qFatal("template did not open");
        controller.setReplayInterval(0);
    }
    // Schedules with `list` and waits until the split graph is laid out and replayed.
    bool schedule(const char* list) {
        BackendRequest request;
        request.list = list;
        controller.setRequest(request);
        QSignalSpy replayed(&controller, &SplitController::replayFinished);
        controller.scheduleDocument();
        return replayed.wait(60000) || replayed.count() == 1;
    }
};

} // namespace planscope::ui::test
