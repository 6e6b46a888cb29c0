// Device profiles (issue 38): the JSON format's errors, the presets read back equal, supports_op
// rules, offload_op by op and get_alloc_size with CUDA's row padding and the backends' scratch.
#include "core/builder.h"
#include "device/device_presets.h"
#include "device/device_profile.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <functional>
#include <map>

using namespace planscope;

namespace {

const std::string minimal = R"({"format": "planscope-device", "version": 1, "name": "X", "kind": "gpu",
                                "memory": {"total": 1024}, "buffer": {"name": "X"}})";

// `minimal` with `key` set to `value` (the top level, "memory" or "buffer" member).
std::string with(const std::string& key, const std::string& value) {
    const std::string text = minimal.substr(0, minimal.size() - 1);
    return text + ", \"" + key + "\": " + value + "}";
}
std::string replaced(std::string text, const std::string& from, const std::string& to) {
    return text.replace(text.find(from), from.size(), to);
}
std::string with_memory(const std::string& members) {
    return replaced(minimal, R"("memory": {"total": 1024})", R"("memory": {)" + members + "}");
}
std::string with_buffer(const std::string& members) {
    return replaced(minimal, R"("buffer": {"name": "X"})", R"("buffer": {"name": "X", )" + members + "}");
}

device_profile preset(const char* name) {
    auto d = device_preset(name);
    if (!d) qFatal("%s", d.err().message.c_str());
    return *d;
}

// Small graphs whose last node is the op a rule is asked about.
using graph_case = std::function<tensor_id(builder&)>;

tensor_id mul_mat(builder& b, dtype w, dtype x, std::int64_t tokens = 7) {
    return b.mul_mat(b.new_tensor_2d(w, 4096, 4096), b.new_tensor_2d(x, 4096, tokens));
}
tensor_id flash_attn(builder& b, std::int64_t head, dtype kv_k, dtype kv_v, std::int64_t tokens = 7) {
    const tensor_id q = b.new_tensor_4d(dtype::f32, head, tokens, 32, 1);
    const tensor_id k = b.new_tensor_4d(kv_k, head, 256, 8, 1);
    const tensor_id v = b.new_tensor_4d(kv_v, head, 256, 8, 1);
    return b.flash_attn_ext(q, k, v, b.new_tensor_2d(dtype::f16, 256, tokens));
}
tensor_id set_rows(builder& b, dtype cache) {
    return b.set_rows(b.new_tensor_2d(cache, 1024, 256), b.new_tensor_2d(dtype::f32, 1024, 7),
                      b.new_tensor_1d(dtype::i64, 7));
}

const std::map<std::string, graph_case>& graph_cases() {
    static const std::map<std::string, graph_case> cases{
        {"MUL_MAT q4_K x f32", [](builder& b) { return mul_mat(b, dtype::q4_k, dtype::f32); }},
        {"MUL_MAT q8_K x f32", [](builder& b) { return mul_mat(b, dtype::q8_k, dtype::f32); }},
        {"MUL_MAT tq1_0 x f32", [](builder& b) { return mul_mat(b, dtype::tq1_0, dtype::f32); }},
        {"MUL_MAT q4_0 x f16", [](builder& b) { return mul_mat(b, dtype::q4_0, dtype::f16); }},
        {"MUL_MAT f16 x f16", [](builder& b) { return mul_mat(b, dtype::f16, dtype::f16); }},
        {"MUL_MAT bf16 x f16", [](builder& b) { return mul_mat(b, dtype::bf16, dtype::f16); }},
        {"GET_ROWS q4_K", [](builder& b) {
             return b.get_rows(b.new_tensor_2d(dtype::q4_k, 4096, 32000), b.new_tensor_1d(dtype::i32, 7));
         }},
        {"GET_ROWS q8_0", [](builder& b) {
             return b.get_rows(b.new_tensor_2d(dtype::q8_0, 4096, 32000), b.new_tensor_1d(dtype::i32, 7));
         }},
        {"FA 128 f16", [](builder& b) { return flash_attn(b, 128, dtype::f16, dtype::f16); }},
        {"FA 48 f16", [](builder& b) { return flash_attn(b, 48, dtype::f16, dtype::f16); }},
        {"FA 36 f16", [](builder& b) { return flash_attn(b, 36, dtype::f16, dtype::f16); }},
        {"FA 576 q8_0", [](builder& b) { return flash_attn(b, 576, dtype::q8_0, dtype::q8_0); }},
        {"FA 128 q8_0 K f16 V", [](builder& b) { return flash_attn(b, 128, dtype::q8_0, dtype::f16); }},
        {"FA 128 q4_1", [](builder& b) { return flash_attn(b, 128, dtype::q4_1, dtype::q4_1); }},
        {"SILU contiguous", [](builder& b) { return b.silu(b.new_tensor_2d(dtype::f32, 4096, 7)); }},
        {"SILU permuted",
         [](builder& b) { return b.silu(b.permute(b.new_tensor_3d(dtype::f32, 64, 8, 7), 0, 2, 1, 3)); }},
        {"SET_ROWS q8_0", [](builder& b) { return set_rows(b, dtype::q8_0); }},
        {"SET_ROWS q4_K", [](builder& b) { return set_rows(b, dtype::q4_k); }},
        {"SET_ROWS iq2_xxs", [](builder& b) { return set_rows(b, dtype::iq2_xxs); }},
        {"ARGSORT 2048", [](builder& b) { return b.argsort(b.new_tensor_2d(dtype::f32, 2048, 7), sort_order::desc); }},
        {"DIAG_MASK_INF", [](builder& b) { return b.diag_mask_inf(b.new_tensor_2d(dtype::f32, 256, 7), 0); }},
        {"DIAG_MASK_ZERO", [](builder& b) { return b.diag_mask_zero(b.new_tensor_2d(dtype::f32, 256, 7), 0); }},
        {"ADD f32", [](builder& b) {
             return b.add(b.new_tensor_2d(dtype::f32, 4096, 7), b.new_tensor_2d(dtype::f32, 4096, 7));
         }},
    };
    return cases;
}

device_profile profile_by_name(const QString& name) {
    return name == "cpu" ? cpu_device_profile() : preset(name.toUtf8().constData());
}

} // namespace

class TestDeviceProfile : public QObject {
    Q_OBJECT
private slots:
    void errors_data();
    void errors();
    void load_errors_data();
    void load_errors();
    void presets();
    void preset_values();
    void round_trip_data();
    void round_trip();
    void sizes_written_as_read();
    void supports_data();
    void supports();
    void rule_semantics();
    void offload_data();
    void offload();
    void alloc_size_data();
    void alloc_size();
    void alloc_size_overflow();
};

void TestDeviceProfile::errors_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("message");
    const auto row = [](const char* name, const std::string& json, const char* message) {
        QTest::newRow(name) << QString::fromStdString(json) << QString(message);
    };
    row("syntax", "{\"format\": ",
        "line 1, column 12 (byte 11): syntax error while parsing value - unexpected end of input; expected '[', "
        "'{', or a literal");
    row("not an object", "[1]", "/: expected an object, got an array");
    row("no format", R"({"version": 1})", "/format: required key is missing");
    row("other format", R"({"format": "planscope-graph", "version": 1})",
        "/format: expected 'planscope-device', got 'planscope-graph'");
    row("version 2", R"({"format": "planscope-device", "version": 2})",
        "/version: version 2 is not supported (this build reads version 1)");
    row("duplicate key", R"({"format": "planscope-device", "format": "x"})", "/format: duplicate key");
    row("unknown key", with("colour", "1"),
        "/colour: unknown key (known keys: format, version, name, description, kind, memory, unified_memory, "
        "row_split, buffer, host_buffer, offload, copy_gbps, compute_tflops, cpu_features, supports)");
    row("cpu_features upper case", with("cpu_features", R"(["avx2", "AVX512F"])"),
        "/cpu_features/1: 'AVX512F' is not a CPU flag as /proc/cpuinfo spells it (a-z, 0-9, _)");
    row("cpu_features not a list", with("cpu_features", R"("avx2")"), "/cpu_features: expected an array, got a string");
    row("empty name", R"({"format": "planscope-device", "version": 1, "name": ""})", "/name: must not be empty");
    row("no kind", R"({"format": "planscope-device", "version": 1, "name": "X"})", "/kind: required key is missing");
    row("kind tpu", R"({"format": "planscope-device", "version": 1, "name": "X", "kind": "tpu"})",
        "/kind: 'tpu' is not one of cpu, gpu, igpu, accel, rpc");
    row("no total", with_memory(R"("free": 5)"), "/memory/total: required key is missing");
    row("size unit", with_memory(R"("total": "24 GiBs")"),
        "/memory/total: expected bytes or a size such as '24 GiB' (units B, KiB, MiB, GiB, TiB, KB, MB, GB, TB), got "
        "'24 GiBs'");
    row("size without space", with_memory(R"("total": "24GiB")"),
        "/memory/total: expected bytes or a size such as '24 GiB' (units B, KiB, MiB, GiB, TiB, KB, MB, GB, TB), got "
        "'24GiB'");
    row("size part of a byte", with_memory(R"("total": "0.1 KiB")"),
        "/memory/total: '0.1 KiB' is not a whole number of bytes");
    row("size too large", with_memory(R"("total": "20000000 TiB")"),
        "/memory/total: '20000000 TiB' is more than 2^64 - 1 bytes");
    row("size negative", with_memory(R"("total": -5)"), "/memory/total: expected a non-negative integer, got -5");
    row("free over total", with_memory(R"("total": "1 KiB", "free": "2 KiB")"),
        "/memory/free: '2 KiB' is more than /memory/total");
    row("alignment 48", with_buffer(R"("alignment": 48)"), "/buffer/alignment: 48 is not a power of two");
    row("alignment 0", with_buffer(R"("alignment": 0)"),
        "/buffer/alignment: expected an integer from 1 to 1073741824, got 0");
    row("max_size 0", with_buffer(R"("max_size": 0)"), "/buffer/max_size: must be more than 0 (null: no limit)");
    row("row padding 100", with_buffer(R"("quantized_row_padding": 100)"),
        "/buffer/quantized_row_padding: 100 is not a multiple of 256 (the largest block size)");
    row("alloc_extra rocm", with_buffer(R"("alloc_extra": "rocm")"),
        "/buffer/alloc_extra: 'rocm' is not one of none, cuda, metal, amx");
    row("host 1", with_buffer(R"("host": 1)"), "/buffer/host: expected true or false, got 1");
    row("buffer key", with_buffer(R"("size": 1)"),
        "/buffer/size: unknown key (known keys: name, alignment, max_size, host, quantized_row_padding, alloc_extra)");
    row("host buffer name", with("host_buffer", "{}"), "/host_buffer/name: required key is missing");
    row("rule op", with("supports", R"([{"op": "MATMUL", "supported": false}])"),
        "/supports/0/op: unknown op 'MATMUL'");
    row("rule unary", with("supports", R"([{"op": "GLU", "unary": "SILU", "supported": false}])"),
        "/supports/0/unary: only for op UNARY");
    row("rule unary name", with("supports", R"([{"op": "UNARY", "unary": "SWISH", "supported": false}])"),
        "/supports/0/unary: unknown unary op 'SWISH'");
    row("rule type", with("supports", R"([{"src_types": [[], ["f16", "q9_0"]], "supported": false}])"),
        "/supports/0/src_types/1/1: unknown type 'q9_0'");
    row("rule sources", with("supports", R"([{"src_types": [[], [], [], [], [], [], []], "supported": false}])"),
        "/supports/0/src_types: 7 lists for at most 6 sources");
    row("rule verdict", with("supports", R"([{"op": "ADD"}])"), "/supports/0/supported: required key is missing");
    row("rule key", with("supports", R"([{"op": "ADD", "ne1_in": [1], "supported": true}])"),
        "/supports/0/ne1_in: unknown key (known keys: op, unary, type, src_types, max_ne0, ne0_in, ne0_multiple_of, "
        "param, contiguous, supported)");
    row("rule param index", with("supports", R"([{"op": "ROPE", "param": {"index": 16, "in": [0]}, "supported": true}])"),
        "/supports/0/param/index: expected an integer from 0 to 15, got 16");
    row("rule param values", with("supports", R"([{"op": "ROPE", "param": {"index": 2, "in": []}, "supported": true}])"),
        "/supports/0/param/in: must not be empty");
    row("rule max_ne0", with("supports", R"([{"op": "ADD", "supported": true}, {"max_ne0": 0, "supported": true}])"),
        "/supports/1/max_ne0: expected an integer from 1 to 4611686018427387904, got 0");
    row("rule not object", with("supports", "[true]"), "/supports/0: expected an object, got a boolean");
    row("offload batch", with("offload", R"({"min_batch_size": -1})"),
        "/offload/min_batch_size: expected an integer from 0 to 4611686018427387904, got -1");
    row("offload op", with("offload", R"({"ops": ["MUL_MAT", "GEMM"]})"), "/offload/ops/1: unknown op 'GEMM'");
    row("copy 0", with("copy_gbps", "0"), "/copy_gbps: expected a positive number or null, got 0");
    row("tflops string", with("compute_tflops", "\"fast\""),
        "/compute_tflops: expected a positive number or null, got 'fast'");
}

void TestDeviceProfile::errors() {
    QFETCH(QString, json);
    QFETCH(QString, message);
    const auto d = parse_device_profile(json.toStdString());
    QVERIFY(!d);
    QCOMPARE(QString::fromStdString(d.err().message), message);
    QVERIFY(d.err().message.find('\n') == std::string::npos);
}

void TestDeviceProfile::load_errors_data() {
    QTest::addColumn<QString>("file");   // written under a temporary directory ("" : none)
    QTest::addColumn<QString>("text");   // the file's contents
    QTest::addColumn<QString>("name");   // what is loaded; DIR is the temporary directory
    QTest::addColumn<QString>("message");
    const QString presets = "presets: cuda-24gb, cuda-80gb, metal-m2-max, rocm-24gb, vulkan-igpu";
    QTest::newRow("unknown preset") << "" << "" << "cuda-12gb" << "unknown device 'cuda-12gb'; " + presets;
    QTest::newRow("missing file") << "" << "" << "DIR/none.json"
                                  << "DIR/none.json: cannot open: No such file or directory";
    QTest::newRow("directory") << "" << "" << "DIR" << "DIR: is a directory";
    QTest::newRow("bad file") << "gpu.json"
                              << R"({"format": "planscope-device", "version": 1, "name": "X", "kind": "npu"})"
                              << "DIR/gpu.json" << "DIR/gpu.json: /kind: 'npu' is not one of cpu, gpu, igpu, accel, rpc";
    QTest::newRow("too large") << "big.json" << QString(1100000, ' ') << "DIR/big.json"
                               << "DIR/big.json: the file is 1100000 bytes; the limit for a device profile is 1048576";
}

void TestDeviceProfile::load_errors() {
    QFETCH(QString, file);
    QFETCH(QString, text);
    QFETCH(QString, name);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    if (!file.isEmpty()) std::ofstream(dir.filePath(file).toStdString()) << text.toStdString();
    const auto d = load_device_profile(QString(name).replace("DIR", dir.path()).toStdString());
    QVERIFY(!d);
    QCOMPARE(QString::fromStdString(d.err().message), QString(message).replace("DIR", dir.path()));
}

void TestDeviceProfile::presets() {
    QCOMPARE(device_preset_names(),
             (std::vector<std::string>{"cuda-24gb", "cuda-80gb", "metal-m2-max", "rocm-24gb", "vulkan-igpu"}));
    // A file loads like a preset: the preset's own text, written out and read back.
    QTemporaryDir dir;
    const std::string path = dir.filePath("mine.json").toStdString();
    std::ofstream(path) << device_profile_json(preset("vulkan-igpu"));
    const auto d = load_device_profile(path);
    QVERIFY2(d, d ? "" : d.err().message.c_str());
    QVERIFY(*d == preset("vulkan-igpu"));
    QVERIFY(*load_device_profile("cuda-24gb") == preset("cuda-24gb"));
}

void TestDeviceProfile::preset_values() {
    const device_profile cuda = preset("cuda-24gb");
    QCOMPARE(cuda.name, std::string("CUDA0"));
    QCOMPARE(cuda.kind, device_kind::gpu);
    QCOMPARE(cuda.memory_total, std::uint64_t{24} << 30);
    QCOMPARE(cuda.buffer.alignment, std::size_t{128});
    QCOMPARE(cuda.buffer.max_size, SIZE_MAX);
    QCOMPARE(cuda.buffer.quantized_row_padding, std::int64_t{512});
    QCOMPARE(cuda.buffer.alloc_extra, device_alloc_extra::cuda);
    QVERIFY(cuda.host_buffer && cuda.host_buffer->name == "CUDA_Host" && cuda.host_buffer->host);
    QCOMPARE(cuda.host_buffer->alignment, std::size_t{32});
    QVERIFY(!cuda.supports_row_split); // no backend of da46e59c exports ggml_backend_split_buffer_type
    QCOMPARE(cuda.offload.min_batch_size, std::int64_t{32});
    QCOMPARE(preset("rocm-24gb").buffer.name, std::string("ROCm0"));
    QCOMPARE(preset("rocm-24gb").host_buffer->name, std::string("ROCm_Host"));

    const device_profile metal = preset("metal-m2-max");
    QCOMPARE(metal.name, std::string("MTL0"));
    QCOMPARE(metal.memory_total, std::uint64_t{77309411328}); // recommendedMaxWorkingSetSize, 73728 MiB
    QCOMPARE(metal.buffer.max_size, std::size_t{57982058496}); // maxBufferLength, 55296 MiB
    QCOMPARE(metal.buffer.alignment, std::size_t{32});
    QVERIFY(metal.unified_memory && !metal.host_buffer);
    QCOMPARE(metal.offload.ops, (std::vector<op_kind>{op_kind::mul_mat, op_kind::mul_mat_id}));

    const device_profile vk = preset("vulkan-igpu");
    QCOMPARE(vk.kind, device_kind::igpu);
    QCOMPARE(vk.buffer.alignment, std::size_t{4});
    QCOMPARE(vk.buffer.max_size, std::size_t{1} << 30);
    QCOMPARE(vk.host_buffer->name, std::string("Vulkan_Host"));
    QCOMPARE(vk.host_buffer->alignment, std::size_t{4096});

    const device_profile cpu = cpu_device_profile();
    QCOMPARE(cpu.name, std::string("CPU"));
    QCOMPARE(cpu.kind, device_kind::cpu);
    QCOMPARE(cpu.buffer.name, std::string("CPU"));
    QCOMPARE(cpu.buffer.alignment, std::size_t{32});
    QVERIFY(cpu.buffer.host && !cpu.host_buffer);
    QVERIFY(cpu.memory_total > 0 && cpu.memory_free == cpu.memory_total);
    QCOMPARE(cpu.offload.min_batch_size, std::int64_t{0});
    // /proc/cpuinfo's flags that the CPU's extra buffer types check, sorted (which ones: the machine's).
    const std::vector<std::string> known{"amx_int8", "avx2", "avx512_vnni", "avx512f"};
    for (const std::string& f : cpu.cpu_features) QVERIFY2(std::count(known.begin(), known.end(), f) == 1, f.c_str());
    QVERIFY(std::is_sorted(cpu.cpu_features.begin(), cpu.cpu_features.end()));
}

void TestDeviceProfile::round_trip_data() {
    QTest::addColumn<QString>("name");
    for (const std::string& n : device_preset_names()) QTest::newRow(n.c_str()) << QString::fromStdString(n);
    QTest::newRow("cpu") << "cpu";
    QTest::newRow("every field") << "every field";
}

void TestDeviceProfile::round_trip() {
    QFETCH(QString, name);
    device_profile d;
    if (name == "every field") {
        d.name = "RPC0";
        d.description = "a host at 10.0.0.2:50052 \"quoted\"";
        d.kind = device_kind::rpc;
        d.memory_total = 1000;
        d.memory_free = 999;
        d.buffer = {"RPC[10.0.0.2:50052]", 64, 123456789, false, 256, device_alloc_extra::metal};
        d.host_buffer = device_buffer_type{"RPC_Host", 16, SIZE_MAX, true, 0, device_alloc_extra::none};
        d.unified_memory = true;
        d.supports_row_split = true;
        d.supports.push_back({op_kind::unary, unary_kind::gelu_erf, {dtype::f16},
                              {{dtype::f16}, {}, {dtype::q4_k, dtype::iq4_xs}}, 512, {64, 128}, true, false, 8});
        d.supports.push_back({});
        d.offload = {16, {op_kind::mul_mat, op_kind::rope}};
        d.copy_gbps = 12.3;
        d.compute_tflops = 0.1;
        d.cpu_features = {"avx2", "avx512f", "amx_int8"};
    } else {
        d = profile_by_name(name);
    }
    const std::string text = device_profile_json(d);
    const auto back = parse_device_profile(text);
    QVERIFY2(back, back ? "" : back.err().message.c_str());
    QVERIFY(*back == d);
    QCOMPARE(device_profile_json(*back), text);
}

void TestDeviceProfile::sizes_written_as_read() {
    const auto d = parse_device_profile(with_memory(R"("total": "80 GB", "free": "1.5 GiB")"));
    QVERIFY2(d, d ? "" : d.err().message.c_str());
    QCOMPARE(d->memory_total, std::uint64_t{80'000'000'000});
    QCOMPARE(d->memory_free, std::uint64_t{1610612736});
    const std::string text = device_profile_json(*d);
    QVERIFY(text.find(R"("memory": {"total": 80000000000, "free": "1536 MiB"})") != std::string::npos);
    QVERIFY(text.find(R"("max_size": null)") != std::string::npos);
}

void TestDeviceProfile::supports_data() {
    QTest::addColumn<QString>("device");
    QTest::addColumn<QString>("graph");
    QTest::addColumn<bool>("supported");
    const auto row = [](const char* device, const char* graph, bool supported) {
        QTest::newRow((std::string(device) + ": " + graph).c_str()) << device << graph << supported;
    };
    // ggml-cuda.cu:4630-4683: the weight's type; an f16 input only with f16 weights.
    row("cuda-24gb", "MUL_MAT q4_K x f32", true);
    row("cuda-24gb", "MUL_MAT q8_K x f32", true);
    row("cuda-24gb", "MUL_MAT tq1_0 x f32", false);
    row("cuda-24gb", "MUL_MAT q4_0 x f16", false);
    row("cuda-24gb", "MUL_MAT f16 x f16", true);
    row("vulkan-igpu", "MUL_MAT q8_K x f32", false);
    row("vulkan-igpu", "MUL_MAT bf16 x f16", false);
    row("vulkan-igpu", "MUL_MAT q4_0 x f16", true);
    row("metal-m2-max", "MUL_MAT tq1_0 x f32", true);
    // GET_ROWS: CUDA has no K-quant rows (ggml-cuda.cu:4688), Vulkan and Metal do.
    row("cuda-24gb", "GET_ROWS q4_K", false);
    row("cuda-24gb", "GET_ROWS q8_0", true);
    row("vulkan-igpu", "GET_ROWS q4_K", true);
    row("metal-m2-max", "GET_ROWS q4_K", true);
    // FLASH_ATTN_EXT: head sizes (CUDA's list, Metal's list, Vulkan's multiple of 8) and K/V types.
    row("cuda-24gb", "FA 128 f16", true);
    row("cuda-24gb", "FA 48 f16", false);
    row("cuda-24gb", "FA 576 q8_0", true);
    row("cuda-24gb", "FA 128 q8_0 K f16 V", false);
    row("cuda-24gb", "FA 128 q4_1", false);
    row("metal-m2-max", "FA 48 f16", true);
    row("metal-m2-max", "FA 36 f16", false);
    row("metal-m2-max", "FA 128 q8_0 K f16 V", false);
    row("metal-m2-max", "FA 128 q4_1", true);
    row("vulkan-igpu", "FA 48 f16", true);
    row("vulkan-igpu", "FA 36 f16", false);
    row("vulkan-igpu", "FA 128 q8_0 K f16 V", true);
    // CUDA's unary ops want a contiguous source (ggml-cuda.cu:4612).
    row("cuda-24gb", "SILU contiguous", true);
    row("cuda-24gb", "SILU permuted", false);
    row("vulkan-igpu", "SILU permuted", true);
    // The KV cache's type (SET_ROWS' result).
    row("cuda-24gb", "SET_ROWS q8_0", true);
    row("cuda-24gb", "SET_ROWS q4_K", false);
    row("metal-m2-max", "SET_ROWS q4_K", false);
    row("cpu", "SET_ROWS q4_K", true);
    row("cpu", "SET_ROWS iq2_xxs", false);
    row("cpu", "MUL_MAT tq1_0 x f32", true);
    // ARGSORT past 1024 columns: CUDA sorts with CUB, HIP has no CUB (ggml-cuda.cu:4921-4926).
    row("cuda-24gb", "ARGSORT 2048", true);
    row("rocm-24gb", "ARGSORT 2048", false);
    // Ops a backend does not list (its supports_op's default).
    row("cuda-24gb", "DIAG_MASK_ZERO", false);
    row("cuda-24gb", "DIAG_MASK_INF", true);
    row("metal-m2-max", "DIAG_MASK_INF", false);
    row("cuda-80gb", "ADD f32", true);
}

void TestDeviceProfile::supports() {
    QFETCH(QString, device);
    QFETCH(QString, graph);
    QFETCH(bool, supported);
    context ctx;
    builder b(ctx);
    const tensor_id node = graph_cases().at(graph.toStdString())(b);
    QVERIFY2(b.ok(), b.ok() ? "" : b.first_error()->message.c_str());
    QCOMPARE(device_supports_op(profile_by_name(device), ctx, ctx[node]), supported);
}

void TestDeviceProfile::rule_semantics() {
    context ctx;
    builder b(ctx);
    const tensor_id fa = flash_attn(b, 128, dtype::f16, dtype::f16);
    const tensor_id no_mask =
        b.flash_attn_ext(b.new_tensor_4d(dtype::f32, 128, 7, 32, 1), b.new_tensor_4d(dtype::f16, 128, 256, 8, 1),
                         b.new_tensor_4d(dtype::f16, 128, 256, 8, 1), std::nullopt);
    const tensor_id add = b.add(b.new_tensor_1d(dtype::f32, 8), b.new_tensor_1d(dtype::f32, 8));
    QVERIFY(b.ok());
    device_profile d;
    // A rule on a source the node lacks does not match: a mask rule leaves FA without a mask alone.
    device_op_rule mask_f16;
    mask_f16.op = op_kind::flash_attn_ext;
    mask_f16.src_types = {{}, {}, {}, {dtype::f16}};
    mask_f16.supported = false;
    d.supports = {mask_f16};
    QVERIFY(!device_supports_op(d, ctx, ctx[fa]));
    QVERIFY(device_supports_op(d, ctx, ctx[no_mask]));
    // The first rule that matches decides; a rule without an op matches every op.
    device_op_rule any_off;
    any_off.supported = false;
    device_op_rule add_on;
    add_on.op = op_kind::add;
    d.supports = {add_on, any_off};
    QVERIFY(device_supports_op(d, ctx, ctx[add]));
    QVERIFY(!device_supports_op(d, ctx, ctx[fa]));
    d.supports = {any_off, add_on};
    QVERIFY(!device_supports_op(d, ctx, ctx[add]));
    // max_ne0 and ne0_multiple_of read src0's ne[0] (Q's head size).
    device_op_rule small_heads;
    small_heads.max_ne0 = 64;
    small_heads.ne0_multiple_of = 8;
    small_heads.supported = false;
    d.supports = {small_heads};
    QVERIFY(device_supports_op(d, ctx, ctx[fa]));
    small_heads.max_ne0 = 128;
    d.supports = {small_heads};
    QVERIFY(!device_supports_op(d, ctx, ctx[fa]));
    // param reads one op parameter word: ROPE's mode is word 2.
    rope_args neox;
    neox.n_dims = 8;
    neox.mode = rope_mode_neox;
    const tensor_id rope = b.rope(b.new_tensor_3d(dtype::f32, 8, 2, 3), b.new_tensor_1d(dtype::i32, 3), neox);
    QVERIFY(b.ok());
    device_op_rule modes;
    modes.op = op_kind::rope;
    modes.param = device_op_rule::param_in{2, {0, 2}};
    d.supports = {modes, any_off};
    QVERIFY(device_supports_op(d, ctx, ctx[rope]));
    modes.param->in = {0};
    d.supports = {modes, any_off};
    QVERIFY(!device_supports_op(d, ctx, ctx[rope]));
}

void TestDeviceProfile::offload_data() {
    QTest::addColumn<QString>("device");
    QTest::addColumn<QString>("op");
    QTest::addColumn<qint64>("batch"); // the dimension get_op_batch_size reads
    QTest::addColumn<bool>("offloads");
    const auto row = [](const char* device, const char* op, qint64 batch, bool offloads) {
        QTest::newRow((std::string(device) + ": " + op + " " + std::to_string(batch)).c_str())
            << device << op << batch << offloads;
    };
    row("cuda-24gb", "MUL_MAT", 31, false); // ne[1]
    row("cuda-24gb", "MUL_MAT", 32, true);
    row("cuda-24gb", "MUL_MAT_ID", 31, false); // ne[2], the tokens, with 8 experts each in ne[1]
    row("cuda-24gb", "MUL_MAT_ID", 32, true);
    row("cuda-24gb", "ROPE", 31, false); // ne[2], with 32 heads in ne[1]
    row("cuda-24gb", "ROPE", 32, true);
    row("cuda-24gb", "GET_ROWS", 512, false); // always 0
    row("cuda-24gb", "ADD", 32, true);        // the rows
    row("vulkan-igpu", "ADD", 31, false);
    row("vulkan-igpu", "MUL_MAT", 512, true);
    row("metal-m2-max", "MUL_MAT", 32, true);
    row("metal-m2-max", "MUL_MAT_ID", 32, true);
    row("metal-m2-max", "ADD", 512, false); // Metal offloads matrix products only
    row("cpu", "MUL_MAT", 512, false);
}

void TestDeviceProfile::offload() {
    QFETCH(QString, device);
    QFETCH(QString, op);
    QFETCH(qint64, batch);
    QFETCH(bool, offloads);
    context ctx;
    builder b(ctx);
    tensor_id node;
    if (op == "MUL_MAT") node = mul_mat(b, dtype::q4_0, dtype::f32, batch);
    if (op == "MUL_MAT_ID")
        node = b.mul_mat_id(b.new_tensor_3d(dtype::q4_0, 256, 512, 64), b.new_tensor_3d(dtype::f32, 256, 1, batch),
                            b.new_tensor_2d(dtype::i32, 8, batch));
    if (op == "ROPE")
        node = b.rope(b.new_tensor_3d(dtype::f32, 128, 32, batch), b.new_tensor_1d(dtype::i32, batch), {.n_dims = 128});
    if (op == "GET_ROWS") node = b.get_rows(b.new_tensor_2d(dtype::f16, 64, 1000), b.new_tensor_1d(dtype::i32, batch));
    if (op == "ADD") node = b.add(b.new_tensor_2d(dtype::f32, 64, batch), b.new_tensor_2d(dtype::f32, 64, batch));
    QVERIFY2(b.ok(), b.ok() ? "" : b.first_error()->message.c_str());
    QCOMPARE(device_offloads_op(profile_by_name(device), ctx[node]), offloads);
}

void TestDeviceProfile::alloc_size_data() {
    QTest::addColumn<QString>("device");
    QTest::addColumn<QString>("graph");
    QTest::addColumn<qint64>("bytes");      // with the context
    QTest::addColumn<qint64>("weight_bytes"); // without: nbytes and the row padding
    const auto row = [](const char* device, const char* graph, qint64 bytes, qint64 weight_bytes) {
        QTest::newRow((std::string(device) + ": " + graph).c_str()) << device << graph << bytes << weight_bytes;
    };
    // 32 rows of 4096 q4_0: 128 blocks of 18 bytes each; 4096 is a multiple of 512.
    row("cuda-24gb", "q4_0 [4096, 32]", 73728, 73728);
    // 4000 = 125 blocks (72000 bytes for 32 rows); the last row padded by 512 - 4000 % 512 = 96
    // elements, 3 blocks, 54 bytes.
    row("cuda-24gb", "q4_0 [4000, 32]", 72054, 72054);
    row("cpu", "q4_0 [4000, 32]", 72000, 72000);
    row("metal-m2-max", "q4_0 [4000, 32]", 72000, 72000);
    // q4_K: 4352 % 512 = 256, one block of 144 bytes more than 2 x 17 x 144.
    row("cuda-24gb", "q4_K [4352, 2]", 5040, 5040);
    row("cuda-24gb", "f16 [4000, 32]", 256000, 256000); // not quantised: no padding
    // Metal's ARGSORT: twice its i32 result of 128 x 7.
    row("metal-m2-max", "ARGSORT 128 x 7", 7168, 3584);
    // Metal's TOP_K: 2 x 4 bytes per element of its source, whatever k.
    row("metal-m2-max", "TOP_K 8 of 128 x 7", 7168, 224);
    // Metal's MUL_MAT_ID: f32 [1024, 2, 7] = 57344 bytes, with 4 bytes per expert (8) and per
    // expert and token (8 x 7).
    row("metal-m2-max", "MUL_MAT_ID 8 experts", 57344 + 32 + 224, 57344);
    // Metal's FLASH_ATTN_EXT: q f32 [128, 7, 32], K and V f16 [128, 256, 8], mask f16 [256, 7].
    // Result f32 [128, 32, 7] = 114688; padding 64 x (256 x 8 + 256 x 8 + 2 x 7) = 263040; mask
    // blocks (vector kernel: 1 x 32) 8 x 7 = 56 -> 64; partials 4 x 7 x 32 x 32 x (128 + 2) = 3727360.
    row("metal-m2-max", "FA 128 f16", 114688 + 263040 + 64 + 3727360, 114688);
    // CUDA's FLASH_ATTN_EXT over a q8_0 cache of 7 queries: f16 copies of K and V (262144
    // elements each) after the result, at 128-byte boundaries.
    row("cuda-24gb", "FA 128 q8_0 x 7", 114688 + 524288 + 524288, 114688);
    // One query: the vector kernel reads q8_0 itself.
    row("cuda-24gb", "FA 128 q8_0 x 1", 16384, 16384);
    row("cuda-24gb", "FA 128 f16", 114688, 114688);
    row("vulkan-igpu", "FA 128 f16", 114688, 114688);
    // AMX (ggml_backend_amx_get_alloc_size): per row of ne[1], ne[0] / block blocks, and per block
    // 4 bytes more for q8_0, q4_K, q5_K, 2 for iq4_xs; q4_0 and f16 keep their nbytes.
    row("amx", "q4_0 [4096, 32]", 73728, 73728);
    row("amx", "q8_0 [4096, 32]", 32 * 128 * (34 + 4), 32 * 128 * (34 + 4)); // nbytes 139264
    row("amx", "q4_K [4352, 2]", 2 * 17 * (144 + 4), 2 * 17 * (144 + 4));    // nbytes 4896
    row("amx", "f16 [4000, 32]", 256000, 256000);
}

void TestDeviceProfile::alloc_size() {
    QFETCH(QString, device);
    QFETCH(QString, graph);
    QFETCH(qint64, bytes);
    QFETCH(qint64, weight_bytes);
    context ctx;
    builder b(ctx);
    const std::string g = graph.toStdString();
    tensor_id t;
    if (g == "q4_0 [4096, 32]") t = b.new_tensor_2d(dtype::q4_0, 4096, 32);
    if (g == "q4_0 [4000, 32]") t = b.new_tensor_2d(dtype::q4_0, 4000, 32);
    if (g == "q4_K [4352, 2]") t = b.new_tensor_2d(dtype::q4_k, 4352, 2);
    if (g == "q8_0 [4096, 32]") t = b.new_tensor_2d(dtype::q8_0, 4096, 32);
    if (g == "f16 [4000, 32]") t = b.new_tensor_2d(dtype::f16, 4000, 32);
    if (g == "ARGSORT 128 x 7") t = b.argsort(b.new_tensor_2d(dtype::f32, 128, 7), sort_order::desc);
    if (g == "TOP_K 8 of 128 x 7") t = b.top_k(b.new_tensor_2d(dtype::f32, 128, 7), 8);
    if (g == "MUL_MAT_ID 8 experts")
        t = b.mul_mat_id(b.new_tensor_3d(dtype::q4_0, 4096, 1024, 8), b.new_tensor_3d(dtype::f32, 4096, 1, 7),
                         b.new_tensor_2d(dtype::i32, 2, 7));
    if (g == "FA 128 f16") t = flash_attn(b, 128, dtype::f16, dtype::f16);
    if (g == "FA 128 q8_0 x 7") t = flash_attn(b, 128, dtype::q8_0, dtype::q8_0);
    if (g == "FA 128 q8_0 x 1") t = flash_attn(b, 128, dtype::q8_0, dtype::q8_0, 1);
    QVERIFY2(b.ok() && t.valid(), b.ok() ? "no such case" : b.first_error()->message.c_str());
    // "amx": the CPU's AMX buffer type (llm_cpu_extra.h).
    const device_buffer_type buffer = device == "amx"
                                          ? device_buffer_type{"AMX", 32, SIZE_MAX, false, 0, device_alloc_extra::amx}
                                          : profile_by_name(device).buffer;
    const auto with_ctx = device_alloc_size(buffer, ctx, ctx[t]);
    const auto without = device_alloc_size(buffer, ctx[t]);
    QVERIFY(with_ctx && without);
    QCOMPARE(static_cast<qint64>(*with_ctx), bytes);
    QCOMPARE(static_cast<qint64>(*without), weight_bytes);
}

void TestDeviceProfile::alloc_size_overflow() {
    tensor t;
    t.name = "huge";
    t.type = dtype::f32;
    t.ne = {std::int64_t{1} << 40, std::int64_t{1} << 40, 1, 1};
    t.nb = contiguous_strides(t.type, t.ne);
    const auto size = device_alloc_size(preset("cuda-24gb").buffer, t);
    QVERIFY(!size);
    QCOMPARE(size.err().message, std::string("the size of tensor 'huge' overflows"));
}

QTEST_APPLESS_MAIN(TestDeviceProfile)
#include "test_device_profile.moc"
