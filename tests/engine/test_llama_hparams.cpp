// Hyperparameters of every shared model, read as llama.cpp's llm_load_hparams read them, and
// clear errors for missing or invalid keys.
#include "models/llama_hparams.h"

#include <QtTest>

using namespace planscope;

namespace {

gguf_file open_model(const char* name) {
    auto f = open_gguf(std::filesystem::path(PLANSCOPE_SHARED_DIR) / "models" / name);
    if (!f) qFatal("%s", f.err().message.c_str());
    return std::move(*f);
}

} // namespace

class TestLlamaHparams : public QObject {
    Q_OBJECT
private slots:
    void hparams_data();
    void hparams();
    void hparamErrors();
    void fileTextAndLimits_data();
    void fileTextAndLimits();
};

void TestLlamaHparams::hparams_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("arch");
    QTest::addColumn<QList<int>>("ints"); // n_vocab, n_ctx_train, n_embd, n_layer, n_ff, n_head, n_head_kv, n_rot
    QTest::addColumn<float>("rmsEps");
    QTest::addColumn<float>("normEps");
    QTest::newRow("stories260K") << "stories260K.gguf" << "llama" << QList<int>{512, 2048, 64, 5, 172, 8, 4, 8}
                                 << 1e-5f << 0.0f;
    QTest::newRow("llama-spm") << "ggml-vocab-llama-spm.gguf" << "llama"
                               << QList<int>{32000, 4096, 4096, 32, 11008, 32, 32, 128} << 1e-5f << 0.0f;
    QTest::newRow("phi-3") << "ggml-vocab-phi-3.gguf" << "phi3" << QList<int>{32064, 4096, 3072, 32, 8192, 32, 32, 96}
                           << 1e-5f << 0.0f;
    // No head_count_kv and no rope.dimension_count: n_head and n_embd / n_head.
    QTest::newRow("gpt-2") << "ggml-vocab-gpt-2.gguf" << "gpt2" << QList<int>{50257, 1024, 768, 12, 3072, 12, 12, 64}
                           << 0.0f << 1e-5f;
}

void TestLlamaHparams::hparams() {
    QFETCH(QString, file);
    QFETCH(QString, arch);
    QFETCH(QList<int>, ints);
    QFETCH(float, rmsEps);
    QFETCH(float, normEps);
    const auto f = open_model(file.toStdString().c_str());
    auto h = read_hparams(f);
    QVERIFY2(h.ok(), h.ok() ? "" : h.err().message.c_str());
    QCOMPARE(QString::fromStdString(h->arch), arch);
    const QList<int> got{int(h->n_vocab), int(h->n_ctx_train), int(h->n_embd), int(h->n_layer),
                         int(h->n_ff),    int(h->n_head),      int(h->n_head_kv), int(h->n_rot)};
    QCOMPARE(got, ints);
    QCOMPARE(h->f_norm_rms_eps, rmsEps);
    QCOMPARE(h->f_norm_eps, normEps);
    QCOMPARE(h->rope_freq_base, 10000.0f);
    QCOMPARE(h->rope_freq_scale, 1.0f);
    QCOMPARE(h->rope_scaling_type, rope_scaling::linear);
    QCOMPARE(h->n_yarn_orig_ctx, h->n_ctx_train);
}

void TestLlamaHparams::hparamErrors() {
    const auto base = open_model("stories260K.gguf");
    auto expect = [](const gguf_file& f, const std::string& message) {
        auto h = read_hparams(f);
        QVERIFY(!h.ok());
        QCOMPARE(QString::fromStdString(h.err().message), QString::fromStdString(message));
    };
    auto f = base;
    f.kv.erase("llama.embedding_length");
    expect(f, "missing key llama.embedding_length");
    f = base;
    f.kv.erase("general.architecture");
    expect(f, "missing key general.architecture");
    f = base;
    f.kv.erase("tokenizer.ggml.tokens");
    expect(f, "missing key tokenizer.ggml.tokens");
    f = base;
    f.kv.erase("llama.attention.layer_norm_rms_epsilon");
    expect(f, "missing key llama.attention.layer_norm_rms_epsilon");
    f = base;
    f.kv["llama.block_count"] = gguf_value{gguf_type::string, std::string("five")};
    expect(f, "invalid key llama.block_count: expected an integer, found a string");
    f = base;
    f.kv["llama.attention.head_count"] = gguf_value{gguf_type::u32, std::uint64_t{0}};
    expect(f, "invalid key llama.attention.head_count: 0 is not a positive 32-bit integer");
    f = base;
    f.kv["llama.attention.head_count_kv"] = gguf_value{gguf_type::u32, std::uint64_t{3}};
    expect(f, "invalid key llama.attention.head_count_kv: 3 does not divide head_count 8");
    f = base;
    f.kv["llama.rope.scaling.type"] = gguf_value{gguf_type::string, std::string("ntk")};
    expect(f, "invalid key llama.rope.scaling.type: unknown rope scaling type 'ntk'");
    // Optional keys: the scaling factor is inverted, as llama.cpp's rope_freq_scale_train.
    f = base;
    f.kv["llama.rope.scaling.factor"] = gguf_value{gguf_type::f32, 4.0};
    f.kv["llama.rope.freq_base"] = gguf_value{gguf_type::f32, 500000.0};
    auto h = read_hparams(f);
    QVERIFY(h.ok());
    QCOMPARE(h->rope_freq_scale, 0.25f);
    QCOMPARE(h->rope_freq_base, 500000.0f);
}

// Issue 17: a 367-byte file with block_count 2147483647 ran the graph builder out of memory, and
// text from the file (the architecture is part of every key) reached errors raw.
void TestLlamaHparams::fileTextAndLimits_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QVariant>("value"); // uint: a u32, QString: a string
    QTest::addColumn<QString>("message");
    QTest::newRow("layers over the limit") << "llama.block_count" << QVariant(2147483647u)
                                           << "llama.block_count 2147483647 is over the limit of 8192 layers";
    QTest::newRow("layers just over") << "llama.block_count" << QVariant(8193u)
                                      << "llama.block_count 8193 is over the limit of 8192 layers";
    QTest::newRow("escape in the architecture")
        << "general.architecture" << QVariant(QStringLiteral("ll\u001b[2Jama\n"))
        << "missing key ll\\x1b[2Jama\\n.context_length";
    QTest::newRow("newline in a rope type") << "llama.rope.scaling.type" << QVariant(QStringLiteral("y\narn"))
                                            << "invalid key llama.rope.scaling.type: unknown rope scaling type 'y\\narn'";
}

void TestLlamaHparams::fileTextAndLimits() {
    QFETCH(QString, key);
    QFETCH(QVariant, value);
    QFETCH(QString, message);
    auto f = open_model("stories260K.gguf");
    if (value.typeId() == QMetaType::UInt)
        f.kv[key.toStdString()] = gguf_value{gguf_type::u32, std::uint64_t{value.toUInt()}};
    else
        f.kv[key.toStdString()] = gguf_value{gguf_type::string, value.toString().toStdString()};
    auto h = read_hparams(f);
    QVERIFY(!h.ok());
    QCOMPARE(QString::fromStdString(h.err().message), message);
}

QTEST_APPLESS_MAIN(TestLlamaHparams)
#include "test_llama_hparams.moc"
