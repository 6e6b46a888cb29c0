// ggml's integer path for MUL_MAT on quantised weights (docs/numerics.md): activations quantised to
// 8 bits per 32 values (per 256 for the K-quants), dot products of blocks in integers. Checked
// against references written here from ggml's formulas (quantize_row_q8_0 / _q8_1 of its x86 CPU
// backend, quantize_row_q8_K_ref, the block layouts) in double precision; every SIMD kernel this CPU runs against the
// plain one on odd shapes and strides; the quantisers CPY uses, on hand-computed blocks and by
// round trip; and MUL_MAT through the backend in both numerics.
//
// Tolerance: the integer sums are exact, so kernels differ only in the order of float additions:
// 1e-5 of the sum of |terms| (plus 1e-6).
#include "backend/cpu/qdot.h"
#include "backend/cpu/qdot_x86.h"
#include "backend/cpu/qpack.h"
#include "backend/cpu/qpack_x86.h"
#include "backend/cpu/quant.h"
#include "cpu_op_check.h"

#include <cmath>
#include <cstddef>
#include <cstring>

using namespace planscope;
using namespace planscope::testing;

namespace {

using u8 = std::uint8_t;

const std::array<dtype, 10> integer_types{dtype::q4_0, dtype::q4_1, dtype::q5_0, dtype::q5_1, dtype::q8_0,
                                          dtype::q2_k, dtype::q3_k, dtype::q4_k, dtype::q5_k, dtype::q6_k};

bool k_quant(dtype t) { return block_size(t) == 256; }
// Activations per quantised block and the block's bytes (q8_act_block, or q8_K's layout).
std::int64_t act_values(dtype t) { return k_quant(t) ? 256 : 32; }
std::size_t act_bytes(dtype t) { return k_quant(t) ? 292 : 40; }

float half_at(const u8* p) {
    std::uint16_t h;
    std::memcpy(&h, p, 2);
    return ref_f16_to_f32(h);
}
float f16_round(float x) { return ref_f16_to_f32(ref_f32_to_f16(x)); }

// Valid random blocks: random values, small positive scales (and minimums).
std::vector<u8> random_blocks(dtype t, std::int64_t blocks, std::mt19937& rng) {
    std::vector<u8> bytes(type_size(t) * static_cast<std::size_t>(blocks));
    for (auto& b : bytes) b = static_cast<u8>(rng());
    std::uniform_real_distribution<float> d(0.001f, 0.02f);
    const std::size_t scale_at = t == dtype::q6_k ? 208 : t == dtype::q3_k ? 108 : t == dtype::q2_k ? 80 : 0;
    for (std::size_t off = 0; off < bytes.size(); off += type_size(t)) {
        const bool k_min = t == dtype::q2_k || t == dtype::q4_k || t == dtype::q5_k; // d and dmin positive
        for (int h = 0; h < (t == dtype::q4_1 || t == dtype::q5_1 || k_min ? 2 : 1); ++h) {
            const std::uint16_t v = ref_f32_to_f16(h && !k_min ? -d(rng) : d(rng));
            std::memcpy(&bytes[off + scale_at + 2 * static_cast<std::size_t>(h)], &v, 2);
        }
    }
    return bytes;
}

// Element i of a block as ggml-common.h lays it out: the integer value (offset removed) and
// whether the block has a minimum at byte 2.
int ref_value(dtype t, const u8* b, int i) {
    const bool has_min = t == dtype::q4_1 || t == dtype::q5_1;
    if (t == dtype::q8_0) return static_cast<std::int8_t>(b[2 + i]);
    const bool five = t == dtype::q5_0 || t == dtype::q5_1;
    const u8* qs = b + (has_min ? 4 : 2) + (five ? 4 : 0);
    int q = i < 16 ? qs[i] & 15 : qs[i - 16] >> 4;
    if (five) q |= ((b[(has_min ? 4 : 2) + i / 8] >> (i % 8)) & 1) << 4;
    if (has_min) return q;
    return q - (five ? 16 : 8);
}

// The activations as ggml's x86 quantize_row_q8_0 / q8_1 gives them.
std::vector<cpu::q8_act_block> ref_q8(const float* x, std::int64_t k) {
    std::vector<cpu::q8_act_block> out(static_cast<std::size_t>(k / 32));
    for (std::size_t b = 0; b < out.size(); ++b, x += 32) {
        float amax = 0.0f;
        for (int j = 0; j < 32; ++j) amax = std::max(amax, std::fabs(x[j]));
        const float id = amax != 0.0f ? 127.0f / amax : 0.0f;
        int sum = 0;
        for (int j = 0; j < 32; ++j) {
            out[b].qs[j] = static_cast<std::int8_t>(std::nearbyint(x[j] * id));
            sum += out[b].qs[j];
        }
        out[b].d = f16_round(amax / 127.0f);
        out[b].s = f16_round(amax / 127.0f * static_cast<float>(sum));
    }
    return out;
}

// quantize_row_q8_K_ref: scale -max / 127 of the signed extreme, values rounded to nearest even.
std::vector<cpu::q8k_act_block> ref_q8k(const float* x, std::int64_t k) {
    std::vector<cpu::q8k_act_block> out(static_cast<std::size_t>(k / 256));
    for (std::size_t b = 0; b < out.size(); ++b, x += 256) {
        cpu::q8k_act_block& y = out[b];
        y = {};
        float amax = 0.0f, max = 0.0f;
        for (int j = 0; j < 256; ++j)
            if (std::fabs(x[j]) > amax) {
                amax = std::fabs(x[j]);
                max = x[j];
            }
        if (amax == 0.0f) continue;
        const float iscale = -127.0f / max;
        for (int j = 0; j < 256; ++j) {
            y.qs[j] = static_cast<std::int8_t>(std::min(127, static_cast<int>(std::nearbyint(iscale * x[j]))));
            y.bsums[j / 16] = static_cast<std::int16_t>(y.bsums[j / 16] + y.qs[j]);
        }
        y.d = 1.0f / iscale;
    }
    return out;
}

// k activations quantised for weights of t, as bytes.
std::vector<std::byte> ref_activations(dtype t, const float* x, std::int64_t k) {
    std::vector<std::byte> out(static_cast<std::size_t>(k / act_values(t)) * act_bytes(t));
    if (k_quant(t)) {
        const auto q = ref_q8k(x, k);
        std::memcpy(out.data(), q.data(), out.size());
    } else {
        const auto q = ref_q8(x, k);
        std::memcpy(out.data(), q.data(), out.size());
    }
    return out;
}

// K-quant super-blocks (block layouts of ggml-common.h): the value of element e times its
// group's scale, as integers, and the offset part (q4_K's min times dmin, as a factor of y).
std::pair<double, double> ref_dot_k(dtype t, const u8* x, const std::byte* act, std::int64_t k) {
    double sum = 0.0, mag = 0.0;
    for (std::int64_t b = 0; b < k / 256; ++b, x += type_size(t)) {
        cpu::q8k_act_block y;
        std::memcpy(&y, act + static_cast<std::size_t>(b) * 292, sizeof y);
        for (int e = 0; e < 256; ++e) {
            double term;
            const int h = e / 128, j = (e % 128) / 32, l = e % 32; // q2_K / q3_K: bits 2j of byte 32h + l
            if (t == dtype::q2_k) {
                const int g = e / 16, q = (x[16 + 32 * h + l] >> (2 * j)) & 3;
                term = (double(half_at(x + 80)) * (x[g] & 15) * q - double(half_at(x + 82)) * (x[g] >> 4)) * y.d * y.qs[e];
            } else if (t == dtype::q3_k) {
                const u8* sb = x + 96;
                const int g = e / 16, low = g < 8 ? sb[g] & 15 : sb[g - 8] >> 4, high = (sb[8 + g % 4] >> (2 * (g / 4))) & 3;
                const int q = ((x[32 + 32 * h + l] >> (2 * j)) & 3) - ((x[l] >> (4 * h + j)) & 1 ? 0 : 4);
                term = double(half_at(x + 108)) * ((low | (high << 4)) - 32) * q * y.d * y.qs[e];
            } else if (t != dtype::q6_k) {
                const bool q5 = t == dtype::q5_k;
                const int g = e / 32;
                const u8* s = x + 4;
                const int sc = g < 4 ? s[g] & 63 : (s[g + 4] & 15) | ((s[g - 4] >> 6) << 4);
                const int m = g < 4 ? s[g + 4] & 63 : (s[g + 4] >> 4) | ((s[g] >> 6) << 4);
                const u8 byte = x[(q5 ? 48 : 16) + 32 * (g / 2) + l];
                const int q = (g % 2 ? byte >> 4 : byte & 15) + (q5 ? 16 * ((x[16 + l] >> g) & 1) : 0);
                term = (double(half_at(x)) * sc * q - double(half_at(x + 2)) * m) * y.d * y.qs[e];
            } else {
                const u8 ql = x[64 * h + 32 * (j % 2) + l], qh = x[128 + 32 * h + l];
                const int q = ((j < 2 ? ql & 15 : ql >> 4) | (((qh >> (2 * j)) & 3) << 4)) - 32;
                term = double(half_at(x + 208)) * static_cast<std::int8_t>(x[192 + e / 16]) * q * y.d * y.qs[e];
            }
            sum += term;
            mag += std::fabs(term);
        }
    }
    return {sum, mag};
}

// The dot product in double, and the sum of the magnitudes of its terms (for the tolerance).
std::pair<double, double> ref_dot(dtype t, const u8* x, const std::byte* act, std::int64_t k) {
    if (k_quant(t)) return ref_dot_k(t, x, act, k);
    const auto* y = reinterpret_cast<const cpu::q8_act_block*>(act);
    const bool has_min = t == dtype::q4_1 || t == dtype::q5_1;
    double sum = 0.0, mag = 0.0;
    for (std::int64_t b = 0; b < k / 32; ++b, x += type_size(t), ++y) {
        long sumi = 0, absi = 0;
        for (int i = 0; i < 32; ++i) {
            sumi += ref_value(t, x, i) * y->qs[i];
            absi += std::abs(ref_value(t, x, i) * y->qs[i]);
        }
        const double scale = static_cast<double>(half_at(x)) * y->d;
        sum += static_cast<double>(sumi) * scale;
        mag += static_cast<double>(absi) * std::fabs(scale);
        if (has_min) {
            sum += static_cast<double>(half_at(x + 2)) * y->s;
            mag += std::fabs(static_cast<double>(half_at(x + 2)) * y->s);
        }
    }
    return {sum, mag};
}

// Runs `gemm` on m weight rows and n activation rows of k values with padded strides, and
// checks every result against ref_dot. `packed`: the weights packed (qpack.h) for a packed kernel,
// q4_0's activations with their sums.
void check_gemm(cpu::qgemm_fn gemm, dtype t, std::int64_t m, std::int64_t n, std::int64_t k, std::uint32_t seed,
                bool packed = false) {
    QVERIFY(gemm != nullptr);
    std::mt19937 rng(seed);
    const std::size_t row = row_size(t, k), lda = row + type_size(t);
    const std::int64_t padded_k = k + act_values(t);
    const std::size_t ldb = static_cast<std::size_t>(padded_k / act_values(t)) * act_bytes(t);
    const std::size_t ldc = static_cast<std::size_t>(m) + 3;
    const auto w = random_blocks(t, static_cast<std::int64_t>(lda / type_size(t)) * m, rng);
    std::vector<std::byte> act;
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (std::int64_t j = 0; j < n; ++j) {
        std::vector<float> x(static_cast<std::size_t>(padded_k));
        for (float& v : x) v = u(rng);
        auto q = ref_activations(t, x.data(), padded_k);
        if (packed && (t == dtype::q4_0 || t == dtype::q8_0))
            for (std::size_t b = 0; b < q.size(); b += sizeof(cpu::q8_sum_block)) {
                cpu::q8_act_block y;
                std::memcpy(&y, &q[b], sizeof y);
                std::int32_t sum = 0;
                for (const std::int8_t v : y.qs) sum += v;
                std::memcpy(&q[b + offsetof(cpu::q8_sum_block, sum)], &sum, sizeof sum);
            }
        act.insert(act.end(), q.begin(), q.end());
    }
    std::vector<float> c(ldc * static_cast<std::size_t>(n), -7.0f);
    std::vector<std::byte> packed_w;
    if (packed) {
        packed_w.resize(cpu::packed_group_bytes(t, k) * static_cast<std::size_t>(m / cpu::packed_group_rows));
        cpu::pack_weights(t, reinterpret_cast<const std::byte*>(w.data()), lda, m, k, packed_w.data());
        gemm({packed_w.data(), cpu::packed_group_bytes(t, k), act.data(), ldb, c.data(), ldc, m, n, k});
    } else {
        gemm({reinterpret_cast<const std::byte*>(w.data()), lda, act.data(), ldb, c.data(), ldc, m, n, k});
    }
    for (std::int64_t j = 0; j < n; ++j) {
        for (std::int64_t i = 0; i < m; ++i) {
            const auto [want, mag] = ref_dot(t, w.data() + static_cast<std::size_t>(i) * lda,
                                             act.data() + static_cast<std::size_t>(j) * ldb, k);
            const float got = c[static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * ldc];
            QVERIFY2(std::fabs(got - want) <= 1e-5 * mag + 1e-6,
                     qPrintable(QStringLiteral("%1 x %2 at (%3, %4): %5, want %6")
                                    .arg(m).arg(n).arg(i).arg(j).arg(double(got)).arg(want)));
        }
        for (std::size_t i = static_cast<std::size_t>(m); i < ldc; ++i)
            QCOMPARE(c[i + static_cast<std::size_t>(j) * ldc], -7.0f); // nothing written between columns
    }
}

} // namespace

class TestCpuQdot : public QObject {
    Q_OBJECT
private slots:
    void quantize_activations();
    void quantizers_by_hand();
    void quantizers_round_trip_data();
    void quantizers_round_trip();
    void kernels_data();
    void kernels();
    void packed_kernels_data();
    void packed_kernels();
    void mul_mat_data();
    void mul_mat();
    void copy_quantises_data();
    void copy_quantises();
};

// Scale 127 makes every activation its own quant: halves round to even, as _mm256_round_ps does.
void TestCpuQdot::quantize_activations() {
    float x[32] = {127.0f, 2.5f, -2.5f, 3.5f, 0.49f, -126.5f, 1.5f};
    cpu::q8_act_block y{};
    cpu::quantize_q8_act(x, &y, 32);
    QCOMPARE(y.d, 1.0f);
    const std::array<int, 7> want{127, 2, -2, 4, 0, -126, 2};
    for (std::size_t j = 0; j < want.size(); ++j) QCOMPARE(int(y.qs[j]), want[j]);
    QCOMPARE(y.s, 7.0f); // 127 + 2 - 2 + 4 + 0 - 126 + 2
    for (float& v : x) v = 0.0f;
    cpu::quantize_q8_act(x, &y, 32);
    QCOMPARE(y.d, 0.0f);
    QCOMPARE(int(y.qs[0]), 0);
}

// x_j = j - 16: q4_0's d = -16 / -8 = 2 and values j / 2 + 8.5 truncated; q8_0's d = 16 / 127.
void TestCpuQdot::quantizers_by_hand() {
    float x[32];
    for (int j = 0; j < 32; ++j) x[j] = static_cast<float>(j - 16);
    u8 q4[18], q8[34];
    cpu::quantizer(dtype::q4_0)(x, reinterpret_cast<std::byte*>(q4), 32);
    QCOMPARE(half_at(q4), 2.0f);
    QCOMPARE(int(q4[2]), 0x80);  // element 0 -> 0, element 16 -> 8
    QCOMPARE(int(q4[3]), 0x91);  // 1, 9
    QCOMPARE(int(q4[17]), 0xF8); // 8, 16 capped at 15
    cpu::quantizer(dtype::q8_0)(x, reinterpret_cast<std::byte*>(q8), 32);
    QCOMPARE(half_at(q8), f16_round(16.0f / 127.0f));
    QCOMPARE(int(static_cast<std::int8_t>(q8[2])), -127);
    QCOMPARE(int(static_cast<std::int8_t>(q8[3])), -119); // -15 * 7.9375 = -119.06
    QCOMPARE(int(static_cast<std::int8_t>(q8[2 + 18])), 16); // 2 * 7.9375 = 15.875
    QCOMPARE(int(static_cast<std::int8_t>(q8[33])), 119);
}

void TestCpuQdot::quantizers_round_trip_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<double>("steps"); // the quantisation step relative to the block's largest magnitude
    QTest::newRow("q4_0") << int(dtype::q4_0) << 1.0 / 8;
    QTest::newRow("q4_1") << int(dtype::q4_1) << 2.0 / 15;
    QTest::newRow("q5_0") << int(dtype::q5_0) << 1.0 / 16;
    QTest::newRow("q5_1") << int(dtype::q5_1) << 2.0 / 31;
    QTest::newRow("q8_0") << int(dtype::q8_0) << 1.0 / 127;
    QTest::newRow("q8_K") << int(dtype::q8_k) << 1.0 / 127;
}

// Dequantised values are within a step of the input (half a step, but q4_0 and q5_0 cap the
// extreme opposite to the scale's sign one step short); 512 values, every format's block count.
void TestCpuQdot::quantizers_round_trip() {
    QFETCH(int, type);
    QFETCH(double, steps);
    const auto t = static_cast<dtype>(type);
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> u(-3.0f, 3.0f);
    std::vector<float> x(512), back(512);
    for (float& v : x) v = u(rng);
    std::vector<std::byte> q(row_size(t, 512));
    cpu::quantizer(t)(x.data(), q.data(), 512);
    cpu::plain_dequantizer(t)(q.data(), back.data(), 512);
    double worst = 0.0;
    for (std::size_t i = 0; i < x.size(); ++i) worst = std::max(worst, std::fabs(double(back[i]) - x[i]));
    QVERIFY2(worst <= 3.0 * steps * 1.01 + 1e-3, qPrintable(QString::number(worst)));
    QVERIFY(worst > 0.0);
}

void TestCpuQdot::kernels_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("k");
    for (dtype t : integer_types)
        // n = 1: decode, blocks in fours, a pair and a single block left (q4_0 on AVX-512).
        for (auto [m, n, k] : {std::array{1, 1, 256}, {4, 2, 768}, {5, 3, 512}, {17, 9, 1024}, {8, 1, 4096},
                               {3, 5, 256}, {2, 2, 32}, {4, 4, 96}, {3, 1, 96}, {2, 1, 32}, {5, 1, 224}}) {
            if (k % act_values(t) != 0) continue;
            const std::string name = std::string(type_name(t)) + " " + std::to_string(m) + "x" + std::to_string(n) +
                                     "x" + std::to_string(k);
            QTest::newRow(name.c_str()) << int(t) << m << n << k;
        }
}

// The plain loops and every SIMD kernel this CPU has, against the reference.
void TestCpuQdot::kernels() {
    QFETCH(int, type);
    QFETCH(int, m);
    QFETCH(int, n);
    QFETCH(int, k);
    const auto t = static_cast<dtype>(type);
    check_gemm(cpu::plain_qgemm(t), t, m, n, k, 1);
#if PLANSCOPE_X86_SIMD
    if (cpu::has_avx2()) check_gemm(cpu::avx2::qgemm(t), t, m, n, k, 2);
    if (cpu::has_avx512_vnni()) check_gemm(cpu::vnni::qgemm(t), t, m, n, k, 3);
    if (cpu::has_avx512_vnni()) check_gemm(cpu::vnni256::qgemm(t), t, m, n, k, 5);
#endif
    check_gemm(cpu::qgemm(t), t, m, n, k, 4);
}

void TestCpuQdot::packed_kernels_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("k");
    // n: decode, tiles of 8 (q4_0) or 4 (q4_K) and every remainder of 4, 2 and 1.
    for (dtype t : {dtype::q4_0, dtype::q8_0, dtype::q4_k, dtype::q6_k})
        for (auto [m, n, k] : {std::array{16, 1, 256}, {32, 1, 4096}, {48, 7, 512}, {16, 8, 256}, {32, 19, 768},
                               {16, 3, 1024}, {64, 2, 256}}) {
            const std::string name = std::string(type_name(t)) + " " + std::to_string(m) + "x" + std::to_string(n) +
                                     "x" + std::to_string(k);
            QTest::newRow(name.c_str()) << int(t) << m << n << k;
        }
}

// The packed layouts' kernels (qpack.h) against the reference on the unpacked rows.
void TestCpuQdot::packed_kernels() {
    QFETCH(int, type);
    QFETCH(int, m);
    QFETCH(int, n);
    QFETCH(int, k);
    const auto t = static_cast<dtype>(type);
    if (!cpu::has_packed_layout(t)) QSKIP("no packed layout on this CPU (AVX2)");
#if PLANSCOPE_X86_SIMD
    if (cpu::has_avx512_vnni()) check_gemm(cpu::vnni::packed_qgemm(t), t, m, n, k, 6, true);
    if (cpu::avx2::packed_qgemm(t)) check_gemm(cpu::avx2::packed_qgemm(t), t, m, n, k, 7, true);
#endif
    check_gemm(cpu::packed_qgemm(t), t, m, n, k, 8, true);
}

void TestCpuQdot::mul_mat_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<shape>("a");
    QTest::addColumn<shape>("b");
    QTest::addColumn<int>("b_type");
    for (dtype t : integer_types) {
        const std::string n(type_name(t));
        const std::int64_t u = act_values(t); // a row is whole blocks of activations
        QTest::newRow((n + " decode").c_str()) << int(t) << shape{1024, 37, 1, 1} << shape{1024, 1, 1, 1} << int(dtype::f32);
        // Three 64-row units of a decode product, the last one short.
        QTest::newRow((n + " decode, 150 rows").c_str()) << int(t) << shape{2 * u, 150, 1, 1} << shape{2 * u, 1, 1, 1} << int(dtype::f32);
        QTest::newRow((n + " odd").c_str()) << int(t) << shape{3 * u, 33, 1, 1} << shape{3 * u, 5, 1, 1} << int(dtype::f32);
        QTest::newRow((n + " broadcast").c_str()) << int(t) << shape{2 * u, 7, 2, 1} << shape{2 * u, 3, 4, 1} << int(dtype::f32);
        QTest::newRow((n + " f16 src1, many columns").c_str())
            << int(t) << shape{2 * u, 18, 1, 1} << shape{2 * u, 131, 1, 1} << int(dtype::f16);
    }
}

// Through the backend with 1 and 3 threads (identical values), in ggml's numerics against the
// reference of quantised activations; exact_f32 gives the dequantised product instead.
void TestCpuQdot::mul_mat() {
    QFETCH(int, type);
    QFETCH(shape, a);
    QFETCH(shape, b);
    QFETCH(int, b_type);
    const auto t = static_cast<dtype>(type);
    std::mt19937 rng(7);
    const auto bytes = random_blocks(t, a[0] * a[1] * a[2] * a[3] / block_size(t), rng);
    const host_tensor bv = rounded(random_host(b, rng), static_cast<dtype>(b_type));
    const auto setup_with = [&](f16_numerics numerics) -> graph_setup {
        return [&, numerics](cpu_graph& cg) -> result<tensor_id> {
            cg.backend.set_f16_numerics(numerics);
            const tensor_id w = cg.leaf(t, a), x = cg.leaf(static_cast<dtype>(b_type), b);
            const tensor_id out = cg.b.mul_mat(w, x);
            if (auto s = cg.prepare(out); !s) return s.err();
            if (auto s = tensor_set(cg.table, cg.ctx[w], bytes.data(), 0, bytes.size()); !s) return s.err();
            if (auto s = cg.set(x, bv); !s) return s.err();
            return out;
        };
    };
    host_tensor expected({a[1], b[1], b[2], b[3]}), dequantised({a[1], b[1], b[2], b[3]});
    double worst_mag = 0.0;
    const std::size_t row = row_size(t, a[0]);
    std::vector<float> w(static_cast<std::size_t>(a[0]));
    for (std::int64_t i2 = 0; i2 < b[2]; ++i2)
        for (std::int64_t j = 0; j < b[1]; ++j) {
            const auto q = ref_activations(t, &bv.v[bv.index(0, j, i2, 0)], a[0]);
            for (std::int64_t i = 0; i < a[1]; ++i) {
                const u8* wr = bytes.data() + static_cast<std::size_t>(i + a[1] * (i2 / (b[2] / a[2]))) * row;
                const auto [want, mag] = ref_dot(t, wr, q.data(), a[0]);
                expected.at(i, j, i2) = static_cast<float>(want);
                worst_mag = std::max(worst_mag, mag);
                cpu::plain_dequantizer(t)(reinterpret_cast<const std::byte*>(wr), w.data(), a[0]);
                double s = 0.0;
                for (std::int64_t kk = 0; kk < a[0]; ++kk) s += double(w[static_cast<std::size_t>(kk)]) * bv.at(kk, j, i2);
                dequantised.at(i, j, i2) = static_cast<float>(s);
            }
        }
    check_graph(setup_with(f16_numerics::ggml), expected, 1e-5 * worst_mag + 1e-6);
    check_graph(setup_with(f16_numerics::exact_f32), dequantised, 1e-6 + 2e-7 * double(a[0]));
    // The modes differ by the activations' quantisation error (about 1/254 of each block's range).
    auto ggml = run_graph(1, setup_with(f16_numerics::ggml));
    QVERIFY(ggml.ok());
    QVERIFY(max_rel_error(*ggml, dequantised) > 1e-6);
}

void TestCpuQdot::copy_quantises_data() {
    QTest::addColumn<int>("type");
    for (dtype t : {dtype::q4_0, dtype::q4_1, dtype::q5_0, dtype::q5_1, dtype::q8_0, dtype::q8_k})
        QTest::newRow(type_name(t).data()) << int(t);
}

// CPY f32 -> quantised writes what the quantiser writes, row by row into a view; a type without a
// quantiser is refused.
void TestCpuQdot::copy_quantises() {
    QFETCH(int, type);
    const auto t = static_cast<dtype>(type);
    std::mt19937 rng(9);
    const host_tensor x = random_host({256, 3, 1, 1}, rng, -2.0f, 2.0f);
    cpu_graph cg(2);
    const tensor_id src = cg.leaf(dtype::f32, {256, 3, 1, 1});
    const tensor_id dst = cg.leaf(t, {256, 5, 1, 1});
    const tensor_id rows = cg.b.view_2d(dst, 256, 3, cg.ctx[dst].nb[1], cg.ctx[dst].nb[1]);
    const tensor_id out = cg.b.cpy(src, rows);
    QVERIFY(cg.backend.supports_op(cg.ctx, cg.ctx[out]));
    QVERIFY(cg.prepare(out).ok());
    QVERIFY(cg.set(src, x).ok());
    QVERIFY(cg.compute().ok());
    std::vector<std::byte> got(3 * row_size(t, 256)), want(got.size());
    QVERIFY(tensor_get(cg.table, cg.ctx[dst], got.data(), cg.ctx[dst].nb[1], got.size()).ok());
    cpu::quantizer(t)(x.v.data(), want.data(), 3 * 256);
    QVERIFY(got == want);
    const tensor_id refused = cg.b.cpy(src, cg.leaf(dtype::q6_k, {256, 3, 1, 1}));
    QVERIFY(!cg.backend.supports_op(cg.ctx, cg.ctx[refused]));
}

QTEST_APPLESS_MAIN(TestCpuQdot)
#include "test_cpu_qdot.moc"
