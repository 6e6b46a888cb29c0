// libplanscope-capture.so under LD_PRELOAD on a real ggml (issue 39): capture_two_layer plans and
// runs a two-layer graph with ggml_backend_sched on the CPU and prints what ggml says about it;
// the capture file (docs/capture-format.md) must hold every node of it and the very sizes printed.
// A library built against another ggml's headers, a bad setting, a file that cannot be written:
// one line on stderr and an uncaptured, successful run.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

using json = nlohmann::json;

namespace {

struct run_result {
    int exit_code = -1;
    qint64 pid = 0;
    QStringList out; // the program's lines
    QString err;
};

// capture_two_layer with `lib` preloaded and `env` set; the caller's PLANSCOPE_CAPTURE* never leaks in.
run_result run(const QString& lib, const std::map<QString, QString>& env, const QStringList& args = {"--gallocr"}) {
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.remove("PLANSCOPE_CAPTURE");
    e.remove("PLANSCOPE_CAPTURE_MAX");
    if (!lib.isEmpty()) e.insert("LD_PRELOAD", lib);
    for (const auto& [k, v] : env) e.insert(k, v);
    QProcess p;
    p.setProcessEnvironment(e);
    p.start(QStringLiteral(PLANSCOPE_TWO_LAYER), args);
    run_result r;
    if (!p.waitForStarted(10000)) return r;
    r.pid = p.processId();
    if (!p.waitForFinished(60000)) return r;
    r.exit_code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// The value after `key` on the program's line "key VALUE...".
QString printed(const run_result& r, const QString& key) {
    for (const QString& line : r.out)
        if (line.startsWith(key + ' ')) return line.mid(key.size() + 1);
    return {};
}

// The program's output without its timing, which differs from run to run.
QStringList plan_lines(const run_result& r) {
    QStringList lines;
    for (const QString& line : r.out)
        if (!line.startsWith("us_per_step ")) lines << line;
    return lines;
}

// Every line of the file: each must end in '\n' and parse on its own.
std::vector<json> read_lines(const QString& path, QString* problem) {
    std::vector<json> records;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *problem = "cannot open " + path;
        return records;
    }
    const QByteArray text = f.readAll();
    if (!text.endsWith('\n')) *problem = "the last line has no newline";
    for (const QByteArray& line : text.split('\n')) {
        if (line.isEmpty()) continue;
        try {
            records.push_back(json::parse(line.toStdString()));
        } catch (const json::exception& e) {
            *problem = QString("a line does not parse: ") + e.what();
        }
    }
    return records;
}

const QString lib = QStringLiteral(PLANSCOPE_CAPTURE_LIB);
const QString other_ggml_lib = QStringLiteral(PLANSCOPE_CAPTURE_OTHER_GGML_LIB);

} // namespace

class TestCaptureLib : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    run_result plain_;             // the program without the library
    run_result captured_;          // with it, default settings
    std::vector<json> records_;    // captured_'s file

    QString path(const char* name) const { return dir_.filePath(name); }

    std::vector<json> graphs() const {
        std::vector<json> g;
        for (const json& r : records_)
            if (r["record"] == "graph") g.push_back(r);
        return g;
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        plain_ = run({}, {});
        QCOMPARE(plain_.exit_code, 0);
        captured_ = run(lib, {{"PLANSCOPE_CAPTURE", path("two_layer.pscap")}});
        QCOMPARE(captured_.exit_code, 0);
        QCOMPARE(captured_.err, QString());
        QString problem;
        records_ = read_lines(path("two_layer.pscap"), &problem);
        QCOMPARE(problem, QString());
    }

    // Capturing changes nothing the program computes or prints.
    void program_runs_unchanged() { QCOMPARE(plan_lines(captured_), plan_lines(plain_)); }

    // Planscope's ggml 2026 scheduler and allocator on each captured graph (planscope-cli plan
    // FILE.pscap#SEQ) give the program's compute buffer and every captured address.
    void planscope_agrees_data() {
        QTest::addColumn<int>("seq");
        QTest::addColumn<QString>("offsets");
        QTest::newRow("reserve") << 0 << QString("offsets: 0 captured addresses compared, 0 differ");
        QTest::newRow("first compute") << 2 << QString("offsets: 9 captured addresses compared, 0 differ");
        QTest::newRow("third compute") << 6 << QString("offsets: 9 captured addresses compared, 0 differ");
    }
    void planscope_agrees() {
        QFETCH(int, seq);
        QFETCH(QString, offsets);
        QProcess p;
        p.start(QStringLiteral(PLANSCOPE_CLI), {"plan", path("two_layer.pscap") + "#" + QString::number(seq)});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QStringList lines = QString::fromUtf8(p.readAllStandardOutput()).split('\n');
        QVERIFY(lines.contains("compute buffer CPU: captured " + printed(plain_, "compute_buffer").section(' ', 1) + ", Planscope " +
                               printed(plain_, "compute_buffer").section(' ', 1) + " (equal)"));
        QVERIFY(lines.contains("nodes: 10, 0 on another backend"));
        QVERIFY2(lines.contains(offsets), qPrintable(lines.join('\n')));
    }

    void header_graphs_and_end() {
        QCOMPARE(records_.size(), std::size_t(11));
        const json& h = records_.front();
        QCOMPARE(h["record"], "header");
        QCOMPARE(h["format"], "planscope-capture");
        QCOMPARE(h["version"], 1);
        QCOMPARE(h["pid"].get<qint64>(), captured_.pid);
        QVERIFY(QString::fromStdString(h["command"]).endsWith("capture_two_layer --gallocr"));
        QCOMPARE(h["ggml"], json::parse(R"({"max_dims":4,"max_src":10,"max_name":64,"max_op_params":64,"tensor_size":336})"));
        QCOMPARE(h["max_graphs"], 9);
        QCOMPARE(records_.back(), json::parse(R"({"record":"end","graphs":9,"dropped":0})"));
    }

    // One record per intercepted call in call order; the scheduler's own allocator calls inside
    // them record nothing.
    void events_data() {
        QTest::addColumn<int>("seq");
        QTest::addColumn<QString>("event");
        const char* events[] = {"sched_reserve",     "sched_alloc_graph",   "sched_graph_compute",
                                "sched_alloc_graph", "sched_graph_compute", "sched_alloc_graph",
                                "sched_graph_compute", "gallocr_reserve",   "gallocr_alloc_graph"};
        for (int i = 0; i < 9; ++i) QTest::addRow("%d %s", i, events[i]) << i << QString(events[i]);
    }
    void events() {
        QFETCH(int, seq);
        QFETCH(QString, event);
        const json g = graphs().at(seq);
        QCOMPARE(g["seq"], seq);
        QCOMPARE(QString::fromStdString(g["event"]), event);
        QCOMPARE(g["sched"], 0);
        QCOMPARE(g["ok"], true);
        QVERIFY(g["wall_us"].get<long long>() >= 0);
    }

    // Every node the program's graph has, in its order, with its op and name, in every record.
    void every_node_data() {
        QTest::addColumn<int>("seq");
        for (int i = 0; i < 9; ++i) QTest::addRow("seq %d", i) << i;
    }
    void every_node() {
        QFETCH(int, seq);
        const json g = graphs().at(seq);
        QCOMPARE(printed(plain_, "nodes"), QString("10"));
        QCOMPARE(g["nodes"].size(), std::size_t(10));
        int i = 0;
        for (const QString& line : plain_.out) {
            if (!line.startsWith("node ")) continue;
            const json& t = g["tensors"][g["nodes"][i].get<std::size_t>()];
            const QString op = line.section(' ', 2, 2), name = line.section(' ', 3);
            QCOMPARE(QString::fromStdString(t["op"]), op);
            QCOMPARE(QString::fromStdString(t["name"]), name);
            ++i;
        }
        QCOMPARE(i, 10);
        // The graph's own leafs, in ggml's order (ggml_visit_parents from the output back: the
        // second layer's weight first), read through struct ggml_cgraph's layout.
        QCOMPARE(QString::fromStdString(g["leafs_from"]), QStringLiteral("graph"));
        QStringList leafs;
        for (const json& l : g["leafs"]) leafs << QString::fromStdString(g["tensors"][l.get<std::size_t>()]["name"]);
        QCOMPARE(leafs, QStringList({"blk.1.ffn_down.weight", "blk.0.ffn_up.weight", "inp_embd", "blk.0.ffn_up.bias",
                                     "blk.1.ffn_down.bias"}));
        QCOMPARE(g["tensors"].size(), std::size_t(15));
    }

    // The sizes ggml printed for the program are the captured ones.
    void sizes_as_printed_data() {
        QTest::addColumn<int>("seq");
        QTest::addColumn<QString>("printed_as");
        QTest::newRow("reserve") << 0 << "reserve_buffer CPU";
        QTest::newRow("alloc") << 1 << "compute_buffer CPU";
        QTest::newRow("compute") << 2 << "compute_buffer CPU";
        QTest::newRow("last compute") << 6 << "compute_buffer CPU";
        QTest::newRow("gallocr reserve") << 7 << "gallocr_buffer";
        QTest::newRow("gallocr alloc") << 8 << "gallocr_buffer";
    }
    void sizes_as_printed() {
        QFETCH(int, seq);
        QFETCH(QString, printed_as);
        const json g = graphs().at(seq);
        const unsigned long long size = printed(plain_, printed_as).toULongLong();
        QCOMPARE(size, 10240ull);
        if (g.contains("backends")) {
            QCOMPARE(g["backends"].size(), std::size_t(1));
            QCOMPARE(g["backends"][0]["name"], "CPU");
            QCOMPARE(g["backends"][0]["buffer_type"], "CPU");
            QCOMPARE(g["backends"][0]["host"], true);
            QCOMPARE(g["backends"][0]["buffer_size"].get<unsigned long long>(), size);
            QCOMPARE(g["n_splits"].get<int>(), printed(plain_, "splits").toInt());
            QCOMPARE(g["n_copies"], 1);
        } else {
            QCOMPARE(g["buffer_sizes"], json::array({size}));
        }
    }

    // After an allocation every node lies in the compute buffer and every weight in the weights
    // buffer, each inside it; a reserve allocates nothing but keeps the scheduler's assignment.
    void buffers_and_offsets_data() {
        QTest::addColumn<int>("seq");
        QTest::addColumn<bool>("allocated");
        QTest::newRow("reserve") << 0 << false;
        QTest::newRow("alloc") << 1 << true;
        QTest::newRow("compute") << 2 << true;
        QTest::newRow("gallocr reserve") << 7 << false;
        QTest::newRow("gallocr alloc") << 8 << true;
    }
    void buffers_and_offsets() {
        QFETCH(int, seq);
        QFETCH(bool, allocated);
        const json g = graphs().at(seq);
        const json& buffers = g["buffers"];
        for (std::size_t id = 0; id < buffers.size(); ++id) QCOMPARE(buffers[id]["id"].get<std::size_t>(), id);
        std::map<std::string, int> weights_at;
        for (const json& t : g["tensors"]) {
            const std::string name = t["name"];
            const bool weight = name.rfind("blk.", 0) == 0;
            if (g.contains("backends")) QCOMPARE(t.value("backend", -1), 0);
            if (!weight && !allocated) {
                QVERIFY(!t.contains("buffer"));
                continue;
            }
            QVERIFY2(t.contains("buffer") && t.contains("offset"), name.c_str());
            const json& b = buffers[t["buffer"].get<std::size_t>()];
            QCOMPARE(b["usage"], weight ? "weights" : "compute");
            QVERIFY(t["offset"].get<unsigned long long>() < b["size"].get<unsigned long long>());
            if (weight) weights_at[name] = t["offset"];
        }
        // The weights buffer holds the four weights one after the other, 64-byte aligned.
        QCOMPARE(weights_at, (std::map<std::string, int>{{"blk.0.ffn_up.weight", 0},
                                                          {"blk.0.ffn_up.bias", 65536},
                                                          {"blk.1.ffn_down.weight", 66560},
                                                          {"blk.1.ffn_down.bias", 132096}}));
    }

    // Views name their source and offset; op params and flags are the tensors' own.
    void views_params_flags() {
        const json g = graphs().at(2);
        std::map<std::string, json> by_name;
        for (const json& t : g["tensors"]) by_name[t["name"]] = t;
        const auto index_of = [&](const char* name) {
            for (std::size_t i = 0; i < g["tensors"].size(); ++i)
                if (g["tensors"][i]["name"] == name) return int(i);
            return -1;
        };
        const json& transposed = by_name["ffn_down_b-1 (transposed)"];
        QCOMPARE(transposed["op"], "TRANSPOSE");
        QCOMPARE(transposed["view_src"], index_of("ffn_down_b-1"));
        QCOMPARE(transposed["view_offs"], 0);
        QCOMPARE(transposed["ne"], json::array({8, 64, 1, 1}));
        QCOMPARE(transposed["nb"], json::array({256, 4, 2048, 2048}));
        QCOMPARE(by_name["first_half"]["view_src"], index_of("transposed"));
        QCOMPARE(by_name["first_half"]["view_offs"], 0);
        QVERIFY(!by_name["first_half"].contains("op_params")); // its one parameter, the offset, is 0
        QVERIFY(!by_name["ffn_up-0"].contains("view_src"));
        QCOMPARE(by_name["ffn_up-0"]["src"], json::array({index_of("blk.0.ffn_up.weight"), index_of("inp_embd")}));
        QCOMPARE(by_name["ffn_act-0"]["op_params"], json::array({6 /* GGML_UNARY_OP_RELU */}));
        QCOMPARE(by_name["result_output"]["op_params"], json::array({0x3f800000})); // soft_max's scale 1.0f
        QCOMPARE(by_name["inp_embd"]["flags"], 1);       // input
        QCOMPARE(by_name["ffn_up-0"]["flags"], 16);      // compute
        QCOMPARE(by_name["result_output"]["flags"], 18); // output, compute
        QCOMPARE(by_name["blk.0.ffn_up.weight"]["flags"], 0);
    }

    // PLANSCOPE_CAPTURE_MAX=1: the first reserve alone, the other eight calls counted.
    void max_one() {
        const auto r = run(lib, {{"PLANSCOPE_CAPTURE", path("max1.pscap")}, {"PLANSCOPE_CAPTURE_MAX", "1"}});
        QCOMPARE(r.exit_code, 0);
        QCOMPARE(plan_lines(r), plan_lines(plain_));
        QString problem;
        const auto lines = read_lines(path("max1.pscap"), &problem);
        QCOMPARE(problem, QString());
        QCOMPARE(lines.size(), std::size_t(3));
        QCOMPARE(lines[0]["max_graphs"], 1);
        QCOMPARE(lines[1]["event"], "sched_reserve");
        QCOMPARE(lines[2], json::parse(R"({"record":"end","graphs":1,"dropped":8})"));
    }

    // Two runs into one file: two runs, each from its header to its end.
    void runs_append() {
        for (int i = 0; i < 2; ++i)
            QCOMPARE(run(lib, {{"PLANSCOPE_CAPTURE", path("two.pscap")}, {"PLANSCOPE_CAPTURE_MAX", "2"}}).exit_code, 0);
        QString problem;
        const auto lines = read_lines(path("two.pscap"), &problem);
        QCOMPARE(problem, QString());
        QStringList kinds;
        for (const json& l : lines) kinds << QString::fromStdString(l["record"]);
        QCOMPARE(kinds, QStringList({"header", "graph", "graph", "end", "header", "graph", "graph", "end"}));
    }

    // Without PLANSCOPE_CAPTURE (or with it empty) the library only forwards: nothing on stderr.
    void unset_captures_nothing_data() {
        QTest::addColumn<bool>("empty");
        QTest::newRow("unset") << false;
        QTest::newRow("empty") << true;
    }
    void unset_captures_nothing() {
        QFETCH(bool, empty);
        const auto r = run(lib, empty ? std::map<QString, QString>{{"PLANSCOPE_CAPTURE", ""}} : std::map<QString, QString>{});
        QCOMPARE(r.exit_code, 0);
        QCOMPARE(r.err, QString());
        QCOMPARE(plan_lines(r), plan_lines(plain_));
    }

    // Each failure: one line on stderr, nothing captured, the program runs on and succeeds.
    void failures_data() {
        QTest::addColumn<QString>("library");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("max");
        QTest::addColumn<QString>("line");
        QTest::newRow("another ggml's headers")
            << other_ggml_lib << "other.pscap" << ""
            << "planscope-capture: ggml layout differs (tensor_size: 400 here, 336 loaded): not capturing\n";
        QTest::newRow("bad max") << lib << "bad-max.pscap" << "nine"
                                 << "planscope-capture: PLANSCOPE_CAPTURE_MAX is not a count from 0 to 1000000000: "
                                    "not capturing\n";
        QTest::newRow("no such directory")
            << lib << "missing/x.pscap" << ""
            << "planscope-capture: cannot open %1 (No such file or directory): not capturing\n";
        QTest::newRow("disk full") << lib << "/dev/full" << ""
                                   << "planscope-capture: cannot write to /dev/full (No space left on device): not "
                                      "capturing\n";
    }
    void failures() {
        QFETCH(QString, library);
        QFETCH(QString, file);
        QFETCH(QString, max);
        QFETCH(QString, line);
        const QString target = file.startsWith('/') ? file : path(file.toUtf8().constData());
        std::map<QString, QString> env{{"PLANSCOPE_CAPTURE", target}};
        if (!max.isEmpty()) env["PLANSCOPE_CAPTURE_MAX"] = max;
        const auto r = run(library, env);
        QCOMPARE(r.exit_code, 0);
        QCOMPARE(r.err, line.contains("%1") ? line.arg(target) : line);
        QCOMPARE(plan_lines(r), plan_lines(plain_));
        if (!file.startsWith('/')) QVERIFY(!QFile::exists(target));
    }
};

QTEST_GUILESS_MAIN(TestCaptureLib)
#include "test_capture_lib.moc"
