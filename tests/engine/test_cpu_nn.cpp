// The CPU backend's neural-network ops against naive references written here in double:
// MUL_MAT (odd sizes, k past the kernel's k-blocks, broadcast batches, f16/bf16 and permuted,
// transposed or strided sources), GET_ROWS, NORM, RMS_NORM, SOFT_MAX, DIAG_MASK_INF/ZERO and ROPE
// (normal and NeoX modes, freq_base, freq_scale, YaRN).
//
// Tolerances, relative to max(1, |expected|): MUL_MAT 1e-6 + 2e-7 * k (f32 accumulation over k
// products); NORM and RMS_NORM 1e-5; SOFT_MAX 1e-6; ROPE 1e-4 (the angle grows by repeated float
// multiplication, as in ggml, the reference uses pow); f16 results 1e-3; masks exact.
#include "cpu_op_check.h"

#include <bit>
#include <cmath>
#include <limits>

using namespace planscope;
using namespace planscope::testing;

namespace {

result<tensor_id> finish(cpu_graph& cg, tensor_id out, const std::vector<std::pair<tensor_id, host_tensor>>& to_set) {
    if (auto s = cg.prepare(out); !s) return s.err();
    for (const auto& [t, v] : to_set)
        if (auto s = cg.set(t, v); !s) return s.err();
    return out;
}

// How a MUL_MAT operand is laid out.
enum class layout { plain, permuted, transposed, strided };

// A tensor showing `values` through `how`; returns its id and records the leaf to fill.
tensor_id operand(cpu_graph& cg, dtype type, const host_tensor& values, layout how,
                  std::vector<std::pair<tensor_id, host_tensor>>& to_set) {
    switch (how) {
    case layout::plain: {
        const tensor_id t = cg.leaf(type, values.ne);
        to_set.emplace_back(t, values);
        return t;
    }
    case layout::permuted: { // stored with dims 1 and 2 swapped, as llama stores Q and K
        const host_tensor stored = permuted(values, {0, 2, 1, 3});
        const tensor_id t = cg.leaf(type, stored.ne);
        to_set.emplace_back(t, stored);
        return cg.b.permute(t, 0, 2, 1, 3);
    }
    case layout::transposed: {
        const host_tensor stored = transposed(values);
        const tensor_id t = cg.leaf(type, stored.ne);
        to_set.emplace_back(t, stored);
        return cg.b.transpose(t);
    }
    case layout::strided: { // rows of a wider matrix, starting 2 elements in
        const shape ne = values.ne;
        host_tensor stored({ne[0] + 5, ne[1], 1, 1});
        for (std::int64_t i1 = 0; i1 < ne[1]; ++i1)
            for (std::int64_t i0 = 0; i0 < ne[0]; ++i0) stored.at(i0 + 2, i1) = values.at(i0, i1);
        const tensor_id t = cg.leaf(type, stored.ne);
        to_set.emplace_back(t, stored);
        const std::size_t es = type_size(type);
        return cg.b.view_2d(t, ne[0], ne[1], stored.ne[0] * es, 2 * es);
    }
    }
    return {};
}

host_tensor mul_mat_ref(const host_tensor& a, const host_tensor& b) {
    host_tensor r({a.ne[1], b.ne[1], b.ne[2], b.ne[3]});
    const std::int64_t r2 = b.ne[2] / a.ne[2], r3 = b.ne[3] / a.ne[3];
    for (std::int64_t i3 = 0; i3 < b.ne[3]; ++i3)
        for (std::int64_t i2 = 0; i2 < b.ne[2]; ++i2)
            for (std::int64_t j = 0; j < b.ne[1]; ++j)
                for (std::int64_t i = 0; i < a.ne[1]; ++i) {
                    double s = 0.0;
                    for (std::int64_t k = 0; k < a.ne[0]; ++k)
                        s += static_cast<double>(a.at(k, i, i2 / r2, i3 / r3)) * b.at(k, j, i2, i3);
                    r.at(i, j, i2, i3) = static_cast<float>(s);
                }
    return r;
}

double rope_corr_dim(int n_dims, int n_orig_ctx, double n_rot, double base) {
    return n_dims * std::log(n_orig_ctx / (n_rot * 2 * M_PI)) / (2 * std::log(base));
}

} // namespace

Q_DECLARE_METATYPE(layout)

class TestCpuNn : public QObject {
    Q_OBJECT
private slots:
    void mul_mat_data();
    void mul_mat();
    void get_rows_data();
    void get_rows();
    void get_rows_out_of_range();
    void norms_data();
    void norms();
    void norms_are_ggml_bits_data();
    void norms_are_ggml_bits();
    void soft_max_data();
    void soft_max();
    void diag_mask_data();
    void diag_mask();
    void rope_data();
    void rope();
};

void TestCpuNn::mul_mat_data() {
    QTest::addColumn<shape>("a");
    QTest::addColumn<shape>("b");
    QTest::addColumn<int>("a_type");
    QTest::addColumn<int>("b_type");
    QTest::addColumn<layout>("a_layout");
    QTest::addColumn<layout>("b_layout");
    const int f32 = static_cast<int>(dtype::f32), f16 = static_cast<int>(dtype::f16),
              bf16 = static_cast<int>(dtype::bf16);
    const auto p = layout::plain;
    QTest::newRow("1 element") << shape{1, 1, 1, 1} << shape{1, 1, 1, 1} << f32 << f32 << p << p;
    QTest::newRow("odd") << shape{37, 13, 1, 1} << shape{37, 7, 1, 1} << f32 << f32 << p << p;
    QTest::newRow("k past two k-blocks") << shape{1100, 5, 1, 1} << shape{1100, 3, 1, 1} << f32 << f32 << p << p;
    QTest::newRow("many rows and columns") << shape{64, 70, 1, 1} << shape{64, 150, 1, 1} << f32 << f32 << p << p;
    QTest::newRow("batched") << shape{32, 9, 3, 2} << shape{32, 5, 3, 2} << f32 << f32 << p << p;
    QTest::newRow("broadcast dims 2 and 3") << shape{16, 6, 2, 1} << shape{16, 4, 6, 3} << f32 << f32 << p << p;
    QTest::newRow("src0 f16") << shape{40, 11, 1, 1} << shape{40, 6, 1, 1} << f16 << f32 << p << p;
    QTest::newRow("src0 bf16") << shape{40, 11, 2, 1} << shape{40, 6, 2, 1} << bf16 << f32 << p << p;
    QTest::newRow("src1 f16") << shape{40, 11, 1, 1} << shape{40, 6, 1, 1} << f32 << f16 << p << p;
    QTest::newRow("src1 permuted") << shape{24, 9, 4, 1} << shape{24, 5, 4, 1} << f32 << f32 << p << layout::permuted;
    QTest::newRow("src1 transposed") << shape{24, 9, 1, 1} << shape{24, 5, 1, 1} << f32 << f32 << p << layout::transposed;
    QTest::newRow("src0 permuted") << shape{24, 9, 4, 1} << shape{24, 5, 4, 1} << f32 << f32 << layout::permuted << p;
    QTest::newRow("src0 f16 permuted") << shape{24, 9, 4, 1} << shape{24, 5, 4, 1} << f16 << f32 << layout::permuted << p;
    QTest::newRow("src0 strided rows") << shape{21, 9, 1, 1} << shape{21, 5, 1, 1} << f32 << f32 << layout::strided << p;
    QTest::newRow("both permuted (attention)")
        << shape{16, 10, 4, 1} << shape{16, 7, 4, 1} << f16 << f32 << layout::permuted << layout::permuted;
}

void TestCpuNn::mul_mat() {
    QFETCH(shape, a);
    QFETCH(shape, b);
    QFETCH(int, a_type);
    QFETCH(int, b_type);
    QFETCH(layout, a_layout);
    QFETCH(layout, b_layout);
    const auto at = static_cast<dtype>(a_type), bt = static_cast<dtype>(b_type);
    std::mt19937 rng(21);
    const host_tensor av = random_host(a, rng), bv = random_host(b, rng);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        std::vector<std::pair<tensor_id, host_tensor>> to_set;
        const tensor_id x = operand(cg, at, av, a_layout, to_set);
        const tensor_id y = operand(cg, bt, bv, b_layout, to_set);
        return finish(cg, cg.b.mul_mat(x, y), to_set);
    };
    // Against f16 weights the backend rounds src1 to f16 first, as ggml does (docs/numerics.md).
    const dtype b_as = at == dtype::f16 ? dtype::f16 : bt;
    check_graph(setup, mul_mat_ref(rounded(av, at), rounded(bv, b_as)), 1e-6 + 2e-7 * static_cast<double>(a[0]));
}

void TestCpuNn::get_rows_data() {
    QTest::addColumn<shape>("a");
    QTest::addColumn<int>("type");
    QTest::addColumn<QList<int>>("rows");
    QTest::newRow("f32") << shape{7, 5, 1, 1} << static_cast<int>(dtype::f32) << QList<int>{4, 0, 2, 2, 1};
    QTest::newRow("one row") << shape{1, 1, 1, 1} << static_cast<int>(dtype::f32) << QList<int>{0};
    QTest::newRow("f16") << shape{33, 9, 1, 1} << static_cast<int>(dtype::f16) << QList<int>{8, 3};
    QTest::newRow("bf16") << shape{16, 4, 1, 1} << static_cast<int>(dtype::bf16) << QList<int>{3, 3, 0};
}

void TestCpuNn::get_rows() {
    QFETCH(shape, a);
    QFETCH(int, type);
    QFETCH(QList<int>, rows);
    const auto t = static_cast<dtype>(type);
    std::mt19937 rng(23);
    const host_tensor av = random_host(a, rng);
    const std::vector<std::int32_t> idx(rows.begin(), rows.end());
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(t, a), r = cg.leaf(dtype::i32, {static_cast<std::int64_t>(idx.size()), 1, 1, 1});
        auto out = finish(cg, cg.b.get_rows(x, r), {{x, av}});
        if (out) cg.set_i32(r, idx);
        return out;
    };
    const host_tensor seen = rounded(av, t);
    host_tensor expected({a[0], static_cast<std::int64_t>(idx.size()), 1, 1});
    for (std::size_t i = 0; i < idx.size(); ++i)
        for (std::int64_t k = 0; k < a[0]; ++k) expected.at(k, static_cast<std::int64_t>(i)) = seen.at(k, idx[i]);
    check_graph(setup, expected, 0.0);
}

void TestCpuNn::get_rows_out_of_range() {
    cpu_graph cg(2);
    const tensor_id x = cg.leaf(dtype::f32, {4, 3, 1, 1}, "tok_embd");
    const tensor_id r = cg.leaf(dtype::i32, {2, 1, 1, 1}, "tokens");
    const tensor_id out = cg.b.set_name(cg.b.get_rows(x, r), "inp_embd");
    QVERIFY(cg.prepare(out).ok());
    QVERIFY(cg.set_i32(r, {1, 3}).ok());
    const status s = cg.compute();
    QVERIFY(!s.ok());
    QCOMPARE(QString::fromStdString(s.err().message),
             QStringLiteral("GET_ROWS 'inp_embd': row index 3 at position 1 is outside [0, 3)"));
}

void TestCpuNn::norms_data() {
    QTest::addColumn<bool>("rms");
    QTest::addColumn<shape>("a");
    QTest::addColumn<float>("eps");
    QTest::addColumn<int>("type");
    QTest::addColumn<bool>("transpose");
    for (bool rms : {false, true}) {
        const char* n = rms ? "RMS_NORM" : "NORM";
        const int f32 = static_cast<int>(dtype::f32);
        QTest::addRow("%s 1 element", n) << rms << shape{1, 1, 1, 1} << 1e-5f << f32 << false;
        QTest::addRow("%s odd", n) << rms << shape{7, 3, 1, 1} << 1e-6f << f32 << false;
        QTest::addRow("%s long rows", n) << rms << shape{4096, 2, 1, 1} << 1e-5f << f32 << false;
        QTest::addRow("%s 4-D", n) << rms << shape{33, 2, 3, 2} << 1e-5f << f32 << false;
        QTest::addRow("%s large eps", n) << rms << shape{9, 4, 1, 1} << 0.5f << f32 << false;
        QTest::addRow("%s f16", n) << rms << shape{32, 3, 1, 1} << 1e-5f << static_cast<int>(dtype::f16) << false;
        QTest::addRow("%s transposed", n) << rms << shape{6, 8, 1, 1} << 1e-5f << f32 << true;
    }
}

void TestCpuNn::norms() {
    QFETCH(bool, rms);
    QFETCH(shape, a);
    QFETCH(float, eps);
    QFETCH(int, type);
    QFETCH(bool, transpose);
    const auto t = static_cast<dtype>(type);
    std::mt19937 rng(29);
    const host_tensor av = random_host(a, rng, -2.0f, 3.0f);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        std::vector<std::pair<tensor_id, host_tensor>> to_set;
        const tensor_id x = operand(cg, t, av, transpose ? layout::transposed : layout::plain, to_set);
        return finish(cg, rms ? cg.b.rms_norm(x, eps) : cg.b.norm(x, eps), to_set);
    };
    const host_tensor seen = rounded(av, t);
    host_tensor expected(a);
    for (std::int64_t r = 0; r < a[1] * a[2] * a[3]; ++r) {
        const auto row = [&](std::int64_t i) { return static_cast<double>(seen.v[static_cast<std::size_t>(r * a[0] + i)]); };
        double mean = 0.0, sq = 0.0;
        for (std::int64_t i = 0; i < a[0]; ++i) mean += row(i) / static_cast<double>(a[0]);
        for (std::int64_t i = 0; i < a[0]; ++i) {
            const double c = rms ? row(i) : row(i) - mean;
            sq += c * c / static_cast<double>(a[0]);
        }
        for (std::int64_t i = 0; i < a[0]; ++i)
            expected.v[static_cast<std::size_t>(r * a[0] + i)] =
                static_cast<float>((rms ? row(i) : row(i) - mean) / std::sqrt(sq + static_cast<double>(eps)));
    }
    check_graph(setup, rounded(expected, t), t == dtype::f16 ? 1e-3 : 1e-5);
}

// The value of ggml's loops (ops.cpp, ggml_compute_forward_(rms_)norm_f32) to the bit, whichever
// rows a thread takes at once: float products, serial double sums, float scale.
void TestCpuNn::norms_are_ggml_bits_data() {
    QTest::addColumn<bool>("rms");
    QTest::addColumn<shape>("a");
    QTest::addColumn<int>("threads");
    for (bool rms : {false, true})
        for (int threads : {1, 3}) {
            const char* n = rms ? "RMS_NORM" : "NORM";
            QTest::addRow("%s 4096 x 11, %d thread(s)", n, threads) << rms << shape{4096, 11, 1, 1} << threads;
            QTest::addRow("%s 33 x 17 x 2, %d thread(s)", n, threads) << rms << shape{33, 17, 2, 1} << threads;
        }
}

void TestCpuNn::norms_are_ggml_bits() {
    QFETCH(bool, rms);
    QFETCH(shape, a);
    QFETCH(int, threads);
    const float eps = 1e-5f;
    std::mt19937 rng(31);
    const host_tensor av = random_host(a, rng, -40.0f, 90.0f);
    auto seen = run_graph(threads, [&](cpu_graph& cg) -> result<tensor_id> {
        std::vector<std::pair<tensor_id, host_tensor>> to_set;
        const tensor_id x = operand(cg, dtype::f32, av, layout::plain, to_set);
        return finish(cg, rms ? cg.b.rms_norm(x, eps) : cg.b.norm(x, eps), to_set);
    });
    QVERIFY(seen.ok());
    const std::int64_t n = a[0];
    std::vector<float> y(static_cast<std::size_t>(n));
    for (std::int64_t r = 0; r < a[1] * a[2] * a[3]; ++r) {
        const float* x = av.v.data() + r * n;
        double sum = 0.0, sum2 = 0.0;
        for (std::int64_t i = 0; i < n; ++i) sum += static_cast<double>(x[i]);
        const float mean = rms ? 0.0f : static_cast<float>(sum / static_cast<double>(n));
        for (std::int64_t i = 0; i < n; ++i) {
            const float v = x[i] - mean;
            y[static_cast<std::size_t>(i)] = v;
            sum2 += static_cast<double>(v * v);
        }
        const float scale = 1.0f / std::sqrt(static_cast<float>(sum2 / static_cast<double>(n)) + eps);
        for (std::int64_t i = 0; i < n; ++i) {
            const float want = y[static_cast<std::size_t>(i)] * scale;
            const float got = seen->v[static_cast<std::size_t>(r * n + i)];
            if (std::bit_cast<std::uint32_t>(want) != std::bit_cast<std::uint32_t>(got))
                QFAIL(qPrintable(QStringLiteral("row %1, element %2: %3, ggml %4").arg(r).arg(i).arg(got, 0, 'g', 9).arg(want, 0, 'g', 9)));
        }
    }
}

void TestCpuNn::soft_max_data() {
    QTest::addColumn<shape>("a");
    QTest::addColumn<bool>("masked");
    QTest::addColumn<bool>("transpose");
    QTest::newRow("1 element") << shape{1, 1, 1, 1} << false << false;
    QTest::newRow("odd") << shape{7, 3, 1, 1} << false << false;
    QTest::newRow("4-D") << shape{100, 4, 2, 2} << false << false;
    QTest::newRow("with -inf") << shape{9, 5, 1, 1} << true << false;
    QTest::newRow("transposed") << shape{5, 8, 1, 1} << false << true;
}

void TestCpuNn::soft_max() {
    QFETCH(shape, a);
    QFETCH(bool, masked);
    QFETCH(bool, transpose);
    std::mt19937 rng(31);
    host_tensor av = random_host(a, rng, -5.0f, 5.0f);
    if (masked)
        for (std::size_t i = 0; i < av.v.size(); i += 3) av.v[i] = -std::numeric_limits<float>::infinity();
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        std::vector<std::pair<tensor_id, host_tensor>> to_set;
        const tensor_id x = operand(cg, dtype::f32, av, transpose ? layout::transposed : layout::plain, to_set);
        return finish(cg, cg.b.soft_max(x), to_set);
    };
    host_tensor expected(a);
    for (std::int64_t r = 0; r < a[1] * a[2] * a[3]; ++r) {
        const std::size_t base = static_cast<std::size_t>(r * a[0]);
        double max = -INFINITY, sum = 0.0;
        for (std::int64_t i = 0; i < a[0]; ++i) max = std::max(max, static_cast<double>(av.v[base + i]));
        for (std::int64_t i = 0; i < a[0]; ++i) sum += std::exp(av.v[base + i] - max);
        for (std::int64_t i = 0; i < a[0]; ++i)
            expected.v[base + i] = static_cast<float>(std::exp(av.v[base + i] - max) / sum);
    }
    check_graph(setup, expected, 1e-6);
}

void TestCpuNn::diag_mask_data() {
    QTest::addColumn<bool>("inf");
    QTest::addColumn<shape>("a");
    QTest::addColumn<int>("n_past");
    for (bool inf : {true, false}) {
        const char* n = inf ? "DIAG_MASK_INF" : "DIAG_MASK_ZERO";
        QTest::addRow("%s square", n) << inf << shape{5, 5, 2, 1} << 0;
        QTest::addRow("%s n_past 2", n) << inf << shape{7, 5, 3, 1} << 2;
        QTest::addRow("%s n_past past the end", n) << inf << shape{4, 3, 1, 2} << 9;
        QTest::addRow("%s 1 element", n) << inf << shape{1, 1, 1, 1} << 0;
    }
}

void TestCpuNn::diag_mask() {
    QFETCH(bool, inf);
    QFETCH(shape, a);
    QFETCH(int, n_past);
    std::mt19937 rng(37);
    const host_tensor av = random_host(a, rng);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(dtype::f32, a);
        return finish(cg, inf ? cg.b.diag_mask_inf(x, n_past) : cg.b.diag_mask_zero(x, n_past), {{x, av}});
    };
    host_tensor expected = av;
    for (std::int64_t i3 = 0; i3 < a[3]; ++i3)
        for (std::int64_t i2 = 0; i2 < a[2]; ++i2)
            for (std::int64_t i1 = 0; i1 < a[1]; ++i1)
                for (std::int64_t i0 = n_past + i1 + 1; i0 < a[0]; ++i0)
                    expected.at(i0, i1, i2, i3) = inf ? -std::numeric_limits<float>::infinity() : 0.0f;
    check_graph(setup, expected, 0.0);
}

void TestCpuNn::rope_data() {
    QTest::addColumn<shape>("a");
    QTest::addColumn<int>("n_dims");
    QTest::addColumn<int>("mode");
    QTest::addColumn<float>("freq_base");
    QTest::addColumn<float>("freq_scale");
    QTest::addColumn<float>("ext_factor");
    QTest::addColumn<int>("type");
    const int f32 = static_cast<int>(dtype::f32);
    for (int mode : {0, 2}) {
        const char* n = mode ? "neox" : "normal";
        QTest::addRow("%s llama", n) << shape{8, 3, 5, 1} << 8 << mode << 10000.0f << 1.0f << 0.0f << f32;
        QTest::addRow("%s partial n_dims", n) << shape{10, 2, 5, 1} << 4 << mode << 10000.0f << 1.0f << 0.0f << f32;
        QTest::addRow("%s freq_base", n) << shape{16, 2, 5, 1} << 16 << mode << 500.0f << 1.0f << 0.0f << f32;
        QTest::addRow("%s freq_scale", n) << shape{16, 2, 5, 1} << 16 << mode << 10000.0f << 0.25f << 0.0f << f32;
        QTest::addRow("%s YaRN", n) << shape{32, 2, 5, 1} << 32 << mode << 10000.0f << 0.5f << 1.0f << f32;
        QTest::addRow("%s 4-D", n) << shape{8, 2, 5, 3} << 8 << mode << 10000.0f << 1.0f << 0.0f << f32;
        QTest::addRow("%s f16", n) << shape{8, 3, 5, 1} << 8 << mode << 10000.0f << 1.0f << 0.0f
                                   << static_cast<int>(dtype::f16);
    }
}

void TestCpuNn::rope() {
    QFETCH(shape, a);
    QFETCH(int, n_dims);
    QFETCH(int, mode);
    QFETCH(float, freq_base);
    QFETCH(float, freq_scale);
    QFETCH(float, ext_factor);
    QFETCH(int, type);
    const auto t = static_cast<dtype>(type);
    const std::vector<std::int32_t> pos{0, 1, 7, 20, 3};
    std::mt19937 rng(41);
    const host_tensor av = random_host(a, rng);
    rope_args args;
    args.n_dims = n_dims;
    args.mode = mode;
    args.n_orig_ctx = 64;
    args.freq_base = freq_base;
    args.freq_scale = freq_scale;
    args.ext_factor = ext_factor;
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(t, a), p = cg.leaf(dtype::i32, {a[2], 1, 1, 1});
        auto out = finish(cg, cg.b.rope(x, p, args), {{x, av}});
        if (out) cg.set_i32(p, pos);
        return out;
    };
    // YaRN's ramp between the dimensions where beta_fast and beta_slow turns fit the original context.
    const double low = std::max(0.0, std::floor(rope_corr_dim(n_dims, 64, args.beta_fast, freq_base)));
    const double high = std::min(n_dims - 1.0, std::ceil(rope_corr_dim(n_dims, 64, args.beta_slow, freq_base)));
    const host_tensor seen = rounded(av, t);
    host_tensor expected = seen;
    for (std::int64_t i3 = 0; i3 < a[3]; ++i3)
        for (std::int64_t i2 = 0; i2 < a[2]; ++i2)
            for (std::int64_t i1 = 0; i1 < a[1]; ++i1)
                for (int k = 0; k < n_dims / 2; ++k) {
                    const double extrap = pos[static_cast<std::size_t>(i2)] * std::pow(freq_base, -2.0 * k / n_dims);
                    double theta = freq_scale * extrap, mscale = 1.0;
                    if (ext_factor != 0.0f) {
                        const double ramp = 1.0 - std::clamp((k - low) / std::max(0.001, high - low), 0.0, 1.0);
                        const double mix = ramp * ext_factor;
                        theta = theta * (1 - mix) + extrap * mix;
                        mscale *= 1.0 + 0.1 * std::log(1.0 / freq_scale);
                    }
                    const int i = mode == 2 ? k : 2 * k, j = mode == 2 ? k + n_dims / 2 : 2 * k + 1;
                    const double x0 = seen.at(i, i1, i2, i3), x1 = seen.at(j, i1, i2, i3);
                    expected.at(i, i1, i2, i3) = static_cast<float>((x0 * std::cos(theta) - x1 * std::sin(theta)) * mscale);
                    expected.at(j, i1, i2, i3) = static_cast<float>((x0 * std::sin(theta) + x1 * std::cos(theta)) * mscale);
                }
    check_graph(setup, rounded(expected, t), t == dtype::f16 ? 1e-3 : 1e-4);
}

QTEST_APPLESS_MAIN(TestCpuNn)
#include "test_cpu_nn.moc"
