// A GGML_SCHED_DEBUG=2 log as a document (source/sched_log_document.h): the hand-written log of
// docs/ggml-versions.md (tests/data/sched_debug/three_splits.log) tensor by tensor, split by split,
// and the logs it refuses or warns about.
#include "source/sched_log_document.h"

#include "source/graph_source.h"
#include "sched/ggml2026/sched_log_check.h"

#include <QFile>
#include <QtTest>

using namespace planscope;

namespace {

const std::string three_splits = PLANSCOPE_SOURCE_DIR "/tests/data/sched_debug/three_splits.log";

QString names(const context& ctx, const std::vector<tensor_id>& ids) {
    QStringList out;
    for (tensor_id id : ids) out << QString::fromStdString(ctx[id].name);
    return out.join(u' ');
}

tensor_id named(const context& ctx, const std::string& name) {
    for (std::size_t i = 0; i < ctx.size(); ++i)
        if (ctx[tensor_id{i}].name == name) return tensor_id{i};
    return {};
}

result<sched_log_document> from_text(const std::string& text) {
    auto log = ggml2026::parse_sched_debug_log(text);
    if (!log) return log.err();
    return document_from_sched_log(log->assignments.back(), "t.log");
}

} // namespace

class test_sched_log_document : public QObject {
    Q_OBJECT

private slots:
    void threeSplits() {
        auto d = open_sched_log_document(three_splits);
        QVERIFY2(d.ok(), d ? "" : d.err().message.c_str());
        const context& ctx = d->doc.ctx;
        const sched_plan& plan = d->plan;
        QCOMPARE(d->doc.name, std::string("three_splits.log"));
        // The CPU last, as ggml orders its backends.
        QCOMPARE(plan.backend_names, (std::vector<std::string>{"CUDA0", "CPU"}));
        QCOMPARE(names(ctx, d->doc.g.nodes), QStringLiteral("inp_embd norm-0 attn_norm-0 Qcur-0 result_output"));
        // Sources that are no node, cut to 20 characters as the log prints them.
        QCOMPARE(names(ctx, d->doc.g.leafs),
                 QStringLiteral("token_embd.weight inp_tokens blk.0.attn_norm.weig blk.0.attn_q.weight output.weight"));
        QCOMPARE(plan.splits.size(), std::size_t{3});
        const std::vector<std::tuple<int, std::size_t, std::size_t>> ranges{{1, 0, 1}, {0, 1, 4}, {1, 4, 5}};
        for (std::size_t i = 0; i < 3; ++i) {
            QCOMPARE(plan.splits[i].backend, std::get<0>(ranges[i]));
            QCOMPARE(plan.splits[i].i_start, std::get<1>(ranges[i]));
            QCOMPARE(plan.splits[i].i_end, std::get<2>(ranges[i]));
        }
        QCOMPARE(plan.splits[0].inputs.size(), std::size_t{0});
        QCOMPARE(plan.splits[1].inputs.size(), std::size_t{1});
        const sched_input& in = plan.splits[1].inputs[0];
        QCOMPARE(in.tensor, named(ctx, "inp_embd"));
        QCOMPARE(ctx[in.copy].name, std::string("CUDA0#inp_embd#0"));
        QCOMPARE(in.bytes, std::size_t{16384});
        // Nodes read the copies; copies come after the graph's tensors.
        QCOMPARE(ctx[named(ctx, "norm-0")].src[0], in.copy);
        QCOMPARE(plan.n_tensors_before, std::size_t{10});
        QVERIFY(in.copy.index() >= plan.n_tensors_before);
        const tensor_id q_copy = plan.splits[2].inputs[0].copy;
        QCOMPARE(ctx[q_copy].name, std::string("CPU#Qcur-0#0"));
        QCOMPARE(ctx[named(ctx, "result_output")].src[1], q_copy);
        QCOMPARE(ctx[named(ctx, "result_output")].src[0], named(ctx, "output.weight"));
        // Backends as printed; no causes in a default build.
        QCOMPARE(plan.backend(named(ctx, "norm-0")), 0);
        QCOMPARE(plan.backend(named(ctx, "inp_embd")), 1);
        QCOMPARE(plan.backend(named(ctx, "blk.0.attn_q.weight")), 0);
        QCOMPARE(plan.backend(q_copy), 1);
        QCOMPARE(plan.cause(named(ctx, "norm-0")), std::string_view());
        QCOMPARE(plan.assignments.front().pass, sched_pass::logged);
        QCOMPARE(plan.cause(q_copy), std::string_view("4.cpy"));
        // Sizes as printed: i8 vectors of the rounded bytes.
        QCOMPARE(nbytes(ctx[named(ctx, "output.weight")]), std::size_t{102} << 20);
        QCOMPARE(nbytes(ctx[named(ctx, "inp_tokens")]), std::size_t{1}); // "0K": at least a byte
        QCOMPARE(ctx[named(ctx, "Qcur-0")].op, op_kind::mul_mat);
        // The allocator's graph: per split its copies, then its nodes.
        QCOMPARE(names(ctx, plan.split_graph.nodes),
                 QStringLiteral("inp_embd CUDA0#inp_embd#0 norm-0 attn_norm-0 Qcur-0 CPU#Qcur-0#0 result_output"));
        QVERIFY(d->warnings.empty());
        // Weights in a buffer of their backend, one after another; the other leafs are inputs.
        QCOMPARE(d->doc.buffers.size(), std::size_t{2});
        QCOMPARE(d->doc.buffers[0].name, std::string("CPU weights"));
        QCOMPARE(d->doc.buffers[1].name, std::string("CUDA0 weights"));
        QCOMPARE(d->doc.buffers[1].backend, std::string("CUDA0"));
        const tensor& q = ctx[named(ctx, "blk.0.attn_q.weight")];
        QVERIFY(q.where);
        QCOMPARE(q.where->buffer, buffer_id{1u});
        QCOMPARE(q.where->offset, std::uint64_t{16384}); // after blk.0.attn_norm.weig, cut but a weight
        QCOMPARE(ctx[named(ctx, "output.weight")].where->offset, std::uint64_t{70} << 20);
        QVERIFY(!ctx[named(ctx, "inp_tokens")].where);
        QCOMPARE(ctx[named(ctx, "inp_tokens")].flags, tensor_flag::input);
    }

    void openSourceCarriesTheSchedule() {
        auto s = open_source(three_splits, {});
        QVERIFY2(s.ok(), s ? "" : s.err().message.c_str());
        QVERIFY(s->logged_schedule);
        QCOMPARE(s->logged_schedule->splits.size(), std::size_t{3});
        QCOMPARE(s->doc.g.nodes.size(), std::size_t{5});
    }

    void sameNameTakesTheLatestNode() {
        // llama names both norms of a layer "norm-0": a source is the latest earlier one.
        const std::string text = "\n## SPLIT #0: CPU # 0 inputs\n"
                                 "node #  0 (  RMS_NORM):               norm-0 (  16K) [  CPU         ] use=1,c=1:                    x (  16K) [  CPU         ]\n"
                                 "node #  1 (       ADD):                  y-0 (  16K) [  CPU         ] use=1,c=1:               norm-0 (  16K) [  CPU         ]                    x (  16K) [  CPU         ]\n"
                                 "node #  2 (  RMS_NORM):               norm-0 (  16K) [  CPU         ] use=1,c=1:                  y-0 (  16K) [  CPU         ]\n"
                                 "node #  3 (       MUL):                  z-0 (  16K) [  CPU         ] use=0,c=1:               norm-0 (  16K) [  CPU         ]                  y-0 (  16K) [  CPU         ]\n";
        auto d = from_text(text);
        QVERIFY2(d.ok(), d ? "" : d.err().message.c_str());
        const context& ctx = d->doc.ctx;
        QCOMPARE(ctx[d->doc.g.nodes[3]].src[0], d->doc.g.nodes[2]);
        QCOMPARE(ctx[d->doc.g.nodes[1]].src[0], d->doc.g.nodes[0]);
        QCOMPARE(d->doc.g.leafs.size(), std::size_t{1});
        QCOMPARE(d->plan.backend_names, std::vector<std::string>{"CPU"});
    }

    void checkAgainstTheScheduler_data() {
        QTest::addColumn<QString>("edit"); // "from>to" applied to the log's text, or ""
        QTest::addColumn<QString>("starts");
        QTest::addColumn<QString>("differences");
        QTest::addColumn<QString>("inferred"); // backend op, ...
        QTest::addColumn<int>("before");       // differences with every op supported
        // The example log's graph: Planscope's 2026 scheduler gives its three splits and every backend.
        QTest::newRow("as printed") << "" << "0 1 4" << "" << "" << 0;
        // Had the program run norm-0 on the CPU: Planscope's GPU sweep up from attn_norm-0 disagrees
        // (2.sup), until RMS_NORM, which the log never ran on CUDA0, is taken as one CUDA0 lacks;
        // then Planscope runs it on the CPU too, in a split of its own.
        QTest::newRow("norm on the CPU")
            << "RMS_NORM):               norm-0 (  16K) [CUDA0 >RMS_NORM):               norm-0 (  16K) [  CPU "
            << "0 2 4" << "" << "CUDA0 RMS_NORM" << 1;
        // Qcur-0 on the CPU as well: its weight is on CUDA0, so Planscope runs it there (1.wgt0)
        // until MUL_MAT, never run on CUDA0, is taken as unsupported there.
        QTest::newRow("matmul on the CPU")
            << "MUL_MAT):               Qcur-0 (  16K) [CUDA0 >MUL_MAT):               Qcur-0 (  16K) [  CPU "
            << "0 1 3" << "" << "CUDA0 MUL_MAT" << 1;
    }
    void checkAgainstTheScheduler() {
        QFETCH(QString, edit);
        QFETCH(QString, starts);
        QFETCH(QString, differences);
        QFETCH(QString, inferred);
        QFETCH(int, before);
        QFile f(QString::fromStdString(three_splits));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QString text = QString::fromUtf8(f.readAll());
        if (!edit.isEmpty()) text.replace(edit.section(u'>', 0, 0), edit.section(u'>', 1));
        auto log = ggml2026::parse_sched_debug_log(text.toStdString());
        QVERIFY2(log.ok(), log ? "" : log.err().message.c_str());
        auto graph = open_source(PLANSCOPE_SOURCE_DIR "/tests/data/sched_debug/three_splits.dot", {});
        QVERIFY2(graph.ok(), graph ? "" : graph.err().message.c_str());
        auto c = ggml2026::check_sched_log(graph->doc, log->assignments.back());
        QVERIFY2(c.ok(), c ? "" : c.err().message.c_str());
        QCOMPARE(c->backend_names, (std::vector<std::string>{"CUDA0", "CPU"}));
        QStringList got;
        for (std::size_t x : c->planscope_starts) got << QString::number(x);
        QCOMPARE(got.join(u' '), starts);
        QCOMPARE(c->compared, std::size_t{5});
        QVERIFY(c->unmatched.empty());
        QStringList diffs;
        for (const auto& d : c->differences)
            diffs << QStringLiteral("#%1 %2: log %3, Planscope %4 (%5)")
                         .arg(d.node)
                         .arg(QString::fromStdString(d.name), QString::fromStdString(d.log_backend),
                              QString::fromStdString(d.planscope_backend), QString::fromStdString(d.cause));
        QCOMPARE(diffs.join(u'\n'), differences);
        QStringList taken;
        for (const auto& [backend, op] : c->inferred_unsupported)
            taken << QString::fromStdString(backend) + u' ' + QString::fromStdString(op);
        QCOMPARE(taken.join(u", "), inferred);
        QCOMPARE(static_cast<int>(c->differences_before), before);
    }

    void warnsAndRefuses_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("result"); // "error: ..." or the warnings joined
        QTest::newRow("level 1") << "\n## SPLIT #0: CPU # 0 inputs\n"
                                 << "error: the log has no node lines (GGML_SCHED_DEBUG=1): print it with GGML_SCHED_DEBUG=2 to see its graph";
        QTest::newRow("unknown op")
            << "\n## SPLIT #0: CPU # 0 inputs\n"
               "node #  0 (  SSM_CONV):                  moe (  16K) [  CPU         ] use=0,c=1:                    x (  16K) [  CPU         ]\n"
            << "ops Planscope does not model are shown as NONE: SSM_CONV (1)";
        QTest::newRow("unary by its name")
            << "\n## SPLIT #0: CPU # 0 inputs\n"
               "node #  0 (      SILU):                    s (  16K) [  CPU         ] use=0,c=1:                    x (  16K) [  CPU         ]\n"
            << "";
        QTest::newRow("glu by its name")
            << "\n## SPLIT #0: CPU # 0 inputs\n"
               "node #  0 (    SWIGLU):                    s (  16K) [  CPU         ] use=0,c=1:                    x (  32K) [  CPU         ]\n"
            << "";
        QTest::newRow("copy no split lists")
            << "\n## SPLIT #0: CPU # 0 inputs\n"
               "node #  0 (       ADD):                    y (  16K) [  CPU         ] use=0,c=1:              CPU#x#0 (  16K) [ NULL         ]\n"
            << "error: node 'y' reads the copy 'CPU#x#0', which no split lists as its input";
    }
    void warnsAndRefuses() {
        QFETCH(QString, text);
        QFETCH(QString, result);
        auto d = from_text(text.toStdString());
        if (result.startsWith(u"error: ")) {
            QVERIFY(!d.ok());
            QCOMPARE(QString::fromStdString(d.err().message), result.mid(7));
            return;
        }
        QVERIFY2(d.ok(), d ? "" : d.err().message.c_str());
        QStringList warnings;
        for (const std::string& w : d->warnings) warnings << QString::fromStdString(w);
        QCOMPARE(warnings.join(u'\n'), result);
        if (text.contains(u"SILU")) QCOMPARE(d->doc.ctx[d->doc.g.nodes[0]].op, op_kind::unary);
        if (text.contains(u"SWIGLU")) {
            QCOMPARE(d->doc.ctx[d->doc.g.nodes[0]].op, op_kind::glu);
            QCOMPARE(d->doc.ctx[d->doc.g.nodes[0]].params.get_i32(0), static_cast<std::int32_t>(glu_kind::swiglu));
        }
    }
};

QTEST_GUILESS_MAIN(test_sched_log_document)
#include "test_sched_log_document.moc"
