// JSON graph format v1: exact round trips, every load error with its JSON path, files, and the
// JSON Schema in docs/ kept in step with the loader.
#include "alloc/plan_listing.h"
#include "core/builder.h"
#include "graph_json_error_cases.h"
#include "graph_json_support.h"
#include "io/graph_json.h"
#include "source/graph_source.h"
#include "io/json_writer.h"
#include "models/templates.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

using namespace planscope;
using ojson = nlohmann::ordered_json;

namespace {

const std::filesystem::path source_dir = PLANSCOPE_SOURCE_DIR;
const std::filesystem::path graphs_dir = source_dir / "tests/data/graphs";

std::string read_text(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Keys of `inst` that the schema does not know, following properties, items and $ref.
void unknown_keys(const ojson& root, const ojson& schema, const ojson& inst, const std::string& path,
                  QStringList& out) {
    const ojson* s = &schema;
    if (s->contains("$ref")) {
        const auto ref = (*s)["$ref"].get<std::string>();
        s = &root["$defs"][ref.substr(std::string("#/$defs/").size())];
    }
    if (inst.is_object() && s->contains("properties")) {
        for (const auto& [key, value] : inst.items()) {
            if (!(*s)["properties"].contains(key))
                out << QString::fromStdString(path + "/" + key);
            else
                unknown_keys(root, (*s)["properties"][key], value, path + "/" + key, out);
        }
    }
    if (inst.is_array() && s->contains("items"))
        for (std::size_t i = 0; i < inst.size(); ++i)
            unknown_keys(root, (*s)["items"], inst[i], path + "/" + std::to_string(i), out);
}

ojson load_schema() {
    return ojson::parse(read_text(source_dir / "docs/graph-format.schema.json"));
}

// The first ```json block of docs/graph-format.md.
std::string doc_example() {
    const std::string md = read_text(source_dir / "docs/graph-format.md");
    const auto start = md.find("```json\n");
    if (start == std::string::npos) return {};
    const auto end = md.find("```", start + 8);
    return md.substr(start + 8, end - start - 8);
}

} // namespace

class TestGraphJson : public QObject {
    Q_OBJECT
private slots:
    void roundTripTemplate();
    void roundTripFeatures();
    void roundTripFixtures();
    void roundTripComputeInputs();
    void attentionFixtureIsTheTemplate();
    void loadsSmallFixture();
    void sourcesMayFollowUsers();
    void shortForms();
    void deepChain();
    void errors_data();
    void errors();
    void malformed_data();
    void malformed();
    void files();
    void schemaIsValidJson();
    void schemaMatchesEngine();
    void schemaKnowsEveryKey();
    void docExampleIsTheSmallFixture();
    void writerEscapes_data();
    void writerEscapes();
    void writerStructure();
};

void TestGraphJson::roundTripTemplate() {
    auto doc = make_template("attention");
    QVERIFY(doc.ok());
    check_round_trip(*doc);
}

void TestGraphJson::roundTripFeatures() {
    const graph_document doc = feature_graph();
    const std::string text = save_graph_json(doc);
    QVERIFY(text.find("\"op_params\"") != std::string::npos); // the raw-words fallback is in use
    QVERIFY(text.find("\"inf\"") != std::string::npos);
    QVERIFY(text.find("\"buffer\": 3") != std::string::npos); // ambiguous name written as an index
    check_round_trip(doc);
}

void TestGraphJson::roundTripFixtures() {
    for (const auto& entry : std::filesystem::directory_iterator(graphs_dir)) {
        if (entry.path().extension() != ".json") continue;
        auto doc = load_graph_json_file(entry.path());
        QVERIFY2(doc.ok(), doc.ok() ? "" : doc.err().message.c_str());
        check_round_trip(*doc);
    }
}

// The llama template's worst case allocates six inputs before the graph; a saved copy lists them.
void TestGraphJson::roundTripComputeInputs() {
    auto src = open_source("template:llama?n_layer=1&n_ctx=64&worst_case=yes", {});
    QVERIFY2(src.ok(), src.ok() ? "" : src.err().message.c_str());
    QCOMPARE(src->doc.compute_inputs.size(), std::size_t{6});
    QCOMPARE(src->doc.compute_inputs, src->preallocate);
    QCOMPARE(src->doc.ctx[src->doc.compute_inputs.back()].name, std::string("K_shift"));
    check_round_trip(src->doc);
}

// tests/data/graphs/attention.json is the saved template; PLANSCOPE_REGENERATE=1 rewrites it.
void TestGraphJson::attentionFixtureIsTheTemplate() {
    auto doc = make_template("attention");
    QVERIFY(doc.ok());
    const auto file = graphs_dir / "attention.json";
    if (qEnvironmentVariableIsSet("PLANSCOPE_REGENERATE")) QVERIFY(save_graph_json_file(*doc, file).ok());
    auto loaded = load_graph_json_file(file);
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.err().message.c_str());
    QCOMPARE(QString::fromStdString(document_diff(*doc, *loaded)), QString());
    QCOMPARE(QString::fromStdString(read_text(file)), QString::fromStdString(save_graph_json(*doc)));
}

void TestGraphJson::loadsSmallFixture() {
    auto doc = load_graph_json_file(graphs_dir / "small.json");
    QVERIFY2(doc.ok(), doc.ok() ? "" : doc.err().message.c_str());
    const graph_document& d = *doc;
    QCOMPARE(d.name, std::string("small"));
    QCOMPARE(d.ctx.size(), std::size_t{10});
    QCOMPARE(d.g.nodes.size(), std::size_t{7});
    QCOMPARE(d.g.leafs.size(), std::size_t{3});
    QCOMPARE(d.ctx[tensor_id{3}].params.get_f32(0), 1e-5f);
    QCOMPARE(d.ctx[tensor_id{9}].params.get_i32(0), static_cast<std::int32_t>(unary_kind::silu));
    QCOMPARE(d.ctx[tensor_id{8}].params.get_u64(0), std::uint64_t{32});
    QVERIFY(d.ctx[tensor_id{2}].where == (placement{buffer_id{0}, 256}));
    QCOMPARE(d.parse_seq, (std::vector<int>{0, 1, -1, 2, 3, 4, -1, 5, 6}));
    QCOMPARE(d.backend_of.size(), std::size_t{2});
    QCOMPARE(d.backend_of.at(tensor_id{9}), std::string("CPU"));

    // The file's node order is kept, and equals what ggml builds for the same tensors.
    context ctx2;
    for (std::size_t i = 0; i < d.ctx.size(); ++i) ctx2.add(d.ctx[tensor_id{i}]);
    graph g;
    QVERIFY(build_forward_expand(ctx2, g, tensor_id{9}).ok());
    QVERIFY(g.nodes == d.g.nodes);
    QVERIFY(g.leafs == d.g.leafs);
}

// Tensors need not be in creation order: validation follows ids, not positions.
void TestGraphJson::sourcesMayFollowUsers() {
    auto r = load_graph_json(R"({"format": "planscope-graph", "version": 1, "tensors": [
        {"id": 0, "name": "y", "type": "f32", "ne": [2, 3], "op": "MUL_MAT", "src": [2, 1]},
        {"id": 1, "name": "x", "type": "f32", "ne": [4, 3]},
        {"id": 2, "name": "w", "type": "f32", "ne": [4, 2]}],
        "nodes": [0], "leafs": [2, 1]})");
    QVERIFY2(r.ok(), r.ok() ? "" : r.err().message.c_str());
    check_round_trip(*r);
}

// What a hand-written file may shorten: trailing ones of ne, case of type and op names, empty
// trailing src slots, buffer defaults, a missing name; saving writes the canonical form.
void TestGraphJson::shortForms() {
    auto r = load_graph_json(R"({"format": "planscope-graph", "version": 1,
        "buffers": [{"name": "", "backend": "CPU"}],
        "tensors": [
        {"id": 0, "type": "Q4_k", "ne": [256, 2], "buffer": 0, "offset": 128},
        {"id": 1, "type": "F32", "ne": [256]},
        {"id": 2, "type": "f32", "ne": [2], "op": "mul_mat", "src": [0, 1, null]}],
        "nodes": [2], "leafs": [0, 1]})");
    QVERIFY2(r.ok(), r.ok() ? "" : r.err().message.c_str());
    const graph_document& d = *r;
    QCOMPARE(d.buffers[0].alignment, std::size_t{64});
    QCOMPARE(d.buffers[0].size, std::size_t{0});
    QVERIFY(d.ctx[tensor_id{0}].type == dtype::q4_k);
    QVERIFY(d.ctx[tensor_id{0}].ne == (std::array<std::int64_t, 4>{256, 2, 1, 1}));
    QVERIFY(d.ctx[tensor_id{2}].op == op_kind::mul_mat);
    QCOMPARE(d.ctx[tensor_id{2}].n_src(), 2);
    const std::string text = save_graph_json(d);
    QVERIFY(text.find(R"("type": "q4_K", "ne": [256, 2, 1, 1], "buffer": 0, "offset": 128)") != std::string::npos);
    QVERIFY(text.find(R"("op": "MUL_MAT", "src": [0, 1]})") != std::string::npos);
    check_round_trip(d);
}

// 50,000 ops in a chain: nothing in loading recurses per tensor.
void TestGraphJson::deepChain() {
    graph_document doc;
    builder b(doc.ctx);
    auto t = b.new_tensor_1d(dtype::f32, 4);
    for (int i = 0; i < 50000; ++i) t = b.sqr(t);
    QVERIFY(build_forward_expand(doc.ctx, doc.g, t).ok());
    auto back = load_graph_json(save_graph_json(doc));
    QVERIFY2(back.ok(), back.ok() ? "" : back.err().message.c_str());
    QCOMPARE(QString::fromStdString(document_diff(doc, *back)), QString());
}

void TestGraphJson::errors_data() {
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("message");
    for (int i = 0; i < graph_json_error_case_count; ++i) {
        const auto& c = graph_json_error_cases[i];
        QTest::newRow(c.name) << QString::fromUtf8(c.patch) << QString::fromUtf8(c.message);
    }
}

void TestGraphJson::errors() {
    QFETCH(QString, patch);
    QFETCH(QString, message);
    const ojson base = ojson::parse(read_text(graphs_dir / "small.json"));
    const ojson patched = base.patch(ojson::parse(patch.toStdString()));
    auto r = load_graph_json(patched.dump(1));
    QVERIFY2(!r.ok(), "the patched graph loaded");
    QCOMPARE(QString::fromStdString(r.err().message), message);
}

void TestGraphJson::malformed_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << ""
                           << "line 1, column 1 (byte 0): syntax error while parsing value - unexpected end of input; "
                              "expected '[', '{', or a literal";
    QTest::newRow("truncated")
        << "{\"format\": \"planscope-graph\",\n \"version\": 1,\n \"tensors\": ["
        << "line 3, column 14 (byte 58): syntax error while parsing value - unexpected end of input; "
           "expected '[', '{', or a literal";
    QTest::newRow("trailing comma")
        << "{\"format\": 1,}"
        << "line 1, column 14 (byte 13): syntax error while parsing object key - unexpected '}'; "
           "expected string literal";
    QTest::newRow("trailing text") << "{}\nx"
                                   << "line 2, column 1 (byte 3): syntax error while parsing value - invalid "
                                      "literal; last read: '{}<U+000A>x'; expected end of input";
    QTest::newRow("duplicate key") << "{\"tensors\": [{\"id\": 0, \"id\": 1}]}"
                                   << "/tensors/0/id: duplicate key";
    QTest::newRow("duplicate top key") << "{\"version\": 1, \"version\": 1}"
                                       << "/version: duplicate key";
}

void TestGraphJson::malformed() {
    QFETCH(QString, text);
    QFETCH(QString, message);
    auto r = load_graph_json(text.toStdString());
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.err().message), message);
    // Cut anywhere, a real file gives a position, never a crash.
    const std::string small = read_text(graphs_dir / "small.json");
    for (std::size_t cut = 0; cut < small.size(); cut += 97) {
        auto c = load_graph_json(small.substr(0, cut));
        QVERIFY(!c.ok());
        QVERIFY2(c.err().message.starts_with("line "), c.err().message.c_str());
    }
}

void TestGraphJson::files() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const std::filesystem::path dir = tmp.path().toStdString();

    auto missing = load_graph_json_file(dir / "nope.json");
    QVERIFY(!missing.ok());
    QCOMPARE(QString::fromStdString(missing.err().message),
             QString::fromStdString((dir / "nope.json").string() + ": cannot open: No such file or directory"));
    auto directory = load_graph_json_file(dir);
    QVERIFY(!directory.ok());
    QCOMPARE(QString::fromStdString(directory.err().message),
             QString::fromStdString(dir.string() + ": is a directory"));

    // Errors inside a file carry its name first.
    const auto bad = dir / "bad.json";
    std::ofstream(bad) << R"({"format": "planscope-graph", "version": 3})";
    auto r = load_graph_json_file(bad);
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.err().message),
             QString::fromStdString(bad.string() + ": /version: unsupported version 3 (this build reads version 1)"));

    // Saving replaces the file in one step and leaves no temporary behind.
    auto doc = make_template("attention");
    QVERIFY(doc.ok());
    const auto file = dir / "graph.json";
    std::ofstream(file) << "old";
    QVERIFY(save_graph_json_file(*doc, file).ok());
    QVERIFY(save_graph_json_file(*doc, file).ok());
    int entries = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++entries;
    QCOMPARE(entries, 2); // bad.json and graph.json
    auto back = load_graph_json_file(file);
    QVERIFY(back.ok());
    QCOMPARE(QString::fromStdString(document_diff(*doc, *back)), QString());

    const auto nowhere = dir / "no-such-dir" / "graph.json";
    auto s = save_graph_json_file(*doc, nowhere);
    QVERIFY(!s.ok());
    QVERIFY2(s.err().message.starts_with(nowhere.string() + ": cannot create "), s.err().message.c_str());
    QVERIFY2(s.err().message.ends_with(": No such file or directory"), s.err().message.c_str());
}

void TestGraphJson::schemaIsValidJson() {
    const ojson schema = load_schema();
    QCOMPARE(QString::fromStdString(schema["$schema"].get<std::string>()),
             QStringLiteral("https://json-schema.org/draft/2020-12/schema"));
    QVERIFY(schema["$defs"].contains("tensor"));
}

// The schema's lists of types, ops, unary ops and parameter names are the engine's.
void TestGraphJson::schemaMatchesEngine() {
    const ojson schema = load_schema();
    const ojson& defs = schema["$defs"];
    QStringList types, ops, unaries, params;
    for (const auto& t : all_types()) types << QString::fromUtf8(t.name.data(), static_cast<int>(t.name.size()));
    for (const auto& o : all_ops()) {
        ops << QString::fromUtf8(o.name.data(), static_cast<int>(o.name.size()));
        for (const auto& p : o.params)
            if (!params.contains(QString::fromUtf8(p.name.data(), static_cast<int>(p.name.size()))))
                params << QString::fromUtf8(p.name.data(), static_cast<int>(p.name.size()));
    }
    for (int u = 0; u < unary_kind_count; ++u)
        unaries << QString::fromUtf8(unary_name(static_cast<unary_kind>(u)).data());
    const auto list = [](const ojson& j) {
        QStringList out;
        for (const auto& e : j) out << QString::fromStdString(e.get<std::string>());
        return out;
    };
    QCOMPARE(list(defs["type_name"]["enum"]), types);
    QCOMPARE(list(defs["op_name"]["enum"]), ops);
    QCOMPARE(list(defs["params"]["properties"]["unary"]["enum"]), unaries);
    QStringList schema_params;
    for (const auto& [key, value] : defs["params"]["properties"].items()) schema_params << QString::fromStdString(key);
    params.sort();
    schema_params.sort();
    QCOMPARE(schema_params, params);
}

void TestGraphJson::schemaKnowsEveryKey() {
    const ojson schema = load_schema();
    std::vector<std::pair<std::string, std::string>> texts{{"docs example", doc_example()}};
    for (const auto& entry : std::filesystem::directory_iterator(graphs_dir))
        if (entry.path().extension() == ".json")
            texts.emplace_back(entry.path().filename().string(), read_text(entry.path()));
    texts.emplace_back("saved feature graph", save_graph_json(feature_graph()));
    for (const auto& [what, text] : texts) {
        QStringList unknown;
        unknown_keys(schema, schema, ojson::parse(text), "", unknown);
        QVERIFY2(unknown.isEmpty(), (what + ": " + unknown.join(", ").toStdString()).c_str());
    }
}

void TestGraphJson::docExampleIsTheSmallFixture() {
    const std::string example = doc_example();
    QVERIFY(!example.empty());
    auto doc = load_graph_json(example);
    QVERIFY2(doc.ok(), doc.ok() ? "" : doc.err().message.c_str());
    QVERIFY(ojson::parse(example) == ojson::parse(read_text(graphs_dir / "small.json")));
}

// The listings' streaming writer escapes strings as they did through nlohmann (dump with invalid
// UTF-8 replaced, then listing_json's DEL and C1 escapes): every row is also checked against that.
void TestGraphJson::writerEscapes_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("empty") << QByteArray("") << QByteArray(R"("")");
    QTest::newRow("ascii") << QByteArray("ffn_norm-0 (view) #1/2") << QByteArray(R"("ffn_norm-0 (view) #1/2")");
    QTest::newRow("quote, backslash") << QByteArray(R"(a"b\c)") << QByteArray(R"("a\"b\\c")");
    QTest::newRow("named C0") << QByteArray("\b\t\n\f\r") << QByteArray(R"("\b\t\n\f\r")");
    QTest::newRow("other C0") << QByteArray("\x00\x01\x1b[2J\x07\x1f", 8) << QByteArray(R"("\u0000\u0001\u001b[2J\u0007\u001f")");
    QTest::newRow("DEL") << QByteArray("del\x7f") << QByteArray(R"("del\u007f")");
    QTest::newRow("C1") << QByteArray("\xc2\x80" "c1\xc2\x9b\xc2\x9f") << QByteArray(R"("\u0080c1\u009b\u009f")");
    QTest::newRow("multi-byte kept") << QByteArray("\xc2\xa0\xc3\xa9\xe2\x82\xac\xed\x9f\xbf\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf")
                                     << QByteArray("\"\xc2\xa0\xc3\xa9\xe2\x82\xac\xed\x9f\xbf\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf\"");
    QTest::newRow("invalid bytes") << QByteArray("a\xff" "b\x80" "c\xc0\xaf" "d\xf5") << QByteArray("\"a\xef\xbf\xbd" "b\xef\xbf\xbd" "c\xef\xbf\xbd\xef\xbf\xbd" "d\xef\xbf\xbd\"");
    // The byte that breaks a sequence is read again on its own: the "A" survives, each stray
    // continuation byte is one more U+FFFD (overlong E0 80, surrogate ED A0, past U+10FFFF F4 90).
    QTest::newRow("broken sequence") << QByteArray("\xe2\x82" "A\xe0\x80\xed\xa0\x80\xf4\x90\x80\x80")
                                     << QByteArray("\"\xef\xbf\xbd" "A" "\xef\xbf\xbd\xef\xbf\xbd" "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
                                                   "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");
    QTest::newRow("truncated at end") << QByteArray("ok\xf0\x9f\x98") << QByteArray("\"ok\xef\xbf\xbd\"");
    QTest::newRow("truncated lead at end") << QByteArray("ok\xc3") << QByteArray("\"ok\xef\xbf\xbd\"");
}

void TestGraphJson::writerEscapes() {
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, expected);
    const std::string in(text.constData(), static_cast<std::size_t>(text.size()));
    std::string out;
    append_json_string(out, in);
    QCOMPARE(QByteArray::fromStdString(out), expected);
    QCOMPARE(QByteArray::fromStdString(out), QByteArray::fromStdString(listing_json(ojson(in))));
}

// Members, arrays, nesting and integers as json::dump() writes them without an indent.
void TestGraphJson::writerStructure() {
    std::string out;
    json_writer w(out);
    const std::array<std::int64_t, 4> ne{8, -1, 1, 1};
    w.begin_object().member("index", std::size_t{0}).member("name", "x").key("ne").array_of(ne).key("backend").null();
    w.key("empty").begin_array().end_array().key("placement").begin_object().member("offset", std::uint64_t{18446744073709551615u});
    w.end_object().key("rows").begin_array().begin_object().end_object().begin_object().member("split", -3).end_object();
    w.end_array().end_object();
    const ojson same{{"index", 0},       {"name", "x"}, {"ne", ne}, {"backend", nullptr}, {"empty", ojson::array()},
                     {"placement", {{"offset", std::uint64_t{18446744073709551615u}}}},
                     {"rows", {ojson::object(), {{"split", -3}}}}};
    QCOMPARE(QString::fromStdString(out), QString::fromStdString(same.dump()));
    QCOMPARE(QString::fromStdString(out), QString(R"({"index":0,"name":"x","ne":[8,-1,1,1],"backend":null,"empty":[],)"
                                                  R"("placement":{"offset":18446744073709551615},"rows":[{},{"split":-3}]})"));
}

QTEST_APPLESS_MAIN(TestGraphJson)
#include "test_graph_json.moc"
