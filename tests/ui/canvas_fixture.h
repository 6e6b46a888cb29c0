#pragma once
// A session and a canvas that has laid out a graph source, for the canvas tests (folding, marks):
// the blocks' run box, a tensor by name, the step a node is allocated at.
#include "canvas/block_item.h"
#include "canvas/graph_canvas.h"
#include "source/graph_source.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"
#include "ui_test_support.h"

#include <QSignalSpy>
#include <QtTest>

namespace planscope::ui::test {

inline constexpr const char* llama7b =
    "template:llama?n_embd=4096&n_layer=32&n_head=32&n_ff=11008&n_vocab=32000&n_ctx=4096&n_batch=512";

struct CanvasFixture {
    GraphSession session;
    GraphCanvas canvas{&session};
    QSignalSpy finished{&canvas, &GraphCanvas::layoutFinished};

    // A .gguf is built as llama.cpp 2023 built it, as the app's embedded model is, unless `era` says.
    explicit CanvasFixture(const char* source, bool openOnStep = true, ggml_version era = ggml_version::v2023) {
        auto opened = open_source(source, {}, era);
        if (!opened) qFatal("%s", opened.err().message.c_str());
        canvas.setOpenOnStep(openOnStep);
        canvas.resize(1000, 700);
        session.setDocument(std::move(opened->doc), {}, std::move(opened->preallocate));
    }
    bool waitLayout(qsizetype count) {
        return QTest::qWaitFor([&] { return finished.count() >= count && !canvas.isLayoutRunning(); }, 20000);
    }
    tensor_id tensor(std::string_view name) const { return findTensor(session.document(), name); }
    BlockItem* run() const {
        for (BlockItem* b : canvas.blockItems())
            if (b->kind() == BlockItem::Kind::Run) return b;
        return nullptr;
    }
    std::size_t stepOf(tensor_id t) const {
        const PlanTrace* trace = session.planTrace();
        for (std::size_t i = 0; i < trace->events().size(); ++i)
            if (eventTensor(trace->events()[i]) == t && std::holds_alternative<events::node>(trace->events()[i])) return i + 1;
        return 0;
    }
};

} // namespace planscope::ui::test
