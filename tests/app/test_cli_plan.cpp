// planscope-cli plan: the listing of docs/plan-listing.md, byte for byte, and its errors.
#include <algorithm>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringDecoder>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"

using namespace Qt::StringLiterals;

namespace {

QString small_graph() { return QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/graphs/small.json"); }
QString stories() { return QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf"); }

} // namespace

class TestCliPlan : public QObject {
    Q_OBJECT
private slots:
    void smallText();
    void smallJson();
    void alignmentOption();
    void modelInputsFirst();
    void peakText();
    void peakJson();
    void peakAtStep();
    void sweep();
    void causes();
    void ggml2026();
    void reserveWith_data();
    void reserveWith();
    void ggml2026Backends_data();
    void ggml2026Backends();
    void ggml2026BackendsJson();
    void schedLogCheck();
    void compareGgmlText();
    void compareGgmlJson();
    void errors_data();
    void errors();
    void llamaCppTotal_data();
    void llamaCppTotal();
    void usageAndInputErrors_data();
    void usageAndInputErrors();
    void namesReachNoTerminal_data();
    void namesReachNoTerminal();
};

// The example of docs/plan-listing.md. Worked out by hand: parse_seq [0,1,-1,2,3,4,-1,5,6] keeps
// norm until the second barrier, so c cannot reuse its bytes; out cannot take v (offset 32).
void TestCliPlan::smallText() {
    const auto r = cli({QStringLiteral("plan"), small_graph()});
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.isEmpty());
    QCOMPARE(r.out, QStringLiteral("planscope-plan\t2\n"
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
                                   "free\tcompute\t32\t224\n"
                                   "llama_cpp\tcompute\t3342896\tcompute buffer total size = 3.19 MiB\n"
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
    QCOMPARE(root["version"].toInt(), 2);
    QCOMPARE(root["max_size"].toObject()["compute"].toInt(), 384);
    // No barrier after the last nodes: c (256) and out (0) stay; v was a view of c.
    const auto free_list = root["free_after"].toObject()["compute"].toArray();
    QCOMPARE(free_list.size(), 1);
    QCOMPARE(free_list[0].toObject()["offset"].toInt(), 32);
    QCOMPARE(free_list[0].toObject()["size"].toInt(), 224);
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
    QCOMPARE(root["llama_cpp"].toObject()["compute_total"].toInteger(), 3342896); // 3,342,480 + 384 + 32
    QCOMPARE(root["llama_cpp"].toObject()["line"].toString(), QStringLiteral("compute buffer total size = 3.19 MiB"));
    QCOMPARE(r.out.count(QLatin1Char('\n')), 27); // 12 lines of frame, one per buffer and tensor
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
    const auto r = cli({QStringLiteral("plan"), model, QStringLiteral("--ggml"), QStringLiteral("2023")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("\tinp_tokens\tNONE\ti32\t[8, 1, 1, 1]\t32\tcompute+0\n")));
    QVERIFY(r.out.contains(QStringLiteral("\tinp_embd\tGET_ROWS\tf32\t[64, 8, 1, 1]\t2048\tcompute+32\n")));
    QVERIFY(r.out.contains(QStringLiteral("\tinp_pos\tNONE\ti32\t[8, 1, 1, 1]\t32\tcompute+2080\n")));
    QVERIFY(r.out.contains(QStringLiteral("\tKQ_scale\tNONE\tf32\t[1, 1, 1, 1]\t4\tcompute+2112\n")));
    QVERIFY(r.out.contains(QStringLiteral("\tKQ_mask\tNONE\tf32\t[32, 8, 1, 1]\t1024\tcompute+2144\n")));
}

// At the peak (step 13, node c) norm, y and c fill the 384 bytes; norm waits for the barrier,
// y for c, c for v and out (docs/plan-listing.md works it out).
void TestCliPlan::peakText() {
    const auto r = cli({QStringLiteral("plan"), small_graph(), QStringLiteral("--peak")});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, QStringLiteral("planscope-peak\t1\n"
                                   "graph\tsmall\n"
                                   "buffer\tcompute\t384\tpeak_step\t13\n"
                                   "llama.cpp\tcompute buffer total size = 3.19 MiB\n"
                                   "step\t13\tnode\t5\tc\n"
                                   "high_water\t384\n"
                                   "live\t384\t100.0%\n"
                                   "free_inside\t0\t0.0%\n"
                                   "tensor\t1\tnorm\tRMS_NORM\t128\t33.3%\t0\t4\t15\t0\t5\t-\t-\t(freed at step 15, a parse_seq barrier)\n"
                                   "tensor\t2\ty\tMUL_MAT\t128\t33.3%\t128\t9\t16\t3\t5\t-\t-\tc\n"
                                   "tensor\t3\tc\tCONT\t128\t33.3%\t256\t13\t-\t5\t-\t-\t-\tv,out\n"));
}

// stories260K's peak in JSON: the logits and the last layer's output, named by layer.
void TestCliPlan::peakJson() {
    const auto r = cli({QStringLiteral("plan"), QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf"), QStringLiteral("--peak"),
                        QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--ggml"), QStringLiteral("2023")});
    QCOMPARE(r.code, 0);
    const auto root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(root["format"].toString(), QStringLiteral("planscope-peak"));
    QCOMPARE(root["buffer"].toObject()["max_size"].toInt(), 18432);
    QCOMPARE(root["live_bytes"].toInt(), 18432);
    const auto tensors = root["tensors"].toArray();
    QCOMPARE(tensors.size(), 2);
    QCOMPARE(tensors[0].toObject()["name"].toString(), QStringLiteral("result_output"));
    QVERIFY(tensors[0].toObject()["free_step"].isNull());
    QCOMPARE(tensors[1].toObject()["name"].toString(), QStringLiteral("ffn_out-4"));
    QCOMPARE(tensors[1].toObject()["alloc_block"].toString(), QStringLiteral("blk 4"));
    QCOMPARE(tensors[1].toObject()["waiting_for"].toArray().at(0).toString(), QStringLiteral("result_output"));
}

void TestCliPlan::peakAtStep() {
    const auto r = cli({QStringLiteral("plan"), small_graph(), QStringLiteral("--peak"), QStringLiteral("--step"), QStringLiteral("9")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("step\t9\tnode\t3\ty\nhigh_water\t256\nlive\t256\t66.7%\n")));
    QVERIFY(r.out.contains(QStringLiteral("\ty\tMUL_MAT\t128\t33.3%\t128\t9\t16\t3\t5\t-\t-\tyt,c\n")));
    const auto past = cli({QStringLiteral("plan"), small_graph(), QStringLiteral("--peak"), QStringLiteral("--step"), QStringLiteral("99")});
    QCOMPARE(past.code, 1);
    QCOMPARE(past.err, QStringLiteral("error: ") + small_graph() + QStringLiteral(": step 99 is past the plan's last step, 22\n"));
}

void TestCliPlan::sweep() {
    const QString stories = QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    const auto r = cli({QStringLiteral("plan"), stories, QStringLiteral("--sweep"), QStringLiteral("batch=1,8,128"),
                        QStringLiteral("--ggml"), QStringLiteral("2023")});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, QStringLiteral("planscope-sweep\t1\nkey\tbatch\nggml\t2023\n"
                                   "point\t1\t179\t2304\t2304\t1.0000\t3.21 MiB\n"
                                   "point\t8\t179\t18432\t18432\t1.0000\t3.33 MiB\n"
                                   "point\t128\t179\t689184\t655904\t1.0507\t5.53 MiB\n")); // llama.cpp's: the worst case
    // A .gguf sweeps in ggml 2026 by default: llama.cpp da46e59c's reserve at each point, as the real
    // llama.cpp printed it for n_ctx 64 (stories260K.tsv: 86,176 and 344,704 bytes without flash
    // attention, 29,024 and 116,096 with it; 186 and 161 graph nodes).
    const auto off = cli({QStringLiteral("plan"), stories, QStringLiteral("--sweep"), QStringLiteral("batch=8,32"),
                          QStringLiteral("--ctx"), QStringLiteral("64"), QStringLiteral("--flash-attn"), QStringLiteral("off")});
    QCOMPARE(off.code, 0);
    QCOMPARE(off.out, QStringLiteral("planscope-sweep\t1\nkey\tbatch\nggml\t2026\n"
                                     "point\t8\t186\t86176\t82048\t1.0503\t0.08 MiB\n"
                                     "point\t32\t186\t344704\t328192\t1.0503\t0.33 MiB\n"));
    const auto on = cli({QStringLiteral("plan"), stories, QStringLiteral("--sweep"), QStringLiteral("batch=8,32"),
                         QStringLiteral("--ctx"), QStringLiteral("64"), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(on.code, 0);
    const auto root = QJsonDocument::fromJson(on.out.toUtf8()).object();
    QCOMPARE(root["ggml"].toString(), QStringLiteral("2026"));
    const auto fa = root["points"].toArray();
    QCOMPARE(fa.size(), 2);
    QCOMPARE(fa[0].toObject()["nodes"].toInt(), 161);
    QCOMPARE(fa[0].toObject()["llama_cpp_total"].toInteger(), 29024);
    QCOMPARE(fa[1].toObject()["llama_cpp_total"].toInteger(), 116096);
    // n_ubatch, ggml 2026's alone: n_batch 32 in ubatches of 8 reserves as n_batch 8 does (n_ctx 512).
    const auto ubatch = cli({QStringLiteral("plan"), stories, QStringLiteral("--sweep"), QStringLiteral("ubatch=8,32"),
                             QStringLiteral("--batch"), QStringLiteral("32"), QStringLiteral("--flash-attn"), QStringLiteral("off")});
    QCOMPARE(ubatch.code, 0);
    QCOMPARE(ubatch.out, QStringLiteral("planscope-sweep\t1\nkey\tubatch\nggml\t2026\n"
                                        "point\t8\t186\t159904\t155776\t1.0265\t0.15 MiB\n"
                                        "point\t32\t186\t639616\t623104\t1.0265\t0.61 MiB\n"));
    const auto json = cli({QStringLiteral("plan"), QStringLiteral("template:llama?n_layer=2"), QStringLiteral("--sweep"),
                           QStringLiteral("ctx=64,128"), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(json.code, 0);
    const auto points = QJsonDocument::fromJson(json.out.toUtf8()).object()["points"].toArray();
    QCOMPARE(points.size(), 2);
    QCOMPARE(points[1].toObject()["ctx"].toInt(), 128);
}

void TestCliPlan::causes() {
    const auto r = cli({QStringLiteral("plan"),
                        QStringLiteral("template:llama?n_embd=64&n_layer=4&n_head=4&n_ff=128&n_vocab=100&n_ctx=64&n_batch=8&ngl=2"),
                        QStringLiteral("--backends"), QStringLiteral("cpu,cpu"), QStringLiteral("--causes")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("llama.cpp: CPU compute buffer size = 0.01 MiB\nllama.cpp: CPU1 compute buffer size = 0.01 MiB\n")));
    QVERIFY(r.out.contains(QStringLiteral("\n## SPLIT CAUSES\nboundaries\t4\tCPU1 -> CPU\tROPE\t1.src1\tinp_pos\tsplits 2 6 12 16\n")));
    QVERIFY(r.out.contains(QStringLiteral("\ncopies\t4\tCPU -> CPU1\tnorm-N\t8192\t8.00 KiB\n")));
}

// small.json planned by ggml 2026: no parse_seq barrier, so c goes where norm was (256 bytes, not
// 384); with a maximum of 128 bytes y and out go to a second chunk.
void TestCliPlan::ggml2026() {
    const auto r = cli({QStringLiteral("plan"), small_graph(), QStringLiteral("--ggml"), QStringLiteral("2026")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.startsWith(QStringLiteral("planscope-plan\t2\ngraph\tsmall\nggml\t2026\n")));
    QVERIFY(r.out.contains(QStringLiteral("\tc\tCONT\tf32\t[4, 8, 1, 1]\t128\tcompute+0\n")));
    QVERIFY(r.out.endsWith(QStringLiteral("free\tcompute\t0\t128\nfree\tcompute\t160\t96\n"
                                          "llama_cpp\tcompute\t3342768\tcompute buffer total size = 3.19 MiB\n"
                                          "max_size\tcompute\t256\n")));
    const auto chunks = cli({QStringLiteral("plan"), small_graph(), QStringLiteral("--ggml"), QStringLiteral("2026"),
                             QStringLiteral("--max-buffer-size"), QStringLiteral("128")});
    QCOMPARE(chunks.code, 0);
    QVERIFY(chunks.out.contains(QStringLiteral("buffer\t2\tcompute\tCPU\t128\t32\nbuffer\t3\tcompute#1\tCPU\t128\t32\n")));
    QVERIFY(chunks.out.contains(QStringLiteral("\ty\tMUL_MAT\tf32\t[8, 4, 1, 1]\t128\tcompute#1+0\n")));
    const auto json = cli({QStringLiteral("plan"), small_graph(), QStringLiteral("--ggml"), QStringLiteral("2026"),
                           QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(json.code, 0);
    QCOMPARE(QJsonDocument::fromJson(json.out.toUtf8()).object()["ggml"].toString(), QStringLiteral("2026"));
}

// --reserve-with: llama.cpp reserves with its worst case and allocates each batch after it. In
// ggml 2026 both templates are llama.cpp da46e59c's graphs. The 8-token graph fits a 32-token
// reservation; the 32-token graph does not fit an 8-token one (its first node needs four times the
// bytes) and ggml reserves again; a graph of other structure (two layers after three) has another
// node count, and the buffer, which no chunk outgrows, stays.
void TestCliPlan::reserveWith_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("reserve");
    QTest::addColumn<QString>("out");
    const QString b8 = QStringLiteral("template:llama?n_layer=2&n_batch=8");
    const QString b32 = QStringLiteral("template:llama?n_layer=2&n_batch=32");
    QTest::newRow("fits") << b8 << b32
                          << "reserve: " + b32 + ": compute 132480 bytes\nalloc_graph: " + b8 +
                                 ": fits the reservation: every tensor at its reserved address (the graph alone: 33120 bytes)\n";
    QTest::newRow("grows") << b32 << b8
                           << "reserve: " + b8 + ": compute 33120 bytes\nalloc_graph: " + b32 +
                                  ": needs_realloc: node 'embd' is not valid (8192 bytes, 2048 reserved)\n"
                                  "reallocating buffers automatically (one buffer): compute 132480 bytes (the graph alone: 132480 bytes)\n";
    QTest::newRow("other graph") << b8 << QStringLiteral("template:llama?n_layer=3&n_batch=8")
                                 << QStringLiteral("reserve: template:llama?n_layer=3&n_batch=8: compute 33120 bytes\nalloc_graph: ") + b8 +
                                        ": needs_realloc: graph has different number of nodes (68, 99 reserved)\n"
                                        "reallocating buffers automatically (one buffer): compute 33120 bytes (the graph alone: 33120 bytes)\n";
}

void TestCliPlan::reserveWith() {
    QFETCH(QString, file);
    QFETCH(QString, reserve);
    QFETCH(QString, out);
    const auto r = cli({QStringLiteral("plan"), file, QStringLiteral("--ggml"), QStringLiteral("2026"), QStringLiteral("--reserve-with"), reserve});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(r.out, out);
    const auto json = cli({QStringLiteral("plan"), file, QStringLiteral("--ggml"), QStringLiteral("2026"), QStringLiteral("--reserve-with"),
                           reserve, QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(json.code, 0);
    const QJsonObject o = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(o["reserve_with"].toString(), reserve);
    QCOMPARE(o["realloc"].isNull(), !out.contains(QStringLiteral("needs_realloc")));
}

// plan --backends with ggml 2026's scheduler. small.json on cpu,cpu: one split on CPU, the
// d99724f2 causes (2.sup, 1.wgt1, usr, 4.vsrc), and the 256 bytes of the 2026 allocator measured
// once: CPU1 shares the host buffer type, so it measures 0. --n-copies 2 adds a second copy of
// the input x (128 bytes). stories260K with 3 layers on CPU1: 1 split in 2026, 31 in 2023.
void TestCliPlan::ggml2026Backends_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QString>("line");
    const QStringList small_2026{"--backends", "cpu,cpu", "--ggml", "2026"};
    const QString small = small_graph();
    QTest::newRow("small backends") << small << small_2026 << "backends:" << "backends: CPU CPU1";
    QTest::newRow("small splits") << small << small_2026 << "splits:" << "splits: 1";
    QTest::newRow("small split 0") << small << small_2026 << "## SPLIT #0:" << "## SPLIT #0: CPU # 0 inputs: ";
    QTest::newRow("small norm 2.sup")
        << small << small_2026 << "node #  0"
        << "node #  0 (  RMS_NORM):                 norm (  0K) [ CPU    2.sup]:                    x (  0K) [ CPU    1.dst]";
    QTest::newRow("small normed 1.wgt1")
        << small << small_2026 << "node #  1"
        << "node #  1 (       MUL):               normed (  0K) [ CPU   1.wgt1]:                 norm (  0K) [ CPU    2.sup]"
           "               norm_w (  0K) [ CPU    1.dst]";
    QTest::newRow("small y usr")
        << small << small_2026 << "node #  2"
        << "node #  2 (   MUL_MAT):                    y (  0K) [ CPU      usr]:                    w (  0K) [ CPU    1.dst]"
           "               normed (  0K) [ CPU   1.wgt1]";
    QTest::newRow("small c 4.vsrc") << small << small_2026 << "node #  4"
                                    << "node #  4 (      CONT):                    c (  0K) [ CPU    2.sup]:                   yt (  0K) [ CPU   4.vsrc]";
    QTest::newRow("small buffer CPU") << small << small_2026 << "CPU:" << "CPU: 256 bytes measured";
    QTest::newRow("small buffer CPU1") << small << small_2026 << "CPU1:" << "CPU1: 0 bytes measured";
    QTest::newRow("small n-copies 2 splits") << small << (small_2026 + QStringList{"--n-copies", "2"}) << "splits:" << "splits: 1";
    QTest::newRow("small n-copies 2 buffer CPU") << small << (small_2026 + QStringList{"--n-copies", "2"}) << "CPU:"
                                                 << "CPU: 384 bytes measured";
    QTest::newRow("small n-copies 4 splits") << small << (small_2026 + QStringList{"--n-copies", "4"}) << "splits:" << "splits: 1";
    QTest::newRow("small no-op-offload splits") << small << (small_2026 + QStringList{"--no-op-offload"}) << "splits:" << "splits: 1";
    QTest::newRow("small no-op-offload buffer CPU") << small << (small_2026 + QStringList{"--no-op-offload"}) << "CPU:"
                                                    << "CPU: 256 bytes measured";
    QTest::newRow("small causes") << small << (small_2026 + QStringList{"--causes"}) << "splits:" << "splits: 1";
    // In ggml 2026 a .gguf is llama.cpp da46e59c's reserve graph, every layer on the CPU: one split,
    // the compute buffer llama.cpp reserves (n_ctx 512, n_batch 8, flash attention: 33,120 bytes).
    const QStringList stories_2026{"--backends", "cpu,cpu", "--ggml", "2026"};
    QTest::newRow("stories 2026 splits") << stories() << stories_2026 << "splits:" << "splits: 1";
    QTest::newRow("stories 2026 embd 1.wgt0")
        << stories() << stories_2026 << "node #  0"
        << "node #  0 (  GET_ROWS):                 embd (  2K) [ CPU   1.wgt0]:    token_embd.weight (128K) [ CPU    1.dst]"
           "           inp_tokens (  0K) [CPU1    1.inp]";
    QTest::newRow("stories 2026 buffer CPU") << stories() << stories_2026 << "CPU:" << "CPU: 33120 bytes measured";
    QTest::newRow("stories 2026 buffer CPU1") << stories() << stories_2026 << "CPU1:" << "CPU1: 0 bytes measured";
    QTest::newRow("stories 2023 splits") << stories() << QStringList{"--backends", "cpu,cpu", "--ngl", "3", "--ggml", "2023"} << "splits:"
                                         << "splits: 31";
}

void TestCliPlan::ggml2026Backends() {
    QFETCH(QString, file);
    QFETCH(QStringList, options);
    QFETCH(QString, prefix);
    QFETCH(QString, line);
    if (!QFile::exists(file)) QSKIP("stories260K.gguf is not in the shared directory");
    const auto r = cli(QStringList{QStringLiteral("plan"), file} + options);
    QCOMPARE(r.code, 0);
    QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    QCOMPARE(line_starting(r.out, prefix), line);
}

// The same plan as JSON: one split over the 7 nodes, norm's cause 2.sup, one CPU compute buffer of
// 256 bytes (none for CPU1).
void TestCliPlan::ggml2026BackendsJson() {
    const auto r = cli({QStringLiteral("plan"), small_graph(), QStringLiteral("--backends"), QStringLiteral("cpu,cpu"),
                        QStringLiteral("--ggml"), QStringLiteral("2026"), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    QJsonParseError e;
    const auto root = QJsonDocument::fromJson(r.out.toUtf8(), &e).object();
    QCOMPARE(e.error, QJsonParseError::NoError);
    QCOMPARE(root["format"].toString(), QStringLiteral("planscope-sched"));
    QCOMPARE(root["backends"].toArray().size(), 2);
    const auto splits = root["splits"].toArray();
    QCOMPARE(splits.size(), 1);
    QCOMPARE(splits[0].toObject()["backend"].toString(), QStringLiteral("CPU"));
    QCOMPARE(splits[0].toObject()["i_end"].toInt(), 7);
    const auto nodes = root["nodes"].toArray();
    QCOMPARE(nodes.size(), 7);
    QCOMPARE(nodes[0].toObject()["cause"].toString(), QStringLiteral("2.sup"));
    QCOMPARE(nodes[1].toObject()["cause"].toString(), QStringLiteral("1.wgt1"));
    QCOMPARE(nodes[3].toObject()["cause"].toString(), QStringLiteral("4.vsrc"));
    const auto c = nodes[4].toObject()["placement"].toObject();
    QCOMPARE(c["buffer"].toString(), QStringLiteral("CPU compute"));
    QCOMPARE(c["offset"].toInt(), 0);
    const auto buffers = root["buffers"].toArray();
    QCOMPARE(buffers.size(), 3);
    const auto compute = std::find_if(buffers.begin(), buffers.end(), [](const QJsonValue& b) { return b["name"] == "CPU compute"; });
    QVERIFY(compute != buffers.end());
    QCOMPARE(compute->toObject()["size"].toInt(), 256);
    QCOMPARE(compute->toObject()["backend"].toString(), QStringLiteral("CPU"));
    QVERIFY(std::none_of(buffers.begin(), buffers.end(), [](const QJsonValue& b) { return b["name"] == "CPU1 compute"; }));
}

// small.json by ggml 2023 and 2026: 2023 keeps norm and y to the parse_seq barrier (384 bytes),
// 2026 frees them after their last reader and puts c in norm's place (256 bytes).
void TestCliPlan::compareGgmlText() {
    const auto r = cli({QStringLiteral("plan"), small_graph(), QStringLiteral("--compare-ggml")});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, QStringLiteral("planscope-ggml-diff\t1\ngraph\tsmall\nalignment\t32\n"
                                   "ggml-2023\t384\tplaced\t4\n"
                                   "ggml-2026\t256\tplaced\t4\tchunks\t256\n"
                                   "note\tparse-seq-removed\n"
                                   "rule\tleaf-allocated\t0\nrule\tleaf-unused-kept\t0\nrule\tinput-first\t0\n"
                                   "rule\toutput-kept\t0\nrule\tinplace-view-parent-refused\t0\n"
                                   "rule\tinplace-refused-output\t0\nrule\town-by-pass\t0\n"
                                   "rule\tparse-seq-removed\t1\nrule\tmoved\t1\n"
                                   "tensor\tc\tCONT\t128\t256\t0\t-\t-\tkept\tfreed\tparse-seq-removed\t-\n"
                                   "tensor\tout\tUNARY\t32\t0\t128\t-\t-\tkept\tkept\tmoved\tc\n"));
}

// stories260K: the same 18,432 bytes, but 2026 refuses ROPE in place over its reshaped source in
// each of the 5 layers (Q and K), and places the 3 inputs in leaf order.
void TestCliPlan::compareGgmlJson() {
    const QString model = QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    if (!QFile::exists(model)) QSKIP("stories260K.gguf is not in the shared directory");
    const auto r = cli({QStringLiteral("plan"), model, QStringLiteral("--compare-ggml"), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(r.code, 0);
    const auto root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(root["format"].toString(), QStringLiteral("planscope-ggml-diff"));
    QCOMPARE(root["ggml_2023"].toObject()["buffer_size"].toInt(), 18432);
    QCOMPARE(root["ggml_2026"].toObject()["chunks"].toArray(), QJsonArray{18432});
    const auto rules = root["rules"].toObject();
    QCOMPARE(rules["input-first"].toInt(), 3);
    QCOMPARE(rules["inplace-view-parent-refused"].toInt(), 10);
    QCOMPARE(rules["moved"].toInt(), 45);
    const auto tensors = root["tensors"].toArray();
    QCOMPARE(tensors.size(), 58);
    const auto q = std::find_if(tensors.begin(), tensors.end(), [](const QJsonValue& t) { return t["name"] == "Qcur-0"; });
    QVERIFY(q != tensors.end());
    QCOMPARE(q->toObject()["ggml_2023"].toObject()["inplace_of"].toString(), QStringLiteral("Qcur-0 (reshaped)"));
    QCOMPARE(q->toObject()["ggml_2023"].toObject()["offset"].toInt(), 5216);
    QCOMPARE(q->toObject()["ggml_2026"].toObject()["offset"].toInt(), 3168);
    QVERIFY(q->toObject()["ggml_2026"].toObject()["inplace_of"].isNull());
    QCOMPARE(q->toObject()["rule"].toString(), QStringLiteral("inplace-view-parent-refused"));
}

// The example log of docs/ggml-versions.md beside Planscope's 2026 scheduler on its graph.
void TestCliPlan::schedLogCheck() {
    const QString dir = QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/sched_debug/");
    const auto r = cli({QStringLiteral("plan"), dir + QStringLiteral("three_splits.dot"), QStringLiteral("--sched-log"), dir + QStringLiteral("three_splits.log")});
    QCOMPARE(r.code, 0);
    // Only the DOT import's notes of what a dump lacks.
    QCOMPARE(r.err.count(QStringLiteral("warning: ")), 2);
    QCOMPARE(r.out.section(u'\n', 1), QStringLiteral("backends: CUDA0 CPU (the log's, the CPU last)\n"
                                                      "splits: log 3, Planscope (ggml 2026) 3\n"
                                                      "split starts: log 0 1 4; Planscope 0 1 4\n"
                                                      "nodes: 5 of 5 compared, 0 on another backend\n"));
    const auto missing = cli({QStringLiteral("plan"), dir + QStringLiteral("three_splits.dot"), QStringLiteral("--sched-log"), dir + QStringLiteral("none.log")});
    QCOMPARE(missing.code, 1);
    QVERIFY(missing.out.isEmpty());
    QCOMPARE(missing.err.trimmed().section(u'\n', -1), QStringLiteral("error: ") + dir + QStringLiteral("none.log: cannot open: No such file or directory"));
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
    QTest::newRow("step without peak") << QStringList{"plan", "a.json", "--step", "3"} << 2 << "usage error: --step goes with --peak\n";
    QTest::newRow("bad step") << QStringList{"plan", "a.json", "--peak", "--step", "x"} << 2
                              << "usage error: --step takes a step number, not 'x'\n";
    QTest::newRow("causes without backends") << QStringList{"plan", "a.json", "--causes"} << 2
                                             << "usage error: --causes goes with --backends\n";
    QTest::newRow("peak and stats") << QStringList{"plan", "a.json", "--peak", "--stats"} << 2
                                    << "usage error: --peak, --sweep, --compare-ggml and the planner options do not go together\n";
    QTest::newRow("peak with backends") << QStringList{"plan", "a.json", "--peak", "--backends", "cpu"} << 2
                                        << "usage error: --peak, --sweep and --compare-ggml plan one compute buffer: no --backends\n";
    QTest::newRow("compare-ggml and stats") << QStringList{"plan", "a.json", "--compare-ggml", "--stats"} << 2
                                            << "usage error: --peak, --sweep, --compare-ggml and the planner options do not go together\n";
    QTest::newRow("compare-ggml with backends") << QStringList{"plan", "a.json", "--compare-ggml", "--backends", "cpu"} << 2
                                                << "usage error: --peak, --sweep and --compare-ggml plan one compute buffer: no --backends\n";
    QTest::newRow("bad ggml") << QStringList{"plan", "a.json", "--ggml", "2024"} << 2
                              << "usage error: --ggml is 2023 or 2026, not '2024'\n";
    QTest::newRow("max buffer size with 2023") << QStringList{"plan", "a.json", "--max-buffer-size", "64"} << 2
                                               << "usage error: --max-buffer-size goes with --ggml 2026\n";
    QTest::newRow("bad max buffer size") << QStringList{"plan", "a.json", "--ggml", "2026", "--max-buffer-size", "0"} << 2
                                         << "usage error: --max-buffer-size takes a positive number of bytes, not '0'\n";
    QTest::newRow("compare-ggml and ggml") << QStringList{"plan", "a.json", "--compare-ggml", "--ggml", "2026"} << 2
                                           << "usage error: --compare-ggml plans with both versions: no --ggml\n";
    // --ggml 2026 with --backends is no usage error: the missing file is what fails.
    QTest::newRow("ggml 2026 with backends") << QStringList{"plan", "%1/a.json", "--ggml", "2026", "--backends", "cpu"} << 1
                                             << "error: %1/a.json: cannot open";
    QTest::newRow("reserve-with as 2023") << QStringList{"plan", "a.json", "--reserve-with", "b.json"} << 2
                                          << "usage error: --reserve-with goes with --ggml 2026 alone (one buffer, no planner or report options)\n";
    QTest::newRow("reserve-with and backends")
        << QStringList{"plan", "a.json", "--ggml", "2026", "--reserve-with", "b.json", "--backends", "cpu"} << 2
        << "usage error: --reserve-with goes with --ggml 2026 alone (one buffer, no planner or report options)\n";
    QTest::newRow("reserve-with a missing file")
        << QStringList{"plan", small_graph(), "--ggml", "2026", "--reserve-with", "%1/missing.json"} << 1
        << "error: %1/missing.json: ";
    QTest::newRow("sweep ubatch in 2023") << QStringList{"plan", "template:llama", "--sweep", "ubatch=1,8"} << 2
                                          << "usage error: --sweep ubatch=...: llama.cpp 2023 has no ubatch; give --ggml 2026\n";
    QTest::newRow("sweep ubatch with --ubatch")
        << QStringList{"plan", "a.gguf", "--sweep", "ubatch=1,8", "--ubatch", "4"} << 2
        << "usage error: --sweep varies n_ubatch: it takes no --ubatch\n";
    QTest::newRow("sweep with a maximum buffer size")
        << QStringList{"plan", "a.gguf", "--sweep", "batch=1,8", "--max-buffer-size", "4096"} << 2
        << "usage error: --sweep plans each point in one buffer: no --max-buffer-size\n";
    QTest::newRow("n-copies with 2023") << QStringList{"plan", "a.json", "--backends", "cpu,cpu", "--n-copies", "2"} << 2
                                        << "usage error: --n-copies goes with --ggml 2026\n";
    QTest::newRow("n-copies without backends") << QStringList{"plan", "a.json", "--ggml", "2026", "--n-copies", "2"} << 2
                                               << "usage error: --n-copies and --no-op-offload go with --backends\n";
    QTest::newRow("no-op-offload without backends") << QStringList{"plan", "a.json", "--ggml", "2026", "--no-op-offload"} << 2
                                                    << "usage error: --n-copies and --no-op-offload go with --backends\n";
    QTest::newRow("n-copies 5") << QStringList{"plan", "a.json", "--backends", "cpu,cpu", "--ggml", "2026", "--n-copies", "5"} << 2
                                << "usage error: --n-copies is 1 to 4 (GGML_SCHED_MAX_COPIES), not '5'\n";
    QTest::newRow("n-copies 0") << QStringList{"plan", "a.json", "--backends", "cpu,cpu", "--ggml", "2026", "--n-copies", "0"} << 2
                                << "usage error: --n-copies is 1 to 4 (GGML_SCHED_MAX_COPIES), not '0'\n";
    QTest::newRow("n-copies x") << QStringList{"plan", "a.json", "--backends", "cpu,cpu", "--ggml", "2026", "--n-copies", "x"} << 2
                                << "usage error: --n-copies is 1 to 4 (GGML_SCHED_MAX_COPIES), not 'x'\n";
    QTest::newRow("no-op-offload with 2023") << QStringList{"plan", "a.json", "--backends", "cpu,cpu", "--no-op-offload"} << 2
                                             << "usage error: --no-op-offload goes with --ggml 2026\n";
    QTest::newRow("info n-copies") << QStringList{"info", "a.json", "--ggml", "2026", "--n-copies", "2"} << 2
                                   << "usage error: --n-copies and --no-op-offload go with plan --backends\n";
    QTest::newRow("info no-op-offload") << QStringList{"info", "a.json", "--ggml", "2026", "--no-op-offload"} << 2
                                        << "usage error: --n-copies and --no-op-offload go with plan --backends\n";
    QTest::newRow("plan a log") << QStringList{"plan", "a.log"} << 2
                                << "usage error: 'a.log' is a GGML_SCHED_DEBUG log, a split assignment and not a graph to plan: info prints it, planscope shows it\n";
    QTest::newRow("sched-log with backends") << QStringList{"plan", "a.dot", "--sched-log", "a.log", "--backends", "cpu"} << 2
                                             << "usage error: --sched-log compares the log with Planscope's ggml 2026 scheduler: it takes no other plan option\n";
    QTest::newRow("bad sweep") << QStringList{"plan", "a.json", "--sweep", "batch=0"} << 2
                               << "usage error: --sweep: '0' is not a positive integer\n";
    QTest::newRow("sweep of a graph file") << QStringList{"plan", "a.json", "--sweep", "batch=1"} << 2
                                           << "usage error: --sweep re-builds a llama model: a .gguf file or template:llama\n";
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

// Issue 36: llama.cpp's figure for a .gguf or template:llama is its measure graph's (2023-11
// llama_new_context_with_model: n_past = n_ctx - n_batch, n_kv = n_ctx, the K-shift), whatever
// graph is listed. stories260K at n_ctx 512, n_batch 8: prompt graph 18,432, worst case 153,696
// (+ 3,342,480 metadata + 32 alignment); 7B at n_ctx 4096, n_batch 512: 73,924,608 (73.69 MiB
// with the metadata) against 301,994,016 (291.19 MiB).
void TestCliPlan::llamaCppTotal_data() {
    const QString stories = QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    const QString llama7B = QStringLiteral("template:llama?n_embd=4096&n_layer=32&n_head=32&n_ff=11008&n_vocab=32000");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("line");
    // The figures are ggml 2023's; a .gguf model opens in ggml 2026 unless told.
    const QStringList v2023{"--ggml", "2023"};
    QTest::newRow("listing") << QStringList{"plan", stories} + v2023 << "llama_cpp\tcompute\t3496208\tcompute buffer total size = 3.33 MiB";
    QTest::newRow("listing, worst case") << QStringList{"plan", stories, "--worst-case"} + v2023
                                         << "llama_cpp\tcompute\t3496208\tcompute buffer total size = 3.33 MiB";
    QTest::newRow("listing, prompt max_size") << QStringList{"plan", stories} + v2023 << "max_size\tcompute\t18432";
    QTest::newRow("json listing") << QStringList{"plan", stories, "--format", "json"} + v2023
                                  << R"( "llama_cpp": {"compute_total":3496208,"line":"compute buffer total size = 3.33 MiB"},)";
    QTest::newRow("peak") << QStringList{"plan", stories, "--peak"} + v2023 << "llama.cpp\tcompute buffer total size = 3.33 MiB";
    QTest::newRow("peak json") << QStringList{"plan", stories, "--peak", "--format", "json"} + v2023 << R"(  "compute_total": 3496208,)";
    QTest::newRow("7B listing") << QStringList{"plan", llama7B, "--ctx", "4096", "--batch", "512"}
                                << "llama_cpp\tcompute\t305336528\tcompute buffer total size = 291.19 MiB";
    QTest::newRow("7B sweep") << QStringList{"plan", llama7B + "&n_ctx=4096", "--sweep", "batch=512"}
                              << "point\t512\t1124\t73924608\t73924608\t1.0000\t291.19 MiB";
    // template:llama in ggml 2026: llama.cpp da46e59c's graph of the 7B shape reserves as llama.cpp did
    // for llama2-7b.gguf (zoo_real.tsv: 1,158 nodes, 335,554,560 bytes without flash attention).
    const QStringList v2026_7B{"--ggml", "2026", "--ctx", "4096", "--batch", "512", "--flash-attn", "off"};
    QTest::newRow("7B 2026 listing") << QStringList{"plan", llama7B} + v2026_7B
                                     << "llama_cpp\tcompute\t335554560\tCPU compute buffer size = 320.01 MiB";
    QTest::newRow("7B 2026 info nodes") << QStringList{"info", llama7B} + v2026_7B << "graph nodes: 1158";
    QTest::newRow("7B 2026 info compute") << QStringList{"info", llama7B} + v2026_7B
                                          << "CPU compute buffer: 335554560 bytes (320.01 MiB)";
    QTest::newRow("7B 2026 sweep") << QStringList{"plan", llama7B + "&n_ctx=4096", "--ggml", "2026", "--sweep", "batch=512",
                                                  "--flash-attn", "off"}
                                   << "point\t512\t1158\t335554560\t318775296\t1.0526\t320.01 MiB";
    QTest::newRow("info, prompt graph") << QStringList{"info", stories} + v2023 << "compute buffer (prompt graph): 18432 bytes (18.00 KiB)";
    QTest::newRow("info, worst case") << QStringList{"info", stories} + v2023
                                      << "compute buffer (worst case): 153696 bytes (150.09 KiB; llama.cpp: compute buffer total size = 3.33 MiB)";
    QTest::newRow("info --worst-case") << QStringList{"info", stories, "--worst-case"} + v2023
                                       << "compute buffer: 153696 bytes (150.09 KiB; llama.cpp: compute buffer total size = 3.33 MiB)";
    QTest::newRow("info 7B prompt graph") << QStringList{"info", llama7B, "--ctx", "4096", "--batch", "512"}
                                          << "compute buffer (prompt graph): 73924608 bytes (70.50 MiB)";
    QTest::newRow("info 7B worst case")
        << QStringList{"info", llama7B, "--ctx", "4096", "--batch", "512"}
        << "compute buffer (worst case): 301994016 bytes (288.00 MiB; llama.cpp: compute buffer total size = 291.19 MiB)";
}

void TestCliPlan::llamaCppTotal() {
    QFETCH(QStringList, args);
    QFETCH(QString, line);
    const auto r = cli(args);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.split(QLatin1Char('\n')).contains(line), qPrintable(r.out.right(2000)));
}

// Issue 36: every case a usage error (exit 2) or one line naming the file once.
void TestCliPlan::usageAndInputErrors_data() {
    const QString stories = QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    const QString log = QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/sched_debug/three_splits.log");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("line");
    QTest::newRow("reserve with a log")
        << QStringList{"plan", "template:llama", "--ggml", "2026", "--reserve-with", log} << 2
        << "usage error: --reserve-with: '" + log +
               "' is a GGML_SCHED_DEBUG log, a split assignment and not a graph to plan: info prints it, planscope shows it";
    QTest::newRow("reserve-with twice")
        << QStringList{"plan", "template:llama", "--ggml", "2026", "--reserve-with", "template:llama", "--reserve-with",
                       "template:attention"}
        << 2 << "usage error: --reserve-with is given twice";
    QTest::newRow("backends twice") << QStringList{"plan", "template:llama", "--backends", "cpu", "--backends", "cpu,cpu"} << 2
                                    << "usage error: --backends is given twice";
    QTest::newRow("batch twice") << QStringList{"plan", "template:llama", "--batch", "4", "--batch", "8"} << 2
                                 << "usage error: --batch is given twice";
    QTest::newRow("unknown backend") << QStringList{"plan", "template:llama", "--backends", "cuda"} << 2
                                     << "usage error: --backends: unknown backend 'cuda' (known: cpu, opencl, rpc:HOST:PORT)";
    QTest::newRow("empty backend") << QStringList{"plan", "template:llama", "--backends", "cpu,"} << 2
                                   << "usage error: --backends: unknown backend '' (known: cpu, opencl, rpc:HOST:PORT)";
    QTest::newRow("rpc backend without a port") << QStringList{"plan", "template:llama", "--backends", "cpu,rpc:gpu-box"} << 2
                                                << "usage error: --backends: RPC endpoint 'gpu-box' is not HOST:PORT";
    QTest::newRow("rpc backend port 0") << QStringList{"plan", "template:llama", "--backends", "rpc:10.0.0.2:0"} << 2
                                        << "usage error: --backends: RPC endpoint '10.0.0.2:0' needs a port from 1 to 65535";
    QTest::newRow("sweep past the context") << QStringList{"plan", stories, "--sweep", "batch=65536", "--ggml", "2023"} << 1
                                            << "error: " + stories + ": batch 65536: n_batch 65536 exceeds n_ctx 512";
    QTest::newRow("batch past the context") << QStringList{"plan", stories, "--batch", "65536", "--ggml", "2023"} << 1
                                            << "error: " + stories + ": n_batch 65536 exceeds n_ctx 512";
}

void TestCliPlan::usageAndInputErrors() {
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, line);
    const auto r = cli(args);
    QCOMPARE(r.code, code);
    QVERIFY(r.out.isEmpty());
    QCOMPARE(r.err.section(QLatin1Char('\n'), 0, 0), line);
}

namespace {

// Tensor names that would clear the terminal, ring, hold DEL, a C1 CSI, invalid UTF-8, a tab and
// line breaks: a graph file (JSON escapes) and a DOT dump (raw bytes) of them.
void write_hostile_graphs(const QTemporaryDir& dir) {
    QFile json(dir.filePath(QStringLiteral("hostile.json")));
    QVERIFY(json.open(QIODevice::WriteOnly));
    json.write(R"({"format": "planscope-graph", "version": 1, "name": "g\u001b]0;title\u0007", "tensors": [
 {"id": 0, "name": "\u001b[2J\u001b[31mnorm-0", "type": "f32", "ne": [8, 4], "flags": ["input"]},
 {"id": 1, "name": "bell\u0007del\u007f", "type": "f32", "ne": [8, 4], "op": "UNARY", "params": {"unary": "SILU"}, "src": [0]},
 {"id": 2, "name": "c1\u009bcsi", "type": "f32", "ne": [8, 4], "op": "UNARY", "params": {"unary": "SILU"}, "src": [1]},
 {"id": 3, "name": "tab\there\nnl\rcr", "type": "f32", "ne": [8, 4], "op": "MUL", "src": [2, 1]},
 {"id": 4, "name": "ok-\u00e9", "type": "f32", "ne": [8, 4], "op": "ADD", "src": [3, 0], "flags": ["output"]}],
 "nodes": [1, 2, 3, 4], "leafs": [0]})");
    QFile layer(QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/dot/llama_layer.dot"));
    QVERIFY(layer.open(QIODevice::ReadOnly));
    QByteArray dot = layer.readAll();
    dot.replace("label=\"norm-0 ", "label=\"\x1b[2J\x1b[31mnorm-0 ");
    dot.replace("label=\"attn_norm-0 ", "label=\"attn\xffnorm-0 ");
    dot.replace("label=\"Qcur-0 (f32)", "label=\"Q\x07\x7f\xc2\x9b" "cur-0 (f32)");
    QFile out(dir.filePath(QStringLiteral("hostile.dot")));
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(dot);
}

// Why `text` could not go to a terminal as it is, or "" when it can: a byte below 0x20 but \n and
// \t, DEL, a C1 control or invalid UTF-8.
QString terminal_problem(const QByteArray& text) {
    QStringDecoder utf8(QStringDecoder::Utf8);
    const QString decoded = utf8(text);
    if (utf8.hasError()) return QStringLiteral("invalid UTF-8");
    for (const QChar c : decoded) {
        const ushort u = c.unicode();
        if ((u < 0x20 && u != '\n' && u != '\t') || (u >= 0x7f && u <= 0x9f))
            return QStringLiteral("character U+%1").arg(u, 4, 16, QLatin1Char('0'));
    }
    return {};
}

} // namespace

// Issue 36 item 11: whatever a tensor's name holds, no listing of `plan` or `info` passes a
// control character or invalid UTF-8 to the terminal; the names stay readable, escaped.
void TestCliPlan::namesReachNoTerminal_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QByteArray>("shown"); // a line of the output, escaped as printable() does
    const QByteArray listed = "\tbell\\x07del\\x7f\tSILU\t";
    for (const char* file : {"hostile.json", "hostile.dot"}) {
        const bool dot = QByteArray(file).endsWith(".dot");
        const QByteArray name = dot ? "Q\\x07\\x7f\\xc2\\x9bcur-0" : "bell\\x07del\\x7f";
        const auto row = [&](const char* tag, QStringList options, QByteArray shown) {
            QTest::addRow("%s %s", file, tag) << QString::fromLatin1(file) << options << shown;
        };
        row("listing", {}, dot ? "\tattn\\xffnorm-0\tMUL\t" : listed);
        row("json", {u"--format"_s, u"json"_s}, dot ? "attn\xef\xbf\xbdnorm-0" : "bell\\u0007del\\u007f");
        row("ggml 2026", {u"--ggml"_s, u"2026"_s}, dot ? "\t\\x1b[2J\\x1b[31mnorm-0\tRMS_NORM\t" : listed);
        row("stats", {u"--stats"_s}, dot ? "graph\thostile" : "graph\tg\\x1b]0;title\\x07");
        row("compare", {u"--compare"_s, u"ggml,best"_s}, "planscope-compare");
        row("peak", {u"--peak"_s}, name);
        row("peak json", {u"--peak"_s, u"--format"_s, u"json"_s}, "\"format\": \"planscope-peak\"");
        row("compare-ggml", {u"--compare-ggml"_s}, "planscope-ggml-diff");
        row("compare-ggml json", {u"--compare-ggml"_s, u"--format"_s, u"json"_s}, "planscope-ggml-diff");
        row("backends", {u"--backends"_s, u"cpu"_s}, dot ? name : "bell\\x07del\\x7f (");
        row("causes", {u"--backends"_s, u"cpu"_s, u"--causes"_s}, "## SPLIT CAUSES");
        row("backends json", {u"--backends"_s, u"cpu"_s, u"--format"_s, u"json"_s}, "\"format\": \"planscope-sched\"");
        row("info", {u"info"_s}, "graph: ");
    }
}

void TestCliPlan::namesReachNoTerminal() {
    QFETCH(QString, file);
    QFETCH(QStringList, options);
    QFETCH(QByteArray, shown);
    QTemporaryDir dir;
    write_hostile_graphs(dir);
    const QString path = dir.filePath(file);
    const bool info = options.value(0) == u"info"_s;
    const QStringList args = info ? QStringList{u"info"_s, path} : QStringList{u"plan"_s, path} + options;
    QProcess p;
    p.start(QStringLiteral(PLANSCOPE_CLI), args);
    QVERIFY(p.waitForFinished(60000));
    const QByteArray out = p.readAllStandardOutput();
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    QCOMPARE(terminal_problem(out), QString());
    QVERIFY2(out.contains(shown), out.constData());
}

QTEST_APPLESS_MAIN(TestCliPlan)
#include "test_cli_plan.moc"
