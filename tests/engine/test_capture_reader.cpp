// The capture reader (io/capture_reader.h): hand-written capture texts, the values they read as,
// each error as its one line, a cut last line, the limits.
#include "io/capture_reader.h"

#include <QtTest>

#include "capture_reader_texts.h"

using namespace planscope;


class TestCaptureReader : public QObject {
    Q_OBJECT
private slots:
    void reads_a_record() {
        auto f = capture::parse_capture(header + good_graph() + end_line());
        QVERIFY2(f, f ? "" : f.err().message.c_str());
        QCOMPARE(f->runs.size(), std::size_t{1});
        const capture::run& r = f->runs[0];
        QCOMPARE(r.head.pid, std::int64_t{7});
        QCOMPARE(r.head.max_graphs, std::uint64_t{9});
        QVERIFY(r.end);
        QCOMPARE(r.end->dropped, std::uint64_t{3});
        const capture::graph& g = r.graphs.at(0);
        QCOMPARE(g.line, std::size_t{2});
        QCOMPARE(g.backends.at(0).buffer_size, std::uint64_t{32});
        QCOMPARE(g.buffers.at(1).usage, capture::buffer_usage::compute);
        QCOMPARE(g.tensors.at(1).op, std::string("SCALE"));
        QCOMPARE(g.tensors.at(1).op_params, std::vector<std::int32_t>{1065353216});
        QCOMPARE(g.tensors.at(1).src, std::vector<std::int64_t>{0});
        QCOMPARE(g.tensors.at(1).offset, std::uint64_t{16});
        QCOMPARE(g.nodes, std::vector<std::size_t>{1});
        QVERIFY(f->warnings.empty());
    }

    void two_runs_and_a_cut_line() {
        auto f = capture::parse_capture(header + good_graph() + header + good_graph() + cut_line());
        QVERIFY(f);
        QCOMPARE(f->runs.size(), std::size_t{2});
        QVERIFY(!f->runs[0].end);
        QCOMPARE(f->runs[1].graphs.size(), std::size_t{1});
        QCOMPARE(f->warnings, std::vector<std::string>{"line 5: the last record is cut short (no newline): left out"});
    }

    void errors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        for (const error_case& c : error_cases()) QTest::newRow(c.name) << QString::fromStdString(c.text) << QString::fromUtf8(c.message);
    }
    void errors() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        auto f = capture::parse_capture(text.toStdString());
        QVERIFY(!f);
        QCOMPARE(QString::fromStdString(f.err().message), message);
    }

    void file_errors_name_the_file() {
        auto f = capture::read_capture(PLANSCOPE_SOURCE_DIR "/tests/data/capture/missing.pscap");
        QVERIFY(!f);
        QVERIFY(QString::fromStdString(f.err().message).startsWith(QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/capture/missing.pscap: ")));
    }

    void sniffs_the_header() {
        QVERIFY(capture::looks_like_capture(header));
        QVERIFY(!capture::looks_like_capture(R"({"format":"planscope-graph"})"));
    }
};

QTEST_GUILESS_MAIN(TestCaptureReader)
#include "test_capture_reader.moc"
