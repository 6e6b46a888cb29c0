// The f32 MUL_MAT core (backend/cpu/gemm.h): every kernel this CPU runs — the 8-float tiles
// (AVX2 or baseline clone) and the 16-float AVX-512 tiles — against a double-precision reference
// on shapes that leave partial tiles in both directions, k below a vector, across the 512-value
// k blocks, and padded strides; and the f16 decode kernels (gemm_f16.h) likewise. Tolerance 1e-6 of
// the sum of |products| (plus 1e-7).
#include "backend/cpu/convert.h"
#include "backend/cpu/gemm.h"
#include "backend/cpu/gemm_f16.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <random>

using namespace planscope;

class TestCpuGemm : public QObject {
    Q_OBJECT
private slots:
    void kernels_data();
    void kernels();
    void f16_kernels_data() { kernels_data(); }
    void f16_kernels();
};

void TestCpuGemm::kernels_data() {
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("k");
    for (auto [m, n, k] : {std::array{1, 1, 1}, {4, 6, 16}, {5, 7, 17}, {13, 11, 70}, {3, 2, 7}, {8, 12, 600},
                           {17, 19, 1100}, {4, 3, 1024}})
        QTest::newRow(qPrintable(QStringLiteral("%1x%2x%3").arg(m).arg(n).arg(k))) << m << n << k;
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
        for (int j = 0; j < n; ++j) {
            for (int i = 0; i < m; ++i) {
                double want = 0.0, mag = 0.0;
                for (int p = 0; p < k; ++p) {
                    const double x = double(a[static_cast<std::size_t>(i) * lda + static_cast<std::size_t>(p)]) *
                                     b[static_cast<std::size_t>(j) * ldb + static_cast<std::size_t>(p)];
                    want += x;
                    mag += std::fabs(x);
                }
                const float got = c[static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * ldc];
                QVERIFY2(std::fabs(got - want) <= 1e-6 * mag + 1e-7,
                         qPrintable(QStringLiteral("(%1, %2): %3, want %4").arg(i).arg(j).arg(double(got)).arg(want)));
            }
            for (std::size_t i = static_cast<std::size_t>(m); i < ldc; ++i)
                QCOMPARE(c[i + static_cast<std::size_t>(j) * ldc], 9.0f);
        }
    }
}

// The f16 kernels (decode) on the same shapes, A rows misaligned by one byte: the halves as they
// are, widened exactly.
void TestCpuGemm::f16_kernels() {
    QFETCH(int, m);
    QFETCH(int, n);
    QFETCH(int, k);
    std::mt19937 rng(static_cast<unsigned>(m * 1000 + n * 10 + k + 1));
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    const std::size_t lda = 2 * static_cast<std::size_t>(k) + 5, ldb = static_cast<std::size_t>(k) + 5;
    const std::size_t ldc = static_cast<std::size_t>(m) + 2;
    std::vector<std::byte> a(1 + lda * static_cast<std::size_t>(m));
    std::vector<float> b(ldb * static_cast<std::size_t>(n));
    for (int i = 0; i < m; ++i)
        for (int p = 0; p < k; ++p) {
            const std::uint16_t h = cpu::f32_to_f16(u(rng));
            std::memcpy(&a[1 + static_cast<std::size_t>(i) * lda + 2 * static_cast<std::size_t>(p)], &h, 2);
        }
    for (float& v : b) v = u(rng);
    const auto half = [&](int i, int p) {
        std::uint16_t h;
        std::memcpy(&h, &a[1 + static_cast<std::size_t>(i) * lda + 2 * static_cast<std::size_t>(p)], 2);
        return double(cpu::f16_to_f32(h));
    };
    const auto kernels = cpu::gemm_f16_kernels();
    if (kernels.empty()) QSKIP("this CPU has no F16C");
    for (const cpu::gemm_f16_fn gemm : kernels) {
        std::vector<float> c(ldc * static_cast<std::size_t>(n), 9.0f);
        gemm({a.data() + 1, lda, b.data(), ldb, c.data(), ldc, m, n, k});
        for (int j = 0; j < n; ++j) {
            for (int i = 0; i < m; ++i) {
                double want = 0.0, mag = 0.0;
                for (int p = 0; p < k; ++p) {
                    const double x = half(i, p) * b[static_cast<std::size_t>(j) * ldb + static_cast<std::size_t>(p)];
                    want += x;
                    mag += std::fabs(x);
                }
                const float got = c[static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * ldc];
                QVERIFY2(std::fabs(got - want) <= 1e-6 * mag + 1e-7,
                         qPrintable(QStringLiteral("(%1, %2): %3, want %4").arg(i).arg(j).arg(double(got)).arg(want)));
            }
            for (std::size_t i = static_cast<std::size_t>(m); i < ldc; ++i)
                QCOMPARE(c[i + static_cast<std::size_t>(j) * ldc], 9.0f);
        }
    }
}

QTEST_APPLESS_MAIN(TestCpuGemm)
#include "test_cpu_gemm.moc"
