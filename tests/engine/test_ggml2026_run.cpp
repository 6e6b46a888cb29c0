// ggml 2026's scheduler computing a graph (sched/ggml2026/run_backends_2026.h): the same output
// values as the 2023 runner for sched_fixture.h's graph and the graph files on CPU backends
// (exactly) and CPU + OpenCL (within 1e-5), one timing and compute event pair per split and one
// input_copy per input, the compute chunks backed with real buffers, and its errors.
#include "sched/ggml2026/run_backends_2026.h"
#include "sched_fixture.h"

#include "alloc/plan.h"
#include "source/graph_source.h"
#include "sched/backend_factory.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace planscope;
using namespace planscope::test;

namespace {

// sched_fixture's graph with x and bias flagged input, so both runners fill them.
opened_source fixture_source() {
    sched_graph g = make_sched_graph();
    for (tensor_id id : {g.x, g.bias}) g.doc.ctx[id].flags = g.doc.ctx[id].flags | tensor_flag::input;
    opened_source out;
    out.doc = std::move(g.doc);
    return out;
}

std::function<result<opened_source>()> opener(const QString& source) {
    if (source == "fixture") return [] { return result<opened_source>(fixture_source()); };
    const std::string path = PLANSCOPE_SOURCE_DIR "/tests/data/graphs/" + source.toStdString();
    return [path] { return open_source(path, llama_params{}); };
}

struct both_runs {
    std::vector<std::unique_ptr<backend>> b2023, b2026;
    result<sched_outcome> v2023 = error{"not run"};
    result<sched_outcome> v2026 = error{"not run"};
};

// Each runner on its own backends (a backend's buffers must not outlive it).
std::unique_ptr<both_runs> run_both(const QString& source, const QString& backends_2023, const QString& backends_2026,
                                    sched_observer* observer = nullptr) {
    auto r = std::make_unique<both_runs>();
    auto b23 = make_backends(backends_2023.toStdString(), {2, {}, {}});
    auto b26 = make_backends(backends_2026.toStdString(), {2, {}, {}});
    if (!b23 || !b26) return r;
    r->b2023 = std::move(*b23);
    r->b2026 = std::move(*b26);
    r->v2023 = run_with_backends(opener(source), backend_pointers(r->b2023));
    r->v2026 = ggml2026::run_with_backends(opener(source), backend_pointers(r->b2026), observer);
    return r;
}

void compare_outputs(const std::vector<output_summary>& got, const std::vector<output_summary>& want, float tolerance) {
    QCOMPARE(got.size(), want.size());
    QVERIFY(!want.empty());
    auto close = [tolerance](double a, double b) { return std::abs(a - b) <= tolerance * (1 + std::abs(b)); };
    for (std::size_t i = 0; i < want.size(); ++i) {
        QCOMPARE(got[i].name, want[i].name);
        QCOMPARE(got[i].first.size(), want[i].first.size());
        if (tolerance == 0) {
            QCOMPARE(got[i].first, want[i].first);
            QCOMPARE(got[i].min, want[i].min);
            QCOMPARE(got[i].max, want[i].max);
            QCOMPARE(got[i].mean, want[i].mean);
            continue;
        }
        for (std::size_t j = 0; j < want[i].first.size(); ++j)
            QVERIFY2(close(got[i].first[j], want[i].first[j]), qPrintable(QString::number(got[i].first[j])));
        QVERIFY(close(got[i].min, want[i].min));
        QVERIFY(close(got[i].max, want[i].max));
        QVERIFY(close(got[i].mean, want[i].mean));
    }
}

std::size_t count_inputs(const sched_plan& plan) {
    std::size_t n = 0;
    for (const sched_split& s : plan.splits) n += s.inputs.size();
    return n;
}

} // namespace

class test_ggml2026_run : public QObject {
    Q_OBJECT

private slots:
    void same_outputs_as_2023_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("backends_2023");
        QTest::addColumn<QString>("backends_2026");
        QTest::addColumn<bool>("opencl");
        for (const char* source : {"fixture", "small.json", "attention.json", "assigned.json"}) {
            QTest::addRow("%s cpu,cpu", source) << source << "cpu,cpu" << "cpu,cpu" << false;
            if (std::string_view(source) != "assigned.json") // assigned to CPU1
                QTest::addRow("%s cpu", source) << source << "cpu" << "cpu" << false;
        }
        // The fixture's w1 in an OpenCL buffer: OpenCL splits and input copies both ways.
        QTest::addRow("fixture cpu,opencl") << "fixture" << "cpu,opencl" << "cpu,opencl" << true;
        QTest::addRow("fixture opencl,cpu vs cpu") << "fixture" << "cpu" << "opencl,cpu" << true;
        QTest::addRow("attention opencl,cpu") << "attention.json" << "opencl,cpu" << "opencl,cpu" << true;
    }
    void same_outputs_as_2023() {
        QFETCH(QString, source);
        QFETCH(QString, backends_2023);
        QFETCH(QString, backends_2026);
        QFETCH(bool, opencl);
        if (opencl && !have_opencl()) QSKIP("this build has no OpenCL backend");
        sched_recorder events;
        const auto runs = run_both(source, backends_2023, backends_2026, &events);
        QVERIFY2(runs->v2023, runs->v2023 ? "" : runs->v2023.err().message.c_str());
        QVERIFY2(runs->v2026, runs->v2026 ? "" : runs->v2026.err().message.c_str());
        compare_outputs(runs->v2026->outputs, runs->v2023->outputs, opencl ? 1e-5f : 0.0f);

        // One timing and one compute_begin/compute_end pair per split, one input_copy per input.
        const sched_outcome& out = *runs->v2026;
        QCOMPARE(out.timings.size(), out.plan.splits.size());
        std::size_t copies = 0, begins = 0, ends = 0, bytes = 0;
        for (const sched_event& e : events.events()) {
            if (const auto* c = std::get_if<sched_events::input_copy>(&e)) {
                ++copies;
                bytes += c->bytes;
                QCOMPARE(c->to_backend, out.plan.splits[c->split].backend);
                QCOMPARE(c->from_backend, out.plan.backend(c->tensor));
            }
            begins += std::holds_alternative<sched_events::compute_begin>(e);
            ends += std::holds_alternative<sched_events::compute_end>(e);
        }
        QCOMPARE(copies, count_inputs(out.plan));
        QCOMPARE(begins, out.plan.splits.size());
        QCOMPARE(ends, out.plan.splits.size());
        std::size_t total_bytes = 0, total_splits = 0;
        for (const sched_backend_totals& t : out.totals) {
            total_bytes += t.bytes_copied;
            total_splits += t.n_splits;
        }
        QCOMPARE(total_bytes, bytes);
        QCOMPARE(total_splits, out.plan.splits.size());
        if (opencl && source == "fixture") QVERIFY(copies > 0);
    }

    // The plan's compute buffers are real buffers of the sizes planned.
    void compute_buffers_backed() {
        const auto runs = run_both("attention.json", "cpu,cpu", "cpu,cpu");
        QVERIFY2(runs->v2026, runs->v2026 ? "" : runs->v2026.err().message.c_str());
        const sched_outcome& out = *runs->v2026;
        QCOMPARE(out.buffers.size(), std::size_t{2});
        QVERIFY(!out.buffers[0].measure);
        QVERIFY(out.buffers[0].allocated >= out.buffers[0].size);
        QVERIFY(out.buffers[0].size > 0);
        QCOMPARE(out.doc.buffers[out.buffers[0].id.index()].name, std::string("CPU compute"));
        // Every node of the graph ended up placed (views at their view_src's address).
        for (tensor_id id : out.doc.g.nodes) QVERIFY2(out.doc.ctx[id].where, out.doc.ctx[id].name.c_str());
    }

    // --max-buffer-size splits the compute buffer into chunks: still the same outputs.
    void chunked_buffers() {
        auto made = make_backends("cpu,cpu", {2, {}, {}});
        QVERIFY(made);
        ggml2026::sched_plan_options options;
        options.max_buffer_size = 1024;
        auto chunked = ggml2026::run_with_backends(opener("attention.json"), backend_pointers(*made), nullptr, options);
        QVERIFY2(chunked, chunked ? "" : chunked.err().message.c_str());
        QVERIFY(std::any_of(chunked->doc.buffers.begin(), chunked->doc.buffers.end(),
                            [](const buffer_desc& b) { return b.name == "CPU compute#1"; }));
        const auto runs = run_both("attention.json", "cpu,cpu", "cpu,cpu");
        QVERIFY(runs->v2023);
        compare_outputs(chunked->outputs, runs->v2023->outputs, 0);
    }

    // n_copies N: the graph inputs get N copies (INPUT|OUTPUT, kept), so the compute buffer grows;
    // the run is ggml's first compute after a synchronisation, copy 0: the outputs of one copy.
    // The CPU buffer type aligns to 32 (d99724f2's TENSOR_ALIGNMENT; 2023's CPU backend: 64).
    void copies_of_inputs_data() {
        QTest::addColumn<int>("n_copies");
        QTest::addColumn<qulonglong>("size");
        QTest::newRow("1") << 1 << qulonglong{7680};
        QTest::newRow("2") << 2 << qulonglong{10880};
        QTest::newRow("4") << 4 << qulonglong{13184};
    }

    void copies_of_inputs() {
        QFETCH(int, n_copies);
        QFETCH(qulonglong, size);
        auto made = make_backends("cpu", {1, {}, {}});
        QVERIFY(made);
        ggml2026::sched_plan_options options;
        options.n_copies = n_copies;
        auto run = ggml2026::run_with_backends(opener("attention.json"), backend_pointers(*made), nullptr, options);
        QVERIFY2(run, run ? "" : run.err().message.c_str());
        QCOMPARE(run->plan.n_copies, n_copies);
        QCOMPARE(static_cast<qulonglong>(run->buffers[0].size), size);
        const auto runs = run_both("attention.json", "cpu", "cpu");
        QVERIFY(runs->v2026);
        compare_outputs(run->outputs, runs->v2026->outputs, 0);
    }

    // plan --backends cpu --ggml 2026 and plan --ggml 2026 are one plan: the CPU buffer type
    // aligns to 32 (d99724f2's TENSOR_ALIGNMENT; 64 gave the DOT dump 15,488 bytes), only the
    // leafs among the inputs are flagged INPUT (the worst-case llama's inp_embd, a GET_ROWS, was
    // at 18,528 in plan --ggml 2026, allocated first), and views have their source's address.
    void plan_agrees_with_plan_graph_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<bool>("worst_case");
        QTest::addColumn<qulonglong>("size");
        QTest::addColumn<QString>("probe");
        QTest::addColumn<qulonglong>("offset");
        QTest::newRow("DOT dump") << QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/dot/llama_2026.dot") << false
                                  << qulonglong{15392} << QStringLiteral("inp_embd") << qulonglong{2848};
        QTest::newRow("worst-case llama") << QStringLiteral("template:llama?n_layer=32") << true << qulonglong{151648}
                                          << QStringLiteral("inp_embd") << qulonglong{0};
        QTest::newRow("attention") << QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/graphs/attention.json") << false
                                   << qulonglong{7680} << QString() << qulonglong{0};
    }

    void plan_agrees_with_plan_graph() {
        QFETCH(QString, source);
        QFETCH(bool, worst_case);
        QFETCH(qulonglong, size);
        QFETCH(QString, probe);
        QFETCH(qulonglong, offset);
        llama_params params;
        params.worst_case = worst_case;
        auto alone = open_source(source.toStdString(), params);
        auto scheduled = open_source(source.toStdString(), params);
        QVERIFY(alone && scheduled);
        plan_options po;
        po.version = ggml_version::v2026;
        po.preallocate = alone->preallocate;
        auto plan = plan_graph(alone->doc, po);
        QVERIFY2(plan, plan ? "" : plan.err().message.c_str());
        auto made = make_backends("cpu", {1, {}, {}});
        QVERIFY(made);
        auto out = ggml2026::plan_with_backends(std::move(*scheduled), backend_pointers(*made));
        QVERIFY2(out, out ? "" : out.err().message.c_str());
        const buffer_desc& compute = out->doc.buffers[out->buffers[0].id.index()];
        QCOMPARE(compute.alignment, std::uint64_t{32});
        QCOMPARE(static_cast<qulonglong>(out->buffers[0].size), size);
        QCOMPARE(static_cast<qulonglong>(plan->max_size), size);
        const auto same = [&](tensor_id id) {
            const tensor& a = alone->doc.ctx[id];
            const tensor& b = out->doc.ctx[id];
            QVERIFY2(a.where.has_value() == b.where.has_value(), a.name.c_str());
            if (!a.where || a.where->buffer != plan->compute) return;
            QVERIFY2(b.where->buffer == out->buffers[0].id, b.name.c_str());
            QVERIFY2(a.where->offset == b.where->offset, a.name.c_str());
        };
        for (tensor_id id : alone->doc.g.nodes) same(id);
        for (tensor_id id : alone->doc.g.leafs) same(id);
        if (probe.isEmpty()) return;
        const auto& nodes = out->doc.g.nodes;
        const auto it = std::find_if(nodes.begin(), nodes.end(),
                                     [&](tensor_id id) { return out->doc.ctx[id].name == probe.toStdString(); });
        QVERIFY(it != nodes.end());
        QVERIFY(!has_flag(out->doc.ctx[*it].flags, tensor_flag::input));
        QCOMPARE(static_cast<qulonglong>(out->doc.ctx[*it].where->offset), offset);
    }

    // A view in the 2026 plan has its view_src's address plus view_offs, as in 2023.
    void views_placed() {
        auto made = make_backends("cpu", {1, {}, {}});
        QVERIFY(made);
        auto src = open_source(PLANSCOPE_SOURCE_DIR "/tests/data/dot/llama_2026.dot", llama_params{});
        QVERIFY(src);
        auto out = ggml2026::plan_with_backends(std::move(*src), backend_pointers(*made));
        QVERIFY(out);
        std::size_t views = 0;
        for (tensor_id id : out->doc.g.nodes) {
            const tensor& t = out->doc.ctx[id];
            if (!t.is_view()) continue;
            ++views;
            const auto& base = out->doc.ctx[t.view_src].where;
            QVERIFY2(t.where && base, t.name.c_str());
            QCOMPARE(t.where->buffer, base->buffer);
            QCOMPARE(t.where->offset, base->offset + t.view_offs);
        }
        QVERIFY(views > 10);
    }

    void errors() {
        auto made = make_backends("cpu", {1, {}, {}});
        QVERIFY(made);
        auto failing = ggml2026::run_with_backends([]() -> result<opened_source> { return error{"no such source"}; },
                                                   backend_pointers(*made));
        QVERIFY(!failing);
        QCOMPARE(failing.err().message, std::string("no such source"));
        // An assignment to a backend the list lacks.
        auto assigned = ggml2026::run_with_backends(opener("assigned.json"), backend_pointers(*made));
        QVERIFY(!assigned);
        QVERIFY2(assigned.err().message.find("'CPU1'") != std::string::npos, assigned.err().message.c_str());
    }
};

QTEST_APPLESS_MAIN(test_ggml2026_run)
#include "test_ggml2026_run.moc"
