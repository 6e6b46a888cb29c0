// Graph plans as DSA problems: the lifetimes of tests/data/graphs/small.json worked out by hand,
// statistics of a hand-made plan, and on real llama graphs ggml's plan reproduced exactly (its
// peak is the allocator's max_size) while other planners' plans move the tensors consistently.
#include "source/graph_source.h"
#include "plan/graph_dsa.h"
#include "plan/plan_stats.h"

#include <QtTest>

#include <optional>

using namespace planscope;

namespace {

using namespace std::chrono_literals;

struct planned {
    opened_source in;
    plan_result plan;
    graph_dsa g;
};

// Plans a source as `planscope-cli plan` does, recording the events.
// `era`: none opens the source in its default era.
std::optional<planned> plan_source(const std::string& source, const llama_params& params = {},
                                   std::optional<ggml_version> era = {}) {
    auto in = era ? open_source(source, params, *era) : open_source(source, params);
    if (!in) return std::nullopt;
    plan_options options;
    options.preallocate = in->preallocate;
    alloc_recorder recorder;
    options.observer = &recorder;
    auto plan = plan_graph(in->doc, options);
    if (!plan) return std::nullopt;
    auto g = graph_dsa_from_events(recorder.events(), plan->compute);
    if (!g) return std::nullopt;
    return planned{std::move(*in), *plan, std::move(*g)};
}

std::string small_graph() { return PLANSCOPE_SOURCE_DIR "/tests/data/graphs/small.json"; }
std::string model(const char* name) { return std::string(PLANSCOPE_SHARED_DIR "/models/") + name; }

tensor_id find(const graph_document& doc, const std::string& name) {
    for (std::size_t i = 0; i < doc.ctx.size(); ++i)
        if (doc.ctx[tensor_id{i}].name == name) return tensor_id{i};
    return {};
}

} // namespace

class TestGraphDsa : public QObject {
    Q_OBJECT
private slots:
    void smallLifetimes();
    void smallMembers();
    void fromAnyGraph();
    void stepMemory();
    void histogram();
    void ggmlIsTheAllocator_data();
    void ggmlIsTheAllocator();
    void otherPlannerMovesTensors();
};

// parse_seq [0,1,-1,2,3,4,-1,5,6] (steps are the seven nodes): norm is allocated at step 0 and
// freed at the barrier after step 4 (normed, its view, was last used by y); y lives [2, 5)
// likewise through yt; c from step 4 to the end (no barrier follows 5 and 6); out takes norm's
// bytes at step 6. Step 4 holds norm, y and c: the lower bound 384, which ggml reaches.
void TestGraphDsa::smallLifetimes() {
    const auto p = plan_source(small_graph());
    QVERIFY(p);
    const graph_dsa& g = p->g;
    QCOMPARE(g.steps, std::size_t{7});
    QCOMPARE(g.problem.alignment, std::uint64_t{32});
    QCOMPARE(g.owner.size(), std::size_t{4});
    const std::vector<std::tuple<std::string, std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t>> expected{
        {"norm", 0, 5, 128, 0}, {"y", 2, 5, 128, 128}, {"c", 4, 7, 128, 256}, {"out", 6, 7, 32, 0}};
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const auto& [name, lower, upper, size, offset] = expected[i];
        QCOMPARE(p->in.doc.ctx[g.owner[i]].name, name);
        QCOMPARE(g.problem.buffers[i].lower, lower);
        QCOMPARE(g.problem.buffers[i].upper, upper);
        QCOMPARE(g.problem.buffers[i].size, size);
        QCOMPARE(g.ggml[i], offset);
    }
    QCOMPARE(lower_bound(g.problem), std::uint64_t{384});
    QCOMPARE(peak(g.problem, g.ggml), std::uint64_t{384});
    QVERIFY(validate(g.problem, g.ggml).ok());
}

// Views are not allocations: normed lives in norm's buffer, yt in y's, v 32 bytes into c's.
void TestGraphDsa::smallMembers() {
    const auto p = plan_source(small_graph());
    QVERIFY(p);
    const auto& doc = p->in.doc;
    QCOMPARE(p->g.members.size(), std::size_t{7});
    const auto member = [&](const char* name) { return p->g.members.at(find(doc, name)); };
    QCOMPARE(member("normed").buffer, 0u);
    QCOMPARE(member("yt").buffer, 1u);
    QCOMPARE(member("v").buffer, 2u);
    QCOMPARE(member("v").offset, std::uint64_t{32});
    QVERIFY(!p->g.members.contains(find(doc, "w"))); // weights are not in the compute buffer
}

// graph_dsa_of plans a copy: the document stays unplanned, the result is the recorded one's.
void TestGraphDsa::fromAnyGraph() {
    auto doc = open_graph_source(small_graph());
    QVERIFY(doc.ok());
    const auto g = graph_dsa_of(*doc, {});
    QVERIFY(g.ok());
    QCOMPARE(doc->buffers.size(), std::size_t{2});
    QVERIFY(!doc->ctx[find(*doc, "norm")].where);
    const auto recorded = plan_source(small_graph());
    QCOMPARE(g->ggml, recorded->g.ggml);
    QCOMPARE(g->problem.buffers.size(), recorded->g.problem.buffers.size());
}

// 0 [0,4) at 0; 1 [0,2) at 4; 2 [1,3) at 8; 3 [2,4) at 4. Steps 1 and 2 leave [6,8) free below
// the high-water mark 10; the lower bound is 8 (steps 1 and 2), the peak 10.
void TestGraphDsa::stepMemory() {
    const dsa_problem p{{{0, 0, 4, 4}, {1, 0, 2, 2}, {2, 1, 3, 2}, {3, 2, 4, 2}}, 1};
    const dsa_offsets offsets{0, 4, 8, 4};
    const plan_stats s = compute_stats(p, offsets);
    QCOMPARE(s.lower_bound, std::uint64_t{8});
    QCOMPARE(s.peak, std::uint64_t{10});
    QCOMPARE(s.ratio, 1.25);
    QCOMPARE(s.steps.size(), std::size_t{4});
    const std::uint64_t live[] = {6, 8, 8, 6}, high[] = {6, 10, 10, 6}, free[] = {0, 2, 2, 0};
    for (std::size_t k = 0; k < 4; ++k) {
        QCOMPARE(s.steps[k].first_step, std::uint64_t{k});
        QCOMPARE(s.steps[k].end_step, std::uint64_t{k + 1});
        QCOMPARE(s.steps[k].live_bytes, live[k]);
        QCOMPARE(s.steps[k].high_water, high[k]);
        QCOMPARE(s.steps[k].free_bytes, free[k]);
        QCOMPARE(s.steps[k].largest_free, free[k]);
        QCOMPARE(s.steps[k].free_blocks, std::size_t{free[k] ? 1u : 0u});
    }
    QCOMPARE(s.most_fragmented, std::size_t{1});
    QCOMPARE(s.mean_free_bytes, std::uint64_t{1}); // (2 + 2) / 4 steps
}

void TestGraphDsa::histogram() {
    const dsa_problem p{{{0, 0, 1, 0}, {1, 0, 1, 1}, {2, 0, 1, 3}, {3, 0, 1, 2}, {4, 0, 1, 1024}, {5, 0, 1, 2047}}, 1};
    const auto h = size_histogram(p);
    QCOMPARE(h.size(), std::size_t{4});
    const std::uint64_t lo[] = {0, 1, 2, 1024}, hi[] = {0, 1, 3, 2047}, bytes[] = {0, 1, 5, 3071};
    const std::size_t count[] = {1, 1, 2, 2};
    for (std::size_t k = 0; k < 4; ++k) {
        QCOMPARE(h[k].min_size, lo[k]);
        QCOMPARE(h[k].max_size, hi[k]);
        QCOMPARE(h[k].count, count[k]);
        QCOMPARE(h[k].bytes, bytes[k]);
    }
}

void TestGraphDsa::ggmlIsTheAllocator_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("past");
    QTest::newRow("small.json") << QString::fromStdString(small_graph()) << 8 << 0;
    QTest::newRow("stories260K") << QString::fromStdString(model("stories260K.gguf")) << 8 << 0;
    QTest::newRow("stories260K batch 64") << QString::fromStdString(model("stories260K.gguf")) << 64 << 0;
    QTest::newRow("llama-2-7B vocab, decode") << QString::fromStdString(model("ggml-vocab-llama-spm.gguf")) << 1 << 100;
    QTest::newRow("llama-2-7B vocab, batch 32") << QString::fromStdString(model("ggml-vocab-llama-spm.gguf")) << 32 << 0;
}

// The recorded plan is a valid solution of its own lifetimes and peaks exactly at max_size;
// best's plan of the same lifetimes is valid too.
void TestGraphDsa::ggmlIsTheAllocator() {
    QFETCH(QString, source);
    QFETCH(int, batch);
    QFETCH(int, past);
    if (!QFile::exists(source)) QSKIP("model not in the shared directory");
    llama_params params;
    params.n_batch = batch;
    params.n_past = past;
    // n_past (a decode step at a position) is llama.cpp 2023's: da46e59c reserves for every KV cell.
    const auto p = plan_source(source.toStdString(), params, past ? std::optional(ggml_version::v2023) : std::nullopt);
    QVERIFY(p);
    const auto ggml = plan_graph_dsa(p->g, planner_kind::ggml);
    QVERIFY2(ggml.ok(), ggml.ok() ? "" : ggml.err().message.c_str());
    QCOMPARE(ggml->peak, std::uint64_t{p->plan.max_size});
    QVERIFY(lower_bound(p->g.problem) <= ggml->peak);
    const auto best = plan_graph_dsa(p->g, planner_kind::best, {50ms});
    QVERIFY(best.ok());
    QVERIFY(best->peak <= plan_graph_dsa(p->g, planner_kind::greedy_size)->peak);
}

// A decode step of llama-2-7B 4,000 tokens in: ggml needs 577,408 bytes where 560,992 are alive
// at once, and best gets there. Applying best's plan moves every member tensor by its owner's
// move, and diff_offsets lists exactly the tensors that moved.
void TestGraphDsa::otherPlannerMovesTensors() {
    const std::string source = model("ggml-vocab-llama-spm.gguf");
    if (!QFile::exists(QString::fromStdString(source))) QSKIP("model not in the shared directory");
    llama_params params;
    params.n_ctx = 4096;
    params.n_batch = 1;
    params.n_past = 4000;
    auto p = plan_source(source, params, ggml_version::v2023); // n_past is llama.cpp 2023's
    QVERIFY(p);
    const auto best = plan_graph_dsa(p->g, planner_kind::best, {200ms});
    QVERIFY(best.ok());
    QCOMPARE(p->plan.max_size, std::size_t{577408});
    QCOMPARE(best->peak, std::uint64_t{560992});
    const auto moves = diff_offsets(p->g, p->g.ggml, best->offsets);
    QVERIFY(!moves.empty());
    const auto before = member_offsets(p->g, p->g.ggml);
    apply_offsets(p->in.doc, p->plan, p->g, best->offsets);
    QCOMPARE(p->plan.max_size, std::size_t{best->peak});
    QCOMPARE(p->in.doc.buffers[p->plan.compute.index()].size, std::size_t{best->peak});
    std::size_t moved = 0;
    for (const auto& [t, offset] : before) {
        const std::uint64_t now = p->in.doc.ctx[t].where->offset;
        moved += now != offset;
        const auto& m = p->g.members.at(t);
        QCOMPARE(now, best->offsets[m.buffer] + m.offset);
    }
    QCOMPARE(moved, moves.size());
}

QTEST_APPLESS_MAIN(TestGraphDsa)
#include "test_graph_dsa.moc"
