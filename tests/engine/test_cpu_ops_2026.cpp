// The CPU backend's kernels for the ops and op forms of ggml d99724f2 against naive references
// written here in double: SCALE with its factor and bias as params, CPY with one source
// (ggml_cast), SOFT_MAX with scale, mask (f16/f32, broadcast), ALiBi and sinks, ROPE with
// frequency factors, SET_ROWS (i32/i64 indices broadcast over planes, f32/f16/bf16/q8_0
// destinations), GLU (the six kinds; halves, swapped halves, two sources) and ADD_ID, the later
// unary kinds (SIGMOID, EXP, SOFTPLUS, GELU_ERF), GELU's f16 table, CLAMP, FILL, PAD, CONCAT
// along any dimension, ggml_repeat_4d and ggml_rope_multi's modes, on odd shapes, with 1 and 3
// threads; plus values worked out by hand and the errors and refusals. MoE ops: test_cpu_moe_ops.
// FLASH_ATTN_EXT: test_cpu_flash_attn.
//
// Tolerances, relative to max(1, |expected|): 1e-6 where the kernel and the reference do the same
// float operations; 1e-5 for exp/tanh/erf in float; ROPE 1e-4 (as test_cpu_nn); f16 results 1e-3.
#include "cpu_op_check.h"

#include "backend/backend.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace planscope;
using namespace planscope::testing;

namespace {

constexpr float minus_inf = -std::numeric_limits<float>::infinity();

result<tensor_id> finish(cpu_graph& cg, tensor_id out, const std::vector<std::pair<tensor_id, host_tensor>>& to_set) {
    if (auto s = cg.prepare(out); !s) return s.err();
    for (const auto& [t, v] : to_set)
        if (auto s = cg.set(t, v); !s) return s.err();
    return out;
}

status set_i64(cpu_graph& cg, tensor_id t, const std::vector<std::int64_t>& values) {
    return tensor_set(cg.table, cg.ctx[t], values.data(), 0, values.size() * sizeof(std::int64_t));
}

std::int64_t count(shape s) { return s[0] * s[1] * s[2] * s[3]; }

double gelu_tanh_ref(double x) { return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x))); }
double gelu_quick_ref(double x) { return x / (1 + std::exp(-1.702 * x)); }

// ggml_table_gelu_f16 and _quick: the function of x's f16 neighbour, rounded to f16.
double f16_table(double (*f)(double), double x) {
    const auto h = [](double v) { return static_cast<double>(ref_f16_to_f32(ref_f32_to_f16(static_cast<float>(v)))); };
    return h(f(h(x)));
}

double glu_ref(glu_kind g, double x, double y, double alpha, double limit) {
    switch (g) {
    case glu_kind::reglu: return x > 0 ? x * y : 0.0;
    case glu_kind::geglu: return (x <= -10 ? 0.0 : x >= 10 ? x : f16_table(gelu_tanh_ref, x)) * y;
    case glu_kind::swiglu: return x / (1 + std::exp(-x)) * y;
    case glu_kind::swiglu_oai: {
        const double xc = std::min(x, limit), yc = std::clamp(y, -limit, limit);
        return xc / (1 + std::exp(-alpha * xc)) * (yc + 1);
    }
    case glu_kind::geglu_erf: return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))) * y;
    case glu_kind::geglu_quick: return f16_table(gelu_quick_ref, x) * y;
    }
    return 0.0;
}

} // namespace

Q_DECLARE_METATYPE(glu_kind)

class TestCpuOps2026 : public QObject {
    Q_OBJECT
private slots:
    void scale_by_data();
    void scale_by();
    void cast_data();
    void cast();
    void cast_to_q8_0();
    void soft_max_ext_data();
    void soft_max_ext();
    void soft_max_sinks_by_hand();
    void rope_freq_factors_data();
    void rope_freq_factors();
    void set_rows_data();
    void set_rows();
    void set_rows_q8_0();
    void set_rows_out_of_range();
    void glu_data();
    void glu();
    void glu_by_hand();
    void add_id_data();
    void add_id();
    void add_id_out_of_range();
    void refusals();
    void unary_2026_data();
    void unary_2026();
    void unary_by_hand();
    void gelu_numerics();
    void clamp_fill_by_hand();
    void pad_data();
    void pad();
    void concat_data();
    void concat();
    void repeat_4d();
    void rope_multi_data();
    void rope_multi();
};

void TestCpuOps2026::scale_by_data() {
    QTest::addColumn<shape>("a");
    QTest::addColumn<float>("s");
    QTest::addColumn<float>("b");
    QTest::addColumn<int>("type");
    const int f32 = static_cast<int>(dtype::f32);
    QTest::newRow("factor only") << shape{7, 3, 1, 1} << 0.5f << 0.0f << f32;
    QTest::newRow("factor and bias, 3-D") << shape{33, 2, 3, 1} << -1.25f << 0.75f << f32;
    QTest::newRow("f16") << shape{16, 3, 1, 2} << 3.0f << -2.0f << static_cast<int>(dtype::f16);
}

void TestCpuOps2026::scale_by() {
    QFETCH(shape, a);
    QFETCH(float, s);
    QFETCH(float, b);
    QFETCH(int, type);
    const auto t = static_cast<dtype>(type);
    std::mt19937 rng(3);
    const host_tensor av = random_host(a, rng);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(t, a);
        const tensor_id y = cg.b.scale_by(x, s, b);
        if (cg.b.ok() && cg.ctx[y].n_src() != 1) return error{"scale_by made a second source"};
        return finish(cg, y, {{x, av}});
    };
    host_tensor expected = rounded(av, t);
    for (float& x : expected.v) x = static_cast<float>(static_cast<double>(x) * s + b);
    check_graph(setup, rounded(expected, t), t == dtype::f16 ? 1e-3 : 1e-6);
    // Values by hand: 2 * -1.25 + 0.75 and 0 * -1.25 + 0.75.
    if (t == dtype::f32) {
        auto seen = run_graph(1, [&](cpu_graph& cg) -> result<tensor_id> {
            const tensor_id x = cg.leaf(dtype::f32, {2, 1, 1, 1});
            host_tensor xv({2, 1, 1, 1});
            xv.v = {2.0f, 0.0f};
            return finish(cg, cg.b.scale_by(x, -1.25f, 0.75f), {{x, xv}});
        });
        QVERIFY(seen.ok());
        QCOMPARE(seen->v[0], -1.75f);
        QCOMPARE(seen->v[1], 0.75f);
    }
}

void TestCpuOps2026::cast_data() {
    QTest::addColumn<shape>("a");
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("to");
    const int f32 = static_cast<int>(dtype::f32), f16 = static_cast<int>(dtype::f16),
              bf16 = static_cast<int>(dtype::bf16);
    QTest::newRow("f32 to f16") << shape{33, 3, 1, 1} << f32 << f16;
    QTest::newRow("f16 to f32") << shape{7, 5, 2, 1} << f16 << f32;
    QTest::newRow("f32 to bf16") << shape{9, 4, 1, 3} << f32 << bf16;
    QTest::newRow("f32 to f32") << shape{5, 1, 1, 1} << f32 << f32;
}

void TestCpuOps2026::cast() {
    QFETCH(shape, a);
    QFETCH(int, from);
    QFETCH(int, to);
    const auto ft = static_cast<dtype>(from), tt = static_cast<dtype>(to);
    std::mt19937 rng(5);
    const host_tensor av = random_host(a, rng, -70.0f, 70.0f);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(ft, a);
        const tensor_id y = cg.b.cast(x, tt);
        if (!cg.b.ok()) return *cg.b.first_error();
        const tensor& r = cg.ctx[y];
        if (r.type != tt || r.is_view() || r.n_src() != 1) return error{"the cast is not a new tensor of its type"};
        return finish(cg, y, {{x, av}});
    };
    check_graph(setup, rounded(rounded(av, ft), tt), 0.0);
}

// f32 to q8_0 by ggml_cast, read back through GET_ROWS: each value within half a step of its
// block (amax / 127), the f16 scale's rounding aside.
void TestCpuOps2026::cast_to_q8_0() {
    std::mt19937 rng(7);
    const shape a{64, 3, 1, 1};
    const host_tensor av = random_host(a, rng);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(dtype::f32, a), rows = cg.leaf(dtype::i32, {3, 1, 1, 1});
        const tensor_id q = cg.b.cast(x, dtype::q8_0);
        auto out = finish(cg, cg.b.get_rows(q, rows), {{x, av}});
        if (out) cg.set_i32(rows, {0, 1, 2});
        return out;
    };
    check_graph(setup, av, 1.0 / 127 * 0.5 + 2e-3);
}

void TestCpuOps2026::soft_max_ext_data() {
    QTest::addColumn<shape>("a");
    QTest::addColumn<shape>("mask"); // ne[0] == 0: none
    QTest::addColumn<int>("mask_type");
    QTest::addColumn<float>("scale");
    QTest::addColumn<float>("max_bias");
    QTest::addColumn<bool>("sinks");
    const int f32 = static_cast<int>(dtype::f32), f16 = static_cast<int>(dtype::f16);
    const shape none{0, 1, 1, 1};
    QTest::newRow("scale only") << shape{7, 3, 2, 1} << none << f32 << 0.3f << 0.0f << false;
    QTest::newRow("f32 mask with more rows") << shape{33, 5, 2, 1} << shape{33, 8, 1, 1} << f32 << 0.125f << 0.0f << false;
    QTest::newRow("f16 mask broadcast over heads and sequences")
        << shape{13, 4, 6, 2} << shape{13, 4, 3, 1} << f16 << 1.0f << 0.0f << false;
    QTest::newRow("ALiBi, 5 heads") << shape{9, 3, 5, 1} << shape{9, 3, 1, 1} << f16 << 0.5f << 8.0f << false;
    QTest::newRow("sinks") << shape{7, 3, 4, 1} << none << f32 << 1.0f << 0.0f << true;
    QTest::newRow("sinks, mask, ALiBi") << shape{11, 2, 3, 2} << shape{11, 2, 1, 2} << f32 << 0.7f << 2.0f << true;
}

void TestCpuOps2026::soft_max_ext() {
    QFETCH(shape, a);
    QFETCH(shape, mask);
    QFETCH(int, mask_type);
    QFETCH(float, scale);
    QFETCH(float, max_bias);
    QFETCH(bool, sinks);
    const auto mt = static_cast<dtype>(mask_type);
    std::mt19937 rng(11);
    const host_tensor av = random_host(a, rng, -4.0f, 4.0f);
    const host_tensor mv = mask[0] ? rounded(holed_mask(mask, rng), mt) : host_tensor{};
    const host_tensor sv = random_host({a[2], 1, 1, 1}, rng, -1.0f, 3.0f);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        std::vector<std::pair<tensor_id, host_tensor>> to_set;
        const tensor_id x = cg.leaf(dtype::f32, a);
        to_set.emplace_back(x, av);
        std::optional<tensor_id> m;
        if (mask[0]) {
            m = cg.leaf(mt, mask);
            to_set.emplace_back(*m, mv);
        }
        soft_max_args args{.scale = scale, .max_bias = max_bias};
        if (sinks) {
            args.sinks = cg.leaf(dtype::f32, sv.ne);
            to_set.emplace_back(*args.sinks, sv);
        }
        return finish(cg, cg.b.soft_max_ext(x, m, args), to_set);
    };
    host_tensor expected(a);
    for (std::int64_t i3 = 0; i3 < a[3]; ++i3)
        for (std::int64_t i2 = 0; i2 < a[2]; ++i2)
            for (std::int64_t i1 = 0; i1 < a[1]; ++i1) {
                std::vector<double> l(static_cast<std::size_t>(a[0]));
                double max = sinks ? sv.at(i2) : -INFINITY;
                for (std::int64_t i = 0; i < a[0]; ++i) {
                    double x = static_cast<double>(av.at(i, i1, i2, i3)) * scale;
                    if (mask[0]) x += alibi(max_bias, a[2], i2) * mv.at(i, i1, i2 % mask[2], i3 % mask[3]);
                    l[static_cast<std::size_t>(i)] = x;
                    max = std::max(max, x);
                }
                double sum = sinks ? std::exp(sv.at(i2) - max) : 0.0;
                for (double x : l) sum += std::exp(x - max);
                for (std::int64_t i = 0; i < a[0]; ++i)
                    expected.at(i, i1, i2, i3) = static_cast<float>(std::exp(l[static_cast<std::size_t>(i)] - max) / sum);
            }
    check_graph(setup, expected, 1e-6);
}

// Logits ln 2 and 0 with a sink of ln 3: e^x is 2, 1 and 3, the outputs 2/6 and 1/6; a -inf
// mask entry gives exactly 0.
void TestCpuOps2026::soft_max_sinks_by_hand() {
    auto seen = run_graph(1, [](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(dtype::f32, {3, 1, 1, 1}), m = cg.leaf(dtype::f16, {3, 1, 1, 1});
        const tensor_id s = cg.leaf(dtype::f32, {1, 1, 1, 1});
        host_tensor xv({3, 1, 1, 1}), mv({3, 1, 1, 1}), sv({1, 1, 1, 1});
        xv.v = {std::log(2.0f), 0.0f, 5.0f};
        mv.v = {0.0f, 0.0f, minus_inf};
        sv.v = {std::log(3.0f)};
        return finish(cg, cg.b.soft_max_ext(x, m, {.sinks = s}), {{x, xv}, {m, mv}, {s, sv}});
    });
    QVERIFY2(seen.ok(), seen.ok() ? "" : seen.err().message.c_str());
    QVERIFY(std::fabs(seen->v[0] - 2.0f / 6) < 1e-6f);
    QVERIFY(std::fabs(seen->v[1] - 1.0f / 6) < 1e-6f);
    QCOMPARE(seen->v[2], 0.0f);
}

void TestCpuOps2026::rope_freq_factors_data() {
    QTest::addColumn<shape>("a");
    QTest::addColumn<int>("n_dims");
    QTest::addColumn<int>("mode");
    QTest::addColumn<std::int64_t>("n_factors");
    QTest::addColumn<float>("ext_factor");
    for (int mode : {0, 2}) {
        const char* n = mode ? "neox" : "normal";
        QTest::addRow("%s all dims", n) << shape{8, 3, 5, 1} << 8 << mode << std::int64_t{4} << 0.0f;
        QTest::addRow("%s partial n_dims, extra factors", n) << shape{10, 2, 5, 2} << 6 << mode << std::int64_t{5} << 0.0f;
        QTest::addRow("%s YaRN", n) << shape{16, 2, 5, 1} << 16 << mode << std::int64_t{8} << 1.0f;
    }
}

void TestCpuOps2026::rope_freq_factors() {
    QFETCH(shape, a);
    QFETCH(int, n_dims);
    QFETCH(int, mode);
    QFETCH(std::int64_t, n_factors);
    QFETCH(float, ext_factor);
    const std::vector<std::int32_t> pos{0, 1, 7, 20, 3};
    std::mt19937 rng(13);
    const host_tensor av = random_host(a, rng);
    const host_tensor ff = random_host({n_factors, 1, 1, 1}, rng, 0.5f, 4.0f);
    rope_args args;
    args.n_dims = n_dims;
    args.mode = mode;
    args.n_orig_ctx = 64;
    args.freq_scale = ext_factor != 0.0f ? 0.5f : 1.0f;
    args.ext_factor = ext_factor;
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(dtype::f32, a), p = cg.leaf(dtype::i32, {a[2], 1, 1, 1});
        const tensor_id f = cg.leaf(dtype::f32, ff.ne);
        rope_args with = args;
        with.freq_factors = f;
        auto out = finish(cg, cg.b.rope(x, p, with), {{x, av}, {f, ff}});
        if (out) cg.set_i32(p, pos);
        return out;
    };
    const auto corr = [&](double n_rot) {
        return n_dims * std::log(64 / (n_rot * 2 * M_PI)) / (2 * std::log(10000.0));
    };
    const double low = std::max(0.0, std::floor(corr(args.beta_fast)));
    const double high = std::min(n_dims - 1.0, std::ceil(corr(args.beta_slow)));
    host_tensor expected = av;
    for (std::int64_t i3 = 0; i3 < a[3]; ++i3)
        for (std::int64_t i2 = 0; i2 < a[2]; ++i2)
            for (std::int64_t i1 = 0; i1 < a[1]; ++i1)
                for (int k = 0; k < n_dims / 2; ++k) {
                    const double extrap = pos[static_cast<std::size_t>(i2)] * std::pow(10000.0, -2.0 * k / n_dims) / ff.at(k);
                    double theta = args.freq_scale * extrap, mscale = 1.0;
                    if (ext_factor != 0.0f) {
                        const double mix = (1.0 - std::clamp((k - low) / std::max(0.001, high - low), 0.0, 1.0)) * ext_factor;
                        theta = theta * (1 - mix) + extrap * mix;
                        mscale *= 1.0 + 0.1 * std::log(1.0 / args.freq_scale);
                    }
                    const int i = mode == 2 ? k : 2 * k, j = mode == 2 ? k + n_dims / 2 : 2 * k + 1;
                    const double x0 = av.at(i, i1, i2, i3), x1 = av.at(j, i1, i2, i3);
                    expected.at(i, i1, i2, i3) = static_cast<float>((x0 * std::cos(theta) - x1 * std::sin(theta)) * mscale);
                    expected.at(j, i1, i2, i3) = static_cast<float>((x0 * std::sin(theta) + x1 * std::cos(theta)) * mscale);
                }
    check_graph(setup, expected, 1e-4);
}

void TestCpuOps2026::set_rows_data() {
    QTest::addColumn<shape>("rows");
    QTest::addColumn<std::int64_t>("dst_rows");
    QTest::addColumn<shape>("ids");
    QTest::addColumn<int>("src_type");
    QTest::addColumn<int>("dst_type");
    QTest::addColumn<bool>("i64");
    const int f32 = static_cast<int>(dtype::f32), f16 = static_cast<int>(dtype::f16),
              bf16 = static_cast<int>(dtype::bf16);
    QTest::newRow("f32 into f32, i64") << shape{7, 3, 1, 1} << std::int64_t{9} << shape{3, 1, 1, 1} << f32 << f32 << true;
    QTest::newRow("f32 into f16, i32") << shape{33, 4, 1, 1} << std::int64_t{6} << shape{4, 1, 1, 1} << f32 << f16 << false;
    QTest::newRow("f16 into f16") << shape{16, 5, 1, 1} << std::int64_t{8} << shape{5, 1, 1, 1} << f16 << f16 << true;
    QTest::newRow("f16 into f32") << shape{9, 2, 1, 1} << std::int64_t{3} << shape{2, 1, 1, 1} << f16 << f32 << false;
    QTest::newRow("f32 into bf16") << shape{5, 3, 1, 1} << std::int64_t{4} << shape{3, 1, 1, 1} << f32 << bf16 << true;
    QTest::newRow("indices broadcast over ne2 and ne3")
        << shape{5, 3, 4, 2} << std::int64_t{7} << shape{3, 2, 1, 1} << f32 << f16 << true;
    QTest::newRow("indices per plane") << shape{5, 2, 3, 2} << std::int64_t{4} << shape{2, 3, 2, 1} << f32 << f32 << false;
}

void TestCpuOps2026::set_rows() {
    QFETCH(shape, rows);
    QFETCH(std::int64_t, dst_rows);
    QFETCH(shape, ids);
    QFETCH(int, src_type);
    QFETCH(int, dst_type);
    QFETCH(bool, i64);
    const auto st = static_cast<dtype>(src_type), dt = static_cast<dtype>(dst_type);
    const shape dst{rows[0], dst_rows, rows[2], rows[3]};
    std::mt19937 rng(17);
    const host_tensor rv = random_host(rows, rng), dv = random_host(dst, rng, 5.0f, 6.0f);
    // Distinct indices in each (i1, i2) column of ids, in a shuffled order.
    std::vector<std::int64_t> idx(static_cast<std::size_t>(count(ids)));
    for (std::int64_t c = 0; c < ids[1] * ids[2]; ++c) {
        std::vector<std::int64_t> perm(static_cast<std::size_t>(dst_rows));
        for (std::int64_t i = 0; i < dst_rows; ++i) perm[static_cast<std::size_t>(i)] = i;
        std::shuffle(perm.begin(), perm.end(), rng);
        for (std::int64_t i = 0; i < ids[0]; ++i) idx[static_cast<std::size_t>(c * ids[0] + i)] = perm[static_cast<std::size_t>(i)];
    }
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id d = cg.leaf(dt, dst, "cache"), r = cg.leaf(st, rows);
        const tensor_id c = cg.leaf(i64 ? dtype::i64 : dtype::i32, ids);
        const tensor_id out = cg.b.set_rows(d, r, c);
        if (cg.b.ok() && cg.ctx[out].view_src != d) return error{"SET_ROWS is not a view of its destination"};
        auto done = finish(cg, out, {{d, dv}, {r, rv}});
        if (!done) return done;
        const std::vector<std::int32_t> idx32(idx.begin(), idx.end());
        if (auto s = i64 ? set_i64(cg, c, idx) : cg.set_i32(c, idx32); !s) return s.err();
        return done;
    };
    host_tensor expected = rounded(dv, dt);
    const host_tensor seen = rounded(rounded(rv, st), dt);
    for (std::int64_t i3 = 0; i3 < rows[3]; ++i3)
        for (std::int64_t i2 = 0; i2 < rows[2]; ++i2)
            for (std::int64_t i = 0; i < rows[1]; ++i) {
                const std::int64_t to = idx[static_cast<std::size_t>(i + ids[0] * ((i2 % ids[1]) + ids[1] * (i3 % ids[2])))];
                for (std::int64_t k = 0; k < rows[0]; ++k) expected.at(k, to, i2, i3) = seen.at(k, i, i2, i3);
            }
    check_graph(setup, expected, 0.0);
}

// Into a zeroed q8_0 cache, read back by GET_ROWS: rows 1 and 3 hold the source within half a
// step of its block, rows 0 and 2 stay 0.
void TestCpuOps2026::set_rows_q8_0() {
    std::mt19937 rng(19);
    const host_tensor rv = random_host({64, 2, 1, 1}, rng);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id d = cg.leaf(dtype::q8_0, {64, 4, 1, 1}), r = cg.leaf(dtype::f32, rv.ne);
        const tensor_id c = cg.leaf(dtype::i64, {2, 1, 1, 1}), all = cg.leaf(dtype::i32, {4, 1, 1, 1});
        auto out = finish(cg, cg.b.get_rows(cg.b.set_rows(d, r, c), all), {{r, rv}});
        if (!out) return out;
        const std::vector<std::byte> zeros(nbytes(cg.ctx[d]));
        if (auto s = tensor_set(cg.table, cg.ctx[d], zeros.data(), 0, zeros.size()); !s) return s.err();
        if (auto s = set_i64(cg, c, {3, 1}); !s) return s.err();
        if (auto s = cg.set_i32(all, {0, 1, 2, 3}); !s) return s.err();
        return out;
    };
    host_tensor expected({64, 4, 1, 1});
    for (std::int64_t k = 0; k < 64; ++k) {
        expected.at(k, 3) = rv.at(k, 0);
        expected.at(k, 1) = rv.at(k, 1);
    }
    check_graph(setup, expected, 1.0 / 127 * 0.5 + 2e-3);
}

void TestCpuOps2026::set_rows_out_of_range() {
    cpu_graph cg(2);
    const tensor_id d = cg.leaf(dtype::f16, {4, 4, 1, 1}, "cache_k");
    const tensor_id r = cg.leaf(dtype::f32, {4, 2, 1, 1}), c = cg.leaf(dtype::i64, {2, 1, 1, 1});
    const tensor_id out = cg.b.set_rows(d, r, c);
    QVERIFY(cg.prepare(out).ok());
    QVERIFY(set_i64(cg, c, {0, 9}).ok());
    const status s = cg.compute();
    QVERIFY(!s.ok());
    QCOMPARE(QString::fromStdString(s.err().message),
             QStringLiteral("SET_ROWS 'cache_k (view)': row index 9 at position 1 is outside [0, 4)"));
}

void TestCpuOps2026::glu_data() {
    QTest::addColumn<glu_kind>("kind");
    QTest::addColumn<shape>("a");
    QTest::addColumn<bool>("split");
    QTest::addColumn<bool>("swapped");
    QTest::addColumn<int>("type");
    const int f32 = static_cast<int>(dtype::f32), f16 = static_cast<int>(dtype::f16);
    for (int g = 0; g <= static_cast<int>(glu_kind::geglu_quick); ++g) {
        const auto k = static_cast<glu_kind>(g);
        const std::string n(glu_name(k));
        QTest::addRow("%s halves", n.c_str()) << k << shape{14, 3, 1, 1} << false << false << f32;
        QTest::addRow("%s swapped halves", n.c_str()) << k << shape{66, 2, 2, 1} << false << true << f32;
        QTest::addRow("%s split", n.c_str()) << k << shape{7, 3, 2, 1} << true << false << f32;
    }
    QTest::newRow("SWIGLU odd row (last element unused)") << glu_kind::swiglu << shape{15, 2, 1, 1} << false << false << f32;
    QTest::newRow("SWIGLU f16") << glu_kind::swiglu << shape{34, 3, 1, 1} << false << false << f16;
    QTest::newRow("GEGLU f16 split") << glu_kind::geglu << shape{9, 2, 2, 1} << true << false << f16;
}

void TestCpuOps2026::glu() {
    QFETCH(glu_kind, kind);
    QFETCH(shape, a);
    QFETCH(bool, split);
    QFETCH(bool, swapped);
    QFETCH(int, type);
    const auto t = static_cast<dtype>(type);
    const float alpha = 1.702f, limit = 7.0f; // gpt-oss's SWIGLU_OAI
    std::mt19937 rng(23);
    const host_tensor av = random_host(a, rng, -10.0f, 10.0f), bv = random_host(a, rng, -10.0f, 10.0f);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(t, a), y = cg.leaf(t, a);
        const tensor_id out = split ? cg.b.glu_split(x, y, kind) : cg.b.glu(x, kind, swapped);
        if (!cg.b.ok()) return *cg.b.first_error();
        cg.ctx[out].params.set_f32(2, alpha);
        cg.ctx[out].params.set_f32(3, limit);
        return finish(cg, out, split ? std::vector<std::pair<tensor_id, host_tensor>>{{x, av}, {y, bv}}
                                     : std::vector<std::pair<tensor_id, host_tensor>>{{x, av}});
    };
    const host_tensor sa = rounded(av, t), sb = rounded(bv, t);
    const std::int64_t nc = split ? a[0] : a[0] / 2;
    host_tensor expected({nc, a[1], a[2], a[3]});
    for (std::int64_t i3 = 0; i3 < a[3]; ++i3)
        for (std::int64_t i2 = 0; i2 < a[2]; ++i2)
            for (std::int64_t i1 = 0; i1 < a[1]; ++i1)
                for (std::int64_t i = 0; i < nc; ++i) {
                    const double x = split ? sa.at(i, i1, i2, i3) : sa.at(swapped ? i + nc : i, i1, i2, i3);
                    const double g = split ? sb.at(i, i1, i2, i3) : sa.at(swapped ? i : i + nc, i1, i2, i3);
                    expected.at(i, i1, i2, i3) = static_cast<float>(glu_ref(kind, x, g, alpha, limit));
                }
    check_graph(setup, rounded(expected, t), t == dtype::f16 ? 1e-3 : 1e-5);
}

// [x, g] = [2, 3] and [-1, 3]: REGLU 6 and 0; SWIGLU 2 * sigmoid(2) * 3; SWIGLU_OAI with limit 1
// clamps x to 1 and g to 1: 1 * sigmoid(alpha) * 2.
void TestCpuOps2026::glu_by_hand() {
    const auto run = [](glu_kind g, float alpha, float limit) {
        return run_graph(1, [=](cpu_graph& cg) -> result<tensor_id> {
            const tensor_id x = cg.leaf(dtype::f32, {2, 2, 1, 1});
            host_tensor xv({2, 2, 1, 1});
            xv.v = {2.0f, 3.0f, -1.0f, 3.0f};
            const tensor_id out = cg.b.glu(x, g);
            if (!cg.b.ok()) return *cg.b.first_error();
            cg.ctx[out].params.set_f32(2, alpha);
            cg.ctx[out].params.set_f32(3, limit);
            return finish(cg, out, {{x, xv}});
        });
    };
    auto reglu = run(glu_kind::reglu, 0, 0);
    QVERIFY(reglu.ok());
    QCOMPARE(reglu->v, (std::vector<float>{6.0f, 0.0f}));
    auto swiglu = run(glu_kind::swiglu, 0, 0);
    QVERIFY(swiglu.ok());
    QVERIFY(std::fabs(swiglu->v[0] - 6.0f / (1.0f + std::exp(-2.0f))) < 1e-6f);
    auto oai = run(glu_kind::swiglu_oai, 1.702f, 1.0f);
    QVERIFY(oai.ok());
    QVERIFY(std::fabs(oai->v[0] - 2.0f / (1.0f + std::exp(-1.702f))) < 1e-6f);
}

void TestCpuOps2026::add_id_data() {
    QTest::addColumn<shape>("a");
    QTest::addColumn<std::int64_t>("experts");
    QTest::addColumn<int>("b_type");
    const int f32 = static_cast<int>(dtype::f32);
    QTest::newRow("odd") << shape{7, 3, 2, 1} << std::int64_t{4} << f32;
    QTest::newRow("4-D, ids shared over ne3") << shape{33, 2, 3, 2} << std::int64_t{5} << f32;
    QTest::newRow("f16 biases") << shape{16, 4, 1, 1} << std::int64_t{3} << static_cast<int>(dtype::f16);
}

void TestCpuOps2026::add_id() {
    QFETCH(shape, a);
    QFETCH(std::int64_t, experts);
    QFETCH(int, b_type);
    const auto bt = static_cast<dtype>(b_type);
    std::mt19937 rng(29);
    const host_tensor av = random_host(a, rng), bv = random_host({a[0], experts, 1, 1}, rng);
    std::vector<std::int32_t> ids(static_cast<std::size_t>(a[1] * a[2]));
    std::uniform_int_distribution<std::int32_t> pick(0, static_cast<std::int32_t>(experts - 1));
    for (auto& id : ids) id = pick(rng);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(dtype::f32, a), b = cg.leaf(bt, bv.ne), i = cg.leaf(dtype::i32, {a[1], a[2], 1, 1});
        auto out = finish(cg, cg.b.add_id(x, b, i), {{x, av}, {b, bv}});
        if (out) cg.set_i32(i, ids);
        return out;
    };
    const host_tensor sb = rounded(bv, bt);
    host_tensor expected(a);
    for (std::int64_t i3 = 0; i3 < a[3]; ++i3)
        for (std::int64_t i2 = 0; i2 < a[2]; ++i2)
            for (std::int64_t i1 = 0; i1 < a[1]; ++i1)
                for (std::int64_t k = 0; k < a[0]; ++k)
                    expected.at(k, i1, i2, i3) =
                        av.at(k, i1, i2, i3) + sb.at(k, ids[static_cast<std::size_t>(i1 + a[1] * i2)]);
    check_graph(setup, expected, 0.0);
}

void TestCpuOps2026::add_id_out_of_range() {
    cpu_graph cg(1);
    const tensor_id a = cg.leaf(dtype::f32, {4, 2, 1, 1}), b = cg.leaf(dtype::f32, {4, 3, 1, 1});
    const tensor_id ids = cg.leaf(dtype::i32, {2, 1, 1, 1});
    const tensor_id out = cg.b.set_name(cg.b.add_id(a, b, ids), "moe_bias");
    QVERIFY(cg.prepare(out).ok());
    QVERIFY(cg.set_i32(ids, {2, -1}).ok());
    const status s = cg.compute();
    QVERIFY(!s.ok());
    QCOMPARE(QString::fromStdString(s.err().message), QStringLiteral("ADD_ID 'moe_bias': id -1 at (1, 0) is outside [0, 3)"));
}

// What the CPU backend refuses of these ops, and why.
void TestCpuOps2026::refusals() {
    cpu_graph cg(1);
    auto& b = cg.b;
    const tensor_id x = cg.leaf(dtype::f32, {64, 4, 1, 1});
    const tensor_id q = cg.leaf(dtype::f32, {32, 2, 2, 1}), kq = cg.leaf(dtype::iq4_nl, {32, 8, 2, 1});
    const tensor_id idx = cg.leaf(dtype::i64, {4, 1, 1, 1});
    const tensor_id att = b.set_name(b.flash_attn_ext(q, kq, kq, std::nullopt), "att");
    const tensor_id to_q6 = b.cast(cg.leaf(dtype::f32, {256, 2, 1, 1}), dtype::q6_k), to_q8 = b.cast(x, dtype::q8_0);
    const tensor_id rows_q6 = b.set_rows(cg.leaf(dtype::q6_k, {256, 4, 1, 1}), cg.leaf(dtype::f32, {256, 4, 1, 1}), idx);
    const tensor_id rows_q4 = b.set_rows(cg.leaf(dtype::q4_0, {64, 8, 1, 1}), x, idx);
    QVERIFY2(b.ok(), b.ok() ? "" : b.first_error()->message.c_str());
    QVERIFY(!cg.backend.supports_op(cg.ctx, cg.ctx[att]));
    QVERIFY(!cg.backend.supports_op(cg.ctx, cg.ctx[to_q6]));
    QVERIFY(cg.backend.supports_op(cg.ctx, cg.ctx[to_q8]));
    QVERIFY(!cg.backend.supports_op(cg.ctx, cg.ctx[rows_q6]));
    QVERIFY(cg.backend.supports_op(cg.ctx, cg.ctx[rows_q4]));
    QVERIFY(cg.prepare(att).ok());
    const status s = cg.compute();
    QVERIFY(!s.ok());
    QCOMPARE(QString::fromStdString(s.err().message),
             QStringLiteral("CPU backend: FLASH_ATTN_EXT 'att': K and V must be f32, f16, bf16 or a block format with a "
                            "dequantiser (K also with integer dot products), are iq4_nl, iq4_nl"));
}

// SIGMOID, EXP, SOFTPLUS, GELU_ERF and CLAMP (-0.5, 0.75) on f32 and f16 rows.
void TestCpuOps2026::unary_2026_data() {
    QTest::addColumn<int>("kind"); // a unary_kind, or -1 for CLAMP
    QTest::addColumn<shape>("a");
    QTest::addColumn<int>("type");
    QTest::addColumn<float>("range");
    const int f32 = static_cast<int>(dtype::f32), f16 = static_cast<int>(dtype::f16);
    for (const auto& [name, k] : {std::pair{"SIGMOID", unary_kind::sigmoid}, {"EXP", unary_kind::exp},
                                  {"SOFTPLUS", unary_kind::softplus}, {"GELU_ERF", unary_kind::gelu_erf}}) {
        QTest::addRow("%s odd", name) << static_cast<int>(k) << shape{7, 3, 2, 1} << f32 << 5.0f;
        QTest::addRow("%s f16", name) << static_cast<int>(k) << shape{16, 3, 1, 2} << f16 << 5.0f;
    }
    QTest::newRow("SOFTPLUS past its threshold 20") << static_cast<int>(unary_kind::softplus) << shape{33, 2, 1, 1} << f32 << 30.0f;
    QTest::newRow("CLAMP") << -1 << shape{9, 4, 1, 1} << f32 << 2.0f;
    QTest::newRow("CLAMP f16") << -1 << shape{8, 2, 2, 1} << f16 << 2.0f;
}

void TestCpuOps2026::unary_2026() {
    QFETCH(int, kind);
    QFETCH(shape, a);
    QFETCH(int, type);
    QFETCH(float, range);
    const auto t = static_cast<dtype>(type);
    std::mt19937 rng(31);
    const host_tensor av = random_host(a, rng, -range, range);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(t, a);
        const tensor_id y = kind < 0 ? cg.b.clamp(x, -0.5f, 0.75f) : cg.b.unary(x, static_cast<unary_kind>(kind));
        return finish(cg, y, {{x, av}});
    };
    host_tensor expected = rounded(av, t);
    for (float& v : expected.v) {
        const double x = v;
        double y = 0;
        switch (kind) {
        case -1: y = std::clamp(x, -0.5, 0.75); break;
        case static_cast<int>(unary_kind::sigmoid): y = 1 / (1 + std::exp(-x)); break;
        case static_cast<int>(unary_kind::exp): y = std::exp(x); break;
        case static_cast<int>(unary_kind::softplus): y = x > 20 ? x : std::log1p(std::exp(x)); break;
        case static_cast<int>(unary_kind::gelu_erf): y = 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); break;
        }
        v = static_cast<float>(y);
    }
    check_graph(setup, rounded(expected, t), t == dtype::f16 ? 1e-3 : 1e-5);
}

// sigmoid(0) = 1/2, exp(1) = e, softplus(0) = ln 2, softplus(25) = 25 (ggml's threshold),
// gelu_erf(1) = (1 + erf(1/sqrt 2)) / 2.
void TestCpuOps2026::unary_by_hand() {
    const auto one = [](unary_kind k, float x) {
        auto got = run_graph(1, [=](cpu_graph& cg) -> result<tensor_id> {
            const tensor_id t = cg.leaf(dtype::f32, {1, 1, 1, 1});
            host_tensor v({1, 1, 1, 1});
            v.v = {x};
            return finish(cg, cg.b.unary(t, k), {{t, v}});
        });
        return got.ok() ? got->v[0] : std::nanf("");
    };
    QCOMPARE(one(unary_kind::sigmoid, 0.0f), 0.5f);
    QVERIFY(std::fabs(one(unary_kind::exp, 1.0f) - 2.7182817f) < 1e-6f);
    QVERIFY(std::fabs(one(unary_kind::softplus, 0.0f) - 0.6931472f) < 1e-6f);
    QCOMPARE(one(unary_kind::softplus, 25.0f), 25.0f);
    QVERIFY(std::fabs(one(unary_kind::gelu_erf, 1.0f) - 0.8413447f) < 1e-6f);
}

// GELU and GEGLU: ggml's f16 table in its numerics (0 at -10 and below, x at 10 and above), the
// exact tanh form in exact_f32.
void TestCpuOps2026::gelu_numerics() {
    const std::vector<float> xs{-11.0f, 0.3f, 1.0f, -2.5f, 12.0f};
    for (const f16_numerics numerics : {f16_numerics::ggml, f16_numerics::exact_f32}) {
        for (const bool glu : {false, true}) {
            cpu_graph cg(1);
            cg.backend.set_f16_numerics(numerics);
            const tensor_id x = cg.leaf(dtype::f32, {5, 1, 1, 1}), g = cg.leaf(dtype::f32, {5, 1, 1, 1});
            const tensor_id y = glu ? cg.b.geglu_split(x, g) : cg.b.gelu(x);
            host_tensor xv({5, 1, 1, 1}), gv({5, 1, 1, 1});
            xv.v = xs;
            gv.v = {2.0f, 2.0f, 2.0f, 2.0f, 2.0f};
            QVERIFY(finish(cg, y, glu ? std::vector<std::pair<tensor_id, host_tensor>>{{x, xv}, {g, gv}}
                                      : std::vector<std::pair<tensor_id, host_tensor>>{{x, xv}})
                        .ok());
            QVERIFY(cg.compute().ok());
            auto got = cg.get(y);
            QVERIFY(got.ok());
            for (std::size_t i = 0; i < xs.size(); ++i) {
                const double v = xs[i];
                const double want = numerics == f16_numerics::exact_f32 ? gelu_tanh_ref(v)
                                    : v <= -10                          ? 0.0
                                    : v >= 10                           ? v
                                                                        : f16_table(gelu_tanh_ref, v);
                QVERIFY2(std::fabs(got->v[i] - want * (glu ? 2 : 1)) <= 1e-6 * std::max(1.0, std::fabs(want)),
                         qPrintable(QStringLiteral("x = %1: %2 vs %3").arg(v).arg(got->v[i]).arg(want)));
            }
        }
    }
    // gelu(1) through the table is the f16 0.8413086, the exact value 0.8411920.
    QCOMPARE(static_cast<float>(f16_table(gelu_tanh_ref, 1.0)), 0.84130859375f);
}

// CLAMP writes into its source's memory (a view); NaN becomes max, as ggml's MIN/MAX macros make
// it. FILL: every element, f16 rounded once.
void TestCpuOps2026::clamp_fill_by_hand() {
    auto clamped = run_graph(1, [](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(dtype::f32, {4, 1, 1, 1});
        host_tensor v({4, 1, 1, 1});
        v.v = {-3.0f, 0.25f, 9.0f, std::nanf("")};
        return finish(cg, cg.b.clamp(cg.b.scale_by(x, 1.0f), -1.0f, 2.0f), {{x, v}});
    });
    QVERIFY2(clamped.ok(), clamped.ok() ? "" : clamped.err().message.c_str());
    QCOMPARE(clamped->v, (std::vector<float>{-1.0f, 0.25f, 2.0f, 2.0f}));
    for (const dtype t : {dtype::f32, dtype::f16}) {
        auto filled = run_graph(3, [t](cpu_graph& cg) -> result<tensor_id> {
            return finish(cg, cg.b.fill(cg.leaf(t, {3, 2, 1, 1}), 0.1f), {});
        });
        QVERIFY(filled.ok());
        const float want = t == dtype::f16 ? ref_f16_to_f32(ref_f32_to_f16(0.1f)) : 0.1f;
        QCOMPARE(filled->v, std::vector<float>(6, want));
    }
    auto minus_inf_mask = run_graph(1, [](cpu_graph& cg) -> result<tensor_id> {
        return finish(cg, cg.b.fill(cg.leaf(dtype::f16, {2, 1, 1, 1}), minus_inf), {});
    });
    QVERIFY(minus_inf_mask.ok());
    QCOMPARE(minus_inf_mask->v, (std::vector<float>{minus_inf, minus_inf}));
}

void TestCpuOps2026::pad_data() {
    QTest::addColumn<shape>("a");
    QTest::addColumn<QList<int>>("pads"); // lp0, rp0, ..., lp3, rp3
    QTest::addColumn<bool>("circular");
    QTest::newRow("ggml_pad: after dim 0 and 1") << shape{5, 3, 2, 1} << QList<int>{0, 3, 0, 1, 0, 0, 0, 0} << false;
    QTest::newRow("llama's logits: one row") << shape{7, 4, 1, 1} << QList<int>{0, 0, 0, 1, 0, 0, 0, 0} << false;
    QTest::newRow("pad_ext: both sides, 4-D") << shape{4, 2, 2, 2} << QList<int>{2, 1, 1, 0, 0, 1, 1, 1} << false;
    QTest::newRow("circular") << shape{3, 2, 1, 1} << QList<int>{2, 4, 1, 1, 0, 0, 0, 0} << true;
}

void TestCpuOps2026::pad() {
    QFETCH(shape, a);
    QFETCH(QList<int>, pads);
    QFETCH(bool, circular);
    std::mt19937 rng(37);
    const host_tensor av = random_host(a, rng);
    shape out{};
    for (int i = 0; i < 4; ++i) out[static_cast<std::size_t>(i)] = a[static_cast<std::size_t>(i)] + pads[2 * i] + pads[2 * i + 1];
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(dtype::f32, a);
        const tensor_id y = cg.b.pad_ext(x, pads[0], pads[1], pads[2], pads[3], pads[4], pads[5], pads[6], pads[7]);
        if (circular && y.valid()) cg.ctx[y].params.set_i32(8, 1);
        return finish(cg, y, {{x, av}});
    };
    host_tensor expected(out);
    for (std::int64_t i3 = 0; i3 < out[3]; ++i3)
        for (std::int64_t i2 = 0; i2 < out[2]; ++i2)
            for (std::int64_t i1 = 0; i1 < out[1]; ++i1)
                for (std::int64_t i0 = 0; i0 < out[0]; ++i0) {
                    std::array<std::int64_t, 4> j{i0 - pads[0], i1 - pads[2], i2 - pads[4], i3 - pads[6]};
                    bool inside = true;
                    for (std::size_t d = 0; d < 4; ++d) {
                        if (circular) j[d] = ((j[d] % a[d]) + a[d]) % a[d];
                        inside = inside && j[d] >= 0 && j[d] < a[d];
                    }
                    expected.at(i0, i1, i2, i3) = inside ? av.at(j[0], j[1], j[2], j[3]) : 0.0f;
                }
    check_graph(setup, expected, 0.0);
}

void TestCpuOps2026::concat_data() {
    QTest::addColumn<int>("dim");
    QTest::addColumn<shape>("a");
    QTest::addColumn<std::int64_t>("b_extent"); // b's extent along dim
    for (int d = 0; d < 4; ++d) QTest::addRow("dim %d", d) << d << shape{5, 3, 2, 2} << std::int64_t{2};
    QTest::newRow("deepseek2's q: nope then rope") << 0 << shape{16, 4, 3, 1} << std::int64_t{8};
}

void TestCpuOps2026::concat() {
    QFETCH(int, dim);
    QFETCH(shape, a);
    QFETCH(std::int64_t, b_extent);
    shape bs = a;
    bs[static_cast<std::size_t>(dim)] = b_extent;
    std::mt19937 rng(39);
    const host_tensor av = random_host(a, rng), bv = random_host(bs, rng);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(dtype::f32, a), y = cg.leaf(dtype::f16, bs);
        return finish(cg, cg.b.concat(x, cg.b.cast(y, dtype::f32), dim), {{x, av}, {y, bv}});
    };
    const host_tensor sb = rounded(bv, dtype::f16);
    shape out = a;
    out[static_cast<std::size_t>(dim)] += b_extent;
    host_tensor expected(out);
    for (std::int64_t i3 = 0; i3 < out[3]; ++i3)
        for (std::int64_t i2 = 0; i2 < out[2]; ++i2)
            for (std::int64_t i1 = 0; i1 < out[1]; ++i1)
                for (std::int64_t i0 = 0; i0 < out[0]; ++i0) {
                    std::array<std::int64_t, 4> i{i0, i1, i2, i3};
                    const bool from_a = i[static_cast<std::size_t>(dim)] < a[static_cast<std::size_t>(dim)];
                    if (!from_a) i[static_cast<std::size_t>(dim)] -= a[static_cast<std::size_t>(dim)];
                    expected.at(i0, i1, i2, i3) = from_a ? av.at(i[0], i[1], i[2], i[3]) : sb.at(i[0], i[1], i[2], i[3]);
                }
    check_graph(setup, expected, 0.0);
}

// ggml_repeat_4d as build_moe_ffn uses it: a token's row for each of its experts.
void TestCpuOps2026::repeat_4d() {
    auto got = run_graph(3, [](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(dtype::f32, {2, 1, 2, 1});
        host_tensor v({2, 1, 2, 1});
        v.v = {1, 2, 3, 4};
        return finish(cg, cg.b.repeat_4d(x, 4, 3, 2, 1), {{x, v}});
    });
    QVERIFY2(got.ok(), got.ok() ? "" : got.err().message.c_str());
    QCOMPARE(got->v, (std::vector<float>{1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 3, 4, 3, 4, 3, 4, 3, 4, 3, 4, 3, 4}));
}

// ggml_rope_multi: MROPE, IMROPE and VISION against a reference in double (freq_base 10000, no
// YaRN): pair k of section position p turns by p * base^(-2k / n_dims) (VISION: k counted from
// the section's start).
void TestCpuOps2026::rope_multi_data() {
    QTest::addColumn<int>("mode");
    QTest::addColumn<shape>("a");
    QTest::addColumn<int>("n_dims");
    QTest::addColumn<QList<int>>("sections");
    QTest::newRow("MROPE, sections cycling, a tail") << 8 << shape{12, 2, 3, 1} << 8 << QList<int>{1, 1, 0, 0};
    QTest::newRow("MROPE, qwen2vl-like") << 8 << shape{16, 3, 2, 1} << 16 << QList<int>{2, 3, 3, 0};
    QTest::newRow("IMROPE") << 40 << shape{16, 2, 3, 1} << 16 << QList<int>{3, 3, 2, 0};
    QTest::newRow("VISION") << 24 << shape{16, 2, 2, 1} << 8 << QList<int>{2, 2, 0, 0};
}

void TestCpuOps2026::rope_multi() {
    QFETCH(int, mode);
    QFETCH(shape, a);
    QFETCH(int, n_dims);
    QFETCH(QList<int>, sections);
    std::mt19937 rng(59);
    const host_tensor av = random_host(a, rng);
    std::vector<std::int32_t> pos(static_cast<std::size_t>(4 * a[2]));
    std::uniform_int_distribution<std::int32_t> pick(0, 40);
    for (auto& p : pos) p = pick(rng);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(dtype::f32, a), p = cg.leaf(dtype::i32, {4 * a[2], 1, 1, 1});
        rope_args args{.n_dims = n_dims, .mode = mode};
        for (int i = 0; i < 4; ++i) args.sections[static_cast<std::size_t>(i)] = sections[i];
        auto out = finish(cg, cg.b.rope(x, p, args), {{x, av}});
        if (out) cg.set_i32(p, pos);
        return out;
    };
    const bool vision = mode == 24, imrope = mode == 40;
    const int sect = sections[0] + sections[1] + sections[2] + sections[3];
    const std::int64_t pairs = vision ? a[0] / 2 : n_dims / 2, offset = vision ? n_dims : n_dims / 2;
    host_tensor expected = av;
    for (std::int64_t i3 = 0; i3 < a[3]; ++i3)
        for (std::int64_t i2 = 0; i2 < a[2]; ++i2)
            for (std::int64_t i1 = 0; i1 < a[1]; ++i1)
                for (std::int64_t k = 0; k < pairs; ++k) {
                    const int s = static_cast<int>(k % sect);
                    int which = 0, start = 0;
                    if (imrope) {
                        which = s % 3 == 1 && s < 3 * sections[1] ? 1 : s % 3 == 2 && s < 3 * sections[2] ? 2
                                                                    : s % 3 == 0 && s < 3 * sections[0] ? 0 : 3;
                    } else {
                        for (int b = 0, edge = 0; b < 4; ++b) {
                            if (s >= edge) which = b, start = edge;
                            edge += sections[b];
                            if (s < edge) break;
                        }
                    }
                    const std::int64_t e = vision ? k - (k - k % sect) - start : k; // pairs since the section began
                    const double theta = pos[static_cast<std::size_t>(i2 + which * a[2])] *
                                         std::pow(10000.0, -2.0 * static_cast<double>(vision ? e : k) / n_dims);
                    const double x0 = av.at(k, i1, i2, i3), x1 = av.at(k + offset, i1, i2, i3);
                    expected.at(k, i1, i2, i3) = static_cast<float>(x0 * std::cos(theta) - x1 * std::sin(theta));
                    expected.at(k + offset, i1, i2, i3) = static_cast<float>(x0 * std::sin(theta) + x1 * std::cos(theta));
                }
    check_graph(setup, expected, 1e-4);
}

QTEST_APPLESS_MAIN(TestCpuOps2026)
#include "test_cpu_ops_2026.moc"
