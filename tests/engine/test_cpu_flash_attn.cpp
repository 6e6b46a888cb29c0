// FLASH_ATTN_EXT on the CPU backend (attention.cpp) against a two-pass softmax written here in
// double: dk != dv, grouped-query attention (6 query heads on 2 K/V heads), the f16 mask padded
// past the keys and queries and broadcast over heads and sequences, -inf entries, ALiBi over a
// head count that is not a power of two, logit softcap, sinks, f32/f16/bf16 K and V, K and V as
// views of longer caches and a permuted q, with 1 and 3 threads; ggml's f16 numerics and exact
// f32; then a case worked out by hand, and when a node is shared among threads.
//
// Tolerances, relative to max(1, |expected|): 1e-5; with an f16 V in ggml's numerics 2e-3 (the
// weighted sum of values is kept in f16, as ggml's VKQ16).
#include "cpu_op_check.h"

#include "backend/backend.h"
#include "backend/cpu/exec_plan.h"

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

// What FLASH_ATTN_EXT computes, for the table of TestCpuFlashAttn::flash_attn.
struct attn_case {
    std::int64_t dk, dv, n_kv, n_q, n_head, n_head_kv, n_seq;
    dtype kv_type;
    std::int64_t mask_heads; // 0: no mask
    float scale, max_bias, softcap;
    bool sinks, ggml_numerics, cache_view, q_permuted;
};

struct attn_inputs {
    host_tensor q, k, v, mask, sinks;
};

attn_inputs attn_values(const attn_case& c) {
    std::mt19937 rng(static_cast<unsigned>(c.dk * 131 + c.n_kv * 7 + c.n_head));
    attn_inputs in;
    in.q = random_host({c.dk, c.n_q, c.n_head, c.n_seq}, rng, -1.5f, 1.5f);
    in.k = random_host({c.dk, c.n_kv, c.n_head_kv, c.n_seq}, rng, -1.5f, 1.5f);
    in.v = random_host({c.dv, c.n_kv, c.n_head_kv, c.n_seq}, rng);
    // Padded as llama.cpp pads it: more columns than keys and more rows than queries.
    if (c.mask_heads) in.mask = holed_mask({c.n_kv + 3, c.n_q + 2, c.mask_heads, c.mask_heads > 1 ? c.n_seq : 1}, rng);
    if (c.sinks) in.sinks = random_host({c.n_head, 1, 1, 1}, rng, -1.0f, 2.0f);
    return in;
}

host_tensor attn_ref(const attn_case& c, const attn_inputs& in) {
    const host_tensor q = rounded(in.q, c.ggml_numerics ? c.kv_type : dtype::f32);
    const host_tensor k = rounded(in.k, c.kv_type), v = rounded(in.v, c.kv_type), mask = rounded(in.mask, dtype::f16);
    host_tensor out({c.dv, c.n_head, c.n_q, c.n_seq});
    for (std::int64_t i3 = 0; i3 < c.n_seq; ++i3)
        for (std::int64_t h = 0; h < c.n_head; ++h)
            for (std::int64_t t = 0; t < c.n_q; ++t) {
                const std::int64_t hk = h / (c.n_head / c.n_head_kv);
                std::vector<double> logit(static_cast<std::size_t>(c.n_kv));
                std::vector<bool> used(static_cast<std::size_t>(c.n_kv), true);
                double max = c.sinks ? in.sinks.at(h) : -INFINITY;
                for (std::int64_t j = 0; j < c.n_kv; ++j) {
                    double s = 0;
                    for (std::int64_t i = 0; i < c.dk; ++i) s += static_cast<double>(q.at(i, t, h, i3)) * k.at(i, j, hk, i3);
                    s *= c.scale;
                    if (c.softcap != 0) s = c.softcap * std::tanh(s / c.softcap);
                    if (c.mask_heads) {
                        const float m = mask.at(j, t, h % mask.ne[2], i3 % mask.ne[3]);
                        if (m == minus_inf) used[static_cast<std::size_t>(j)] = false;
                        s += alibi(c.max_bias, c.n_head, h) * m;
                    }
                    logit[static_cast<std::size_t>(j)] = s;
                    if (used[static_cast<std::size_t>(j)]) max = std::max(max, s);
                }
                double sum = c.sinks ? std::exp(in.sinks.at(h) - max) : 0.0;
                std::vector<double> acc(static_cast<std::size_t>(c.dv), 0.0);
                for (std::int64_t j = 0; j < c.n_kv; ++j) {
                    if (!used[static_cast<std::size_t>(j)]) continue;
                    const double w = std::exp(logit[static_cast<std::size_t>(j)] - max);
                    sum += w;
                    for (std::int64_t i = 0; i < c.dv; ++i) acc[static_cast<std::size_t>(i)] += w * v.at(i, j, hk, i3);
                }
                for (std::int64_t i = 0; i < c.dv; ++i)
                    out.at(i, h, t, i3) = sum == 0 ? 0.0f : static_cast<float>(acc[static_cast<std::size_t>(i)] / sum);
            }
    return out;
}

result<tensor_id> attn_graph(cpu_graph& cg, const attn_case& c, const attn_inputs& in) {
    if (!c.ggml_numerics) cg.backend.set_f16_numerics(f16_numerics::exact_f32);
    std::vector<std::pair<tensor_id, host_tensor>> to_set;
    tensor_id q;
    if (c.q_permuted) { // stored [dk, heads, tokens], as llama's Q before its permute
        const host_tensor stored = permuted(in.q, {0, 2, 1, 3});
        const tensor_id leaf = cg.leaf(dtype::f32, stored.ne);
        to_set.emplace_back(leaf, stored);
        q = cg.b.permute(leaf, 0, 2, 1, 3);
    } else {
        q = cg.leaf(dtype::f32, in.q.ne);
        to_set.emplace_back(q, in.q);
    }
    // K and V: leafs, or the first n_kv rows of caches 5 rows longer.
    const auto kv = [&](const host_tensor& values) {
        if (!c.cache_view) {
            const tensor_id t = cg.leaf(c.kv_type, values.ne);
            to_set.emplace_back(t, values);
            return t;
        }
        host_tensor cache({values.ne[0], values.ne[1] + 5, values.ne[2], values.ne[3]});
        for (std::int64_t i3 = 0; i3 < values.ne[3]; ++i3)
            for (std::int64_t i2 = 0; i2 < values.ne[2]; ++i2)
                for (std::int64_t i1 = 0; i1 < values.ne[1]; ++i1)
                    for (std::int64_t i0 = 0; i0 < values.ne[0]; ++i0) cache.at(i0, i1, i2, i3) = values.at(i0, i1, i2, i3);
        const tensor_id t = cg.leaf(c.kv_type, cache.ne);
        to_set.emplace_back(t, cache);
        const tensor& ct = cg.ctx[t];
        return cg.b.view_4d(t, values.ne[0], values.ne[1], values.ne[2], values.ne[3], ct.nb[1], ct.nb[2], ct.nb[3], 0);
    };
    const tensor_id k = kv(in.k), v = kv(in.v);
    std::optional<tensor_id> mask;
    if (c.mask_heads) {
        mask = cg.leaf(dtype::f16, in.mask.ne);
        to_set.emplace_back(*mask, in.mask);
    }
    flash_attn_args args{.scale = c.scale, .max_bias = c.max_bias, .logit_softcap = c.softcap, .prec = 10};
    if (c.sinks) {
        args.sinks = cg.leaf(dtype::f32, in.sinks.ne);
        to_set.emplace_back(*args.sinks, in.sinks);
    }
    return finish(cg, cg.b.set_name(cg.b.flash_attn_ext(q, k, v, mask, args), "att"), to_set);
}

} // namespace

Q_DECLARE_METATYPE(attn_case)

class TestCpuFlashAttn : public QObject {
    Q_OBJECT
private slots:
    void flash_attn_data();
    void flash_attn();
    void flash_attn_by_hand();
    void decode_is_shared();
};

void TestCpuFlashAttn::flash_attn_data() {
    QTest::addColumn<attn_case>("c");
    const dtype f32 = dtype::f32, f16 = dtype::f16;
    // dk, dv, n_kv, n_q, heads, kv heads, seqs, K/V type, mask heads, scale, max_bias, softcap, sinks,
    // ggml numerics, K/V cache views, q permuted.
    QTest::newRow("f32, no mask, dk != dv") << attn_case{7, 5, 13, 3, 4, 4, 1, f32, 0, 0.378f, 0, 0, false, true, false, false};
    QTest::newRow("GQA 6/2, f16 K/V, mask broadcast, exact")
        << attn_case{33, 33, 9, 5, 6, 2, 1, f16, 1, 0.174f, 0, 0, false, false, false, false};
    QTest::newRow("GQA 6/2, f16 K/V, mask broadcast, ggml numerics")
        << attn_case{33, 33, 9, 5, 6, 2, 1, f16, 1, 0.174f, 0, 0, false, true, false, false};
    QTest::newRow("mask per head and sequence, ALiBi over 5 heads")
        << attn_case{16, 16, 11, 4, 5, 5, 2, f32, 5, 0.25f, 8.0f, 0, false, true, false, false};
    QTest::newRow("logit softcap") << attn_case{8, 8, 10, 2, 2, 1, 1, f32, 0, 3.0f, 0, 2.0f, false, true, false, false};
    QTest::newRow("sinks") << attn_case{8, 8, 6, 3, 3, 3, 1, f32, 0, 0.35f, 0, 0, true, true, false, false};
    QTest::newRow("sinks, mask, GQA 4/2, bf16 K/V, exact")
        << attn_case{12, 12, 7, 3, 4, 2, 2, dtype::bf16, 1, 0.3f, 0, 0, true, false, false, false};
    QTest::newRow("K/V views of a cache, q permuted, f16, exact")
        << attn_case{16, 16, 8, 6, 2, 2, 1, f16, 1, 0.25f, 0, 0, true, false, true, true};
}

void TestCpuFlashAttn::flash_attn() {
    QFETCH(attn_case, c);
    const attn_inputs in = attn_values(c);
    const graph_setup setup = [&](cpu_graph& cg) { return attn_graph(cg, c, in); };
    const bool f16_sum = c.ggml_numerics && c.kv_type == dtype::f16;
    check_graph(setup, attn_ref(c, in), f16_sum ? 2e-3 : 1e-5);
}

// One query [1, 0] and keys [1, 0], [0, 1] with values [1, 2], [3, 4]: weights e and 1, the
// output (e [1, 2] + [3, 4]) / (e + 1); a sink of 1 adds e to the denominator; a -inf mask entry
// on the first key leaves the second key's value; masking both leaves 0.
void TestCpuFlashAttn::flash_attn_by_hand() {
    const auto run = [](bool sink, std::vector<float> mask) {
        return run_graph(1, [=](cpu_graph& cg) -> result<tensor_id> {
            const tensor_id q = cg.leaf(dtype::f32, {2, 1, 1, 1}), k = cg.leaf(dtype::f16, {2, 2, 1, 1});
            const tensor_id v = cg.leaf(dtype::f16, {2, 2, 1, 1}), m = cg.leaf(dtype::f16, {2, 1, 1, 1});
            host_tensor qv({2, 1, 1, 1}), kv({2, 2, 1, 1}), vv({2, 2, 1, 1}), mv({2, 1, 1, 1}), sv({1, 1, 1, 1});
            qv.v = {1, 0};
            kv.v = {1, 0, 0, 1};
            vv.v = {1, 2, 3, 4};
            mv.v = mask;
            sv.v = {1};
            flash_attn_args args;
            std::vector<std::pair<tensor_id, host_tensor>> to_set{{q, qv}, {k, kv}, {v, vv}, {m, mv}};
            if (sink) {
                args.sinks = cg.leaf(dtype::f32, {1, 1, 1, 1});
                to_set.emplace_back(*args.sinks, sv);
            }
            cg.backend.set_f16_numerics(f16_numerics::exact_f32);
            return finish(cg, cg.b.flash_attn_ext(q, k, v, m, args), to_set);
        });
    };
    const double e = std::exp(1.0);
    auto plain = run(false, {0, 0});
    QVERIFY2(plain.ok(), plain.ok() ? "" : plain.err().message.c_str());
    QVERIFY(std::fabs(plain->v[0] - (e + 3) / (e + 1)) < 1e-6 && std::fabs(plain->v[1] - (2 * e + 4) / (e + 1)) < 1e-6);
    auto sunk = run(true, {0, 0});
    QVERIFY(sunk.ok());
    QVERIFY(std::fabs(sunk->v[0] - (e + 3) / (2 * e + 1)) < 1e-6 && std::fabs(sunk->v[1] - (2 * e + 4) / (2 * e + 1)) < 1e-6);
    auto masked = run(false, {minus_inf, 0});
    QVERIFY(masked.ok());
    QCOMPARE(masked->v, (std::vector<float>{3.0f, 4.0f}));
    auto none = run(false, {minus_inf, minus_inf});
    QVERIFY(none.ok());
    QCOMPARE(none->v, (std::vector<float>{0.0f, 0.0f}));
}

// A decoded token's attention (32 heads of 128 over 4096 cached keys) has a small result, 4096
// values, but 2^25 multiply-adds: the threads share it (cpu::worth_splitting); over 4 keys not.
void TestCpuFlashAttn::decode_is_shared() {
    const auto node = [](std::int64_t n_kv) {
        cpu::exec_node n;
        n.op = op_kind::flash_attn_ext;
        n.src[0].ne = {128, 1, 32, 1};
        n.src[1].ne = n.src[2].ne = {128, n_kv, 8, 1};
        n.dst.ne = {128, 32, 1, 1};
        return n;
    };
    QVERIFY(cpu::worth_splitting(node(4096)));
    QVERIFY(!cpu::worth_splitting(node(4)));
}

QTEST_APPLESS_MAIN(TestCpuFlashAttn)
#include "test_cpu_flash_attn.moc"
