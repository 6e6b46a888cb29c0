// The prompt graph on device profiles (llm_context/llm_device_plan.h): for each preset, on
// stories260K and the Llama-2-7B shape (n_ctx 4096, n_ubatch 512), the plan's per-device compute
// buffer and split count are those of llama.cpp's reserve of the same graph (llm_reserve's pp
// figures), the sizes in the rows (what planscope-cli fit prints for them); its buffers are the profile's types (name,
// alignment), the copies sit in the buffer of the split that reads them; the plan export of it
// validates against docs/plan-schema.json and lists one compute buffer per device.
#include "device/device_presets.h"
#include "export/export_runner.h"
#include "llm_context/llm_device_plan.h"

#include "common/json_schema_check.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

using namespace planscope;
using nlohmann::json;

namespace {

gguf_file open_model(const char* name) {
    auto f = open_gguf(std::filesystem::path(PLANSCOPE_SHARED_DIR) / "models" / name);
    if (!f) qFatal("%s", f.err().message.c_str());
    return std::move(*f);
}

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

class TestLlmDevicePlan : public QObject {
    Q_OBJECT
private slots:
    void planIsTheReserve_data();
    void planIsTheReserve();
};

void TestLlmDevicePlan::planIsTheReserve_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("preset");
    QTest::addColumn<qint64>("gpu"); // the GPU's compute buffer
    QTest::addColumn<qint64>("cpu");
    QTest::addColumn<int>("copies");
    const QString stories = QStringLiteral("stories260K.gguf"), llama = QStringLiteral("ggml-vocab-llama-spm.gguf");
    // stories260K's head size 8 is no kernel of CUDA's, HIP's or Metal's flash attention: "auto"
    // is off there, so kq (512 x 4096 f32, 8 MiB a head) is what CUDA0 holds.
    QTest::newRow("stories cuda-24gb") << stories << "cuda-24gb" << qint64{76296192} << qint64{8665088} << 6;
    QTest::newRow("stories metal") << stories << "metal-m2-max" << qint64{76296192} << qint64{8665088} << 6;
    QTest::newRow("stories vulkan") << stories << "vulkan-igpu" << qint64{5656576} << qint64{4476928} << 6;
    QTest::newRow("7b cuda-24gb") << llama << "cuda-24gb" << qint64{97005568} << qint64{20985856} << 6;
    QTest::newRow("7b rocm") << llama << "rocm-24gb" << qint64{97005568} << qint64{20985856} << 6;
    QTest::newRow("7b vulkan") << llama << "vulkan-igpu" << qint64{97005568} << qint64{20992000} << 6;
}

void TestLlmDevicePlan::planIsTheReserve() {
    QFETCH(QString, model);
    QFETCH(QString, preset);
    QFETCH(qint64, gpu);
    QFETCH(qint64, cpu);
    QFETCH(int, copies);
    const gguf_file file = open_model(model.toUtf8().constData());
    auto profile = device_preset(preset.toStdString());
    QVERIFY(profile);
    llm_device_set devices;
    devices.gpus = {*profile};
    devices.cpu = cpu_device_profile();
    llm_context_params params;
    params.n_ctx = 4096;
    params.n_batch = params.n_ubatch = 512;
    auto p = llm_device_plan(file, params, devices, llm_placement_params{});
    QVERIFY2(p, p ? "" : p.err().message.c_str());
    const sched_outcome& s = p->scheduled;

    QCOMPARE(s.backend_names, (std::vector<std::string>{profile->name, "CPU"}));
    QCOMPARE(s.plan.splits.size(), p->reserve.pp.splits);
    QCOMPARE(p->graph.g.nodes.size(), p->reserve.pp.nodes);
    QCOMPARE(s.buffers.size(), std::size_t{2});
    for (std::size_t b = 0; b < 2; ++b) QCOMPARE(s.buffers[b].size, p->reserve.pp.compute_per_backend[b]);
    QCOMPARE(static_cast<qint64>(s.buffers[0].size), gpu);
    QCOMPARE(static_cast<qint64>(s.buffers[1].size), cpu);

    // The compute buffers are the profile's types: the GPU's own, the CPU's its pinned host type.
    std::map<std::string, std::size_t> alignment;
    for (const buffer_desc& d : s.doc.buffers) alignment[d.name] = d.alignment;
    QCOMPARE(alignment.at(profile->name + " compute"), profile->buffer.alignment);
    QCOMPARE(alignment.at("CPU compute"), profile->host_buffer ? profile->host_buffer->alignment : std::size_t{32});
    // Each copy is in the compute buffer of the split that reads it.
    int n_copies = 0;
    for (const sched_split& split : s.plan.splits)
        for (const sched_input& in : split.inputs) {
            const tensor& c = s.doc.ctx[in.copy];
            QVERIFY(c.where);
            QCOMPARE(s.doc.buffers[c.where->buffer.index()].name,
                     s.backend_names[static_cast<std::size_t>(split.backend)] + " compute");
            ++n_copies;
        }
    QCOMPARE(n_copies, copies);

    export_request r;
    r.kind = export_kind::plan;
    const auto text = produce_scheduled_export(p->graph, s, r, ggml_version::v2026);
    QVERIFY2(text, text ? "" : text.err().message.c_str());
    const json schema = json::parse(read_text(PLANSCOPE_SOURCE_DIR "/docs/plan-schema.json"));
    const json root = json::parse(*text);
    const std::string e = schema_violation(schema, schema, root, "");
    QVERIFY2(e.empty(), e.c_str());
    int compute_buffers = 0;
    for (const json& b : root["buffers"]) compute_buffers += b["name"].get<std::string>().ends_with(" compute");
    QCOMPARE(compute_buffers, 2);
    r.kind = export_kind::trace;
    QVERIFY(!produce_scheduled_export(p->graph, s, r, ggml_version::v2026));
}

QTEST_APPLESS_MAIN(TestLlmDevicePlan)
#include "test_llm_device_plan.moc"
