// The CPU kernels of the ops that llama.cpp da46e59c's mixture-of-experts graphs add
// (build_moe_ffn): MUL_MAT_ID with f32, f16, q8_0 and q4_0 experts (src1 rows shared by the
// experts of a token, or one per expert), ARGSORT, ggml_argsort_top_k's view of it, TOP_K and
// GET_ROWS of 3-D sources, with 1 and 3 threads, against references in double (f32, f16 experts),
// against MUL_MAT of the chosen expert's matrix (quantised experts: the same integer dot products)
// and values by hand; and the errors of expert ids out of range.
#include "cpu_op_check.h"

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace planscope;
using namespace planscope::testing;

namespace {

result<tensor_id> moe_finish(cpu_graph& cg, tensor_id out, const std::vector<std::pair<tensor_id, host_tensor>>& to_set) {
    if (!cg.b.ok()) return *cg.b.first_error();
    if (auto s = cg.prepare(out); !s) return s.err();
    for (const auto& [t, v] : to_set)
        if (auto s = cg.set(t, v); !s) return s.err();
    return out;
}

// n_ids distinct experts of n_as for each of n_t tokens.
std::vector<std::int32_t> pick_experts(std::int64_t n_as, std::int64_t n_ids, std::int64_t n_t, std::mt19937& rng) {
    std::vector<std::int32_t> ids;
    std::vector<std::int32_t> all(static_cast<std::size_t>(n_as));
    for (std::int64_t t = 0; t < n_t; ++t) {
        std::iota(all.begin(), all.end(), 0);
        std::shuffle(all.begin(), all.end(), rng);
        ids.insert(ids.end(), all.begin(), all.begin() + n_ids);
    }
    return ids;
}

} // namespace

class TestCpuMoeOps : public QObject {
    Q_OBJECT
private slots:
    void mul_mat_id_data();
    void mul_mat_id();
    void mul_mat_id_quantised_data();
    void mul_mat_id_quantised();
    void mul_mat_id_by_hand();
    void mul_mat_id_out_of_range();
    void argsort_data();
    void argsort();
    void top_k();
    void get_rows_3d();
};

// k, m, experts, experts per token, tokens, src1 rows per token (1: shared, else one per expert).
void TestCpuMoeOps::mul_mat_id_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<shape>("dims"); // k, m, n_as, n_ids
    QTest::addColumn<std::int64_t>("tokens");
    QTest::addColumn<std::int64_t>("b_rows");
    const int f32 = static_cast<int>(dtype::f32), f16 = static_cast<int>(dtype::f16);
    QTest::newRow("f32, shared rows") << f32 << shape{33, 7, 4, 2} << std::int64_t{3} << std::int64_t{1};
    QTest::newRow("f32, a row per expert") << f32 << shape{16, 20, 5, 3} << std::int64_t{4} << std::int64_t{3};
    QTest::newRow("f32, 70 tokens (tiles of 64)") << f32 << shape{8, 17, 2, 2} << std::int64_t{70} << std::int64_t{1};
    QTest::newRow("f16, shared rows") << f16 << shape{32, 18, 4, 2} << std::int64_t{5} << std::int64_t{1};
    QTest::newRow("f16, a row per expert") << f16 << shape{64, 9, 3, 3} << std::int64_t{2} << std::int64_t{3};
}

void TestCpuMoeOps::mul_mat_id() {
    QFETCH(int, type);
    QFETCH(shape, dims);
    QFETCH(std::int64_t, tokens);
    QFETCH(std::int64_t, b_rows);
    const auto t = static_cast<dtype>(type);
    const std::int64_t k = dims[0], m = dims[1], n_as = dims[2], n_ids = dims[3];
    std::mt19937 rng(41);
    const host_tensor wv = random_host({k, m, n_as, 1}, rng), bv = random_host({k, b_rows, tokens, 1}, rng);
    const std::vector<std::int32_t> ids = pick_experts(n_as, n_ids, tokens, rng);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id w = cg.leaf(t, wv.ne), b = cg.leaf(dtype::f32, bv.ne), i = cg.leaf(dtype::i32, {n_ids, tokens, 1, 1});
        auto out = moe_finish(cg, cg.b.mul_mat_id(w, b, i), {{w, wv}, {b, bv}});
        if (out) cg.set_i32(i, ids);
        return out;
    };
    // ggml rounds src1 to f16 for f16 experts (their vec_dot_type).
    const host_tensor sw = rounded(wv, t), sb = rounded(bv, t);
    host_tensor expected({m, n_ids, tokens, 1});
    for (std::int64_t tok = 0; tok < tokens; ++tok)
        for (std::int64_t slot = 0; slot < n_ids; ++slot) {
            const std::int32_t e = ids[static_cast<std::size_t>(slot + n_ids * tok)];
            for (std::int64_t r = 0; r < m; ++r) {
                double sum = 0;
                for (std::int64_t c = 0; c < k; ++c)
                    sum += static_cast<double>(sw.at(c, r, e)) * sb.at(c, slot % b_rows, tok);
                expected.at(r, slot, tok) = static_cast<float>(sum);
            }
        }
    check_graph(setup, expected, 1e-5);
}

void TestCpuMoeOps::mul_mat_id_quantised_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<std::int64_t>("b_rows");
    QTest::newRow("q8_0, shared rows") << static_cast<int>(dtype::q8_0) << std::int64_t{1};
    QTest::newRow("q8_0, a row per expert") << static_cast<int>(dtype::q8_0) << std::int64_t{2};
    QTest::newRow("q4_0, shared rows") << static_cast<int>(dtype::q4_0) << std::int64_t{1};
}

// Quantised experts (cast from f32 in the graph) against MUL_MAT of the chosen expert's plane
// with the same src1 row: the difference of the two must vanish.
void TestCpuMoeOps::mul_mat_id_quantised() {
    QFETCH(int, type);
    QFETCH(std::int64_t, b_rows);
    const auto t = static_cast<dtype>(type);
    const std::int64_t k = 64, m = 5, n_as = 4, n_ids = 2, tokens = 3;
    std::mt19937 rng(43);
    const host_tensor wv = random_host({k, m, n_as, 1}, rng), bv = random_host({k, b_rows, tokens, 1}, rng);
    const std::vector<std::int32_t> ids = pick_experts(n_as, n_ids, tokens, rng);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        auto& b = cg.b;
        const tensor_id w32 = cg.leaf(dtype::f32, wv.ne), x = cg.leaf(dtype::f32, bv.ne);
        const tensor_id i = cg.leaf(dtype::i32, {n_ids, tokens, 1, 1});
        const tensor_id w = b.cast(w32, t);
        const tensor_id got = b.mul_mat_id(w, x, i);
        tensor_id ref;
        for (std::int64_t tok = 0; tok < tokens; ++tok)
            for (std::int64_t slot = 0; slot < n_ids; ++slot) {
                const auto e = static_cast<std::size_t>(ids[static_cast<std::size_t>(slot + n_ids * tok)]);
                const tensor& wt = cg.ctx[w];
                const tensor_id plane = b.view_2d(w, k, m, wt.nb[1], e * wt.nb[2]);
                const tensor& xt = cg.ctx[x];
                const std::size_t row = static_cast<std::size_t>(slot % b_rows) * xt.nb[1] + static_cast<std::size_t>(tok) * xt.nb[2];
                const tensor_id piece = b.mul_mat(plane, b.view_1d(x, k, row));
                ref = ref.valid() ? b.concat(ref, piece, 1) : piece;
            }
        const tensor_id diff = b.sub(got, b.reshape_3d(ref, m, n_ids, tokens));
        auto out = moe_finish(cg, diff, {{w32, wv}, {x, bv}});
        if (out) cg.set_i32(i, ids);
        return out;
    };
    check_graph(setup, host_tensor({m, n_ids, tokens, 1}), 1e-5);
}

// Two experts [[1, 2], [3, 4]] and [[0, 1], [1, 0]] (rows), x = (1, 1) and (2, -1): token 0 takes
// expert 1 then 0, token 1 expert 0 twice.
void TestCpuMoeOps::mul_mat_id_by_hand() {
    auto got = run_graph(1, [](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id w = cg.leaf(dtype::f32, {2, 2, 2, 1}), x = cg.leaf(dtype::f32, {2, 1, 2, 1});
        const tensor_id i = cg.leaf(dtype::i32, {2, 2, 1, 1});
        host_tensor wv({2, 2, 2, 1}), xv({2, 1, 2, 1});
        wv.v = {1, 2, 3, 4, 0, 1, 1, 0};
        xv.v = {1, 1, 2, -1};
        auto out = moe_finish(cg, cg.b.mul_mat_id(w, x, i), {{w, wv}, {x, xv}});
        if (out) cg.set_i32(i, {1, 0, 0, 0});
        return out;
    });
    QVERIFY2(got.ok(), got.ok() ? "" : got.err().message.c_str());
    QCOMPARE(got->v, (std::vector<float>{1, 1, 3, 7, 0, 2, 0, 2}));
}

void TestCpuMoeOps::mul_mat_id_out_of_range() {
    cpu_graph cg(1);
    const tensor_id w = cg.leaf(dtype::f32, {4, 2, 3, 1}), x = cg.leaf(dtype::f32, {4, 1, 2, 1});
    const tensor_id i = cg.leaf(dtype::i32, {1, 2, 1, 1});
    const tensor_id out = cg.b.set_name(cg.b.mul_mat_id(w, x, i), "ffn_up_exps");
    QVERIFY(cg.prepare(out).ok());
    QVERIFY(cg.set_i32(i, {2, 3}).ok());
    const status s = cg.compute();
    QVERIFY(!s.ok());
    QCOMPARE(QString::fromStdString(s.err().message),
             QStringLiteral("MUL_MAT_ID 'ffn_up_exps': expert 3 at (0, 1) is outside [0, 3)"));
}

void TestCpuMoeOps::argsort_data() {
    QTest::addColumn<shape>("a");
    QTest::addColumn<bool>("descending");
    QTest::newRow("ascending") << shape{7, 3, 2, 1} << false;
    QTest::newRow("descending, long rows") << shape{129, 4, 1, 1} << true;
}

void TestCpuMoeOps::argsort() {
    QFETCH(shape, a);
    QFETCH(bool, descending);
    std::mt19937 rng(47);
    const host_tensor av = random_host(a, rng);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(dtype::f32, a);
        return moe_finish(cg, cg.b.argsort(x, descending ? sort_order::desc : sort_order::asc), {{x, av}});
    };
    host_tensor expected(a);
    std::vector<int> idx(static_cast<std::size_t>(a[0]));
    for (std::int64_t r = 0; r < a[1] * a[2] * a[3]; ++r) {
        const float* row = av.v.data() + r * a[0];
        std::iota(idx.begin(), idx.end(), 0);
        std::sort(idx.begin(), idx.end(), [&](int p, int q) { return descending ? row[p] > row[q] : row[p] < row[q]; });
        for (std::int64_t i = 0; i < a[0]; ++i) expected.v[static_cast<std::size_t>(r * a[0] + i)] = static_cast<float>(idx[static_cast<std::size_t>(i)]);
    }
    check_graph(setup, expected, 0.0);
    // By hand, ties in index order: (3, 1, 3, 0) descending is 0, 2, 1, 3; top 2 of it 0, 2.
    auto top = run_graph(3, [](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(dtype::f32, {4, 1, 1, 1});
        host_tensor xv({4, 1, 1, 1});
        xv.v = {3, 1, 3, 0};
        return moe_finish(cg, cg.b.cont(cg.b.argsort_top_k(x, 2)), {{x, xv}});
    });
    QVERIFY2(top.ok(), top.ok() ? "" : top.err().message.c_str());
    QCOMPARE(top->v, (std::vector<float>{0, 2}));
}

// ggml's TOP_K: the k largest, its first two swapped (their order means nothing).
void TestCpuMoeOps::top_k() {
    auto got = run_graph(1, [](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(dtype::f32, {5, 2, 1, 1});
        host_tensor xv({5, 2, 1, 1});
        xv.v = {0.5f, 4, -1, 3, 2, /**/ -3, -2, -1, -5, -4};
        return moe_finish(cg, cg.b.top_k(x, 3), {{x, xv}});
    });
    QVERIFY2(got.ok(), got.ok() ? "" : got.err().message.c_str());
    QCOMPARE(got->v, (std::vector<float>{3, 1, 4, /**/ 1, 2, 0}));
}

// The weights of each token's experts: row ids[i, t] of token t's probabilities (3-D src0).
void TestCpuMoeOps::get_rows_3d() {
    const shape a{2, 4, 3, 1};
    std::mt19937 rng(53);
    const host_tensor av = random_host(a, rng);
    const std::vector<std::int32_t> ids = pick_experts(4, 2, 3, rng);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id x = cg.leaf(dtype::f16, a), i = cg.leaf(dtype::i32, {2, 3, 1, 1});
        auto out = moe_finish(cg, cg.b.get_rows(x, i), {{x, av}});
        if (out) cg.set_i32(i, ids);
        return out;
    };
    const host_tensor sa = rounded(av, dtype::f16);
    host_tensor expected({2, 2, 3, 1});
    for (std::int64_t t = 0; t < 3; ++t)
        for (std::int64_t s = 0; s < 2; ++s)
            for (std::int64_t c = 0; c < 2; ++c)
                expected.at(c, s, t) = sa.at(c, ids[static_cast<std::size_t>(s + 2 * t)], t);
    check_graph(setup, expected, 0.0);
}

QTEST_APPLESS_MAIN(TestCpuMoeOps)
#include "test_cpu_moe_ops.moc"
