// Invariants of the allocators on random graphs, checked on every step of the recorded event
// stream through the replayer, which must also step backward and forward to the same states.
#include "alloc/alloc_replay.h"
#include "alloc/graph_allocator.h"
#include "core/builder.h"

#include <QtTest>

#include <random>

using namespace planscope;

namespace {

const buffer_id weights{0};

struct random_graph {
    context ctx;
    graph g;
    std::vector<int> parse_seq;
};

using rng_t = std::mt19937_64;

std::size_t pick(rng_t& rng, std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); }
bool chance(rng_t& rng, double p) { return std::bernoulli_distribution(p)(rng); }

// An operand: mostly one of the latest tensors, so that chains and reuse are common.
tensor_id operand(rng_t& rng, const std::vector<tensor_id>& pool) {
    const std::size_t recent = std::min<std::size_t>(pool.size(), 4);
    return chance(rng, 0.7) ? pool[pool.size() - 1 - pick(rng, recent)] : pool[pick(rng, pool.size())];
}

tensor_id same_shape_as(rng_t& rng, const context& ctx, const std::vector<tensor_id>& pool, tensor_id a) {
    std::vector<tensor_id> same;
    for (tensor_id t : pool)
        if (ctx[t].ne == ctx[a].ne && ctx[t].type == ctx[a].type) same.push_back(t);
    return same[pick(rng, same.size())]; // a itself is always there
}

// One random op on the pool; invalid (the builder refused it) when the inputs do not fit.
tensor_id random_op(rng_t& rng, builder& b, const std::vector<tensor_id>& pool) {
    const context& ctx = b.ctx();
    const tensor_id a = operand(rng, pool);
    const tensor& ta = ctx[a];
    switch (pick(rng, 16)) {
    case 0: return b.norm(a, 1e-5f);
    case 1: return b.sqr(a);
    case 2: return b.sqrt_inplace(a);
    case 3: return b.silu(a);
    case 4: return b.soft_max(a);
    case 5: return b.rms_norm(a, 1e-5f);
    case 6: return b.add(a, same_shape_as(rng, ctx, pool, a));
    case 7: return b.mul_inplace(a, same_shape_as(rng, ctx, pool, a));
    case 8: return b.sub(a, same_shape_as(rng, ctx, pool, a));
    case 9: return b.cont(b.transpose(a));
    case 10: return b.transpose(a);
    case 11: return b.reshape_1d(a, nelements(ta));
    case 12: {
        const auto n = nelements(ta);
        const auto len = 1 + static_cast<std::int64_t>(pick(rng, static_cast<std::size_t>(n)));
        const auto off = pick(rng, static_cast<std::size_t>(n - len + 1)) * type_size(ta.type);
        return b.view_1d(a, len, off);
    }
    case 13: return b.mul_mat(a, same_shape_as(rng, ctx, pool, a));
    case 14: return b.dup(a);
    default: return b.cpy(a, same_shape_as(rng, ctx, pool, a));
    }
}

random_graph make_random(rng_t& rng) {
    random_graph r;
    std::vector<tensor_id> pool;
    std::uint64_t weight_offset = 0;
    const std::size_t n_leafs = 1 + pick(rng, 4);
    for (std::size_t i = 0; i < n_leafs; ++i) {
        builder b(r.ctx);
        const std::int64_t ne0 = std::array<std::int64_t, 4>{4, 8, 16, 25}[pick(rng, 4)];
        const std::int64_t ne1 = 1 + static_cast<std::int64_t>(pick(rng, 3));
        const auto t = b.new_tensor_2d(dtype::f32, ne0, ne1);
        if (chance(rng, 0.4)) { // a weight, in its own buffer
            r.ctx[t].where = placement{weights, weight_offset};
            weight_offset += nbytes(r.ctx[t]);
        }
        pool.push_back(t);
    }
    const std::size_t n_ops = 1 + pick(rng, 60);
    std::vector<tensor_id> made;
    while (made.size() < n_ops) {
        builder b(r.ctx);
        const tensor_id t = random_op(rng, b, pool);
        if (!t.valid()) continue;
        pool.push_back(t);
        made.push_back(t);
    }
    // A few sinks: the last op and any others picked at random.
    const auto expand = [&](tensor_id root) {
        if (!build_forward_expand(r.ctx, r.g, root).ok()) qFatal("build_forward_expand failed");
    };
    expand(made.back());
    for (std::size_t i = 0; i < 2; ++i)
        if (chance(rng, 0.5)) expand(made[pick(rng, made.size())]);
    if (chance(rng, 0.3)) {
        for (std::size_t i = 0; i < r.g.nodes.size(); ++i) {
            r.parse_seq.push_back(static_cast<int>(i));
            if (chance(rng, 0.3)) r.parse_seq.push_back(-1);
        }
        if (chance(rng, 0.5)) r.parse_seq.push_back(-1);
    }
    return r;
}

struct buffer_setup {
    std::uint64_t base;
    std::size_t alignment;
    std::size_t capacity = 0; // of the initial free block
};

// Checks one replay state; returns what is wrong, or an empty string.
std::string check_state(const replay_state& s, const std::map<buffer_id, buffer_setup>& setups) {
    for (const auto& [id, buf] : s.buffers) {
        const buffer_setup& setup = setups.at(id);
        std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges; // [begin, end): free and held
        std::uint64_t free_total = 0, held_total = 0;
        for (std::size_t i = 0; i < buf.free_blocks.size(); ++i) {
            const auto& b = buf.free_blocks[i];
            if (i > 0 && buf.free_blocks[i - 1].end() >= b.offset) return "free blocks touch or are unsorted";
            ranges.emplace_back(b.offset, b.end());
            free_total += b.size;
        }
        for (const auto& [t, h] : s.held) {
            if (h.buffer != id) continue;
            if ((setup.base + h.offset) % setup.alignment != 0) return "unaligned tensor " + std::to_string(t.value);
            ranges.emplace_back(h.offset, h.offset + h.size);
            held_total += h.size;
        }
        std::sort(ranges.begin(), ranges.end());
        for (std::size_t i = 1; i < ranges.size(); ++i)
            if (ranges[i - 1].second > ranges[i].first) return "overlap in buffer " + std::to_string(id.value);
        if (!ranges.empty() && ranges.front().first < aligned_offset(setup.base, 0, setup.alignment))
            return "a range starts before the buffer's first aligned byte";
        if (free_total + held_total != setup.capacity) return "free + held bytes != capacity";
    }
    return {};
}

} // namespace

class TestAllocInvariants : public QObject {
    Q_OBJECT
private slots:
    void randomGraphs();
    void randomFailuresRollBack();
    void seekAnywhere();
};

void TestAllocInvariants::randomGraphs() {
    rng_t rng(20231115);
    constexpr std::array<std::size_t, 5> alignments{1, 16, 32, 64, 256};
    std::size_t total_events = 0, inplace = 0, refused = 0, per_node = 0, leaks = 0;
    for (int iter = 0; iter < 1200; ++iter) {
        random_graph rg = make_random(rng);
        const bool measure = chance(rng, 0.3);
        const bool two_buffers = chance(rng, 0.2);
        std::map<buffer_id, buffer_setup> setups;
        std::vector<tensor_allocator> allocs;
        for (std::uint32_t i = 1; i <= (two_buffers ? 2u : 1u); ++i) {
            const std::size_t alignment = alignments[pick(rng, alignments.size())];
            const std::uint64_t base = 0x10000 + pick(rng, 4096);
            auto buf = std::make_shared<plain_buffer>(buffer_id{i}, base, std::size_t{1} << 24, alignment);
            auto a = measure ? tensor_allocator::create_measure(buf) : tensor_allocator::create(buf);
            QVERIFY(a.ok());
            setups[buffer_id{i}] = {measure ? measure_base : base, alignment, a->free_blocks()[0].size};
            allocs.push_back(std::move(*a));
        }
        alloc_recorder rec;
        for (auto& a : allocs) a.set_observer(&rec);
        graph_allocator galloc;
        galloc.set_observer(&rec);
        galloc.set_parse_seq(rg.parse_seq);
        status s = success();
        if (two_buffers) {
            ++per_node;
            std::vector<std::size_t> owner(rg.ctx.size());
            for (auto& o : owner) o = pick(rng, 2);
            s = galloc.alloc_graph_n(rg.ctx, rg.g, [&](tensor_id t) { return &allocs[owner[t.index()]]; });
        } else {
            auto r = galloc.alloc_graph(rg.ctx, rg.g, allocs[0]);
            if (!r) s = r.err();
        }
        QVERIFY2(s.ok(), s.ok() ? "" : s.err().message.c_str());
        for (tensor_id n : rg.g.nodes) QVERIFY(rg.ctx[n].where.has_value());

        // Forward: every state sane; a node's sources are live right after it is allocated.
        alloc_replayer rp(rec.events());
        std::vector<replay_state> states{rp.state()};
        std::optional<tensor_id> running;
        const auto check_running = [&] {
            if (!running) return;
            const tensor& n = rg.ctx[*running];
            QVERIFY(rp.state().live_placement(*running).has_value());
            for (tensor_id src : n.src) {
                if (!src.valid()) break;
                QVERIFY2(rp.state().live_placement(src).has_value() ||
                             (rg.ctx[src].where && rg.ctx[src].where->buffer == weights),
                         ("source " + rg.ctx[src].name + " of " + n.name + " is not live").c_str());
            }
            running.reset();
        };
        for (std::size_t i = 0; i < rec.events().size(); ++i) {
            const alloc_event& e = rec.events()[i];
            if (!std::holds_alternative<events::alloc>(e) && !std::holds_alternative<events::view>(e) &&
                !std::holds_alternative<events::inplace>(e) && !std::holds_alternative<events::refused>(e))
                check_running();
            if (const auto* a = std::get_if<events::alloc>(&e))
                QCOMPARE(rp.state().buffers.at(a->buffer).free_blocks, a->candidates);
            if (const auto* n = std::get_if<events::node>(&e)) running = n->tensor;
            inplace += std::holds_alternative<events::inplace>(e);
            refused += std::holds_alternative<events::refused>(e);
            QVERIFY(rp.forward());
            const std::string why = check_state(rp.state(), setups);
            if (!why.empty()) // the story so far, to see how it went wrong
                for (std::size_t k = 0; k <= i; ++k) qInfo("%s", describe(rec.events()[k], rg.ctx).c_str());
            QVERIFY2(why.empty(), why.c_str());
            states.push_back(rp.state());
        }
        check_running();
        QVERIFY(!rp.forward());
        for (const auto& [t, h] : rp.state().held) leaks += h.leaked;
        total_events += rec.events().size();

        // The replay ends where the allocators are.
        for (const auto& a : allocs) {
            const auto& b = rp.state().buffers.at(a.buffer());
            QVERIFY(std::equal(b.free_blocks.begin(), b.free_blocks.end(), a.free_blocks().begin(),
                               a.free_blocks().end()));
            QCOMPARE(b.max_size, a.max_size());
        }
        for (const auto& [t, p] : rp.state().placed) QCOMPARE(rg.ctx[t].where, std::optional<placement>(p.where));

        // Backward to the start, then forward again: the same states.
        for (std::size_t i = states.size() - 1; i > 0; --i) {
            QVERIFY(rp.backward());
            QVERIFY(rp.state() == states[i - 1]);
        }
        QVERIFY(!rp.backward());
        rp.seek(states.size() / 2);
        QVERIFY(rp.state() == states[states.size() / 2]);
        rp.seek(0);
        for (std::size_t i = 1; i < states.size(); ++i) {
            QVERIFY(rp.forward());
            QVERIFY(rp.state() == states[i]);
        }
    }
    qInfo("%zu events, %zu inplace reuses, %zu refusals, %zu per-node runs, %zu partly freed allocations",
          total_events, inplace, refused, per_node, leaks);
    QVERIFY(inplace > 1000 && refused > 1000 && per_node > 100 && leaks > 0);
}

// Too-small buffers: a failed allocation leaves every tensor and the allocator as they were.
void TestAllocInvariants::randomFailuresRollBack() {
    rng_t rng(7);
    int failures = 0;
    for (int iter = 0; iter < 300; ++iter) {
        random_graph rg = make_random(rng);
        std::vector<std::optional<placement>> where;
        std::vector<tensor_id> view_src;
        for (std::size_t i = 0; i < rg.ctx.size(); ++i) {
            where.push_back(rg.ctx[tensor_id{i}].where);
            view_src.push_back(rg.ctx[tensor_id{i}].view_src);
        }
        auto a = tensor_allocator::create(std::make_shared<plain_buffer>(buffer_id{1}, 0, 64 + pick(rng, 512), 32));
        QVERIFY(a.ok());
        const auto before = a->save();
        graph_allocator galloc;
        galloc.set_parse_seq(rg.parse_seq);
        if (galloc.alloc_graph(rg.ctx, rg.g, *a).ok()) continue;
        ++failures;
        for (std::size_t i = 0; i < rg.ctx.size(); ++i) {
            QCOMPARE(rg.ctx[tensor_id{i}].where, where[i]);
            QCOMPARE(rg.ctx[tensor_id{i}].view_src, view_src[i]);
        }
        QVERIFY(std::equal(before.blocks.begin(), before.blocks.end(), a->free_blocks().begin(), a->free_blocks().end()));
        QCOMPARE(a->max_size(), before.max_size);
    }
    QVERIFY(failures > 50);
}

// Seeking to any step and stepping from there agrees with walking there.
void TestAllocInvariants::seekAnywhere() {
    rng_t rng(99);
    random_graph rg = make_random(rng);
    auto a = tensor_allocator::create_measure(std::make_shared<plain_buffer>(buffer_id{1}, 0, 0, 64));
    QVERIFY(a.ok());
    alloc_recorder rec;
    a->set_observer(&rec);
    graph_allocator galloc;
    galloc.set_observer(&rec);
    QVERIFY(galloc.alloc_graph(rg.ctx, rg.g, *a).ok());
    alloc_replayer walk(rec.events());
    std::vector<replay_state> states{walk.state()};
    while (walk.forward()) states.push_back(walk.state());
    alloc_replayer jump(rec.events());
    for (int i = 0; i < 200; ++i) {
        const std::size_t to = pick(rng, states.size());
        jump.seek(to);
        QCOMPARE(jump.position(), to);
        QVERIFY(jump.state() == states[to]);
    }
}

QTEST_APPLESS_MAIN(TestAllocInvariants)
#include "test_alloc_invariants.moc"
