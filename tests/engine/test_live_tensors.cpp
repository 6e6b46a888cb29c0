// What a compute buffer holds at a step, and why (engine/alloc/live_tensors.h), against plans
// worked out by hand: small.json (three allocations of 128 bytes, a parse_seq barrier) and the
// peak of stories260K; the compute buffer as llama.cpp prints it.
#include "alloc/live_tensors.h"
#include "alloc/memory_owner.h"
#include "alloc/plan.h"
#include "alloc/plan_listing.h"
#include "core/builder.h"
#include "source/graph_source.h"
#include "models/llama_report.h"

#include <QtTest>

#include <optional>

using namespace planscope;
using namespace Qt::StringLiterals;

namespace {

struct planned {
    graph_document doc;
    plan_result plan;
    std::vector<alloc_event> events;
};

planned plan_of(const std::string& source, std::optional<ggml_version> era = {}) {
    auto in = era ? open_source(source, {}, *era) : open_source(source, {});
    if (!in) qFatal("%s", in.err().message.c_str());
    alloc_recorder recorder;
    plan_options o;
    o.preallocate = in->preallocate;
    o.observer = &recorder;
    auto p = plan_graph(in->doc, o);
    if (!p) qFatal("%s", p.err().message.c_str());
    return {std::move(in->doc), *p, recorder.events()};
}

QStringList names(const graph_document& doc, const std::vector<tensor_id>& ids) {
    QStringList out;
    for (tensor_id t : ids) out << QString::fromStdString(doc.ctx[t].name);
    return out;
}

const std::string small = PLANSCOPE_SOURCE_DIR "/tests/data/graphs/small.json";

} // namespace

class TestLiveTensors : public QObject {
    Q_OBJECT
private slots:
    void recordedBuffers();
    void liveSets_data();
    void liveSets();
    void lifetimesAndRiders();
    void peakOfStories260K();
    void llamaCppSize_data();
    void llamaCppSize();
    void longInplaceChain();
    void chainEnds();
};

void TestLiveTensors::recordedBuffers() {
    const planned p = plan_of(small);
    const auto buffers = recorded_buffers(p.doc, p.events);
    QCOMPARE(buffers.size(), std::size_t{1});
    QCOMPARE(buffers[0].id, p.plan.compute);
    QCOMPARE(buffers[0].name, std::string("compute"));
    QCOMPARE(buffers[0].max_size, std::size_t{384});
    QCOMPARE(buffers[0].alignment, std::size_t{32});
    QCOMPARE(buffers[0].peak_step, std::size_t{13}); // c's allocation takes it to 384
}

// small.json by hand: norm [0,128) allocated at step 4 (node 0), normed rides on it inplace; y
// [128,256) at step 9 (node 3, after the barrier); c [256,384) at step 13 (node 5); out reuses
// norm's freed range later. The second barrier frees norm (step 15) and y (step 16).
void TestLiveTensors::liveSets_data() {
    QTest::addColumn<int>("step");
    QTest::addColumn<int>("node");
    QTest::addColumn<QStringList>("owners"); // largest first, then by offset
    QTest::addColumn<qulonglong>("live");
    QTest::addColumn<qulonglong>("highWater");
    QTest::addColumn<QStringList>("waiting"); // per owner: its pending readers, joined by '+'
    QTest::newRow("before anything") << 0 << 0 << QStringList{} << 0ULL << 0ULL << QStringList{};
    QTest::newRow("norm allocated") << 4 << 0 << QStringList{u"norm"_s} << 128ULL << 128ULL << QStringList{u"normed+y"_s};
    QTest::newRow("y allocated") << 9 << 3 << QStringList{u"norm"_s, u"y"_s} << 256ULL << 256ULL
                                 << QStringList{u"y"_s, u"yt+c"_s};
    QTest::newRow("peak") << 13 << 5 << QStringList{u"norm"_s, u"y"_s, u"c"_s} << 384ULL << 384ULL
                          << QStringList{QString(), u"c"_s, u"v+out"_s};
    QTest::newRow("after the barrier") << 16 << 5 << QStringList{u"c"_s} << 128ULL << 384ULL << QStringList{u"v+out"_s};
}

void TestLiveTensors::liveSets() {
    QFETCH(int, step);
    QFETCH(int, node);
    QFETCH(QStringList, owners);
    QFETCH(qulonglong, live);
    QFETCH(qulonglong, highWater);
    QFETCH(QStringList, waiting);
    const planned p = plan_of(small);
    const live_set s = live_at(p.doc, p.events, p.plan.compute, static_cast<std::size_t>(step));
    QCOMPARE(s.step, std::size_t(step));
    QCOMPARE(s.node, std::size_t(node));
    QStringList got, readers;
    for (const live_allocation& a : s.allocations) {
        got << QString::fromStdString(p.doc.ctx[a.owner].name);
        readers << names(p.doc, a.pending_readers).join(u'+');
    }
    QCOMPARE(got, owners);
    QCOMPARE(readers, waiting);
    QCOMPARE(s.live_bytes, live);
    QCOMPARE(s.high_water, highWater);
    QCOMPARE(s.free_inside, highWater - live);
}

void TestLiveTensors::lifetimesAndRiders() {
    const planned p = plan_of(small);
    const live_set s = live_at(p.doc, p.events, p.plan.compute, 13);
    const auto find = [&](std::string_view name) {
        return *std::find_if(s.allocations.begin(), s.allocations.end(),
                             [&](const live_allocation& a) { return p.doc.ctx[a.owner].name == name; });
    };
    const live_allocation norm = find("norm");
    QCOMPARE(norm.offset, std::uint64_t{0});
    QCOMPARE(norm.alloc_step, std::size_t{4});
    QCOMPARE(norm.free_step, std::optional<std::size_t>(15));
    QCOMPARE(norm.alloc_node, std::size_t{0});
    QCOMPARE(norm.free_node, std::optional<std::size_t>(5)); // released at the barrier before node 5's successors
    QCOMPARE(names(p.doc, norm.riders), QStringList{u"normed"_s});
    QCOMPARE(QString::fromStdString(p.doc.ctx[norm.alloc_by].name), u"norm"_s);
    const live_allocation y = find("y");
    QCOMPARE(y.offset, std::uint64_t{128});
    QCOMPARE(names(p.doc, y.riders), QStringList{u"yt"_s});
    const live_allocation c = find("c");
    QCOMPARE(c.offset, std::uint64_t{256});
    QVERIFY(!c.free_step); // nothing reads out: c's memory is never given back
    QCOMPARE(names(p.doc, c.riders), QStringList{u"v"_s});
}

// stories260K's peak in llama.cpp 2023's graph is its last node: the logits (512 x 8 f32 = 16 KiB)
// and the last layer's ffn_out (64 x 8 f32 = 2 KiB), which the output reads.
void TestLiveTensors::peakOfStories260K() {
    const planned p = plan_of(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf", ggml_version::v2023);
    const auto buffers = recorded_buffers(p.doc, p.events);
    const live_set s = live_at(p.doc, p.events, p.plan.compute, buffers[0].peak_step);
    QCOMPARE(s.high_water, std::uint64_t{18432});
    QCOMPARE(s.live_bytes, std::uint64_t{18432});
    QCOMPARE(s.allocations.size(), std::size_t{2});
    QCOMPARE(p.doc.ctx[s.allocations[0].owner].name, std::string("result_output"));
    QCOMPARE(s.allocations[0].size, std::size_t{16384});
    QVERIFY(s.allocations[0].pending_readers.empty());
    QCOMPARE(p.doc.ctx[s.allocations[1].owner].name, std::string("ffn_out-4"));
    QCOMPARE(names(p.doc, s.allocations[1].pending_readers), QStringList{u"result_output"_s});

    // By default a .gguf opens in 2026 (flash attention on): its peak is llama.cpp da46e59c's CPU
    // compute buffer (tests/data/llama_cpp/stories260K.tsv, n_ctx 512 n_batch 8: 33,120 B).
    const planned d = plan_of(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    const auto dbuf = recorded_buffers(d.doc, d.events);
    QCOMPARE(live_at(d.doc, d.events, d.plan.compute, dbuf[0].peak_step).high_water, std::uint64_t{33120});
}

void TestLiveTensors::llamaCppSize_data() {
    QTest::addColumn<qulonglong>("maxSize");
    QTest::addColumn<QString>("line");
    // llama.cpp's own log for a 7B model at n_ctx 512 reads 73.69 MiB; Planscope's plan of that
    // shape (template:llama 4096/32/11008, n_ctx = n_batch = 512) is 73,924,608 bytes.
    QTest::newRow("7B at n_ctx 512") << 73924608ULL << u"compute buffer total size = 73.69 MiB"_s;
    QTest::newRow("empty graph") << 0ULL << u"compute buffer total size = 3.19 MiB"_s;
}

void TestLiveTensors::llamaCppSize() {
    QFETCH(qulonglong, maxSize);
    QFETCH(QString, line);
    QCOMPARE(QString::fromStdString(llama_compute_total_line(maxSize, 32)), line);
    QCOMPARE(llama_compute_total_bytes(maxSize, 32), std::uint64_t{3342480} + maxSize + 32);
    QCOMPARE(QString::fromStdString(llama_backend_compute_line("CPU", 73924608)), u"CPU compute buffer size = 70.50 MiB"_s);
}

// Issue 36: a 100,000-node inplace chain (each SILU takes over its source's memory). Every node's
// owner is the leaf x, resolved once for the listing and for live_at, not walked per row.
void TestLiveTensors::longInplaceChain() {
    constexpr std::size_t n = 100000;
    graph_document doc;
    builder b(doc.ctx);
    const tensor_id x = b.set_name(b.new_tensor_1d(dtype::f32, 8), "x");
    tensor_id t = x;
    for (std::size_t i = 0; i < n; ++i) t = b.set_name(b.silu(t), "s" + std::to_string(i));
    QVERIFY(build_forward_expand(doc.ctx, doc.g, t).ok());
    alloc_recorder recorder;
    plan_options o;
    o.observer = &recorder;
    auto plan = plan_graph(doc, o);
    QVERIFY(plan.ok());
    QCOMPARE(plan->inplace_of.size(), n);
    const memory_owners owners(doc.ctx, plan->inplace_of);
    for (const tensor_id node : doc.g.nodes) QCOMPARE(owners(node), x);
    const std::string listing = plan_listing_text(doc, *plan);
    QVERIFY(listing.find("node\t99999\ts99999\tSILU\tf32\t[8, 1, 1, 1]\t32\tinplace of s99998 (memory of x)\n") != std::string::npos);

    const live_set peak = live_at(doc, recorder.events(), plan->compute, recorder.events().size());
    QCOMPARE(peak.allocations.size(), std::size_t{1});
    QCOMPARE(peak.allocations[0].owner, x);
    QCOMPARE(peak.allocations[0].riders.size(), n);
}

// chain_ends: shared tails resolved once, a chain's end its own end, a cycle ends where it closes.
void TestLiveTensors::chainEnds() {
    // 0 -> 1 -> 2, 3 -> 1, 4 alone, 5 -> 6 -> 5.
    const std::vector<int> next{1, 2, -1, 1, -1, 6, 5};
    const auto ends = chain_ends(next.size(), [&](tensor_id t) {
        return next[t.index()] < 0 ? tensor_id{} : tensor_id{next[t.index()]};
    });
    const std::vector<tensor_id> expected{tensor_id{2}, tensor_id{2}, tensor_id{2}, tensor_id{2}, tensor_id{4}, tensor_id{5}, tensor_id{5}};
    QCOMPARE(ends, expected);
}

QTEST_APPLESS_MAIN(TestLiveTensors)
#include "test_live_tensors.moc"
