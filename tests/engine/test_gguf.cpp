// Every model in ../shared/models parsed for real; malformed files give clean errors.
#include "models/gguf.h"

#include <QtTest>

#include <sys/resource.h>

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

// A file of one key/value: its key and value type, the value to follow.
std::vector<std::uint8_t> one_kv(const std::string& key, std::uint32_t type) {
    auto b = header(0, 1);
    put_string(b, key);
    put<std::uint32_t>(b, type);
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
    void arrayElements_data();
    void arrayElements();
    void compactArrays();
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
    QCOMPARE(static_cast<qint64>(tokens->as_array()->size()), vocab);
    QCOMPARE(tokens->as_array()->element_type(), gguf_type::string);
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
    auto b = one_kv("nested", 9); // array
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
    QCOMPARE(outer->size(), std::size_t{2});
    QCOMPARE(outer->element_type(), gguf_type::array);
    const auto inner = outer->at(1);
    QVERIFY(inner && inner->as_array());
    QCOMPARE(inner->as_array()->element_type(), gguf_type::i32);
    QCOMPARE(inner->as_array()->at(2)->as_int(), std::optional<std::int64_t>(12));
    QCOMPARE(outer->at(0)->as_array()->at(0)->as_int(), std::optional<std::int64_t>(0));
    QVERIFY(!outer->at(2));
    QVERIFY(!outer->string_at(0));
}

void TestGguf::arrayElements_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<QByteArray>("payload"); // three elements as the file encodes them
    QTest::addColumn<QString>("second");      // element 1, as as_int / as_float / the string
    const auto row = [](const char* name, gguf_type t, auto a, auto b, auto c, const char* second) {
        std::vector<std::uint8_t> p;
        put(p, a);
        put(p, b);
        put(p, c);
        QTest::newRow(name) << int(t) << QByteArray(reinterpret_cast<const char*>(p.data()), qsizetype(p.size()))
                            << QString::fromLatin1(second);
    };
    row("u8", gguf_type::u8, std::uint8_t{1}, std::uint8_t{255}, std::uint8_t{3}, "255");
    row("i8", gguf_type::i8, std::int8_t{1}, std::int8_t{-128}, std::int8_t{3}, "-128");
    row("u16", gguf_type::u16, std::uint16_t{1}, std::uint16_t{65535}, std::uint16_t{3}, "65535");
    row("i16", gguf_type::i16, std::int16_t{1}, std::int16_t{-300}, std::int16_t{3}, "-300");
    row("u32", gguf_type::u32, std::uint32_t{1}, std::uint32_t{0xFFFFFFFF}, std::uint32_t{3}, "4294967295");
    row("i32", gguf_type::i32, std::int32_t{1}, std::int32_t{-70000}, std::int32_t{3}, "-70000");
    row("u64", gguf_type::u64, std::uint64_t{1}, std::uint64_t{1} << 40, std::uint64_t{3}, "1099511627776");
    row("i64", gguf_type::i64, std::int64_t{1}, -(std::int64_t{1} << 40), std::int64_t{3}, "-1099511627776");
    row("f32", gguf_type::f32, 1.0f, 0.5f, 3.0f, "0.5");
    row("f64", gguf_type::f64, 1.0, -2.25, 3.0, "-2.25");
    row("bool", gguf_type::boolean, std::uint8_t{0}, std::uint8_t{1}, std::uint8_t{0}, "true");
    std::vector<std::uint8_t> strings;
    for (const char* t : {"a", "\xE2\x96\x81the", ""}) put_string(strings, t);
    QTest::newRow("string") << int(gguf_type::string)
                            << QByteArray(reinterpret_cast<const char*>(strings.data()), qsizetype(strings.size()))
                            << QStringLiteral("\u2581the");
}

// Packed arrays give back every element type as the file wrote it.
void TestGguf::arrayElements() {
    QFETCH(int, type);
    QFETCH(QByteArray, payload);
    QFETCH(QString, second);
    auto b = one_kv("arr", 9);
    put<std::uint32_t>(b, static_cast<std::uint32_t>(type));
    put<std::uint64_t>(b, 3);
    b.insert(b.end(), payload.begin(), payload.end());
    auto f = parse_gguf(b);
    QVERIFY2(f.ok(), f.ok() ? "" : f.err().message.c_str());
    const gguf_array* a = f->find("arr")->as_array();
    QVERIFY(a);
    QCOMPARE(a->size(), std::size_t{3});
    QCOMPARE(int(a->element_type()), type);
    const auto v = a->at(1);
    QVERIFY(v);
    QCOMPARE(int(v->type), type);
    QString got;
    if (const auto* s = v->as_string()) got = QString::fromStdString(*s);
    else if (const auto* flag = std::get_if<bool>(&v->v)) got = *flag ? "true" : "false";
    else if (auto i = v->as_int(); i && type != int(gguf_type::f32) && type != int(gguf_type::f64)) got = QString::number(*i);
    else if (auto d = v->as_float()) got = QString::number(*d);
    QCOMPARE(got, second);
    QVERIFY(!a->at(3));
    if (type == int(gguf_type::string)) {
        QCOMPARE(a->string_at(2), std::optional<std::string_view>(""));
        QCOMPARE(a->string_at(0), std::optional<std::string_view>("a"));
    } else {
        QVERIFY(!a->string_at(0));
    }
}

// Issue 17: an array cost ~48 bytes an element (a 16.8 MB file with one u8 array peaked at 807 MB).
// Packed, a 16 MiB byte array and a million-token list cost about what they take in the file.
void TestGguf::compactArrays() {
    constexpr std::size_t n_bytes = std::size_t{16} << 20, n_tokens = 1'000'000;
    const auto token = [](std::size_t i) { return "tok" + std::to_string(i); };
    std::size_t size = 24 + (8 + 5 + 4 + 4 + 8 + n_bytes) + (8 + 6 + 4 + 4 + 8);
    for (std::size_t i = 0; i < n_tokens; ++i) size += 8 + token(i).size();
    auto b = header(0, 2);
    b.reserve(size); // no growth: the peak so far is the file itself
    put_string(b, "bytes");
    put<std::uint32_t>(b, 9);
    put<std::uint32_t>(b, 0);
    put<std::uint64_t>(b, n_bytes);
    for (std::size_t i = 0; i < n_bytes; ++i) b.push_back(static_cast<std::uint8_t>(i * 7));
    put_string(b, "tokens");
    put<std::uint32_t>(b, 9);
    put<std::uint32_t>(b, 8);
    put<std::uint64_t>(b, n_tokens);
    for (std::size_t i = 0; i < n_tokens; ++i) put_string(b, token(i));
    QCOMPARE(b.size(), size);

    const auto peak_kb = [] {
        rusage u{};
        getrusage(RUSAGE_SELF, &u);
        return static_cast<std::size_t>(u.ru_maxrss);
    };
    const std::size_t before = peak_kb();
    auto f = parse_gguf(b);
    QVERIFY2(f.ok(), f.ok() ? "" : f.err().message.c_str());
    const std::size_t grown = (peak_kb() - before) * 1024;
    QVERIFY2(grown < size + (std::size_t{16} << 20),
             qPrintable(QStringLiteral("peak grew by %1 bytes for a %2-byte file").arg(grown).arg(size)));

    const gguf_array* bytes = f->find("bytes")->as_array();
    QCOMPARE(bytes->size(), n_bytes);
    QCOMPARE(bytes->at(12345)->as_int(), std::optional<std::int64_t>(static_cast<std::uint8_t>(12345 * 7)));
    const gguf_array* tokens = f->find("tokens")->as_array();
    QCOMPARE(tokens->size(), n_tokens);
    QCOMPARE(tokens->string_at(999'999), std::optional<std::string_view>("tok999999"));
    QCOMPARE(*tokens->at(0)->as_string(), std::string("tok0"));
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
        {"stories260K.gguf", 1000000, "offset 14176: data of tensor 'blk.3.ffn_up.weight' (44032 bytes at data offset 945152) extends"},
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
    const auto row = [](const char* name, const std::vector<std::uint8_t>& b, const char* message) {
        QTest::newRow(name) << QByteArray(reinterpret_cast<const char*>(b.data()), static_cast<qsizetype>(b.size()))
                            << QString::fromUtf8(message);
    };
    auto bad_magic = header(0, 0);
    bad_magic[0] = 'X';
    row("bad magic", bad_magic, "offset 0: bad magic: not a GGUF file");
    auto v1 = header(0, 0);
    v1[4] = 1;
    row("version 1", v1, "offset 4: unsupported GGUF version 1");

    // Counts: over the limit, or more than the bytes left could hold.
    row("huge tensor count", header(std::uint64_t{1} << 60, 0),
        "offset 8: tensor count 1152921504606846976 is over the limit of 65536");
    row("tensor count past the file", header(100, 0),
        "offset 8: tensor count 100 exceeds the file (0 bytes left, 32 bytes or more each)");
    row("huge kv count", header(0, 1000000), "offset 16: key/value count 1000000 is over the limit of 65536");
    row("kv count past the file", header(0, 1000),
        "offset 16: key/value count 1000 exceeds the file (0 bytes left, 13 bytes or more each)");

    // Strings: the key limit of the GGUF specification, the string limit, the file size.
    auto long_key = header(0, 1);
    put<std::uint64_t>(long_key, std::uint64_t{1} << 40);
    put<std::uint64_t>(long_key, 0);
    row("huge key", long_key, "offset 24: key length 1099511627776 is over the limit of 65535 bytes");
    auto key_past = header(0, 1);
    put<std::uint64_t>(key_past, 1000);
    put<std::uint64_t>(key_past, 0);
    row("key past the file", key_past, "offset 24: key length 1000 exceeds the 8 bytes left in the file");
    auto huge_str = one_kv("s", 8);
    put<std::uint64_t>(huge_str, std::uint64_t{1} << 31);
    row("huge string", huge_str,
        "offset 37: string length 2147483648 is over the limit of 1073741824 bytes (value of key 's')");
    auto str_past = one_kv("s", 8);
    put<std::uint64_t>(str_past, 9);
    put<std::uint32_t>(str_past, 0);
    row("string past the file", str_past,
        "offset 37: string length 9 exceeds the 4 bytes left in the file (value of key 's')");

    // Arrays: length limit, total bytes against the file, nesting depth, element values.
    auto huge_arr = one_kv("a", 9);
    put<std::uint32_t>(huge_arr, 6);
    put<std::uint64_t>(huge_arr, std::uint64_t{1} << 50);
    row("huge array", huge_arr,
        "offset 37: array of 1125899906842624 elements is over the limit of 1073741824 (value of key 'a')");
    auto arr_past = one_kv("a", 9);
    put<std::uint32_t>(arr_past, 6);
    put<std::uint64_t>(arr_past, 1000);
    put<float>(arr_past, 1.0f);
    row("array past the file", arr_past,
        "offset 37: array of 1000 f32 elements does not fit in the 4 bytes left (value of key 'a')");
    auto strings_past = one_kv("a", 9);
    put<std::uint32_t>(strings_past, 8);
    put<std::uint64_t>(strings_past, 3);
    put_string(strings_past, "xy");
    put<std::uint64_t>(strings_past, std::uint64_t{1} << 33);
    put<std::uint64_t>(strings_past, 0);
    row("array string over the limit", strings_past,
        "offset 59: string length 8589934592 is over the limit of 1073741824 bytes (value of key 'a')");
    auto deep = one_kv("d", 9);
    for (int i = 0; i < 9; ++i) {
        put<std::uint32_t>(deep, 9);
        put<std::uint64_t>(deep, 1);
    }
    put<std::uint32_t>(deep, 0);
    put<std::uint64_t>(deep, 0);
    row("arrays too deep", deep, "offset 133: arrays nested deeper than the limit of 8 (value of key 'd')");
    auto bad_bool = one_kv("b", 9);
    put<std::uint32_t>(bad_bool, 7);
    put<std::uint64_t>(bad_bool, 3);
    for (std::uint8_t v : {1, 0, 7}) put<std::uint8_t>(bad_bool, v);
    row("bool array", bad_bool, "offset 51: bool value 7 is neither 0 nor 1 (value of key 'b')");
    auto dup = header(0, 2);
    for (int i = 0; i < 2; ++i) {
        put_string(dup, "k");
        put<std::uint32_t>(dup, 0);
        put<std::uint8_t>(dup, 1);
    }
    row("duplicate key", dup, "offset 38: duplicate key 'k'");

    // Names from the file are shown through printable(): one line, escapes spelled out.
    auto bad_type = one_kv("k\n\x1b[2J", 99);
    row("bad value type", bad_type, "offset 24: key 'k\\n\\x1b[2J' has unknown value type 99");
    auto binary_key = one_kv(std::string(300, '\xff'), 99);
    row("binary key", binary_key,
        ("offset 24: key '" + [] { std::string e; for (int i = 0; i < 50; ++i) e += "\\xff"; return e; }() +
         "... (300 bytes)' has unknown value type 99").c_str());

    // general.alignment: a power of two within the limit.
    auto align3 = one_kv("general.alignment", 4);
    put<std::uint32_t>(align3, 48);
    row("alignment not a power of two", align3, "general.alignment 48 is not a power of two");
    auto align_huge = one_kv("general.alignment", 10);
    put<std::uint64_t>(align_huge, std::uint64_t{1} << 62);
    row("alignment over the limit", align_huge,
        "general.alignment 4611686018427387904 is over the limit of 1073741824");
    auto align_top = one_kv("general.alignment", 10);
    put<std::uint64_t>(align_top, std::uint64_t{1} << 63);
    row("alignment 2^63", align_top, "general.alignment 9223372036854775808 is over the limit of 1073741824");
    auto align_text = one_kv("general.alignment", 8);
    put_string(align_text, "32");
    row("alignment as text", align_text, "general.alignment must be an integer, found a string");

    // Tensor infos.
    const auto tensor_row = [&](const char* name, const std::string& tname, std::vector<std::uint64_t> ne,
                                std::uint32_t type, std::uint64_t offset, const char* message) {
        auto b = header(1, 0);
        put_string(b, tname);
        put<std::uint32_t>(b, static_cast<std::uint32_t>(ne.size()));
        for (auto n : ne) put<std::uint64_t>(b, n);
        put<std::uint32_t>(b, type);
        put<std::uint64_t>(b, offset);
        row(name, b, message);
    };
    // q4_0: 33 is not a multiple of 32.
    tensor_row("bad tensor shape", "w", {33, 2}, 2, 0, "offset 24: tensor 'w': ne[0] = 33 is not a multiple of the q4_0 block size");
    tensor_row("unknown tensor type", "w", {8}, 4, 0, "offset 24: tensor 'w' has unknown type 4"); // removed q4_2
    tensor_row("five dimensions", "w", {1, 1, 1, 1, 1}, 0, 0, "offset 24: tensor 'w' has 5 dimensions, over the limit of 4");
    tensor_row("zero extent", "w", {8, 0}, 0, 0, "offset 24: tensor 'w' has extent 0 in dimension 1 (1 to 9223372036854775807)");
    tensor_row("extent past int64", "w", {std::uint64_t{1} << 63}, 0, 0,
               "offset 24: tensor 'w' has extent 9223372036854775808 in dimension 0");
    tensor_row("element count overflow", "w", {std::uint64_t{1} << 32, std::uint64_t{1} << 32}, 0, 0,
               "offset 24: tensor 'w': shape [4294967296, 4294967296, 1, 1] overflows the element count");
    tensor_row("long name", std::string(64, 'n'), {8}, 0, 0,
               ("offset 24: tensor '" + std::string(64, 'n') + "' has a name of 64 bytes, over the limit of 63").c_str());
    tensor_row("unaligned offset", "w", {8}, 0, 4, "offset 24: tensor 'w' offset 4 is not aligned to 32");
    tensor_row("data past the file", "w\t", {8}, 0, (std::uint64_t{1} << 63),
               "offset 64: data of tensor 'w\\t' (32 bytes at data offset 9223372036854775808) extends past the end of the file (58 bytes)");
    tensor_row("data offset overflow", "w", {8}, 0, ~std::uint64_t{31},
               "offset 64: data of tensor 'w' (32 bytes at data offset 18446744073709551584) extends past the end of the file (57 bytes)");
    auto dup_tensor = header(2, 0);
    for (int i = 0; i < 2; ++i) {
        put_string(dup_tensor, "w");
        put<std::uint32_t>(dup_tensor, 1);
        put<std::uint64_t>(dup_tensor, 8);
        put<std::uint32_t>(dup_tensor, 0);
        put<std::uint64_t>(dup_tensor, 0);
    }
    row("duplicate tensor", dup_tensor, "offset 57: duplicate tensor 'w'");
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
