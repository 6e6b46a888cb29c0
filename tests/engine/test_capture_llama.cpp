// llama.cpp da46e59c itself under the capture library (issue 39): tests/data/capture/
// llama-cpp-stories260K.pscap (make_llama_capture.sh) holds its three reserves, alloc_graph and
// compute of an 8-token prompt on stories260K, flash attention off (run 0) and on (run 1). Each
// prompt reserve's graph is Planscope's own 2026 graph of the model and settings, node by node;
// Planscope's scheduler and allocator on every record give llama.cpp's compute buffer, and on the
// allocation and the compute every captured address (placed as ggml places a graph that fits its
// reservation).
#include "io/capture_reader.h"
#include "source/capture_check.h"
#include "source/capture_document.h"
#include "source/graph_source.h"

#include <QtTest>

using namespace planscope;

namespace {

constexpr auto capturePath = PLANSCOPE_SOURCE_DIR "/tests/data/capture/llama-cpp-stories260K.pscap";
constexpr auto storiesPath = PLANSCOPE_SHARED_DIR "/models/stories260K.gguf";

const capture::capture_file& capturedRuns() {
    static const capture::capture_file file = [] {
        auto f = capture::read_capture(capturePath);
        if (!f) qFatal("%s", f.err().message.c_str());
        return std::move(*f);
    }();
    return file;
}

} // namespace

class TestCaptureLlama : public QObject {
    Q_OBJECT

private slots:
    void recorded();
    void graphIsPlanscopes_data();
    void graphIsPlanscopes();
    void checkAgrees_data();
    void checkAgrees();
};

void TestCaptureLlama::recorded() {
    const capture::capture_file& f = capturedRuns();
    QCOMPARE(f.runs.size(), std::size_t{2});
    for (const capture::run& r : f.runs) {
        QCOMPARE(r.graphs.size(), std::size_t{5});
        QVERIFY(r.end.has_value());
        const std::vector<std::string> events{"sched_reserve", "sched_reserve", "sched_reserve", "sched_alloc_graph",
                                              "sched_graph_compute"};
        for (std::size_t i = 0; i < events.size(); ++i) {
            QCOMPARE(r.graphs[i].event, events[i]);
            QVERIFY(r.graphs[i].graph_leafs); // the graph's own leafs, inp_embd among them
        }
    }
}

void TestCaptureLlama::graphIsPlanscopes_data() {
    QTest::addColumn<int>("run");
    QTest::addColumn<int>("seq");
    QTest::addColumn<bool>("flashAttn");
    QTest::addColumn<int>("nodes");
    QTest::newRow("fa off, first pp reserve") << 0 << 0 << false << 186;
    QTest::newRow("fa off, last pp reserve") << 0 << 2 << false << 186;
    QTest::newRow("fa on, first pp reserve") << 1 << 0 << true << 161;
    QTest::newRow("fa on, last pp reserve") << 1 << 2 << true << 161;
}

void TestCaptureLlama::graphIsPlanscopes() {
    QFETCH(int, run);
    QFETCH(int, seq);
    QFETCH(bool, flashAttn);
    QFETCH(int, nodes);
    const capture::graph& g = capturedRuns().runs[static_cast<std::size_t>(run)].graphs[static_cast<std::size_t>(seq)];
    auto cd = document_from_capture(g, "captured");
    QVERIFY2(cd, cd ? "" : cd.err().message.c_str());
    // A reserve allocates nothing: its offsets are Planscope's, and the document says so.
    QCOMPARE(cd->warnings.size(), std::size_t{1});
    QVERIFY(cd->warnings[0].starts_with("the record holds no compute addresses"));
    llama_params p;
    p.n_ctx = 512;
    p.n_batch = 8;
    p.n_ubatch = 8;
    p.flash_attn = flashAttn ? llm_flash_attn::on : llm_flash_attn::off;
    auto own = open_source(storiesPath, p, ggml_version::v2026);
    QVERIFY2(own, own ? "" : own.err().message.c_str());
    const graph_document& mine = own->doc;
    QCOMPARE(static_cast<int>(cd->doc.g.nodes.size()), nodes);
    QCOMPARE(mine.g.nodes.size(), cd->doc.g.nodes.size());
    QCOMPARE(mine.g.leafs.size(), cd->doc.g.leafs.size());
    for (std::size_t i = 0; i < mine.g.nodes.size(); ++i) {
        const tensor& a = mine.ctx[mine.g.nodes[i]];
        const tensor& b = cd->doc.ctx[cd->doc.g.nodes[i]];
        const QByteArray where = "node " + QByteArray::number(static_cast<qulonglong>(i)) + " " + QByteArray::fromStdString(a.name);
        QVERIFY2(a.name == b.name, where.constData());
        QVERIFY2(a.op == b.op, where.constData());
        QVERIFY2(a.type == b.type, where.constData());
        QVERIFY2(a.ne == b.ne, where.constData());
        QVERIFY2(a.nb == b.nb, where.constData());
    }
}

void TestCaptureLlama::checkAgrees_data() {
    QTest::addColumn<int>("run");
    QTest::addColumn<int>("seq");
    QTest::addColumn<qulonglong>("compute");
    QTest::addColumn<int>("addressed");
    // llama.cpp's compute buffer: 159,904 bytes without flash attention, 33,120 with (= planscope-cli
    // info stories260K.gguf --flash-attn off|on); a reserve allocates nothing, so has no addresses.
    QTest::newRow("fa off, pp reserve") << 0 << 0 << qulonglong{159904} << 0;
    QTest::newRow("fa off, tg reserve") << 0 << 1 << qulonglong{159904} << 0;
    QTest::newRow("fa off, alloc_graph") << 0 << 3 << qulonglong{159904} << 113;
    QTest::newRow("fa off, compute") << 0 << 4 << qulonglong{159904} << 113;
    QTest::newRow("fa on, pp reserve") << 1 << 2 << qulonglong{33120} << 0;
    QTest::newRow("fa on, alloc_graph") << 1 << 3 << qulonglong{33120} << 98;
    QTest::newRow("fa on, compute") << 1 << 4 << qulonglong{33120} << 98;
}

void TestCaptureLlama::checkAgrees() {
    QFETCH(int, run);
    QFETCH(int, seq);
    QFETCH(qulonglong, compute);
    QFETCH(int, addressed);
    const capture::run& r = capturedRuns().runs[static_cast<std::size_t>(run)];
    const capture::graph& g = r.graphs[static_cast<std::size_t>(seq)];
    auto cd = document_from_capture(g, "captured");
    QVERIFY(cd);
    const capture::graph* reserve = capture_reserve_before(r, g);
    QCOMPARE(reserve != nullptr, seq > 2);
    if (reserve) QCOMPARE(reserve->seq, std::uint64_t{2}); // the last reserve: llama.cpp's final pp reserve
    // The tg reserve's graph alone needs less: the buffer keeps the pp reserve's size before it.
    auto c = check_capture(g, *cd, &r);
    QVERIFY2(c, c ? "" : c.err().message.c_str());
    QCOMPARE(c->fits_reserve, reserve != nullptr);
    QCOMPARE(c->buffers.size(), std::size_t{1});
    QCOMPARE(c->buffers[0].captured, compute);
    QCOMPARE(static_cast<qulonglong>(c->buffers[0].planscope), compute);
    QVERIFY(c->backends.empty());
    QCOMPARE(static_cast<int>(c->addressed), addressed);
    QVERIFY2(c->offsets.empty(), format_capture_check(*c).c_str());
}

QTEST_GUILESS_MAIN(TestCaptureLlama)
#include "test_capture_llama.moc"
