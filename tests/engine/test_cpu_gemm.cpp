// The f32 MUL_MAT core (backend/cpu/gemm.h): every kernel this CPU runs — the 8-float tiles
// (AVX2 or baseline clone) and the 16-float AVX-512 tiles — against a double-precision reference
// on shapes that leave partial tiles in both directions, k below a vector, across the 512-value
// k blocks, and padded strides; and the f16 kernels (gemm_f16.h) likewise, B as floats or halves,
// or transposed for the panel kernel. Tolerance 1e-6 of
// the sum of |products| (plus 1e-7).
#include "backend/cpu/convert.h"
#include "backend/cpu/gemm.h"
#include "backend/cpu/gemm_f16.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace planscope;

class TestCpuGemm : public QObject {
    Q_OBJECT
private slots:
    void kernels_data();
    void kernels();
    void f16_kernels_data();
    void f16_kernels();
    void f16_panel_data();
    void f16_panel();
};

namespace {

// Rows "m x n x k" of the columns m, n and k.
void shape_rows(std::initializer_list<std::array<int, 3>> shapes) {
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("k");
    for (auto [m, n, k] : shapes) QTest::newRow(qPrintable(QStringLiteral("%1x%2x%3").arg(m).arg(n).arg(k))) << m << n << k;
}

// C (m x n, ldc floats a column) against the double products of x(i, p) and y(j, p); the padding
// below each column's m values keeps its 9.0.
template <class X, class Y>
void verify_product(const std::vector<float>& c, std::size_t ldc, int m, int n, int k, X x, Y y) {
    for (int j = 0; j < n; ++j) {
        for (int i = 0; i < m; ++i) {
            double want = 0.0, mag = 0.0;
            for (int p = 0; p < k; ++p) {
                const double v = x(i, p) * y(j, p);
                want += v;
                mag += std::fabs(v);
            }
            const float got = c[static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * ldc];
            QVERIFY2(std::fabs(got - want) <= 1e-6 * mag + 1e-7,
                     qPrintable(QStringLiteral("(%1, %2): %3, want %4").arg(i).arg(j).arg(double(got)).arg(want)));
        }
        for (std::size_t i = static_cast<std::size_t>(m); i < ldc; ++i) QCOMPARE(c[i + static_cast<std::size_t>(j) * ldc], 9.0f);
    }
}

std::size_t at(int row, std::size_t ld, int p) { return static_cast<std::size_t>(row) * ld + static_cast<std::size_t>(p); }

// m rows of k random halves lda bytes apart, from the buffer's second byte (misaligned).
std::vector<std::byte> misaligned_halves(int m, int k, std::size_t lda, std::mt19937& rng) {
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<std::byte> a(1 + lda * static_cast<std::size_t>(m));
    for (int i = 0; i < m; ++i)
        for (int p = 0; p < k; ++p) {
            const std::uint16_t h = cpu::f32_to_f16(u(rng));
            std::memcpy(&a[1 + at(i, lda, 2 * p)], &h, 2);
        }
    return a;
}

// Value p of row i of misaligned_halves.
double half_of(const std::vector<std::byte>& a, std::size_t lda, int i, int p) {
    std::uint16_t h;
    std::memcpy(&h, &a[1 + at(i, lda, 2 * p)], 2);
    return double(cpu::f16_to_f32(h));
}

} // namespace

void TestCpuGemm::kernels_data() {
    shape_rows({{1, 1, 1}, {4, 6, 16}, {5, 7, 17}, {13, 11, 70}, {3, 2, 7}, {8, 12, 600}, {17, 19, 1100}, {4, 3, 1024}});
}

void TestCpuGemm::kernels() {
    QFETCH(int, m);
    QFETCH(int, n);
    QFETCH(int, k);
    std::mt19937 rng(static_cast<unsigned>(m * 1000 + n * 10 + k));
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    const std::size_t lda = static_cast<std::size_t>(k) + 3, ldb = static_cast<std::size_t>(k) + 5;
    const std::size_t ldc = static_cast<std::size_t>(m) + 2;
    std::vector<float> a(lda * static_cast<std::size_t>(m)), b(ldb * static_cast<std::size_t>(n));
    for (float& v : a) v = u(rng);
    for (float& v : b) v = u(rng);
    const auto kernels = cpu::gemm_kernels();
    QVERIFY(!kernels.empty());
    for (const cpu::gemm_fn gemm : kernels) {
        std::vector<float> c(ldc * static_cast<std::size_t>(n), 9.0f);
        gemm({a.data(), lda, b.data(), ldb, c.data(), ldc, m, n, k});
        verify_product(c, ldc, m, n, k, [&](int i, int p) { return double(a[at(i, lda, p)]); },
                       [&](int j, int p) { return double(b[at(j, ldb, p)]); });
    }
}

void TestCpuGemm::f16_kernels_data() {
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("k");
    QTest::addColumn<bool>("b_halves");
    for (bool halves : {false, true})
        // n = 1 rows (decode, one weight row at a time): k in whole 4-vector steps, one vector more,
        // and a scalar tail.
        for (auto [m, n, k] : {std::array{1, 1, 1}, {4, 6, 16}, {5, 7, 17}, {13, 11, 70}, {3, 2, 7}, {8, 12, 600},
                               {17, 19, 1100}, {4, 3, 1024}, {5, 1, 17}, {3, 1, 70}, {6, 1, 1024}, {7, 1, 1100}})
            QTest::newRow(qPrintable(QStringLiteral("%1x%2x%3, B %4").arg(m).arg(n).arg(k).arg(halves ? "halves" : "floats")))
                << m << n << k << halves;
}

// The f16 kernels on the same shapes, A rows misaligned by one byte, B as floats (decode) or as
// halves (ggml's numerics): the halves as they are, widened exactly.
void TestCpuGemm::f16_kernels() {
    QFETCH(int, m);
    QFETCH(int, n);
    QFETCH(int, k);
    QFETCH(bool, b_halves);
    std::mt19937 rng(static_cast<unsigned>(m * 1000 + n * 10 + k + 1));
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    const std::size_t lda = 2 * static_cast<std::size_t>(k) + 5, ldb = static_cast<std::size_t>(k) + 5;
    const std::size_t ldc = static_cast<std::size_t>(m) + 2;
    const std::vector<std::byte> a = misaligned_halves(m, k, lda, rng);
    std::vector<float> b(ldb * static_cast<std::size_t>(n));
    std::vector<std::uint16_t> bh(b.size());
    for (std::size_t i = 0; i < b.size(); ++i) {
        bh[i] = cpu::f32_to_f16(u(rng));
        b[i] = b_halves ? cpu::f16_to_f32(bh[i]) : u(rng);
    }
    const auto half = [&](int i, int p) { return half_of(a, lda, i, p); };
    const auto kernels = cpu::gemm_f16_kernels();
    if (kernels.empty()) QSKIP("this CPU has no F16C");
    for (const cpu::gemm_f16_fn gemm : kernels) {
        std::vector<float> c(ldc * static_cast<std::size_t>(n), 9.0f);
        const void* bp = b_halves ? static_cast<const void*>(bh.data()) : b.data();
        gemm({a.data() + 1, lda, bp, ldb, c.data(), ldc, m, n, k, b_halves});
        verify_product(c, ldc, m, n, k, half, [&](int j, int p) { return double(b[at(j, ldb, p)]); });
    }
}

void TestCpuGemm::f16_panel_data() {
    // Whole 8-row (AVX2: 3-row) tiles and the 4, 2, 1 rows after them; 32-column tiles, then
    // single vectors and a last one masked; k within one 256-value block, across blocks, and off
    // a vector.
    shape_rows({{1, 1, 1}, {8, 32, 256}, {15, 33, 257}, {13, 17, 600}, {7, 16, 70}, {3, 40, 17}, {16, 48, 1024}, {22, 63, 300},
                {6, 8, 9}, {12, 24, 256}, {19, 23, 513}});
}

// The panel kernel: A rows misaligned by one byte; Bt's columns past n are NaN, so that a lane
// read without its mask shows.
void TestCpuGemm::f16_panel() {
    QFETCH(int, m);
    QFETCH(int, n);
    QFETCH(int, k);
    const std::vector<cpu::gemm_f16_panel_fn> kernels = cpu::gemm_f16_panel_kernels();
    if (kernels.empty()) QSKIP("this CPU has no F16C");
    std::mt19937 rng(static_cast<unsigned>(m * 1000 + n * 10 + k + 2));
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    const std::size_t lda = 2 * static_cast<std::size_t>(k) + 3, ldbt = static_cast<std::size_t>(n) + 3;
    const std::size_t ldc = static_cast<std::size_t>(m) + 2;
    const std::vector<std::byte> a = misaligned_halves(m, k, lda, rng);
    std::vector<float> bt(ldbt * static_cast<std::size_t>(k), std::numeric_limits<float>::quiet_NaN());
    for (int p = 0; p < k; ++p)
        for (int j = 0; j < n; ++j) bt[at(p, ldbt, j)] = u(rng);
    for (const cpu::gemm_f16_panel_fn panel : kernels) {
        std::vector<float> c(ldc * static_cast<std::size_t>(n), 9.0f);
        panel({a.data() + 1, lda, bt.data(), ldbt, c.data(), ldc, m, n, k});
        verify_product(c, ldc, m, n, k, [&](int i, int p) { return half_of(a, lda, i, p); },
                       [&](int j, int p) { return double(bt[at(p, ldbt, j)]); });
    }
}

QTEST_APPLESS_MAIN(TestCpuGemm)
#include "test_cpu_gemm.moc"
