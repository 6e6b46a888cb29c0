// The OpenCL backend's slots on PoCL: device choice (index, name, environment) and its errors,
// cl_mem buffers (not host visible, aligned fake base, impossible sizes), transfers and copies
// with the CPU backend and between OpenCL buffers, plans, supports_op (what ggml 2026's graphs
// run here and what stays on the CPU, with the reasons), kernel errors (bad GET_ROWS / SET_ROWS
// indices, ADD_ID ids), and a program build failure carrying the compiler's log.
#include "alloc/tensor_allocator.h"
#include "backend/cpu/cpu_backend.h"
#include "backend/opencl/cl_ops.h"
#include "backend/opencl/cl_program.h"
#include "backend/opencl/opencl_backend.h"
#include "backend/tensor_copy.h"
#include "opencl_harness.h"

#include <QtTest>

#include <cstdlib>
#include <limits>

using namespace planscope;
using namespace planscope::testing;

namespace {

backend& cl() { return **shared_opencl(); }

// A tensor of `ne` f32 placed at the next free offset of `buffer`.
tensor_id placed(context& ctx, tensor_allocator& alloc, shape ne, const char* name) {
    builder b(ctx);
    const tensor_id t = b.set_name(b.new_tensor(dtype::f32, ne), name);
    alloc.alloc(ctx, t);
    return t;
}

std::vector<float> iota(std::size_t n, float start) {
    std::vector<float> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = start + static_cast<float>(i);
    return v;
}

} // namespace

class TestOpenclBackend : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void device_choice_data();
    void device_choice();
    void environment_device();
    void buffers();
    void impossible_buffer();
    void set_get_ranges();
    void copies_with_cpu();
    void copies_between_opencl_buffers();
    void cpu_refuses_device_memory();
    void opencl_refuses_host_buffers();
    void supports_op_data();
    void supports_op();
    void refusal_reasons_2026_data();
    void refusal_reasons_2026();
    void plan_reuse();
    void get_rows_bad_index();
    void bad_ids_2026();
    void build_failure_has_log();
};

void TestOpenclBackend::initTestCase() {
    auto b = shared_opencl();
    QVERIFY2(b.ok(), b.ok() ? "" : b.err().message.c_str());
    QVERIFY(is_opencl(**b));
    auto devices = list_opencl_devices();
    QVERIFY2(devices.ok(), devices.ok() ? "" : devices.err().message.c_str());
    QVERIFY(!devices->empty());
    QVERIFY(devices->front().starts_with("0: "));
}

void TestOpenclBackend::device_choice_data() {
    QTest::addColumn<QString>("device");
    QTest::addColumn<QString>("error"); // empty: the device is found
    QTest::newRow("index 0") << "0" << "";
    QTest::newRow("default") << "" << "";
    QTest::newRow("name substring, any case") << "PTHREAD" << "";
    QTest::newRow("bad name") << "no-such-device-xyz" << "OpenCL: no device named like 'no-such-device-xyz' (devices: 0: ";
    QTest::newRow("bad index") << "99" << "OpenCL: no device 99 (devices: 0: ";
    QTest::newRow("huge index") << "123456789012345" << "OpenCL: no device 123456789012345 (devices: ";
}

void TestOpenclBackend::device_choice() {
    QFETCH(QString, device);
    QFETCH(QString, error);
    auto b = make_opencl_backend({device.toStdString()});
    if (error.isEmpty()) {
        QVERIFY2(b.ok(), b.ok() ? "" : b.err().message.c_str());
        QCOMPARE(std::string((*b)->name()), std::string(cl().name()));
        return;
    }
    QVERIFY(!b.ok());
    QVERIFY2(b.err().message.starts_with(error.toStdString()), b.err().message.c_str());
}

void TestOpenclBackend::environment_device() {
    qputenv("PLANSCOPE_OPENCL_DEVICE", "no-such-device-xyz");
    auto from_env = make_opencl_backend();
    auto explicit_wins = make_opencl_backend({"0"});
    qunsetenv("PLANSCOPE_OPENCL_DEVICE");
    QVERIFY(!from_env.ok());
    QVERIFY(from_env.err().message.find("'no-such-device-xyz'") != std::string::npos);
    QVERIFY(explicit_wins.ok());
}

void TestOpenclBackend::buffers() {
    backend& b = cl();
    const std::size_t align = b.alignment();
    QVERIFY(align >= 4 && (align & (align - 1)) == 0);
    auto buf = b.alloc_buffer(buffer_id{3}, 1000);
    QVERIFY(buf.ok());
    QCOMPARE((*buf)->size(), std::size_t{1000});
    QCOMPARE((*buf)->id(), buffer_id{3});
    QCOMPARE((*buf)->alignment(), align);
    QVERIFY(!(*buf)->host_visible());
    QVERIFY((*buf)->data() != nullptr);
    QCOMPARE((*buf)->base() % align, std::uint64_t{0});
    QCOMPARE(&(*buf)->owner(), &b);
    auto empty = b.alloc_buffer(buffer_id{4}, 0);
    QVERIFY(empty.ok());
    QCOMPARE((*empty)->size(), std::size_t{0});
}

void TestOpenclBackend::impossible_buffer() {
    const std::size_t huge = std::numeric_limits<std::size_t>::max() / 2;
    auto buf = cl().alloc_buffer(buffer_id{5}, huge);
    QVERIFY(!buf.ok());
    const std::string expected = "OpenCL buffer 5 of " + std::to_string(huge) + " bytes exceeds the largest allocation";
    QVERIFY2(buf.err().message.starts_with(expected), buf.err().message.c_str());
}

void TestOpenclBackend::set_get_ranges() {
    auto buf = cl().alloc_buffer(buffer_id{0}, 4096);
    QVERIFY(buf.ok());
    buffer_table table;
    QVERIFY(table.add(*buf).ok());
    context ctx;
    auto alloc = tensor_allocator::create(*buf);
    QVERIFY(alloc.ok());
    const tensor_id a = placed(ctx, *alloc, {10, 1, 1, 1}, "a");
    const tensor_id c = placed(ctx, *alloc, {10, 1, 1, 1}, "c");
    QCOMPARE(ctx[c].where->offset % cl().alignment(), std::uint64_t{0});
    const auto values = iota(10, 1.0f);
    QVERIFY(tensor_set(table, ctx[a], values.data(), 0, 40).ok());
    QVERIFY(tensor_set(table, ctx[c], values.data(), 0, 40).ok());
    const float patch[2] = {-1.0f, -2.0f};
    QVERIFY(tensor_set(table, ctx[a], patch, 12, 8).ok()); // elements 3 and 4
    std::vector<float> back(10);
    QVERIFY(tensor_get(table, ctx[a], back.data(), 0, 40).ok());
    QCOMPARE(back, (std::vector<float>{1, 2, 3, -1, -2, 6, 7, 8, 9, 10}));
    float two[2];
    QVERIFY(tensor_get(table, ctx[c], two, 32, 8).ok());
    QCOMPARE(two[0], 9.0f);
    QCOMPARE(two[1], 10.0f);
    auto out_of_range = tensor_get(table, ctx[a], two, 36, 8);
    QVERIFY(!out_of_range.ok());
    QCOMPARE(QString::fromStdString(out_of_range.err().message),
             QStringLiteral("tensor read out of bounds: 'a' has 40 bytes, the range is [36, 36 + 8)"));
}

void TestOpenclBackend::copies_with_cpu() {
    cpu_backend cpu;
    auto host = cpu.alloc_buffer(buffer_id{0}, 1024);
    auto dev = cl().alloc_buffer(buffer_id{1}, 1024);
    QVERIFY(host.ok() && dev.ok());
    buffer_table table;
    QVERIFY(table.add(*host).ok() && table.add(*dev).ok());
    context ctx;
    auto ha = tensor_allocator::create(*host);
    auto da = tensor_allocator::create(*dev);
    const tensor_id h1 = placed(ctx, *ha, {6, 2, 1, 1}, "h1");
    const tensor_id h2 = placed(ctx, *ha, {6, 2, 1, 1}, "h2");
    const tensor_id d1 = placed(ctx, *da, {6, 2, 1, 1}, "d1");
    const auto values = iota(12, -5.0f);
    QVERIFY(tensor_set(table, ctx[h1], values.data(), 0, 48).ok());
    QVERIFY(tensor_copy(table, ctx[h1], ctx[d1]).ok()); // OpenCL's copy_tensor_from
    QVERIFY(tensor_copy(table, ctx[d1], ctx[h2]).ok()); // the CPU's copy_tensor_from reads the device
    std::vector<float> back(12);
    QVERIFY(tensor_get(table, ctx[h2], back.data(), 0, 48).ok());
    QCOMPARE(back, values);
    // The OpenCL backend's own slots, called directly as the scheduler's input copies do.
    auto from = cl().copy_tensor_to(*table.bind(ctx[d1]), *table.bind(ctx[h1]));
    QVERIFY(from.has_value() && from->ok());
    const tensor_id wrong = placed(ctx, *da, {12, 1, 1, 1}, "wrong");
    auto refused = tensor_copy(table, ctx[h1], ctx[wrong]);
    QVERIFY(!refused.ok());
    QVERIFY(refused.err().message.starts_with("cannot copy tensors with different layouts"));
}

void TestOpenclBackend::copies_between_opencl_buffers() {
    auto other = make_opencl_backend(); // same device: shares the cached context and program
    QVERIFY(other.ok());
    auto d1 = cl().alloc_buffer(buffer_id{0}, 512);
    auto d2 = (*other)->alloc_buffer(buffer_id{1}, 512);
    QVERIFY(d1.ok() && d2.ok());
    buffer_table table;
    QVERIFY(table.add(*d1).ok() && table.add(*d2).ok());
    context ctx;
    auto a1 = tensor_allocator::create(*d1);
    auto a2 = tensor_allocator::create(*d2);
    const tensor_id x = placed(ctx, *a1, {5, 3, 1, 1}, "x");
    const tensor_id y = placed(ctx, *a1, {5, 3, 1, 1}, "y");
    const tensor_id z = placed(ctx, *a2, {5, 3, 1, 1}, "z");
    const auto values = iota(15, 0.5f);
    QVERIFY(tensor_set(table, ctx[x], values.data(), 0, 60).ok());
    QVERIFY(tensor_copy(table, ctx[x], ctx[y]).ok());
    QVERIFY(tensor_copy(table, ctx[y], ctx[z]).ok());
    std::vector<float> back(15);
    QVERIFY(tensor_get(table, ctx[z], back.data(), 0, 60).ok());
    QCOMPARE(back, values);
}

void TestOpenclBackend::cpu_refuses_device_memory() {
    cpu_backend cpu;
    backend_graph bg(cl());
    const tensor_id a = bg.b.set_name(bg.b.new_tensor(dtype::f32, {4, 1, 1, 1}), "a");
    const tensor_id out = bg.b.set_name(bg.b.silu(a), "out");
    QVERIFY(bg.prepare(out).ok());
    auto s = cpu.graph_compute({bg.ctx, bg.g, bg.table});
    QVERIFY(!s.ok());
    QCOMPARE(QString::fromStdString(s.err().message),
             QStringLiteral("node 'out': tensor 'out' is in device memory (%1), which the CPU cannot read")
                 .arg(QString::fromStdString(std::string(cl().name()))));
}

void TestOpenclBackend::opencl_refuses_host_buffers() {
    cpu_backend cpu;
    backend_graph bg(cpu);
    const tensor_id a = bg.b.set_name(bg.b.new_tensor(dtype::f32, {4, 1, 1, 1}), "a");
    const tensor_id out = bg.b.set_name(bg.b.silu(a), "out");
    QVERIFY(bg.prepare(out).ok());
    auto s = cl().graph_compute({bg.ctx, bg.g, bg.table});
    QVERIFY(!s.ok());
    QCOMPARE(QString::fromStdString(s.err().message),
             QStringLiteral("node 'out': tensor 'out' is in a buffer of CPU, not of %1")
                 .arg(QString::fromStdString(std::string(cl().name()))));
}

void TestOpenclBackend::supports_op_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<bool>("supported");
    const char* names[] = {"add f32",           "add f16",         "add bf16",          "sum",
                           "sum_rows",          "repeat",          "concat",            "mul_mat q4_0",
                           "mul_mat q4_1",      "mul_mat bf16",    "mul_mat f16 src1",  "mul_mat transposed src1",
                           "get_rows q4_1",     "cpy f32 to q8_0", "cpy f32 to bf16",   "rope glm",
                           "rope f16",          "silu f16",        "soft_max f32",      "view",
                           "odd view offset",   "scale by param",  "scale by tensor",   "soft_max mask",
                           "soft_max scale",    "soft_max mask, max_bias", "soft_max sinks",  "rope freq factors",
                           "cast f32 to f16",   "cast f32 to q8_0", "set_rows",         "glu",
                           "flash_attn_ext",    "add_id",          "flash_attn_ext q8_0", "set_rows into q8_0",
                           "mul_mat_id f16",    "mul_mat_id q4_0", "argsort",           "rope multi-section"};
    const bool ok[] = {true,  false, false, false, false, false, false, true,  false, false, false, false,
                       false, false, false, false, false, false, true,  true,  false, true,  true,  true,
                       true,  true,  true,  true,  true,  false, true,  true,  true,  true,  false, false,
                       true,  false, true,  false};
    for (int i = 0; i < static_cast<int>(std::size(names)); ++i) QTest::newRow(names[i]) << i << ok[i];
}

void TestOpenclBackend::supports_op() {
    QFETCH(int, which);
    QFETCH(bool, supported);
    context ctx;
    builder b(ctx);
    const auto t = [&](dtype type, shape ne) { return b.new_tensor(type, ne); };
    const tensor_id pos = t(dtype::i32, {3, 1, 1, 1});
    rope_args glm;
    glm.n_dims = 8;
    glm.mode = 4;
    rope_args normal;
    normal.n_dims = 8;
    tensor_id op{};
    switch (which) {
    case 0: op = b.add(t(dtype::f32, {8, 2, 1, 1}), t(dtype::f32, {8, 2, 1, 1})); break;
    case 1: op = b.add(t(dtype::f16, {8, 2, 1, 1}), t(dtype::f16, {8, 2, 1, 1})); break;
    case 2: op = b.add(t(dtype::bf16, {8, 2, 1, 1}), t(dtype::bf16, {8, 2, 1, 1})); break;
    case 3: op = b.sum(t(dtype::f32, {8, 2, 1, 1})); break;
    case 4: op = b.sum_rows(t(dtype::f32, {8, 2, 1, 1})); break;
    case 5: op = b.repeat(t(dtype::f32, {8, 1, 1, 1}), t(dtype::f32, {8, 2, 1, 1})); break;
    case 6: op = b.concat(t(dtype::f32, {8, 2, 1, 1}), t(dtype::f32, {8, 2, 1, 1})); break;
    case 7: op = b.mul_mat(t(dtype::q4_0, {32, 2, 1, 1}), t(dtype::f32, {32, 2, 1, 1})); break;
    case 8: op = b.mul_mat(t(dtype::q4_1, {32, 2, 1, 1}), t(dtype::f32, {32, 2, 1, 1})); break;
    case 9: op = b.mul_mat(t(dtype::bf16, {32, 2, 1, 1}), t(dtype::f32, {32, 2, 1, 1})); break;
    case 10: op = b.mul_mat(t(dtype::f16, {32, 2, 1, 1}), t(dtype::f16, {32, 2, 1, 1})); break;
    case 11: op = b.mul_mat(t(dtype::f32, {4, 2, 1, 1}), b.transpose(t(dtype::f32, {3, 4, 1, 1}))); break;
    case 12: op = b.get_rows(t(dtype::q4_1, {32, 4, 1, 1}), t(dtype::i32, {2, 1, 1, 1})); break;
    case 13: op = b.cpy(t(dtype::f32, {32, 1, 1, 1}), t(dtype::q8_0, {32, 1, 1, 1})); break;
    case 14: op = b.cpy(t(dtype::f32, {32, 1, 1, 1}), t(dtype::bf16, {32, 1, 1, 1})); break;
    case 15: op = b.rope(t(dtype::f32, {8, 2, 3, 1}), pos, glm); break;
    case 16: op = b.rope(t(dtype::f16, {8, 2, 3, 1}), pos, normal); break;
    case 17: op = b.silu(t(dtype::f16, {8, 2, 1, 1})); break;
    case 18: op = b.soft_max(t(dtype::f32, {8, 2, 1, 1})); break;
    case 19: op = b.view_1d(t(dtype::f32, {8, 2, 1, 1}), 4, 8); break;
    case 20: op = b.silu(b.view_1d(t(dtype::f32, {8, 2, 1, 1}), 4, 2)); break;
    // ggml 2026's forms and ops: the scheduler moves them to the CPU.
    case 21: op = b.scale_by(t(dtype::f32, {8, 2, 1, 1}), 0.5f, 1.0f); break;
    case 22: op = b.scale(t(dtype::f32, {8, 2, 1, 1}), t(dtype::f32, {1, 1, 1, 1})); break;
    case 23: op = b.soft_max_ext(t(dtype::f32, {8, 2, 1, 1}), t(dtype::f16, {8, 2, 1, 1})); break;
    case 24: op = b.soft_max_ext(t(dtype::f32, {8, 2, 1, 1}), std::nullopt, {.scale = 0.125f}); break;
    case 25: op = b.soft_max_ext(t(dtype::f32, {8, 2, 1, 1}), t(dtype::f32, {8, 2, 1, 1}), {.max_bias = 8.0f}); break; // with a mask, as ggml asks
    case 26: op = b.soft_max_ext(t(dtype::f32, {8, 2, 3, 1}), std::nullopt, {.sinks = t(dtype::f32, {3, 1, 1, 1})}); break;
    case 27: {
        rope_args ff = normal;
        ff.freq_factors = t(dtype::f32, {4, 1, 1, 1});
        op = b.rope(t(dtype::f32, {8, 2, 3, 1}), pos, ff);
        break;
    }
    case 28: op = b.cast(t(dtype::f32, {32, 2, 1, 1}), dtype::f16); break;
    case 29: op = b.cast(t(dtype::f32, {32, 2, 1, 1}), dtype::q8_0); break;
    case 30: op = b.set_rows(t(dtype::f16, {8, 4, 1, 1}), t(dtype::f32, {8, 2, 1, 1}), t(dtype::i64, {2, 1, 1, 1})); break;
    case 31: op = b.swiglu(t(dtype::f32, {8, 2, 1, 1})); break;
    case 32: {
        const tensor_id q = t(dtype::f32, {8, 2, 2, 1}), k = t(dtype::f16, {8, 4, 2, 1});
        op = b.flash_attn_ext(q, k, k, std::nullopt);
        break;
    }
    case 33: op = b.add_id(t(dtype::f32, {8, 2, 1, 1}), t(dtype::f32, {8, 3, 1, 1}), t(dtype::i32, {2, 1, 1, 1})); break;
    // What stays on the CPU: quantised K/V and caches, quantised experts, multi-section ROPE.
    case 34: {
        const tensor_id q = t(dtype::f32, {32, 2, 2, 1}), k = t(dtype::q8_0, {32, 4, 2, 1});
        op = b.flash_attn_ext(q, k, k, std::nullopt);
        break;
    }
    case 35: op = b.set_rows(t(dtype::q8_0, {32, 4, 1, 1}), t(dtype::f32, {32, 2, 1, 1}), t(dtype::i64, {2, 1, 1, 1})); break;
    case 36: op = b.mul_mat_id(t(dtype::f16, {32, 4, 3, 1}), t(dtype::f32, {32, 1, 2, 1}), t(dtype::i32, {2, 2, 1, 1})); break;
    case 37: op = b.mul_mat_id(t(dtype::q4_0, {32, 4, 3, 1}), t(dtype::f32, {32, 1, 2, 1}), t(dtype::i32, {2, 2, 1, 1})); break;
    case 38: op = b.argsort(t(dtype::f32, {8, 2, 1, 1}), sort_order::desc); break;
    case 39: {
        rope_args multi = normal;
        multi.mode = 8;
        op = b.rope(t(dtype::f32, {8, 2, 3, 1}), t(dtype::i32, {12, 1, 1, 1}), multi);
        break;
    }
    }
    QVERIFY2(b.ok(), b.ok() ? "" : b.first_error()->message.c_str());
    QCOMPARE(cl().supports_op(ctx, ctx[op]), supported);
}

// Why the forms of ggml 2026 that the kernels lack go to the CPU (the scheduler's reason).
void TestOpenclBackend::refusal_reasons_2026_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("reason");
    QTest::newRow("flash_attn_ext q8_0 K/V") << 0 << "K and V must be f32 or f16, are q8_0, q8_0";
    QTest::newRow("set_rows into q4_0") << 1 << "writes f32 and f16 rows only, not f32, q4_0";
    QTest::newRow("mul_mat_id q4_0") << 2 << "experts (src0) of type q4_0 are not implemented";
    QTest::newRow("rope glm") << 3 << "mode 4 is not implemented (normal 0 and NeoX 2 are)";
    QTest::newRow("flash_attn_ext f16 q") << 4 << "q must be f32";
    QTest::newRow("concat") << 5 << "CONCAT is not implemented";
    QTest::newRow("scale by param") << 6 << QString();
    QTest::newRow("soft_max mask, sinks") << 7 << QString();
    QTest::newRow("glu") << 8 << QString();
}

void TestOpenclBackend::refusal_reasons_2026() {
    QFETCH(int, which);
    QFETCH(QString, reason);
    context ctx;
    builder b(ctx);
    const auto t = [&](dtype type, shape ne) { return b.new_tensor(type, ne); };
    rope_args glm;
    glm.n_dims = 8;
    glm.mode = 4;
    tensor_id op{};
    switch (which) {
    case 0: {
        const tensor_id q = t(dtype::f32, {32, 2, 2, 1}), k = t(dtype::q8_0, {32, 4, 2, 1});
        op = b.flash_attn_ext(q, k, k, std::nullopt);
        break;
    }
    case 1: op = b.set_rows(t(dtype::q4_0, {32, 4, 1, 1}), t(dtype::f32, {32, 2, 1, 1}), t(dtype::i64, {2, 1, 1, 1})); break;
    case 2: op = b.mul_mat_id(t(dtype::q4_0, {32, 4, 3, 1}), t(dtype::f32, {32, 1, 2, 1}), t(dtype::i32, {2, 2, 1, 1})); break;
    case 3: op = b.rope(t(dtype::f32, {8, 2, 3, 1}), t(dtype::i32, {3, 1, 1, 1}), glm); break;
    case 4: {
        const tensor_id q = t(dtype::f16, {32, 2, 2, 1}), k = t(dtype::f16, {32, 4, 2, 1});
        op = b.flash_attn_ext(q, k, k, std::nullopt);
        break;
    }
    case 5: op = b.concat(t(dtype::f32, {8, 2, 1, 1}), t(dtype::f32, {8, 2, 1, 1})); break;
    case 6: op = b.scale_by(t(dtype::f32, {8, 2, 1, 1}), 2.0f); break;
    case 7:
        op = b.soft_max_ext(t(dtype::f32, {8, 2, 3, 1}), t(dtype::f16, {8, 2, 1, 1}),
                            {.scale = 0.125f, .sinks = t(dtype::f32, {3, 1, 1, 1})});
        break;
    case 8: op = b.glu(t(dtype::f32, {8, 2, 1, 1}), glu_kind::geglu); break;
    }
    QVERIFY2(b.ok(), b.ok() ? "" : b.first_error()->message.c_str());
    const auto why = opencl::unsupported_reason(ctx, ctx[op]);
    QCOMPARE(why ? QString::fromStdString(*why) : QString(), reason);
}

void TestOpenclBackend::plan_reuse() {
    backend_graph bg(cl());
    const tensor_id a = bg.b.new_tensor(dtype::f32, {3, 1, 1, 1});
    const tensor_id out = bg.b.sqr(a);
    QVERIFY(bg.prepare(out).ok());
    auto plan = cl().graph_plan_create({bg.ctx, bg.g, bg.table});
    QVERIFY(plan.ok());
    for (float base : {1.0f, 4.0f}) {
        const float in[3] = {base, base + 1, base + 2};
        QVERIFY(tensor_set(bg.table, bg.ctx[a], in, 0, sizeof in).ok());
        QVERIFY(cl().graph_plan_compute(**plan).ok());
        auto got = bg.get(out);
        QVERIFY(got.ok());
        QCOMPARE(got->v, (std::vector<float>{base * base, (base + 1) * (base + 1), (base + 2) * (base + 2)}));
    }
    cpu_backend cpu;
    auto cpu_plan = cpu.graph_plan_create({context{}, graph{}, buffer_table{}});
    QVERIFY(cpu_plan.ok());
    auto refused = cl().graph_plan_compute(**cpu_plan);
    QVERIFY(!refused.ok());
    QVERIFY(refused.err().message.ends_with(": the plan was made by another backend"));
}

void TestOpenclBackend::get_rows_bad_index() {
    backend_graph bg(cl());
    const tensor_id w = bg.b.new_tensor(dtype::f32, {4, 3, 1, 1});
    const tensor_id idx = bg.b.new_tensor(dtype::i32, {2, 1, 1, 1});
    const tensor_id out = bg.b.set_name(bg.b.get_rows(w, idx), "tok_embd");
    QVERIFY(bg.prepare(out).ok());
    const std::int32_t rows[2] = {1, 3};
    QVERIFY(tensor_set(bg.table, bg.ctx[idx], rows, 0, sizeof rows).ok());
    auto s = bg.compute();
    QVERIFY(!s.ok());
    QCOMPARE(QString::fromStdString(s.err().message),
             QStringLiteral("GET_ROWS 'tok_embd': a row index is outside [0, 3)"));
    const std::int32_t good[2] = {2, 0};
    QVERIFY(tensor_set(bg.table, bg.ctx[idx], good, 0, sizeof good).ok());
    QVERIFY(bg.compute().ok()); // the check resets for every graph
}

// SET_ROWS and ADD_ID check their indices on the device too, through the same word as GET_ROWS.
void TestOpenclBackend::bad_ids_2026() {
    {
        backend_graph bg(cl());
        const tensor_id cache = bg.b.set_name(bg.b.new_tensor(dtype::f16, {4, 4, 1, 1}), "cache_k");
        const tensor_id rows = bg.b.new_tensor(dtype::f32, {4, 2, 1, 1}), idx = bg.b.new_tensor(dtype::i64, {2, 1, 1, 1});
        const tensor_id out = bg.b.set_rows(cache, rows, idx);
        QVERIFY(bg.prepare(out).ok());
        const std::int64_t cells[2] = {0, 9};
        QVERIFY(tensor_set(bg.table, bg.ctx[idx], cells, 0, sizeof cells).ok());
        auto s = bg.compute();
        QVERIFY(!s.ok());
        QCOMPARE(QString::fromStdString(s.err().message),
                 QStringLiteral("SET_ROWS 'cache_k (view)': a row index is outside [0, 4)"));
    }
    backend_graph bg(cl());
    const tensor_id x = bg.b.new_tensor(dtype::f32, {4, 2, 1, 1}), bias = bg.b.new_tensor(dtype::f32, {4, 3, 1, 1});
    const tensor_id ids = bg.b.new_tensor(dtype::i32, {2, 1, 1, 1});
    const tensor_id out = bg.b.set_name(bg.b.add_id(x, bias, ids), "moe_bias");
    QVERIFY(bg.prepare(out).ok());
    const std::int32_t experts[2] = {2, -1};
    QVERIFY(tensor_set(bg.table, bg.ctx[ids], experts, 0, sizeof experts).ok());
    auto s = bg.compute();
    QVERIFY(!s.ok());
    QCOMPARE(QString::fromStdString(s.err().message), QStringLiteral("ADD_ID 'moe_bias': an id is outside [0, 3)"));
}

void TestOpenclBackend::build_failure_has_log() {
    auto devices = opencl::all_devices();
    QVERIFY(devices.ok());
    auto device = opencl::choose_device(*devices, "0");
    QVERIFY(device.ok());
    auto program = opencl::program_for(*device);
    QVERIFY(program.ok());
    const char* broken[] = {"kernel void k_broken(global float* x) { x[0] = undeclared_name; }\n"};
    auto built = opencl::build_program((*program)->context.get(), device->device, broken);
    QVERIFY(!built.ok());
    const std::string& m = built.err().message;
    QVERIFY2(m.starts_with("OpenCL: building the kernels failed: CL_BUILD_PROGRAM_FAILURE (-11); build log:\n"),
             m.c_str());
    QVERIFY2(m.find("undeclared_name") != std::string::npos, m.c_str());
}

QTEST_APPLESS_MAIN(TestOpenclBackend)
#include "test_opencl_backend.moc"
