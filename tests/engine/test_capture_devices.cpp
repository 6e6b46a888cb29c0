// A captured graph re-planned on device profiles (source/capture_devices.h, issue 39's what-if):
// llama.cpp da46e59c's own graphs of stories260K (tests/data/capture/llama-cpp-stories260K.pscap)
// and of four zoo models (llama-cpp-zoo.pscap: tied embeddings and rope_freqs, gemma3's sliding
// window, two MoE) placed and split on GPUs they never ran on give what Planscope's
// model-on-devices plan of the same model and settings gives (llm_context/llm_device_plan.h, itself
// checked against llama.cpp's source): every node on the same backend, the same splits, each
// compute buffer to the byte, the leafs in ggml's order and names (a tied token_embd and
// rope_freqs parted over two devices, as llama.cpp loads them).
#include "device/device_presets.h"
#include "llm_context/llm_device_plan.h"
#include "models/gguf.h"
#include "sched/recorded_schedule.h"
#include "source/capture_devices.h"

#include "model_zoo.h"

#include <QtTest>

using namespace planscope;

namespace {

constexpr auto capturePath = PLANSCOPE_SOURCE_DIR "/tests/data/capture/llama-cpp-stories260K.pscap";
constexpr auto twoBackendsPath = PLANSCOPE_SOURCE_DIR "/tests/data/capture/two_backends.pscap";
constexpr auto storiesPath = PLANSCOPE_SHARED_DIR "/models/stories260K.gguf";
constexpr auto zooCapturePath = PLANSCOPE_SOURCE_DIR "/tests/data/capture/llama-cpp-zoo.pscap";

llm_device_request request(const QStringList& presets, int ngl, bool kvOffload, std::vector<float> split) {
    llm_device_request r;
    r.devices.cpu = cpu_device_profile();
    for (const QString& p : presets) {
        auto d = device_preset(p.toStdString());
        if (!d) qFatal("%s", d.err().message.c_str());
        r.devices.gpus.push_back(std::move(*d));
    }
    number_devices_like_ggml(r.devices.gpus);
    r.placement.n_gpu_layers = ngl;
    r.placement.offload_kqv = kvOffload;
    r.placement.tensor_split = std::move(split);
    return r;
}

llm_context_params contextOf(std::uint32_t n_ctx, std::uint32_t n_batch, bool flashAttn) {
    llm_context_params cp;
    cp.n_ctx = n_ctx;
    cp.n_batch = n_batch;
    cp.n_ubatch = n_batch;
    cp.flash_attn = flashAttn ? llm_flash_attn::on : llm_flash_attn::off;
    return cp;
}

// The capture on the devices against the model on them: backends, splits, each node's backend by
// position, the leafs' names in order, each compute buffer (`compute`: the expected sizes).
void compareWithModel(const opened_source& captured, const gguf_file& gguf, const llm_context_params& cp,
                      const llm_device_request& r, int splits, const std::vector<qulonglong>& compute) {
    auto own = llm_device_plan(gguf, cp, r.devices, r.placement, r.op_offload);
    QVERIFY2(own, own ? "" : own.err().message.c_str());
    const sched_outcome& a = captured.recorded->outcome;
    const sched_outcome& b = own->scheduled;
    QCOMPARE(a.backend_names, b.backend_names);
    QCOMPARE(static_cast<int>(a.plan.splits.size()), splits);
    QCOMPARE(a.plan.splits.size(), b.plan.splits.size());
    const graph_document& ga = captured.doc;
    const graph_document& gb = own->graph;
    QCOMPARE(ga.g.nodes.size(), gb.g.nodes.size());
    for (std::size_t i = 0; i < ga.g.nodes.size(); ++i) {
        const QByteArray where = "node " + QByteArray::number(static_cast<qulonglong>(i)) + " " +
                                 QByteArray::fromStdString(ga.ctx[ga.g.nodes[i]].name);
        QVERIFY2(a.plan.backend(ga.g.nodes[i]) == b.plan.backend(gb.g.nodes[i]), where.constData());
    }
    QCOMPARE(ga.g.leafs.size(), gb.g.leafs.size());
    for (std::size_t i = 0; i < ga.g.leafs.size(); ++i)
        QCOMPARE(ga.ctx[ga.g.leafs[i]].name, gb.ctx[gb.g.leafs[i]].name);
    QCOMPARE(a.buffers.size(), compute.size());
    for (std::size_t i = 0; i < compute.size(); ++i) {
        QCOMPARE(static_cast<qulonglong>(a.buffers[i].size), compute[i]);
        QCOMPARE(a.buffers[i].size, b.buffers[i].size);
    }
}

} // namespace

class TestCaptureDevices : public QObject {
    Q_OBJECT

private slots:
    void equalsModelOnDevices_data();
    void equalsModelOnDevices();
    void zooEqualsModelOnDevices_data();
    void zooEqualsModelOnDevices();
    void unnamedTensorsOnTheCpu();
    void refusedPlacement();
};

void TestCaptureDevices::equalsModelOnDevices_data() {
    QTest::addColumn<QString>("record");
    QTest::addColumn<bool>("flashAttn");
    QTest::addColumn<QStringList>("gpus");
    QTest::addColumn<int>("ngl");
    QTest::addColumn<bool>("kvOffload");
    QTest::addColumn<std::vector<float>>("split");
    QTest::addColumn<int>("splits");
    QTest::addColumn<std::vector<qulonglong>>("compute"); // each backend's, the GPUs then the CPU
    const QStringList one{"cuda-24gb"}, two{"cuda-24gb", "cuda-24gb"};
    QTest::newRow("pp, one GPU") << "#0:0" << false << one << -1 << true << std::vector<float>{} << 2
                                 << std::vector<qulonglong>{158080, 22688};
    QTest::newRow("pp, two GPUs, pipeline") << "#0:0" << false << two << -1 << true << std::vector<float>{} << 3
                                            << std::vector<qulonglong>{222208, 222720, 78464};
    QTest::newRow("pp, two GPUs 1:3") << "#0:0" << false << two << -1 << true << std::vector<float>{1, 3} << 3
                                      << std::vector<qulonglong>{222208, 222720, 78464};
    QTest::newRow("pp, 3 layers offloaded") << "#0:0" << false << one << 3 << true << std::vector<float>{} << 2
                                            << std::vector<qulonglong>{158080, 159904};
    QTest::newRow("pp, KV cache on the host") << "#0:0" << false << one << -1 << false << std::vector<float>{} << 12
                                              << std::vector<qulonglong>{221312, 22688};
    QTest::newRow("pp, Metal") << "#0:0" << false << QStringList{"metal-m2-max"} << -1 << true << std::vector<float>{}
                               << 2 << std::vector<qulonglong>{157824, 22688};
    QTest::newRow("pp, Vulkan iGPU") << "#0:0" << false << QStringList{"vulkan-igpu"} << -1 << true
                                     << std::vector<float>{} << 2 << std::vector<qulonglong>{157824, 45056};
    QTest::newRow("fa on, ROCm") << "#1:0" << true << QStringList{"rocm-24gb"} << -1 << true << std::vector<float>{}
                                 << 12 << std::vector<qulonglong>{23040, 80096};
    QTest::newRow("fa on, CUDA + ROCm") << "#1:0" << true << QStringList{"cuda-80gb", "rocm-24gb"} << -1 << true
                                        << std::vector<float>{} << 13 << std::vector<qulonglong>{73856, 26624, 1389440};
}

void TestCaptureDevices::equalsModelOnDevices() {
    QFETCH(QString, record);
    QFETCH(bool, flashAttn);
    QFETCH(QStringList, gpus);
    QFETCH(int, ngl);
    QFETCH(bool, kvOffload);
    QFETCH(std::vector<float>, split);
    QFETCH(int, splits);
    QFETCH(std::vector<qulonglong>, compute);
    const llm_device_request r = request(gpus, ngl, kvOffload, split);
    auto captured = open_capture_on_devices(capturePath + record.toStdString(), r);
    QVERIFY2(captured, captured ? "" : captured.err().message.c_str());
    QVERIFY(captured->recorded);
    QCOMPARE(captured->recorded->origin, recorded_origin::devices);
    QVERIFY(captured->warnings.empty()); // every weight and cache is one llama.cpp names

    auto gguf = open_gguf(storiesPath);
    QVERIFY(gguf);
    compareWithModel(*captured, *gguf, contextOf(512, 8, flashAttn), r, splits, compute);
}

void TestCaptureDevices::zooEqualsModelOnDevices_data() {
    QTest::addColumn<int>("run");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QStringList>("gpus");
    QTest::addColumn<int>("ngl");
    QTest::addColumn<int>("splits");
    QTest::addColumn<std::vector<qulonglong>>("compute");
    const QStringList one{"cuda-24gb"}, two{"cuda-24gb", "rocm-24gb"};
    // A tied token_embd: the input's on the CPU, the output's on the GPU (two tensors).
    QTest::newRow("llama32-tied, one GPU") << 0 << "llama32-tied" << one << -1 << 2
                                           << std::vector<qulonglong>{102784, 28992};
    // rope_freqs in CUDA0 and in ROCm0, token_embd's output in ROCm0.
    QTest::newRow("llama32-tied, CUDA + ROCm") << 0 << "llama32-tied" << two << -1 << 3
                                               << std::vector<qulonglong>{181248, 177664, 91392};
    QTest::newRow("llama32-tied, 1 layer") << 0 << "llama32-tied" << one << 1 << 2
                                           << std::vector<qulonglong>{20480, 106816};
    QTest::newRow("gemma3, CUDA + ROCm") << 1 << "gemma3" << two << -1 << 3
                                         << std::vector<qulonglong>{181248, 264192, 173824};
    QTest::newRow("gemma3, 1 layer") << 1 << "gemma3" << one << 1 << 26 << std::vector<qulonglong>{20480, 125376};
    QTest::newRow("qwen3moe, 1 layer") << 2 << "qwen3moe" << one << 1 << 10 << std::vector<qulonglong>{32896, 115008};
    QTest::newRow("gpt-oss, CUDA + ROCm") << 3 << "gpt-oss" << two << -1 << 3
                                          << std::vector<qulonglong>{264192, 36864, 173824};
}

void TestCaptureDevices::zooEqualsModelOnDevices() {
    QFETCH(int, run);
    QFETCH(QString, model);
    QFETCH(QStringList, gpus);
    QFETCH(int, ngl);
    QFETCH(int, splits);
    QFETCH(std::vector<qulonglong>, compute);
    static QTemporaryDir dir;
    const auto zoo = test_models::zoo_model_named(model.toStdString());
    QVERIFY(zoo);
    QVERIFY(test_models::write_zoo_model(*zoo, dir.path().toStdString()).ok());
    auto gguf = open_gguf(dir.filePath(model + QStringLiteral(".gguf")).toStdString());
    QVERIFY(gguf);
    const llm_device_request r = request(gpus, ngl, true, {});
    auto captured = open_capture_on_devices(zooCapturePath + ("#" + std::to_string(run) + ":0"), r);
    QVERIFY2(captured, captured ? "" : captured.err().message.c_str());
    QVERIFY(captured->warnings.empty());
    compareWithModel(*captured, *gguf, contextOf(256, 16, false), r, splits, compute);
}

void TestCaptureDevices::unnamedTensorsOnTheCpu() {
    // A weight "w" llama.cpp never names: on the CPU, said once; its MUL_MAT follows it there.
    auto out = open_capture_on_devices(twoBackendsPath, request({"cuda-24gb"}, -1, true, {}));
    QVERIFY2(out, out ? "" : out.err().message.c_str());
    QCOMPARE(out->warnings.size(), std::size_t{2}); // the first: the file's leafs are the nodes' sources
    QCOMPARE(out->warnings[1], "placed on the CPU, not being a weight or KV cache llama.cpp names (1): w");
    const sched_outcome& s = out->recorded->outcome;
    QCOMPARE(s.backend_names, (std::vector<std::string>{"CUDA0", "CPU"}));
    QCOMPARE(s.plan.splits.size(), std::size_t{1});
    QCOMPARE(s.plan.backend(tensor_id{2}), 1); // mm
}

void TestCaptureDevices::refusedPlacement() {
    auto out = open_capture_on_devices(capturePath, request({"cuda-24gb"}, -1, true, {1, 1}));
    QVERIFY(!out);
    QCOMPARE(QString::fromStdString(out.err().message),
             QString::fromUtf8(capturePath) + QStringLiteral(": line 2: --tensor-split: 2 values for 1 GPU"));
}

QTEST_GUILESS_MAIN(TestCaptureDevices)
#include "test_capture_devices.moc"
