// The CPU backend's elementwise ops, reductions, REPEAT, CONCAT and copies against naive references
// written here in double: many shapes (1 element, odd sizes, 4-D), broadcasting where ggml
// broadcasts, transposed and permuted sources, f16 and bf16 tensors.
//
// Tolerances, relative to max(1, |expected|): f32 results 2e-6 (one float rounding, libm within
// an ulp or two); f16 results 1e-3 and bf16 results 8e-3 (half an ulp of the stored type, plus
// the f32 step before it).
#include "cpu_op_check.h"

#include <cmath>

using namespace planscope;
using namespace planscope::testing;

namespace {

double tolerance_for(dtype t) { return t == dtype::f16 ? 1e-3 : t == dtype::bf16 ? 8e-3 : 2e-6; }

// A leaf of `type` and `ne`, or the transpose of a leaf of the swapped shape when `transpose`:
// the values the op sees are returned in `seen`.
tensor_id source(cpu_graph& cg, dtype type, shape ne, bool transpose, const host_tensor& values, host_tensor& seen,
                 std::vector<std::pair<tensor_id, host_tensor>>& to_set) {
    if (!transpose) {
        const tensor_id t = cg.leaf(type, ne);
        to_set.emplace_back(t, values);
        seen = rounded(values, type);
        return t;
    }
    const host_tensor stored = transposed(values);
    const tensor_id t = cg.leaf(type, stored.ne);
    to_set.emplace_back(t, stored);
    seen = rounded(values, type);
    return cg.b.transpose(t);
}

result<tensor_id> finish(cpu_graph& cg, tensor_id out, const std::vector<std::pair<tensor_id, host_tensor>>& to_set) {
    if (auto s = cg.prepare(out); !s) return s.err();
    for (const auto& [t, v] : to_set)
        if (auto s = cg.set(t, v); !s) return s.err();
    return out;
}

template <class F>
host_tensor map_ref(const host_tensor& a, F f) {
    host_tensor r(a.ne);
    for (std::size_t i = 0; i < a.v.size(); ++i) r.v[i] = static_cast<float>(f(static_cast<double>(a.v[i])));
    return r;
}

// Row-major flattening into another shape: what CPY, DUP and CONT do with element order.
host_tensor reshaped(const host_tensor& a, shape ne) {
    host_tensor r(ne);
    r.v = a.v;
    return r;
}

} // namespace

class TestCpuOps : public QObject {
    Q_OBJECT
private slots:
    void binary_data();
    void binary();
    void scalar_data();
    void scalar();
    void unary_data();
    void unary();
    void sums_data();
    void sums();
    void repeat_data();
    void repeat();
    void concat();
    void copies_data();
    void copies();
    void cpy_into_view();
};

void TestCpuOps::binary_data() {
    QTest::addColumn<int>("op");
    QTest::addColumn<shape>("a");
    QTest::addColumn<shape>("b");
    QTest::addColumn<int>("type");
    QTest::addColumn<bool>("transpose");
    const auto f32 = static_cast<int>(dtype::f32), f16 = static_cast<int>(dtype::f16),
               bf16 = static_cast<int>(dtype::bf16);
    for (op_kind op : {op_kind::add, op_kind::sub, op_kind::mul, op_kind::div}) {
        const auto o = static_cast<int>(op);
        const std::string n(info(op).name);
        const auto row = [&](const char* what) -> QTestData& { return QTest::newRow((n + " " + what).c_str()); };
        row("1 element") << o << shape{1, 1, 1, 1} << shape{1, 1, 1, 1} << f32 << false;
        row("odd 3-D") << o << shape{7, 5, 3, 1} << shape{7, 5, 3, 1} << f32 << false;
        row("4-D") << o << shape{9, 2, 3, 2} << shape{9, 2, 3, 2} << f32 << false;
        row("f16") << o << shape{9, 4, 1, 1} << shape{9, 4, 1, 1} << f16 << false;
        row("bf16") << o << shape{9, 4, 1, 1} << shape{9, 4, 1, 1} << bf16 << false;
        row("transposed src0") << o << shape{7, 5, 1, 1} << shape{7, 5, 1, 1} << f32 << true;
        if (op == op_kind::sub) continue; // SUB needs equal shapes (2023-11)
        row("row broadcast") << o << shape{7, 5, 3, 2} << shape{7, 1, 1, 1} << f32 << false;
        row("scalar broadcast") << o << shape{7, 5, 3, 2} << shape{1, 1, 1, 1} << f32 << false;
        row("broadcast in every dim") << o << shape{6, 4, 3, 2} << shape{3, 1, 3, 1} << f32 << false;
        row("f16 broadcast") << o << shape{8, 3, 1, 1} << shape{8, 1, 1, 1} << f16 << true;
    }
}

void TestCpuOps::binary() {
    QFETCH(int, op);
    QFETCH(shape, a);
    QFETCH(shape, b);
    QFETCH(int, type);
    QFETCH(bool, transpose);
    const auto kind = static_cast<op_kind>(op);
    const auto t = static_cast<dtype>(type);
    std::mt19937 rng(7);
    const host_tensor av = random_host(a, rng), bv = random_host(b, rng, 0.5f, 2.0f); // no division by ~0
    host_tensor seen_a, seen_b;
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        std::vector<std::pair<tensor_id, host_tensor>> to_set;
        const tensor_id x = source(cg, t, a, transpose, av, seen_a, to_set);
        const tensor_id y = source(cg, dtype::f32, b, false, bv, seen_b, to_set);
        tensor_id out;
        switch (kind) {
        case op_kind::add: out = cg.b.add(x, y); break;
        case op_kind::sub: out = cg.b.sub(x, y); break;
        case op_kind::mul: out = cg.b.mul(x, y); break;
        default: out = cg.b.div(x, y); break;
        }
        return finish(cg, out, to_set);
    };
    run_graph(1, setup); // fills seen_a and seen_b
    host_tensor expected(a);
    for (std::int64_t i3 = 0; i3 < a[3]; ++i3)
        for (std::int64_t i2 = 0; i2 < a[2]; ++i2)
            for (std::int64_t i1 = 0; i1 < a[1]; ++i1)
                for (std::int64_t i0 = 0; i0 < a[0]; ++i0) {
                    const double x = seen_a.at(i0, i1, i2, i3);
                    const double y = seen_b.at(i0 % b[0], i1 % b[1], i2 % b[2], i3 % b[3]);
                    const double r = kind == op_kind::add ? x + y
                                     : kind == op_kind::sub ? x - y
                                     : kind == op_kind::mul ? x * y
                                                            : x / y;
                    expected.at(i0, i1, i2, i3) = static_cast<float>(r);
                }
    check_graph(setup, rounded(expected, t), tolerance_for(t));
}

void TestCpuOps::scalar_data() {
    QTest::addColumn<bool>("scale");
    QTest::addColumn<shape>("a");
    QTest::addColumn<int>("type");
    for (bool scale : {false, true}) {
        const char* n = scale ? "SCALE" : "ADD1";
        QTest::addRow("%s 1 element", n) << scale << shape{1, 1, 1, 1} << static_cast<int>(dtype::f32);
        QTest::addRow("%s odd", n) << scale << shape{13, 3, 2, 1} << static_cast<int>(dtype::f32);
        QTest::addRow("%s f16", n) << scale << shape{13, 3, 1, 1} << static_cast<int>(dtype::f16);
    }
}

void TestCpuOps::scalar() {
    QFETCH(bool, scale);
    QFETCH(shape, a);
    QFETCH(int, type);
    const auto t = static_cast<dtype>(type);
    std::mt19937 rng(3);
    const host_tensor av = random_host(a, rng);
    host_tensor s({1, 1, 1, 1});
    s.v[0] = 0.37f;
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(t, a), f = cg.leaf(dtype::f32, {1, 1, 1, 1});
        return finish(cg, scale ? cg.b.scale(x, f) : cg.b.add1(x, f), {{x, av}, {f, s}});
    };
    const double k = 0.37f;
    check_graph(setup, rounded(map_ref(rounded(av, t), [&](double x) { return scale ? x * k : x + k; }), t),
                tolerance_for(t));
}

void TestCpuOps::unary_data() {
    QTest::addColumn<int>("op");
    QTest::addColumn<int>("kind");
    QTest::addColumn<shape>("a");
    QTest::addColumn<bool>("transpose");
    for (op_kind op : {op_kind::sqr, op_kind::sqrt, op_kind::log}) {
        const std::string n(info(op).name);
        QTest::newRow((n + " odd").c_str()) << static_cast<int>(op) << 0 << shape{17, 3, 2, 1} << false;
        QTest::newRow((n + " transposed").c_str()) << static_cast<int>(op) << 0 << shape{5, 6, 1, 1} << true;
    }
    for (int u = 0; u <= static_cast<int>(unary_kind::silu); ++u) {
        const std::string n(unary_name(static_cast<unary_kind>(u)));
        const auto o = static_cast<int>(op_kind::unary);
        QTest::newRow((n + " 1 element").c_str()) << o << u << shape{1, 1, 1, 1} << false;
        QTest::newRow((n + " 4-D").c_str()) << o << u << shape{17, 3, 2, 2} << false;
        QTest::newRow((n + " transposed").c_str()) << o << u << shape{5, 6, 1, 1} << true;
    }
}

void TestCpuOps::unary() {
    QFETCH(int, op);
    QFETCH(int, kind);
    QFETCH(shape, a);
    QFETCH(bool, transpose);
    const auto o = static_cast<op_kind>(op);
    const auto u = static_cast<unary_kind>(kind);
    const bool positive = o == op_kind::sqrt || o == op_kind::log;
    std::mt19937 rng(11);
    host_tensor av = random_host(a, rng, positive ? 0.1f : -3.0f, 3.0f);
    if (!positive) av.v[0] = 0.0f; // the edge of STEP, SGN, RELU, ELU
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        std::vector<std::pair<tensor_id, host_tensor>> to_set;
        host_tensor seen;
        const tensor_id x = source(cg, dtype::f32, a, transpose, av, seen, to_set);
        const tensor_id out = o == op_kind::sqr    ? cg.b.sqr(x)
                              : o == op_kind::sqrt ? cg.b.sqrt(x)
                              : o == op_kind::log  ? cg.b.log(x)
                                                   : cg.b.unary(x, u);
        return finish(cg, out, to_set);
    };
    const auto through_f16 = [](double x, double (*g)(double)) {
        return static_cast<double>(ref_f16_to_f32(ref_f32_to_f16(static_cast<float>(
            g(static_cast<double>(ref_f16_to_f32(ref_f32_to_f16(static_cast<float>(x)))))))));
    };
    const auto f = [&](double x) -> double {
        if (o == op_kind::sqr) return x * x;
        if (o == op_kind::sqrt) return std::sqrt(x);
        if (o == op_kind::log) return std::log(x);
        switch (u) {
        case unary_kind::abs: return std::fabs(x);
        case unary_kind::sgn: return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0;
        case unary_kind::neg: return -x;
        case unary_kind::step: return x > 0 ? 1.0 : 0.0;
        case unary_kind::tanh: return std::tanh(x);
        case unary_kind::elu: return x > 0 ? x : std::exp(x) - 1.0;
        case unary_kind::relu: return std::max(x, 0.0);
        // ggml's f16 tables (GGML_GELU_FP16, GGML_GELU_QUICK_FP16): f16 in, f16 out.
        case unary_kind::gelu:
            return x <= -10 ? 0.0 : x >= 10 ? x : through_f16(x, [](double v) {
                return 0.5 * v * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (v + 0.044715 * v * v * v)));
            });
        case unary_kind::gelu_quick: return through_f16(x, [](double v) { return v / (1.0 + std::exp(-1.702 * v)); });
        case unary_kind::silu: return x / (1.0 + std::exp(-x));
        default: return 0.0; // the later kinds: test_cpu_ops_2026
        }
        return 0.0;
    };
    check_graph(setup, map_ref(av, f), 2e-6);
}

void TestCpuOps::sums_data() {
    QTest::addColumn<bool>("rows");
    QTest::addColumn<shape>("a");
    QTest::addColumn<int>("type");
    QTest::addColumn<bool>("transpose");
    for (bool rows : {false, true}) {
        const char* n = rows ? "SUM_ROWS" : "SUM";
        QTest::addRow("%s 1 element", n) << rows << shape{1, 1, 1, 1} << static_cast<int>(dtype::f32) << false;
        QTest::addRow("%s odd", n) << rows << shape{7, 5, 3, 1} << static_cast<int>(dtype::f32) << false;
        QTest::addRow("%s 4-D", n) << rows << shape{100, 3, 2, 2} << static_cast<int>(dtype::f32) << false;
        QTest::addRow("%s f16", n) << rows << shape{33, 4, 1, 1} << static_cast<int>(dtype::f16) << false;
        QTest::addRow("%s transposed", n) << rows << shape{6, 9, 1, 1} << static_cast<int>(dtype::f32) << true;
    }
}

void TestCpuOps::sums() {
    QFETCH(bool, rows);
    QFETCH(shape, a);
    QFETCH(int, type);
    QFETCH(bool, transpose);
    const auto t = static_cast<dtype>(type);
    std::mt19937 rng(5);
    const host_tensor av = random_host(a, rng);
    host_tensor seen;
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        std::vector<std::pair<tensor_id, host_tensor>> to_set;
        const tensor_id x = source(cg, t, a, transpose, av, seen, to_set);
        return finish(cg, rows ? cg.b.sum_rows(x) : cg.b.sum(x), to_set);
    };
    run_graph(1, setup);
    host_tensor expected(rows ? shape{1, a[1], a[2], a[3]} : shape{1, 1, 1, 1});
    double total = 0.0;
    for (std::int64_t r = 0; r < a[1] * a[2] * a[3]; ++r) {
        double s = 0.0;
        for (std::int64_t i = 0; i < a[0]; ++i) s += seen.v[static_cast<std::size_t>(r * a[0] + i)];
        if (rows) expected.v[static_cast<std::size_t>(r)] = static_cast<float>(s);
        total += s;
    }
    if (!rows) expected.v[0] = static_cast<float>(total);
    check_graph(setup, rounded(expected, t), tolerance_for(t), rows);
}

void TestCpuOps::repeat_data() {
    QTest::addColumn<shape>("a");
    QTest::addColumn<shape>("to");
    QTest::addColumn<int>("type");
    QTest::newRow("1 element") << shape{1, 1, 1, 1} << shape{5, 3, 1, 1} << static_cast<int>(dtype::f32);
    QTest::newRow("every dim") << shape{3, 2, 1, 2} << shape{6, 4, 3, 2} << static_cast<int>(dtype::f32);
    QTest::newRow("same shape") << shape{4, 3, 1, 1} << shape{4, 3, 1, 1} << static_cast<int>(dtype::f32);
    QTest::newRow("f16") << shape{4, 1, 2, 1} << shape{8, 3, 2, 2} << static_cast<int>(dtype::f16);
}

void TestCpuOps::repeat() {
    QFETCH(shape, a);
    QFETCH(shape, to);
    QFETCH(int, type);
    const auto t = static_cast<dtype>(type);
    std::mt19937 rng(9);
    const host_tensor av = random_host(a, rng);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(t, a), like = cg.leaf(dtype::f32, to);
        return finish(cg, cg.b.repeat(x, like), {{x, av}, {like, host_tensor(to)}});
    };
    const host_tensor seen = rounded(av, t);
    host_tensor expected(to);
    for (std::int64_t i3 = 0; i3 < to[3]; ++i3)
        for (std::int64_t i2 = 0; i2 < to[2]; ++i2)
            for (std::int64_t i1 = 0; i1 < to[1]; ++i1)
                for (std::int64_t i0 = 0; i0 < to[0]; ++i0)
                    expected.at(i0, i1, i2, i3) = seen.at(i0 % a[0], i1 % a[1], i2 % a[2], i3 % a[3]);
    check_graph(setup, expected, 0.0);
}

void TestCpuOps::concat() {
    std::mt19937 rng(13);
    const shape a{4, 3, 2, 2}, b{4, 3, 5, 2};
    const host_tensor av = random_host(a, rng), bv = random_host(b, rng);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(dtype::f32, a), y = cg.leaf(dtype::f32, b);
        return finish(cg, cg.b.concat(x, y), {{x, av}, {y, bv}});
    };
    host_tensor expected({4, 3, 7, 2});
    for (std::int64_t i3 = 0; i3 < 2; ++i3)
        for (std::int64_t i2 = 0; i2 < 7; ++i2)
            for (std::int64_t i1 = 0; i1 < 3; ++i1)
                for (std::int64_t i0 = 0; i0 < 4; ++i0)
                    expected.at(i0, i1, i2, i3) = i2 < 2 ? av.at(i0, i1, i2, i3) : bv.at(i0, i1, i2 - 2, i3);
    check_graph(setup, expected, 0.0);
}

// How the copied tensor is made.
enum class copy_kind { cpy, dup, cont, cont_4d };
Q_DECLARE_METATYPE(copy_kind)

void TestCpuOps::copies_data() {
    QTest::addColumn<copy_kind>("kind");
    QTest::addColumn<shape>("src");
    QTest::addColumn<int>("src_type");
    QTest::addColumn<shape>("dst");
    QTest::addColumn<int>("dst_type");
    QTest::addColumn<int>("view"); // 0 plain, 1 transposed source, 2 permuted source
    const int f32 = static_cast<int>(dtype::f32), f16 = static_cast<int>(dtype::f16),
              bf16 = static_cast<int>(dtype::bf16);
    QTest::newRow("CPY f32 to f16") << copy_kind::cpy << shape{7, 3, 2, 1} << f32 << shape{7, 3, 2, 1} << f16 << 0;
    QTest::newRow("CPY f16 to f32") << copy_kind::cpy << shape{7, 3, 2, 1} << f16 << shape{7, 3, 2, 1} << f32 << 0;
    QTest::newRow("CPY f32 to bf16") << copy_kind::cpy << shape{9, 2, 1, 1} << f32 << shape{9, 2, 1, 1} << bf16 << 0;
    QTest::newRow("CPY f32 to f32") << copy_kind::cpy << shape{1, 1, 1, 1} << f32 << shape{1, 1, 1, 1} << f32 << 0;
    QTest::newRow("CPY transposed source") << copy_kind::cpy << shape{7, 5, 1, 1} << f32 << shape{7, 5, 1, 1} << f32 << 1;
    QTest::newRow("CPY transposed to f16") << copy_kind::cpy << shape{7, 5, 1, 1} << f32 << shape{7, 5, 1, 1} << f16 << 1;
    QTest::newRow("CPY other shape") << copy_kind::cpy << shape{6, 4, 1, 1} << f32 << shape{8, 3, 1, 1} << f32 << 0;
    QTest::newRow("CPY other shape f16") << copy_kind::cpy << shape{6, 4, 1, 1} << f32 << shape{3, 2, 4, 1} << f16 << 1;
    QTest::newRow("DUP permuted") << copy_kind::dup << shape{3, 4, 5, 2} << f32 << shape{} << f32 << 2;
    QTest::newRow("CONT transposed") << copy_kind::cont << shape{6, 5, 1, 1} << f32 << shape{} << f32 << 1;
    QTest::newRow("CONT permuted f16") << copy_kind::cont << shape{3, 4, 5, 2} << f16 << shape{} << f16 << 2;
    QTest::newRow("CONT_4D reshapes") << copy_kind::cont_4d << shape{6, 4, 1, 1} << f32 << shape{4, 2, 3, 1} << f32 << 1;
}

void TestCpuOps::copies() {
    QFETCH(copy_kind, kind);
    QFETCH(shape, src);
    QFETCH(int, src_type);
    QFETCH(shape, dst);
    QFETCH(int, dst_type);
    QFETCH(int, view);
    const auto st = static_cast<dtype>(src_type), dt = static_cast<dtype>(dst_type);
    std::mt19937 rng(17);
    const host_tensor values = random_host(src, rng);
    host_tensor seen;
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        std::vector<std::pair<tensor_id, host_tensor>> to_set;
        tensor_id x;
        if (view == 2) { // stored so that permute(2, 0, 1, 3) shows `values`
            const host_tensor stored = permuted(values, {1, 2, 0, 3});
            x = cg.b.permute(cg.leaf(st, stored.ne), 2, 0, 1, 3);
            to_set.emplace_back(cg.ctx[x].view_src, stored);
            seen = rounded(values, st);
        } else {
            x = source(cg, st, src, view == 1, values, seen, to_set);
        }
        tensor_id out;
        switch (kind) {
        case copy_kind::cpy: {
            const tensor_id d = cg.leaf(dt, dst);
            to_set.emplace_back(d, host_tensor(dst));
            out = cg.b.cpy(x, d);
            break;
        }
        case copy_kind::dup: out = cg.b.dup(x); break;
        case copy_kind::cont: out = cg.b.cont(x); break;
        case copy_kind::cont_4d: out = cg.b.cont_4d(x, dst[0], dst[1], dst[2], dst[3]); break;
        }
        return finish(cg, out, to_set);
    };
    run_graph(1, setup);
    const shape out_shape = kind == copy_kind::cpy || kind == copy_kind::cont_4d ? dst : src;
    check_graph(setup, rounded(reshaped(seen, out_shape), dt), tolerance_for(dt));
}

// CPY into a strided view (rows 2..4, columns 3..9 of a 12 x 6 f16 matrix) converts and writes
// only those elements, as llama.cpp stores K and V into its cache.
void TestCpuOps::cpy_into_view() {
    std::mt19937 rng(19);
    const host_tensor src = random_host({7, 3, 1, 1}, rng);
    host_tensor before = random_host({12, 6, 1, 1}, rng);
    for (int threads : {1, 3}) {
        cpu_graph cg(threads);
        const tensor_id x = cg.leaf(dtype::f32, src.ne), dst = cg.leaf(dtype::f16, before.ne);
        const std::size_t row = cg.ctx[dst].nb[1];
        const tensor_id view = cg.b.view_2d(dst, 7, 3, row, 2 * row + 3 * 2);
        QVERIFY(finish(cg, cg.b.cpy(x, view), {{x, src}, {dst, before}}).ok());
        QVERIFY(cg.compute().ok());
        auto after = cg.get(dst);
        QVERIFY(after.ok());
        host_tensor expected = rounded(before, dtype::f16);
        for (std::int64_t i1 = 0; i1 < 3; ++i1)
            for (std::int64_t i0 = 0; i0 < 7; ++i0)
                expected.at(3 + i0, 2 + i1) = ref_f16_to_f32(ref_f32_to_f16(src.at(i0, i1)));
        QCOMPARE(after->v, expected.v);
    }
}

QTEST_APPLESS_MAIN(TestCpuOps)
#include "test_cpu_ops.moc"
