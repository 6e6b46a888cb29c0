// planscope-cli fit: llama.cpp's memory breakdown per device for the Llama-2-7B shape (the
// vocab-only file's f16 placeholders, n_ctx 4096, n_batch = n_ubatch 512) alone on the CPU and on
// a 24 GB CUDA preset, the verdicts, --find, a profile file, this machine's OpenCL device
// (`--device opencl`, PoCL in CI), and each bad input as one line.
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"

namespace {

QString model(const char* name) { return QStringLiteral(PLANSCOPE_SHARED_DIR "/models/") + QString::fromUtf8(name); }

QStringList llama7b(QStringList more) {
    return QStringList{QStringLiteral("fit"), model("ggml-vocab-llama-spm.gguf"), QStringLiteral("--ctx"),
                       QStringLiteral("4096"), QStringLiteral("--batch"), QStringLiteral("512")} +
           more;
}

} // namespace

class TestCliFit : public QObject {
    Q_OBJECT
private slots:
    void cpu_alone_is_llama_cpp();
    void one_cuda_card();
    void two_cards_of_one_preset();
    void find_ngl_on_a_small_card();
    void profile_file();
    void opencl_device();
    void bad_input_data();
    void bad_input();
};

void TestCliFit::cpu_alone_is_llama_cpp() {
    const run_result r = cli(llama7b({QStringLiteral("--flash-attn"), QStringLiteral("off")}));
    QCOMPARE(r.code, 0);
    QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    // llama.cpp da46e59c's reserve for this shape: 1,158 nodes, 335,554,560 bytes.
    QCOMPARE(line_starting(r.out, QStringLiteral("graph nodes:")), QStringLiteral("graph nodes: 1158, splits: 1 (with bs=1: 1158, 1)"));
    QCOMPARE(line_starting(r.out, QStringLiteral("CPU compute buffer:")),
             QStringLiteral("CPU compute buffer: 335554560 bytes (320.01 MiB)"));
    QCOMPARE(line_starting(r.out, QStringLiteral("  CPU_Mapped")),
             QStringLiteral("  CPU_Mapped   model 13477363712, context 0, compute 0"));
    QCOMPARE(line_starting(r.out, QStringLiteral("  CPU ")),
             QStringLiteral("  CPU          model 0, context 2147483648, compute 335554560"));
}

void TestCliFit::one_cuda_card() {
    const run_result r = cli(llama7b({QStringLiteral("--device"), QStringLiteral("cuda-24gb")}));
    QCOMPARE(r.code, 0);
    QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    // Every layer and the output on CUDA0: all weights but the token embeddings (32000 x 4096
    // halves stay mapped on the host), the whole KV cache.
    QCOMPARE(line_starting(r.out, QStringLiteral("  CUDA0        model")),
             QStringLiteral("  CUDA0        model 13215219712, context 2147483648, compute 97005568"));
    QCOMPARE(line_starting(r.out, QStringLiteral("  CPU_Mapped")),
             QStringLiteral("  CPU_Mapped   model 262144000, context 0, compute 0"));
    // The CPU's compute buffer is CUDA's pinned host buffer type.
    QVERIFY(line_starting(r.out, QStringLiteral("  CUDA_Host")).startsWith(QStringLiteral("  CUDA_Host    model 0, context 0, compute ")));
    QVERIFY(line_starting(r.out, QStringLiteral("  CUDA0 (")).endsWith(QStringLiteral("fits, 9.1 GiB free")));
    QCOMPARE(r.out.trimmed().split(QLatin1Char('\n')).constLast(), QStringLiteral("fits (margin 1024.00 MiB a device)"));
}

void TestCliFit::two_cards_of_one_preset() {
    const run_result r = cli(llama7b({QStringLiteral("--device"), QStringLiteral("cuda-24gb"), QStringLiteral("--device"),
                                      QStringLiteral("cuda-24gb")}));
    QCOMPARE(r.code, 0);
    // The second card is CUDA1, as ggml numbers a backend's devices; every layer offloaded over
    // two GPUs: pipeline parallelism, 4 copies of the inputs.
    QVERIFY(line_starting(r.out, QStringLiteral("llama.cpp da46e59c:")).endsWith(QStringLiteral("sched copies 4")));
    QVERIFY(!line_starting(r.out, QStringLiteral("  CUDA1        model")).isEmpty());
    QVERIFY(!line_starting(r.out, QStringLiteral("CUDA1 compute buffer: ")).isEmpty());
}

void TestCliFit::find_ngl_on_a_small_card() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // An 8 GiB card, CUDA's buffer types (docs/devices.md).
    const QString path = dir.filePath(QStringLiteral("small.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "planscope-device", "version": 1, "name": "CUDA0", "kind": "gpu",
 "memory": {"total": 8589934592, "free": 8589934592},
 "buffer": {"name": "CUDA0", "alignment": 128, "quantized_row_padding": 512},
 "host_buffer": {"name": "CUDA_Host", "alignment": 32, "host": true},
 "offload": {"min_batch_size": 32}})");
    f.close();
    const run_result r = cli(llama7b({QStringLiteral("--device"), path, QStringLiteral("--find"), QStringLiteral("ngl")}));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QString best = line_starting(r.out, QStringLiteral("best ngl: "));
    QVERIFY2(best.contains(QStringLiteral(" plans)")), qPrintable(r.out));
    const int ngl = best.section(QLatin1Char(' '), 2, 2).toInt();
    QVERIFY(ngl > 0 && ngl < 33);
    QCOMPARE(r.out.trimmed().split(QLatin1Char('\n')).constLast(), QStringLiteral("fits (margin 1024.00 MiB a device)"));
    // One layer more does not fit: CUDA0's verdict is no longer "fits".
    const run_result over = cli(llama7b({QStringLiteral("--device"), path, QStringLiteral("--ngl"), QString::number(ngl + 1)}));
    QCOMPARE(over.code, 0);
    QCOMPARE(over.out.trimmed().split(QLatin1Char('\n')).constLast(), QStringLiteral("does not fit (margin 1024.00 MiB a device)"));
    const QString card = line_starting(over.out, QStringLiteral("  CUDA0  "));
    QVERIFY2(card.contains(QStringLiteral("  within the margin: ")) || card.contains(QStringLiteral("  over by ")), qPrintable(card));
    // llama.cpp's own --fit (common_params_fit) lands on the same layer count, its log first.
    const run_result fit = cli(llama7b({QStringLiteral("--device"), path, QStringLiteral("--fit")}));
    QCOMPARE(fit.code, 0);
    QCOMPARE(line_starting(fit.out, QStringLiteral("fit succeeded")),
             QStringLiteral("fit succeeded (6 plans): n_ctx 4096, n_gpu_layers %1, 0 overrides").arg(ngl));
    QVERIFY(fit.out.contains(QStringLiteral("common_fit_params: successfully fit params to free device memory")));
}

void TestCliFit::profile_file() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("bad.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "planscope-device", "version": 1, "name": "X", "kind": "tpu"})");
    f.close();
    const run_result r = cli(llama7b({QStringLiteral("--device"), path}));
    QCOMPARE(r.code, 1);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.startsWith(QStringLiteral("error: ") + path + QStringLiteral(": ")), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
}

void TestCliFit::opencl_device() {
    const run_result r = cli({QStringLiteral("fit"), model("stories260K.gguf"), QStringLiteral("--device"), QStringLiteral("opencl")});
    const QString first = r.err.section(QLatin1Char('\n'), 0, 0);
    if (r.code == 1 && first.startsWith(QStringLiteral("error: device 'opencl': ")) &&
        (first.contains(QStringLiteral("has no OpenCL backend")) || first.contains(QStringLiteral("no platform found")) ||
         first.contains(QStringLiteral("no device found"))))
        QSKIP(qPrintable(first));
    QCOMPARE(r.code, 0);
    QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    // Every layer and the output on the device named as the OpenCL backend is; the token embeddings
    // stay mapped on the host, so the prompt graph's GET_ROWS is a CPU split. PoCL's buffers are
    // aligned to 128 bytes (CL_DEVICE_MEM_BASE_ADDR_ALIGN 1024 bits).
    QCOMPARE(line_starting(r.out, QStringLiteral("graph nodes:")), QStringLiteral("graph nodes: 161, splits: 2 (with bs=1: 161, 2)"));
    QCOMPARE(line_starting(r.out, QStringLiteral("OpenCL compute buffer:")),
             QStringLiteral("OpenCL compute buffer: 3559424 bytes (3.39 MiB)"));
    QCOMPARE(line_starting(r.out, QStringLiteral("  OpenCL       model")),
             QStringLiteral("  OpenCL       model 1040128, context 1310720, compute 3559424"));
    QCOMPARE(line_starting(r.out, QStringLiteral("  CPU_Mapped")), QStringLiteral("  CPU_Mapped   model 131072, context 0, compute 0"));
    // The breakdown names the device as opencl_device_name does: "CL_DEVICE_NAME (platform)".
    const QString device = line_starting(r.out, QStringLiteral("  OpenCL ("));
    QVERIFY2(device.contains(QStringLiteral(")) ")) && device.endsWith(QStringLiteral(" GiB free")), qPrintable(r.out));
    QCOMPARE(r.out.trimmed().split(QLatin1Char('\n')).constLast(), QStringLiteral("fits (margin 1024.00 MiB a device)"));
}

void TestCliFit::bad_input_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("line");
    const QString m = model("ggml-vocab-llama-spm.gguf");
    QTest::newRow("unknown device") << QStringList{QStringLiteral("fit"), m, QStringLiteral("--device"), QStringLiteral("tpu-9000")} << 1
                                    << QStringLiteral("error: unknown device 'tpu-9000'; presets: cuda-24gb, cuda-80gb, metal-m2-max, rocm-24gb, vulkan-igpu");
    QTest::newRow("bad ngl") << QStringList{QStringLiteral("fit"), m, QStringLiteral("--ngl"), QStringLiteral("x")} << 2
                             << QStringLiteral("usage error: --ngl takes -1 (all) or a count of layers, not 'x'");
    QTest::newRow("bad find") << QStringList{QStringLiteral("fit"), m, QStringLiteral("--find"), QStringLiteral("vram")} << 2
                              << QStringLiteral("usage error: --find takes ngl, ctx, n-cpu-moe or auto, not 'vram'");
    QTest::newRow("no experts") << QStringList{QStringLiteral("fit"), m, QStringLiteral("--find"), QStringLiteral("n-cpu-moe")} << 1
                                << QStringLiteral("error: ") + m + QStringLiteral(": --find n-cpu-moe: the model has no experts");
    QTest::newRow("not a model") << QStringList{QStringLiteral("fit"), QStringLiteral("graph.json")} << 2
                                 << QStringLiteral("usage error: fit takes a .gguf model, not 'graph.json'");
    QTest::newRow("split over devices") << QStringList{QStringLiteral("fit"), m, QStringLiteral("--device"), QStringLiteral("cuda-24gb"),
                                                       QStringLiteral("--tensor-split"), QStringLiteral("1,1,1")} << 1
                                        << QString();
}

void TestCliFit::bad_input() {
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, line);
    const run_result r = cli(args);
    QCOMPARE(r.code, code);
    QVERIFY(r.out.isEmpty());
    const QString first = r.err.section(QLatin1Char('\n'), 0, 0);
    if (!line.isEmpty()) QCOMPARE(first, line);
    else QVERIFY2(first.startsWith(QStringLiteral("error: ")), qPrintable(r.err));
    if (code == 1) QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
}

QTEST_APPLESS_MAIN(TestCliFit)
#include "test_cli_fit.moc"
