// planscope-cli plan: the listing of docs/plan-listing.md, byte for byte, and its errors.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"

namespace {

QString small_graph() { return QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/graphs/small.json"); }

} // namespace

class TestCliPlan : public QObject {
    Q_OBJECT
private slots:
    void smallText();
    void smallJson();
    void alignmentOption();
    void modelInputsFirst();
    void errors_data();
    void errors();
};

// The example of docs/plan-listing.md. Worked out by hand: parse_seq [0,1,-1,2,3,4,-1,5,6] keeps
// norm until the second barrier, so c cannot reuse its bytes; out cannot take v (offset 32).
void TestCliPlan::smallText() {
    const auto r = cli({QStringLiteral("plan"), small_graph()});
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.isEmpty());
    QCOMPARE(r.out, QStringLiteral("planscope-plan\t1\n"
                                   "graph\tsmall\n"
                                   "buffer\t0\tweights\tCPU\t512\t64\n"
                                   "buffer\t1\tinputs\tCPU\t128\t32\n"
                                   "buffer\t2\tcompute\tCPU\t384\t32\n"
                                   "node\t0\tnorm\tRMS_NORM\tf32\t[8, 4, 1, 1]\t128\tcompute+0\n"
                                   "node\t1\tnormed\tMUL\tf32\t[8, 4, 1, 1]\t128\tview of norm+0\n"
                                   "node\t2\ty\tMUL_MAT\tf32\t[8, 4, 1, 1]\t128\tcompute+128\n"
                                   "node\t3\tyt\tTRANSPOSE\tf32\t[4, 8, 1, 1]\t128\tview of y+0\n"
                                   "node\t4\tc\tCONT\tf32\t[4, 8, 1, 1]\t128\tcompute+256\n"
                                   "node\t5\tv\tVIEW\tf32\t[4, 2, 1, 1]\t32\tview of c+32\n"
                                   "node\t6\tout\tSILU\tf32\t[4, 2, 1, 1]\t32\tcompute+0\n"
                                   "leaf\t0\tw\tNONE\tf32\t[8, 8, 1, 1]\t256\tweights+0\n"
                                   "leaf\t1\tx\tNONE\tf32\t[8, 4, 1, 1]\t128\tinputs+0\n"
                                   "leaf\t2\tnorm_w\tNONE\tf32\t[8, 1, 1, 1]\t32\tweights+256\n"
                                   "max_size\tcompute\t384\n"));
}

void TestCliPlan::smallJson() {
    const auto r = cli({QStringLiteral("plan"), small_graph(), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(r.code, 0);
    QJsonParseError e;
    const auto doc = QJsonDocument::fromJson(r.out.toUtf8(), &e);
    QCOMPARE(e.error, QJsonParseError::NoError);
    const auto root = doc.object();
    QCOMPARE(root["format"].toString(), QStringLiteral("planscope-plan"));
    QCOMPARE(root["version"].toInt(), 1);
    QCOMPARE(root["max_size"].toObject()["compute"].toInt(), 384);
    const auto nodes = root["nodes"].toArray();
    QCOMPARE(nodes.size(), 7);
    const auto normed = nodes[1].toObject()["placement"].toObject();
    QCOMPARE(normed["kind"].toString(), QStringLiteral("view"));
    QCOMPARE(normed["of"].toString(), QStringLiteral("norm"));
    QCOMPARE(normed["buffer"].toString(), QStringLiteral("compute"));
    const auto v = nodes[5].toObject()["placement"].toObject();
    QCOMPARE(v["view_offs"].toInt(), 32);
    QCOMPARE(v["offset"].toInt(), 288);
    QCOMPARE(nodes[6].toObject()["op"].toString(), QStringLiteral("SILU"));
    QCOMPARE(root["leafs"].toArray().size(), 3);
    QCOMPARE(r.out.count(QLatin1Char('\n')), 25); // 10 lines of frame, one per buffer and tensor
}

// 64-byte alignment rounds the 32-byte tensors up: out still lands at 0, max_size is unchanged
// (every other tensor is 128 bytes), and the buffer line says 64.
void TestCliPlan::alignmentOption() {
    const auto r = cli({QStringLiteral("plan"), small_graph(), QStringLiteral("--alignment"), QStringLiteral("64")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("buffer\t2\tcompute\tCPU\t384\t64\n")));
}

// llama.cpp allocated its inputs before the graph: inp_tokens (32 bytes), inp_embd, inp_pos,
// KQ_scale (4 bytes, 32 aligned), KQ_mask, one after the other.
void TestCliPlan::modelInputsFirst() {
    const QString model = QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    if (!QFile::exists(model)) QSKIP("stories260K.gguf is not in the shared directory");
    const auto r = cli({QStringLiteral("plan"), model});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("\tinp_tokens\tNONE\ti32\t[8, 1, 1, 1]\t32\tcompute+0\n")));
    QVERIFY(r.out.contains(QStringLiteral("\tinp_embd\tGET_ROWS\tf32\t[64, 8, 1, 1]\t2048\tcompute+32\n")));
    QVERIFY(r.out.contains(QStringLiteral("\tinp_pos\tNONE\ti32\t[8, 1, 1, 1]\t32\tcompute+2080\n")));
    QVERIFY(r.out.contains(QStringLiteral("\tKQ_scale\tNONE\tf32\t[1, 1, 1, 1]\t4\tcompute+2112\n")));
    QVERIFY(r.out.contains(QStringLiteral("\tKQ_mask\tNONE\tf32\t[32, 8, 1, 1]\t1024\tcompute+2144\n")));
}

void TestCliPlan::errors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing file") << QStringList{"plan", "%1/missing.json"} << 1 << "error: %1/missing.json: ";
    QTest::newRow("unknown template") << QStringList{"plan", "template:nope"} << 1
                                      << "error: template:nope: unknown template 'nope'\n";
    QTest::newRow("no file") << QStringList{"plan"} << 2 << "usage error: plan takes exactly one FILE\n";
    QTest::newRow("two files") << QStringList{"plan", "a.json", "b.json"} << 2 << "usage error: plan takes exactly one FILE\n";
    QTest::newRow("bad format") << QStringList{"plan", "a.json", "--format", "xml"} << 2
                                << "usage error: --format is text or json, not 'xml'\n";
    QTest::newRow("bad alignment") << QStringList{"plan", "a.json", "--alignment", "48"} << 2
                                   << "usage error: --alignment must be a power of two, not '48'\n";
    QTest::newRow("unknown option") << QStringList{"plan", "a.json", "--fast"} << 2 << "usage error: unknown option --fast\n";
}

void TestCliPlan::errors() {
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    QTemporaryDir dir;
    for (auto& a : args) a = a.arg(dir.path());
    const auto r = cli(args);
    QCOMPARE(r.code, code);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.startsWith(message.arg(dir.path())), qPrintable(r.err));
    if (code == 1) QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
}

QTEST_APPLESS_MAIN(TestCliPlan)
#include "test_cli_plan.moc"
