// The Chrome Trace Event export from hand-made timings: it parses, has one named track per
// backend, a slice per input copy and per split compute in time order with bytes and op counts;
// and the scheduler's result converted to the exports' schedule_view.
#include "core/builder.h"
#include "export/chrome_trace.h"
#include "export/export_schedule.h"
#include "export/schedule_from_sched.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <set>

using namespace planscope;

namespace {

// x, in a CPU buffer; a = x * x, b = a + a, c = b * b, d = c + a.
graph_document chain() {
    graph_document doc;
    doc.name = "chain";
    doc.buffers.push_back({"inputs", "CPU", 1024, 64});
    builder b(doc.ctx);
    const auto x = b.set_name(b.new_tensor_1d(dtype::f32, 256), "x");
    doc.ctx[x].where = placement{buffer_id{0u}, 0};
    const auto a = b.set_name(b.mul(x, x), "a");
    const auto s = b.set_name(b.add(a, a), "b");
    const auto c = b.set_name(b.mul(s, s), "c");
    const auto d = b.set_name(b.add(c, a), "d");
    (void)build_forward_expand(doc.ctx, doc.g, d);
    return doc;
}

// a on the CPU; b, c on a GPU (reading a); d on the CPU (reading c and, again, a).
schedule_view three_splits(const graph_document& doc) {
    const auto& n = doc.g.nodes; // a, b, c, d
    schedule_view s;
    s.backends = {"CPU", "GPU"};
    s.splits.push_back({0, {n[0]}, {}});
    s.splits.push_back({1, {n[1], n[2]}, {{n[0], "GPU#a", 1024}}});
    s.splits.push_back({0, {n[3]}, {{n[2], "CPU#c", 3072}, {n[0], "CPU#a2", 1024}}});
    s.timings = {{0, 10, 0}, {4, 20, 1024}, {8, 5, 4096}};
    return s;
}

QJsonArray events_of(const std::string& text) {
    QJsonParseError e{};
    const QJsonDocument d = QJsonDocument::fromJson(QByteArray::fromStdString(text), &e);
    if (e.error != QJsonParseError::NoError) return {};
    return d.object().value(QLatin1String("traceEvents")).toArray();
}

} // namespace

class TestExportTrace : public QObject {
    Q_OBJECT
private slots:
    void oneTrackPerBackend();
    void slices_data();
    void slices();
    void needsTimings();
    void fromScheduler();
    void splitOnTwoBackends();
    void runOnce();
    void remoteBackend_data();
    void remoteBackend();
};

void TestExportTrace::oneTrackPerBackend() {
    const auto doc = chain();
    const auto text = chrome_trace_json(doc, three_splits(doc));
    QVERIFY2(text.ok(), text.ok() ? "" : text.err().message.c_str());
    const QJsonArray events = events_of(*text);
    QVERIFY(!events.isEmpty());
    std::set<int> slice_tids;
    QStringList names;
    for (const auto& v : events) {
        const QJsonObject e = v.toObject();
        QCOMPARE(e.value(QLatin1String("pid")).toInt(), 1);
        if (e.value(QLatin1String("ph")).toString() == QLatin1String("X")) slice_tids.insert(e.value(QLatin1String("tid")).toInt());
        if (e.value(QLatin1String("name")).toString() == QLatin1String("thread_name"))
            names << e.value(QLatin1String("args")).toObject().value(QLatin1String("name")).toString();
    }
    QCOMPARE(slice_tids, (std::set<int>{1, 2}));
    QCOMPARE(names, (QStringList{QStringLiteral("CPU"), QStringLiteral("GPU")}));
}

void TestExportTrace::slices_data() {
    QTest::addColumn<int>("index"); // among the "X" events
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("tid");
    QTest::addColumn<double>("ts");
    QTest::addColumn<double>("dur");
    QTest::addColumn<qint64>("bytes"); // args.bytes or args.bytes_copied
    // Splits run one after another; split 2's 8 us of copies are shared 3:1 by bytes.
    QTest::newRow("split 0") << 0 << "split #0" << 1 << 0.0 << 10.0 << 0ll;
    QTest::newRow("copy a") << 1 << "copy GPU#a" << 2 << 10.0 << 4.0 << 1024ll;
    QTest::newRow("split 1") << 2 << "split #1" << 2 << 14.0 << 20.0 << 1024ll;
    QTest::newRow("copy c") << 3 << "copy CPU#c" << 1 << 34.0 << 6.0 << 3072ll;
    QTest::newRow("copy a again") << 4 << "copy CPU#a2" << 1 << 40.0 << 2.0 << 1024ll;
    QTest::newRow("split 2") << 5 << "split #2" << 1 << 42.0 << 5.0 << 4096ll;
}

void TestExportTrace::slices() {
    QFETCH(int, index);
    QFETCH(QString, name);
    QFETCH(int, tid);
    QFETCH(double, ts);
    QFETCH(double, dur);
    QFETCH(qint64, bytes);
    const auto doc = chain();
    const auto text = chrome_trace_json(doc, three_splits(doc));
    QVERIFY(text.ok());
    QJsonArray slices;
    for (const auto& v : events_of(*text))
        if (v.toObject().value(QLatin1String("ph")).toString() == QLatin1String("X")) slices.append(v);
    QCOMPARE(slices.size(), 6);
    const QJsonObject e = slices[index].toObject();
    const QJsonObject args = e.value(QLatin1String("args")).toObject();
    QCOMPARE(e.value(QLatin1String("name")).toString(), name);
    QCOMPARE(e.value(QLatin1String("tid")).toInt(), tid);
    QCOMPARE(e.value(QLatin1String("ts")).toDouble(), ts);
    QCOMPARE(e.value(QLatin1String("dur")).toDouble(), dur);
    const bool copy = e.value(QLatin1String("cat")).toString() == QLatin1String("copy");
    QCOMPARE(args.value(copy ? QLatin1String("bytes") : QLatin1String("bytes_copied")).toInteger(), bytes);
    if (!copy && index == 2) {
        const QJsonObject ops = args.value(QLatin1String("ops")).toObject();
        QCOMPARE(ops.value(QLatin1String("ADD")).toInt(), 1);
        QCOMPARE(ops.value(QLatin1String("MUL")).toInt(), 1);
        QCOMPARE(args.value(QLatin1String("nodes")).toInt(), 2);
    }
}

void TestExportTrace::needsTimings() {
    const auto doc = chain();
    auto s = three_splits(doc);
    s.timings.pop_back();
    const auto text = chrome_trace_json(doc, s);
    QVERIFY(!text.ok());
    QCOMPARE(text.err().message, std::string("the trace needs one timing per split: 2 timings for 3 splits"));
}

// A tensor the seed lists once per use is one input and one copy; causes come per tensor; the
// copies the split appended to the context are left out.
void TestExportTrace::fromScheduler() {
    const auto doc = chain();
    const auto& n = doc.g.nodes;
    sched_plan plan;
    plan.backend_names = {"CPU", "GPU"};
    plan.n_tensors_before = doc.ctx.size();
    plan.backend_of = {0, 0, 1, 1, 0, 1};
    plan.cause_of = {"1.leaf", "1.dst", "usr", "2.src0", "2.src0", "4.cpy"};
    plan.splits = {{0, 0, 1, {}},
                   {1, 1, 3, {{n[0], tensor_id{5u}, "a", 1024, {}}, {n[0], tensor_id{5u}, "a", 1024, {}}}},
                   {0, 3, 4, {{n[2], tensor_id{6u}, "c", 1024, {}}}}};
    const std::vector<sched_split_timing> timings{{0, 0, 3, 7, 0}, {1, 1, 2, 9, 1024}, {2, 0, 1, 4, 1024}};
    const schedule_view s = schedule_from_sched(plan, doc.g, timings);
    QCOMPARE(s.backends, (std::vector<std::string>{"CPU", "GPU"}));
    QCOMPARE(s.splits.size(), std::size_t{3});
    QCOMPARE(s.splits[1].nodes, (std::vector<tensor_id>{n[1], n[2]}));
    QCOMPARE(s.splits[1].inputs.size(), std::size_t{1});
    QCOMPARE(s.splits[1].inputs[0].copy_name, std::string("GPU#a"));
    QCOMPARE(bytes_copied(s.splits[1]), std::uint64_t{1024});
    QCOMPARE(s.splits[2].inputs[0].copy_name, std::string("CPU#c"));
    QCOMPARE(s.timings.size(), std::size_t{3});
    QCOMPARE(s.timings[1].compute_us, 9.0);
    QCOMPARE(s.assignment.size(), std::size_t{5}); // tensor 5 is a copy
    QCOMPARE(s.assignment.at(tensor_id{2u}).cause, std::string("usr"));
    QCOMPARE(s.assignment.at(tensor_id{2u}).backend, std::size_t{1});
    QVERIFY(chrome_trace_json(doc, s).ok());
}

// The scheduler proper: weights on "GPU" go to the second backend (cause 1.leaf), the node that
// reads them follows (1.srcN), and the split reading a CPU result copies it.
void TestExportTrace::splitOnTwoBackends() {
    graph_document doc = chain();
    doc.buffers.push_back({"weights_gpu", "GPU", 1024, 64});
    const tensor_id w = builder(doc.ctx).new_tensor_1d(dtype::f32, 256);
    doc.ctx[w].name = "w";
    doc.ctx[w].where = placement{buffer_id{1u}, 0};
    const std::vector<tensor_id> n = doc.g.nodes; // b = a + a becomes b = a + w: b reads the GPU weight
    doc.ctx[n[1]].src[1] = w;
    doc.g.leafs.push_back(w);
    export_schedule_options o;
    o.backends = "cpu,cpu";
    const opened_source src{std::move(doc), {}, {}, {}};
    const auto s = split_for_export(src, o);
    QVERIFY2(s.ok(), s.ok() ? "" : s.err().message.c_str());
    QCOMPARE(s->backends, (std::vector<std::string>{"CPU", "CPU1"}));
    QCOMPARE(s->assignment.at(w).backend, std::size_t{1});
    QCOMPARE(s->assignment.at(w).cause, std::string("1.leaf"));
    QCOMPARE(s->assignment.at(n[1]).backend, std::size_t{1});
    QCOMPARE(s->splits.size(), std::size_t{3}); // a | b, c | d
    QCOMPARE(s->splits[1].backend, std::size_t{1});
    QCOMPARE(s->splits[1].inputs.size(), std::size_t{1});
    QCOMPARE(s->splits[1].inputs[0].copy_name, std::string("CPU1#a"));
    QCOMPARE(s->splits[1].inputs[0].bytes, std::uint64_t{1024});
    QVERIFY(s->timings.empty());
}

// One run: a timing per split, and bytes copied as the splits' inputs say.
void TestExportTrace::runOnce() {
    const graph_document doc = chain();
    export_schedule_options o;
    o.backends = "cpu";
    const auto s = run_for_trace([] { return result<opened_source>(opened_source{chain(), {}, {}, {}, ggml_version::v2023, {}, {}}); }, o);
    QVERIFY2(s.ok(), s.ok() ? "" : s.err().message.c_str());
    QCOMPARE(s->splits.size(), std::size_t{1});
    QCOMPARE(s->splits[0].nodes, doc.g.nodes);
    QCOMPARE(s->timings.size(), std::size_t{1});
    QCOMPARE(s->timings[0].bytes_copied, std::uint64_t{0});
    QVERIFY(chrome_trace_json(doc, *s).ok());
}


// The GPU described as remote (an rpc-server's device; nothing runs) and the copies' own measured
// times: a copy to it is SET_TENSOR on its track, one from it GET_TENSOR there too, its split a
// remote graph_compute; a copy between local backends stays a copy. Split 2 measured 6 + 1 us of
// its 8 us: its compute starts at 42 all the same.
void TestExportTrace::remoteBackend_data() {
    QTest::addColumn<int>("index"); // among the "X" events
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("cat");
    QTest::addColumn<int>("tid");
    QTest::addColumn<double>("ts");
    QTest::addColumn<double>("dur");
    QTest::addColumn<qint64>("network"); // args.network_bytes; -1 none
    QTest::newRow("split 0") << 0 << "split #0" << "compute" << 1 << 0.0 << 10.0 << -1ll;
    QTest::newRow("set a") << 1 << "set_tensor GPU#a" << "network" << 2 << 10.0 << 3.0 << 1024ll;
    QTest::newRow("split 1") << 2 << "graph_compute split #1" << "remote compute" << 2 << 14.0 << 20.0 << -1ll;
    QTest::newRow("get c") << 3 << "get_tensor CPU#c" << "network" << 2 << 34.0 << 6.0 << 3072ll;
    QTest::newRow("copy a") << 4 << "copy CPU#a2" << "copy" << 1 << 40.0 << 1.0 << -1ll;
    QTest::newRow("split 2") << 5 << "split #2" << "compute" << 1 << 42.0 << 5.0 << -1ll;
}

void TestExportTrace::remoteBackend() {
    QFETCH(int, index);
    QFETCH(QString, name);
    QFETCH(QString, cat);
    QFETCH(int, tid);
    QFETCH(double, ts);
    QFETCH(double, dur);
    QFETCH(qint64, network);
    const auto doc = chain();
    schedule_view s = three_splits(doc);
    s.remote = {false, true};
    s.splits[1].inputs[0].from_backend = 0;
    s.splits[2].inputs[0].from_backend = 1;
    s.splits[2].inputs[1].from_backend = 0;
    s.timings[1].input_us = {3};
    s.timings[2].input_us = {6, 1};
    const auto text = chrome_trace_json(doc, s);
    QVERIFY(text.ok());
    QJsonArray slices;
    for (const auto& v : events_of(*text))
        if (v.toObject().value(QLatin1String("ph")).toString() == QLatin1String("X")) slices.append(v);
    QCOMPARE(slices.size(), 6);
    const QJsonObject e = slices[index].toObject();
    const QJsonObject args = e.value(QLatin1String("args")).toObject();
    QCOMPARE(e.value(QLatin1String("name")).toString(), name);
    QCOMPARE(e.value(QLatin1String("cat")).toString(), cat);
    QCOMPARE(e.value(QLatin1String("tid")).toInt(), tid);
    QCOMPARE(e.value(QLatin1String("ts")).toDouble(), ts);
    QCOMPARE(e.value(QLatin1String("dur")).toDouble(), dur);
    QCOMPARE(args.contains(QLatin1String("network_bytes")) ? args.value(QLatin1String("network_bytes")).toInteger() : -1, network);
}

QTEST_GUILESS_MAIN(TestExportTrace)
#include "test_export_trace.moc"
