// The floor under greedy placement (plan/dsa_sample_floor.h). With a sample at every section it
// is the exact first fit: checked against a scan of every block alive with the query, on random
// blocks placed, then half of them erased. With fewer samples it does not see what lives only
// between them; and a trace whose blocks would be listed too often gets fewer samples.
#include "plan/dsa_sample_floor.h"

#include <QtTest>

#include <algorithm>
#include <random>
#include <vector>

using namespace planscope;
using lifetime = sample_floor::lifetime;

namespace {

struct placed {
    lifetime t;
    std::uint64_t off, end; // end aligned
};

std::uint64_t align_up(std::uint64_t x, std::uint64_t alignment) { return (x + alignment - 1) & ~(alignment - 1); }

// The lowest aligned offset at or above `from` clear of every block whose lifetime overlaps `t`.
std::uint64_t scan_every_block(const std::vector<placed>& blocks, lifetime t, std::uint64_t size, std::uint64_t from) {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> taken;
    for (const placed& b : blocks)
        if (b.t.first < t.second && t.first < b.t.second) taken.emplace_back(b.off, b.end);
    std::sort(taken.begin(), taken.end());
    std::uint64_t at = from;
    for (const auto& [off, end] : taken) {
        if (off >= at + size) break;
        at = std::max(at, end);
    }
    return at;
}

} // namespace

class TestSampleFloor : public QObject {
    Q_OBJECT
private slots:
    void exactWithASampleAtEverySection_data();
    void exactWithASampleAtEverySection();
    void blindBetweenSamples();
    void fewerSamplesForLongLifetimes();
};

void TestSampleFloor::exactWithASampleAtEverySection_data() {
    QTest::addColumn<int>("alignment");
    QTest::newRow("1") << 1;
    QTest::newRow("8") << 8;
    QTest::newRow("64") << 64;
}

// Up to 64 sections: every section is a sample. Blocks are placed where a scan puts them (apart
// from every block alive with them, as the floor requires), long and short lifetimes mixed.
void TestSampleFloor::exactWithASampleAtEverySection() {
    QFETCH(int, alignment);
    const auto a = static_cast<std::uint64_t>(alignment);
    std::mt19937 rng(20261127 + alignment);
    for (int round = 0; round < 60; ++round) {
        const std::uint32_t sections = 1 + rng() % 64;
        const auto random_lifetime = [&] {
            const std::uint32_t lower = rng() % sections;
            const std::uint32_t length = rng() % 3 == 0 ? 1 + rng() % sections : 1 + rng() % 4;
            return lifetime{lower, std::min(sections, lower + length)};
        };
        std::vector<lifetime> lifetimes(1 + rng() % 300);
        for (lifetime& t : lifetimes) t = random_lifetime();
        sample_floor floor(lifetimes, a);
        std::vector<placed> blocks;
        for (const lifetime& t : lifetimes) {
            const std::uint64_t size = align_up(1 + rng() % 500, a);
            const std::uint64_t off = scan_every_block(blocks, t, size, 0);
            floor.insert(t, off, off + size);
            blocks.push_back({t, off, off + size});
        }
        std::shuffle(blocks.begin(), blocks.end(), rng);
        for (int pass = 0; pass < 2; ++pass) {
            for (int q = 0; q < 40; ++q) {
                const lifetime t = random_lifetime();
                const std::uint64_t size = align_up(1 + rng() % 800, a);
                const std::uint64_t from = align_up(rng() % 4000, a);
                floor.start(t);
                QCOMPARE(floor.lift(size, from), scan_every_block(blocks, t, size, from));
            }
            for (std::size_t i = blocks.size() / 2; i < blocks.size(); ++i)
                floor.erase(blocks[i].t, blocks[i].off, blocks[i].end);
            blocks.resize(blocks.size() / 2);
        }
    }
}

// 128 sections: samples at the even ones. A block alive only at section 1 is invisible to a
// query alive at sections 1 and 2; one alive at section 2 is not.
void TestSampleFloor::blindBetweenSamples() {
    const std::vector<lifetime> lifetimes{{1, 2}, {2, 3}, {0, 128}};
    sample_floor floor(lifetimes, 1);
    floor.insert({1, 2}, 0, 100);
    floor.start({1, 3});
    QCOMPARE(floor.lift(10, 0), std::uint64_t{0}); // the first fit is 100
    floor.insert({2, 3}, 0, 50);
    floor.start({1, 3});
    QCOMPARE(floor.lift(10, 0), std::uint64_t{50});
    QCOMPARE(floor.lift(10, 60), std::uint64_t{60});
    floor.erase({2, 3}, 0, 50);
    floor.start({1, 3});
    QCOMPARE(floor.lift(10, 0), std::uint64_t{0});
}

// 40,000 lifetimes over all 128 sections would be listed 127 times each with 64 samples (5.08
// million, over the 4.5 million allowed): 32 samples, every 4th section. Then a block alive only
// at section 2 is between samples; with 100 such lifetimes, 64 samples see it.
void TestSampleFloor::fewerSamplesForLongLifetimes() {
    for (const auto& [long_ones, seen] : {std::pair{40'000, false}, std::pair{100, true}}) {
        std::vector<lifetime> lifetimes(static_cast<std::size_t>(long_ones), lifetime{0, 128});
        lifetimes.push_back({2, 3});
        sample_floor floor(lifetimes, 1);
        floor.insert({2, 3}, 0, 64);
        floor.start({2, 5});
        QCOMPARE(floor.lift(8, 0), seen ? std::uint64_t{64} : std::uint64_t{0});
    }
}

QTEST_APPLESS_MAIN(TestSampleFloor)
#include "test_sample_floor.moc"
