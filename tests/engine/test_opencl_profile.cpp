// The machine's OpenCL device as a device profile (backend/opencl/opencl_profile.h) on PoCL: its
// name, description, memory, alignment and maximum allocation are those the real OpenCL backend
// works with; load_device_profile's "opencl", "opencl:SPEC" and "cpu"; the profile's rules give
// opencl_backend::supports_op's answer on every node of real graphs (the llama template, stories260K,
// the Llama-2-7B shape and zoo models with experts, sinks and other attentions) and on single ops
// chosen for the rules' edges (ROPE's modes, optional sources of a wrong type). Skipped where no
// OpenCL device is found; not built without OpenCL.
#include "backend/opencl/cl_backend.h"
#include "backend/opencl/opencl_backend.h"
#include "backend/opencl/opencl_profile.h"
#include "core/builder.h"
#include "device/device_presets.h"
#include "llm/llm_build.h"
#include "model_zoo.h"
#include "models/templates.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <functional>
#include <map>

using namespace planscope;

namespace {

std::unique_ptr<backend>& real_backend() {
    static std::unique_ptr<backend> b;
    return b;
}

const opencl::opencl_backend& real_cl() { return dynamic_cast<const opencl::opencl_backend&>(*real_backend()); }

cl_ulong device_ulong(cl_device_info what) {
    cl_ulong v = 0;
    clGetDeviceInfo(real_cl().device().device, what, sizeof v, &v, nullptr);
    return v;
}

// The largest allocation the backend allows, from its own refusal of one byte more.
std::size_t backend_max_alloc() {
    const std::size_t probe = static_cast<std::size_t>(device_ulong(CL_DEVICE_MAX_MEM_ALLOC_SIZE)) + 1;
    auto refused = real_backend()->alloc_buffer(buffer_id{0}, probe);
    if (refused) return 0;
    const std::string& m = refused.err().message;
    const auto open = m.rfind(" ("), close = m.rfind(" bytes)");
    if (open == std::string::npos || close == std::string::npos || close <= open) return 0;
    return std::stoull(m.substr(open + 2, close - open - 2));
}

// A graph to compare on: the nodes of a template, a shared model or a zoo model.
graph_document llm_graph(const gguf_file& file, std::uint32_t n_tokens, llm_flash_attn fa, dtype kv) {
    llm_context_params p;
    p.n_ctx = 256;
    p.n_batch = p.n_ubatch = n_tokens;
    p.flash_attn = fa;
    p.type_k = p.type_v = kv;
    auto built = build_llm_graph(file, p, {n_tokens, 1, n_tokens});
    if (!built) qFatal("%s", built.err().message.c_str());
    return std::move(built->doc);
}

const gguf_file& shared_model(const std::string& name) {
    static std::map<std::string, gguf_file> files;
    if (auto it = files.find(name); it != files.end()) return it->second;
    auto f = open_gguf(std::filesystem::path(PLANSCOPE_SHARED_DIR) / "models" / name);
    if (!f) qFatal("%s", f.err().message.c_str());
    return files.emplace(name, std::move(*f)).first->second;
}

const gguf_file& zoo_model(const std::string& name) {
    static QTemporaryDir dir;
    static std::map<std::string, gguf_file> files;
    if (auto it = files.find(name); it != files.end()) return it->second;
    auto m = test_models::zoo_model_named(name);
    if (!m) qFatal("no zoo model %s", name.c_str());
    const std::filesystem::path path(dir.path().toStdString());
    if (auto w = test_models::write_zoo_model(*m, path); !w) qFatal("%s", w.err().message.c_str());
    auto f = open_gguf(path / (name + ".gguf"));
    if (!f) qFatal("%s", f.err().message.c_str());
    return files.emplace(name, std::move(*f)).first->second;
}

using graph_maker = std::function<graph_document()>;

const std::map<std::string, graph_maker>& graphs() {
    static const std::map<std::string, graph_maker> g{
        {"llama template f16", [] { return std::move(build_template("llama?n_layer=2&kv_type=f16")->doc); }},
        {"llama template f32", [] { return std::move(build_template("llama?n_layer=2&kv_type=f32")->doc); }},
        {"stories260K fa", [] { return llm_graph(shared_model("stories260K.gguf"), 32, llm_flash_attn::on, dtype::f16); }},
        {"stories260K no fa", [] { return llm_graph(shared_model("stories260K.gguf"), 32, llm_flash_attn::off, dtype::f16); }},
        {"llama 7b shape", [] { return llm_graph(shared_model("ggml-vocab-llama-spm.gguf"), 512, llm_flash_attn::off, dtype::f16); }},
        {"llama 7b q8_0 kv", [] { return llm_graph(shared_model("ggml-vocab-llama-spm.gguf"), 512, llm_flash_attn::on, dtype::q8_0); }},
        {"zoo llama-moe", [] { return llm_graph(zoo_model("llama-moe"), 8, llm_flash_attn::on, dtype::f16); }},
        {"zoo qwen2", [] { return llm_graph(zoo_model("qwen2"), 8, llm_flash_attn::on, dtype::f16); }},
        {"zoo gemma2", [] { return llm_graph(zoo_model("gemma2"), 8, llm_flash_attn::off, dtype::f16); }},
        {"zoo gpt2", [] { return llm_graph(zoo_model("gpt2"), 8, llm_flash_attn::off, dtype::f16); }},
        {"zoo gpt-oss", [] { return llm_graph(zoo_model("gpt-oss"), 8, llm_flash_attn::on, dtype::f16); }},
        {"zoo deepseek2", [] { return llm_graph(zoo_model("deepseek2"), 8, llm_flash_attn::off, dtype::f16); }},
    };
    return g;
}

// One op on its own leafs; the node to ask about.
struct one_op {
    context ctx;
    tensor_id node;
};
using op_maker = std::function<tensor_id(builder&)>;

// `node` with source `src` replaced by a leaf of its shape of `type`: what ggml's checks (and so
// the builder's) let through and a backend may still refuse.
tensor_id with_source_type(builder& b, tensor_id node, int src, dtype type) {
    context& ctx = b.ctx();
    const tensor_id old = ctx[node].src[static_cast<std::size_t>(src)];
    const tensor_id leaf = b.new_tensor(type, ctx[old].ne);
    ctx[node].src[static_cast<std::size_t>(src)] = leaf;
    return node;
}

const std::map<std::string, op_maker>& single_ops() {
    const auto rope = [](int mode, dtype type, dtype factors) {
        return [=](builder& b) {
            const bool multi = (mode & rope_mode_mrope) != 0;
            rope_args a;
            a.n_dims = 8;
            a.mode = mode;
            if (multi) a.sections = {2, 2, 0, 0};
            a.freq_factors = b.new_tensor_1d(dtype::f32, 4);
            const tensor_id r = b.rope(b.new_tensor_3d(type, 8, 2, 3), b.new_tensor_1d(dtype::i32, multi ? 12 : 3), a);
            return factors == dtype::f32 ? r : with_source_type(b, r, 2, factors);
        };
    };
    const auto fa = [](dtype k, dtype mask) {
        return [=](builder& b) {
            const tensor_id r =
                b.flash_attn_ext(b.new_tensor_4d(dtype::f32, 64, 4, 2, 1), b.new_tensor_4d(k, 64, 32, 2, 1),
                                 b.new_tensor_4d(k, 64, 32, 2, 1), b.new_tensor_4d(dtype::f16, 32, 4, 1, 1));
            return mask == dtype::f16 ? r : with_source_type(b, r, 3, mask);
        };
    };
    const auto soft_max = [](dtype mask) {
        return [=](builder& b) {
            const tensor_id r = b.soft_max_ext(b.new_tensor_3d(dtype::f32, 32, 4, 2), b.new_tensor_2d(dtype::f16, 32, 4));
            return mask == dtype::f16 ? r : with_source_type(b, r, 1, mask);
        };
    };
    const auto mul_mat = [](dtype w) {
        return [=](builder& b) { return b.mul_mat(b.new_tensor_2d(w, 256, 4), b.new_tensor_2d(dtype::f32, 256, 3)); };
    };
    static const std::map<std::string, op_maker> ops{
        {"rope normal", rope(rope_mode_normal, dtype::f32, dtype::f32)},
        {"rope neox", rope(rope_mode_neox, dtype::f32, dtype::f32)},
        {"rope mrope", rope(rope_mode_mrope, dtype::f32, dtype::f32)},
        {"rope f16", rope(rope_mode_normal, dtype::f16, dtype::f32)},
        {"rope f16 factors", rope(rope_mode_normal, dtype::f32, dtype::f16)},
        {"fa f16 mask", fa(dtype::f16, dtype::f16)},
        {"fa f32 mask", fa(dtype::f16, dtype::f32)},
        {"fa q8_0 kv", fa(dtype::q8_0, dtype::f16)},
        {"soft_max f16 mask", soft_max(dtype::f16)},
        {"soft_max i32 mask", soft_max(dtype::i32)},
        {"mul_mat q8_0", mul_mat(dtype::q8_0)},
        {"mul_mat q4_K", mul_mat(dtype::q4_k)},
        {"argsort desc", [](builder& b) { return b.argsort(b.new_tensor_2d(dtype::f32, 16, 2), sort_order::desc); }},
        {"sum_rows", [](builder& b) { return b.sum_rows(b.new_tensor_2d(dtype::f32, 16, 2)); }},
        {"set_rows q8_0", [](builder& b) {
             return b.set_rows(b.new_tensor_2d(dtype::q8_0, 64, 8), b.new_tensor_2d(dtype::f32, 64, 2),
                               b.new_tensor_1d(dtype::i64, 2));
         }},
    };
    return ops;
}

} // namespace

class TestOpenclProfile : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void values_are_the_backends();
    void loaded_by_name_data();
    void loaded_by_name();
    void json_reads_back_equal();
    void agrees_on_graphs_data();
    void agrees_on_graphs();
    void agrees_on_single_ops_data();
    void agrees_on_single_ops();
};

void TestOpenclProfile::initTestCase() {
    auto b = make_opencl_backend();
    if (!b) QSKIP(b.err().message.c_str());
    real_backend() = std::move(*b);
}

void TestOpenclProfile::values_are_the_backends() {
    auto p = opencl_device_profile();
    QVERIFY2(p, p ? "" : p.err().message.c_str());
    const backend& b = *real_backend();
    QCOMPARE(p->name, std::string(b.name()));
    QCOMPARE(p->name, std::string("OpenCL"));
    QCOMPARE(p->description, opencl_device_name(b));
    QCOMPARE(p->buffer.name, std::string(b.name())); // the scheduler's buffer type for the backend
    QCOMPARE(p->buffer.host, false);
    QCOMPARE(p->buffer.alignment, b.alignment());
    QCOMPARE(p->buffer.max_size, backend_max_alloc());
    QCOMPARE(p->memory_total, std::uint64_t{device_ulong(CL_DEVICE_GLOBAL_MEM_SIZE)});
    QCOMPARE(p->memory_free, p->memory_total - (std::uint64_t{1} << 30)); // ggml-opencl's margin
    QCOMPARE(p->buffer.quantized_row_padding, std::int64_t{0});
    QCOMPARE(p->buffer.alloc_extra, device_alloc_extra::none);
    QVERIFY(!p->host_buffer);
    QCOMPARE(p->offload.min_batch_size, std::int64_t{0});
    QVERIFY(!p->supports_row_split);
    // PoCL's device is a CPU to OpenCL, with the host's memory: a device of its own to the
    // scheduler all the same, as the OpenCL backend is.
    cl_device_type type = 0;
    clGetDeviceInfo(real_cl().device().device, CL_DEVICE_TYPE, sizeof type, &type, nullptr);
    QCOMPARE(p->kind, (type & CL_DEVICE_TYPE_GPU) && p->unified_memory ? device_kind::igpu : device_kind::gpu);
    if (type & CL_DEVICE_TYPE_CPU) {
        QCOMPARE(p->kind, device_kind::gpu);
        QVERIFY(p->unified_memory);
    }
    qInfo("%s: %s, memory %llu, alignment %zu, max size %zu, unified %d", p->name.c_str(), p->description.c_str(),
          static_cast<unsigned long long>(p->memory_total), p->buffer.alignment, p->buffer.max_size,
          int(p->unified_memory));
}

void TestOpenclProfile::loaded_by_name_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("spec");  // opencl_device_profile's; "cpu": cpu_device_profile
    QTest::addColumn<QString>("error"); // the start of the error; empty: loads
    QTest::newRow("opencl") << "opencl" << "" << "";
    QTest::newRow("index") << "opencl:0" << "0" << "";
    QTest::newRow("name substring") << "opencl:PTHREAD" << "pthread" << "";
    QTest::newRow("empty spec") << "opencl:" << "" << "";
    QTest::newRow("cpu") << "cpu" << "cpu" << "";
    QTest::newRow("no such index") << "opencl:99" << "" << "device 'opencl:99': OpenCL: no device 99 (devices: 0: ";
    QTest::newRow("no such name") << "opencl:tpu"
                                  << "" << "device 'opencl:tpu': OpenCL: no device named like 'tpu' (devices: 0: ";
    QTest::newRow("not a machine device") << "openclx" << ""
                                          << "unknown device 'openclx'; presets: cuda-24gb, cuda-80gb, metal-m2-max, "
                                             "rocm-24gb, vulkan-igpu";
}

void TestOpenclProfile::loaded_by_name() {
    QFETCH(QString, name);
    QFETCH(QString, spec);
    QFETCH(QString, error);
    auto d = load_device_profile(name.toStdString());
    if (!error.isEmpty()) {
        QVERIFY(!d);
        QVERIFY2(d.err().message.starts_with(error.toStdString()), d.err().message.c_str());
        QVERIFY(d.err().message.find('\n') == std::string::npos);
        return;
    }
    QVERIFY2(d, d ? "" : d.err().message.c_str());
    if (spec == "cpu") {
        QCOMPARE(*d, cpu_device_profile());
        return;
    }
    auto want = opencl_device_profile(spec.toStdString());
    QVERIFY(want);
    QCOMPARE(*d, *want);
}

void TestOpenclProfile::json_reads_back_equal() {
    auto p = opencl_device_profile();
    QVERIFY(p);
    const std::string text = device_profile_json(*p);
    auto back = parse_device_profile(text);
    QVERIFY2(back, back ? "" : back.err().message.c_str());
    QCOMPARE(*back, *p);
    // ROPE's modes as the format writes the rule's parameter condition.
    QVERIFY2(text.find(R"({"op": "ROPE", "type": ["f32"], "src_types": [["f32"], ["i32"]], "param": {"index": 2, "in": [0, 2]}, "supported": true})") !=
                 std::string::npos,
             text.c_str());
    QCOMPARE(p->supports.size(), std::size_t{42});
}

void TestOpenclProfile::agrees_on_graphs_data() {
    QTest::addColumn<QString>("graph");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("supported"); // by the backend (and so by the profile)
    QTest::addColumn<QString>("refused"); // by the backend, per op
    const auto row = [](const char* g, int nodes, int supported, const char* refused) {
        QTest::newRow(g) << QString::fromUtf8(g) << nodes << supported << QString::fromUtf8(refused);
    };
    row("llama template f16", 74, 74, "");
    row("llama template f32", 74, 74, "");
    row("stories260K fa", 161, 161, "");
    row("stories260K no fa", 186, 186, "");
    row("llama 7b shape", 1158, 1158, "");
    // A q8_0 cache: SET_ROWS into it and FLASH_ATTN_EXT reading it stay on the CPU.
    row("llama 7b q8_0 kv", 1382, 1286, "FLASH_ATTN_EXT 32, SET_ROWS 64");
    row("zoo llama-moe", 100, 98, "SUM_ROWS 2"); // the experts' weights normalised
    row("zoo qwen2", 142, 142, "");
    row("zoo gemma2", 186, 186, "");
    row("zoo gpt2", 157, 157, "");
    row("zoo gpt-oss", 110, 110, "");
    row("zoo deepseek2", 121, 116, "CONCAT 4, SUM_ROWS 1");
    QCOMPARE(graphs().size(), std::size_t{12});
}

void TestOpenclProfile::agrees_on_graphs() {
    QFETCH(QString, graph);
    QFETCH(int, nodes);
    QFETCH(int, supported);
    QFETCH(QString, refused);
    auto p = opencl_device_profile();
    QVERIFY(p);
    const graph_document doc = graphs().at(graph.toStdString())();
    const backend& b = *real_backend();
    int n = 0, yes = 0;
    std::string disagree;
    std::map<std::string, int> by_op;
    for (tensor_id id : doc.g.nodes) {
        const tensor& t = doc.ctx[id];
        const bool real = b.supports_op(doc.ctx, t), profile = device_supports_op(*p, doc.ctx, t);
        ++n;
        yes += real;
        if (!real) ++by_op[std::string(info(t.op).name)];
        if (real != profile && disagree.size() < 400)
            disagree += t.name + " (" + std::string(info(t.op).name) + (real ? ": backend yes) " : ": backend no) ");
    }
    std::string refusals;
    for (const auto& [op, count] : by_op) refusals += (refusals.empty() ? "" : ", ") + op + " " + std::to_string(count);
    QVERIFY2(disagree.empty(), disagree.c_str());
    QCOMPARE(n, nodes);
    QCOMPARE(yes, supported);
    QCOMPARE(QString::fromStdString(refusals), refused);
}

void TestOpenclProfile::agrees_on_single_ops_data() {
    QTest::addColumn<QString>("op");
    QTest::addColumn<bool>("supported"); // by the backend and by the profile
    const std::map<std::string, bool> verdicts{
        {"rope normal", true},        {"rope neox", true},         {"rope mrope", false},
        {"rope f16", false},          {"rope f16 factors", false}, {"fa f16 mask", true},
        {"fa f32 mask", false},       {"fa q8_0 kv", false},       {"soft_max f16 mask", true},
        {"soft_max i32 mask", false}, {"mul_mat q8_0", true},      {"mul_mat q4_K", false},
        {"argsort desc", true},       {"sum_rows", false},         {"set_rows q8_0", false},
    };
    QCOMPARE(verdicts.size(), single_ops().size());
    for (const auto& [name, yes] : verdicts) QTest::newRow(name.c_str()) << QString::fromStdString(name) << yes;
}

void TestOpenclProfile::agrees_on_single_ops() {
    QFETCH(QString, op);
    QFETCH(bool, supported);
    auto p = opencl_device_profile();
    QVERIFY(p);
    context ctx;
    builder b(ctx);
    const tensor_id node = single_ops().at(op.toStdString())(b);
    QVERIFY2(b.ok(), b.ok() ? "" : b.first_error()->message.c_str());
    QCOMPARE(real_backend()->supports_op(ctx, ctx[node]), supported);
    QCOMPARE(device_supports_op(*p, ctx, ctx[node]), supported);
}

QTEST_APPLESS_MAIN(TestOpenclProfile)
#include "test_opencl_profile.moc"
