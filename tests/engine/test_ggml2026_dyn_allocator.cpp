// ggml 2026's dynamic allocator (alloc/ggml2026/dyn_allocator.h) against addresses and free lists
// worked out by hand from ggml_dyn_tallocr_alloc / _free_bytes / _new_chunk of d99724f2: the best
// fit that skips each chunk's last block, the last-block choice by reuse, chunks of a maximum size,
// tensors larger than it, the unbounded sixteenth chunk, merges, and the failures ggml asserts on.
#include "alloc/ggml2026/dyn_allocator.h"

#include <QtTest>

using namespace planscope;
using namespace planscope::ggml2026;

namespace {

// "c0 max 60 [0,100) | c1 max 70 [70,100)": every chunk's high-water mark and free list.
QString state(const dyn_allocator& a) {
    QStringList chunks;
    for (int c = 0; c < a.n_chunks(); ++c) {
        QStringList parts{QStringLiteral("c%1 max %2").arg(c).arg(a.max_size(c))};
        for (const free_block& b : a.free_blocks(c)) parts << QStringLiteral("[%1,%2)").arg(b.offset).arg(b.end());
        chunks << parts.join(' ');
    }
    return chunks.join(QStringLiteral(" | "));
}

} // namespace

class TestGgml2026DynAllocator : public QObject {
    Q_OBJECT
private slots:
    void scripts_data();
    void scripts();
    void sixteenth_chunk_is_unbounded();
    void failures_leave_it_unchanged();
};

// A script: "aN" allocates N bytes (its address is appended to the results), "fI" frees the I-th
// allocation (with the bytes it asked for). Alignment and max_buffer_size per row.
void TestGgml2026DynAllocator::scripts_data() {
    QTest::addColumn<int>("alignment");
    QTest::addColumn<int>("max_size");
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("addresses");
    QTest::addColumn<QString>("final");
    QTest::newRow("one chunk: sizes round up, a freed block is reused")
        << 32 << (1 << 30) << "a100 a50 f0 a60" << "0:0 0:128 0:0" << "c0 max 192 [64,128) [192,1073741824)";
    QTest::newRow("best fit skips the last block")
        << 1 << 1000 << "a10 a20 a30 f1 a5" << "0:0 0:10 0:30 0:10" << "c0 max 60 [15,30) [60,1000)";
    QTest::newRow("best fit: the later of two equal blocks")
        << 1 << 1000 << "a10 a1 a10 a1 f0 f2 a10" << "0:0 0:10 0:11 0:21 0:11" << "c0 max 22 [0,10) [22,1000)";
    QTest::newRow("a chunk of max size, then a new chunk when the last block is too small")
        << 32 << 256 << "a200 a100" << "0:0 1:0" << "c0 max 224 [224,256) | c1 max 128 [128,256)";
    QTest::newRow("a tensor larger than the maximum gets a chunk of its size")
        << 1 << 64 << "a100 a10" << "0:0 1:0" << "c0 max 100 | c1 max 10 [10,64)";
    QTest::newRow("last block: the chunk with room to spare over one that must grow")
        << 1 << 100 << "a60 a70 f0 a20" << "0:0 1:0 0:0" << "c0 max 60 [20,100) | c1 max 70 [70,100)";
    QTest::newRow("last block: the least room left unused")
        << 1 << 100 << "a90 a50 f0 f1 a30" << "0:0 1:0 1:0" << "c0 max 90 [0,100) | c1 max 50 [30,100)";
    QTest::newRow("last block: the chunk that grows least")
        << 1 << 100 << "a30 a80 f0 f1 a90" << "0:0 1:0 1:0" << "c0 max 30 [0,100) | c1 max 90 [90,100)";
    QTest::newRow("best fit: a later chunk's block over an earlier chunk's tighter one")
        << 1 << 100 << "a10 a10 a10 a70 f0 f2 a50 a20 a30 f4 f6 a8" << "0:0 0:10 0:20 0:30 1:0 1:50 1:70 1:0"
        << "c0 max 100 [0,10) [20,30) | c1 max 100 [8,50) [70,100)";
    QTest::newRow("frees merge with the block before and after")
        << 1 << 1000 << "a10 a10 a10 a10 f0 f2 f1" << "0:0 0:10 0:20 0:30" << "c0 max 40 [0,30) [40,1000)";
    QTest::newRow("a free that touches two blocks closes the gap")
        << 1 << 1000 << "a10 a10 a10 f1 f2" << "0:0 0:10 0:20" << "c0 max 30 [10,1000)";
    QTest::newRow("a free just before a block extends it")
        << 1 << 1000 << "a10 a10 f1 f0" << "0:0 0:10" << "c0 max 20 [0,1000)";
}

void TestGgml2026DynAllocator::scripts() {
    QFETCH(int, alignment);
    QFETCH(int, max_size);
    QFETCH(QString, script);
    QFETCH(QString, addresses);
    QFETCH(QString, final);
    dyn_allocator a(static_cast<std::size_t>(alignment), static_cast<std::size_t>(max_size));
    std::vector<std::pair<chunk_address, std::size_t>> allocated;
    QStringList got;
    for (const QString& op : script.split(' ')) {
        const std::size_t n = op.mid(1).toULongLong();
        if (op[0] == 'a') {
            auto r = a.alloc(n);
            QVERIFY2(r.ok(), r.ok() ? "" : r.err().message.c_str());
            allocated.emplace_back(*r, n);
            got << QStringLiteral("%1:%2").arg(r->chunk).arg(r->offset);
        } else {
            const auto [addr, bytes] = allocated.at(n);
            QVERIFY(a.free_bytes(addr, bytes).ok());
        }
    }
    QCOMPARE(got.join(' '), addresses);
    QCOMPARE(state(a), final);
}

// ggml_dyn_tallocr_new_chunk: the sixteenth chunk has SIZE_MAX / 2 bytes, and takes everything after.
void TestGgml2026DynAllocator::sixteenth_chunk_is_unbounded() {
    dyn_allocator a(16, 64);
    for (int i = 0; i < max_chunks; ++i) {
        auto r = a.alloc(64);
        QVERIFY(r.ok());
        QCOMPARE(r->chunk, i);
        QCOMPARE(r->offset, std::uint64_t{0});
    }
    QCOMPARE(a.free_blocks(15).size(), std::size_t{1});
    QCOMPARE(a.free_blocks(15)[0].size, unbounded - 64);
    auto big = a.alloc(std::size_t{1} << 40);
    QVERIFY(big.ok());
    QCOMPARE(big->chunk, 15);
    QCOMPARE(big->offset, std::uint64_t{64});
    QCOMPARE(a.n_chunks(), 16);
    QCOMPARE(a.max_size(15), (std::size_t{1} << 40) + 64);
    QCOMPARE(a.max_size(16), std::size_t{0});
}

// What ggml asserts on is an error, and nothing changes.
void TestGgml2026DynAllocator::failures_leave_it_unchanged() {
    dyn_allocator a(1, 1000);
    auto first = a.alloc(10);
    QVERIFY(first.ok());
    const QString before = state(a);
    auto huge = a.alloc(unbounded + 1);
    QVERIFY(!huge.ok());
    QCOMPARE(QString::fromStdString(huge.err().message),
             QStringLiteral("ggml 2026 allocator: %1 bytes is more than a buffer can hold").arg(unbounded + 1));
    QCOMPARE(state(a), before);
    QVERIFY(!a.free_bytes({3, 0}, 10).ok());
    QCOMPARE(state(a), before);

    // 600 one-byte tensors, then every other one freed: the 256th separate free block is refused.
    dyn_allocator b(1, 10000);
    std::vector<chunk_address> addrs;
    for (int i = 0; i < 600; ++i) addrs.push_back(*b.alloc(1));
    int freed = 0;
    status s = success();
    for (std::size_t i = 0; i < addrs.size(); i += 2) {
        s = b.free_bytes(addrs[i], 1);
        if (!s.ok()) break;
        ++freed;
    }
    QVERIFY(!s.ok());
    QCOMPARE(QString::fromStdString(s.err().message), QStringLiteral("ggml 2026 allocator: chunk 0 is out of free blocks (256)"));
    QCOMPARE(freed, 255); // with the last block, 256: the list is full
    QCOMPARE(b.free_blocks(0).size(), max_free_blocks);
    QCOMPARE(b.free_blocks(0)[254].offset, std::uint64_t{508});
}

QTEST_APPLESS_MAIN(TestGgml2026DynAllocator)
#include "test_ggml2026_dyn_allocator.moc"
