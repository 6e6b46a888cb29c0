// The graph allocator (ggml_gallocr) on small graphs whose offsets were worked out by hand from
// ggml-alloc.c's rules. Buffer 0 holds pre-allocated tensors (weights, KV cache); buffer 1 is the
// compute buffer at base 0 unless a test says otherwise. f32 [16] tensors are 64 bytes.
#include "alloc/graph_allocator.h"
#include "alloc/legacy_allocator.h"
#include "core/builder.h"

#include <QtTest>

using namespace planscope;

namespace {

const buffer_id weights{0};
const buffer_id compute{1};

struct fixture {
    context ctx;
    builder b{ctx};
    graph g;

    tensor_id leaf(const char* name, std::int64_t ne0, std::int64_t ne1 = 1) {
        return b.set_name(b.new_tensor_2d(dtype::f32, ne0, ne1), name);
    }
    tensor_id weight(const char* name, std::int64_t ne0, std::int64_t ne1, std::uint64_t offset) {
        const auto t = leaf(name, ne0, ne1);
        ctx[t].where = placement{weights, offset};
        return t;
    }
    tensor_id name(tensor_id t, const char* n) { return b.set_name(t, n); }
    void expand(tensor_id root) {
        QVERIFY(b.ok());
        QVERIFY(build_forward_expand(ctx, g, root).ok());
    }
    std::uint64_t offset(tensor_id t) const { return ctx[t].where ? ctx[t].where->offset : ~0ull; }
    std::string name_of(tensor_id t) const { return t.valid() ? ctx[t].name : std::string("-"); }
};

struct run {
    std::unique_ptr<alloc_recorder> rec = std::make_unique<alloc_recorder>();
    std::optional<tensor_allocator> alloc;
    std::optional<result<std::size_t>> max;

    [[nodiscard]] QString blocks() const {
        QStringList parts;
        for (const auto& b : alloc->free_blocks()) parts << QStringLiteral("[%1,%2)").arg(b.offset).arg(b.end());
        return parts.join(' ');
    }
    template <class E>
    std::vector<E> all() const {
        std::vector<E> out;
        for (const auto& e : rec->events())
            if (const auto* p = std::get_if<E>(&e)) out.push_back(*p);
        return out;
    }
};

run allocate(fixture& f, std::size_t alignment = 32, std::vector<int> parse_seq = {}, std::uint64_t base = 0,
             std::size_t size = 4096) {
    run r;
    auto t = tensor_allocator::create(std::make_shared<plain_buffer>(compute, base, size, alignment));
    if (!t) qFatal("%s", t.err().message.c_str());
    r.alloc.emplace(std::move(*t));
    r.alloc->set_observer(r.rec.get());
    graph_allocator g;
    g.set_parse_seq(std::move(parse_seq));
    g.set_observer(r.rec.get());
    r.max = g.alloc_graph(f.ctx, f.g, *r.alloc);
    return r;
}

// "node<-parent: reason" for every refused reuse.
QStringList refusals(const fixture& f, const run& r) {
    QStringList out;
    for (const auto& e : r.all<events::refused>())
        out << QString::fromStdString(f.name_of(e.node) + "<-" + f.name_of(e.parent) + ": " +
                                      std::string(name(e.reason)));
    return out;
}

// A chain of four NORMs (never inplace) from a leaf x.
std::array<tensor_id, 5> norm_chain(fixture& f, std::int64_t ne0 = 16) {
    const auto x = f.leaf("x", ne0);
    const auto n1 = f.name(f.b.norm(x, 1e-5f), "n1");
    const auto n2 = f.name(f.b.norm(n1, 1e-5f), "n2");
    const auto n3 = f.name(f.b.norm(n2, 1e-5f), "n3");
    const auto n4 = f.name(f.b.norm(n3, 1e-5f), "n4");
    f.expand(n4);
    return {x, n1, n2, n3, n4};
}

} // namespace

class TestGraphAllocator : public QObject {
    Q_OBJECT
private slots:
    void chain();
    void diamond();
    void inplaceChain();
    void refusedExternal();
    void refusedOtherChildren();
    void refusedHasViewsThenViewParentReused();
    void refusedLayoutDiffers();
    void refusedViewSourceShared();
    void refusedViewOffset();
    void viewOfInplaceResult();
    void viewParentReuseFreesOnlyPrefix();
    void parseSeqBarriers();
    void parseSeqWithoutTrailingBarrier();
    void weightsInAnotherBuffer();
    void viewOfPreallocated();
    void alignment_data();
    void alignment();
    void mergeBothSides();
    void bestFitTieTakesLater();
    void measureMode();
    void legacyMeasureThenAllocate();
    void perNodeAllocators();
    void perNodeRefusesOtherBuffer();
    void perNodeMissingAllocator();
    void outOfSpaceRollsBack();
    void outOfSpaceAfterInplaceRollsBack();
    void viewOfUnallocatedSource();
    void badParseSeq();
};

// Each NORM frees its source right after running, so the chain alternates between two slots.
void TestGraphAllocator::chain() {
    fixture f;
    const auto [x, n1, n2, n3, n4] = norm_chain(f);
    const auto r = allocate(f);
    QVERIFY(r.max->ok());
    QCOMPARE(f.offset(x), 0u);
    QCOMPARE(f.offset(n1), 64u);
    QCOMPARE(f.offset(n2), 0u);
    QCOMPARE(f.offset(n3), 64u);
    QCOMPARE(f.offset(n4), 0u);
    QCOMPARE(**r.max, 128u);
    QCOMPARE(r.blocks(), QStringLiteral("[64,4096)"));
    const auto allocs = r.all<events::alloc>();
    QCOMPARE(allocs.size(), 5u);
    QVERIFY(allocs[1].last_block);  // n1: only the tail
    QVERIFY(!allocs[2].last_block); // n2: x's freed slot
}

// x feeds a (NORM) and c (SQRT); c runs after a released x, so c takes x over inplace.
void TestGraphAllocator::diamond() {
    fixture f;
    const auto x = f.leaf("x", 16);
    const auto a = f.name(f.b.norm(x, 1e-5f), "a");
    const auto c = f.name(f.b.sqrt(x), "c");
    const auto d = f.name(f.b.mul_mat(a, c), "d"); // [1, 1]: 4 bytes, 32 aligned
    f.expand(d);
    const auto r = allocate(f);
    QVERIFY(r.max->ok());
    QCOMPARE(f.offset(x), 0u);
    QCOMPARE(f.offset(a), 64u);
    QCOMPARE(f.ctx[c].view_src, x);
    QCOMPARE(f.offset(c), 0u);
    QCOMPARE(f.offset(d), 128u);
    QCOMPARE(**r.max, 160u);
    QCOMPARE(r.blocks(), QStringLiteral("[0,128) [160,4096)"));
    QVERIFY(refusals(f, r).isEmpty());
}

void TestGraphAllocator::inplaceChain() {
    fixture f;
    const auto x = f.leaf("x", 16);
    const auto y = f.name(f.b.sqr(x), "y");
    const auto z = f.name(f.b.sqrt(y), "z");
    const auto w = f.name(f.b.log(z), "w");
    const auto n = f.name(f.b.norm(w, 1e-5f), "n");
    f.expand(n);
    const auto r = allocate(f);
    QVERIFY(r.max->ok());
    for (auto t : {x, y, z, w}) QCOMPARE(f.offset(t), 0u);
    // z and w reuse a view parent, so they alias its source x.
    for (auto t : {y, z, w}) QCOMPARE(f.ctx[t].view_src, x);
    QCOMPARE(f.offset(n), 64u);
    QCOMPARE(**r.max, 128u);
    QCOMPARE(r.blocks(), QStringLiteral("[0,64) [128,4096)"));
    const auto inplace = r.all<events::inplace>();
    QCOMPARE(inplace.size(), 3u);
    QCOMPARE(inplace[1].parent, y);
    QCOMPARE(inplace[1].source, x);
    const auto frees = r.all<events::free>();
    QCOMPARE(frees.size(), 1u);
    QCOMPARE(frees[0].tensor, x);
}

void TestGraphAllocator::refusedExternal() {
    fixture f;
    const auto w = f.weight("w", 16, 1, 0);
    const auto y = f.name(f.b.sqr(w), "y");
    f.expand(y);
    const auto r = allocate(f);
    QVERIFY(r.max->ok());
    QCOMPARE(refusals(f, r), QStringList{"y<-w: external"});
    QCOMPARE(f.ctx[y].where, (placement{compute, 0}));
    QCOMPARE(f.ctx[w].where, (placement{weights, 0}));
    QCOMPARE(**r.max, 64u);
}

void TestGraphAllocator::refusedOtherChildren() {
    fixture f;
    const auto x = f.leaf("x", 16);
    const auto a = f.name(f.b.sqr(x), "a");
    const auto b2 = f.name(f.b.norm(x, 1e-5f), "b");
    const auto c = f.name(f.b.add(a, b2), "c");
    f.expand(c);
    const auto r = allocate(f);
    QVERIFY(r.max->ok());
    QCOMPARE(refusals(f, r), QStringList{"a<-x: other children"});
    QCOMPARE(f.offset(x), 0u);
    QCOMPARE(f.offset(a), 64u);
    QCOMPARE(f.offset(b2), 128u);
    QCOMPARE(f.ctx[c].view_src, a);
    QCOMPARE(f.offset(c), 64u);
    QCOMPARE(**r.max, 192u);
    QCOMPARE(r.blocks(), QStringLiteral("[0,64) [128,4096)"));
}

// t = SQR(x) cannot take x while the view V of x lives; then out = ADD(V, t) takes V, a view
// at offset 0 that is its source's only view, once x has no other children left.
void TestGraphAllocator::refusedHasViewsThenViewParentReused() {
    fixture f;
    const auto x = f.leaf("x", 16);
    const auto v = f.name(f.b.view_1d(x, 16, 0), "V");
    const auto t = f.name(f.b.sqr(x), "t");
    const auto out = f.name(f.b.add(v, t), "out");
    f.expand(out);
    const auto r = allocate(f);
    QVERIFY(r.max->ok());
    QCOMPARE(refusals(f, r), QStringList{"t<-x: has views"});
    QCOMPARE(f.offset(x), 0u);
    QCOMPARE(f.offset(v), 0u);
    QCOMPARE(f.offset(t), 64u);
    QCOMPARE(f.ctx[out].view_src, x);
    QCOMPARE(f.offset(out), 0u);
    const auto inplace = r.all<events::inplace>();
    QCOMPARE(inplace.size(), 1u);
    QCOMPARE(inplace[0].parent, v);
    QCOMPARE(inplace[0].source, x);
    QCOMPARE(**r.max, 128u);
    QCOMPARE(r.blocks(), QStringLiteral("[64,4096)"));
}

void TestGraphAllocator::refusedLayoutDiffers() {
    fixture f;
    const auto m = f.leaf("m", 4, 8); // 128 bytes
    const auto t = f.name(f.b.transpose(m), "t");
    const auto s = f.name(f.b.sqr(t), "s");
    f.expand(s);
    const auto r = allocate(f);
    QVERIFY(r.max->ok());
    QCOMPARE(refusals(f, r), QStringList{"s<-t: layout differs"});
    QCOMPARE(f.offset(t), 0u);
    QCOMPARE(f.offset(s), 128u);
    QCOMPARE(**r.max, 256u);
    QCOMPARE(r.blocks(), QStringLiteral("[0,128) [256,4096)"));
}

void TestGraphAllocator::refusedViewSourceShared() {
    fixture f;
    const auto x = f.leaf("x", 16);
    const auto v1 = f.name(f.b.view_1d(x, 8, 0), "V1");
    const auto v2 = f.name(f.b.view_1d(x, 8, 32), "V2");
    const auto out = f.name(f.b.add(v1, v2), "out");
    f.expand(out);
    const auto r = allocate(f);
    QVERIFY(r.max->ok());
    QCOMPARE(refusals(f, r), (QStringList{"out<-V1: view source shared", "out<-V2: view source shared"}));
    QCOMPARE(f.offset(v1), 0u);
    QCOMPARE(f.offset(v2), 32u);
    QCOMPARE(f.offset(out), 64u);
    QCOMPARE(**r.max, 96u);
    QCOMPARE(r.blocks(), QStringLiteral("[0,64) [96,4096)"));
}

void TestGraphAllocator::refusedViewOffset() {
    fixture f;
    const auto x = f.leaf("x", 16);
    const auto v = f.name(f.b.view_1d(x, 8, 32), "V");
    const auto out = f.name(f.b.sqr(v), "out");
    f.expand(out);
    const auto r = allocate(f);
    QVERIFY(r.max->ok());
    QCOMPARE(refusals(f, r), QStringList{"out<-V: view offset not 0"});
    QCOMPARE(f.offset(v), 32u);
    QCOMPARE(f.offset(out), 64u);
    QCOMPARE(**r.max, 96u);
    QCOMPARE(r.blocks(), QStringLiteral("[0,64) [96,4096)"));
}

// y = SQR(x) takes x over; r reshapes y. When out has run, the seed frees y itself (now a view
// of x, in this buffer), which gives x's bytes back.
void TestGraphAllocator::viewOfInplaceResult() {
    fixture f;
    const auto x = f.leaf("x", 16);
    const auto y = f.name(f.b.sqr(x), "y");
    const auto rs = f.name(f.b.reshape_2d(y, 4, 4), "r");
    const auto out = f.name(f.b.norm(rs, 1e-5f), "out");
    f.expand(out);
    const auto r = allocate(f);
    QVERIFY(r.max->ok());
    QCOMPARE(f.ctx[y].view_src, x);
    QCOMPARE(f.ctx[rs].view_src, y);
    QCOMPARE(f.offset(rs), 0u);
    QCOMPARE(f.offset(out), 64u);
    QCOMPARE(**r.max, 128u);
    const auto frees = r.all<events::free>();
    QCOMPARE(frees.size(), 1u);
    QCOMPARE(frees[0].tensor, y);
    QCOMPARE(r.blocks(), QStringLiteral("[0,64) [128,4096)"));
}

// A seed quirk: a took x over through the 32-byte view v, and r is a view of a. When r's last
// consumer ran, the seed frees a itself, with a's size: bytes [32,64) of x are never freed.
void TestGraphAllocator::viewParentReuseFreesOnlyPrefix() {
    fixture f;
    const auto x = f.leaf("x", 16);
    const auto v = f.name(f.b.view_1d(x, 8, 0), "v");
    const auto a = f.name(f.b.sqr(v), "a");
    const auto rs = f.name(f.b.reshape_2d(a, 4, 2), "r");
    const auto out = f.name(f.b.norm(rs, 1e-5f), "out");
    f.expand(out);
    const auto r = allocate(f);
    QVERIFY(r.max->ok());
    QCOMPARE(f.ctx[a].view_src, x);
    QCOMPARE(f.offset(rs), 0u);
    QCOMPARE(f.offset(out), 64u);
    const auto frees = r.all<events::free>();
    QCOMPARE(frees.size(), 1u);
    QCOMPARE(frees[0].tensor, a);
    QCOMPARE(frees[0].size, 32u);
    QCOMPARE(r.blocks(), QStringLiteral("[0,32) [96,4096)"));
}

void TestGraphAllocator::parseSeqBarriers() {
    fixture f;
    const auto [x, n1, n2, n3, n4] = norm_chain(f);
    const auto r = allocate(f, 32, {0, 1, -1, 2, 3, -1});
    QVERIFY(r.max->ok());
    QCOMPARE(f.offset(x), 0u);
    QCOMPARE(f.offset(n1), 64u);
    QCOMPARE(f.offset(n2), 128u); // n1's source x is still held until the barrier
    QCOMPARE(f.offset(n3), 0u);
    QCOMPARE(f.offset(n4), 64u);
    QCOMPARE(**r.max, 192u);
    QCOMPARE(r.blocks(), QStringLiteral("[0,64) [128,4096)"));
    QCOMPARE(r.all<events::barrier>().size(), 2u);
}

void TestGraphAllocator::parseSeqWithoutTrailingBarrier() {
    fixture f;
    const auto [x, n1, n2, n3, n4] = norm_chain(f);
    const auto r = allocate(f, 32, {0, 1, -1, 2, 3});
    QVERIFY(r.max->ok());
    QCOMPARE(f.offset(n4), 64u);
    QCOMPARE(r.blocks(), QStringLiteral("[192,4096)")); // n2 and n3 are never released
}

void TestGraphAllocator::weightsInAnotherBuffer() {
    fixture f;
    const auto w = f.weight("w", 16, 16, 0);
    const auto bias = f.weight("bias", 16, 1, 1024);
    const auto x = f.leaf("x", 16);
    const auto h = f.name(f.b.mul_mat(w, x), "h");
    const auto o = f.name(f.b.add(h, bias), "o");
    const auto n = f.name(f.b.norm(o, 1e-5f), "n");
    f.expand(n);
    const auto r = allocate(f);
    QVERIFY(r.max->ok());
    QCOMPARE(f.ctx[w].where, (placement{weights, 0}));
    QCOMPARE(f.ctx[bias].where, (placement{weights, 1024}));
    QCOMPARE(f.ctx[x].where, (placement{compute, 0}));
    QCOMPARE(f.offset(h), 64u);
    QCOMPARE(f.ctx[o].view_src, h);
    QCOMPARE(f.offset(n), 0u);
    QCOMPARE(**r.max, 128u);
    QCOMPARE(r.blocks(), QStringLiteral("[64,4096)"));
    for (const auto& e : r.all<events::free>()) QVERIFY(e.tensor != w && e.tensor != bias);
}

// A view of a KV cache tensor has its data before the graph is allocated: it is initialised
// while counting, in the cache's buffer.
void TestGraphAllocator::viewOfPreallocated() {
    fixture f;
    const auto k = f.weight("K", 64, 1, 256);
    const auto kv = f.name(f.b.view_1d(k, 16, 64), "kv");
    const auto y = f.name(f.b.norm(kv, 1e-5f), "y");
    f.expand(y);
    const auto r = allocate(f);
    QVERIFY(r.max->ok());
    QCOMPARE(f.ctx[kv].where, (placement{weights, 320}));
    QCOMPARE(f.ctx[y].where, (placement{compute, 0}));
    const auto views = r.all<events::view>();
    QCOMPARE(views.size(), 1u);
    QVERIFY(views[0].up_front);
    QCOMPARE(**r.max, 64u);
}

void TestGraphAllocator::alignment_data() {
    QTest::addColumn<int>("alignment");
    QTest::addColumn<qulonglong>("x");
    QTest::addColumn<qulonglong>("a");
    QTest::addColumn<qulonglong>("max_size");
    // Base 0x10010; 100-byte tensors.
    QTest::newRow("32") << 32 << qulonglong(16) << qulonglong(144) << qulonglong(272);
    QTest::newRow("64") << 64 << qulonglong(48) << qulonglong(176) << qulonglong(304);
    QTest::newRow("256") << 256 << qulonglong(240) << qulonglong(496) << qulonglong(752);
}

void TestGraphAllocator::alignment() {
    QFETCH(int, alignment);
    QFETCH(qulonglong, x);
    QFETCH(qulonglong, a);
    QFETCH(qulonglong, max_size);
    fixture f;
    const auto tx = f.leaf("x", 25);
    const auto ta = f.name(f.b.norm(tx, 1e-5f), "a");
    const auto tb = f.name(f.b.norm(ta, 1e-5f), "b");
    f.expand(tb);
    const auto r = allocate(f, static_cast<std::size_t>(alignment), {}, 0x10010, 1 << 16);
    QVERIFY(r.max->ok());
    QCOMPARE(qulonglong(f.offset(tx)), x);
    QCOMPARE(qulonglong(f.offset(ta)), a);
    QCOMPARE(qulonglong(f.offset(tb)), x);
    QCOMPARE(qulonglong(**r.max), max_size);
    for (auto t : {tx, ta, tb}) QCOMPARE((0x10010 + f.offset(t)) % static_cast<unsigned>(alignment), 0u);
}

// s frees p, then r, whose slot joins p's hole and the tail in one block.
void TestGraphAllocator::mergeBothSides() {
    fixture f;
    const auto x = f.leaf("x", 16);
    const auto q = f.name(f.b.norm(x, 1e-5f), "q");
    const auto p = f.name(f.b.norm(x, 1e-5f), "p");
    const auto rr = f.name(f.b.norm(x, 1e-5f), "r");
    const auto s = f.name(f.b.mul_mat(p, rr), "s");
    const auto t = f.name(f.b.add(q, s), "t");
    const auto out = f.name(f.b.norm(t, 1e-5f), "out");
    f.expand(out);
    const auto r = allocate(f, 64);
    QVERIFY(r.max->ok());
    QCOMPARE(f.offset(x), 0u);
    QCOMPARE(f.offset(q), 64u);
    QCOMPARE(f.offset(p), 128u);
    QCOMPARE(f.offset(rr), 192u);
    QCOMPARE(f.offset(s), 0u);
    QCOMPARE(f.ctx[t].view_src, q);
    QCOMPARE(f.offset(out), 0u);
    QCOMPARE(**r.max, 256u);
    QCOMPARE(r.blocks(), QStringLiteral("[64,4096)"));
    const auto frees = r.all<events::free>();
    const auto it = std::find_if(frees.begin(), frees.end(), [&](const auto& e) { return e.tensor == rr; });
    QVERIFY(it != frees.end());
    QCOMPARE(it->merge, merge_kind::both);
    QCOMPARE(it->result, (free_block{128, 4096 - 128}));
}

// p and r leave two 64-byte holes; v takes the later one (`<=` in the best-fit loop).
void TestGraphAllocator::bestFitTieTakesLater() {
    fixture f;
    const auto x = f.weight("x", 16, 1, 0);
    std::array<tensor_id, 4> n{};
    const char* names[] = {"p", "q", "r", "s"};
    for (std::size_t i = 0; i < 4; ++i) {
        n[i] = f.name(f.b.norm(x, 1e-5f), names[i]);
        f.expand(n[i]);
    }
    const auto u = f.name(f.b.mul_mat(n[0], n[2]), "u");
    const auto v = f.name(f.b.mul_mat(n[1], n[3]), "v");
    const auto w = f.name(f.b.add(u, v), "w");
    f.expand(w);
    const auto r = allocate(f, 64);
    QVERIFY(r.max->ok());
    QCOMPARE(f.offset(n[0]), 0u);
    QCOMPARE(f.offset(n[1]), 64u);
    QCOMPARE(f.offset(n[2]), 128u);
    QCOMPARE(f.offset(n[3]), 192u);
    QCOMPARE(f.offset(u), 256u);
    QCOMPARE(f.offset(v), 128u);
    QCOMPARE(f.ctx[w].view_src, u);
    QCOMPARE(**r.max, 320u);
    QCOMPARE(r.blocks(), QStringLiteral("[0,256) [320,4096)"));
    const auto allocs = r.all<events::alloc>();
    const auto& ev = allocs[5];
    QCOMPARE(ev.tensor, v);
    QCOMPARE(ev.block, 1u);
    QCOMPARE(ev.candidates, (std::vector<free_block>{{0, 64}, {128, 64}, {320, 4096 - 320}}));
}

// Base 0x1000 is not 8192-aligned: every offset is 4096 past a boundary, and max_size counts it.
void TestGraphAllocator::measureMode() {
    fixture f;
    const auto [x, n1, n2, n3, n4] = norm_chain(f);
    auto m = legacy_allocator::create_measure(compute, 8192);
    QVERIFY(m.ok());
    const auto max = m->alloc_graph(f.ctx, f.g);
    QVERIFY(max.ok());
    QCOMPARE(f.offset(x), 4096u);
    QCOMPARE(f.offset(n1), 12288u);
    QCOMPARE(f.offset(n2), 4096u);
    QCOMPARE(f.offset(n3), 12288u);
    QCOMPARE(*max, 20480u);
    QVERIFY(m->is_measure());
}

// llama.cpp's flow: measure, then allocate a fresh copy of the graph in a buffer of max_size.
void TestGraphAllocator::legacyMeasureThenAllocate() {
    fixture measured;
    norm_chain(measured);
    auto m = legacy_allocator::create_measure(compute, 32);
    QVERIFY(m.ok());
    const auto max = m->alloc_graph(measured.ctx, measured.g);
    QVERIFY(max.ok());
    QCOMPARE(*max, 128u);

    fixture real;
    norm_chain(real);
    auto a = legacy_allocator::create(compute, 0x7f0000001000, *max, 32);
    QVERIFY(a.ok());
    QVERIFY(a->alloc_graph(real.ctx, real.g).ok());
    for (std::size_t i = 0; i < real.ctx.size(); ++i)
        QCOMPARE(real.ctx[tensor_id{i}].where, measured.ctx[tensor_id{i}].where);

    fixture tight;
    norm_chain(tight);
    auto b = legacy_allocator::create(compute, 0, *max - 1, 32);
    QVERIFY(b.ok());
    QVERIFY(!b->alloc_graph(tight.ctx, tight.g).ok());
}

void TestGraphAllocator::perNodeAllocators() {
    fixture f;
    const auto x = f.leaf("x", 16);
    const auto a = f.name(f.b.norm(x, 1e-5f), "a");
    const auto b2 = f.name(f.b.sqr(a), "b");
    const auto c = f.name(f.b.norm(b2, 1e-5f), "c");
    f.expand(c);
    auto cpu = tensor_allocator::create(std::make_shared<plain_buffer>(buffer_id{1}, 0, 4096, 32));
    auto gpu = tensor_allocator::create(std::make_shared<plain_buffer>(buffer_id{2}, 0, 4096, 32));
    QVERIFY(cpu.ok() && gpu.ok());
    alloc_recorder rec;
    graph_allocator g;
    g.set_observer(&rec);
    const auto s = g.alloc_graph_n(f.ctx, f.g, [&](tensor_id t) { return t == a || t == b2 ? &*gpu : &*cpu; });
    QVERIFY(s.ok());
    QCOMPARE(f.ctx[x].where, (placement{buffer_id{1}, 0}));
    QCOMPARE(f.ctx[a].where, (placement{buffer_id{2}, 0}));
    QCOMPARE(f.ctx[b2].view_src, a);
    QCOMPARE(f.ctx[c].where, (placement{buffer_id{1}, 0}));
    QCOMPARE(cpu->free_blocks()[0], (free_block{64, 4096 - 64}));
    QCOMPARE(gpu->free_blocks()[0], (free_block{0, 4096}));
    std::vector<buffer_id> measured;
    for (const auto& e : rec.events())
        if (const auto* m = std::get_if<events::measure>(&e)) measured.push_back(m->buffer);
    QCOMPARE(measured, (std::vector<buffer_id>{buffer_id{1}, buffer_id{2}}));
}

void TestGraphAllocator::perNodeRefusesOtherBuffer() {
    fixture f;
    const auto x = f.leaf("x", 16);
    const auto a = f.name(f.b.norm(x, 1e-5f), "a");
    const auto b2 = f.name(f.b.sqr(a), "b");
    const auto c = f.name(f.b.norm(b2, 1e-5f), "c");
    f.expand(c);
    auto cpu = tensor_allocator::create(std::make_shared<plain_buffer>(buffer_id{1}, 0, 4096, 32));
    auto gpu = tensor_allocator::create(std::make_shared<plain_buffer>(buffer_id{2}, 0, 4096, 32));
    alloc_recorder rec;
    graph_allocator g;
    g.set_observer(&rec);
    QVERIFY(g.alloc_graph_n(f.ctx, f.g, [&](tensor_id t) { return t == a ? &*gpu : &*cpu; }).ok());
    QCOMPARE(f.ctx[b2].where, (placement{buffer_id{1}, 0})); // x's slot, freed after a ran
    QVERIFY(!f.ctx[b2].view_src.valid());
    QCOMPARE(f.ctx[c].where, (placement{buffer_id{1}, 64}));
    QCOMPARE(gpu->free_blocks()[0], (free_block{0, 4096})); // a freed once b ran
    bool refused = false;
    for (const auto& e : rec.events())
        if (const auto* r = std::get_if<events::refused>(&e)) refused = r->node == b2 && r->reason == refusal::external;
    QVERIFY(refused);
}

void TestGraphAllocator::perNodeMissingAllocator() {
    fixture f;
    const auto [x, n1, n2, n3, n4] = norm_chain(f);
    auto cpu = tensor_allocator::create(std::make_shared<plain_buffer>(compute, 0, 4096, 32));
    graph_allocator g;
    const auto s = g.alloc_graph_n(f.ctx, f.g, [&](tensor_id t) { return t == n3 ? nullptr : &*cpu; });
    QVERIFY(!s.ok());
    QCOMPARE(QString::fromStdString(s.err().message), QStringLiteral("no tensor allocator for 'n3'"));
    for (auto t : {x, n1, n2, n3, n4}) QVERIFY(!f.ctx[t].where);
    QCOMPARE(cpu->free_blocks()[0], (free_block{0, 4096}));
    QCOMPARE(cpu->max_size(), 0u);
}

void TestGraphAllocator::outOfSpaceRollsBack() {
    fixture f;
    const auto [x, n1, n2, n3, n4] = norm_chain(f);
    const auto r = allocate(f, 32, {}, 0, 100);
    QVERIFY(!r.max->ok());
    QCOMPARE(QString::fromStdString(r.max->err().message),
             QStringLiteral("not enough space in buffer 1 for tensor 'n1': needs 64 bytes, largest free block is 36 bytes"));
    for (auto t : {x, n1, n2, n3, n4}) QVERIFY(!f.ctx[t].where);
    QCOMPARE(r.blocks(), QStringLiteral("[0,100)"));
    QCOMPARE(r.alloc->max_size(), 0u);
    QVERIFY(std::holds_alternative<events::failure>(r.rec->events().back()));
}

void TestGraphAllocator::outOfSpaceAfterInplaceRollsBack() {
    fixture f;
    const auto x = f.leaf("x", 16);
    const auto a = f.name(f.b.norm(x, 1e-5f), "a");
    const auto c = f.name(f.b.sqrt(x), "c");
    const auto d = f.name(f.b.mul_mat(a, c), "d");
    f.expand(d);
    const auto r = allocate(f, 32, {}, 0, 150);
    QVERIFY(!r.max->ok());
    QVERIFY(QString::fromStdString(r.max->err().message).contains("'d': needs 32 bytes, largest free block is 22"));
    QVERIFY(!f.ctx[c].view_src.valid());
    for (auto t : {x, a, c, d}) QVERIFY(!f.ctx[t].where);
    QCOMPARE(r.blocks(), QStringLiteral("[0,150)"));
}

// With parse_seq, a view can come before the node that allocates its source.
void TestGraphAllocator::viewOfUnallocatedSource() {
    fixture f;
    const auto x = f.leaf("x", 16);
    const auto a = f.name(f.b.norm(x, 1e-5f), "a");
    const auto v = f.name(f.b.view_1d(a, 8, 0), "v");
    const auto v2 = f.name(f.b.view_1d(v, 4, 0), "v2");
    const auto out = f.name(f.b.norm(v2, 1e-5f), "out");
    f.expand(out);
    QCOMPARE(f.g.nodes[2], v2);
    const auto r = allocate(f, 32, {2});
    QVERIFY(!r.max->ok());
    QCOMPARE(QString::fromStdString(r.max->err().message),
             QStringLiteral("view 'v' of 'a': the source is not allocated"));
    QVERIFY(!f.ctx[v].where);
}

void TestGraphAllocator::badParseSeq() {
    fixture f;
    norm_chain(f);
    const auto r = allocate(f, 32, {0, 7});
    QVERIFY(!r.max->ok());
    QCOMPARE(QString::fromStdString(r.max->err().message),
             QStringLiteral("parse_seq[1] = 7 is not a node index or -1"));
}

QTEST_APPLESS_MAIN(TestGraphAllocator)
#include "test_graph_allocator.moc"
