// Estimated times for a schedule that never ran (engine/export/estimated_timings.h): each op's
// FLOPs by the documented model (docs/exports.md), a split's compute as FLOPs over its device's
// compute_tflops, a copy as bytes over the GPU end's copy_gbps (the slower GPU's between two), a
// missing figure as a one-line error only where it divides something, and the trace that marks
// the times as estimated. Every value below is worked by hand.
#include "core/builder.h"
#include "export/estimated_timings.h"
#include "export/op_flops.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace planscope;

namespace {

device_profile profile(const char* name, device_kind kind, std::optional<double> tflops, std::optional<double> gbps) {
    device_profile d;
    d.name = name;
    d.kind = kind;
    d.compute_tflops = tflops;
    d.copy_gbps = gbps;
    return d;
}

// x [100, 50] f32 (20,000 bytes) on the CPU; y = w [100, 100] · x on the GPU (2·100·100·50 =
// 1,000,000 FLOPs); z = y + y on the CPU (5,000 FLOPs); r = GET_ROWS of z on the CPU (none).
struct two_devices {
    graph_document doc;
    schedule_view s;
    tensor_id x, y, z, r;

    two_devices() {
        builder b(doc.ctx);
        x = b.set_name(b.new_tensor_2d(dtype::f32, 100, 50), "x");
        const auto w = b.set_name(b.new_tensor_2d(dtype::f32, 100, 100), "w");
        const auto rows = b.set_name(b.new_tensor_1d(dtype::i32, 4), "rows");
        y = b.set_name(b.mul_mat(w, x), "y");
        z = b.set_name(b.add(y, y), "z");
        r = b.set_name(b.get_rows(z, rows), "r");
        (void)build_forward_expand(doc.ctx, doc.g, r);
        s.backends = {"CUDA0", "CPU"};
        s.splits.push_back({0, {y}, {{x, "CUDA0#x", 20000}}});
        s.splits.push_back({1, {z, r}, {{y, "CPU#y", 20000}}});
        s.assignment = {{x, {1, "1.leaf"}}, {w, {0, "buffer"}}, {y, {0, "1.dst"}}, {z, {1, "1.dst"}}, {r, {1, "1.dst"}}};
    }
};

QString message(const result<trace_estimate>& e) { return e ? QString() : QString::fromStdString(e.err().message); }

} // namespace

class TestEstimatedTimings : public QObject {
    Q_OBJECT
private slots:
    void opFlops_data();
    void opFlops();
    void splitTimes();
    void slowerGpuBetweenTwo();
    void missingFigures_data();
    void missingFigures();
    void unknownBackend();
    void traceMarksEstimates();
};

void TestEstimatedTimings::opFlops_data() {
    QTest::addColumn<QString>("op");
    QTest::addColumn<qulonglong>("flops");
    QTest::newRow("mul_mat") << "mul_mat" << qulonglong{1000000};         // 2·K 100 · M 100 · N 50
    QTest::newRow("mul_mat batched") << "mul_mat batched" << qulonglong{3840}; // 2·8 · [4, 5, 6, 2]
    QTest::newRow("mul_mat_id") << "mul_mat_id" << qulonglong{6144};      // 2·16 · [32, 2 used, 3 tokens]
    QTest::newRow("flash_attn_ext") << "flash_attn_ext" << qulonglong{2138112}; // 256·8·4 scores · (128 + 128 + 5)
    QTest::newRow("add") << "add" << qulonglong{100};
    QTest::newRow("silu") << "silu" << qulonglong{400};
    QTest::newRow("relu") << "relu" << qulonglong{100};
    QTest::newRow("swiglu") << "swiglu" << qulonglong{200};               // [10, 4] · 5
    QTest::newRow("rms_norm") << "rms_norm" << qulonglong{1536};          // [64, 8] · 3
    QTest::newRow("soft_max") << "soft_max" << qulonglong{1280};          // [32, 8] · 5
    QTest::newRow("rope") << "rope" << qulonglong{6144};                  // [64, 4, 8] · 3
    QTest::newRow("sum_rows") << "sum_rows" << qulonglong{30};            // one add per element of [10, 3]
    QTest::newRow("get_rows") << "get_rows" << qulonglong{0};
    QTest::newRow("cpy") << "cpy" << qulonglong{0};
    QTest::newRow("view") << "view" << qulonglong{0};
}

void TestEstimatedTimings::opFlops() {
    QFETCH(QString, op);
    QFETCH(qulonglong, flops);
    context ctx;
    builder b(ctx);
    const auto m = [&](std::int64_t a, std::int64_t c) { return b.new_tensor_2d(dtype::f32, a, c); };
    tensor_id n;
    if (op == "mul_mat") n = b.mul_mat(m(100, 100), m(100, 50));
    else if (op == "mul_mat batched") n = b.mul_mat(b.new_tensor_4d(dtype::f32, 8, 4, 3, 1), b.new_tensor_4d(dtype::f32, 8, 5, 6, 2));
    else if (op == "mul_mat_id")
        n = b.mul_mat_id(b.new_tensor_3d(dtype::f32, 16, 32, 4), b.new_tensor_3d(dtype::f32, 16, 2, 3), b.new_tensor_2d(dtype::i32, 2, 3));
    else if (op == "flash_attn_ext")
        n = b.flash_attn_ext(b.new_tensor_4d(dtype::f32, 64, 8, 4, 1), b.new_tensor_4d(dtype::f16, 64, 256, 2, 1),
                             b.new_tensor_4d(dtype::f16, 64, 256, 2, 1), std::nullopt);
    else if (op == "add") n = b.add(m(10, 10), m(10, 10));
    else if (op == "silu") n = b.silu(m(10, 10));
    else if (op == "relu") n = b.relu(m(10, 10));
    else if (op == "swiglu") n = b.swiglu(m(20, 4));
    else if (op == "rms_norm") n = b.rms_norm(m(64, 8), 1e-5f);
    else if (op == "soft_max") n = b.soft_max(m(32, 8));
    else if (op == "rope") n = b.rope(b.new_tensor_3d(dtype::f32, 64, 4, 8), b.new_tensor_1d(dtype::i32, 8), {.n_dims = 64});
    else if (op == "sum_rows") n = b.sum_rows(m(10, 3));
    else if (op == "get_rows") n = b.get_rows(m(10, 100), b.new_tensor_1d(dtype::i32, 7));
    else if (op == "cpy") n = b.cpy(m(10, 10), m(10, 10));
    else n = b.view_1d(m(10, 10), 50, 0);
    QVERIFY2(b.ok(), b.ok() ? "" : b.first_error()->message.c_str());
    const auto f = op_flops(ctx, ctx[n]);
    QVERIFY(f.ok());
    QCOMPARE(qulonglong{*f}, flops);
}

// CUDA0 at 0.5 TFLOPS and 25 GB/s, the CPU at 1 GFLOPS: split #0 computes 1,000,000 FLOPs in 2 µs
// after copying x's 20,000 bytes in 0.8 µs; split #1 computes 5,000 FLOPs in 5 µs after copying
// y back, again at CUDA0's 25 GB/s.
void TestEstimatedTimings::splitTimes() {
    two_devices t;
    const std::vector<device_profile> devices{profile("CUDA0", device_kind::gpu, 0.5, 25.0),
                                              profile("CPU", device_kind::cpu, 0.001, std::nullopt)};
    const auto e = estimate_timings(t.doc.ctx, t.s, devices);
    QVERIFY2(e.ok(), qPrintable(message(e)));
    QCOMPARE(t.s.timings.size(), std::size_t{2});
    QCOMPARE(t.s.timings[0].compute_us, 2.0);
    QCOMPARE(t.s.timings[0].copy_us, 0.8);
    QCOMPARE(t.s.timings[0].bytes_copied, std::uint64_t{20000});
    QCOMPARE(t.s.timings[1].compute_us, 5.0);
    QCOMPARE(t.s.timings[1].copy_us, 0.8);
    QCOMPARE(e->flops, (std::vector<std::uint64_t>{1000000, 5000}));
    QCOMPARE(e->input_us, (std::vector<std::vector<double>>{{0.8}, {0.8}}));
    QCOMPARE(e->compute_tflops, (std::vector<std::optional<double>>{0.5, 0.001}));
    QCOMPARE(e->copy_gbps, (std::vector<std::optional<double>>{25.0, std::nullopt}));
}

// x held by CUDA1 (10 GB/s) and copied to CUDA0 (25 GB/s): 20,000 bytes at the slower 10 GB/s, 2 µs.
void TestEstimatedTimings::slowerGpuBetweenTwo() {
    two_devices t;
    t.s.backends = {"CUDA0", "CUDA1"};
    t.s.splits.resize(1);
    const std::vector<device_profile> devices{profile("CUDA0", device_kind::gpu, 0.5, 25.0),
                                              profile("CUDA1", device_kind::gpu, 0.5, 10.0)};
    const auto e = estimate_timings(t.doc.ctx, t.s, devices);
    QVERIFY2(e.ok(), qPrintable(message(e)));
    QCOMPARE(t.s.timings[0].copy_us, 2.0);
}

void TestEstimatedTimings::missingFigures_data() {
    QTest::addColumn<bool>("gpu_tflops");
    QTest::addColumn<bool>("gpu_gbps");
    QTest::addColumn<bool>("cpu_tflops");
    QTest::addColumn<bool>("cpu_runs_add"); // false: the CPU split is GET_ROWS alone, no FLOPs
    QTest::addColumn<QString>("error");     // "" : estimated
    QTest::newRow("cpu lacks tflops") << true << true << false << true
                                      << "CPU: no compute_tflops for estimated times (split #1: 5000 FLOPs)";
    QTest::newRow("cpu has no FLOPs to run") << true << true << false << false << "";
    QTest::newRow("gpu lacks tflops") << false << true << true << true
                                      << "CUDA0: no compute_tflops for estimated times (split #0: 1000000 FLOPs)";
    QTest::newRow("gpu lacks gbps") << true << false << true << true
                                    << "CUDA0: no copy_gbps for estimated times (split #0 copies 20000 bytes of 'x' from CPU)";
}

void TestEstimatedTimings::missingFigures() {
    QFETCH(bool, gpu_tflops);
    QFETCH(bool, gpu_gbps);
    QFETCH(bool, cpu_tflops);
    QFETCH(bool, cpu_runs_add);
    QFETCH(QString, error);
    two_devices t;
    if (!cpu_runs_add) t.s.splits[1].nodes = {t.r};
    const std::vector<device_profile> devices{
        profile("CUDA0", device_kind::gpu, gpu_tflops ? std::optional(0.5) : std::nullopt, gpu_gbps ? std::optional(25.0) : std::nullopt),
        profile("CPU", device_kind::cpu, cpu_tflops ? std::optional(0.001) : std::nullopt, std::nullopt)};
    const auto e = estimate_timings(t.doc.ctx, t.s, devices);
    QCOMPARE(message(e), error);
    if (error.isEmpty()) QCOMPARE(t.s.timings[1].compute_us, 0.0);
}

void TestEstimatedTimings::unknownBackend() {
    two_devices t;
    const std::vector<device_profile> devices{profile("CUDA0", device_kind::gpu, 0.5, 25.0)};
    QCOMPARE(message(estimate_timings(t.doc.ctx, t.s, devices)), QStringLiteral("no device profile named 'CPU' for estimated times"));
}

// The trace of the estimate: "(estimated)" in the process name, every slice marked, the copy
// 0.8 µs and the compute 2 µs after it on CUDA0's track, the FLOPs and the figures divided by.
void TestEstimatedTimings::traceMarksEstimates() {
    two_devices t;
    t.doc.name = "tiny";
    const std::vector<device_profile> devices{profile("CUDA0", device_kind::gpu, 0.5, 25.0),
                                              profile("CPU", device_kind::cpu, 0.001, std::nullopt)};
    const auto e = estimate_timings(t.doc.ctx, t.s, devices);
    QVERIFY(e.ok());
    const auto text = chrome_trace_json(t.doc, t.s, &*e);
    QVERIFY(text.ok());
    const QJsonObject root = QJsonDocument::fromJson(QByteArray::fromStdString(*text)).object();
    const QJsonArray events = root.value(QLatin1String("traceEvents")).toArray();
    QCOMPARE(events.first().toObject().value(QLatin1String("args")).toObject().value(QLatin1String("name")).toString(),
             QStringLiteral("planscope tiny (estimated)"));
    QStringList slices;
    for (const auto& v : events) {
        const QJsonObject ev = v.toObject();
        if (ev.value(QLatin1String("ph")).toString() != QLatin1String("X")) continue;
        const QJsonObject args = ev.value(QLatin1String("args")).toObject();
        QVERIFY(args.value(QLatin1String("estimated")).toBool());
        slices << QStringLiteral("%1 tid %2 ts %3 dur %4 flops %5")
                      .arg(ev.value(QLatin1String("name")).toString())
                      .arg(ev.value(QLatin1String("tid")).toInt())
                      .arg(ev.value(QLatin1String("ts")).toDouble())
                      .arg(ev.value(QLatin1String("dur")).toDouble())
                      .arg(args.value(QLatin1String("flops")).toInteger(-1));
    }
    QCOMPARE(slices, (QStringList{"copy CUDA0#x tid 1 ts 0 dur 0.8 flops -1", "split #0 tid 1 ts 0.8 dur 2 flops 1000000",
                                  "copy CPU#y tid 2 ts 2.8 dur 0.8 flops -1", "split #1 tid 2 ts 3.6 dur 5 flops 5000"}));
    const QJsonObject other = root.value(QLatin1String("otherData")).toObject();
    QVERIFY(other.value(QLatin1String("estimated")).toBool());
    const QJsonObject cuda = other.value(QLatin1String("backends")).toObject().value(QLatin1String("CUDA0")).toObject();
    QCOMPARE(cuda.value(QLatin1String("compute_tflops")).toDouble(), 0.5);
    QCOMPARE(cuda.value(QLatin1String("copy_gbps")).toDouble(), 25.0);
    QVERIFY(other.value(QLatin1String("backends")).toObject().value(QLatin1String("CPU")).toObject().value(QLatin1String("copy_gbps")).isNull());
}

QTEST_APPLESS_MAIN(TestEstimatedTimings)
#include "test_estimated_timings.moc"
