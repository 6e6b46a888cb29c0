// Whole blocks computed by the CPU backend against naive forward passes written here in double:
// a GELU MLP with biases and NORM, and a llama layer — RMS_NORM, Q/K/V projections, ROPE, an f16
// KV cache written with CPY and read back through views, grouped-query attention (MUL_MAT
// broadcasting K/V heads), causal mask, SOFT_MAX, output projection and a SwiGLU MLP, with
// residual connections. Tolerance 2e-4 relative to max(1, |expected|): f32 accumulation through
// a dozen ops, ROPE's float angles, and the references round where the graph stores f16.
#include "cpu_op_check.h"

#include <cmath>

using namespace planscope;
using namespace planscope::testing;

namespace {

using matrix = std::vector<std::vector<double>>; // [row][column]

// W (rows x cols, stored as ggml's [cols, rows]) times v.
std::vector<double> matvec(const host_tensor& w, const std::vector<double>& v) {
    std::vector<double> out(static_cast<std::size_t>(w.ne[1]), 0.0);
    for (std::int64_t r = 0; r < w.ne[1]; ++r)
        for (std::int64_t c = 0; c < w.ne[0]; ++c) out[static_cast<std::size_t>(r)] += w.at(c, r) * v[static_cast<std::size_t>(c)];
    return out;
}

std::vector<double> column(const host_tensor& x, std::int64_t t) {
    std::vector<double> v(static_cast<std::size_t>(x.ne[0]));
    for (std::int64_t i = 0; i < x.ne[0]; ++i) v[static_cast<std::size_t>(i)] = x.at(i, t);
    return v;
}

std::vector<double> rms_norm(std::vector<double> v, const host_tensor& g, double eps) {
    double s = 0;
    for (double x : v) s += x * x / static_cast<double>(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = v[i] / std::sqrt(s + eps) * g.v[i];
    return v;
}

double silu(double x) { return x / (1 + std::exp(-x)); }
double gelu(double x) { return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x))); }
double round_f16(double x) { return ref_f16_to_f32(ref_f32_to_f16(static_cast<float>(x))); }

// Rotates each head_dim slice of v by position p (ggml's normal mode, base 10000).
void rope(std::vector<double>& v, int head_dim, int p) {
    for (std::size_t h = 0; h < v.size(); h += static_cast<std::size_t>(head_dim))
        for (int k = 0; k < head_dim / 2; ++k) {
            const double theta = p * std::pow(10000.0, -2.0 * k / head_dim);
            const double x0 = v[h + 2 * static_cast<std::size_t>(k)], x1 = v[h + 2 * static_cast<std::size_t>(k) + 1];
            v[h + 2 * static_cast<std::size_t>(k)] = x0 * std::cos(theta) - x1 * std::sin(theta);
            v[h + 2 * static_cast<std::size_t>(k) + 1] = x0 * std::sin(theta) + x1 * std::cos(theta);
        }
}

result<tensor_id> finish(cpu_graph& cg, tensor_id out, const std::vector<std::pair<tensor_id, host_tensor>>& to_set) {
    if (auto s = cg.prepare(out); !s) return s.err();
    for (const auto& [t, v] : to_set)
        if (auto s = cg.set(t, v); !s) return s.err();
    return out;
}

} // namespace

class TestCpuBlocks : public QObject {
    Q_OBJECT
private slots:
    void gelu_mlp();
    void llama_layer_data();
    void llama_layer();
};

void TestCpuBlocks::gelu_mlp() {
    const std::int64_t n_embd = 24, n_ff = 61, n_tokens = 5;
    std::mt19937 rng(51);
    const host_tensor x = random_host({n_embd, n_tokens, 1, 1}, rng);
    const host_tensor g = random_host({n_embd, 1, 1, 1}, rng, 0.5f, 1.5f), beta = random_host({n_embd, 1, 1, 1}, rng);
    const host_tensor w1 = rounded(random_host({n_embd, n_ff, 1, 1}, rng, -0.3f, 0.3f), dtype::f16);
    const host_tensor b1 = random_host({n_ff, 1, 1, 1}, rng);
    const host_tensor w2 = random_host({n_ff, n_embd, 1, 1}, rng, -0.2f, 0.2f), b2 = random_host({n_embd, 1, 1, 1}, rng);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        cg.backend.set_f16_numerics(f16_numerics::exact_f32); // the reference keeps activations exact
        builder& b = cg.b;
        const tensor_id tx = cg.leaf(dtype::f32, x.ne), tg = cg.leaf(dtype::f32, g.ne), tbeta = cg.leaf(dtype::f32, beta.ne);
        const tensor_id tw1 = cg.leaf(dtype::f16, w1.ne), tb1 = cg.leaf(dtype::f32, b1.ne);
        const tensor_id tw2 = cg.leaf(dtype::f32, w2.ne), tb2 = cg.leaf(dtype::f32, b2.ne);
        tensor_id cur = b.add(b.mul(b.norm(tx, 1e-5f), tg), tbeta);
        cur = b.gelu(b.add(b.mul_mat(tw1, cur), tb1));
        cur = b.add(b.add(b.mul_mat(tw2, cur), tb2), tx);
        return finish(cg, cur, {{tx, x}, {tg, g}, {tbeta, beta}, {tw1, w1}, {tb1, b1}, {tw2, w2}, {tb2, b2}});
    };
    host_tensor expected(x.ne);
    for (std::int64_t t = 0; t < n_tokens; ++t) {
        std::vector<double> v = column(x, t);
        double mean = 0, var = 0;
        for (double e : v) mean += e / n_embd;
        for (double e : v) var += (e - mean) * (e - mean) / n_embd;
        for (std::int64_t i = 0; i < n_embd; ++i)
            v[static_cast<std::size_t>(i)] = (v[static_cast<std::size_t>(i)] - mean) / std::sqrt(var + 1e-5) * g.v[static_cast<std::size_t>(i)] + beta.v[static_cast<std::size_t>(i)];
        std::vector<double> h = matvec(w1, v);
        for (std::int64_t i = 0; i < n_ff; ++i) h[static_cast<std::size_t>(i)] = gelu(h[static_cast<std::size_t>(i)] + b1.v[static_cast<std::size_t>(i)]);
        const std::vector<double> o = matvec(w2, h);
        for (std::int64_t i = 0; i < n_embd; ++i)
            expected.at(i, t) = static_cast<float>(o[static_cast<std::size_t>(i)] + b2.v[static_cast<std::size_t>(i)] + x.at(i, t));
    }
    check_graph(setup, expected, 2e-4);
}

void TestCpuBlocks::llama_layer_data() {
    QTest::addColumn<int>("n_head");
    QTest::addColumn<int>("n_head_kv");
    QTest::addColumn<int>("n_tokens");
    QTest::newRow("multi-head") << 4 << 4 << 6;
    QTest::newRow("grouped-query") << 4 << 2 << 7;
    QTest::newRow("one token") << 2 << 1 << 1;
}

void TestCpuBlocks::llama_layer() {
    QFETCH(int, n_head);
    QFETCH(int, n_head_kv);
    QFETCH(int, n_tokens);
    const int head_dim = 8, n_embd = n_head * head_dim, n_gqa = n_head_kv * head_dim, n_ff = 43, n_ctx = 16;
    const float eps = 1e-5f;
    const double kq_scale = 1.0 / std::sqrt(static_cast<double>(head_dim));
    std::mt19937 rng(53);
    const auto r = [&](std::int64_t a, std::int64_t b, float s = 0.3f) { return random_host({a, b, 1, 1}, rng, -s, s); };
    const host_tensor x = r(n_embd, n_tokens, 1.0f);
    const host_tensor g1 = random_host({n_embd, 1, 1, 1}, rng, 0.5f, 1.5f), g2 = random_host({n_embd, 1, 1, 1}, rng, 0.5f, 1.5f);
    const host_tensor wq = r(n_embd, n_embd), wk = r(n_embd, n_gqa), wv = r(n_embd, n_gqa), wo = r(n_embd, n_embd);
    const host_tensor wgate = r(n_embd, n_ff), wup = r(n_embd, n_ff), wdown = r(n_ff, n_embd);
    host_tensor scale({1, 1, 1, 1});
    scale.v[0] = static_cast<float>(kq_scale);
    std::vector<std::int32_t> pos(static_cast<std::size_t>(n_tokens));
    for (int t = 0; t < n_tokens; ++t) pos[static_cast<std::size_t>(t)] = t;

    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        cg.backend.set_f16_numerics(f16_numerics::exact_f32); // the reference keeps activations exact
        builder& b = cg.b;
        std::vector<std::pair<tensor_id, host_tensor>> to_set;
        const auto in = [&](const host_tensor& v) {
            const tensor_id t = cg.leaf(dtype::f32, v.ne);
            to_set.emplace_back(t, v);
            return t;
        };
        const tensor_id tx = in(x), tg1 = in(g1), tg2 = in(g2), twq = in(wq), twk = in(wk), twv = in(wv), two = in(wo);
        const tensor_id twgate = in(wgate), twup = in(wup), twdown = in(wdown), tscale = in(scale);
        const tensor_id tpos = cg.leaf(dtype::i32, {n_tokens, 1, 1, 1});
        const tensor_id cache_k = cg.leaf(dtype::f16, {n_gqa * n_ctx, 1, 1, 1});
        const tensor_id cache_v = cg.leaf(dtype::f16, {n_gqa * n_ctx, 1, 1, 1});
        to_set.emplace_back(cache_k, host_tensor({n_gqa * n_ctx, 1, 1, 1}));
        to_set.emplace_back(cache_v, host_tensor({n_gqa * n_ctx, 1, 1, 1}));
        rope_args ra;
        ra.n_dims = head_dim;

        const tensor_id cur = b.mul(b.rms_norm(tx, eps), tg1);
        const tensor_id q = b.rope(b.reshape_3d(b.mul_mat(twq, cur), head_dim, n_head, n_tokens), tpos, ra);
        const tensor_id k = b.rope(b.reshape_3d(b.mul_mat(twk, cur), head_dim, n_head_kv, n_tokens), tpos, ra);
        const tensor_id v = b.mul_mat(twv, cur);
        // The KV cache as llama.cpp stores it: K rows, V transposed (one row per channel).
        const std::size_t es = 2;
        const tensor_id k_store = b.cpy(k, b.view_1d(cache_k, n_tokens * n_gqa, 0));
        const tensor_id v_store = b.cpy(b.transpose(v), b.view_2d(cache_v, n_tokens, n_gqa, n_ctx * es, 0));
        if (auto s = build_forward_expand(cg.ctx, cg.g, k_store); !s) return s.err();
        if (auto s = build_forward_expand(cg.ctx, cg.g, v_store); !s) return s.err();
        const tensor_id kv_k = b.view_3d(cache_k, head_dim, n_tokens, n_head_kv, es * n_gqa, es * head_dim, 0);
        const tensor_id kv_v = b.view_3d(cache_v, n_tokens, head_dim, n_head_kv, es * n_ctx, es * n_ctx * head_dim, 0);
        tensor_id kq = b.mul_mat(kv_k, b.permute(q, 0, 2, 1, 3));
        kq = b.soft_max(b.diag_mask_inf(b.scale(kq, tscale), 0));
        const tensor_id kqv = b.permute(b.mul_mat(kv_v, kq), 0, 2, 1, 3);
        const tensor_id attn = b.add(b.mul_mat(two, b.cont_4d(kqv, n_embd, n_tokens, 1, 1)), tx);
        const tensor_id h = b.mul(b.rms_norm(attn, eps), tg2);
        const tensor_id ffn = b.mul_mat(twdown, b.mul(b.silu(b.mul_mat(twgate, h)), b.mul_mat(twup, h)));
        auto out = finish(cg, b.add(ffn, attn), to_set);
        if (out) cg.set_i32(tpos, pos);
        return out;
    };

    // The reference: the same layer, token by token.
    std::vector<std::vector<double>> qs, ks, vs;
    for (int t = 0; t < n_tokens; ++t) {
        const std::vector<double> xn = rms_norm(column(x, t), g1, eps);
        std::vector<double> q = matvec(wq, xn), k = matvec(wk, xn), v = matvec(wv, xn);
        rope(q, head_dim, t);
        rope(k, head_dim, t);
        for (double& e : k) e = round_f16(e);
        for (double& e : v) e = round_f16(e);
        qs.push_back(q);
        ks.push_back(k);
        vs.push_back(v);
    }
    host_tensor expected({n_embd, n_tokens, 1, 1});
    for (int t = 0; t < n_tokens; ++t) {
        std::vector<double> merged(static_cast<std::size_t>(n_embd), 0.0);
        for (int h = 0; h < n_head; ++h) {
            const int kvh = h / (n_head / n_head_kv);
            std::vector<double> p(static_cast<std::size_t>(t + 1));
            double max = -INFINITY, sum = 0;
            for (int j = 0; j <= t; ++j) {
                double s = 0;
                for (int d = 0; d < head_dim; ++d)
                    s += qs[static_cast<std::size_t>(t)][static_cast<std::size_t>(h * head_dim + d)] *
                         ks[static_cast<std::size_t>(j)][static_cast<std::size_t>(kvh * head_dim + d)];
                p[static_cast<std::size_t>(j)] = s * kq_scale;
                max = std::max(max, p[static_cast<std::size_t>(j)]);
            }
            for (double& e : p) sum += (e = std::exp(e - max));
            for (int d = 0; d < head_dim; ++d)
                for (int j = 0; j <= t; ++j)
                    merged[static_cast<std::size_t>(h * head_dim + d)] +=
                        p[static_cast<std::size_t>(j)] / sum * vs[static_cast<std::size_t>(j)][static_cast<std::size_t>(kvh * head_dim + d)];
        }
        std::vector<double> attn = matvec(wo, merged);
        for (int i = 0; i < n_embd; ++i) attn[static_cast<std::size_t>(i)] += x.at(i, t);
        const std::vector<double> hn = rms_norm(attn, g2, eps);
        std::vector<double> gate = matvec(wgate, hn);
        const std::vector<double> up = matvec(wup, hn);
        for (std::size_t i = 0; i < gate.size(); ++i) gate[i] = silu(gate[i]) * up[i];
        const std::vector<double> ffn = matvec(wdown, gate);
        for (int i = 0; i < n_embd; ++i) expected.at(i, t) = static_cast<float>(ffn[static_cast<std::size_t>(i)] + attn[static_cast<std::size_t>(i)]);
    }
    check_graph(setup, expected, 2e-4);
}

QTEST_APPLESS_MAIN(TestCpuBlocks)
#include "test_cpu_blocks.moc"
