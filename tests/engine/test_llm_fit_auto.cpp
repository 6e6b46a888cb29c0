// llama.cpp's --fit (llm_context/llm_fit_auto.h) on Llama-2-7B's shape (the vocab-only file's f16
// placeholders) and on the shape-only Mixtral-8x7B and Qwen3-30B-A3B zoo models (q4_0), over CUDA
// profiles of 8 to 24 GiB: the parameters common_params_fit_impl picks (n_ctx, n_gpu_layers,
// tensor_split, the overrides it writes), the number of no_alloc loads it makes, a line of its log,
// and that the result fits. Each row follows from fit.cpp's arithmetic on the per-device figures
// llm_fit reports (quoted in the rows' comments from the log); the dense rows are checked to be
// the edge: one layer more is over the target.
#include "device/device_presets.h"
#include "llm_context/llm_fit_auto.h"
#include "model_zoo.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <map>

using namespace planscope;

namespace {

constexpr std::uint64_t gib = 1ull << 30;

const gguf_file& model(const std::string& name) {
    static std::map<std::string, gguf_file> files;
    static QTemporaryDir dir;
    if (auto it = files.find(name); it != files.end()) return it->second;
    std::filesystem::path path = std::filesystem::path(PLANSCOPE_SHARED_DIR) / "models" / "ggml-vocab-llama-spm.gguf";
    if (name != "7b") {
        auto zoo = test_models::zoo_model_named(name);
        if (!zoo) qFatal("no zoo model %s", name.c_str());
        auto written = test_models::write_zoo_model(*zoo, dir.path().toStdString());
        if (!written) qFatal("%s", written.err().message.c_str());
        path = std::filesystem::path(dir.path().toStdString()) / (name + ".gguf");
    }
    auto f = open_gguf(path);
    if (!f) qFatal("%s", f.err().message.c_str());
    return files.emplace(name, std::move(*f)).first->second;
}

// cuda-24gb's buffer types and ops with `gib_free` GiB (total = free), named CUDA<i>.
llm_device_set cards(const QList<int>& sizes, std::uint64_t host = 64 * gib) {
    llm_device_set set;
    set.cpu = cpu_device_profile();
    set.cpu.memory_total = set.cpu.memory_free = host;
    for (int i = 0; i < sizes.size(); ++i) {
        auto d = device_preset("cuda-24gb");
        if (!d) qFatal("%s", d.err().message.c_str());
        d->name = d->buffer.name = "CUDA" + std::to_string(i);
        d->memory_total = d->memory_free = static_cast<std::uint64_t>(sizes[i]) * gib;
        set.gpus.push_back(*d);
    }
    return set;
}

// llama-cli's defaults: the trained context, n_batch 2048, n_ubatch 512.
llm_context_params cli_context() {
    llm_context_params c;
    c.n_ctx = 0;
    return c;
}

QStringList overrides_of(const llm_placement_params& p) {
    QStringList out;
    for (const auto& o : p.overrides) out << QString::fromStdString(o.pattern + "=" + o.buffer_type);
    return out;
}

// The patterns fit.cpp writes (get_overflow_pattern): the first partial layer's, then the
// experts of the next ones on the CPU.
QString first_part(int il, const char* part, const char* to) {
    const QString tensors = QString(part) == "attn" ? "ffn_(gate|up|gate_up|down).*"
                            : QString(part) == "up" ? "ffn_(gate|gate_up|down).*"
                                                    : "ffn_down.*";
    return QString("blk\\.%1\\.%2=%3").arg(il).arg(tensors, to);
}
QStringList experts_on_cpu(int from, int to) {
    QStringList out;
    for (int il = from; il <= to; ++il) out << QString("blk\\.%1\\.ffn_(up|down|gate_up|gate)_(ch|)exps=CPU").arg(il);
    return out;
}

} // namespace

class TestLlmFitAuto : public QObject {
    Q_OBJECT
private slots:
    void picks_data();
    void picks();
    void dense_edge_data();
    void dense_edge();
    void margins_per_device();
};

void TestLlmFitAuto::picks_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QList<int>>("gpus");    // GiB each; none: the host alone
    QTest::addColumn<int>("host_gib");       // the host's memory
    QTest::addColumn<int>("ngl");            // the user's --ngl (-1 auto)
    QTest::addColumn<int>("n_cpu_moe");
    QTest::addColumn<QList<float>>("split"); // the user's --tensor-split
    QTest::addColumn<uint>("min_ctx");
    QTest::addColumn<bool>("success");
    QTest::addColumn<uint>("n_ctx");          // what fit sets (0: the trained one)
    QTest::addColumn<int>("n_gpu_layers");
    QTest::addColumn<QList<float>>("tensor_split");
    QTest::addColumn<QStringList>("overrides");
    QTest::addColumn<int>("plans");
    QTest::addColumn<QString>("step"); // a line of the log (common_params_fit_impl: ... or the reason)
    const QList<int> none;
    const QList<float> no_split;
    const uint min = llm_fit_min_ctx;

    // Llama-2-7B, f16: 12,603 MiB of weights on the GPU, a 2 GiB KV cache at its trained 4096.
    QTest::newRow("7B, 24 GiB: no change") << "7b" << QList<int>{24} << 64 << -1 << 0 << no_split << min << true << 0u
                                           << -1 << no_split << QStringList{} << 1
                                           << "will leave 9832 >= 1024 MiB of free device memory, no changes needed";
    QTest::newRow("7B, 16 GiB: 1.6 GiB over the margin") << "7b" << QList<int>{16} << 64 << -1 << 0 << no_split << min
                                                         << true << 0u << -1 << no_split << QStringList{} << 1
                                                         << "will leave 1640 >= 1024 MiB";
    // 4096 is the trained context: no context to give up. Layers: 0 use 320 MiB (the compute
    // buffer), 33 use 14,743; the false position's first guess 33 * (7168 - 320) / (14743 - 320) = 15
    // fits (6705), 16 fits (7155), 17 is over (7606).
    QTest::newRow("7B, 8 GiB: 16 layers") << "7b" << QList<int>{8} << 64 << -1 << 0 << no_split << min << true << 0u
                                          << 16 << no_split << QStringList{} << 6
                                          << "  - CUDA0 (NVIDIA GeForce RTX 4090): 16 layers,   7155 MiB used,   1036 MiB free";
    QTest::newRow("7B, 12 GiB: 25 layers") << "7b" << QList<int>{12} << 64 << -1 << 0 << no_split << min << true << 0u
                                           << 25 << no_split << QStringList{} << 5
                                           << "  - CUDA0 (NVIDIA GeForce RTX 4090): 25 layers,  11206 MiB used,   1081 MiB free";
    // --fit-ctx 1024 on 15 GiB: 14,743 MiB at 4096, less at 1024; the target 14,336 MiB lies
    // between, 1024 + 3072 * (target - used_1024) / (used_4096 - used_1024) rounds down to 3072,
    // and one device returns there ("entire model can be fit by reducing context").
    QTest::newRow("7B, 15 GiB, fit-ctx 1024: context 3072") << "7b" << QList<int>{15} << 64 << -1 << 0 << no_split
                                                            << 1024u << true << 3072u << -1 << no_split << QStringList{}
                                                            << 2 << "context size reduced from 4096 to 3072";
    // On 8 GiB even 1024 is over: the context stays at the minimum and the layers follow.
    QTest::newRow("7B, 8 GiB, fit-ctx 1024: 17 layers at 1024") << "7b" << QList<int>{8} << 64 << -1 << 0 << no_split
                                                                << 1024u << true << 1024u << 17 << no_split
                                                                << QStringList{} << 6
                                                                << "context size reduced from 4096 to 1024";
    // Two cards: CUDA1 (the output's) filled first, then CUDA0 with what is left; tensor_split
    // the layers of each.
    QTest::newRow("7B, 8 + 8 GiB: 15 + 16 layers") << "7b" << QList<int>{8, 8} << 64 << -1 << 0 << no_split << min
                                                   << true << 0u << 31 << QList<float>{15, 16} << QStringList{} << 9
                                                   << "  - CUDA1 (NVIDIA GeForce RTX 4090): 16 layers,   7092 MiB used,   1099 MiB free";
    // With several devices the context is interpolated against a target less (nd + 1) / 2 layers'
    // weights, and the layers are distributed after it.
    QTest::newRow("7B, 8 + 8 GiB, fit-ctx 1024: 1536, 16 + 17") << "7b" << QList<int>{8, 8} << 64 << -1 << 0 << no_split
                                                                << 1024u << true << 1536u << 33
                                                                << QList<float>{16, 17} << QStringList{} << 7
                                                                << "entire model should be fit across devices by reducing context";
    QTest::newRow("7B, 16 + 8 GiB: split by free memory fits") << "7b" << QList<int>{16, 8} << 64 << -1 << 0 << no_split
                                                               << min << true << 0u << -1 << no_split << QStringList{}
                                                               << 1 << "targets for free memory can be met on all devices";

    // Mixtral-8x7B, q4_0, trained on 32768: the context goes to 4096 first (still over), every
    // layer offloaded with the experts of layers 1..31 on the CPU uses 2,451 MiB, then the layers
    // are made whole from the front: 28 whole, layer 28's ffn_down and 29..31's experts on the
    // CPU (the 33rd "layer" is the output's: its pattern matches nothing).
    QTest::newRow("Mixtral, 24 GiB") << "mixtral-8x7b" << QList<int>{24} << 64 << -1 << 0 << no_split << min << true
                                     << 4096u << 33 << no_split
                                     << (QStringList{first_part(28, "gate", "CPU")} + experts_on_cpu(29, 32)) << 11
                                     << "  - CUDA0 (NVIDIA GeForce RTX 4090): 33 layers ( 5 overflowing),  23415 MiB used,   1160 MiB free";
    // -c 0: the trained context is kept, more experts go to the CPU.
    QTest::newRow("Mixtral, 24 GiB, -c 0") << "mixtral-8x7b" << QList<int>{24} << 64 << -1 << 0 << no_split
                                           << llm_fit_full_ctx << true << 0u << 33 << no_split
                                           << (QStringList{first_part(24, "attn", "CPU")} + experts_on_cpu(25, 32)) << 9
                                           << "user has requested full context size of 32768 -> no change";
    // Two 16 GiB cards hold it all but 0.9 GiB: no context cut (the global surplus is positive),
    // 16 whole layers on CUDA0, its 17th keeps only the attention (its FFN on CUDA1).
    QTest::newRow("Mixtral, 16 + 16 GiB") << "mixtral-8x7b" << QList<int>{16, 16} << 64 << -1 << 0 << no_split << min
                                          << true << 0u << 33 << QList<float>{17, 16}
                                          << QStringList{first_part(16, "attn", "CUDA1")} << 12
                                          << "set ngl_per_device[0].(n_layer, n_part, overflow_type)=(17, 1, ATTN), id_dense_start=1";
    // Qwen3-30B-A3B: 128 experts a layer, 48 layers.
    QTest::newRow("Qwen3-30B-A3B, 8 GiB") << "qwen3-30b-a3b" << QList<int>{8} << 64 << -1 << 0 << no_split << min << true
                                          << 4096u << 49 << no_split
                                          << (QStringList{first_part(17, "gate", "CPU")} + experts_on_cpu(18, 48)) << 10
                                          << "with only dense weights in device memory there is a total surplus of 5822 MiB";
    QTest::newRow("Qwen3-30B-A3B, 16 GiB") << "qwen3-30b-a3b" << QList<int>{16} << 64 << -1 << 0 << no_split << min
                                           << true << 4096u << 49 << no_split
                                           << (QStringList{first_part(43, "attn", "CPU")} + experts_on_cpu(44, 48)) << 10
                                           << "trying to fit one extra layer with overflow_type=LAYER_FRACTION_ATTN";

    // What the user set: fit gives up (common_params_fit_exception) and leaves it, with what the
    // steps before had set.
    QTest::newRow("7B, 8 GiB, --ngl 20") << "7b" << QList<int>{8} << 64 << 20 << 0 << no_split << min << false << 0u
                                         << 20 << no_split << QStringList{} << 1
                                         << "n_gpu_layers already set by user to 20, abort";
    QTest::newRow("7B, 8 GiB, --ngl all") << "7b" << QList<int>{8} << 64 << -2 << 0 << no_split << min << false << 0u
                                          << -2 << no_split << QStringList{} << 1
                                          << "n_gpu_layers already set by user to -2, abort";
    QTest::newRow("7B, 8 + 8 GiB, --tensor-split 1,1") << "7b" << QList<int>{8, 8} << 64 << -1 << 0
                                                       << QList<float>{1, 1} << min << false << 0u << -1
                                                       << QList<float>{1, 1} << QStringList{} << 1
                                                       << "model_params::tensor_split already set by user, abort";
    // --n-cpu-moe is overrides, which fit checks only after the context: on Mixtral the context
    // alone is enough (fit returns before the check), on Qwen3 on 8 GiB it is not, and the cut to
    // 4096 stays with the failure.
    QTest::newRow("Mixtral, 24 GiB, --n-cpu-moe 4: context 9472") << "mixtral-8x7b" << QList<int>{24} << 64 << -1 << 4
                                                                  << no_split << min << true << 9472u << -1 << no_split
                                                                  << QStringList{} << 2
                                                                  << "context size reduced from 32768 to 9472";
    QTest::newRow("Qwen3-30B-A3B, 8 GiB, --n-cpu-moe 4: the context cut stays")
        << "qwen3-30b-a3b" << QList<int>{8} << 64 << -1 << 4 << no_split << min << false << 4096u << -1 << no_split
        << QStringList{} << 2 << "model_params::tensor_buft_overrides already set by user, abort";
    // No GPU: the host's total memory against the margin, the context the only thing to change.
    QTest::newRow("7B, host 12 GiB: nothing to cut") << "7b" << none << 12 << -1 << 0 << no_split << min << false << 0u
                                                     << -1 << no_split << QStringList{} << 1
                                                     << "was unable to fit model into system memory by reducing context, abort";
    QTest::newRow("7B, host 15 GiB, fit-ctx 1024") << "7b" << none << 15 << -1 << 0 << no_split << 1024u << true
                                                   << 2560u << -1 << no_split << QStringList{} << 2
                                                   << "entire model can be fit by reducing context";
}

void TestLlmFitAuto::picks() {
    QFETCH(QString, name);
    QFETCH(QList<int>, gpus);
    QFETCH(int, host_gib);
    QFETCH(int, ngl);
    QFETCH(int, n_cpu_moe);
    QFETCH(QList<float>, split);
    QFETCH(uint, min_ctx);
    QFETCH(bool, success);
    QFETCH(uint, n_ctx);
    QFETCH(int, n_gpu_layers);
    QFETCH(QList<float>, tensor_split);
    QFETCH(QStringList, overrides);
    QFETCH(int, plans);
    QFETCH(QString, step);

    llm_placement_params p;
    p.n_gpu_layers = ngl;
    p.n_cpu_moe = n_cpu_moe;
    p.tensor_split.assign(split.begin(), split.end());
    const llm_device_set set = cards(gpus, static_cast<std::uint64_t>(host_gib) * gib);
    auto r = llm_fit_auto(model(name.toStdString()), cli_context(), set, p, true, {}, min_ctx);
    QVERIFY2(r.ok(), r.ok() ? "" : r.err().message.c_str());
    QStringList log;
    for (const auto& s : r->steps) log << QString::fromStdString(s);
    if (QTest::currentTestFailed()) return;
    const auto dump = [&] { return qPrintable(log.join('\n')); };

    QVERIFY2(log.filter(step).size() > 0, dump());
    QCOMPARE(r->status == llm_fit_auto_status::success, success);
    QCOMPARE(r->context.n_ctx, n_ctx);
    QCOMPARE(r->placement.n_gpu_layers, n_gpu_layers);
    QCOMPARE(QList<float>(r->placement.tensor_split.begin(), r->placement.tensor_split.end()), tensor_split);
    QCOMPARE(overrides_of(r->placement), overrides);
    QCOMPARE(r->plans, std::size_t(plans));
    QCOMPARE(log.last(), success ? QString("common_fit_params: successfully fit params to free device memory")
                                 : "common_fit_params: failed to fit params to free device memory: " +
                                       QString::fromStdString(r->reason));
    if (success) QVERIFY2(r->report.fits(llm_fit_default_margin), dump());
    // The report is llm_fit at the parameters chosen.
    auto again = llm_fit(model(name.toStdString()), r->context, set, r->placement);
    QVERIFY(again.ok());
    for (std::size_t i = 0; i < again->devices.size(); ++i) QCOMPARE(r->report.devices[i].self(), again->devices[i].self());
}

void TestLlmFitAuto::dense_edge_data() {
    QTest::addColumn<int>("gpu_gib");
    QTest::addColumn<uint>("min_ctx");
    QTest::newRow("8 GiB") << 8 << uint(llm_fit_min_ctx);
    QTest::newRow("12 GiB") << 12 << uint(llm_fit_min_ctx);
    QTest::newRow("8 GiB, fit-ctx 1024") << 8 << 1024u;
}

// One device, dense: fit's layers fit the target (free - margin) and one more would not, as fit.cpp
// measures it (no mmap).
void TestLlmFitAuto::dense_edge() {
    QFETCH(int, gpu_gib);
    QFETCH(uint, min_ctx);
    const llm_device_set set = cards({gpu_gib});
    auto r = llm_fit_auto(model("7b"), cli_context(), set, {}, true, {}, min_ctx);
    QVERIFY2(r.ok(), r.ok() ? "" : r.err().message.c_str());
    const auto used_at = [&](int ngl) {
        llm_placement_params p;
        p.n_gpu_layers = ngl;
        p.use_mmap = false;
        auto f = llm_fit(model("7b"), r->context, set, p);
        if (!f) qFatal("%s", f.err().message.c_str());
        return static_cast<std::int64_t>(f->devices[0].self());
    };
    const std::int64_t target = std::int64_t(gpu_gib) * std::int64_t(gib) - std::int64_t(llm_fit_default_margin);
    QVERIFY(used_at(r->placement.n_gpu_layers) <= target);
    QVERIFY(used_at(r->placement.n_gpu_layers + 1) > target);
}

// --fit-target per device: 1 GiB more margin on CUDA1 takes 3 of its 16 layers (about 450 MiB
// each), CUDA0 still holds its 15; one value is every device's.
void TestLlmFitAuto::margins_per_device() {
    const llm_device_set set = cards({8, 8});
    auto even = llm_fit_auto(model("7b"), cli_context(), set, {}, true, {1024ull << 20});
    auto uneven = llm_fit_auto(model("7b"), cli_context(), set, {}, true, {1024ull << 20, 2048ull << 20});
    QVERIFY(even.ok() && uneven.ok());
    QCOMPARE(even->placement.tensor_split, (std::vector<float>{15, 16}));
    QCOMPARE(uneven->placement.tensor_split, (std::vector<float>{15, 13}));
    QVERIFY(std::any_of(uneven->steps.begin(), uneven->steps.end(),
                        [](const std::string& s) { return s == "common_params_fit_impl: id=1, target=6144 MiB"; }));
}

QTEST_APPLESS_MAIN(TestLlmFitAuto)
#include "test_llm_fit_auto.moc"
