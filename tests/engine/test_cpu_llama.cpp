// stories260K (a real llama GGUF) computed end to end by the CPU backend: weights used in place
// from the file's mapping, a persistent f16 KV cache, inputs allocated first in the compute
// buffer as llama.cpp did. A prompt computed in one batch must give the logits of the same prompt
// fed one token at a time through the KV cache, with any thread count: with an f32 cache within
// 1e-4 relative to max(1, |logit|) (the two differ only in f32 summation order); with an f16 cache
// within 5e-3 and the same best token (one token's products over the cache may add in f16, as
// ggml's vec_dot_f16 does where the CPU has AVX512-FP16: docs/numerics.md).
#include "models/llama_run.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <functional>

using namespace planscope;

Q_DECLARE_METATYPE(planscope::dtype)

namespace {

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
    void fixed_argmax();
};

void TestCpuLlama::batch_equals_incremental_data() {
    QTest::addColumn<int>("threads");
    QTest::addColumn<dtype>("kv_type");
    QTest::addColumn<double>("tolerance");
    QTest::newRow("1 thread, f16 cache") << 1 << dtype::f16 << 5e-3;
    QTest::newRow("3 threads, f16 cache") << 3 << dtype::f16 << 5e-3;
    QTest::newRow("1 thread, f32 cache") << 1 << dtype::f32 << 1e-4;
    QTest::newRow("3 threads, f32 cache") << 3 << dtype::f32 << 1e-4;
}

void TestCpuLlama::batch_equals_incremental() {
    QFETCH(int, threads);
    QFETCH(dtype, kv_type);
    QFETCH(double, tolerance);
    auto file = open_gguf(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    if (!file) QSKIP("stories260K.gguf is not in the shared directory");
    const std::vector<std::int32_t> prompt{1, 403, 261, 49, 300, 7, 88};

    run_options options;
    options.n_threads = threads;
    options.n_ctx = 64;
    options.kv_type = kv_type;
    llama_cpu_session batch(*file, options);
    auto all = batch.step(prompt, 0);
    QVERIFY2(all.ok(), all.ok() ? "" : all.err().message.c_str());
    const std::size_t n_vocab = all->size() / prompt.size();
    auto last = run_llama_prompt(*file, prompt, options); // the last row of the same batch
    QVERIFY2(last.ok(), last.ok() ? "" : last.err().message.c_str());
    QCOMPARE(last->size(), n_vocab);
    QVERIFY(std::equal(last->begin(), last->end(), all->end() - static_cast<std::ptrdiff_t>(n_vocab)));
    QCOMPARE(n_vocab, std::size_t{512});
    for (float x : *all) QVERIFY(std::isfinite(x));
    QVERIFY(std::fabs((*all)[0] - (*all)[1]) > 1e-6f); // not a constant

    llama_cpu_session one_by_one(*file, options);
    for (std::size_t i = 0; i < prompt.size(); ++i) {
        auto logits = one_by_one.step(std::span(prompt).subspan(i, 1), static_cast<int>(i));
        QVERIFY2(logits.ok(), logits.ok() ? "" : logits.err().message.c_str());
        const float* row = all->data() + i * n_vocab;
        const double diff = max_rel_diff(logits->data(), row, n_vocab);
        QVERIFY2(diff <= tolerance, qPrintable(QStringLiteral("token %1: difference %2").arg(i).arg(diff)));
        QCOMPARE(std::max_element(logits->begin(), logits->end()) - logits->begin(),
                 std::max_element(row, row + n_vocab) - row);
    }
}

// The prompt of tests/app/test_cli_run.cpp: its next token is "," (432), well ahead of the second.
void TestCpuLlama::fixed_argmax() {
    auto file = open_gguf(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    if (!file) QSKIP("stories260K.gguf is not in the shared directory");
    const std::vector<std::int32_t> prompt{1, 403, 407, 261, 378};
    for (dtype kv : {dtype::f16, dtype::f32}) {
        run_options options;
        options.n_threads = 2;
        options.kv_type = kv;
        auto logits = run_llama_prompt(*file, prompt, options);
        QVERIFY2(logits.ok(), logits.ok() ? "" : logits.err().message.c_str());
        QCOMPARE(logits->size(), std::size_t{512});
        for (float x : *logits) QVERIFY(std::isfinite(x));
        const auto best = std::max_element(logits->begin(), logits->end());
        QCOMPARE(best - logits->begin(), std::ptrdiff_t{432});
        std::vector<float> sorted(*logits);
        std::sort(sorted.begin(), sorted.end(), std::greater<>());
        QVERIFY(sorted[0] - sorted[1] > 1.0f);
    }
}

QTEST_APPLESS_MAIN(TestCpuLlama)
#include "test_cpu_llama.moc"
