// plan_graph with ggml 2026 (alloc/ggml2026/plan_2026.h): the document placed as ggml_gallocr
// places it, the allocator events a 2023 plan would send for the same steps, chunks as buffers of
// their own. f32 tensors of 16 values (64 bytes); X is an INPUT leaf.
#include "alloc/alloc_replay.h"
#include "alloc/plan.h"
#include "alloc/plan_listing.h"
#include "core/builder.h"
#include "models/templates.h"
#include "plan/dsa_problem.h"
#include "plan/graph_dsa.h"

#include <QtTest>

using namespace planscope;

namespace {

// X; a = cont(X); b = sqr(a); c = cont(b).
graph_document chain() {
    graph_document doc;
    builder b(doc.ctx);
    const tensor_id x = b.set_flags(b.set_name(b.new_tensor_1d(dtype::f32, 16), "X"), tensor_flag::input);
    const tensor_id a = b.set_name(b.cont(x), "a");
    const tensor_id s = b.set_name(b.sqr(a), "b");
    const tensor_id c = b.set_name(b.cont(s), "c");
    if (!build_forward_expand(doc.ctx, doc.g, c).ok()) qFatal("chain");
    return doc;
}

QString where(const graph_document& doc, const char* name) {
    for (std::size_t i = 0; i < doc.ctx.size(); ++i) {
        const tensor& t = doc.ctx[tensor_id{i}];
        if (t.name != name) continue;
        if (!t.where) return QStringLiteral("-");
        return QString::fromStdString(doc.buffers[t.where->buffer.index()].name + "+" + std::to_string(t.where->offset));
    }
    return QStringLiteral("?");
}

plan_options v2026(alloc_observer* observer = nullptr) {
    plan_options o;
    o.version = ggml_version::v2026;
    o.observer = observer;
    return o;
}

} // namespace

class TestGgml2026Plan : public QObject {
    Q_OBJECT
private slots:
    void placesAndReports();
    void eventsOfEachStep();
    void chunksAreBuffers();
    void eventsDescribeTheLlamaPlan();
    void refusalsNameTheRule();
    void versionNames();
};

// X 0 (the leaf pass), a 64, X freed, b in place over a, c in X's hole: 128 bytes.
void TestGgml2026Plan::placesAndReports() {
    graph_document doc = chain();
    const auto plan = plan_graph(doc, v2026());
    QVERIFY2(plan.ok(), plan.ok() ? "" : plan.err().message.c_str());
    QCOMPARE(plan->version, ggml_version::v2026);
    QCOMPARE(plan->max_size, std::size_t{128});
    QVERIFY(plan->more_chunks.empty());
    QCOMPARE(doc.buffers.size(), std::size_t{1});
    QCOMPARE(doc.buffers[0].name, std::string("compute"));
    QCOMPARE(where(doc, "X"), QStringLiteral("compute+0"));
    QCOMPARE(where(doc, "a"), QStringLiteral("compute+64"));
    QCOMPARE(where(doc, "b"), QStringLiteral("compute+64"));
    QCOMPARE(where(doc, "c"), QStringLiteral("compute+0"));
    QCOMPARE(plan->inplace_of.size(), std::size_t{1});
    QCOMPARE(plan->free_after, (std::vector<free_block>{{64, 64}}));
    // 2026 does not make the in-place node a view.
    QVERIFY(!doc.ctx[tensor_id{2}].is_view());
    const std::string listing = plan_listing_text(doc, *plan);
    QVERIFY(listing.starts_with("planscope-plan\t2\ngraph\t\nggml\t2026\nbuffer\t0\tcompute\tCPU\t128\t32\n"));
    QVERIFY(listing.find("\tb\tSQR\tf32\t[16, 1, 1, 1]\t64\tinplace of a\n") != std::string::npos);
}

// The kinds, in order, and the choices the replay and the why-panel read.
void TestGgml2026Plan::eventsOfEachStep() {
    graph_document doc = chain();
    alloc_recorder rec;
    QVERIFY(plan_graph(doc, v2026(&rec)).ok());
    QStringList kinds;
    for (const alloc_event& e : rec.events()) kinds << QString::fromUtf8(kind_name(e).data(), qsizetype(kind_name(e).size()));
    QCOMPARE(kinds, (QStringList{"attach", "alloc", "node", "alloc", "free", "node", "inplace", "node", "alloc", "free", "measure"}));
    const auto& ev = rec.events();
    const auto& c = std::get<events::alloc>(ev[8]);
    QCOMPARE(c.offset, std::uint64_t{0});
    QCOMPARE(c.block, std::size_t{0});
    QVERIFY(!c.last_block);
    QCOMPARE(c.candidates.size(), std::size_t{2});
    const auto& x_freed = std::get<events::free>(ev[4]);
    QCOMPARE(x_freed.merge, merge_kind::new_block);
    const auto& b_freed = std::get<events::free>(ev[9]);
    QCOMPARE(doc.ctx[b_freed.tensor].name, std::string("b")); // 2026 frees the node that holds a's memory
    QCOMPARE(b_freed.merge, merge_kind::next);
    QCOMPARE(b_freed.result.offset, std::uint64_t{64});
    const auto& in = std::get<events::inplace>(ev[6]);
    QCOMPARE(doc.ctx[in.source].name, std::string("a"));
    // Replayed to the end: X's hole holds c, the rest is free from 64 on.
    alloc_replayer replay(ev);
    replay.seek(ev.size());
    const replay_buffer& buf = replay.state().buffers.at(buffer_id{0});
    QCOMPARE(buf.max_size, std::size_t{128});
    QCOMPARE(free_list_within(buf.free_blocks, 128), (std::vector<free_block>{{64, 64}}));
    QCOMPARE(replay.state().held.size(), std::size_t{1}); // c
}

// A maximum of 64 bytes: every chunk holds one tensor. X chunk 0; a opens chunk 1; b takes chunk
// 0's last block (X freed), c chunk 1's (a freed).
void TestGgml2026Plan::chunksAreBuffers() {
    graph_document doc = chain();
    // b in place over a would keep a's chunk: make b a copy.
    doc.ctx[tensor_id{2}].op = op_kind::cont;
    alloc_recorder rec;
    plan_options o = v2026(&rec);
    o.max_buffer_size = 64;
    const auto plan = plan_graph(doc, o);
    QVERIFY2(plan.ok(), plan.ok() ? "" : plan.err().message.c_str());
    QCOMPARE(doc.buffers.size(), std::size_t{2});
    QCOMPARE(doc.buffers[1].name, std::string("compute#1"));
    QCOMPARE(doc.buffers[1].size, std::size_t{64});
    QCOMPARE(plan->more_chunks, std::vector<buffer_id>{buffer_id{1}});
    QCOMPARE(where(doc, "X"), QStringLiteral("compute+0"));
    QCOMPARE(where(doc, "a"), QStringLiteral("compute#1+0"));
    QCOMPARE(where(doc, "b"), QStringLiteral("compute+0"));
    QCOMPARE(where(doc, "c"), QStringLiteral("compute#1+0"));
    int attaches = 0;
    for (const alloc_event& e : rec.events()) attaches += std::holds_alternative<events::attach>(e);
    QCOMPARE(attaches, 2);
}

// The llama template: the events give lifetimes under which ggml 2026's offsets never overlap,
// and the peak is the buffer's size.
void TestGgml2026Plan::eventsDescribeTheLlamaPlan() {
    auto t = build_template("llama");
    QVERIFY(t.ok());
    alloc_recorder rec;
    plan_options o = v2026(&rec);
    o.preallocate = t->inputs;
    const auto plan = plan_graph(t->doc, o);
    QVERIFY(plan.ok());
    QCOMPARE(plan->max_size, std::size_t{18432});
    const auto dsa = graph_dsa_from_events(rec.events(), plan->compute);
    QVERIFY2(dsa.ok(), dsa.ok() ? "" : dsa.err().message.c_str());
    const status valid = validate(dsa->problem, dsa->ggml);
    QVERIFY2(valid.ok(), valid.ok() ? "" : valid.err().message.c_str());
    QCOMPARE(peak(dsa->problem, dsa->ggml), std::uint64_t{18432});
    alloc_replayer replay(rec.events());
    replay.seek(rec.events().size());
    QCOMPARE(free_list_within(replay.state().buffers.at(plan->compute).free_blocks, plan->max_size), plan->free_after);
}

// X; m = cont(X), an OUTPUT; c = cont(m); v = reshape(c); r = sqr(v); s = sqr(m). r over the view
// v is refused as a view (never the allocator's own), s over m as an output.
void TestGgml2026Plan::refusalsNameTheRule() {
    graph_document doc;
    builder b(doc.ctx);
    const tensor_id x = b.set_flags(b.set_name(b.new_tensor_1d(dtype::f32, 16), "X"), tensor_flag::input);
    const tensor_id m = b.set_flags(b.set_name(b.cont(x), "m"), tensor_flag::output);
    const tensor_id r = b.set_name(b.sqr(b.set_name(b.reshape_2d(b.set_name(b.cont(m), "c"), 4, 4), "v")), "r");
    const tensor_id s = b.set_name(b.sqr(m), "s");
    QVERIFY(build_forward_expand(doc.ctx, doc.g, r).ok());
    QVERIFY(build_forward_expand(doc.ctx, doc.g, s).ok());
    alloc_recorder rec;
    QVERIFY(plan_graph(doc, v2026(&rec)).ok());
    QStringList refused;
    for (const alloc_event& e : rec.events())
        if (const auto* f = std::get_if<events::refused>(&e))
            refused << QString::fromStdString(doc.ctx[f->node].name + " over " + doc.ctx[f->parent].name + ": " +
                                              std::string(name(f->reason)));
    QCOMPARE(refused, (QStringList{"r over v: view not own", "s over m: output"}));
}

void TestGgml2026Plan::versionNames() {
    QCOMPARE(parse_ggml_version("2026"), std::optional{ggml_version::v2026});
    QCOMPARE(parse_ggml_version("2023"), std::optional{ggml_version::v2023});
    QVERIFY(!parse_ggml_version("2024"));
    QCOMPARE(name(ggml_version::v2026), std::string_view("2026"));
}

QTEST_APPLESS_MAIN(TestGgml2026Plan)
#include "test_ggml2026_plan.moc"
