// The tensor allocator (ggml_tallocr) against offsets and free lists worked out by hand from
// ggml-alloc.c: alignment, best fit, the last block, merges, measure mode and failures.
#include "alloc/tensor_allocator.h"
#include "core/builder.h"

#include <QtTest>

using namespace planscope;

namespace {

const buffer_id compute{1};

// "[16,1024) [2048,4096)": the free list as the tests below write it.
QString blocks_string(std::span<const free_block> blocks) {
    QStringList parts;
    for (const auto& b : blocks) parts << QStringLiteral("[%1,%2)").arg(b.offset).arg(b.end());
    return parts.join(' ');
}

tensor_allocator make(std::uint64_t base, std::size_t size, std::size_t alignment) {
    auto r = tensor_allocator::create(std::make_shared<plain_buffer>(compute, base, size, alignment));
    if (!r) qFatal("%s", r.err().message.c_str());
    return std::move(*r);
}

// An i8 tensor is exactly `bytes` bytes.
tensor_id bytes_tensor(context& ctx, std::string name, std::int64_t bytes) {
    builder b(ctx);
    return b.set_name(b.new_tensor_1d(dtype::i8, bytes), name);
}

// "t7". Not "t" + std::to_string(i): GCC 12 warns falsely (-Wrestrict) about that.
std::string numbered(std::string_view prefix, std::size_t i) {
    std::string s(prefix);
    s += std::to_string(i);
    return s;
}

// One step of the scripted sequence below.
struct step {
    char op; // 'a' alloc, 'f' free, 'r' reset
    const char* tensor;
    std::int64_t bytes;
};

// Buffer at base 0, 1024 bytes, alignment 16. Sizes round up to 16.
constexpr std::array<step, 17> script{{
    {'a', "a", 100},  {'a', "b", 20},   {'a', "c", 200},  {'a', "d", 16},   {'f', "b", 0},   {'f', "d", 0},
    {'a', "e", 50},   {'a', "f", 20},   {'f', "a", 0},    {'f', "f", 0},    {'f', "c", 0},   {'f', "e", 0},
    {'a', "g", 1000}, {'a', "h", 16},   {'a', "i", 1},    {'f', "g", 0},    {'r', "", 0},
}};

} // namespace

class TestTensorAllocator : public QObject {
    Q_OBJECT
private slots:
    void alignedOffset();
    void alignment_data();
    void alignment();
    void scriptedSequence_data();
    void scriptedSequence();
    void bestFitPrefersSmallest();
    void bestFitTieTakesLater();
    void lastBlockOnlyAsLastResort();
    void measureMode();
    void measureModeLargeAlignment();
    void allocSizeHook();
    void freeOfOtherBufferIgnored();
    void notEnoughSpace();
    void tooManyFreeBlocks();
    void rejectsViewsAndDoubleAlloc();
    void heldTensorOverloads();
    void badBuffers();
};

void TestTensorAllocator::alignedOffset() {
    QCOMPARE(aligned_offset(0, 100, 32), 128u);
    QCOMPARE(aligned_offset(0, 128, 32), 128u);
    QCOMPARE(aligned_offset(0x1010, 0, 64), 48u);
    QCOMPARE(aligned_offset(0x1000, 0, 8192), 4096u);
    QCOMPARE(aligned_offset(7, 3, 1), 3u);
}

void TestTensorAllocator::alignment_data() {
    QTest::addColumn<int>("alignment");
    QTest::addColumn<QList<qulonglong>>("offsets");
    QTest::addColumn<qulonglong>("max_size");
    // Base 0x1010: 16 bytes past a 32-byte boundary. Tensors of 10, 40, 1 bytes.
    QTest::newRow("32") << 32 << QList<qulonglong>{16, 48, 112} << qulonglong(144);
    QTest::newRow("64") << 64 << QList<qulonglong>{48, 112, 176} << qulonglong(240);
    QTest::newRow("256") << 256 << QList<qulonglong>{240, 496, 752} << qulonglong(1008);
}

void TestTensorAllocator::alignment() {
    QFETCH(int, alignment);
    QFETCH(QList<qulonglong>, offsets);
    QFETCH(qulonglong, max_size);
    context ctx;
    auto alloc = make(0x1010, 1024, static_cast<std::size_t>(alignment));
    const std::array<std::int64_t, 3> sizes{10, 40, 1};
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        const auto t = bytes_tensor(ctx, numbered("t", i), sizes[i]);
        QVERIFY(alloc.alloc(ctx, t).ok());
        QCOMPARE(qulonglong(ctx[t].where->offset), offsets[static_cast<qsizetype>(i)]);
        QCOMPARE((0x1010 + ctx[t].where->offset) % static_cast<unsigned>(alignment), 0u);
        QCOMPARE(ctx[t].where->buffer, compute);
    }
    QCOMPARE(qulonglong(alloc.max_size()), max_size);
}

void TestTensorAllocator::scriptedSequence_data() {
    QTest::addColumn<int>("steps");
    QTest::addColumn<QString>("blocks");
    QTest::addColumn<QString>("event");
    QTest::addColumn<qulonglong>("max_size");
    QTest::newRow("0 initial") << 0 << "[0,1024)" << "attach" << qulonglong(0);
    QTest::newRow("1 alloc a") << 1 << "[112,1024)" << "alloc a@0 last" << qulonglong(112);
    QTest::newRow("2 alloc b") << 2 << "[144,1024)" << "alloc b@112 last" << qulonglong(144);
    QTest::newRow("3 alloc c") << 3 << "[352,1024)" << "alloc c@144 last" << qulonglong(352);
    QTest::newRow("4 alloc d") << 4 << "[368,1024)" << "alloc d@352 last" << qulonglong(368);
    QTest::newRow("5 free b") << 5 << "[112,144) [368,1024)" << "free b new block" << qulonglong(368);
    QTest::newRow("6 free d") << 6 << "[112,144) [352,1024)" << "free d merged with next" << qulonglong(368);
    // 64 bytes: the 32-byte hole is too small, so the last block is the last resort.
    QTest::newRow("7 alloc e") << 7 << "[112,144) [416,1024)" << "alloc e@352 last" << qulonglong(416);
    // 32 bytes fill the hole exactly; the emptied block goes.
    QTest::newRow("8 alloc f") << 8 << "[416,1024)" << "alloc f@112" << qulonglong(416);
    QTest::newRow("9 free a") << 9 << "[0,112) [416,1024)" << "free a new block" << qulonglong(416);
    QTest::newRow("10 free f") << 10 << "[0,144) [416,1024)" << "free f merged with previous" << qulonglong(416);
    QTest::newRow("11 free c") << 11 << "[0,352) [416,1024)" << "free c merged with previous" << qulonglong(416);
    QTest::newRow("12 free e") << 12 << "[0,1024)" << "free e merged with both" << qulonglong(416);
    QTest::newRow("13 alloc g") << 13 << "[1008,1024)" << "alloc g@0 last" << qulonglong(1008);
    QTest::newRow("14 alloc h") << 14 << "" << "alloc h@1008 last" << qulonglong(1024);
    QTest::newRow("15 alloc i fails") << 15 << "" << "failure i" << qulonglong(1024);
    QTest::newRow("16 free g") << 16 << "[0,1008)" << "free g new block" << qulonglong(1024);
    QTest::newRow("17 reset") << 17 << "[0,1024)" << "reset" << qulonglong(1024); // max_size survives
}

void TestTensorAllocator::scriptedSequence() {
    QFETCH(int, steps);
    QFETCH(QString, blocks);
    QFETCH(QString, event);
    QFETCH(qulonglong, max_size);

    context ctx;
    std::map<std::string, tensor_id> ids;
    for (const auto& s : script)
        if (s.op == 'a') ids[s.tensor] = bytes_tensor(ctx, s.tensor, s.bytes);
    auto alloc = make(0, 1024, 16);
    alloc_recorder rec;
    alloc.set_observer(&rec);
    for (int i = 0; i < steps; ++i) {
        const step& s = script[static_cast<std::size_t>(i)];
        if (s.op == 'a') {
            const bool fits = std::string_view(s.tensor) != "i";
            QCOMPARE(alloc.alloc(ctx, ids[s.tensor]).ok(), fits);
        } else if (s.op == 'f') {
            QVERIFY(alloc.free_tensor(ctx, ids[s.tensor]).ok());
        } else {
            alloc.reset();
        }
    }
    QCOMPARE(blocks_string(alloc.free_blocks()), blocks);
    QCOMPARE(qulonglong(alloc.max_size()), max_size);

    const alloc_event& last = rec.events().back();
    QString got;
    if (const auto* a = std::get_if<events::alloc>(&last)) {
        got = QStringLiteral("alloc %1@%2").arg(QString::fromStdString(ctx[a->tensor].name)).arg(a->offset);
        if (a->last_block) got += " last";
    } else if (const auto* f = std::get_if<events::free>(&last)) {
        got = QStringLiteral("free %1 %2")
                  .arg(QString::fromStdString(ctx[f->tensor].name), QString::fromUtf8(name(f->merge).data()));
    } else if (const auto* f = std::get_if<events::failure>(&last)) {
        got = "failure " + QString::fromStdString(ctx[f->tensor].name);
    } else {
        got = QString::fromUtf8(kind_name(last).data());
    }
    QCOMPARE(got, event);
}

void TestTensorAllocator::bestFitPrefersSmallest() {
    context ctx;
    auto alloc = make(0, 1000, 1);
    const auto a = bytes_tensor(ctx, "a", 100), b = bytes_tensor(ctx, "b", 100), c = bytes_tensor(ctx, "c", 60);
    const auto d = bytes_tensor(ctx, "d", 100), e = bytes_tensor(ctx, "e", 50);
    for (auto t : {a, b, c, d}) QVERIFY(alloc.alloc(ctx, t).ok()); // a@0 b@100 c@200 d@260
    QVERIFY(alloc.free_tensor(ctx, a).ok());
    QVERIFY(alloc.free_tensor(ctx, c).ok());
    QCOMPARE(blocks_string(alloc.free_blocks()), QStringLiteral("[0,100) [200,260) [360,1000)"));
    QVERIFY(alloc.alloc(ctx, e).ok());
    QCOMPARE(ctx[e].where->offset, 200u); // the 60-byte hole, not the 100-byte one
}

void TestTensorAllocator::bestFitTieTakesLater() {
    context ctx;
    auto alloc = make(0, 1000, 1);
    std::vector<tensor_id> t;
    for (int i = 0; i < 5; ++i) t.push_back(bytes_tensor(ctx, numbered("t", static_cast<std::size_t>(i)), i % 2 ? 50 : 100));
    for (auto id : t) QVERIFY(alloc.alloc(ctx, id).ok()); // 0, 100, 150, 250, 300; tail at 400
    QVERIFY(alloc.free_tensor(ctx, t[1]).ok());
    QVERIFY(alloc.free_tensor(ctx, t[3]).ok());
    QCOMPARE(blocks_string(alloc.free_blocks()), QStringLiteral("[100,150) [250,300) [400,1000)"));
    alloc_recorder rec;
    alloc.set_observer(&rec);
    const auto f = bytes_tensor(ctx, "f", 50);
    QVERIFY(alloc.alloc(ctx, f).ok());
    QCOMPARE(ctx[f].where->offset, 250u); // `<=`: the later of the two equal blocks
    const auto& ev = std::get<events::alloc>(rec.events().back());
    QCOMPARE(ev.block, 1u);
    QCOMPARE(ev.candidates.size(), 3u);
    QVERIFY(!ev.last_block);
    QCOMPARE(blocks_string(alloc.free_blocks()), QStringLiteral("[100,150) [400,1000)"));
}

void TestTensorAllocator::lastBlockOnlyAsLastResort() {
    context ctx;
    auto alloc = make(0, 400, 1);
    const auto a = bytes_tensor(ctx, "a", 200), b = bytes_tensor(ctx, "b", 100), c = bytes_tensor(ctx, "c", 100);
    for (auto t : {a, b}) QVERIFY(alloc.alloc(ctx, t).ok()); // a@0 b@200, tail [300,400)
    QVERIFY(alloc.free_tensor(ctx, a).ok());
    QCOMPARE(blocks_string(alloc.free_blocks()), QStringLiteral("[0,200) [300,400)"));
    // The tail fits exactly, but any other block that fits wins.
    QVERIFY(alloc.alloc(ctx, c).ok());
    QCOMPARE(ctx[c].where->offset, 0u);
    QCOMPARE(blocks_string(alloc.free_blocks()), QStringLiteral("[100,200) [300,400)"));
    const auto d = bytes_tensor(ctx, "d", 150);
    QVERIFY(!alloc.alloc(ctx, d).ok());
    const auto e = bytes_tensor(ctx, "e", 100);
    alloc_recorder rec;
    alloc.set_observer(&rec);
    QVERIFY(alloc.alloc(ctx, e).ok());
    QCOMPARE(ctx[e].where->offset, 100u); // [100,200) is not the last block
    const auto f = bytes_tensor(ctx, "f", 60);
    QVERIFY(alloc.alloc(ctx, f).ok());
    QCOMPARE(ctx[f].where->offset, 300u);
    QVERIFY(std::get<events::alloc>(rec.events().back()).last_block);
}

void TestTensorAllocator::measureMode() {
    context ctx;
    auto r = tensor_allocator::create_measure(std::make_shared<plain_buffer>(compute, 0, 0, 32));
    QVERIFY(r.ok());
    auto& alloc = *r;
    QVERIFY(alloc.is_measure());
    // Base 0x1000 is 32-aligned: the block starts at 0 and spans SIZE_MAX/2.
    QCOMPARE(alloc.free_blocks().size(), 1u);
    QCOMPARE(alloc.free_blocks()[0], (free_block{0, SIZE_MAX / 2}));
    const auto a = bytes_tensor(ctx, "a", 1000), b = bytes_tensor(ctx, "b", 10);
    QVERIFY(alloc.alloc(ctx, a).ok());
    QVERIFY(alloc.alloc(ctx, b).ok());
    QCOMPARE(ctx[b].where->offset, 1024u);
    QCOMPARE(alloc.max_size(), 1056u);
    QVERIFY(alloc.free_tensor(ctx, a).ok());
    QCOMPARE(alloc.max_size(), 1056u);
}

// ggml_tallocr_new_measure's base 0x1000 is not 8192-aligned: the first block starts 4096 bytes
// in, its size is still SIZE_MAX/2, and max_size counts the padding.
void TestTensorAllocator::measureModeLargeAlignment() {
    context ctx;
    auto r = tensor_allocator::create_measure(std::make_shared<plain_buffer>(compute, 0, 0, 8192));
    QVERIFY(r.ok());
    QCOMPARE(r->free_blocks()[0], (free_block{4096, SIZE_MAX / 2}));
    const auto a = bytes_tensor(ctx, "a", 10);
    QVERIFY(r->alloc(ctx, a).ok());
    QCOMPARE(ctx[a].where->offset, 4096u);
    QCOMPARE(r->max_size(), 12288u);
}

void TestTensorAllocator::allocSizeHook() {
    context ctx;
    auto buf = std::make_shared<plain_buffer>(compute, 0, 4096, 64, [](const tensor& t) { return nbytes(t) + 100; });
    auto r = tensor_allocator::create(buf);
    QVERIFY(r.ok());
    const auto a = bytes_tensor(ctx, "a", 30), b = bytes_tensor(ctx, "b", 1);
    QVERIFY(r->alloc(ctx, a).ok());
    QVERIFY(r->alloc(ctx, b).ok());
    QCOMPARE(ctx[b].where->offset, 192u); // 130 rounded up to 192
    QVERIFY(r->free_tensor(ctx, a).ok());
    QCOMPARE(blocks_string(r->free_blocks()), QStringLiteral("[0,192) [320,4096)"));
}

void TestTensorAllocator::freeOfOtherBufferIgnored() {
    context ctx;
    auto alloc = make(0, 1024, 16);
    const auto w = bytes_tensor(ctx, "weight", 64);
    ctx[w].where = placement{buffer_id{0}, 0};
    alloc_recorder rec;
    alloc.set_observer(&rec);
    QVERIFY(alloc.free_tensor(ctx, w).ok());
    QCOMPARE(blocks_string(alloc.free_blocks()), QStringLiteral("[0,1024)"));
    QCOMPARE(rec.events().size(), 1u); // only the attach
}

void TestTensorAllocator::notEnoughSpace() {
    context ctx;
    auto alloc = make(0, 256, 32);
    const auto a = bytes_tensor(ctx, "a", 100), b = bytes_tensor(ctx, "b", 64), big = bytes_tensor(ctx, "big", 70);
    QVERIFY(alloc.alloc(ctx, a).ok()); // 128 @0
    QVERIFY(alloc.alloc(ctx, b).ok()); // 64 @128, tail [192,256)
    const auto before = alloc.save();
    alloc_recorder rec;
    alloc.set_observer(&rec);
    const auto r = alloc.alloc(ctx, big);
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.err().message),
             QStringLiteral("not enough space in buffer 1 for tensor 'big': needs 96 bytes, largest free block is 64 bytes"));
    QVERIFY(!ctx[big].where);
    QCOMPARE(alloc.free_blocks().size(), before.blocks.size());
    QCOMPARE(blocks_string(alloc.free_blocks()), QStringLiteral("[192,256)"));
    QCOMPARE(alloc.max_size(), before.max_size);
    const auto& f = std::get<events::failure>(rec.events().back());
    QCOMPARE(f.kind, failure_kind::out_of_space);
    QCOMPARE(f.bytes, 96u);
    QCOMPARE(f.largest_free, 64u);
}

// The seed's array holds 256 free blocks; a free that needs a 257th is refused, unchanged.
void TestTensorAllocator::tooManyFreeBlocks() {
    context ctx;
    auto alloc = make(0, 16 * 600, 16);
    std::vector<tensor_id> t;
    for (int i = 0; i < 600; ++i) {
        t.push_back(bytes_tensor(ctx, numbered("t", static_cast<std::size_t>(i)), 16));
        QVERIFY(alloc.alloc(ctx, t.back()).ok());
    }
    QCOMPARE(alloc.free_blocks().size(), 0u);
    for (int i = 0; i < 512; i += 2) QVERIFY(alloc.free_tensor(ctx, t[static_cast<std::size_t>(i)]).ok());
    QCOMPARE(alloc.free_blocks().size(), 256u);
    const auto r = alloc.free_tensor(ctx, t[512]);
    QVERIFY(!r.ok());
    QVERIFY(QString::fromStdString(r.err().message).contains("'t512' (16 bytes)"));
    QVERIFY(QString::fromStdString(r.err().message).contains("largest free block is 16 bytes"));
    QCOMPARE(alloc.free_blocks().size(), 256u);
    // A free that merges needs no new block.
    QVERIFY(alloc.free_tensor(ctx, t[1]).ok());
    QCOMPARE(alloc.free_blocks().size(), 255u);
    QCOMPARE(alloc.free_blocks()[0], (free_block{0, 48}));
}

void TestTensorAllocator::rejectsViewsAndDoubleAlloc() {
    context ctx;
    builder b(ctx);
    auto alloc = make(0, 1024, 16);
    const auto x = b.set_name(b.new_tensor_1d(dtype::f32, 16), "x");
    const auto v = b.set_name(b.view_1d(x, 4, 0), "v");
    QVERIFY(alloc.alloc(ctx, x).ok());
    const auto again = alloc.alloc(ctx, x);
    QVERIFY(!again.ok());
    QCOMPARE(QString::fromStdString(again.err().message), QStringLiteral("tensor 'x' is already allocated"));
    const auto view = alloc.alloc(ctx, v);
    QVERIFY(!view.ok());
    QVERIFY(QString::fromStdString(view.err().message).startsWith("tensor 'v' is a view"));
    QCOMPARE(blocks_string(alloc.free_blocks()), QStringLiteral("[64,1024)"));
}

// alloc(id, t) and free_tensor(id, t), the graph allocator's entry points, decide as the
// context ones do; a size that wraps when aligned saturates (never fits) as aligned_offset wraps.
void TestTensorAllocator::heldTensorOverloads() {
    context ctx;
    builder b(ctx);
    auto alloc = make(0, 1024, 64);
    const auto x = bytes_tensor(ctx, "x", 100), y = bytes_tensor(ctx, "y", 1);
    QVERIFY(alloc.alloc(x, ctx[x]).ok());
    QVERIFY(alloc.alloc(y, ctx[y]).ok());
    QCOMPARE(ctx[x].where->offset, 0u);
    QCOMPARE(ctx[y].where->offset, 128u); // 100 rounded up to 128
    QCOMPARE(QString::fromStdString(alloc.alloc(x, ctx[x]).err().message), QStringLiteral("tensor 'x' is already allocated"));
    const auto v = b.set_name(b.view_1d(x, 4, 0), "v");
    QVERIFY(!alloc.alloc(v, ctx[v]).ok());
    QVERIFY(alloc.free_tensor(x, ctx[x]).ok());
    QCOMPARE(blocks_string(alloc.free_blocks()), QStringLiteral("[0,128) [192,1024)"));
    QCOMPARE(alloc.max_size(), 192u);

    tensor huge = ctx[y];
    huge.where.reset();
    huge.ne = {1, 2, 1, 1}; // i8: nbytes = 1 + nb[1] = 2^64 - 10, which 10 bytes of padding wrap
    huge.nb[1] = std::numeric_limits<std::size_t>::max() - 10;
    QCOMPARE(alloc.aligned_size(huge), std::numeric_limits<std::size_t>::max());
    QCOMPARE(alloc.aligned_size(ctx[y]), 64u);
}

void TestTensorAllocator::badBuffers() {
    QVERIFY(!tensor_allocator::create(std::make_shared<plain_buffer>(compute, 0, 1024, 48)).ok());
    QVERIFY(!tensor_allocator::create(std::make_shared<plain_buffer>(compute, 0, 1024, 0)).ok());
    // Base 1 with alignment 64: the first aligned byte is at offset 63, past a 32-byte buffer.
    QVERIFY(!tensor_allocator::create(std::make_shared<plain_buffer>(compute, 1, 32, 64)).ok());
    QVERIFY(tensor_allocator::create(std::make_shared<plain_buffer>(compute, 1, 63, 64)).ok());
    QVERIFY(!tensor_allocator::create(nullptr).ok());
}

QTEST_APPLESS_MAIN(TestTensorAllocator)
#include "test_tensor_allocator.moc"
