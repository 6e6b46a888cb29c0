// planscope-cli export: every --what in each of its formats written to a file with the right
// content, the same bytes twice, --backends splitting a llama template onto two CPU backends,
// the scheduler's buffers in the plan and the split diagram of stories260K on two backends,
// and the usage (exit 2) and bad-input (exit 1) paths.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <set>
#include <vector>

#include "cli_runner.h"

namespace {

QString small_graph() { return QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/graphs/small.json"); }
QString llama() {
    return QStringLiteral("template:llama?n_embd=64&n_layer=4&n_head=4&n_ff=128&n_vocab=100&n_ctx=64&n_batch=8");
}

// llama() as llama.cpp 2023 builds it with its last two layers' weights on the second backend
// (--ngl 2), saved as a graph file in `dir`: ggml 2026's scheduler takes it so (a template's
// 2026 graph, llama.cpp da46e59c's, keeps every layer on the CPU). Empty if the export failed.
QString saved_llama_ngl2(const QTemporaryDir& dir) {
    const QString path = dir.filePath(QStringLiteral("llama-ngl2.json"));
    const auto r = cli({QStringLiteral("export"), llama(), QStringLiteral("--ngl"), QStringLiteral("2"), QStringLiteral("--ggml"),
                        QStringLiteral("2023"), QStringLiteral("--what"), QStringLiteral("graph"), QStringLiteral("-o"), path});
    if (r.code != 0) qWarning("%s", qPrintable(r.err));
    return r.code == 0 ? path : QString();
}

QByteArray read(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QJsonObject json_file(const QString& path) { return QJsonDocument::fromJson(read(path)).object(); }

} // namespace

class TestCliExport : public QObject {
    Q_OBJECT
private slots:
    void help();
    void formats_data();
    void formats();
    void planJson();
    void sameBytesTwice();
    void twoBackends();
    void twoBackendsAsGgml2026();
    void scheduledPlan_data();
    void scheduledPlan();
    void issueCommand_data();
    void issueCommand();
    void model();
    void usageErrors_data();
    void usageErrors();
    void badInput_data();
    void badInput();
};

void TestCliExport::help() {
    const auto r = cli({QStringLiteral("export"), QStringLiteral("--help")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.startsWith(QStringLiteral("usage: planscope-cli export FILE --what splits|graph|plan|trace|alloc-trace")));
}

void TestCliExport::formats_data() {
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("out");    // the format comes from the extension unless --format is given
    QTest::addColumn<QString>("format"); // empty: none given
    QTest::addColumn<QByteArray>("start");
    QTest::newRow("splits dot") << "splits" << "s.dot" << "" << QByteArray("digraph \"small\" {");
    QTest::newRow("splits svg") << "splits" << "s.svg" << "" << QByteArray("<?xml");
    QTest::newRow("splits png") << "splits" << "s.png" << "" << QByteArray("\x89PNG\r\n\x1a\n", 8);
    QTest::newRow("splits pdf") << "splits" << "s.pdf" << "" << QByteArray("%PDF-");
    QTest::newRow("splits, format given") << "splits" << "diagram" << "dot" << QByteArray("digraph");
    QTest::newRow("plan json") << "plan" << "p.json" << "" << QByteArray("{\n  \"format\": \"planscope-plan\"");
    QTest::newRow("plan csv") << "plan" << "p.csv" << "" << QByteArray("id,name,role,op,type,ne,size,buffer,offset,");
    QTest::newRow("alloc-trace") << "alloc-trace" << "a.csv" << ""
                                 << QByteArray("id,lower,upper,size,offset\n0,0,5,128,0\n1,2,5,128,128\n2,4,7,128,256\n3,6,7,32,0\n");
    QTest::newRow("trace") << "trace" << "t.json" << "" << QByteArray("{\n \"traceEvents\": [");
}

void TestCliExport::formats() {
    QFETCH(QString, what);
    QFETCH(QString, out);
    QFETCH(QString, format);
    QFETCH(QByteArray, start);
    QTemporaryDir dir;
    QStringList args{QStringLiteral("export"), small_graph(), QStringLiteral("--what"), what, QStringLiteral("-o"), dir.filePath(out)};
    if (!format.isEmpty()) args << QStringLiteral("--format") << format;
    const auto r = cli(args);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.err.isEmpty() && r.out.isEmpty());
    const QByteArray bytes = read(dir.filePath(out));
    QVERIFY2(bytes.startsWith(start), bytes.left(80).constData());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{out}); // no temporary left behind
}

void TestCliExport::planJson() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("p.json"));
    QCOMPARE(cli({QStringLiteral("export"), small_graph(), QStringLiteral("--what"), QStringLiteral("plan"), QStringLiteral("-o"), out}).code, 0);
    const QJsonObject root = json_file(out);
    const QJsonArray tensors = root.value(QLatin1String("tensors")).toArray();
    QCOMPARE(tensors.size(), 10);
    const QJsonObject v = tensors[5].toObject();
    QCOMPARE(v.value(QLatin1String("name")).toString(), QStringLiteral("v"));
    QCOMPARE(v.value(QLatin1String("offset")).toInt(), 288);
    QCOMPARE(v.value(QLatin1String("first_step")).toInt(), 4);
    QCOMPARE(v.value(QLatin1String("last_step")).toInt(), 6);
    QCOMPARE(v.value(QLatin1String("view_of")).toInt(), 7);
    QCOMPARE(v.value(QLatin1String("cause")).toString(), QStringLiteral("single backend"));
    QCOMPARE(tensors[2].toObject().value(QLatin1String("cause")).toString(), QStringLiteral("assigned")); // y
    const QJsonObject compute = root.value(QLatin1String("buffers")).toArray()[2].toObject();
    QCOMPARE(compute.value(QLatin1String("peak")).toInt(), 384);
    QCOMPARE(compute.value(QLatin1String("lower_bound")).toInt(), 384);
}

// Exports are deterministic: the CLI and the GUI can be compared byte for byte.
void TestCliExport::sameBytesTwice() {
    QTemporaryDir dir;
    for (const QString& name : {QStringLiteral("a.svg"), QStringLiteral("b.svg")})
        QCOMPARE(cli({QStringLiteral("export"), llama(), QStringLiteral("--what"), QStringLiteral("splits"),
                      QStringLiteral("--fold"), QStringLiteral("-o"), dir.filePath(name)})
                     .code,
                 0);
    QCOMPARE(read(dir.filePath(QStringLiteral("a.svg"))), read(dir.filePath(QStringLiteral("b.svg"))));
}

// --ngl 2 puts the last two layers' weights on the second backend: both tracks have slices,
// the plan names both backends, the diagram has more than one split.
void TestCliExport::twoBackends() {
    QTemporaryDir dir;
    const QStringList common{QStringLiteral("export"), llama(), QStringLiteral("--ngl"), QStringLiteral("2"),
                             QStringLiteral("--backends"), QStringLiteral("cpu,cpu"), QStringLiteral("--threads"), QStringLiteral("1")};
    const QString trace = dir.filePath(QStringLiteral("t.json")), plan = dir.filePath(QStringLiteral("p.json")),
                  dot = dir.filePath(QStringLiteral("s.dot"));
    QCOMPARE(cli(common + QStringList{QStringLiteral("--what"), QStringLiteral("trace"), QStringLiteral("-o"), trace}).code, 0);
    QCOMPARE(cli(common + QStringList{QStringLiteral("--what"), QStringLiteral("plan"), QStringLiteral("-o"), plan}).code, 0);
    QCOMPARE(cli(common + QStringList{QStringLiteral("--what"), QStringLiteral("splits"), QStringLiteral("-o"), dot}).code, 0);
    std::set<int> tids;
    for (const auto& e : json_file(trace).value(QLatin1String("traceEvents")).toArray())
        if (e.toObject().value(QLatin1String("ph")).toString() == QLatin1String("X")) tids.insert(e.toObject().value(QLatin1String("tid")).toInt());
    QCOMPARE(tids, (std::set<int>{1, 2}));
    std::set<QString> backends;
    for (const auto& t : json_file(plan).value(QLatin1String("tensors")).toArray())
        backends.insert(t.toObject().value(QLatin1String("backend")).toString());
    QCOMPARE(backends, (std::set<QString>{QStringLiteral("CPU"), QStringLiteral("CPU1")}));
    const QByteArray text = read(dot);
    QVERIFY(text.contains("subgraph cluster_1 {"));
    QVERIFY(text.contains("shape=cds")); // input copies
}

// The same with ggml 2026's scheduler: both CPU backends use host memory, so it makes one split
// on the first CPU (docs/ggml-versions.md): one track in the trace, one cluster in the diagram.
void TestCliExport::twoBackendsAsGgml2026() {
    QTemporaryDir dir;
    const QString graph = saved_llama_ngl2(dir);
    QVERIFY(!graph.isEmpty());
    const QStringList common{QStringLiteral("export"), graph, QStringLiteral("--backends"), QStringLiteral("cpu,cpu"),
                             QStringLiteral("--threads"), QStringLiteral("1"), QStringLiteral("--ggml"), QStringLiteral("2026")};
    const QString trace = dir.filePath(QStringLiteral("t.json")), dot = dir.filePath(QStringLiteral("s.dot"));
    const auto traced = cli(common + QStringList{QStringLiteral("--what"), QStringLiteral("trace"), QStringLiteral("-o"), trace});
    QVERIFY2(traced.code == 0, qPrintable(traced.err));
    QCOMPARE(cli(common + QStringList{QStringLiteral("--what"), QStringLiteral("splits"), QStringLiteral("-o"), dot}).code, 0);
    std::set<int> tids;
    for (const auto& e : json_file(trace).value(QLatin1String("traceEvents")).toArray())
        if (e.toObject().value(QLatin1String("ph")).toString() == QLatin1String("X")) tids.insert(e.toObject().value(QLatin1String("tid")).toInt());
    QCOMPARE(tids, (std::set<int>{1}));
    const QByteArray text = read(dot);
    QVERIFY(text.contains("subgraph cluster_0 {"));
    QVERIFY(!text.contains("subgraph cluster_1 {"));
}

// --what plan with --backends is the scheduler's plan, as plan --backends makes it: one compute
// buffer per backend (the 2026 CPUs share one), the input copies as tensors of their own, every
// node and copy in its backend's buffer, the offloaded weights' buffer on its real backend.
void TestCliExport::scheduledPlan_data() {
    QTest::addColumn<QString>("backends");
    QTest::addColumn<QString>("ggml");
    QTest::addColumn<QString>("buffers"); // NAME:BACKEND:SIZE:ALIGNMENT of every compute buffer, then of weights_gpu
    QTest::addColumn<int>("copies");
    QTest::newRow("cpu,cpu 2023") << "cpu,cpu" << "2023" << "CPU compute:CPU:13504:64 CPU1 compute:CPU1:10240:64 weights_gpu:CPU1" << 16;
    QTest::newRow("cpu,cpu 2026") << "cpu,cpu" << "2026" << "CPU compute:CPU:13408:32 weights_gpu:CPU1" << 0;
    QTest::newRow("cpu,opencl 2023") << "cpu,opencl" << "2023"
                                     << "CPU compute:CPU:13504:64 OpenCL compute:OpenCL:10240:128 weights_gpu:OpenCL" << 16;
    QTest::newRow("cpu,opencl 2026") << "cpu,opencl" << "2026"
                                     << "OpenCL compute:OpenCL:21888:128 CPU compute:CPU:13408:32 weights_gpu:OpenCL" << 16;
}

void TestCliExport::scheduledPlan() {
    QFETCH(QString, backends);
    QFETCH(QString, ggml);
    QFETCH(QString, buffers);
    QFETCH(int, copies);
    QTemporaryDir dir;
    const QString plan = dir.filePath(QStringLiteral("p.json"));
    const QStringList source = ggml == QLatin1String("2026") ? QStringList{saved_llama_ngl2(dir)}
                                                             : QStringList{llama(), QStringLiteral("--ngl"), QStringLiteral("2")};
    QVERIFY(!source.first().isEmpty());
    const auto r = cli(QStringList{QStringLiteral("export")} + source +
                       QStringList{QStringLiteral("--backends"), backends, QStringLiteral("--threads"), QStringLiteral("1"),
                                   QStringLiteral("--ggml"), ggml, QStringLiteral("--what"), QStringLiteral("plan"), QStringLiteral("-o"), plan});
    if (backends.contains(QLatin1String("opencl")) && r.code != 0 && r.err.contains(QLatin1String("OpenCL"), Qt::CaseInsensitive))
        QSKIP("no OpenCL device");
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject root = json_file(plan);
    QStringList got;
    QString weights;
    std::map<QString, QString> backend_of_buffer;
    for (const auto& v : root.value(QLatin1String("buffers")).toArray()) {
        const QJsonObject b = v.toObject();
        const QString name = b.value(QLatin1String("name")).toString(), backend = b.value(QLatin1String("backend")).toString();
        backend_of_buffer[name] = backend;
        if (name.endsWith(QLatin1String(" compute")))
            got << QStringLiteral("%1:%2:%3:%4").arg(name, backend).arg(b.value(QLatin1String("size")).toInteger())
                       .arg(b.value(QLatin1String("alignment")).toInteger());
        if (name == QLatin1String("weights_gpu")) weights = name + ':' + backend;
    }
    QCOMPARE(got.join(' ') + ' ' + weights, buffers);
    int n_copies = 0;
    for (const auto& v : root.value(QLatin1String("tensors")).toArray()) {
        const QJsonObject t = v.toObject();
        const QString role = t.value(QLatin1String("role")).toString();
        n_copies += role == QLatin1String("copy");
        const QString buffer = t.value(QLatin1String("buffer")).toString();
        QVERIFY2(!buffer.isEmpty() || t.value(QLatin1String("size")).toInteger() == 0, qPrintable(t.value(QLatin1String("name")).toString()));
        // A node or copy in a compute buffer runs on that buffer's backend (2026's CPUs share one).
        if (role != QLatin1String("leaf") && buffer.endsWith(QLatin1String(" compute")) && ggml == QLatin1String("2023"))
            QCOMPARE(t.value(QLatin1String("backend")).toString(), backend_of_buffer[buffer]);
    }
    QCOMPARE(n_copies, copies);
}

// Issue 38's command, export stories260K --what plan --backends cpu,opencl --ngl 16 (llama.cpp
// 2023's graph): the plan has the compute buffers plan --backends reports, one per backend, the
// 41 input copies among its tensors; the split diagram shows each tensor in its backend's compute
// buffer, where it showed the one-buffer plan ("compute+OFFSET") for every backend's nodes.
void TestCliExport::issueCommand_data() {
    QTest::addColumn<QString>("backends");
    QTest::addColumn<QString>("buffers"); // NAME:BACKEND:SIZE:ALIGNMENT of every compute buffer
    QTest::newRow("cpu,cpu") << "cpu,cpu" << "CPU compute:CPU:13504:64 CPU1 compute:CPU1:18432:64";
    QTest::newRow("cpu,opencl") << "cpu,opencl" << "CPU compute:CPU:13504:64 OpenCL compute:OpenCL:18432:128";
}

void TestCliExport::issueCommand() {
    QFETCH(QString, backends);
    QFETCH(QString, buffers);
    QTemporaryDir dir;
    const QString plan = dir.filePath(QStringLiteral("p.json")), dot = dir.filePath(QStringLiteral("s.dot"));
    const QStringList common{QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf"), QStringLiteral("--backends"), backends,
                             QStringLiteral("--ngl"), QStringLiteral("16"), QStringLiteral("--ggml"), QStringLiteral("2023")};
    const auto listed = cli(QStringList{QStringLiteral("plan")} + common);
    if (backends.contains(QLatin1String("opencl")) && listed.code != 0 && listed.err.contains(QLatin1String("OpenCL"), Qt::CaseInsensitive))
        QSKIP("no OpenCL device");
    QVERIFY2(listed.code == 0, qPrintable(listed.err));
    const auto r = cli(QStringList{QStringLiteral("export")} + common +
                       QStringList{QStringLiteral("--what"), QStringLiteral("plan"), QStringLiteral("-o"), plan});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QStringList got;
    for (const auto& v : json_file(plan).value(QLatin1String("buffers")).toArray()) {
        const QJsonObject b = v.toObject();
        const QString name = b.value(QLatin1String("name")).toString(), backend = b.value(QLatin1String("backend")).toString();
        if (!name.endsWith(QLatin1String(" compute"))) continue;
        got << QStringLiteral("%1:%2:%3:%4").arg(name, backend).arg(b.value(QLatin1String("size")).toInteger())
                   .arg(b.value(QLatin1String("alignment")).toInteger());
        // plan --backends: "CPU: 13504 bytes measured, buffer 3 of 13568 bytes"
        QCOMPARE(line_starting(listed.out, backend + QStringLiteral(": ")).section(QLatin1Char(' '), 1, 1),
                 QString::number(b.value(QLatin1String("size")).toInteger()));
    }
    QCOMPARE(got.join(QLatin1Char(' ')), buffers);
    int copies = 0;
    for (const auto& v : json_file(plan).value(QLatin1String("tensors")).toArray())
        copies += v.toObject().value(QLatin1String("role")).toString() == QLatin1String("copy");
    QCOMPARE(copies, 41);
    QCOMPARE(cli(QStringList{QStringLiteral("export")} + common +
                 QStringList{QStringLiteral("--what"), QStringLiteral("splits"), QStringLiteral("-o"), dot})
                 .code,
             0);
    const QByteArray text = read(dot);
    const QString second = backends.section(QLatin1Char(','), 1, 1) == QLatin1String("opencl") ? QStringLiteral("OpenCL") : QStringLiteral("CPU1");
    QCOMPARE(text.count("@ CPU compute+"), 76);
    QCOMPARE(text.count((QStringLiteral("@ ") + second + QStringLiteral(" compute+")).toUtf8()), 77);
    QCOMPARE(text.count("@ compute+"), 0);
}

// A real model as llama.cpp 2023 built it: 233 tensors; ggml's compute buffer reaches its lower
// bound, 18432 bytes. (By default, ggml 2026, its graph is llama.cpp da46e59c's: test_cli_llm.)
// Its trace, by default llama.cpp da46e59c's graph run by ggml 2026's scheduler: one split of
// 161 nodes, flash attention and the K/V SET_ROWS of its 5 layers; 2023's: one of 179.
void TestCliExport::model() {
    const QString model = QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    if (!QFile::exists(model)) QSKIP("stories260K.gguf is not in the shared directory");
    QTemporaryDir dir;
    const QString plan = dir.filePath(QStringLiteral("p.json")), trace = dir.filePath(QStringLiteral("t.json"));
    QCOMPARE(cli({QStringLiteral("export"), model, QStringLiteral("--what"), QStringLiteral("plan"), QStringLiteral("-o"), plan,
                  QStringLiteral("--ggml"), QStringLiteral("2023")}).code, 0);
    const QJsonObject root = json_file(plan);
    QCOMPARE(root.value(QLatin1String("tensors")).toArray().size(), 233);
    const QJsonObject compute = root.value(QLatin1String("buffers")).toArray().last().toObject();
    QCOMPARE(compute.value(QLatin1String("name")).toString(), QStringLiteral("compute"));
    QCOMPARE(compute.value(QLatin1String("peak")).toInt(), 18432);
    QCOMPARE(compute.value(QLatin1String("lower_bound")).toInt(), 18432);
    const auto splits = [&](const QStringList& era) {
        const auto traced = cli(QStringList{QStringLiteral("export"), model, QStringLiteral("--what"), QStringLiteral("trace"),
                                            QStringLiteral("-o"), trace} + era);
        if (traced.code != 0) qWarning("%s", qPrintable(traced.err));
        std::vector<QJsonObject> out;
        for (const auto& e : json_file(trace).value(QLatin1String("traceEvents")).toArray())
            if (e.toObject().value(QLatin1String("cat")).toString() == QLatin1String("compute"))
                out.push_back(e.toObject().value(QLatin1String("args")).toObject());
        return out;
    };
    const auto v2026 = splits({});
    QCOMPARE(v2026.size(), std::size_t{1});
    QCOMPARE(v2026[0].value(QLatin1String("nodes")).toInt(), 161);
    const QJsonObject ops = v2026[0].value(QLatin1String("ops")).toObject();
    QCOMPARE(ops.value(QLatin1String("FLASH_ATTN_EXT")).toInt(), 5);
    QCOMPARE(ops.value(QLatin1String("SET_ROWS")).toInt(), 10);
    const auto v2023 = splits({QStringLiteral("--ggml"), QStringLiteral("2023")});
    QCOMPARE(v2023.size(), std::size_t{1});
    QCOMPARE(v2023[0].value(QLatin1String("nodes")).toInt(), 179);
}

void TestCliExport::usageErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString f = small_graph();
    QTest::newRow("no file") << QStringList{QStringLiteral("--what"), QStringLiteral("plan"), QStringLiteral("-o"), QStringLiteral("x.json")}
                             << "usage error: export takes exactly one FILE";
    QTest::newRow("bad --what") << QStringList{f, QStringLiteral("--what"), QStringLiteral("nodes"), QStringLiteral("-o"), QStringLiteral("x")}
                                << "usage error: --what is splits, graph, plan, trace or alloc-trace, not 'nodes'";
    QTest::newRow("canvas") << QStringList{f, QStringLiteral("--what"), QStringLiteral("canvas"), QStringLiteral("-o"), QStringLiteral("x.png")}
                            << "usage error: --what canvas is a picture of the GUI's views: use File > Export in planscope";
    QTest::newRow("no --what") << QStringList{f, QStringLiteral("-o"), QStringLiteral("x.json")}
                               << "usage error: --what is required: splits, graph, plan, trace or alloc-trace";
    QTest::newRow("no -o") << QStringList{f, QStringLiteral("--what"), QStringLiteral("plan")} << "usage error: -o OUT is required";
    QTest::newRow("wrong format") << QStringList{f, QStringLiteral("--what"), QStringLiteral("plan"), QStringLiteral("-o"), QStringLiteral("x.svg")}
                                  << "usage error: --what plan is written as json|csv, not 'svg'";
    QTest::newRow("fold a plan") << QStringList{f, QStringLiteral("--what"), QStringLiteral("plan"), QStringLiteral("--no-fold"), QStringLiteral("-o"), QStringLiteral("x.json")}
                                 << "usage error: --fold and --no-fold apply to --what splits";
    QTest::newRow("max size of an svg") << QStringList{f, QStringLiteral("--what"), QStringLiteral("splits"), QStringLiteral("--max-size"), QStringLiteral("800"), QStringLiteral("-o"), QStringLiteral("x.svg")}
                                        << "usage error: --max-size applies to --what splits as png";
    QTest::newRow("max size not a number") << QStringList{f, QStringLiteral("--what"), QStringLiteral("splits"), QStringLiteral("--max-size"), QStringLiteral("big"), QStringLiteral("-o"), QStringLiteral("x.png")}
                                           << "usage error: --max-size takes a number of pixels (0: unbounded), not 'big'";
    QTest::newRow("bad threads") << QStringList{f, QStringLiteral("--what"), QStringLiteral("trace"), QStringLiteral("--threads"), QStringLiteral("0"), QStringLiteral("-o"), QStringLiteral("x.json")}
                                 << "usage error: --threads takes a positive integer, not '0'";
    QTest::newRow("unknown option") << QStringList{f, QStringLiteral("--what"), QStringLiteral("plan"), QStringLiteral("--colour"), QStringLiteral("-o"), QStringLiteral("x.json")}
                                    << "usage error: unknown option --colour";
    QTest::newRow("graph as 2026") << QStringList{f, QStringLiteral("--what"), QStringLiteral("graph"), QStringLiteral("--ggml"), QStringLiteral("2026"), QStringLiteral("-o"), QStringLiteral("x.json")}
                                   << "usage error: --what graph writes the graph file itself: no --ggml (but for a .gguf model, whose graph it picks)";
    QTest::newRow("planner with backends") << QStringList{f, QStringLiteral("--what"), QStringLiteral("plan"), QStringLiteral("--backends"), QStringLiteral("cpu"), QStringLiteral("--planner"), QStringLiteral("best"), QStringLiteral("-o"), QStringLiteral("x.json")}
                                           << "usage error: --what plan with --backends is the scheduler's plan, each backend's buffer at its own alignment: no --planner or --alignment";
    QTest::newRow("--ctx on json") << QStringList{f, QStringLiteral("--what"), QStringLiteral("plan"), QStringLiteral("--ctx"), QStringLiteral("8"), QStringLiteral("-o"), QStringLiteral("x.json")}
                                   << "usage error: --ctx applies to a .gguf model or template:llama, not '" + f + "'";
    // As plan and run say it: a backend name is a flag value, not input (exit 2, not 1).
    QTest::newRow("unknown backend") << QStringList{f, QStringLiteral("--what"), QStringLiteral("plan"), QStringLiteral("-o"),
                                                    QStringLiteral("x.json"), QStringLiteral("--backends"), QStringLiteral("cpu,cuda")}
                                     << QStringLiteral("usage error: --backends: unknown backend 'cuda' (known: cpu, opencl, rpc:HOST:PORT)");
}

void TestCliExport::usageErrors() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const auto r = cli(QStringList{QStringLiteral("export")} + args);
    QCOMPARE(r.code, 2);
    QCOMPARE(r.err.section(QLatin1Char('\n'), 0, 0), message);
    QVERIFY(r.err.contains(QStringLiteral("usage: planscope-cli export")));
}

void TestCliExport::badInput_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("out"); // relative to the temporary directory
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QString>("prefix"); // of the one line on stderr, after the temporary directory
    const QString f = small_graph();
    QTest::newRow("missing file") << QStringLiteral("/nonexistent/graph.json") << QStringLiteral("p.json") << QStringList{}
                                  << "error: /nonexistent/graph.json: cannot open";
    QTest::newRow("unwritable -o") << f << QStringLiteral("no/such/dir/p.json") << QStringList{}
                                   << "error: DIR/no/such/dir/p.json: cannot create";
}

// One line on stderr, exit 1, and no output file.
void TestCliExport::badInput() {
    QFETCH(QString, file);
    QFETCH(QString, out);
    QFETCH(QStringList, extra);
    QFETCH(QString, prefix);
    QTemporaryDir dir;
    const auto r = cli(QStringList{QStringLiteral("export"), file, QStringLiteral("--what"), QStringLiteral("plan"),
                                   QStringLiteral("-o"), dir.filePath(out)} + extra);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.startsWith(QString(prefix).replace(QStringLiteral("DIR"), dir.path())), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
    QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
}

QTEST_GUILESS_MAIN(TestCliExport)
#include "test_cli_export.moc"
