// planscope-cli plan / export MODEL.gguf --device PROFILE: llama.cpp da46e59c's prompt graph split
// by the 2026 scheduler over device profiles and reserved with their buffer types. For stories260K
// (n_ctx 512, n_ubatch 8) and the Llama-2-7B shape (n_ctx 4096, n_ubatch 512) each device's compute
// buffer is the one `fit` prints for the same settings; a smaller alignment, a maximum buffer size
// and an op the device refuses each change the plan as derived in the rows; the plan export holds
// one compute buffer per device (and per chunk), every node and copy in its device's memory; the
// split diagram names the devices; the trace on devices holds times estimated from the profiles'
// throughput (FLOPs / compute_tflops, bytes / copy_gbps), marked as estimates, and a missing figure
// is one line naming the device; run refuses a profile in one line.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>

#include "cli_runner.h"

namespace {

QString model(const char* name) { return QStringLiteral(PLANSCOPE_SHARED_DIR "/models/") + QString::fromUtf8(name); }

QStringList settings(const QString& m) {
    if (m.endsWith(QLatin1String("stories260K.gguf")))
        return {QStringLiteral("--ctx"), QStringLiteral("512"), QStringLiteral("--batch"), QStringLiteral("8"),
                QStringLiteral("--ubatch"), QStringLiteral("8")};
    return {QStringLiteral("--ctx"), QStringLiteral("4096"), QStringLiteral("--batch"), QStringLiteral("512")};
}

// "N bytes" after `prefix` on the line that starts with it, or -1.
qint64 bytes_after(const QString& out, const QString& prefix) {
    const QString l = line_starting(out, prefix);
    if (l.isEmpty()) return -1;
    return l.mid(prefix.size()).section(QLatin1Char(' '), 0, 0).toLongLong();
}

QJsonObject json_file(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

} // namespace

class TestCliDevices : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void planEqualsFit_data();
    void planEqualsFit();
    void exportPlan_data();
    void exportPlan();
    void splitDiagram();
    void estimatedTrace_data();
    void estimatedTrace();
    void runRefusesProfiles();
    void badInput_data();
    void badInput();

private:
    QTemporaryDir m_dir;
    // The profile a row names: a preset, or one of the variants of cuda-24gb written in initTestCase.
    [[nodiscard]] QString profile(const QString& name) const {
        return name.endsWith(QLatin1String(".json")) ? m_dir.filePath(name) : name;
    }
    void addRows();
};

// Variants of the CUDA 24 GB preset: CUDA0's buffer type aligned to 32 instead of 128, at most
// 160 KiB a buffer, and SOFT_MAX refused (a rule ahead of the preset's).
void TestCliDevices::initTestCase() {
    QVERIFY(m_dir.isValid());
    QFile preset(QStringLiteral(PLANSCOPE_SOURCE_DIR "/resources/devices/cuda-24gb.json"));
    QVERIFY(preset.open(QIODevice::ReadOnly));
    const QJsonObject base = QJsonDocument::fromJson(preset.readAll()).object();
    QVERIFY(!base.isEmpty());
    const auto write = [&](const QString& name, const QJsonObject& o) {
        QFile f(m_dir.filePath(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(o).toJson());
    };
    const auto with_buffer = [&](const char* key, const QJsonValue& v) {
        QJsonObject o = base, b = base.value(QLatin1String("buffer")).toObject();
        b.insert(QLatin1String(key), v);
        o.insert(QLatin1String("buffer"), b);
        return o;
    };
    write(QStringLiteral("align32.json"), with_buffer("alignment", 32));
    write(QStringLiteral("max160k.json"), with_buffer("max_size", 160 * 1024));
    QJsonObject no_soft_max = base;
    QJsonArray rules = base.value(QLatin1String("supports")).toArray();
    rules.prepend(QJsonObject{{QStringLiteral("op"), QStringLiteral("SOFT_MAX")}, {QStringLiteral("supported"), false}});
    no_soft_max.insert(QLatin1String("supports"), rules);
    write(QStringLiteral("no-soft-max.json"), no_soft_max);
    QJsonObject no_tflops = base;
    no_tflops.insert(QLatin1String("compute_tflops"), QJsonValue::Null);
    write(QStringLiteral("no-tflops.json"), no_tflops);
}

void TestCliDevices::addRows() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("device");
    QTest::addColumn<int>("splits");
    QTest::addColumn<qint64>("cuda");
    QTest::addColumn<qint64>("cpu");
    QTest::addColumn<QString>("buffers"); // NAME:SIZE:ALIGNMENT of every compute buffer in the export
    QTest::addColumn<int>("copies");
    const QString stories = model("stories260K.gguf");
    // Every layer on CUDA0: the token embeddings' GET_ROWS on the CPU, then one split on CUDA0
    // with six input copies (the embeddings, the positions, the KV indices, the mask, the outputs).
    QTest::newRow("stories cuda-24gb") << stories << "cuda-24gb" << 2 << qint64{188928} << qint64{20704}
                                       << "CPU compute:20704:32 CUDA0 compute:188928:128" << 6;
    // The same tensors at 32-byte offsets: 320 bytes of CUDA0's padding go; the CPU's is the same.
    QTest::newRow("stories align 32") << stories << "align32.json" << 2 << qint64{188608} << qint64{20704}
                                      << "CPU compute:20704:32 CUDA0 compute:188608:32" << 6;
    // Over 160 KiB the allocator opens a second chunk: 57,856 + 131,072 bytes (kq-0's 128 KiB
    // and what lives with it), the same 188,928 in all.
    QTest::newRow("stories max 160 KiB") << stories << "max160k.json" << 2 << qint64{188928} << qint64{20704}
                                         << "CPU compute:20704:32 CUDA0 compute:57856:128 CUDA0 compute#1:131072:128" << 6;
    // SOFT_MAX on the CPU: each of the 5 layers leaves CUDA0 for it and comes back (2 + 2 x 5
    // splits); kq goes over and the probabilities come back (10 copies), the mask is read where it
    // is (5 + 10 copies); the CPU buffer holds kq and its soft_max.
    QTest::newRow("stories no SOFT_MAX") << stories << "no-soft-max.json" << 12 << qint64{172416} << qint64{149728}
                                         << "CPU compute:149728:32 CUDA0 compute:172416:128" << 15;
    QTest::newRow("llama-2-7b cuda-24gb") << model("ggml-vocab-llama-spm.gguf") << "cuda-24gb" << 2 << qint64{97005568}
                                          << qint64{20985856} << "CPU compute:20985856:32 CUDA0 compute:97005568:128" << 6;
}

void TestCliDevices::planEqualsFit_data() { addRows(); }

void TestCliDevices::planEqualsFit() {
    QFETCH(QString, file);
    QFETCH(QString, device);
    QFETCH(int, splits);
    QFETCH(qint64, cuda);
    QFETCH(qint64, cpu);
    const QStringList common = QStringList{file, QStringLiteral("--device"), profile(device)} + settings(file);
    const run_result plan = cli(QStringList{QStringLiteral("plan")} + common);
    QVERIFY2(plan.code == 0, qPrintable(plan.err));
    QVERIFY2(plan.err.isEmpty(), qPrintable(plan.err));
    QCOMPARE(line_starting(plan.out, QStringLiteral("backends:")), QStringLiteral("backends: CUDA0 CPU"));
    QCOMPARE(line_starting(plan.out, QStringLiteral("splits:")), QStringLiteral("splits: %1").arg(splits));
    QCOMPARE(bytes_after(plan.out, QStringLiteral("CUDA0: ")), cuda);
    QCOMPARE(bytes_after(plan.out, QStringLiteral("CPU: ")), cpu);
    // fit reserves pp, tg, pp and keeps the largest; here the prompt graph's, the plan's.
    const run_result fit = cli(QStringList{QStringLiteral("fit")} + common);
    QVERIFY2(fit.code == 0, qPrintable(fit.err));
    QCOMPARE(bytes_after(fit.out, QStringLiteral("CUDA0 compute buffer: ")), cuda);
    QCOMPARE(bytes_after(fit.out, QStringLiteral("CPU compute buffer: ")), cpu);
    QCOMPARE(line_starting(fit.out, QStringLiteral("graph nodes:")).section(QLatin1Char(','), 1, 1).section(QLatin1Char(' '), 2, 2),
             QString::number(splits));
}

void TestCliDevices::exportPlan_data() { addRows(); }

void TestCliDevices::exportPlan() {
    QFETCH(QString, file);
    QFETCH(QString, device);
    QFETCH(QString, buffers);
    QFETCH(int, copies);
    const QString out = m_dir.filePath(QStringLiteral("plan.json"));
    const run_result r = cli(QStringList{QStringLiteral("export"), file, QStringLiteral("--device"), profile(device),
                                         QStringLiteral("--what"), QStringLiteral("plan"), QStringLiteral("-o"), out} +
                             settings(file));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject root = json_file(out);
    QCOMPARE(root.value(QLatin1String("ggml")).toString(), QStringLiteral("2026"));
    QStringList got;
    std::map<QString, QJsonObject> by_name;
    for (const auto& v : root.value(QLatin1String("buffers")).toArray()) {
        const QJsonObject b = v.toObject();
        const QString name = b.value(QLatin1String("name")).toString();
        by_name[name] = b;
        if (name.contains(QLatin1String(" compute")))
            got << QStringLiteral("%1:%2:%3").arg(name).arg(b.value(QLatin1String("size")).toInteger())
                       .arg(b.value(QLatin1String("alignment")).toInteger());
    }
    QCOMPARE(got.join(QLatin1Char(' ')), buffers);
    int n_copies = 0;
    for (const auto& v : root.value(QLatin1String("tensors")).toArray()) {
        const QJsonObject t = v.toObject();
        const QString role = t.value(QLatin1String("role")).toString(), name = t.value(QLatin1String("name")).toString();
        n_copies += role == QLatin1String("copy");
        if (role == QLatin1String("leaf") || t.value(QLatin1String("buffer")).isNull()) continue;
        // A node or copy lives in memory of the device that runs it, at its buffer's alignment.
        const QJsonObject& b = by_name[t.value(QLatin1String("buffer")).toString()];
        QVERIFY2(b.value(QLatin1String("backend")) == t.value(QLatin1String("backend")), qPrintable(name));
        if (t.value(QLatin1String("view_of")).isNull())
            QVERIFY2(t.value(QLatin1String("offset")).toInteger() % b.value(QLatin1String("alignment")).toInteger() == 0,
                     qPrintable(name));
        QVERIFY2(t.value(QLatin1String("offset")).toInteger() + t.value(QLatin1String("size")).toInteger() <=
                     b.value(QLatin1String("size")).toInteger(),
                 qPrintable(name));
    }
    QCOMPARE(n_copies, copies);
}

// The split diagram of a device plan: the devices in the legend and the clusters, each tensor at
// its device's compute buffer (none in a single "compute" buffer).
void TestCliDevices::splitDiagram() {
    const QString out = m_dir.filePath(QStringLiteral("splits.dot"));
    const QString file = model("stories260K.gguf");
    const run_result r = cli(QStringList{QStringLiteral("export"), file, QStringLiteral("--device"), QStringLiteral("cuda-24gb"),
                                         QStringLiteral("--what"), QStringLiteral("splits"), QStringLiteral("-o"), out} +
                             settings(file));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString dot = QString::fromUtf8(f.readAll());
    QVERIFY(dot.contains(QLatin1String(">CUDA0</td>")));
    QVERIFY(dot.contains(QStringLiteral("split #0 · CPU · ")));
    QVERIFY(dot.contains(QStringLiteral("split #1 · CUDA0 · 6 inputs")));
    QVERIFY(!dot.contains(QLatin1String("subgraph cluster_2 ")));
    QVERIFY(dot.contains(QLatin1String("@ CUDA0 compute+")));
    QVERIFY(dot.contains(QLatin1String("@ CPU compute+")));
    QVERIFY(!dot.contains(QLatin1String("@ compute+")));
}

// stories260K's prompt graph (8 tokens, n_kv 512, flash attention off) by the FLOP model of
// docs/exports.md: per layer 1,951,712 FLOPs (the q, k, v, o, up, gate and down matmuls 724,992,
// KQ and KQV 524,288 each, the softmax 163,840, norms, rope, SWIGLU and adds 14,304), the output's
// norm and matmul 526,336: 10,284,896 in all. The CPU's split is the embeddings' GET_ROWS (no
// FLOPs, no time, no CPU figure needed); CUDA0 computes the rest at 82.6 TFLOPS after copying
// 18,624 bytes at 25 GB/s (0.74496 µs). Two GPUs split the layers 2 and 3 by free memory, the
// output on the second (at 66.9 TFLOPS); CUDA0's l_out-1 goes to CUDA1 at the slower card's
// 25 GB/s (0.08192 µs), CUDA1's inputs from the CPU at its own 50 GB/s.
// The CPU alone (--ngl 0) needs --cpu-tflops.
void TestCliDevices::estimatedTrace_data() {
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<QString>("layout");  // per split: BACKEND:FLOPS
    QTest::addColumn<int>("copies");
    QTest::addColumn<double>("copy_us");  // every copy together
    QTest::addColumn<double>("total_us"); // the end of the last slice
    const QString dev = QStringLiteral("--device");
    QTest::newRow("cuda-24gb") << QStringList{dev, "cuda-24gb"} << "CPU:0 CUDA0:10284896" << 6 << 0.74496
                               << 0.74496 + 10284896 / 82.6e6;
    QTest::newRow("cpu alone") << QStringList{dev, "cuda-24gb", "--ngl", "0", "--cpu-tflops", "1.5"} << "CPU:10284896" << 0
                               << 0.0 << 10284896 / 1.5e6;
    QTest::newRow("two gpus") << QStringList{dev, "cuda-24gb", dev, "cuda-80gb"} << "CPU:0 CUDA0:3903424 CUDA1:6381472" << 11
                              << 1.15712 << 1.15712 + 3903424 / 82.6e6 + 6381472 / 66.9e6;
}

void TestCliDevices::estimatedTrace() {
    QFETCH(QStringList, flags);
    QFETCH(QString, layout);
    QFETCH(int, copies);
    QFETCH(double, copy_us);
    QFETCH(double, total_us);
    const QString out = m_dir.filePath(QStringLiteral("trace.json"));
    const QString file = model("stories260K.gguf");
    const run_result r = cli(QStringList{QStringLiteral("export"), file, QStringLiteral("--what"), QStringLiteral("trace"),
                                         QStringLiteral("-o"), out} + flags + settings(file));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.err.isEmpty());
    const QJsonObject root = json_file(out);
    QVERIFY(root.value(QLatin1String("otherData")).toObject().value(QLatin1String("estimated")).toBool());
    std::map<int, QString> tracks;
    QStringList splits;
    int n_copies = 0;
    double copied = 0, end = 0;
    for (const auto& v : root.value(QLatin1String("traceEvents")).toArray()) {
        const QJsonObject e = v.toObject();
        const QJsonObject args = e.value(QLatin1String("args")).toObject();
        const QString name = e.value(QLatin1String("name")).toString();
        if (name == QLatin1String("process_name"))
            QCOMPARE(args.value(QLatin1String("name")).toString(), QStringLiteral("planscope stories260K.gguf (estimated)"));
        if (name == QLatin1String("thread_name")) tracks[e.value(QLatin1String("tid")).toInt()] = args.value(QLatin1String("name")).toString();
        if (e.value(QLatin1String("ph")).toString() != QLatin1String("X")) continue;
        QVERIFY2(args.value(QLatin1String("estimated")).toBool(), qPrintable(name));
        const double dur = e.value(QLatin1String("dur")).toDouble();
        end = std::max(end, e.value(QLatin1String("ts")).toDouble() + dur);
        if (e.value(QLatin1String("cat")).toString() == QLatin1String("copy")) {
            ++n_copies;
            copied += dur;
            continue;
        }
        splits << QStringLiteral("%1:%2").arg(tracks[e.value(QLatin1String("tid")).toInt()]).arg(args.value(QLatin1String("flops")).toInteger());
    }
    QCOMPARE(splits.join(QLatin1Char(' ')), layout);
    QCOMPARE(n_copies, copies);
    QVERIFY2(std::abs(copied - copy_us) < 1e-9, qPrintable(QString::number(copied, 'g', 17)));
    QVERIFY2(std::abs(end - total_us) < 1e-9, qPrintable(QString::number(end, 'g', 17)));
}

void TestCliDevices::runRefusesProfiles() {
    const QString file = model("stories260K.gguf");
    const run_result r = cli({QStringLiteral("run"), file, QStringLiteral("--device"), QStringLiteral("cuda-24gb"),
                              QStringLiteral("--tokens"), QStringLiteral("1,2")});
    QCOMPARE(r.code, 1);
    QVERIFY(r.out.isEmpty());
    QCOMPARE(r.err, QStringLiteral("error: %1: run executes on real backends only (cpu, opencl); CUDA0 is a device profile\n").arg(file));
}

void TestCliDevices::badInput_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("line"); // stderr's first line
    const QString m = model("stories260K.gguf");
    const QString dev = QStringLiteral("--device"), cuda = QStringLiteral("cuda-24gb");
    QTest::newRow("plan 2023") << QStringList{"plan", m, dev, cuda, "--ggml", "2023"} << 2
                               << "usage error: --device plans with llama.cpp da46e59c's scheduler (--ggml 2026), not '2023'";
    QTest::newRow("plan peak") << QStringList{"plan", m, dev, cuda, "--peak"} << 2
                               << "usage error: --peak: plan --device takes the placement flags, the model options, --format and --causes";
    QTest::newRow("plan template") << QStringList{"plan", "template:llama", dev, cuda} << 2
                                   << "usage error: --device plans a .gguf model or a capture, not 'template:llama'";
    QTest::newRow("plan unknown profile") << QStringList{"plan", m, dev, "tpu-9000"} << 1
                                          << "error: unknown device 'tpu-9000'; presets: cuda-24gb, cuda-80gb, metal-m2-max, rocm-24gb, vulkan-igpu";
    QTest::newRow("export graph") << QStringList{"export", m, dev, cuda, "--what", "graph", "-o", "x.json"} << 2
                                  << "usage error: --device: device profiles are planned, never run: --what plan, splits or trace (estimated)";
    QTest::newRow("cpu-tflops with plan") << QStringList{"export", m, dev, cuda, "--what", "plan", "--cpu-tflops", "1", "-o", "x.json"} << 2
                                          << "usage error: --cpu-tflops goes with --device PROFILE --what trace (the estimated trace)";
    QTest::newRow("cpu-tflops zero") << QStringList{"export", m, dev, cuda, "--what", "trace", "--cpu-tflops", "0", "-o", "x.json"} << 2
                                     << "usage error: --cpu-tflops takes a positive number of TFLOPS, not '0'";
    // Every layer on the CPU, which has no peak of its own.
    QTest::newRow("trace cpu without tflops")
        << QStringList{"export", m, dev, cuda, "--ngl", "0", "--what", "trace", "-o", m_dir.filePath("x.json")} << 1
        << "error: " + m + ": CPU: no compute_tflops for estimated times (split #0: 10284896 FLOPs); give the host's peak with --cpu-tflops T";
    QTest::newRow("trace gpu without tflops")
        << QStringList{"export", m, dev, profile("no-tflops.json"), "--what", "trace", "-o", m_dir.filePath("x.json")} << 1
        << "error: " + m + ": CUDA0: no compute_tflops for estimated times (split #1: 10284896 FLOPs)";
    // Metal's copies have no bandwidth in the preset (unified memory; docs/devices.md).
    QTest::newRow("trace without copy_gbps")
        << QStringList{"export", m, dev, "metal-m2-max", "--what", "trace", "-o", m_dir.filePath("x.json")} << 1
        << "error: " + m + ": MTL0: no copy_gbps for estimated times (split #1 copies 2048 bytes of 'embd' from CPU)";
    QTest::newRow("export planner") << QStringList{"export", m, dev, cuda, "--what", "plan", "--planner", "best", "-o", "x.json"} << 2
                                    << "usage error: --device is the scheduler's plan, each buffer type as its profile has it: no --planner, --alignment or --max-buffer-size";
    QTest::newRow("export 2023") << QStringList{"export", m, dev, cuda, "--what", "plan", "--ggml", "2023", "-o", "x.json"} << 2
                                 << "usage error: --device plans with llama.cpp da46e59c's scheduler: --ggml 2026";
}

void TestCliDevices::badInput() {
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, line);
    const run_result r = cli(args);
    QCOMPARE(r.code, code);
    QVERIFY(r.out.isEmpty());
    QCOMPARE(r.err.section(QLatin1Char('\n'), 0, 0), line);
    if (code == 1) QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
}

QTEST_APPLESS_MAIN(TestCliDevices)
#include "test_cli_devices.moc"
