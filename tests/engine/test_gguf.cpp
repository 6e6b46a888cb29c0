// Every model in ../shared/models parsed for real; malformed files give clean errors.
#include "models/gguf.h"

#include <QtTest>

#include <cstring>
#include <fstream>
#include <iterator>

using namespace planscope;

namespace {

std::filesystem::path model(const char* name) { return std::filesystem::path(PLANSCOPE_SHARED_DIR) / "models" / name; }

std::vector<std::uint8_t> slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

template <class T>
void put(std::vector<std::uint8_t>& b, T v) {
    const std::size_t at = b.size();
    b.resize(at + sizeof v);
    std::memcpy(b.data() + at, &v, sizeof v);
}

void put_string(std::vector<std::uint8_t>& b, const std::string& s) {
    put<std::uint64_t>(b, s.size());
    b.insert(b.end(), s.begin(), s.end());
}

// A header with the given counts and nothing after it.
std::vector<std::uint8_t> header(std::uint64_t n_tensors, std::uint64_t n_kv) {
    std::vector<std::uint8_t> b;
    put(b, std::array<char, 4>{'G', 'G', 'U', 'F'});
    put<std::uint32_t>(b, 3);
    put(b, n_tensors);
    put(b, n_kv);
    return b;
}

} // namespace

class TestGguf : public QObject {
    Q_OBJECT
private slots:
    void hyperparameters_data();
    void hyperparameters();
    void stories260KTensors();
    void nestedArrays();
    void truncated_data();
    void truncated();
    void malformed_data();
    void malformed();
    void missingFile();
};

void TestGguf::hyperparameters_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("arch");
    QTest::addColumn<qint64>("embd");
    QTest::addColumn<qint64>("layers");
    QTest::addColumn<qint64>("ff");
    QTest::addColumn<qint64>("heads");
    QTest::addColumn<qint64>("headsKv");
    QTest::addColumn<qint64>("vocab");
    QTest::addColumn<int>("tensors");
    QTest::newRow("stories260K") << "stories260K.gguf" << "llama" << 64LL << 5LL << 172LL << 8LL << 4LL << 512LL << 48;
    QTest::newRow("llama-spm") << "ggml-vocab-llama-spm.gguf" << "llama" << 4096LL << 32LL << 11008LL << 32LL << 32LL
                               << 32000LL << 0;
    QTest::newRow("phi-3") << "ggml-vocab-phi-3.gguf" << "phi3" << 3072LL << 32LL << 8192LL << 32LL << 32LL << 32064LL
                           << 0;
    QTest::newRow("gpt-2") << "ggml-vocab-gpt-2.gguf" << "gpt2" << 768LL << 12LL << 3072LL << 12LL << -1LL << 50257LL
                           << 0;
}

void TestGguf::hyperparameters() {
    QFETCH(QString, file);
    QFETCH(QString, arch);
    QFETCH(qint64, embd);
    QFETCH(qint64, layers);
    QFETCH(qint64, ff);
    QFETCH(qint64, heads);
    QFETCH(qint64, headsKv);
    QFETCH(qint64, vocab);
    QFETCH(int, tensors);
    auto f = open_gguf(model(file.toStdString().c_str()));
    QVERIFY2(f.ok(), f.ok() ? "" : f.err().message.c_str());
    QCOMPARE(f->version, 3u);
    const std::string a = arch.toStdString();
    QCOMPARE(f->get_string("general.architecture"), std::optional<std::string>(a));
    QCOMPARE(f->get_int(a + ".embedding_length"), std::optional<std::int64_t>(embd));
    QCOMPARE(f->get_int(a + ".block_count"), std::optional<std::int64_t>(layers));
    QCOMPARE(f->get_int(a + ".feed_forward_length"), std::optional<std::int64_t>(ff));
    QCOMPARE(f->get_int(a + ".attention.head_count"), std::optional<std::int64_t>(heads));
    if (headsKv > 0) QCOMPARE(f->get_int(a + ".attention.head_count_kv"), std::optional<std::int64_t>(headsKv));
    const auto* tokens = f->find("tokenizer.ggml.tokens");
    QVERIFY(tokens && tokens->as_array());
    QCOMPARE(static_cast<qint64>(tokens->as_array()->items.size()), vocab);
    QCOMPARE(tokens->as_array()->element_type, gguf_type::string);
    QCOMPARE(static_cast<int>(f->tensors.size()), tensors);
}

void TestGguf::stories260KTensors() {
    auto f = open_gguf(model("stories260K.gguf"));
    QVERIFY(f.ok());
    QCOMPARE(f->get_int("llama.context_length"), std::optional<std::int64_t>(2048));
    QCOMPARE(f->get_int("llama.rope.dimension_count"), std::optional<std::int64_t>(8));
    QVERIFY(!f->find("llama.rope.freq_base"));
    QCOMPARE(f->get_float("llama.attention.layer_norm_rms_epsilon").value_or(0), double(1e-5f));
    QCOMPARE(f->get_int("tokenizer.ggml.seperator_token_id"), std::optional<std::int64_t>(0xFFFFFFFFLL));
    std::size_t total = 0;
    const gguf_tensor_info* embd = nullptr;
    for (const auto& t : f->tensors) {
        QCOMPARE(t.type, dtype::f32);
        QCOMPARE(t.offset % f->alignment, std::uint64_t{0});
        total += t.size;
        if (t.name == "token_embd.weight") embd = &t;
    }
    QVERIFY(embd);
    QCOMPARE(embd->ne[0], 64);
    QCOMPARE(embd->ne[1], 512);
    QCOMPARE(embd->size, std::size_t{64 * 512 * 4});
    QCOMPARE(f->tensor_data(*embd).size(), embd->size);
    // All data lies in the file, after the header.
    QVERIFY(f->data_offset + total <= f->mapping->bytes().size());
    // Data is mapped, not copied: the span points into the mapping.
    const auto data = f->tensor_data(*embd);
    QCOMPARE(data.data(), f->mapping->bytes().data() + f->data_offset + embd->offset);
}

void TestGguf::nestedArrays() {
    auto b = header(0, 1);
    put_string(b, "nested");
    put<std::uint32_t>(b, 9); // array
    put<std::uint32_t>(b, 9); // of arrays
    put<std::uint64_t>(b, 2);
    for (int i = 0; i < 2; ++i) {
        put<std::uint32_t>(b, 5); // of i32
        put<std::uint64_t>(b, 3);
        for (int j = 0; j < 3; ++j) put<std::int32_t>(b, i * 10 + j);
    }
    auto f = parse_gguf(b);
    QVERIFY2(f.ok(), f.ok() ? "" : f.err().message.c_str());
    const auto* outer = f->find("nested")->as_array();
    QCOMPARE(outer->items.size(), std::size_t{2});
    QCOMPARE(outer->items[1].as_array()->items[2].as_int(), std::optional<std::int64_t>(12));
}

void TestGguf::truncated_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<qlonglong>("cut");
    QTest::addColumn<QString>("message");
    // Cuts inside the magic, version, counts, a key, a value, the vocabulary array, a tensor info and tensor data.
    const struct { const char* f; qlonglong cut; const char* m; } rows[] = {
        {"stories260K.gguf", 2, "offset 0: file truncated reading magic"},
        {"stories260K.gguf", 6, "offset 4: file truncated reading version"},
        {"stories260K.gguf", 12, "offset 8: file truncated reading tensor count"},
        {"stories260K.gguf", 20, "offset 16: file truncated reading key/value count"},
        {"stories260K.gguf", 30, "offset 8: tensor count 48 exceeds the file"},
        {"stories260K.gguf", 60, "offset "},
        {"stories260K.gguf", 5000, "offset "},
        {"stories260K.gguf", 20000, "offset "},
        {"stories260K.gguf", 1000000, "offset 959328: data of tensor 'blk.3.ffn_up.weight' (44032 bytes) extends"},
        {"ggml-vocab-llama-spm.gguf", 400000, "offset "},
    };
    for (const auto& r : rows)
        QTest::newRow(qPrintable(QStringLiteral("%1@%2").arg(QLatin1String(r.f)).arg(r.cut)))
            << QString::fromLatin1(r.f) << r.cut << QString::fromLatin1(r.m);
}

void TestGguf::truncated() {
    QFETCH(QString, file);
    QFETCH(qlonglong, cut);
    QFETCH(QString, message);
    auto bytes = slurp(model(file.toStdString().c_str()));
    QVERIFY(static_cast<qlonglong>(bytes.size()) > cut);
    bytes.resize(static_cast<std::size_t>(cut));
    auto f = parse_gguf(bytes);
    QVERIFY(!f.ok());
    const QString got = QString::fromStdString(f.err().message);
    QVERIFY2(got.startsWith(message), qPrintable(got));
}

void TestGguf::malformed_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("message");
    auto bad_magic = header(0, 0);
    bad_magic[0] = 'X';
    QTest::newRow("bad magic") << QByteArray(reinterpret_cast<const char*>(bad_magic.data()), bad_magic.size())
                               << "offset 0: bad magic: not a GGUF file";
    auto v1 = header(0, 0);
    v1[4] = 1;
    QTest::newRow("version 1") << QByteArray(reinterpret_cast<const char*>(v1.data()), v1.size())
                               << "offset 4: unsupported GGUF version 1";
    const auto huge_t = header(std::uint64_t{1} << 60, 0);
    QTest::newRow("huge tensor count") << QByteArray(reinterpret_cast<const char*>(huge_t.data()), huge_t.size())
                                       << "offset 8: tensor count 1152921504606846976 exceeds the file";
    const auto huge_kv = header(0, 1000000);
    QTest::newRow("huge kv count") << QByteArray(reinterpret_cast<const char*>(huge_kv.data()), huge_kv.size())
                                   << "offset 16: key/value count 1000000 exceeds the file";
    auto long_key = header(0, 1);
    put<std::uint64_t>(long_key, std::uint64_t{1} << 40);
    put<std::uint64_t>(long_key, 0);
    QTest::newRow("huge string") << QByteArray(reinterpret_cast<const char*>(long_key.data()), long_key.size())
                                 << "offset 24: key length 1099511627776 exceeds the 8 bytes left in the file";
    auto huge_arr = header(0, 1);
    put_string(huge_arr, "a");
    put<std::uint32_t>(huge_arr, 9);
    put<std::uint32_t>(huge_arr, 6);
    put<std::uint64_t>(huge_arr, std::uint64_t{1} << 50);
    QTest::newRow("huge array") << QByteArray(reinterpret_cast<const char*>(huge_arr.data()), huge_arr.size())
                                << "offset 37: array of 1125899906842624 elements does not fit";
    auto bad_type = header(0, 1);
    put_string(bad_type, "k");
    put<std::uint32_t>(bad_type, 99);
    QTest::newRow("bad value type") << QByteArray(reinterpret_cast<const char*>(bad_type.data()), bad_type.size())
                                    << "offset 24: key 'k' has unknown value type 99";
    auto bad_tensor = header(1, 0);
    put_string(bad_tensor, "w");
    put<std::uint32_t>(bad_tensor, 2);
    put<std::uint64_t>(bad_tensor, 33);
    put<std::uint64_t>(bad_tensor, 2);
    put<std::uint32_t>(bad_tensor, 2); // q4_0: 33 is not a multiple of 32
    put<std::uint64_t>(bad_tensor, 0);
    QTest::newRow("bad tensor shape") << QByteArray(reinterpret_cast<const char*>(bad_tensor.data()), bad_tensor.size())
                                      << "offset 24: tensor 'w': ne[0] = 33 is not a multiple of the q4_0 block size";
    auto bad_dtype = header(1, 0);
    put_string(bad_dtype, "w");
    put<std::uint32_t>(bad_dtype, 1);
    put<std::uint64_t>(bad_dtype, 8);
    put<std::uint32_t>(bad_dtype, 4); // removed q4_2
    put<std::uint64_t>(bad_dtype, 0);
    QTest::newRow("unknown tensor type") << QByteArray(reinterpret_cast<const char*>(bad_dtype.data()), bad_dtype.size())
                                         << "offset 24: tensor 'w' has unknown type 4";
}

void TestGguf::malformed() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, message);
    auto f = parse_gguf({reinterpret_cast<const std::uint8_t*>(bytes.constData()), static_cast<std::size_t>(bytes.size())});
    QVERIFY(!f.ok());
    const QString got = QString::fromStdString(f.err().message);
    QVERIFY2(got.startsWith(message), qPrintable(got));
}

void TestGguf::missingFile() {
    auto f = open_gguf("/nonexistent/model.gguf");
    QVERIFY(!f.ok());
    QCOMPARE(QString::fromStdString(f.err().message), QStringLiteral("/nonexistent/model.gguf: No such file or directory"));
}

QTEST_APPLESS_MAIN(TestGguf)
#include "test_gguf.moc"
