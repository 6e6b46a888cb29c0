// FLASH_ATTN_EXT on the CPU backend (attention.cpp) against a two-pass softmax written here in
// double: dk != dv, grouped-query attention (6 query heads on 2 K/V heads), the f16 mask padded
// past the keys and queries and broadcast over heads and sequences, -inf entries, ALiBi over a
// head count that is not a power of two, logit softcap, sinks, f32/f16/bf16 K and V, K and V as
// views of longer caches and a permuted q, with 1 and 3 threads; ggml's f16 numerics and exact
// f32. Quantised K and V (q8_0, q4_0, mixed with f16): blocks encoded here, the reference over
// the values they hold, and in ggml's numerics over q as its q8_0 blocks hold it (ggml converts q
// to K's vec_dot_type); a q8_0 K and q4_0 V cache written by SET_ROWS from f32 rows. Then a case
// worked out by hand, and when a node is shared among threads.
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

bool is_block_type(dtype t) { return t == dtype::q8_0 || t == dtype::q4_0; }

// Blocks of q8_0 or q4_0 encoded here (ggml's layouts: an f16 scale, then 32 int8 or 16 bytes of
// nibble pairs, low nibbles the first half) and the values they hold. q8_0: d = amax / 127,
// x * 127 / amax rounded to nearest even (ggml's x86 quantize_row_q8_0, which also quantises q
// for a quantised K); q4_0: d = max / -8 (max: the value largest in magnitude), values
// min(15, trunc(x / d + 8.5)) (quantize_row_q4_0_ref). The values run i0 fastest, in blocks of 32.
struct blocks {
    std::vector<std::byte> bytes;
    host_tensor values;
};

blocks quantized(const host_tensor& t, dtype type) {
    blocks b{{}, host_tensor(t.ne)};
    const auto put = [&](std::uint8_t byte) { b.bytes.push_back(static_cast<std::byte>(byte)); };
    for (std::size_t at = 0; at < t.v.size(); at += 32) {
        const float* x = t.v.data() + at;
        float* y = b.values.v.data() + at;
        float amax = 0, max = 0;
        for (int j = 0; j < 32; ++j)
            if (std::fabs(x[j]) > amax) {
                amax = std::fabs(x[j]);
                max = x[j];
            }
        const float d = type == dtype::q8_0 ? amax / 127 : max / -8;
        const std::uint16_t dh = ref_f32_to_f16(d);
        const float dq = ref_f16_to_f32(dh);
        put(static_cast<std::uint8_t>(dh & 0xFF));
        put(static_cast<std::uint8_t>(dh >> 8));
        if (type == dtype::q8_0) {
            const float id = amax == 0 ? 0.0f : 127 / amax;
            for (int j = 0; j < 32; ++j) {
                const auto q = static_cast<std::int8_t>(std::nearbyint(x[j] * id));
                put(static_cast<std::uint8_t>(q));
                y[j] = static_cast<float>(q) * dq;
            }
        } else {
            const float id = d == 0 ? 0.0f : 1 / d;
            int q[32];
            for (int j = 0; j < 32; ++j) {
                q[j] = std::min(15, static_cast<int>(x[j] * id + 8.5f));
                y[j] = static_cast<float>(q[j] - 8) * dq;
            }
            for (int j = 0; j < 16; ++j) put(static_cast<std::uint8_t>(q[j] | (q[j + 16] << 4)));
        }
    }
    return b;
}

// Values as a tensor of `type` holds them.
host_tensor held(const host_tensor& t, dtype type) {
    return is_block_type(type) ? quantized(t, type).values : rounded(t, type);
}

status set_values(cpu_graph& cg, tensor_id t, const host_tensor& values) {
    const dtype type = cg.ctx[t].type;
    if (!is_block_type(type)) return cg.set(t, values);
    const blocks b = quantized(values, type);
    return tensor_set(cg.table, cg.ctx[t], b.bytes.data(), 0, b.bytes.size());
}

result<tensor_id> finish(cpu_graph& cg, tensor_id out, const std::vector<std::pair<tensor_id, host_tensor>>& to_set) {
    if (auto s = cg.prepare(out); !s) return s.err();
    for (const auto& [t, v] : to_set)
        if (auto s = set_values(cg, t, v); !s) return s.err();
    return out;
}

// What FLASH_ATTN_EXT computes, for the table of TestCpuFlashAttn::flash_attn.
struct attn_case {
    std::int64_t dk, dv, n_kv, n_q, n_head, n_head_kv, n_seq;
    dtype k_type, v_type;
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

// The attention of q, k and v as the kernel sees them, in double, by a two-pass softmax.
host_tensor attn_double(const attn_case& c, const host_tensor& q, const host_tensor& k, const host_tensor& v,
                        const attn_inputs& in) {
    const host_tensor mask = rounded(in.mask, dtype::f16);
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

// In ggml's numerics q is converted to K's vec_dot_type: K's own float type, q8_0 for a block K.
host_tensor q_as_seen(const attn_case& c, const host_tensor& q) {
    if (!c.ggml_numerics) return q;
    return is_block_type(c.k_type) ? quantized(q, dtype::q8_0).values : rounded(q, c.k_type);
}

host_tensor attn_ref(const attn_case& c, const attn_inputs& in) {
    return attn_double(c, q_as_seen(c, in.q), held(in.k, c.k_type), held(in.v, c.v_type), in);
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
    const auto kv = [&](const host_tensor& values, dtype type) {
        if (!c.cache_view) {
            const tensor_id t = cg.leaf(type, values.ne);
            to_set.emplace_back(t, values);
            return t;
        }
        host_tensor cache({values.ne[0], values.ne[1] + 5, values.ne[2], values.ne[3]});
        for (std::int64_t i3 = 0; i3 < values.ne[3]; ++i3)
            for (std::int64_t i2 = 0; i2 < values.ne[2]; ++i2)
                for (std::int64_t i1 = 0; i1 < values.ne[1]; ++i1)
                    for (std::int64_t i0 = 0; i0 < values.ne[0]; ++i0) cache.at(i0, i1, i2, i3) = values.at(i0, i1, i2, i3);
        const tensor_id t = cg.leaf(type, cache.ne);
        to_set.emplace_back(t, cache);
        const tensor& ct = cg.ctx[t];
        return cg.b.view_4d(t, values.ne[0], values.ne[1], values.ne[2], values.ne[3], ct.nb[1], ct.nb[2], ct.nb[3], 0);
    };
    const tensor_id k = kv(in.k, c.k_type), v = kv(in.v, c.v_type);
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
    void quantized_cache_from_set_rows();
    void flash_attn_by_hand();
    void decode_is_shared();
};

void TestCpuFlashAttn::flash_attn_data() {
    QTest::addColumn<attn_case>("c");
    const dtype f32 = dtype::f32, f16 = dtype::f16, bf16 = dtype::bf16, q8 = dtype::q8_0, q4 = dtype::q4_0;
    // dk, dv, n_kv, n_q, heads, kv heads, seqs, K type, V type, mask heads, scale, max_bias, softcap,
    // sinks, ggml numerics, K/V cache views, q permuted.
    QTest::newRow("f32, no mask, dk != dv")
        << attn_case{7, 5, 13, 3, 4, 4, 1, f32, f32, 0, 0.378f, 0, 0, false, true, false, false};
    QTest::newRow("GQA 6/2, f16 K/V, mask broadcast, exact")
        << attn_case{33, 33, 9, 5, 6, 2, 1, f16, f16, 1, 0.174f, 0, 0, false, false, false, false};
    QTest::newRow("GQA 6/2, f16 K/V, mask broadcast, ggml numerics")
        << attn_case{33, 33, 9, 5, 6, 2, 1, f16, f16, 1, 0.174f, 0, 0, false, true, false, false};
    QTest::newRow("mask per head and sequence, ALiBi over 5 heads")
        << attn_case{16, 16, 11, 4, 5, 5, 2, f32, f32, 5, 0.25f, 8.0f, 0, false, true, false, false};
    QTest::newRow("logit softcap") << attn_case{8, 8, 10, 2, 2, 1, 1, f32, f32, 0, 3.0f, 0, 2.0f, false, true, false, false};
    QTest::newRow("sinks") << attn_case{8, 8, 6, 3, 3, 3, 1, f32, f32, 0, 0.35f, 0, 0, true, true, false, false};
    QTest::newRow("sinks, mask, GQA 4/2, bf16 K/V, exact")
        << attn_case{12, 12, 7, 3, 4, 2, 2, bf16, bf16, 1, 0.3f, 0, 0, true, false, false, false};
    QTest::newRow("K/V views of a cache, q permuted, f16, exact")
        << attn_case{16, 16, 8, 6, 2, 2, 1, f16, f16, 1, 0.25f, 0, 0, true, false, true, true};
    // Quantised K/V (llama.cpp's -ctk / -ctv q8_0, q4_0 with -fa on).
    QTest::newRow("q8_0 K/V, GQA 4/2, mask, ggml numerics")
        << attn_case{64, 64, 19, 3, 4, 2, 1, q8, q8, 1, 0.125f, 0, 0, false, true, false, false};
    QTest::newRow("q8_0 K/V, GQA 4/2, mask, exact")
        << attn_case{64, 64, 19, 3, 4, 2, 1, q8, q8, 1, 0.125f, 0, 0, false, false, false, false};
    QTest::newRow("q4_0 K/V, mask per head and sequence, sinks")
        << attn_case{32, 32, 11, 4, 2, 2, 2, q4, q4, 2, 0.177f, 0, 0, true, true, false, false};
    QTest::newRow("q4_0 K, q8_0 V, dk != dv, softcap")
        << attn_case{64, 32, 9, 2, 2, 1, 1, q4, q8, 0, 0.3f, 0, 2.0f, false, true, false, false};
    QTest::newRow("f16 K, q8_0 V, ggml numerics")
        << attn_case{32, 64, 10, 3, 4, 4, 1, f16, q8, 1, 0.2f, 0, 0, false, true, false, false};
    QTest::newRow("q8_0 K, f16 V, ggml numerics")
        << attn_case{32, 32, 10, 3, 2, 2, 1, q8, f16, 1, 0.2f, 0, 0, false, true, false, false};
    QTest::newRow("q8_0 K/V views of a cache, q permuted, ALiBi")
        << attn_case{32, 32, 8, 5, 3, 1, 1, q8, q8, 1, 0.2f, 4.0f, 0, false, true, true, true};
}

void TestCpuFlashAttn::flash_attn() {
    QFETCH(attn_case, c);
    const attn_inputs in = attn_values(c);
    const graph_setup setup = [&](cpu_graph& cg) { return attn_graph(cg, c, in); };
    const bool f16_sum = c.ggml_numerics && c.v_type == dtype::f16;
    check_graph(setup, attn_ref(c, in), f16_sum ? 2e-3 : 1e-5);
}

// llama.cpp's quantised cache: f32 K and V rows of 12 tokens stored by SET_ROWS into a q8_0 K and
// a q4_0 V cache in a shuffled order, then attended to. The reference quantises the rows itself
// (q8_0 as ggml's CPU backend, q4_0 as quantize_row_q4_0_ref): SET_ROWS must write those blocks.
void TestCpuFlashAttn::quantized_cache_from_set_rows() {
    const attn_case c{64, 32, 12, 3, 4, 2, 1, dtype::q8_0, dtype::q4_0, 1, 0.125f, 0, 0, false, true, false, false};
    const attn_inputs in = attn_values(c);
    const std::vector<std::int64_t> cell{5, 0, 11, 3, 8, 1, 10, 2, 7, 4, 9, 6}; // token i goes to cell[i]
    const auto to_cells = [&](const host_tensor& rows) {
        host_tensor cache(rows.ne);
        for (std::int64_t h = 0; h < rows.ne[2]; ++h)
            for (std::int64_t i = 0; i < rows.ne[1]; ++i)
                for (std::int64_t j = 0; j < rows.ne[0]; ++j) cache.at(j, cell[static_cast<std::size_t>(i)], h) = rows.at(j, i, h);
        return cache;
    };
    attn_inputs cached = in;
    cached.k = to_cells(in.k);
    cached.v = to_cells(in.v);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id q = cg.leaf(dtype::f32, in.q.ne), mask = cg.leaf(dtype::f16, in.mask.ne);
        const tensor_id k_rows = cg.leaf(dtype::f32, in.k.ne), v_rows = cg.leaf(dtype::f32, in.v.ne);
        const tensor_id idx = cg.leaf(dtype::i64, {c.n_kv, 1, 1, 1});
        const tensor_id k = cg.b.set_rows(cg.leaf(dtype::q8_0, in.k.ne), k_rows, idx);
        const tensor_id v = cg.b.set_rows(cg.leaf(dtype::q4_0, in.v.ne), v_rows, idx);
        const tensor_id att = cg.b.flash_attn_ext(q, k, v, mask, flash_attn_args{.scale = c.scale, .prec = 10});
        auto out = finish(cg, att, {{q, in.q}, {mask, in.mask}, {k_rows, in.k}, {v_rows, in.v}});
        if (!out) return out;
        if (auto s = tensor_set(cg.table, cg.ctx[idx], cell.data(), 0, cell.size() * sizeof(std::int64_t)); !s) return s.err();
        return out;
    };
    check_graph(setup, attn_ref(c, cached), 1e-5);
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
