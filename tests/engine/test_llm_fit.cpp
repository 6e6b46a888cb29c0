// Models on devices Planscope does not have (llm_context/llm_fit.h): the device reserve with no
// GPU is llama.cpp's CPU reserve; a GPU takes the layers, the KV cache and the compute that
// llama.cpp's placement and scheduler give it (hand-derived sizes for Llama-2-7B's shape: the
// vocab-only file's f16 placeholders); the verdicts; the searches land on the edge of what fits.
// With no GPU, the breakdown per buffer type is llama.cpp's for the quantised test models, CPU_REPACK
// included, byte for byte (tests/data/llama_cpp/repack.tsv), on the measured CPU's features and on
// a CPU without AVX2 where nothing repacks.
#include "device/device_presets.h"
#include "llm_context/llm_fit.h"
#include "model_zoo.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace planscope;

namespace {

const gguf_file& model_7b() {
    static const gguf_file file = [] {
        auto f = open_gguf(std::filesystem::path(PLANSCOPE_SHARED_DIR) / "models" / "ggml-vocab-llama-spm.gguf");
        if (!f) qFatal("%s", f.err().message.c_str());
        return std::move(*f);
    }();
    return file;
}

constexpr std::uint64_t gib = 1ull << 30;

device_profile gpu(std::string name, std::uint64_t free_bytes) {
    device_profile d;
    d.name = name;
    d.description = "test GPU";
    d.kind = device_kind::gpu;
    d.memory_total = d.memory_free = free_bytes;
    d.buffer = {name, 128, SIZE_MAX, false, 512, device_alloc_extra::none};
    d.host_buffer = device_buffer_type{"GPU_Host", 32, SIZE_MAX, true, 0, device_alloc_extra::none};
    d.offload.min_batch_size = 32;
    return d;
}

llm_device_set host_only() {
    llm_device_set s;
    s.cpu = cpu_device_profile();
    s.cpu.memory_total = s.cpu.memory_free = 64 * gib;
    s.cpu.cpu_features.clear(); // no extra buffer types, whatever the machine: AMX would take f16 matrices
    return s;
}

llm_context_params ctx_7b(bool fa) {
    llm_context_params p;
    p.n_ctx = 4096;
    p.n_batch = p.n_ubatch = 512;
    p.flash_attn = fa ? llm_flash_attn::on : llm_flash_attn::off;
    return p;
}

// The 7B shape's weights: 13,477,363,712 bytes of f16 placeholders, the token embeddings
// 32000 x 4096 x 2 of them; its f16 KV cache at n_ctx 4096: 32 layers x 2 x 4096 x 4096 x 2.
constexpr std::size_t weights_7b = 13'477'363'712, tok_embd_7b = 262'144'000, kv_7b = 2'147'483'648;

const llm_device_memory& row(const llm_fit_report& r, std::string_view name) {
    for (const auto& d : r.devices)
        if (d.name == name) return d;
    qFatal("no row %s", std::string(name).c_str());
}

// A line of tests/data/llama_cpp/*.tsv: key=value fields, tab-separated (README.md there).
using fields = std::map<std::string, std::string>;

std::vector<fields> reference_lines(const std::string& file) {
    std::vector<fields> out;
    std::ifstream in(std::string(PLANSCOPE_SOURCE_DIR "/tests/data/llama_cpp/") + file);
    for (std::string line; std::getline(in, line);) {
        fields f;
        std::istringstream parts(line);
        for (std::string field; std::getline(parts, field, '\t');)
            if (const auto eq = field.find('='); eq != std::string::npos) f[field.substr(0, eq)] = field.substr(eq + 1);
        if (!f.empty()) out.push_back(std::move(f));
    }
    return out;
}

// The test models written once for the whole run (shape-only ones are sparse files).
const gguf_file& zoo_file(const std::string& file_name) {
    static QTemporaryDir dir;
    static std::map<std::string, gguf_file> files;
    if (const auto it = files.find(file_name); it != files.end()) return it->second;
    const std::filesystem::path path(dir.path().toStdString());
    const auto m = test_models::zoo_model_named(file_name.substr(0, file_name.size() - std::string(".gguf").size()));
    if (!m) qFatal("no zoo model %s", file_name.c_str());
    if (auto w = test_models::write_zoo_model(*m, path); !w) qFatal("%s", w.err().message.c_str());
    auto f = open_gguf(path / file_name);
    if (!f) qFatal("%s", f.err().message.c_str());
    return files.emplace(file_name, std::move(*f)).first->second;
}

std::vector<std::string> split_features(const QString& list) {
    std::vector<std::string> out;
    for (const QString& f : list.split(',', Qt::SkipEmptyParts)) out.push_back(f.toStdString());
    return out;
}

} // namespace

class TestLlmFit : public QObject {
    Q_OBJECT
private slots:
    void host_only_is_llama_cpp_reserve_data();
    void host_only_is_llama_cpp_reserve();
    void cpu_breakdown_is_llama_cpp_data();
    void cpu_breakdown_is_llama_cpp();
    void one_gpu_placement_data();
    void one_gpu_placement();
    void two_gpus_split_by_free_memory();
    void verdicts_data();
    void verdicts();
    void find_ngl_is_the_edge();
    void find_errors();
};

void TestLlmFit::host_only_is_llama_cpp_reserve_data() {
    QTest::addColumn<bool>("fa");
    QTest::addColumn<qulonglong>("compute");
    QTest::addColumn<qulonglong>("nodes");
    // llama.cpp da46e59c's figures (tests/data/llama_cpp/README.md).
    QTest::newRow("flash attention off") << false << 335'554'560ull << 1'158ull;
    QTest::newRow("flash attention on") << true << 105'396'224ull << 998ull;
}

void TestLlmFit::host_only_is_llama_cpp_reserve() {
    QFETCH(bool, fa);
    QFETCH(qulonglong, compute);
    QFETCH(qulonglong, nodes);
    auto r = llm_fit(model_7b(), ctx_7b(fa), host_only(), {});
    QVERIFY2(r.ok(), r.ok() ? "" : r.err().message.c_str());
    QCOMPARE(r->reserve.pp.nodes, std::size_t(nodes));
    QCOMPARE(r->reserve.backends, std::vector<std::string>{"CPU"});
    QCOMPARE(r->devices.size(), std::size_t{1});
    const llm_device_memory& host = r->devices[0];
    QCOMPARE(host.compute, std::size_t(compute));
    QCOMPARE(host.context, kv_7b);
    QCOMPARE(host.model, weights_7b);
    // The same figures as the CPU-only reserve.
    auto cpu = llm_reserve(model_7b(), ctx_7b(fa));
    QVERIFY(cpu.ok());
    QCOMPARE(cpu->compute, std::size_t(compute));
}

void TestLlmFit::cpu_breakdown_is_llama_cpp_data() {
    QTest::addColumn<QString>("file");     // under tests/data/llama_cpp
    QTest::addColumn<int>("line");         // its line (f16 K/V ones only)
    QTest::addColumn<QString>("features"); // the CPU profile's cpu_features
    QTest::addColumn<bool>("no_repack");
    const QString zen5 = "avx2,avx512_vnni,avx512f"; // the measuring machine's (repack.tsv's cpu_features)
    const auto rows = [&](const char* file, const char* model, const QString& features, bool no_repack,
                          const char* what) {
        const auto lines = reference_lines(file);
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const fields& f = lines[i];
            if ((model && f.at("model") != model) || f.at("kv") != "f16") continue;
            const QString measured = f.contains("cpu_features") ? QString::fromStdString(f.at("cpu_features")) : features;
            QTest::addRow("%s:%zu %s fa %s, %s", file, i + 1, f.at("model").c_str(), f.at("flash_attn").c_str(), what)
                << file << static_cast<int>(i) << measured << no_repack;
        }
    };
    // Measured with repacking (q4_0 matrices and experts to CPU_REPACK; q8_0 has no x86 layout).
    rows("repack.tsv", nullptr, zen5, false, "as measured");
    // Measured on a Xeon with AMX: q4_0 and q8_0 matrices in llama.cpp's AMX buffer type.
    rows("repack_amx.tsv", nullptr, zen5, false, "as measured, AMX");
    // Nothing repacks without AVX2, or with --no-repack: llama.cpp's use_extra_bufts off.
    rows("zoo_variants.tsv", "llama-q4_0.gguf", "", false, "no avx2");
    rows("zoo_variants.tsv", "llama-q4_0.gguf", zen5, true, "--no-repack");
    rows("zoo_real.tsv", "llama2-7b.gguf", "", false, "no avx2");
    rows("zoo_real.tsv", "llama2-7b.gguf", zen5, true, "--no-repack");
}

void TestLlmFit::cpu_breakdown_is_llama_cpp() {
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(QString, features);
    QFETCH(bool, no_repack);
    const fields f = reference_lines(file.toStdString()).at(static_cast<std::size_t>(line));
    llm_context_params c;
    c.n_ctx = static_cast<std::uint32_t>(std::stoul(f.at("n_ctx")));
    c.n_batch = static_cast<std::uint32_t>(std::stoul(f.at("n_batch")));
    c.n_ubatch = static_cast<std::uint32_t>(std::stoul(f.at("n_ubatch")));
    c.flash_attn = f.at("flash_attn") == "on" ? llm_flash_attn::on : llm_flash_attn::off;
    llm_device_set set = host_only();
    set.cpu.cpu_features = split_features(features);
    llm_placement_params p;
    p.no_repack = no_repack;
    // reference.cpp --no-alloc (zoo_real.tsv, repack.tsv's repack=1) loads without mmap; the rest are mapped.
    p.use_mmap = file != "zoo_real.tsv" && !(f.contains("repack") && f.at("repack") == "1");
    auto r = llm_fit(zoo_file(f.at("model")), c, set, p);
    QVERIFY2(r.ok(), r.ok() ? "" : r.err().message.c_str());
    QCOMPARE(r->reserve.pp.nodes, std::size_t(std::stoul(f.at("nodes_pp"))));

    // Every buffer type's model, context and compute bytes as llama_get_memory_breakdown's.
    std::map<std::string, std::array<std::size_t, 3>> ours, theirs;
    for (const llm_memory_row& m : r->reserve.memory) ours[m.buffer_type] = {m.model, m.context, m.compute};
    for (const auto& [key, value] : f) {
        const auto dot = key.rfind('.');
        if (dot == std::string::npos) continue;
        const std::string column = key.substr(dot + 1);
        const int i = column == "model" ? 0 : column == "context" ? 1 : column == "compute" ? 2 : -1;
        if (i >= 0) theirs[key.substr(0, dot)][static_cast<std::size_t>(i)] = std::stoull(value);
    }
    std::erase_if(ours, [](const auto& e) { return e.second == std::array<std::size_t, 3>{}; });
    std::erase_if(theirs, [](const auto& e) { return e.second == std::array<std::size_t, 3>{}; });
    QCOMPARE(ours, theirs);

    // The breakdown's lines: Host the host types (CPU_Mapped, CPU), CPU_REPACK and AMX one each.
    const llm_device_memory& host = row(*r, "Host");
    QCOMPARE(host.model, theirs["CPU_Mapped"][0] + theirs["CPU"][0]);
    QCOMPARE(host.context, theirs["CPU"][1]);
    QCOMPARE(host.compute, theirs["CPU"][2]);
    for (const char* extra : {"CPU_REPACK", "AMX"})
        if (theirs.contains(extra)) QCOMPARE(row(*r, extra).model, theirs[extra][0]);
    QCOMPARE(r->devices.size(), std::size_t{1} + theirs.contains("CPU_REPACK") + theirs.contains("AMX"));
}

void TestLlmFit::one_gpu_placement_data() {
    QTest::addColumn<int>("ngl");
    QTest::addColumn<bool>("kv_offload");
    QTest::addColumn<bool>("op_offload");
    QTest::addColumn<qulonglong>("gpu_model");
    QTest::addColumn<qulonglong>("gpu_context");
    QTest::addColumn<int>("offloaded");
    // Every layer and the output on the GPU: all but the token embeddings (the input layer stays
    // on the CPU); every tensor is a multiple of the GPU's 128 bytes.
    QTest::newRow("ngl all") << -1 << true << true << qulonglong(weights_7b - tok_embd_7b) << qulonglong(kv_7b) << 33;
    QTest::newRow("ngl all, no KV offload") << -1 << false << true << qulonglong(weights_7b - tok_embd_7b) << 0ull << 33;
    // -ngl 16 counts the output layer: layers 17..31 (each 4 x 4096^2 + 3 x 4096 x 11008 halves
    // and two norms of 4096 floats) and the output (32000 x 4096 halves, a norm), the 15 layers'
    // KV cache.
    QTest::newRow("ngl 16") << 16 << true << true
                            << qulonglong(15ull * (2 * (4ull * 4096 * 4096 + 3ull * 4096 * 11008) + 2 * 4096 * 4) +
                                          32000ull * 4096 * 2 + 4096 * 4)
                            << qulonglong(kv_7b / 32 * 15) << 16;
    QTest::newRow("ngl 0, no op offload") << 0 << true << false << 0ull << 0ull << 0;
}

void TestLlmFit::one_gpu_placement() {
    QFETCH(int, ngl);
    QFETCH(bool, kv_offload);
    QFETCH(bool, op_offload);
    QFETCH(qulonglong, gpu_model);
    QFETCH(qulonglong, gpu_context);
    QFETCH(int, offloaded);
    llm_device_set set = host_only();
    set.gpus.push_back(gpu("GPU0", 24 * gib));
    llm_placement_params p;
    p.n_gpu_layers = ngl;
    p.offload_kqv = kv_offload;
    auto r = llm_fit(model_7b(), ctx_7b(false), set, p, op_offload);
    QVERIFY2(r.ok(), r.ok() ? "" : r.err().message.c_str());
    QCOMPARE(r->offloaded_layers, offloaded);
    const llm_device_memory& g = row(*r, "GPU0");
    const llm_device_memory& host = row(*r, "Host");
    QCOMPARE(g.model, std::size_t(gpu_model));
    QCOMPARE(g.context, std::size_t(gpu_context));
    QCOMPARE(host.model + g.model, weights_7b);
    QCOMPARE(host.context + g.context, kv_7b);
    QCOMPARE(r->reserve.backends, (std::vector<std::string>{"GPU0", "CPU"}));
    if (ngl == 0 && !op_offload) {
        // Nothing runs on the GPU: the CPU's compute buffer (of the GPU's pinned host type, with
        // the CPU's alignment) is the CPU-only one.
        QCOMPARE(g.compute, std::size_t{0});
        QCOMPARE(host.compute, std::size_t{335'554'560});
    } else {
        QVERIFY(g.compute > 0);
    }
}

void TestLlmFit::two_gpus_split_by_free_memory() {
    llm_device_set set = host_only();
    set.gpus.push_back(gpu("GPU0", 24 * gib));
    set.gpus.push_back(gpu("GPU1", 8 * gib));
    auto r = llm_fit(model_7b(), ctx_7b(true), set, {});
    QVERIFY2(r.ok(), r.ok() ? "" : r.err().message.c_str());
    // Layers by free memory 3:1 over 33 (32 layers and the output): upper_bound(splits, il / 33)
    // puts layers 0..24 on GPU0 (24 / 33 < 0.75 <= 25 / 33), 25..31 and the output on GPU1.
    const std::size_t layer = 2 * (4ull * 4096 * 4096 + 3ull * 4096 * 11008) + 2 * 4096 * 4;
    const std::size_t output = 32000ull * 4096 * 2 + 4096 * 4;
    QCOMPARE(row(*r, "GPU0").model, 25 * layer);
    QCOMPARE(row(*r, "GPU1").model, 7 * layer + output);
    QCOMPARE(row(*r, "GPU0").context, kv_7b / 32 * 25);
    // Pipeline parallelism: two GPUs, every layer offloaded.
    QCOMPARE(r->reserve.n_copies, 4);
}

void TestLlmFit::verdicts_data() {
    QTest::addColumn<qulonglong>("free_bytes");
    QTest::addColumn<qulonglong>("model");
    QTest::addColumn<qulonglong>("context");
    QTest::addColumn<QString>("verdict");
    const auto g = [](double n) { return qulonglong(n * double(gib)); };
    QTest::newRow("fits") << g(24) << g(12) << g(2) << "fits, 10.0 GiB free";
    QTest::newRow("within the margin") << g(16) << g(12) << g(3.5)
                                       << "within the margin: 512.0 MiB free, under the 1.0 GiB margin";
    QTest::newRow("over, KV largest") << g(8) << g(2) << g(8) << "over by 2.0 GiB: KV cache 8.0 GiB is the largest share";
    QTest::newRow("over, weights largest") << g(8) << g(9) << g(1)
                                           << "over by 2.0 GiB: weights 9.0 GiB is the largest share";
}

void TestLlmFit::verdicts() {
    QFETCH(qulonglong, free_bytes);
    QFETCH(qulonglong, model);
    QFETCH(qulonglong, context);
    QFETCH(QString, verdict);
    llm_device_memory d{"GPU0", "", 0, free_bytes, free_bytes, model, context, 0};
    QCOMPARE(QString::fromStdString(fit_verdict(d, llm_fit_default_margin)), verdict);
}

void TestLlmFit::find_ngl_is_the_edge() {
    llm_device_set set = host_only();
    set.gpus.push_back(gpu("GPU0", 8 * gib));
    llm_fit_search search;
    auto found = llm_fit_find(model_7b(), ctx_7b(true), set, {}, true, search);
    QVERIFY2(found.ok(), found.ok() ? "" : found.err().message.c_str());
    QVERIFY(found->value.has_value());
    const int best = static_cast<int>(*found->value);
    QVERIFY(best > 0 && best < 33);
    QVERIFY(found->report.fits(search.margin));
    QCOMPARE(found->report.offloaded_layers, best);
    QVERIFY(found->tries <= 8); // bisection over 0..33
    llm_placement_params one_more;
    one_more.n_gpu_layers = best + 1;
    auto over = llm_fit(model_7b(), ctx_7b(true), set, one_more);
    QVERIFY(over.ok());
    QVERIFY(!over->fits(search.margin));
}

void TestLlmFit::find_errors() {
    llm_fit_search search;
    search.target = llm_fit_target::n_cpu_moe;
    auto r = llm_fit_find(model_7b(), ctx_7b(true), host_only(), {}, true, search);
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.err().message), QStringLiteral("--find n-cpu-moe: the model has no experts"));
}

QTEST_APPLESS_MAIN(TestLlmFit)
#include "test_llm_fit.moc"
