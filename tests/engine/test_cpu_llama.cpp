// stories260K (a real llama GGUF) computed end to end by the CPU backend: weights used in place
// from the file's mapping, a persistent f16 KV cache, inputs allocated first in the compute
// buffer as llama.cpp did. A prompt computed in one batch must give the logits of the same prompt
// fed one token at a time through the KV cache (tolerance 1e-4 relative to max(1, |logit|): the
// two differ only in f32 summation order), with any thread count.
#include "alloc/graph_allocator.h"
#include "backend/cpu/cpu_backend.h"
#include "models/llama_graph.h"

#include <QtTest>

#include <cmath>

using namespace planscope;

namespace {

const buffer_id weights_id{0}, kv_id{1}, compute_id{2};

// One model, its weights and KV cache registered once; each step builds, places and computes a graph.
class llama_cpu {
public:
    explicit llama_cpu(gguf_file file, int n_threads) : m_file(std::move(file)), m_backend(n_threads) {
        const auto bytes = m_file.mapping->bytes().subspan(m_file.data_offset);
        // The mapping is read-only and no graph writes weights.
        m_table.add(m_backend.buffer_from_ptr(weights_id, const_cast<std::uint8_t*>(bytes.data()), bytes.size()));
    }

    // Logits [n_vocab, tokens] of `tokens` at positions n_past.. (the cache holds the earlier ones).
    result<std::vector<float>> step(const std::vector<std::int32_t>& tokens, int n_past) {
        llama_params p;
        p.n_ctx = 64;
        p.n_batch = static_cast<int>(tokens.size());
        p.n_past = n_past;
        p.kv_type = dtype::f16;
        auto built = build_llama_graph(m_file, p);
        if (!built) return built.err();
        llama_model_graph& m = *built;
        if (m.doc.buffers.size() != 2) return error{"expected the weights and KV cache buffers"};
        if (!m_table.find(kv_id)) { // zeroed, as llama.cpp clears the cache
            auto kv = m_backend.alloc_buffer(kv_id, m.doc.buffers[1].size);
            if (!kv) return kv.err();
            std::memset((*kv)->data(), 0, (*kv)->size());
            m_table.add(*kv);
        }
        context& ctx = m.doc.ctx;
        std::size_t bytes = 4096;
        for (tensor_id id : m.doc.g.nodes) bytes += nbytes(ctx[id]) + 64;
        for (tensor_id id : m.inputs) bytes += nbytes(ctx[id]) + 64;
        auto compute = m_backend.alloc_buffer(compute_id, bytes);
        if (!compute) return compute.err();
        m_table.remove(compute_id);
        m_table.add(*compute);
        auto talloc = tensor_allocator::create(*compute);
        if (!talloc) return talloc.err();
        for (tensor_id id : m.inputs)
            if (auto s = talloc->alloc(ctx, id); !s) return s.err();
        if (auto r = graph_allocator().alloc_graph(ctx, m.doc.g, *talloc); !r) return r.err();

        const auto n_tokens = static_cast<std::int64_t>(tokens.size());
        std::vector<std::int32_t> pos(tokens.size());
        for (std::size_t i = 0; i < pos.size(); ++i) pos[i] = n_past + static_cast<int>(i);
        const float kq_scale = 1.0f / std::sqrt(static_cast<float>(m.hparams.n_embd_head()));
        std::vector<float> mask(static_cast<std::size_t>(m.n_kv * n_tokens));
        for (std::int64_t j = 0; j < n_tokens; ++j) // cell i is visible to token j when it holds an earlier position
            for (std::int64_t i = 0; i < m.n_kv; ++i)
                mask[static_cast<std::size_t>(j * m.n_kv + i)] = i <= n_past + j ? 0.0f : -INFINITY;
        for (tensor_id id : m.inputs) {
            const tensor& t = ctx[id];
            status s = success();
            if (t.name == "inp_tokens") s = tensor_set(m_table, t, tokens.data(), 0, nbytes(t));
            if (t.name == "inp_pos") s = tensor_set(m_table, t, pos.data(), 0, nbytes(t));
            if (t.name == "KQ_scale") s = tensor_set(m_table, t, &kq_scale, 0, nbytes(t));
            if (t.name == "KQ_mask") s = tensor_set(m_table, t, mask.data(), 0, nbytes(t));
            if (!s) return s.err();
        }
        if (auto s = m_backend.graph_compute({ctx, m.doc.g, m_table}); !s) return s.err();
        const tensor& out = ctx[m.result_output];
        std::vector<float> logits(static_cast<std::size_t>(nelements(out)));
        if (auto s = tensor_get(m_table, out, logits.data(), 0, nbytes(out)); !s) return s.err();
        return logits;
    }

private:
    gguf_file m_file;
    cpu_backend m_backend;
    buffer_table m_table;
};

double max_rel_diff(const float* a, const float* b, std::size_t n) {
    double worst = 0;
    for (std::size_t i = 0; i < n; ++i)
        worst = std::max(worst, std::fabs(double(a[i]) - b[i]) / std::max(1.0, std::fabs(double(b[i]))));
    return worst;
}

} // namespace

class TestCpuLlama : public QObject {
    Q_OBJECT
private slots:
    void batch_equals_incremental_data();
    void batch_equals_incremental();
};

void TestCpuLlama::batch_equals_incremental_data() {
    QTest::addColumn<int>("threads");
    QTest::newRow("1 thread") << 1;
    QTest::newRow("3 threads") << 3;
}

void TestCpuLlama::batch_equals_incremental() {
    QFETCH(int, threads);
    auto file = open_gguf(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    if (!file) QSKIP("stories260K.gguf is not in the shared directory");
    const std::vector<std::int32_t> prompt{1, 403, 261, 49, 300, 7, 88};

    llama_cpu batch(*file, threads);
    auto all = batch.step(prompt, 0);
    QVERIFY2(all.ok(), all.ok() ? "" : all.err().message.c_str());
    const std::size_t n_vocab = all->size() / prompt.size();
    QCOMPARE(n_vocab, std::size_t{512});
    for (float x : *all) QVERIFY(std::isfinite(x));
    QVERIFY(std::fabs((*all)[0] - (*all)[1]) > 1e-6f); // not a constant

    llama_cpu one_by_one(*file, threads);
    for (std::size_t i = 0; i < prompt.size(); ++i) {
        auto logits = one_by_one.step({prompt[i]}, static_cast<int>(i));
        QVERIFY2(logits.ok(), logits.ok() ? "" : logits.err().message.c_str());
        const double diff = max_rel_diff(logits->data(), all->data() + i * n_vocab, n_vocab);
        QVERIFY2(diff <= 1e-4, qPrintable(QStringLiteral("token %1: difference %2").arg(i).arg(diff)));
    }
}

QTEST_APPLESS_MAIN(TestCpuLlama)
#include "test_cpu_llama.moc"
