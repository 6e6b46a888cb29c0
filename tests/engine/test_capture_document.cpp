// A capture record as a document (source/capture_document.h): a handmade 2-node graph on two
// backends (GPU0, then the CPU): op kinds, shapes, the weights at their captured offsets, the
// splits and the input copy formed from the captured assignment, the captured compute addresses;
// then Planscope's check of it (source/capture_check.h) and record selection.
#include "source/capture_check.h"
#include "source/capture_document.h"
#include "sched/recorded_schedule.h"

#include <QtTest>

#include "capture_document_texts.h"

using namespace planscope;

namespace {

capture::graph record() {
    auto f = capture::parse_capture(two_nodes);
    if (!f) qFatal("%s", f.err().message.c_str());
    return f->runs[0].graphs[0];
}

} // namespace

class TestCaptureDocument : public QObject {
    Q_OBJECT
private slots:
    void tensors() {
        auto cd = document_from_capture(record(), "two");
        QVERIFY2(cd, cd ? "" : cd.err().message.c_str());
        const context& ctx = cd->doc.ctx;
        QCOMPARE(ctx.size(), std::size_t{4});
        QCOMPARE(ctx[tensor_id{2}].op, op_kind::mul_mat);
        QCOMPARE(ctx[tensor_id{2}].src[1], tensor_id{1});
        QCOMPARE(ctx[tensor_id{0}].type, dtype::f16);
        QCOMPARE(ctx[tensor_id{0}].ne[1], std::int64_t{32});
        QCOMPARE(ctx[tensor_id{0}].nb[1], std::size_t{128});
        // ggml 2026's GGML_UNARY_OP_SILU (10) is Planscope's unary_kind::silu.
        QCOMPARE(ctx[tensor_id{3}].op, op_kind::unary);
        QCOMPARE(ctx[tensor_id{3}].params.get_i32(0), static_cast<std::int32_t>(unary_kind::silu));
        QVERIFY(has_flag(ctx[tensor_id{3}].flags, tensor_flag::output));
        QVERIFY(has_flag(ctx[tensor_id{1}].flags, tensor_flag::input));
        // The weights where they were captured; compute tensors left to Planscope's planners.
        QCOMPARE(cd->doc.buffers.size(), std::size_t{1});
        QCOMPARE(cd->doc.buffers[0].name, std::string("weights GPU0"));
        QCOMPARE(cd->doc.buffers[0].backend, std::string("GPU0"));
        QCOMPARE(ctx[tensor_id{0}].where, (std::optional<placement>{placement{buffer_id{0}, 256}}));
        QVERIFY(!ctx[tensor_id{2}].where);
        QVERIFY(cd->warnings.empty());
    }

    void splits() {
        auto cd = document_from_capture(record(), "two");
        QVERIFY(cd && cd->recorded);
        const sched_outcome& out = cd->recorded->outcome;
        QCOMPARE(out.backend_names, (std::vector<std::string>{"GPU0", "CPU"}));
        QCOMPARE(out.plan.splits.size(), std::size_t{2});
        QCOMPARE(out.plan.splits[0].backend, 0);
        QCOMPARE(out.plan.splits[0].i_start, std::size_t{0});
        QCOMPARE(out.plan.splits[1].backend, 1);
        QCOMPARE(out.plan.splits[1].i_start, std::size_t{1});
        // The GPU split reads the CPU's input, the CPU split the GPU's result: one copy each.
        QCOMPARE(out.plan.splits[0].inputs.size(), std::size_t{1});
        QCOMPARE(out.plan.splits[0].inputs[0].tensor, tensor_id{1});
        QCOMPARE(out.plan.splits[1].inputs.size(), std::size_t{1});
        QCOMPARE(out.plan.splits[1].inputs[0].tensor, tensor_id{2});
        QCOMPARE(out.doc.ctx[out.plan.splits[1].inputs[0].copy].name, std::string("CPU#mm#0"));
        QCOMPARE(out.plan.cause(tensor_id{2}), std::string_view());
        // Captured addresses and sizes.
        const auto& mm = out.doc.ctx[tensor_id{2}].where;
        QVERIFY(mm);
        QCOMPARE(mm->offset, std::uint64_t{512});
        QCOMPARE(out.doc.buffers[mm->buffer.index()].size, std::size_t{4096});
        QCOMPARE(out.doc.ctx[tensor_id{3}].where->offset, std::uint64_t{1024});
        QCOMPARE(out.buffers.size(), std::size_t{2});
        QCOMPARE(out.buffers[0].size, std::size_t{4096});
        QCOMPARE(out.buffers[1].size, std::size_t{2048});
        QVERIFY(cd->recorded->alloc_events.empty());
        QCOMPARE(cd->recorded->backend_devices, (std::vector<std::string>{"GPU0", "CPU"}));
    }

    void check() {
        const capture::graph g = record();
        auto cd = document_from_capture(g, "two");
        QVERIFY(cd);
        auto c = check_capture(g, *cd);
        QVERIFY2(c, c ? "" : c.err().message.c_str());
        QCOMPARE(c->captured_starts, (std::vector<std::size_t>{0, 1}));
        QCOMPARE(c->nodes, std::size_t{2});
        QCOMPARE(c->buffers.size(), std::size_t{2});
        QCOMPARE(c->buffers[0].captured, std::uint64_t{4096});
    }

    void selection_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<bool>("split");
        QTest::addColumn<int>("run");
        QTest::addColumn<int>("seq");
        QTest::newRow("plain") << "a.pscap" << false << 0 << 0;
        QTest::newRow("seq") << "a.pscap#3" << true << 0 << 3;
        QTest::newRow("run and seq") << "a.pscap#1:4" << true << 1 << 4;
        QTest::newRow("not a number") << "a.pscap#x" << false << 0 << 0;
    }
    void selection() {
        QFETCH(QString, source);
        QFETCH(bool, split);
        QFETCH(int, run);
        QFETCH(int, seq);
        const capture_selection s = parse_capture_selection(source.toStdString());
        QCOMPARE(s.seq.has_value(), split);
        if (!split) {
            QCOMPARE(s.path.string(), source.toStdString());
            return;
        }
        QCOMPARE(s.path.string(), std::string("a.pscap"));
        QCOMPARE(static_cast<int>(*s.run), run);
        QCOMPARE(static_cast<int>(*s.seq), seq);
    }

    void missing_seq() {
        auto f = capture::parse_capture(two_nodes);
        QVERIFY(f);
        auto g = select_capture_graph(*f, {"a.pscap", 0, 5});
        QVERIFY(!g);
        QCOMPARE(g.err().message, std::string("no graph record seq 5 in run 0 (it has 0 to 0)"));
    }
};

QTEST_GUILESS_MAIN(TestCaptureDocument)
#include "test_capture_document.moc"
