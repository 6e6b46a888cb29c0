// planscope-cli dsa and plan's planner options (--planner, --stats, --compare): the formats of
// docs/planner.md on traces and graphs worked out by hand. Planning times vary: they are
// checked for their form only.
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"

namespace {

QString small_graph() { return QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/graphs/small.json"); }

// Replaces the planning time of `planner` lines (a number with two decimals) by "T".
QString without_times(QString out) {
    static const QRegularExpression time(QStringLiteral("^(planner\\t[^\\t]+\\t[^\\t]+\\t[^\\t]+\\t)\\d+\\.\\d\\d"),
                                         QRegularExpression::MultilineOption);
    return out.replace(time, QStringLiteral("\\1T"));
}

// Writes a trace into `dir`; returns its path.
QString write_trace(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(text);
    return path;
}

} // namespace

class TestCliDsa : public QObject {
    Q_OBJECT
private slots:
    void chainTrace();
    void invalidGivenOffsets();
    void everyPlannerByDefault();
    void edgeOf64Bits();
    void dsaErrors_data();
    void dsaErrors();
    void planStats();
    void planCompare();
    void planWithPlanner();
    void planErrors_data();
    void planErrors();
};

// The chain trace: 0 [0,2), 1 [1,3), 2 [2,4), 4 bytes each. Lower bound 8 (steps 1 and 2).
// greedy-size: 0 at 0, 1 at 4, 2 at 0 again. ggml the same: 0 is freed at step 2 before 2 is
// allocated, and its block is the best fit.
void TestCliDsa::chainTrace() {
    QTemporaryDir dir;
    const QString path = write_trace(dir, "chain.csv", "id,lower,upper,size,offset\n0,0,2,4,0\n1,1,3,4,4\n2,2,4,4,0\n");
    const auto r = cli({"dsa", path, "--planner", "ggml,greedy-size,best", "--time-box", "50"});
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.isEmpty());
    QCOMPARE(without_times(r.out), QStringLiteral("planscope-dsa\t1\n"
                                                  "trace\t%1\n"
                                                  "buffers\t3\n"
                                                  "lower_bound\t8\n"
                                                  "planner\tggml\t8\t1.0000\tT\toptimal\n"
                                                  "planner\tgreedy-size\t8\t1.0000\tT\toptimal\n"
                                                  "planner\tbest\t8\t1.0000\tT\toptimal\n"
                                                  "given\t8\t1.0000\tvalid\n")
                                       .arg(path));
}

void TestCliDsa::invalidGivenOffsets() {
    QTemporaryDir dir;
    const QString path = write_trace(dir, "bad.csv", "id,lower,upper,size,offset\n0,0,2,4,0\n1,1,3,4,2\n2,2,4,4,0\n");
    const auto r = cli({"dsa", path, "--planner", "greedy-size"});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.endsWith(QStringLiteral("given\t6\t0.7500\tinvalid: buffer 1 [2, 6) overlaps buffer 0 [0, 4) at step 1\n")));
}

// The trap of test_planners: every greedy ordering peaks at 6, best reaches the bound 5.
void TestCliDsa::everyPlannerByDefault() {
    QTemporaryDir dir;
    const QString path = write_trace(dir, "trap.csv", "id,lower,upper,size\n0,2,4,1\n1,1,3,2\n2,3,5,3\n3,2,3,2\n4,1,2,3\n");
    const auto r = cli({"dsa", path, "--time-box", "100"});
    QCOMPARE(r.code, 0);
    const QString out = without_times(r.out);
    QVERIFY(out.contains(QStringLiteral("lower_bound\t5\n")));
    QVERIFY(out.contains(QStringLiteral("planner\tgreedy-size\t6\t1.2000\tT\t-\n")));
    QVERIFY(out.contains(QStringLiteral("planner\tgreedy-breadth\t6\t1.2000\tT\t-\n")));
    QVERIFY(out.contains(QStringLiteral("planner\tgreedy-conflicts\t6\t1.2000\tT\t-\n")));
    QVERIFY(out.contains(QStringLiteral("planner\tbest\t5\t1.0000\tT\toptimal\n")));
    QVERIFY(out.contains(QStringLiteral("planner\tggml\t")));
    QVERIFY(!out.contains(QStringLiteral("given")));
}

// One buffer of 2^64 - 1 bytes: the greedy planners and best place it at 0, ggml cannot make a
// tensor that large (a line of its own, exit 0), and the given offset is checked exactly.
void TestCliDsa::edgeOf64Bits() {
    QTemporaryDir dir;
    const QString path = write_trace(dir, "top.csv", "id,lower,upper,size,offset\n0,0,1,18446744073709551615,0\n");
    const auto r = cli({"dsa", path, "--planner", "ggml,greedy-size,best", "--time-box", "50"});
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.isEmpty());
    QCOMPARE(without_times(r.out),
             QStringLiteral("planscope-dsa\t1\n"
                            "trace\t%1\n"
                            "buffers\t1\n"
                            "lower_bound\t18446744073709551615\n"
                            "planner\tggml\t-\t-\t-\tfailed: ggml's allocator: buffer 0 of 18446744073709551615 bytes is "
                            "larger than a ggml tensor can be (9223372036854775807 bytes)\n"
                            "planner\tgreedy-size\t18446744073709551615\t1.0000\tT\toptimal\n"
                            "planner\tbest\t18446744073709551615\t1.0000\tT\toptimal\n"
                            "given\t18446744073709551615\t1.0000\tvalid\n")
                 .arg(path));
}

void TestCliDsa::dsaErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("trace");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    const QByteArray ok = "id,lower,upper,size\n0,0,1,4\n";
    QTest::newRow("negative size") << QStringList{"dsa", "%1/t.csv"} << QByteArray("id,lower,upper,size\n0,0,1,4\n1,0,1,-4\n")
                                   << 1 << "error: %1/t.csv:3: negative size -4\n";
    QTest::newRow("missing column") << QStringList{"dsa", "%1/t.csv"} << QByteArray("id,lower,size\n0,0,4\n") << 1
                                    << "error: %1/t.csv:1: missing column 'upper' (the header needs id,lower,upper,size)\n";
    QTest::newRow("empty lifetime") << QStringList{"dsa", "%1/t.csv"} << QByteArray("id,lower,upper,size\n0,4,4,4\n") << 1
                                    << "error: %1/t.csv:2: upper 4 <= lower 4: the lifetime [lower, upper) is empty\n";
    QTest::newRow("missing file") << QStringList{"dsa", "%1/none.csv"} << ok << 1 << "error: %1/none.csv: cannot open the file\n";
    QTest::newRow("a directory") << QStringList{"dsa", "%1"} << ok << 1 << "error: %1: is a directory\n";
    // Two buffers of 2^63 bytes: refused at load, no longer a lower bound of 2^63 and "optimal".
    QTest::newRow("sizes past 2^64")
        << QStringList{"dsa", "%1/t.csv"}
        << QByteArray("id,lower,upper,size\n0,0,2,9223372036854775808\n1,1,3,9223372036854775808\n") << 1
        << "error: %1/t.csv:3: size 9223372036854775808 takes the total of the sizes past 2^64 - 1 bytes (the limit for a "
           "trace)\n";
    QTest::newRow("given offset past 2^64") << QStringList{"dsa", "%1/t.csv"}
                                            << QByteArray("id,lower,upper,size,offset\n0,0,2,8,18446744073709551612\n") << 1
                                            << "error: %1/t.csv:2: offset 18446744073709551612 + size 8 is past 2^64 - 1\n";
    QTest::newRow("escape sequence") << QStringList{"dsa", "%1/t.csv"} << QByteArray("id,lower,upper,size\n0,0,1,4\x1b[2J\n")
                                     << 1 << "error: %1/t.csv:2: size '4\\x1b[2J' is not a non-negative integer\n";
    QTest::newRow("no file") << QStringList{"dsa"} << ok << 2 << "usage error: dsa takes exactly one FILE\n";
    QTest::newRow("unknown planner") << QStringList{"dsa", "%1/t.csv", "--planner", "ggml,fast"} << ok << 2
                                     << "usage error: --planner: unknown planner 'fast' (planners: "
                                        "ggml,greedy-size,greedy-breadth,greedy-conflicts,best)\n";
    QTest::newRow("bad time box") << QStringList{"dsa", "%1/t.csv", "--time-box", "0"} << ok << 2
                                  << "usage error: --time-box must be a positive number of milliseconds, not '0'\n";
    QTest::newRow("unknown option") << QStringList{"dsa", "%1/t.csv", "--fast"} << ok << 2 << "usage error: unknown option --fast\n";
}

void TestCliDsa::dsaErrors() {
    QFETCH(QStringList, args);
    QFETCH(QByteArray, trace);
    QFETCH(int, code);
    QFETCH(QString, message);
    QTemporaryDir dir;
    write_trace(dir, "t.csv", trace);
    for (auto& a : args) a.replace(QStringLiteral("%1"), dir.path()); // not arg(): most have no %1
    const auto r = cli(args);
    QCOMPARE(r.code, code);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.startsWith(message.replace(QStringLiteral("%1"), dir.path())), qPrintable(r.err));
}

// small.json (see test_graph_dsa): norm [0,5), y [2,5), c [4,7) of 128 bytes and out [6,7) of 32.
// Step 5 holds only c at 256: 256 bytes free below the high-water mark 384, in one block. The
// mean is (256 + 224) / 7 steps.
void TestCliDsa::planStats() {
    const auto r = cli({"plan", small_graph(), "--stats"});
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.isEmpty());
    QCOMPARE(r.out, QStringLiteral("planscope-stats\t1\n"
                                   "graph\tsmall\n"
                                   "planner\tggml\n"
                                   "buffers\t4\n"
                                   "tensors\t7\n"
                                   "steps\t7\n"
                                   "lower_bound\t384\n"
                                   "peak\t384\n"
                                   "ratio\t1.0000\n"
                                   "free_max\t256\t5\t256\t1\n"
                                   "free_mean\t68\n"
                                   "size\t32\t63\t1\t32\n"
                                   "size\t128\t255\t3\t384\n"));
}

// By size: norm (the longest) at 0, y at 128, c at 256, out at 0: ggml's plan, nothing moves.
void TestCliDsa::planCompare() {
    const auto r = cli({"plan", small_graph(), "--compare", "ggml,greedy-size"});
    QCOMPARE(r.code, 0);
    QCOMPARE(without_times(r.out), QStringLiteral("planscope-compare\t1\n"
                                                  "graph\tsmall\n"
                                                  "lower_bound\t384\n"
                                                  "planner\tggml\t384\t1.0000\t-\n"
                                                  "planner\tgreedy-size\t384\t1.0000\tT\n"
                                                  "size_change\t0\n"
                                                  "moved\t0\n"));
}

// --planner ggml is the default listing; best finds the same peak here.
void TestCliDsa::planWithPlanner() {
    const auto plain = cli({"plan", small_graph()});
    QCOMPARE(cli({"plan", small_graph(), "--planner", "ggml"}).out, plain.out);
    const auto best = cli({"plan", small_graph(), "--planner", "best", "--time-box", "50"});
    QCOMPARE(best.code, 0);
    QVERIFY(best.out.endsWith(QStringLiteral("max_size\tcompute\t384\n")));
}

void TestCliDsa::planErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown planner") << QStringList{"plan", "a.json", "--planner", "fast"}
                                     << "usage error: --planner is one of ggml,greedy-size,greedy-breadth,greedy-conflicts,best, not 'fast'\n";
    QTest::newRow("compare one") << QStringList{"plan", "a.json", "--compare", "best"}
                                 << "usage error: --compare takes two planners, as in ggml,best\n";
    QTest::newRow("stats and compare") << QStringList{"plan", "a.json", "--stats", "--compare", "ggml,best"}
                                       << "usage error: --stats and --compare do not go together\n";
    QTest::newRow("json stats") << QStringList{"plan", "a.json", "--stats", "--format", "json"}
                                << "usage error: --stats and --compare print text only\n";
    QTest::newRow("no value") << QStringList{"plan", "a.json", "--planner"} << "usage error: --planner needs a value\n";
}

void TestCliDsa::planErrors() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const auto r = cli(args);
    QCOMPARE(r.code, 2);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.startsWith(message), qPrintable(r.err));
}

QTEST_APPLESS_MAIN(TestCliDsa)
#include "test_cli_dsa.moc"
