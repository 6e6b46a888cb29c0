// GGML_SCHED_DEBUG logs (sched/ggml2026/sched_debug_log.h): the hand-written 3-split log of
// docs/ggml-versions.md read field by field and written back byte for byte, logs with other
// output around them, several prints, every malformed line named by its number, and the limits
// (issue 36: refused as the parser reaches them, by the loader the GUI and the CLI share).
#include "sched/ggml2026/sched_debug_log.h"

#include "source/graph_source.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <random>
#include <sstream>

using namespace planscope;
using namespace planscope::ggml2026;

namespace {

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

const std::string example_path = PLANSCOPE_SOURCE_DIR "/tests/data/sched_debug/three_splits.log";

} // namespace

class TestSchedDebugLog : public QObject {
    Q_OBJECT
private slots:
    void threeSplits();
    void roundTrip();
    void exampleIsTheDocs();
    void otherOutputAndSeveralPrints();
    void levelOne();
    void sizes_data();
    void sizes();
    void malformed_data();
    void malformed();
    void anyCutOrChangeIsReadOrRefused();
    void limits_data();
    void limits();
};

void TestSchedDebugLog::threeSplits() {
    const auto log = parse_sched_debug_log(read_text(example_path));
    QVERIFY2(log.ok(), log.ok() ? "" : log.err().message.c_str());
    QCOMPARE(log->assignments.size(), std::size_t{1});
    QCOMPARE(log->skipped_lines, std::size_t{0});
    const auto& splits = log->assignments[0].splits;
    QCOMPARE(splits.size(), std::size_t{3});
    QCOMPARE(splits[1].backend, std::string("CUDA0"));
    QCOMPARE(splits[1].inputs, (std::vector<sched_log_input>{{"inp_embd", "16K"}}));
    QCOMPARE(splits[1].nodes.size(), std::size_t{3});
    const sched_log_node& mul = splits[1].nodes[1];
    QCOMPARE(mul.index, 2);
    QCOMPARE(mul.op, std::string("MUL"));
    QCOMPARE(mul.tensor, (sched_log_tensor{"attn_norm-0", "16K", "CUDA0", ""}));
    QCOMPARE(mul.use, 1);
    QVERIFY(mul.compute);
    QCOMPARE(mul.srcs.size(), std::size_t{2});
    QCOMPARE(mul.srcs[1].name, std::string("blk.0.attn_norm.weig")); // cut by ggml
    const sched_log_node& out = splits[2].nodes[0];
    QCOMPARE(out.use, 0);
    QCOMPARE(out.srcs[1], (sched_log_tensor{"CPU#Qcur-0#0", "16K", "NULL", ""}));
    QCOMPARE(splits[0].nodes[0].srcs[1].size, std::string("0K"));
}

void TestSchedDebugLog::roundTrip() {
    const std::string text = read_text(example_path);
    const auto log = parse_sched_debug_log(text);
    QVERIFY(log.ok());
    QCOMPARE(QString::fromStdString(format_sched_debug_log(log->assignments[0])), QString::fromStdString(text));
    // Causes (a build with them compiled in) round-trip too.
    sched_log_assignment a = log->assignments[0];
    a.splits[1].nodes[0].tensor.cause = "2.sup";
    a.splits[2].nodes[0].srcs[1].cause = "4.cpy";
    const auto again = parse_sched_debug_log(format_sched_debug_log(a));
    QVERIFY(again.ok());
    QCOMPARE(again->assignments[0].splits, a.splits);
}

// The log of the test data is the one docs/ggml-versions.md shows.
void TestSchedDebugLog::exampleIsTheDocs() {
    const std::string docs = read_text(PLANSCOPE_SOURCE_DIR "/docs/ggml-versions.md");
    QVERIFY(docs.find("```\n" + read_text(example_path) + "```") != std::string::npos);
}

// A program's own output around two prints (a reserve, then an allocation), with CR LF.
void TestSchedDebugLog::otherOutputAndSeveralPrints() {
    const std::string one = read_text(example_path);
    std::string text = "llama_model_load: loaded meta data\r\n" + one + "ggml_backend_sched_split_graph: increasing split inputs capacity from 30 to 60\n" + one;
    const auto log = parse_sched_debug_log(text);
    QVERIFY2(log.ok(), log.ok() ? "" : log.err().message.c_str());
    QCOMPARE(log->assignments.size(), std::size_t{2});
    QCOMPARE(log->skipped_lines, std::size_t{2});
    QCOMPARE(log->assignments[0].first_line, std::size_t{3});
    QCOMPARE(log->assignments[1].first_line, std::size_t{15});
    QCOMPARE(log->assignments[0].splits, log->assignments[1].splits);
}

// GGML_SCHED_DEBUG=1: the SPLIT lines only.
void TestSchedDebugLog::levelOne() {
    const auto log = parse_sched_debug_log("\n## SPLIT #0: CPU # 0 inputs\n\n## SPLIT #1: Vulkan0 # 2 inputs: [a b (   1M)] [c (1023K)] \n");
    QVERIFY2(log.ok(), log.ok() ? "" : log.err().message.c_str());
    const auto& s = log->assignments[0].splits;
    QCOMPARE(s.size(), std::size_t{2});
    QVERIFY(s[1].nodes.empty());
    QCOMPARE(s[1].inputs, (std::vector<sched_log_input>{{"a b", "1M"}, {"c", "1023K"}}));
    QCOMPARE(format_sched_debug_log(log->assignments[0]),
             std::string("\n## SPLIT #0: CPU # 0 inputs\n\n## SPLIT #1: Vulkan0 # 2 inputs: [a b (   1M)] [c (1023K)] \n"));
}

void TestSchedDebugLog::sizes_data() {
    QTest::addColumn<QString>("size");
    QTest::addColumn<qlonglong>("bytes"); // -1: unknown
    QTest::newRow("K") << "16K" << 16384ll;
    QTest::newRow("M") << "102M" << 106954752ll;
    QTest::newRow("under 1 KiB") << "0K" << 0ll;
    QTest::newRow("cut to 5") << "12345" << -1ll;
    QTest::newRow("no number") << "K" << -1ll;
    QTest::newRow("G is not ggml's") << "3G" << -1ll;
}

void TestSchedDebugLog::sizes() {
    QFETCH(QString, size);
    QFETCH(qlonglong, bytes);
    const auto b = sched_log_bytes(size.toStdString());
    QCOMPARE(b ? qlonglong(*b) : -1ll, bytes);
}

void TestSchedDebugLog::malformed_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");
    const QByteArray node = "node #  0 (  GET_ROWS):             inp_embd (  16K) [  CPU         ] use=1,c=1:";
    QTest::newRow("no split") << QByteArray("hello\n") << "no '## SPLIT #0' line: not the output of GGML_SCHED_DEBUG";
    QTest::newRow("node first") << QByteArray(node + "\n") << "line 1: a node line before any SPLIT line";
    QTest::newRow("split out of order") << QByteArray("## SPLIT #0: CPU # 0 inputs\n## SPLIT #2: CPU # 0 inputs\n")
                                        << "line 2: SPLIT #2 does not follow SPLIT #0";
    QTest::newRow("split without backend") << QByteArray("## SPLIT #0: # 0 inputs\n")
                                           << "line 1: a SPLIT line names its backend before ' # '";
    QTest::newRow("inputs miscounted") << QByteArray("## SPLIT #0: CPU # 2 inputs: [a (  16K)] \n")
                                       << "line 1: the SPLIT line counts 2 inputs and lists 1";
    QTest::newRow("input without size") << QByteArray("## SPLIT #0: CPU # 1 inputs: [a] \n")
                                        << "line 1: an input of a SPLIT line is '[NAME (SIZE)] '";
    QTest::newRow("node columns") << QByteArray("## SPLIT #0: CPU # 0 inputs\nnode #  0 (GET_ROWS): inp_embd (16K) [CPU] use=1,c=1:\n")
                                  << "line 2: a node line is 'node #  N (%10s): ' then the node";
    QTest::newRow("no use count") << QByteArray("## SPLIT #0: CPU # 0 inputs\n" + node.left(node.size() - 11) + ":\n")
                                  << "line 2: a node line gives 'use=N,c=0|1:' after the node";
    QTest::newRow("source cut") << QByteArray("## SPLIT #0: CPU # 0 inputs\n" + node + "  token_embd.weight (  70M)\n")
                                << "line 2: source 0 is not ' NAME (SIZE) [BACKEND CAUSE]'";
    QTest::newRow("too big") << QByteArray() << "the log is 67108865 bytes; the limit is 67108864";
}

void TestSchedDebugLog::malformed() {
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    const std::string t = QByteArray(QTest::currentDataTag()) == "too big" ? std::string(max_sched_log_bytes + 1, '\n')
                                                                             : text.toStdString();
    const auto log = parse_sched_debug_log(t);
    QVERIFY(!log.ok());
    QCOMPARE(QString::fromStdString(log.err().message), message);
}

// The example cut at every byte, and 3,000 single-byte changes of it (a byte from the log's own
// alphabet or a control character): every one is read or refused with a message, never thrown or
// crashed on, and whatever is read is written back as a log that reads the same.
void TestSchedDebugLog::anyCutOrChangeIsReadOrRefused() {
    const std::string text = read_text(example_path);
    const auto check = [](const std::string& t) {
        const auto log = parse_sched_debug_log(t);
        if (!log) return !log.err().message.empty();
        for (const sched_log_assignment& a : log->assignments) {
            const auto again = parse_sched_debug_log(format_sched_debug_log(a));
            if (!again || again->assignments.size() != 1 || again->assignments[0].splits != a.splits) return false;
        }
        return true;
    };
    for (std::size_t n = 0; n <= text.size(); ++n) QVERIFY2(check(text.substr(0, n)), qPrintable(QString::number(n)));
    std::mt19937 rng(20261127);
    const std::string alphabet = "#():[]{} \n\r0123456789KM-=,.acsu\t\x01";
    for (int i = 0; i < 3000; ++i) {
        std::string t = text;
        t[rng() % t.size()] = alphabet[rng() % alphabet.size()];
        QVERIFY2(check(t), qPrintable(QString::number(i)));
    }
}

namespace {

// "%20.20s (%5.5s) [%5.5s %8.8s]".
std::string logged(const std::string& name, const std::string& backend) {
    const auto col = [](const std::string& v, std::size_t w) { return std::string(w - std::min(w, v.size()), ' ') + v.substr(0, w); };
    return col(name, 20) + " (" + col("0K", 5) + ") [" + col(backend, 5) + " " + col("", 8) + "]";
}

std::string node_line(std::size_t i, const std::string& backend) {
    return "node #" + std::to_string(i) + " (       ADD): " + logged("n" + std::to_string(i), backend) + " use=1,c=1: " +
           logged(i == 0 ? "x" : "n" + std::to_string(i - 1), backend) + "\n";
}

} // namespace

// One past each limit, as the issue's logs were: 100,000 backends (refused at the 17th), one
// split of a million inputs, node lines past max_sched_log_entries.
void TestSchedDebugLog::limits_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("message");
    QTest::newRow("backends") << "backends" << "line 50: backend 'B16' is the assignment's 17th, more than the scheduler's 16";
    QTest::newRow("inputs") << "inputs" << "line 4: more than 40000 node lines and split inputs in one assignment";
    QTest::newRow("nodes") << "nodes" << "line 40003: more than 40000 node lines and split inputs in one assignment";
}

void TestSchedDebugLog::limits() {
    QFETCH(QString, kind);
    QFETCH(QString, message);
    std::string text;
    if (kind == "backends") {
        for (std::size_t i = 0; i < 100000; ++i) {
            const std::string b = "B" + std::to_string(i);
            text += "\n## SPLIT #" + std::to_string(i) + ": " + b + " # 0 inputs\n" + node_line(i, b.substr(0, 5));
        }
    } else if (kind == "inputs") {
        text = "## SPLIT #0: CPU # 0 inputs\n" + node_line(0, "CPU") + "\n## SPLIT #1: CUDA0 # 1000000 inputs: ";
        for (std::size_t i = 0; i < 1000000; ++i) text += "[in" + std::to_string(i) + " (   0K)] ";
        text += "\n";
    } else {
        text = "\n## SPLIT #0: CPU # 0 inputs\n";
        for (std::size_t i = 0; i < max_sched_log_entries + 10; ++i) text += node_line(i, "CPU");
    }
    QElapsedTimer clock;
    clock.start();
    const auto log = parse_sched_debug_log(text);
    QVERIFY(!log.ok());
    QCOMPARE(QString::fromStdString(log.err().message), message);

    // The GUI opens a log through open_source, as the CLI's sources do: the same refusal.
    QTemporaryDir dir;
    const std::string path = dir.filePath("big.log").toStdString();
    std::ofstream(path, std::ios::binary) << text;
    const auto opened = open_source(path, {});
    QVERIFY(!opened.ok());
    QCOMPARE(QString::fromStdString(opened.err().message), QString::fromStdString(path) + ": " + message);
    qInfo("%s: refused twice in %lld ms", qPrintable(kind), static_cast<long long>(clock.elapsed()));
}

QTEST_APPLESS_MAIN(TestSchedDebugLog)
#include "test_sched_debug_log.moc"
