// The test models (tests/support/model_zoo.h): written as tests/data/llama_cpp/zoo_models.tsv
// records them (checksums, sizes), read back by Planscope's GGUF reader as written, the
// shape-only ones sparse; the writer's value types, alignment, half floats and errors; the
// committed llama.cpp reference rows and graph dumps consistent with the zoo.
#include "model_zoo.h"
#include "models/gguf.h"

#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

#include <cinttypes>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>

using namespace planscope;
using namespace planscope::test_models;

namespace {

using fields = std::map<std::string, std::string>;

std::filesystem::path reference_dir() { return std::filesystem::path(PLANSCOPE_SOURCE_DIR) / "tests/data/llama_cpp"; }

// One map of key=value fields per line of a reference TSV.
std::vector<fields> read_rows(const std::filesystem::path& file) {
    std::vector<fields> rows;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
        fields f;
        std::istringstream cells(line);
        for (std::string cell; std::getline(cells, cell, '\t');)
            if (const auto eq = cell.find('='); eq != std::string::npos) f[cell.substr(0, eq)] = cell.substr(eq + 1);
        rows.push_back(std::move(f));
    }
    return rows;
}

std::string hex(std::uint64_t v) {
    char b[17];
    std::snprintf(b, sizeof b, "%016" PRIx64, v);
    return b;
}

struct written {
    zoo_model model;
    written_gguf file;
};

} // namespace

class TestModelZoo : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void checksums_data();
    void checksums();
    void readBack_data();
    void readBack();
    void shapeOnlyIsSparse();
    void deterministic();
    void referenceRows();
    void graphDumps();
    void valueTypes();
    void alignment();
    void halfFloats_data();
    void halfFloats();
    void badTensors_data();
    void badTensors();
    void unwritable();

private:
    QTemporaryDir m_dir;
    std::map<std::string, written> m_zoo;
    std::filesystem::path dir() const { return m_dir.path().toStdString(); }
};

void TestModelZoo::initTestCase() {
    QVERIFY(m_dir.isValid());
    for (const auto& name : zoo_names()) {
        auto m = zoo_model_named(name);
        QVERIFY(m);
        auto w = write_zoo_model(*m, dir());
        QVERIFY2(w, w ? "" : w.err().message.c_str());
        m_zoo.emplace(name, written{std::move(*m), *w});
    }
    QCOMPARE(m_zoo.size(), std::size_t{46}); // 19 tiny, 5 shape-only, 22 variants
}

void TestModelZoo::checksums_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("fnv");
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<qint64>("dataOffset");
    QTest::addColumn<qint64>("tensors");
    for (const auto& r : read_rows(reference_dir() / "zoo_models.tsv")) {
        const std::string name = r.at("model").substr(0, r.at("model").size() - 5);
        QTest::newRow(name.c_str()) << QString::fromStdString(name) << QString::fromStdString(r.at("fnv1a64"))
                                    << qint64(std::stoll(r.at("file_bytes"))) << qint64(std::stoll(r.at("data_offset")))
                                    << qint64(std::stoll(r.at("tensors")));
    }
}

// What the zoo writes today is what llama.cpp was run on (zoo_models.tsv): a change to a model
// or to the writer shows here, and then needs make_reference.sh run again.
void TestModelZoo::checksums() {
    QFETCH(QString, name);
    QFETCH(QString, fnv);
    QFETCH(qint64, bytes);
    QFETCH(qint64, dataOffset);
    QFETCH(qint64, tensors);
    const auto it = m_zoo.find(name.toStdString());
    QVERIFY(it != m_zoo.end());
    QCOMPARE(QString::fromStdString(hex(it->second.file.fnv1a64)), fnv);
    QCOMPARE(qint64(it->second.file.file_bytes), bytes);
    QCOMPARE(qint64(it->second.file.data_offset), dataOffset);
    QCOMPARE(qint64(it->second.model.doc.tensors.size()), tensors);
}

void TestModelZoo::readBack_data() {
    QTest::addColumn<QString>("name");
    for (const auto& n : zoo_names()) QTest::newRow(n.c_str()) << QString::fromStdString(n);
}

// Planscope's reader sees every key and tensor as written, and the checksum is of the file's bytes.
void TestModelZoo::readBack() {
    QFETCH(QString, name);
    const written& w = m_zoo.at(name.toStdString());
    const auto path = dir() / (w.model.name + ".gguf");
    auto f = open_gguf(path);
    QVERIFY2(f, f ? "" : f.err().message.c_str());
    QCOMPARE(f->version, 3u);
    QCOMPARE(f->get_string("general.architecture").value_or(""), w.model.arch);
    QCOMPARE(f->kv.size(), w.model.doc.kv.size());
    QCOMPARE(f->data_offset, std::size_t(w.file.data_offset));
    QCOMPARE(f->alignment, std::size_t(w.model.doc.alignment));
    QCOMPARE(std::filesystem::file_size(path), std::uintmax_t(w.file.file_bytes));
    const auto* tokens = f->find("tokenizer.ggml.tokens");
    if (!zoo_is_variant(name.toStdString())) { // variants have other vocabularies, or none
        QVERIFY(tokens && tokens->as_array());
        QCOMPARE(tokens->as_array()->string_at(3).value_or(""), std::string_view("<|endoftext|>"));
    }
    QCOMPARE(f->tensors.size(), w.model.doc.tensors.size());
    for (std::size_t i = 0; i < f->tensors.size(); ++i) {
        const auto& got = f->tensors[i];
        const auto& want = w.model.doc.tensors[i];
        QCOMPARE(got.name, want.name);
        QCOMPARE(got.type, want.type);
        QCOMPARE(got.n_dims, std::uint32_t(want.ne.size()));
        for (std::size_t d = 0; d < 4; ++d) QCOMPARE(got.ne[d], d < want.ne.size() ? want.ne[d] : 1);
        QCOMPARE(std::uint64_t(got.size), *tensor_bytes(want.type, want.ne));
    }
    const auto bytes = f->mapping->bytes();
    const std::size_t summed = w.model.doc.shape_only ? f->data_offset : bytes.size();
    QCOMPARE(fnv1a64({reinterpret_cast<const char*>(bytes.data()), summed}), w.file.fnv1a64);
    if (!w.model.doc.shape_only) QVERIFY2(w.file.file_bytes < 1000000, "a tiny model is under 1 MB");
}

// The real sizes (up to 40 GB) take only their metadata on disk.
void TestModelZoo::shapeOnlyIsSparse() {
    int shape_only = 0;
    for (const auto& [name, w] : m_zoo) {
        if (!w.model.doc.shape_only) continue;
        ++shape_only;
        struct stat st {};
        QCOMPARE(::stat((dir() / (name + ".gguf")).c_str(), &st), 0);
        QVERIFY2(std::uint64_t(st.st_blocks) * 512 < w.file.data_offset + (1u << 20), name.c_str());
        QVERIFY(w.file.file_bytes > std::uint64_t{3} << 30); // the smallest, llama2-7b in q4_0, is 3.5 GiB
    }
    QCOMPARE(shape_only, 5);
}

void TestModelZoo::deterministic() {
    std::filesystem::create_directory(dir() / "again");
    const auto again = write_zoo_model(*zoo_model_named("qwen2"), dir() / "again");
    QVERIFY(again);
    QCOMPARE(again->fnv1a64, m_zoo.at("qwen2").file.fnv1a64);
}

// Every model has its llama.cpp rows (4 configurations of a tiny one or a variant, 2 of a real
// size), made from the file the zoo writes today; so are the rows of other configurations.
void TestModelZoo::referenceRows() {
    std::map<std::string, int> rows;
    for (const auto& r : read_rows(reference_dir() / "zoo_configs.tsv")) {
        const std::string name = r.at("model").substr(0, r.at("model").size() - 5);
        const auto it = m_zoo.find(name);
        QVERIFY2(it != m_zoo.end(), name.c_str());
        QCOMPARE(r.at("fnv1a64"), hex(it->second.file.fnv1a64));
        QCOMPARE(r.count("tokens"), std::size_t{0});
    }
    for (const char* file : {"zoo_tiny.tsv", "zoo_real.tsv", "zoo_variants.tsv"}) {
        for (const auto& r : read_rows(reference_dir() / file)) {
            const std::string name = r.at("model").substr(0, r.at("model").size() - 5);
            const auto it = m_zoo.find(name);
            QVERIFY2(it != m_zoo.end(), name.c_str());
            QCOMPARE(r.at("fnv1a64"), hex(it->second.file.fnv1a64));
            QVERIFY(std::stoi(r.at("nodes_pp")) > 0);
            QCOMPARE(r.count("tokens"), std::size_t(r.at("kv") == "f32" && r.at("flash_attn") == "off" ? 1 : 0));
            ++rows[name];
        }
    }
    for (const auto& [name, w] : m_zoo) QCOMPARE(rows[name], w.model.doc.shape_only ? 2 : 4);
}

// The graph dumps have as many nodes as llama.cpp reported for the same configuration, and every
// source names a leaf or an earlier node.
void TestModelZoo::graphDumps() {
    std::vector<fields> rows = read_rows(reference_dir() / "zoo_tiny.tsv");
    for (auto& r : read_rows(reference_dir() / "zoo_variants.tsv")) rows.push_back(std::move(r));
    for (const auto& r : rows) {
        if (r.at("kv") != "f16") continue;
        const std::string name = r.at("model").substr(0, r.at("model").size() - 5);
        std::ifstream in(reference_dir() / "graphs" / (name + ".fa-" + r.at("flash_attn") + ".tsv"));
        QVERIFY2(in, name.c_str());
        int nodes = 0, leafs = 0;
        for (std::string line; std::getline(in, line);) {
            if (line.starts_with('#')) continue;
            std::vector<std::string> c;
            std::istringstream cells(line);
            for (std::string cell; std::getline(cells, cell, '\t');) c.push_back(cell);
            QCOMPARE(c.size(), std::size_t{12});
            const bool node = c[0] == "node";
            QCOMPARE(std::stoi(c[1]), node ? nodes : leafs);
            std::istringstream srcs(c[9]);
            for (std::string s; std::getline(srcs, s, ',');) {
                if (s == "-") continue;
                QVERIFY2(s[0] == 'l' ? std::stoi(s.substr(1)) < 100000 : s[0] == 'n' && std::stoi(s.substr(1)) < nodes, line.c_str());
            }
            ++(node ? nodes : leafs);
        }
        QCOMPARE(nodes, std::stoi(r.at("nodes_pp")));
        QVERIFY(leafs > 0);
    }
}

void TestModelZoo::valueTypes() {
    gguf_document doc;
    doc.kv = {kv_u8("u8", 200), kv_i8("i8", -100), kv_u16("u16", 60000), kv_i16("i16", -30000), kv_u32("u32", 4000000000u),
              kv_i32("i32", -2000000000), kv_u64("u64", 1ULL << 40), kv_i64("i64", -(1LL << 40)), kv_f32("f32", 0.5f),
              kv_f64("f64", 0.25), kv_bool("bool", true), kv_string("string", "héllo"),
              kv_strings("strings", {"a", "", "ccc"}), kv_i32s("i32s", {-1, 2}), kv_u32s("u32s", {7}),
              kv_f32s("f32s", {1.5f, -2.0f}), kv_bools("bools", {true, false, true})};
    doc.tensors.push_back({"given", dtype::i32, {2}, {tensor_fill::kind::bytes, 0, 0, {1, 0, 0, 0, 2, 0, 0, 0}}});
    doc.tensors.push_back({"half", dtype::f16, {3, 2}, {tensor_fill::kind::uniform, 1.0f, 0.5f, {}}});
    const auto w = write_gguf(dir() / "types.gguf", doc);
    QVERIFY2(w, w ? "" : w.err().message.c_str());
    auto f = open_gguf(dir() / "types.gguf");
    QVERIFY2(f, f ? "" : f.err().message.c_str());
    QCOMPARE(f->get_int("u8").value_or(0), 200);
    QCOMPARE(f->get_int("i8").value_or(0), -100);
    QCOMPARE(f->get_int("u16").value_or(0), 60000);
    QCOMPARE(f->get_int("i16").value_or(0), -30000);
    QCOMPARE(f->get_int("u32").value_or(0), 4000000000LL);
    QCOMPARE(f->get_int("i32").value_or(0), -2000000000LL);
    QCOMPARE(f->get_int("u64").value_or(0), 1LL << 40);
    QCOMPARE(f->get_int("i64").value_or(0), -(1LL << 40));
    QCOMPARE(f->get_float("f32").value_or(0), 0.5);
    QCOMPARE(f->get_float("f64").value_or(0), 0.25);
    QCOMPARE(f->find("bool")->type, gguf_type::boolean);
    QCOMPARE(f->get_string("string").value_or(""), std::string("héllo"));
    const auto* strings = f->find("strings")->as_array();
    QCOMPARE(strings->size(), std::size_t{3});
    QCOMPARE(strings->string_at(1).value_or("x"), std::string_view());
    QCOMPARE(strings->string_at(2).value_or(""), std::string_view("ccc"));
    QCOMPARE(f->find("i32s")->as_array()->at(0)->as_int().value_or(0), -1);
    QCOMPARE(f->find("u32s")->as_array()->element_type(), gguf_type::u32);
    QCOMPARE(f->find("f32s")->as_array()->at(1)->as_float().value_or(0), -2.0);
    QCOMPARE(f->find("bools")->as_array()->size(), std::size_t{3});
    const auto given = f->tensor_data(f->tensors[0]);
    QCOMPARE(int(given[4]), 2);
    const auto half = f->tensor_data(f->tensors[1]);
    QCOMPARE(half.size(), std::size_t{12});
    for (std::size_t i = 0; i < 6; ++i) {
        const std::uint16_t h = std::uint16_t(half[2 * i] | half[2 * i + 1] << 8);
        QVERIFY2(h >= 0x3800 && h <= 0x3e00, "in [0.5, 1.5]"); // half 0.5 and 1.5
    }
}

void TestModelZoo::alignment() {
    gguf_document doc;
    doc.alignment = 64;
    doc.kv.push_back(kv_u32("general.alignment", 64));
    doc.tensors.push_back({"a", dtype::f32, {3}, {}});
    doc.tensors.push_back({"b", dtype::f32, {5}, {}});
    const auto w = write_gguf(dir() / "aligned.gguf", doc);
    QVERIFY(w);
    QCOMPARE(w->data_offset % 64, std::uint64_t{0});
    QCOMPARE(w->file_bytes, w->data_offset + 128);
    auto f = open_gguf(dir() / "aligned.gguf");
    QVERIFY2(f, f ? "" : f.err().message.c_str());
    QCOMPARE(f->tensors[1].offset, std::uint64_t{64});
}

void TestModelZoo::halfFloats_data() {
    QTest::addColumn<float>("value");
    QTest::addColumn<int>("bits");
    QTest::newRow("one") << 1.0f << 0x3c00;
    QTest::newRow("minus two") << -2.0f << 0xc000;
    QTest::newRow("minus zero") << -0.0f << 0x8000;
    QTest::newRow("max") << 65504.0f << 0x7bff;
    QTest::newRow("past max") << 65520.0f << 0x7c00;
    QTest::newRow("tie to even down") << 1.0f + 0x1p-11f << 0x3c00;
    QTest::newRow("tie to even up") << 1.0f + 0x3p-11f << 0x3c02;
    QTest::newRow("smallest normal") << 0x1p-14f << 0x0400;
    QTest::newRow("largest subnormal") << 0x3ffp-24f << 0x03ff;
    QTest::newRow("smallest subnormal") << 0x1p-24f << 0x0001;
    QTest::newRow("half of smallest, to even") << 0x1p-25f << 0x0000;
    QTest::newRow("above half of smallest") << 0x1.8p-25f << 0x0001;
    QTest::newRow("subnormal tie to even up") << 0x3p-25f << 0x0002;
    QTest::newRow("infinity") << std::numeric_limits<float>::infinity() << 0x7c00;
}

void TestModelZoo::halfFloats() {
    QFETCH(float, value);
    QFETCH(int, bits);
    QCOMPARE(int(f32_to_f16(value)), bits);
}

void TestModelZoo::badTensors_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<int>("ne0");
    QTest::addColumn<int>("fillBytes");
    QTest::addColumn<QString>("message");
    QTest::newRow("q4_0 row of 20") << int(dtype::q4_0) << 20 << -1 << "bad: ne0 20 is not a positive multiple of 32";
    QTest::newRow("random q5_0") << int(dtype::q5_0) << 32 << -1 << "bad: random data is made for f32, f16, q8_0 and q4_0 only, not q5_0";
    QTest::newRow("given too few") << int(dtype::f32) << 4 << 8 << "bad: 8 bytes given for a tensor of 16";
    QTest::newRow("zero wide") << int(dtype::f32) << 0 << -1 << "bad: ne0 0 is not a positive multiple of 1";
}

void TestModelZoo::badTensors() {
    QFETCH(int, type);
    QFETCH(int, ne0);
    QFETCH(int, fillBytes);
    QFETCH(QString, message);
    gguf_document doc;
    tensor_fill fill;
    if (fillBytes >= 0) fill = {tensor_fill::kind::bytes, 0, 0, std::vector<std::uint8_t>(std::size_t(fillBytes))};
    doc.tensors.push_back({"bad", dtype(type), {ne0}, fill});
    const auto w = write_gguf(dir() / "bad.gguf", doc);
    QVERIFY(!w);
    QVERIFY2(w.err().message.ends_with(message.toStdString()), w.err().message.c_str());
    QVERIFY(!std::filesystem::exists(dir() / "bad.gguf"));
}

void TestModelZoo::unwritable() {
    const auto w = write_gguf(dir() / "no-such-dir" / "x.gguf", gguf_document{});
    QVERIFY(!w);
    QVERIFY2(w.err().message.find("cannot create") != std::string::npos, w.err().message.c_str());
}

QTEST_APPLESS_MAIN(TestModelZoo)
#include "test_model_zoo.moc"
