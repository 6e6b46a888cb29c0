// JSON graph format: the limits of engine/io/json_limits.h with the errors that name them, lossless
// saving of odd names and values, and big inputs in linear time and bounded memory (issue 17).
#include "graph_json_support.h"
#include "io/graph_json.h"
#include "io/json_limits.h"

#include "common/time_budget.h"

#include <QtTest>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <malloc.h>
#include <new>

using namespace planscope;
using namespace std::string_literals;
namespace limits = planscope::json_limits;

// Heap bytes in use and their peak, counted by replacing the global allocation functions: the
// memory a load takes, measured exactly and independently of the process's other pages.
namespace {
std::atomic<std::size_t> heap_live{0}, heap_peak{0};

void* counted_alloc(std::size_t n) {
    void* p = std::malloc(n ? n : 1);
    if (!p) throw std::bad_alloc();
    const std::size_t live = heap_live += malloc_usable_size(p);
    for (std::size_t peak = heap_peak; live > peak && !heap_peak.compare_exchange_weak(peak, live);) {}
    return p;
}
void counted_free(void* p) noexcept {
    if (!p) return;
    heap_live -= malloc_usable_size(p);
    std::free(p);
}
} // namespace

void* operator new(std::size_t n) { return counted_alloc(n); }
void* operator new[](std::size_t n) { return counted_alloc(n); }
void operator delete(void* p) noexcept { counted_free(p); }
void operator delete[](void* p) noexcept { counted_free(p); }
void operator delete(void* p, std::size_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::size_t) noexcept { counted_free(p); }

namespace {

const std::string head = R"({"format": "planscope-graph", "version": 1, )";

std::string repeat(std::string_view s, std::size_t n) {
    std::string out;
    out.reserve(s.size() * n);
    for (std::size_t i = 0; i < n; ++i) out += s;
    return out;
}

// "[0, 0, ..., 0]" with n elements.
std::string zeros(std::size_t n) {
    std::string out = "[";
    for (std::size_t i = 0; i < n; ++i) out += i ? ",0" : "0";
    return out + "]";
}

std::string n(std::size_t v) {
    return std::to_string(v);
}

// A chain of `count` ADDs, each of the previous one and x, as save_graph_json writes it.
std::string chain_text(std::size_t count) {
    std::string t = R"({
  "format": "planscope-graph",
  "version": 1,
  "name": "chain",
  "buffers": [],
  "tensors": [
    {"id": 0, "name": "x", "type": "f32", "ne": [4, 1, 1, 1], "flags": ["input"]})";
    for (std::size_t i = 1; i <= count; ++i)
        t += ",\n    {\"id\": " + n(i) + ", \"name\": \"blk." + n(i) + ".ffn_out_residual\", \"type\": \"f32\", \"ne\": [4, 1, 1, 1], \"op\": \"ADD\", \"src\": [" +
             n(i - 1) + ", 0]}";
    t += "\n  ],\n  \"nodes\": [";
    for (std::size_t i = 1; i <= count; ++i) t += (i > 1 ? ", " : "") + n(i);
    return t + "],\n  \"leafs\": [0]\n}\n";
}

} // namespace

class TestGraphJsonLimits : public QObject {
    Q_OBJECT
private slots:
    void limits_data();
    void limits();
    void fileTooBig();
    void longCycleIsShortened();
    void roundTripOddValues();
    void savedNamesAreLoadable();
    void bigGraphLinearAndCompact();
    void manyBuffersByName();
};

void TestGraphJsonLimits::limits_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");
    const auto add = [](const char* name, const std::string& text, const char* message) {
        QTest::newRow(name) << QByteArray::fromStdString(text) << QString::fromUtf8(message);
    };
    const std::string deep = repeat("[", 100000) + repeat("]", 100000);
    // The document's '{' is level 1, so the 64th '[' is level 65, at byte 9 + 63.
    add("nesting 100,000 deep", R"({"name": )" + deep + "}",
        "line 1, column 73 (byte 72): arrays and objects nested more than 64 deep (the limit)");
    add("nesting, unclosed", repeat("{\"a\":", 70),
        "line 1, column 321 (byte 320): arrays and objects nested more than 64 deep (the limit)");
    add("brackets in strings do not count", R"({"name": [")" + repeat("[", 100) + R"("], "format": 1})",
        "/format: expected \"planscope-graph\", got 1");
    add("nesting 64 deep is read", R"({"name": )" + repeat("[", 63) + repeat("]", 63) + "}",
        "/format: required key is missing");
    add("string too long", head + R"("name": ")" + std::string(limits::max_string_bytes + 1, 'a') + "\"}",
        "/name: string of 65537 bytes, more than the limit of 65536");
    add("string at the limit", head + R"("name": ")" + std::string(limits::max_string_bytes, 'a') + "\"}",
        "/tensors: required key is missing");
    add("key too long", head + R"("tensors": [{")" + std::string(limits::max_string_bytes + 1, 'k') + "\": 1}]}",
        "/tensors/0: key of 65537 bytes, more than the limit of 65536");
    add("number too long", R"({"name": )" + std::string(limits::max_number_chars + 1, '7') + "}",
        "line 1, column 10 (byte 9): number of more than 1024 characters (the limit)");
    add("number overflows a double", R"({"version": 1e999})",
        "line 1, column 17 (byte 16): number overflow parsing '1e999'");
    add("invalid UTF-8 in a string", "{\"name\": \"a\xff\"}",
        "line 1, column 12 (byte 11): syntax error while parsing value - invalid string: ill-formed UTF-8 byte; "
        "last read: '\"a\\xff'");
    add("too many tensors", head + R"("tensors": )" + zeros(limits::max_tensors + 1) + "}",
        "/tensors: more than 800000 tensors (the limit)");
    add("tensors at the limit", head + R"("tensors": )" + zeros(limits::max_tensors) + "}",
        "/tensors/0: expected an object, got an integer");
    add("too many nodes", head + R"("nodes": )" + zeros(limits::max_tensors + 1) + "}",
        "/nodes: more than 800000 nodes (the limit)");
    add("too many leafs", head + R"("leafs": )" + zeros(limits::max_tensors + 1) + "}",
        "/leafs: more than 800000 leafs (the limit)");
    add("too many assignments", head + R"("assignments": )" + zeros(limits::max_tensors + 1) + "}",
        "/assignments: more than 800000 assignments (the limit)");
    add("parse_seq too long", head + R"("parse_seq": )" + zeros(limits::max_parse_seq + 1) + "}",
        "/parse_seq: more than 1600000 entries (the limit)");
    add("too many buffers", head + R"("buffers": )" + zeros(limits::max_buffers + 1) + "}",
        "/buffers: more than 65536 buffers (the limit)");
    // The element's own array is one value.
    add("too many values in a tensor", head + R"("tensors": [)" + zeros(limits::max_values) + "]}",
        "/tensors/0: more than 4096 JSON values in one element (the limit)");
    add("values in a tensor at the limit", head + R"("tensors": [)" + zeros(limits::max_values - 1) + "]}",
        "/tensors/0: expected an object, got an array");
    add("too many values outside the lists", R"({"name": )" + zeros(limits::max_values) + "}",
        "/: more than 4096 JSON values outside the top-level lists (the limit)");
    add("a root array is not a list", zeros(limits::max_values),
        "/: more than 4096 JSON values outside the top-level lists (the limit)");
    add("syntax error before a duplicate key", R"({"name": "a", "name": "b", x})",
        "line 1, column 28 (byte 27): syntax error while parsing object key - invalid literal; "
        "last read: '\"b\", x'; expected string literal");
    std::string keys;
    for (int i = 0; i < 40; ++i) keys += "\"k" + std::to_string(i) + "\": 0, ";
    add("duplicate key in a big object", R"({"tensors": [{)" + keys + R"("k3": 1}]})", "/tensors/0/k3: duplicate key");
}

void TestGraphJsonLimits::limits() {
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    auto r = load_graph_json(text.toStdString());
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.err().message), message);
}

// A file past the size limit is refused before it is read (a sparse file: no disk space used).
void TestGraphJsonLimits::fileTooBig() {
    QTemporaryDir tmp;
    const std::filesystem::path file = std::filesystem::path(tmp.path().toStdString()) / "huge.json";
    std::ofstream(file) << "{";
    std::filesystem::resize_file(file, limits::max_file_bytes + 1);
    auto r = load_graph_json_file(file);
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.err().message),
             QString::fromStdString(file.string() + ": file of 1073741825 bytes, more than the limit of 1073741824"));
}

// A cycle through 100 tensors is named by its ends: the message stays one short line.
void TestGraphJsonLimits::longCycleIsShortened() {
    std::string t = head + R"("tensors": [)";
    for (int i = 0; i < 100; ++i)
        t += (i ? "," : "") + R"({"id": )"s + n(i) + R"(, "type": "f32", "ne": [4], "op": "CONT", "src": [)" + n((i + 1) % 100) +
             "]}";
    auto r = load_graph_json(t + R"(], "nodes": [], "leafs": []})");
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.err().message),
             "/tensors/99/src/0: cycle: tensor 0 -> tensor 1 -> tensor 2 -> tensor 3 -> ... (92 more) -> tensor 96 -> "
             "tensor 97 -> tensor 98 -> tensor 99 -> tensor 0");
}

// Names with escapes, quotes and any Unicode, extreme integers and floats: saved and loaded back
// exactly, and saved again to the same bytes.
void TestGraphJsonLimits::roundTripOddValues() {
    graph_document doc = feature_graph();
    const std::string names[] = {"\x1b[31mred", "line\nbreak\t", "\"quoted\" \\ back", "~0/~1",
                                 "\xc3\xa9t\xc3\xa9 \xe2\x80\x8f", "\xf0\x9f\x98\x80", std::string(63, 'n'),
                                 "\xc2\x80\xc2\x9f", ""};
    std::size_t k = 0;
    for (std::size_t i = 0; i < doc.ctx.size(); ++i) doc.ctx[tensor_id{i}].name = names[k++ % std::size(names)];
    doc.name = "\xe8\xa8\x88\xe7\x94\xbb \x7f";
    doc.buffers[0].size = std::numeric_limits<std::size_t>::max();
    doc.buffers[0].alignment = std::size_t{1} << 63;
    doc.buffers[2].name = "\x01";
    doc.backend_of.begin()->second = "\xf0\x9f\x92\xbb";
    check_round_trip(doc);
}

// JSON holds Unicode text only. A name that is not UTF-8 (a DOT dump cuts names after 63 bytes,
// inside a character) is saved with U+FFFD and cut to its limit, so the file loads again, and the
// names that become equal are told apart by index.
void TestGraphJsonLimits::savedNamesAreLoadable() {
    graph_document doc = feature_graph();
    std::string cut;
    for (int i = 0; i < 31; ++i) cut += "\xc3\xa9";
    cut += "\xc3"; // 63 bytes, the last one half of an 'é'
    doc.ctx[tensor_id{0}].name = cut;
    doc.ctx[tensor_id{1}].name = "a\xff" "b";
    doc.buffers[0].name = "w\xfe";
    doc.buffers[3].name = "w\xff";
    const std::string text = save_graph_json(doc);
    auto back = load_graph_json(text);
    QVERIFY2(back.ok(), back.ok() ? "" : back.err().message.c_str());
    QCOMPARE(back->ctx[tensor_id{0}].name, cut.substr(0, 62));
    QCOMPARE(back->ctx[tensor_id{1}].name, std::string("a\xef\xbf\xbd" "b"));
    QCOMPARE(back->buffers[0].name, std::string("w\xef\xbf\xbd"));
    QVERIFY(text.find(R"("buffer": 0)") != std::string::npos); // "w\uFFFD" names two buffers now
    QCOMPARE(QString::fromStdString(save_graph_json(*back)), QString::fromStdString(text));
}

// 100,000 tensors (13 MB of text; a quarter under ASan): the load takes linear time, and heap
// memory at its peak of less than 4 times the text, of which the document itself takes 2.3 and the
// loader less than 1 (the DOM it used to build took about 10 times the text).
void TestGraphJsonLimits::bigGraphLinearAndCompact() {
    const std::size_t n = test::fewer_under_asan(std::size_t{100000});
    const std::string text = chain_text(n);
    QElapsedTimer clock;
    clock.start();
    heap_peak = heap_live.load();
    const std::size_t before = heap_live;
    auto doc = load_graph_json(text);
    const std::size_t peak = heap_peak - before, kept = heap_live - before;
    QVERIFY2(doc.ok(), doc.ok() ? "" : doc.err().message.c_str());
    QCOMPARE(doc->ctx.size(), n + 1);
    QCOMPARE(doc->g.nodes.size(), n);
    qInfo("%zu bytes of text: %lld ms, peak heap %zu bytes (%.2f x the text), the document %zu bytes", text.size(),
          static_cast<long long>(clock.elapsed()), peak, static_cast<double>(peak) / static_cast<double>(text.size()),
          kept);
    QVERIFY(peak < 4 * text.size());
    QVERIFY(peak - kept < text.size());
    QVERIFY2(clock.elapsed() < test::budget_ms(10000), "load took too long");
    QCOMPARE(QString::fromStdString(save_graph_json(*doc)), QString::fromStdString(text));
}

// Every tensor in its own buffer (65,536, the limit; a quarter under ASan), referred to by name: a
// name is looked up, not searched for.
void TestGraphJsonLimits::manyBuffersByName() {
    const std::size_t count = test::fewer_under_asan(limits::max_buffers);
    std::string t = head + R"("buffers": [)";
    for (std::size_t i = 0; i < count; ++i)
        t += (i ? "," : "") + R"({"name": "buffer )"s + n(i) + R"(", "backend": "CPU", "size": 16})";
    t += R"(], "tensors": [)";
    for (std::size_t i = 0; i < count; ++i)
        t += (i ? "," : "") + R"({"id": )"s + n(i) + R"(, "type": "f32", "ne": [4], "buffer": "buffer )" + n(i) +
             R"(", "offset": 0})";
    t += R"(], "nodes": [], "leafs": []})";
    QElapsedTimer clock;
    clock.start();
    auto doc = load_graph_json(t);
    QVERIFY2(doc.ok(), doc.ok() ? "" : doc.err().message.c_str());
    QVERIFY(doc->ctx[tensor_id{count - 1}].where == (placement{buffer_id{count - 1}, 0}));
    check_round_trip(*doc);
    QVERIFY2(clock.elapsed() < test::budget_ms(10000), "load and round trip took too long");
}

QTEST_APPLESS_MAIN(TestGraphJsonLimits)
#include "test_graph_json_limits.moc"
