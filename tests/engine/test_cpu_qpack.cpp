// Packed weights (qpack.h): the layouts byte by byte on hand-made blocks, and MUL_MAT through the
// CPU backend reading a buffer of weights from packed copies (made once per weight, kept by the
// buffer) with the same results as the unpacked kernels, only where a packed layout applies.
// The packed kernels against the reference on random shapes: test_cpu_qdot's packed_kernels.
#include "backend/cpu/cpu_buffer.h"
#include "backend/cpu/exec_plan.h"
#include "backend/cpu/qpack.h"
#include "cpu_harness.h"

#include <QtTest>

#include <cstring>

using namespace planscope;
using namespace planscope::testing;

namespace {

using u8 = std::uint8_t;

// Random blocks with small positive scales (q4_K's minimum scale too; q6_K's at its end).
std::vector<std::byte> random_weights(dtype t, std::int64_t rows, std::int64_t k, std::mt19937& rng) {
    std::vector<std::byte> bytes(static_cast<std::size_t>(rows * k / block_size(t)) * type_size(t));
    for (auto& b : bytes) b = static_cast<std::byte>(rng() & 0xFF);
    for (std::size_t at = 0; at < bytes.size(); at += type_size(t))
        for (int h = 0; h < (t == dtype::q4_k ? 2 : 1); ++h) {
            const std::uint16_t d = ref_f32_to_f16(0.001f + 0.0001f * static_cast<float>(rng() % 100));
            std::memcpy(&bytes[at + (t == dtype::q6_k ? 208 : 2 * static_cast<std::size_t>(h))], &d, 2);
        }
    return bytes;
}

struct weights_times_x {
    cpu_graph cg;
    tensor_id w, x, y;
    weights_times_x(dtype t, std::int64_t k, std::int64_t m, std::int64_t n, int threads) : cg(threads) {
        w = cg.leaf(t, {k, m, 1, 1}, "w");
        x = cg.leaf(dtype::f32, {k, n, 1, 1}, "x");
        y = cg.b.mul_mat(w, x);
    }
    cpu_buffer& leafs() { return static_cast<cpu_buffer&>(*cg.table.find(buffer_id{0})); }
};

} // namespace

class TestCpuQpack : public QObject {
    Q_OBJECT
private slots:
    void q4_0_layout();
    void q4_k_layout();
    void mul_mat_data();
    void mul_mat();
};

void TestCpuQpack::q4_0_layout() {
    // 16 rows of two blocks: row r's scale bits 0x3C00 + r (block 0) and 0x4000 + r (block 1),
    // value byte j of block b = 32 b + 16 + r * 7 + j.
    std::vector<u8> rows(16 * 36);
    for (int r = 0; r < 16; ++r)
        for (int b = 0; b < 2; ++b) {
            u8* x = rows.data() + 36 * r + 18 * b;
            const std::uint16_t d = static_cast<std::uint16_t>((b ? 0x4000 : 0x3C00) + r);
            std::memcpy(x, &d, 2);
            for (int j = 0; j < 16; ++j) x[2 + j] = static_cast<u8>(32 * b + 16 + r * 7 + j);
        }
    QCOMPARE(cpu::packed_group_bytes(dtype::q4_0, 64), std::size_t{576});
    std::vector<u8> out(576);
    cpu::pack_weights(dtype::q4_0, reinterpret_cast<const std::byte*>(rows.data()), 36, 16, 64,
                      reinterpret_cast<std::byte*>(out.data()));
    std::uint16_t d;
    std::memcpy(&d, &out[2 * 5], 2);
    QCOMPARE(d, std::uint16_t{0x3C05});
    std::memcpy(&d, &out[288 + 2 * 15], 2);
    QCOMPARE(d, std::uint16_t{0x400F});
    // Block 0, chunk 1 (bytes 4-7), row 3, byte 2 of the lane: value byte 6 of row 3.
    QCOMPARE(int(out[32 + 64 * 1 + 4 * 3 + 2]), 16 + 21 + 6);
    // Block 1, chunk 3, row 15, byte 3: value byte 15.
    QCOMPARE(int(out[288 + 32 + 64 * 3 + 4 * 15 + 3]), 32 + 16 + 105 + 15);
}

void TestCpuQpack::q4_k_layout() {
    // One super-block in each of 16 rows, row r's 12 scale bytes 4r + i, its value bytes r + l.
    std::vector<u8> rows(16 * 144);
    for (int r = 0; r < 16; ++r) {
        u8* x = rows.data() + 144 * r;
        const std::uint16_t d = static_cast<std::uint16_t>(0x3C00 + r), dmin = static_cast<std::uint16_t>(0x3800 + r);
        std::memcpy(x, &d, 2);
        std::memcpy(x + 2, &dmin, 2);
        for (int i = 0; i < 12; ++i) x[4 + i] = static_cast<u8>(4 * r + i);
        for (int l = 0; l < 128; ++l) x[16 + l] = static_cast<u8>(r + l);
    }
    QCOMPARE(cpu::packed_group_bytes(dtype::q4_k, 256), std::size_t{2496});
    std::vector<u8> out(2496);
    cpu::pack_weights(dtype::q4_k, reinterpret_cast<const std::byte*>(rows.data()), 144, 16, 256,
                      reinterpret_cast<std::byte*>(out.data()));
    std::uint16_t h;
    std::memcpy(&h, &out[32 + 2 * 7], 2);
    QCOMPARE(h, std::uint16_t{0x3807}); // dmin of row 7
    // Row 2's scale bytes q[i] = 8 + i: sub-block 1's scale q[1] & 63 = 9; sub-block 5's
    // (q[9] & 0xF) | (q[1] >> 6) << 4 = 1.
    QCOMPARE(int(out[64 + 16 * 1 + 2]), 9);
    QCOMPARE(int(out[64 + 16 * 5 + 2]), 1);
    // Row 15 (q[i] = 60 + i): sub-block 4's scale (q[8] & 0xF) | (q[0] >> 6) << 4 = 4, its min
    // (q[8] >> 4) | (q[4] >> 6) << 4 = 4 | 16 = 20.
    std::int16_t m;
    std::memcpy(&m, &out[192 + 64 * 2 + 4 * 15], 2); // pair 2 holds sub-blocks 4 and 5
    QCOMPARE(int(m), 20);
    QCOMPARE(int(out[64 + 16 * 4 + 15]), 4);
    // Pair 1 (value bytes 32..63), chunk 2 (bytes 8..11), row 4, lane byte 1: byte 41 of row 4.
    QCOMPARE(int(out[448 + 512 * 1 + 64 * 2 + 4 * 4 + 1]), 4 + 41);
}

void TestCpuQpack::mul_mat_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("threads");
    QTest::addColumn<bool>("packs");
    QTest::newRow("q4_0 decode") << int(dtype::q4_0) << 160 << 1 << 2 << true;
    QTest::newRow("q4_0 batch") << int(dtype::q4_0) << 48 << 13 << 2 << true;
    QTest::newRow("q4_K decode") << int(dtype::q4_k) << 96 << 1 << 1 << true;
    QTest::newRow("q4_K batch") << int(dtype::q4_k) << 32 << 10 << 2 << true;
    QTest::newRow("q4_0, rows not in 16s") << int(dtype::q4_0) << 40 << 3 << 2 << false;
    QTest::newRow("q8_0 decode") << int(dtype::q8_0) << 32 << 1 << 2 << true;
    QTest::newRow("q8_0 batch") << int(dtype::q8_0) << 64 << 9 << 1 << true;
    QTest::newRow("q6_K decode") << int(dtype::q6_k) << 48 << 1 << 2 << true;
    QTest::newRow("q6_K batch") << int(dtype::q6_k) << 32 << 5 << 1 << true;
    QTest::newRow("q5_0: no layout") << int(dtype::q5_0) << 32 << 2 << 1 << false;
}

void TestCpuQpack::mul_mat() {
    QFETCH(int, type);
    QFETCH(int, m);
    QFETCH(int, n);
    QFETCH(int, threads);
    QFETCH(bool, packs);
    const auto t = static_cast<dtype>(type);
    const std::int64_t k = 512;
    weights_times_x g(t, k, m, n, threads);
    QVERIFY(g.cg.prepare(g.y).ok());
    std::mt19937 rng(5);
    const auto w = random_weights(t, m, k, rng);
    QVERIFY(tensor_set(g.cg.table, g.cg.ctx[g.w], w.data(), 0, w.size()).ok());
    QVERIFY(g.cg.set(g.x, random_host({k, n, 1, 1}, rng)).ok());
    QVERIFY(g.cg.compute().ok());
    const auto plain = g.cg.get(g.y);
    QVERIFY(plain.ok());

    g.leafs().mark_weights();
    const bool packed = packs && cpu::has_packed_layout(t);
    const auto plan = cpu::make_exec_plan({g.cg.ctx, g.cg.g, g.cg.table}, threads, f16_numerics::ggml,
                                          cpu::split_policy::every_node, true);
    QVERIFY(plan.ok());
    QCOMPARE(plan->nodes.size(), std::size_t{1});
    QCOMPARE(plan->nodes[0].packed.data != nullptr, packed);
    QCOMPARE(g.leafs().packed()->bytes(), packed ? cpu::packed_group_bytes(t, k) * static_cast<std::size_t>(m / 16) : 0);

    g.cg.backend.set_weight_repack(false);
    QVERIFY(g.cg.compute().ok());
    QCOMPARE(max_rel_error(*g.cg.get(g.y), *plain), 0.0); // off: the same kernels as before
    g.cg.backend.set_weight_repack(true);
    QVERIFY(g.cg.compute().ok());
    const auto repacked = g.cg.get(g.y);
    QVERIFY(repacked.ok());
    // The same integer sums, the float sums in another order (either within 1e-5 of the exact
    // sums: test_cpu_qdot).
    QVERIFY2(max_rel_error(*repacked, *plain) < 2e-5, qPrintable(QString::number(max_rel_error(*repacked, *plain))));
    if (!packed) QCOMPARE(max_rel_error(*repacked, *plain), 0.0);
    // One copy per weight, however many plans read it.
    QCOMPARE(g.leafs().packed()->bytes(), packed ? cpu::packed_group_bytes(t, k) * static_cast<std::size_t>(m / 16) : 0);
}

QTEST_APPLESS_MAIN(TestCpuQpack)
#include "test_cpu_qpack.moc"
