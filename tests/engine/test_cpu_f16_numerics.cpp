// ggml's f16 numerics on the CPU backend (docs/numerics.md): MUL_MAT with f16 src0 rounds src1 to
// f16 first (ggml converts src1 to src0's vec_dot_type), unless the backend is set to exact_f32.
// Single products show the rounding itself (ties to even, subnormals, overflow); odd, blocked and
// broadcast shapes match a double reference over the rounded src1 within 1e-5 relative to
// max(1, |expected|), and stay well away from the exact one; stories260K shows what it does to a
// model with an f16 KV cache (and that f32 weights and an f32 cache are left alone).
#include "backend/cpu/convert.h"
#include "backend/cpu/dot_f16.h"
#include "cpu_harness.h"
#include "models/llama_run.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace planscope;
using namespace planscope::testing;

namespace {

// ggml's rounding moves each src1 value below by 0.4 of an f16 ulp: every value rounds down to
// the f16 below, by a known amount, so rounding matters in every product.
constexpr double offset_ulps = 0.4;

double f16_ulp(double x) { return std::ldexp(1.0, std::ilogb(x) - 10); } // normal x > 0

// a: f16 weights in [0.5, 1), b: f16 values in [0.5, 1) plus 0.4 ulp; `offsets` gets b - f16(b).
void inputs(shape as, shape bs, host_tensor& a, host_tensor& b, host_tensor& offsets) {
    std::mt19937 rng(19);
    a = rounded(random_host(as, rng, 0.5f, 1.0f), dtype::f16);
    b = rounded(random_host(bs, rng, 0.5f, 0.999f), dtype::f16);
    offsets = host_tensor(bs);
    for (std::size_t i = 0; i < b.v.size(); ++i) {
        const float moved = static_cast<float>(b.v[i] + offset_ulps * f16_ulp(b.v[i]));
        offsets.v[i] = moved - b.v[i];
        b.v[i] = moved;
    }
}

// dst[i0, i1, i2, i3] = sum_k a[k, i0, i2 / r2, i3 / r3] * b[k, i1, i2, i3], in double.
host_tensor mul_mat_ref(const host_tensor& a, const host_tensor& b) {
    host_tensor d({a.ne[1], b.ne[1], b.ne[2], b.ne[3]});
    const std::int64_t r2 = b.ne[2] / a.ne[2], r3 = b.ne[3] / a.ne[3];
    for (std::int64_t i3 = 0; i3 < d.ne[3]; ++i3)
        for (std::int64_t i2 = 0; i2 < d.ne[2]; ++i2)
            for (std::int64_t i1 = 0; i1 < d.ne[1]; ++i1)
                for (std::int64_t i0 = 0; i0 < d.ne[0]; ++i0) {
                    double s = 0;
                    for (std::int64_t k = 0; k < a.ne[0]; ++k)
                        s += double(a.at(k, i0, i2 / r2, i3 / r3)) * b.at(k, i1, i2, i3);
                    d.at(i0, i1, i2, i3) = static_cast<float>(s);
                }
    return d;
}

host_tensor minus(const host_tensor& x, const host_tensor& y) {
    host_tensor d = x;
    for (std::size_t i = 0; i < d.v.size(); ++i) d.v[i] = x.v[i] - y.v[i];
    return d;
}

// MUL_MAT(f16 a, f32 b) on the CPU backend with `threads` threads and `numerics`.
result<host_tensor> mul_mat(const host_tensor& a, const host_tensor& b, int threads, f16_numerics numerics) {
    cpu_graph cg(threads);
    cg.backend.set_f16_numerics(numerics);
    const tensor_id ta = cg.leaf(dtype::f16, a.ne, "a"), tb = cg.leaf(dtype::f32, b.ne, "b");
    const tensor_id out = cg.b.mul_mat(ta, tb);
    if (auto s = cg.prepare(out); !s) return s.err();
    if (auto s = cg.set(ta, a); !s) return s.err();
    if (auto s = cg.set(tb, b); !s) return s.err();
    if (auto s = cg.compute(); !s) return s.err();
    return cg.get(out);
}

struct logit_stats {
    double sum = 0, l2 = 0;
    int argmax = 0;
};

logit_stats stats(const std::vector<float>& logits) {
    logit_stats s;
    for (std::size_t i = 0; i < logits.size(); ++i) {
        s.sum += logits[i];
        s.l2 += double(logits[i]) * logits[i];
        if (logits[i] > logits[static_cast<std::size_t>(s.argmax)]) s.argmax = static_cast<int>(i);
    }
    s.l2 = std::sqrt(s.l2);
    return s;
}

double max_abs_diff(const std::vector<float>& a, const std::vector<float>& b) {
    double worst = 0;
    for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::fabs(double(a[i]) - b[i]));
    return worst;
}

} // namespace

class TestCpuF16Numerics : public QObject {
    Q_OBJECT
private slots:
    void single_product_data();
    void single_product();
    void shapes_data();
    void shapes();
    void f32_weights_are_left_alone();
    void f16_accumulation_data();
    void f16_accumulation();
    void f16_dot_kernels();
    void stories260K_data();
    void stories260K();
};

// 1 (f16) times one activation: ggml's result is the activation as f16 holds it.
void TestCpuF16Numerics::single_product_data() {
    QTest::addColumn<float>("activation");
    QTest::addColumn<float>("ggml");
    QTest::newRow("f16 value unchanged") << 0.5f << 0.5f;
    QTest::newRow("tie to even, down") << (1.0f + 0x1p-11f) << 1.0f;
    QTest::newRow("tie to even, up") << (1.0f + 0x1p-10f + 0x1p-11f) << (1.0f + 0x1p-9f);
    QTest::newRow("0.1") << 0.1f << 0.0999755859375f;
    QTest::newRow("-3.14159") << -3.14159f << -3.140625f;
    QTest::newRow("f16 subnormal") << 1e-6f << 17 * 0x1p-24f;
    QTest::newRow("under half the least subnormal") << 2e-8f << 0.0f;
    QTest::newRow("largest f16") << 65504.0f << 65504.0f;
    QTest::newRow("over f16's range") << 70000.0f << std::numeric_limits<float>::infinity();
}

void TestCpuF16Numerics::single_product() {
    QFETCH(float, activation);
    QFETCH(float, ggml);
    host_tensor a({1, 1, 1, 1}), b({1, 1, 1, 1});
    a.v = {1.0f};
    b.v = {activation};
    for (int threads : {1, 2}) {
        auto rounded_result = mul_mat(a, b, threads, f16_numerics::ggml);
        QVERIFY2(rounded_result.ok(), rounded_result.ok() ? "" : rounded_result.err().message.c_str());
        QCOMPARE(rounded_result->v[0], ggml);
        auto exact = mul_mat(a, b, threads, f16_numerics::exact_f32);
        QVERIFY2(exact.ok(), exact.ok() ? "" : exact.err().message.c_str());
        QCOMPARE(exact->v[0], activation);
    }
}

void TestCpuF16Numerics::shapes_data() {
    QTest::addColumn<shape>("a");
    QTest::addColumn<shape>("b");
    QTest::addColumn<int>("threads");
    for (int threads : {1, 2}) {
        const QByteArray t = threads == 1 ? " (1 thread)" : " (2 threads)";
        QTest::newRow("k 37, m 5, n 3" + t) << shape{37, 5, 1, 1} << shape{37, 3, 1, 1} << threads;
        // Past one 16-row block of src0 and one 128-column chunk of src1.
        QTest::newRow("m 17, n 130" + t) << shape{19, 17, 1, 1} << shape{19, 130, 1, 1} << threads;
        // src0 broadcast over src1's dims 2 and 3 (r2 = 2, r3 = 3), as grouped-query attention.
        QTest::newRow("broadcast batches" + t) << shape{37, 5, 2, 1} << shape{37, 3, 4, 3} << threads;
        // 20 src1 rows (the panel kernel on AVX-512 CPUs, src1 transposed per plane), k across its
        // 256-value blocks; k and m multiples of 16 and 4, so that ggml adds in f32 (tinyBLAS).
        QTest::newRow("broadcast batches, 20 columns" + t) << shape{304, 12, 2, 1} << shape{304, 20, 4, 3} << threads;
    }
}

void TestCpuF16Numerics::shapes() {
    QFETCH(shape, a);
    QFETCH(shape, b);
    QFETCH(int, threads);
    host_tensor av, bv, offsets;
    inputs(a, b, av, bv, offsets);
    const host_tensor exact_ref = mul_mat_ref(av, bv);
    const host_tensor rounded_ref = mul_mat_ref(av, minus(bv, offsets));
    // What rounding takes away: sum_k a * offset, 0.4 ulp of each activation.
    const host_tensor lost = mul_mat_ref(av, offsets);

    auto ggml = mul_mat(av, bv, threads, f16_numerics::ggml);
    QVERIFY2(ggml.ok(), ggml.ok() ? "" : ggml.err().message.c_str());
    auto exact = mul_mat(av, bv, threads, f16_numerics::exact_f32);
    QVERIFY2(exact.ok(), exact.ok() ? "" : exact.err().message.c_str());

    QVERIFY2(max_rel_error(*ggml, rounded_ref) <= 1e-5, qPrintable(QString::number(max_rel_error(*ggml, rounded_ref))));
    QVERIFY2(max_rel_error(*exact, exact_ref) <= 1e-5, qPrintable(QString::number(max_rel_error(*exact, exact_ref))));
    // The two differ by what rounding takes away, far more than the tolerance: at least
    // 0.4 * 2^-11 of each of k products of values over 0.25 apart, 2.4e-4 relative or more.
    QVERIFY(max_rel_error(*ggml, exact_ref) > 1e-4);
    QVERIFY(max_rel_error(*exact, rounded_ref) > 1e-4);
    const host_tensor difference = minus(*exact, *ggml);
    for (std::size_t i = 0; i < lost.v.size(); ++i)
        QVERIFY2(std::fabs(difference.v[i] - lost.v[i]) <= 2e-5 * std::max(1.0, std::fabs(double(exact_ref.v[i]))),
                 qPrintable(QStringLiteral("element %1: %2 against %3").arg(i).arg(difference.v[i]).arg(lost.v[i])));

    // Threads split the work, never the values.
    auto one = mul_mat(av, bv, 1, f16_numerics::ggml);
    QVERIFY(one.ok());
    QVERIFY(std::memcmp(one->v.data(), ggml->v.data(), one->v.size() * sizeof(float)) == 0);
}

// f32 weights: both modes compute the same, exact product.
void TestCpuF16Numerics::f32_weights_are_left_alone() {
    for (dtype wt : {dtype::f32}) {
        host_tensor av, bv, offsets;
        inputs({37, 5, 1, 1}, {37, 3, 1, 1}, av, bv, offsets);
        host_tensor results[2];
        int i = 0;
        for (f16_numerics numerics : {f16_numerics::ggml, f16_numerics::exact_f32}) {
            cpu_graph cg(2);
            cg.backend.set_f16_numerics(numerics);
            const tensor_id ta = cg.leaf(wt, av.ne), tb = cg.leaf(dtype::f32, bv.ne);
            const tensor_id out = cg.b.mul_mat(ta, tb);
            QVERIFY(cg.prepare(out).ok());
            QVERIFY(cg.set(ta, av).ok());
            QVERIFY(cg.set(tb, bv).ok());
            QVERIFY(cg.compute().ok());
            auto got = cg.get(out);
            QVERIFY(got.ok());
            results[i++] = *got;
        }
        QVERIFY(std::memcmp(results[0].v.data(), results[1].v.data(), results[0].v.size() * sizeof(float)) == 0);
        QVERIFY(max_rel_error(results[0], mul_mat_ref(rounded(av, wt), bv)) <= 1e-5);
    }
}

// One src1 row (or k % 16, m % 4 not 0): ggml's vec_dot_f16 adds in f16 over blocks of 128
// (lane 0 gets products 0 and 128: 2048 + 1 is a tie, 2048 in f16), the rest in double.
void TestCpuF16Numerics::f16_accumulation_data() {
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("n");
    QTest::addColumn<float>("ggml");
    QTest::newRow("one src1 row") << 4 << 1 << 2048.5f;
    QTest::newRow("3 weight rows, 2 src1 rows") << 3 << 2 << 2048.5f;
    QTest::newRow("4 weight rows, 2 src1 rows (tinyBLAS, f32)") << 4 << 2 << 2049.5f;
}

void TestCpuF16Numerics::f16_accumulation() {
    QFETCH(int, m);
    QFETCH(int, n);
    QFETCH(float, ggml);
    host_tensor a({272, m, 1, 1}), b({272, n, 1, 1});
    for (std::int64_t r = 0; r < m; ++r) {
        a.at(0, r, 0, 0) = 2048.0f;
        a.at(128, r, 0, 0) = 1.0f;
        a.at(256, r, 0, 0) = 1.0f;
    }
    for (std::int64_t j = 0; j < n; ++j) {
        b.at(0, j, 0, 0) = b.at(128, j, 0, 0) = 1.0f;
        b.at(256, j, 0, 0) = 0.5f;
    }
    // As a ggml built for an AVX512-FP16 CPU adds, on any CPU (emulated where it lacks them).
    cpu::set_f16_dot_build(cpu::f16_dot_build::avx512fp16);
    for (int threads : {1, 2}) {
        auto got = mul_mat(a, b, threads, f16_numerics::ggml);
        QVERIFY2(got.ok(), got.ok() ? "" : got.err().message.c_str());
        auto exact = mul_mat(a, b, threads, f16_numerics::exact_f32);
        QVERIFY(exact.ok());
        for (std::size_t i = 0; i < got->v.size(); ++i) {
            QCOMPARE(got->v[i], ggml);
            QCOMPARE(exact->v[i], 2049.5f);
        }
    }
    // As ggml built for this CPU adds: in f16 only where the CPU has AVX512-FP16.
    cpu::set_f16_dot_build(cpu::f16_dot_build::this_cpu);
    auto native = mul_mat(a, b, 1, f16_numerics::ggml);
    QVERIFY(native.ok());
    const float expected = cpu::f16_dot_adds_in_f16() ? ggml : 2049.5f;
    for (float v : native->v) QCOMPARE(v, expected);
}

// The AVX512-FP16 kernel (where the CPU has it) and the portable one agree bit for bit on random
// rows of odd lengths, unaligned, with the sums large enough that f16 rounds in every step.
void TestCpuF16Numerics::f16_dot_kernels() {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-4.0f, 4.0f);
    for (std::int64_t k : {1, 8, 64, 127, 128, 129, 384, 515}) {
        const std::int64_t m = 5;
        std::vector<std::uint16_t> x(static_cast<std::size_t>(k));
        for (auto& h : x) h = cpu::f32_to_f16(u(rng));
        std::vector<std::byte> a(static_cast<std::size_t>(m * k * 2 + 2));
        for (std::size_t i = 1; i + 1 < a.size(); i += 2) {
            const std::uint16_t h = cpu::f32_to_f16(u(rng));
            std::memcpy(a.data() + i, &h, 2); // rows start at odd addresses
        }
        std::vector<float> c1(m), c2(m);
        cpu::dot_f16_rows_portable()(a.data() + 1, static_cast<std::size_t>(k * 2), x.data(), c1.data(), m, k);
        cpu::dot_f16_rows_kernel()(a.data() + 1, static_cast<std::size_t>(k * 2), x.data(), c2.data(), m, k);
        QVERIFY2(std::memcmp(c1.data(), c2.data(), c1.size() * sizeof(float)) == 0, qPrintable(QString::number(k)));
    }
}

void TestCpuF16Numerics::stories260K_data() {
    QTest::addColumn<int>("kv_type");
    QTest::newRow("f16 KV cache") << static_cast<int>(dtype::f16);
    QTest::newRow("f32 KV cache") << static_cast<int>(dtype::f32);
}

// The prompt of test_cpu_llama's fixed_argmax. stories260K's weights are f32: only the f16 KV
// cache's K and V views are f16 src0, so only with an f16 cache do the modes differ.
void TestCpuF16Numerics::stories260K() {
    QFETCH(int, kv_type);
    auto file = open_gguf(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    if (!file) QSKIP("stories260K.gguf is not in the shared directory");
    const std::vector<std::int32_t> prompt{1, 403, 407, 261, 378};
    run_options options;
    options.n_threads = 2;
    options.kv_type = static_cast<dtype>(kv_type);
    QCOMPARE(options.f16_numerics, f16_numerics::ggml); // the default
    auto ggml = run_llama_prompt(*file, prompt, options);
    QVERIFY2(ggml.ok(), ggml.ok() ? "" : ggml.err().message.c_str());
    options.f16_numerics = f16_numerics::exact_f32;
    auto exact = run_llama_prompt(*file, prompt, options);
    QVERIFY2(exact.ok(), exact.ok() ? "" : exact.err().message.c_str());
    QCOMPARE(ggml->size(), std::size_t{512});

    const logit_stats g = stats(*ggml), e = stats(*exact);
    const double diff = max_abs_diff(*ggml, *exact);
    qInfo("ggml: sum %.6f l2 %.6f; exact_f32: sum %.6f l2 %.6f; max |difference| %.6g", g.sum, g.l2, e.sum, e.l2, diff);
    QCOMPARE(g.argmax, 432);
    QCOMPARE(e.argmax, 432);
    if (options.kv_type == dtype::f32) {
        QVERIFY(std::memcmp(ggml->data(), exact->data(), ggml->size() * sizeof(float)) == 0);
    } else {
        QVERIFY2(diff > 1e-3, qPrintable(QString::number(diff)));
        QVERIFY2(std::fabs(g.sum - e.sum) > 1e-2, qPrintable(QString::number(g.sum - e.sum)));
    }
}

QTEST_APPLESS_MAIN(TestCpuF16Numerics)
#include "test_cpu_f16_numerics.moc"
