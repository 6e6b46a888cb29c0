// Type conversions and ggml's quantised formats on the CPU backend: half and bfloat16 conversions
// against arithmetic references (every half exhaustively), every dequantiser (the SIMD one and the
// plain one) against a reference written here element by element from the block layouts, and
// MUL_MAT (exact_f32: dequantised) / GET_ROWS / CPY with quantised weights: q4_0 and q8_0 quantised here from random data
// the way ggml's reference quantisers do, the other formats as random but valid blocks.
//
// Tolerances: conversions and dequantisation 1e-6 relative (exact but for the order of the
// float multiplications); MUL_MAT 1e-6 + 2e-7 * k relative to max(1, |expected|).
#include "backend/cpu/convert.h"
#include "backend/cpu/quant.h"
#include "cpu_op_check.h"
#include "sched/fill_pattern.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace planscope;
using namespace planscope::testing;

namespace {

using u8 = std::uint8_t;

std::uint16_t u16_at(const u8* p) {
    std::uint16_t v;
    std::memcpy(&v, p, 2);
    return v;
}
float half_at(const u8* p) { return ref_f16_to_f32(u16_at(p)); }
void put_half(u8* p, float x) {
    const std::uint16_t h = ref_f32_to_f16(x);
    std::memcpy(p, &h, 2);
}

// ggml's get_scale_min_k4 layout: 8 six-bit scales and mins in 12 bytes.
std::pair<int, int> scale_min(const u8* s, int j) {
    if (j < 4) return {s[j] & 63, s[j + 4] & 63};
    return {(s[j + 4] & 15) | ((s[j - 4] >> 6) << 4), (s[j + 4] >> 4) | ((s[j] >> 6) << 4)};
}

// Element i of a block, from the block layouts of ggml-common.h.
double ref_element(dtype t, const u8* b, int i) {
    switch (t) {
    case dtype::q4_0: return ((i < 16 ? b[2 + i] & 15 : b[2 + i - 16] >> 4) - 8) * half_at(b);
    case dtype::q4_1: return (i < 16 ? b[4 + i] & 15 : b[4 + i - 16] >> 4) * half_at(b) + half_at(b + 2);
    case dtype::q5_0:
    case dtype::q5_1: {
        const bool q50 = t == dtype::q5_0;
        const u8* qh = b + (q50 ? 2 : 4);
        const u8* qs = qh + 4;
        const int lo = i < 16 ? qs[i] & 15 : qs[i - 16] >> 4;
        const int q = lo | (((qh[i / 8] >> (i % 8)) & 1) << 4); // bit i of qh is element i's fifth bit
        return q50 ? (q - 16) * half_at(b) : q * half_at(b) + half_at(b + 2);
    }
    case dtype::q8_0: return static_cast<std::int8_t>(b[2 + i]) * half_at(b);
    case dtype::q2_k: {
        const int h = i / 128, s = (i % 128) / 32, part = (i % 32) / 16, l = i % 16;
        const int sc = b[8 * h + 2 * s + part];
        const int q = (b[16 + 32 * h + 16 * part + l] >> (2 * s)) & 3;
        return half_at(b + 80) * (sc & 15) * q - half_at(b + 82) * (sc >> 4);
    }
    case dtype::q3_k: {
        const int h = i / 128, s = (i % 128) / 32, part = (i % 32) / 16, l = i % 16;
        const int j = 8 * h + 2 * s + part; // scale index
        const u8* sb = b + 96;
        const int low = j < 8 ? sb[j] & 15 : sb[j - 8] >> 4;
        const int high = (sb[8 + j % 4] >> (2 * (j / 4))) & 3;
        const int q = (b[32 + 32 * h + 16 * part + l] >> (2 * s)) & 3;
        const bool hbit = (b[16 * part + l] >> (4 * h + s)) & 1;
        return half_at(b + 108) * ((low | (high << 4)) - 32) * (q - (hbit ? 0 : 4));
    }
    case dtype::q4_k:
    case dtype::q5_k: {
        const bool q5 = t == dtype::q5_k;
        const int g = i / 32, l = i % 32;
        const auto [sc, m] = scale_min(b + 4, g);
        const u8 byte = b[(q5 ? 48 : 16) + 32 * (g / 2) + l];
        int q = g % 2 ? byte >> 4 : byte & 15;
        if (q5) q += 16 * ((b[16 + l] >> g) & 1);
        return half_at(b) * sc * q - half_at(b + 2) * m;
    }
    case dtype::q6_k: {
        const int h = i / 128, quarter = (i % 128) / 32, l = i % 32;
        const u8 lb = b[64 * h + (quarter % 2) * 32 + l];
        const int low = quarter < 2 ? lb & 15 : lb >> 4;
        const int high = (b[128 + 32 * h + l] >> (2 * quarter)) & 3;
        const int sc = static_cast<std::int8_t>(b[192 + 8 * h + l / 16 + 2 * quarter]);
        return half_at(b + 208) * sc * ((low | (high << 4)) - 32);
    }
    case dtype::q8_k: {
        float d;
        std::memcpy(&d, b, 4);
        return d * static_cast<std::int8_t>(b[4 + i]);
    }
    default: return NAN;
    }
}

std::vector<float> ref_dequantize(dtype t, const std::vector<u8>& bytes) {
    const int bs = static_cast<int>(block_size(t));
    const std::size_t ts = type_size(t);
    std::vector<float> out;
    for (std::size_t off = 0; off < bytes.size(); off += ts)
        for (int i = 0; i < bs; ++i) out.push_back(static_cast<float>(ref_element(t, bytes.data() + off, i)));
    return out;
}

// Random quants with scales that keep values finite and normal.
std::vector<u8> random_blocks(dtype t, std::int64_t blocks, std::mt19937& rng) {
    std::vector<u8> bytes(type_size(t) * static_cast<std::size_t>(blocks));
    for (auto& b : bytes) b = static_cast<u8>(rng());
    std::uniform_real_distribution<float> d(0.001f, 0.02f);
    for (std::size_t off = 0; off < bytes.size(); off += type_size(t)) {
        u8* b = bytes.data() + off;
        switch (t) {
        case dtype::q2_k: put_half(b + 80, d(rng)); put_half(b + 82, d(rng)); break;
        case dtype::q3_k: put_half(b + 108, d(rng)); break;
        case dtype::q6_k: put_half(b + 208, d(rng)); break;
        case dtype::q8_k: { const float x = d(rng); std::memcpy(b, &x, 4); break; }
        case dtype::q4_1: case dtype::q5_1: case dtype::q4_k: case dtype::q5_k:
            put_half(b, d(rng)); put_half(b + 2, d(rng)); break;
        default: put_half(b, d(rng)); break;
        }
    }
    return bytes;
}

// quantize_row_q4_0_reference / quantize_row_q8_0_reference of ggml.c.
std::vector<u8> quantize(dtype t, const std::vector<float>& x) {
    std::vector<u8> out;
    for (std::size_t b = 0; b < x.size(); b += 32) {
        const float* v = x.data() + b;
        u8 block[34] = {};
        if (t == dtype::q4_0) {
            float amax = 0, max = 0;
            for (int j = 0; j < 32; ++j)
                if (std::fabs(v[j]) > amax) { amax = std::fabs(v[j]); max = v[j]; }
            const float d = max / -8, id = d ? 1.0f / d : 0.0f;
            put_half(block, d);
            for (int j = 0; j < 16; ++j) {
                const int lo = std::min(15, static_cast<int>(static_cast<std::int8_t>(v[j] * id + 8.5f)));
                const int hi = std::min(15, static_cast<int>(static_cast<std::int8_t>(v[16 + j] * id + 8.5f)));
                block[2 + j] = static_cast<u8>(lo | (hi << 4));
            }
            out.insert(out.end(), block, block + 18);
        } else {
            float amax = 0;
            for (int j = 0; j < 32; ++j) amax = std::max(amax, std::fabs(v[j]));
            const float d = amax / 127, id = d ? 1.0f / d : 0.0f;
            put_half(block, d);
            for (int j = 0; j < 32; ++j) block[2 + j] = static_cast<u8>(static_cast<std::int8_t>(std::round(v[j] * id)));
            out.insert(out.end(), block, block + 34);
        }
    }
    return out;
}

// Weights of `t` and shape ne: quantised random data for q4_0/q8_0, random blocks otherwise.
std::vector<u8> weights(dtype t, shape ne, std::mt19937& rng) {
    const std::int64_t n = ne[0] * ne[1] * ne[2] * ne[3];
    if (t == dtype::q4_0 || t == dtype::q8_0) {
        std::uniform_real_distribution<float> u(-1.0f, 1.0f);
        std::vector<float> x(static_cast<std::size_t>(n));
        for (float& v : x) v = u(rng);
        return quantize(t, x);
    }
    return random_blocks(t, n / block_size(t), rng);
}

host_tensor as_host(shape ne, std::vector<float> v) {
    host_tensor h(ne);
    h.v = std::move(v);
    return h;
}

const std::array<dtype, 11> quant_types{dtype::q4_0, dtype::q4_1, dtype::q5_0, dtype::q5_1, dtype::q8_0, dtype::q2_k,
                                        dtype::q3_k, dtype::q4_k, dtype::q5_k, dtype::q6_k, dtype::q8_k};

result<tensor_id> with_weights(cpu_graph& cg, tensor_id out, tensor_id w, const std::vector<u8>& bytes) {
    if (auto s = cg.prepare(out); !s) return s.err();
    if (auto s = tensor_set(cg.table, cg.ctx[w], bytes.data(), 0, bytes.size()); !s) return s.err();
    return out;
}

} // namespace

class TestCpuQuant : public QObject {
    Q_OBJECT
private slots:
    void half_exhaustive();
    void half_rounding();
    void bfloat_rounding();
    void dequantize_data();
    void dequantize();
    void mul_mat_data();
    void mul_mat();
    void get_rows_data();
    void get_rows();
    void copy_quantised();
    void unsupported_is_refused();
    void fill_pattern_data();
    void fill_pattern();
};

void TestCpuQuant::half_exhaustive() {
    std::vector<std::byte> all(2 * 65536);
    for (std::uint32_t h = 0; h < 65536; ++h) {
        const auto v = static_cast<std::uint16_t>(h);
        std::memcpy(&all[2 * h], &v, 2);
        const float f = cpu::f16_to_f32(v), ref = ref_f16_to_f32(v);
        if (std::isnan(ref)) {
            QVERIFY(std::isnan(f));
            continue;
        }
        QCOMPARE(f, ref);
        QCOMPARE(cpu::f32_to_f16(f), v); // exact values round-trip
    }
    // The row conversion (F16C where the CPU has it) agrees with the element one.
    std::vector<float> row(65536);
    cpu::load_f32(dtype::f16, all.data(), 2, row.data(), 65536);
    for (std::uint32_t h = 0; h < 65536; ++h) {
        const float ref = ref_f16_to_f32(static_cast<std::uint16_t>(h));
        QVERIFY(std::isnan(ref) ? std::isnan(row[h]) : row[h] == ref);
    }
}

void TestCpuQuant::half_rounding() {
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> mag(-30.0f, 17.0f);
    std::vector<float> xs{0.0f, -0.0f, 65504.0f, 65519.0f, 65520.0f, 1e9f, -1e9f, INFINITY, 5.96e-8f, 2.98e-8f,
                          2.99e-8f, 1.0f + 1.0f / 2048, 1.0f + 3.0f / 2048, 6.1e-5f};
    for (int i = 0; i < 20000; ++i) xs.push_back((rng() & 1 ? -1.0f : 1.0f) * std::exp2(mag(rng)));
    for (float x : xs) QVERIFY2(cpu::f32_to_f16(x) == ref_f32_to_f16(x), qPrintable(QString::number(x, 'g', 10)));
}

void TestCpuQuant::bfloat_rounding() {
    std::mt19937 rng(2);
    for (int i = 0; i < 50000; ++i) {
        const float x = std::bit_cast<float>(static_cast<std::uint32_t>(rng()));
        if (std::isnan(x)) continue;
        QCOMPARE(cpu::f32_to_bf16(x), ref_f32_to_bf16(x));
        QCOMPARE(cpu::bf16_to_f32(cpu::f32_to_bf16(x)), ref_bf16_to_f32(ref_f32_to_bf16(x)));
    }
    QVERIFY(std::isnan(cpu::bf16_to_f32(cpu::f32_to_bf16(NAN))));
}

void TestCpuQuant::dequantize_data() {
    QTest::addColumn<int>("type");
    for (dtype t : quant_types) QTest::newRow(std::string(type_name(t)).c_str()) << static_cast<int>(t);
}

void TestCpuQuant::dequantize() {
    QFETCH(int, type);
    const auto t = static_cast<dtype>(type);
    std::mt19937 rng(3);
    const std::int64_t n = 4 * 256;
    const auto bytes = random_blocks(t, n / block_size(t), rng);
    const std::vector<float> ref = ref_dequantize(t, bytes);
    for (auto fn : {cpu::dequantizer(t), cpu::plain_dequantizer(t)}) {
        QVERIFY(fn);
        std::vector<float> got(static_cast<std::size_t>(n));
        fn(reinterpret_cast<const std::byte*>(bytes.data()), got.data(), n);
        QVERIFY(max_rel_error(as_host({n, 1, 1, 1}, got), as_host({n, 1, 1, 1}, ref)) <= 1e-6);
    }
    std::vector<float> fast(static_cast<std::size_t>(n)), plain(static_cast<std::size_t>(n));
    cpu::dequantizer(t)(reinterpret_cast<const std::byte*>(bytes.data()), fast.data(), n);
    cpu::plain_dequantizer(t)(reinterpret_cast<const std::byte*>(bytes.data()), plain.data(), n);
    QVERIFY2(fast == plain, "the SIMD dequantiser differs from the plain one");
}

void TestCpuQuant::mul_mat_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<shape>("a");
    QTest::addColumn<shape>("b");
    for (dtype t : quant_types) {
        const std::string n(type_name(t));
        const int v = static_cast<int>(t);
        QTest::newRow((n + " one column").c_str()) << v << shape{256, 9, 1, 1} << shape{256, 1, 1, 1};
        QTest::newRow((n + " odd").c_str()) << v << shape{512, 33, 1, 1} << shape{512, 5, 1, 1};
        QTest::newRow((n + " broadcast").c_str()) << v << shape{256, 7, 2, 1} << shape{256, 3, 4, 1};
    }
    QTest::newRow("q4_0 many columns") << static_cast<int>(dtype::q4_0) << shape{64, 20, 1, 1} << shape{64, 130, 1, 1};
    QTest::newRow("q8_0 many columns") << static_cast<int>(dtype::q8_0) << shape{96, 17, 1, 1} << shape{96, 131, 1, 1};
}

void TestCpuQuant::mul_mat() {
    QFETCH(int, type);
    QFETCH(shape, a);
    QFETCH(shape, b);
    const auto t = static_cast<dtype>(type);
    std::mt19937 rng(4);
    const auto bytes = weights(t, a, rng);
    const host_tensor bv = random_host(b, rng);
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        // The dequantised product; ggml's integer path is test_cpu_qdot's.
        cg.backend.set_f16_numerics(f16_numerics::exact_f32);
        const tensor_id w = cg.leaf(t, a), x = cg.leaf(dtype::f32, b);
        auto out = with_weights(cg, cg.b.mul_mat(w, x), w, bytes);
        if (out) cg.set(x, bv);
        return out;
    };
    const host_tensor av = as_host(a, ref_dequantize(t, bytes));
    host_tensor expected({a[1], b[1], b[2], b[3]});
    for (std::int64_t i2 = 0; i2 < b[2]; ++i2)
        for (std::int64_t j = 0; j < b[1]; ++j)
            for (std::int64_t i = 0; i < a[1]; ++i) {
                double s = 0.0;
                for (std::int64_t k = 0; k < a[0]; ++k)
                    s += static_cast<double>(av.at(k, i, i2 / (b[2] / a[2]))) * bv.at(k, j, i2);
                expected.at(i, j, i2) = static_cast<float>(s);
            }
    check_graph(setup, expected, 1e-6 + 2e-7 * static_cast<double>(a[0]));
}

void TestCpuQuant::get_rows_data() { dequantize_data(); }

void TestCpuQuant::get_rows() {
    QFETCH(int, type);
    const auto t = static_cast<dtype>(type);
    std::mt19937 rng(5);
    const shape a{512, 6, 1, 1};
    const auto bytes = weights(t, a, rng);
    const std::vector<std::int32_t> rows{5, 0, 3, 3};
    const graph_setup setup = [&](cpu_graph& cg) -> result<tensor_id> {
        const tensor_id w = cg.leaf(t, a), r = cg.leaf(dtype::i32, {4, 1, 1, 1});
        auto out = with_weights(cg, cg.b.get_rows(w, r), w, bytes);
        if (out) cg.set_i32(r, rows);
        return out;
    };
    const host_tensor av = as_host(a, ref_dequantize(t, bytes));
    host_tensor expected({512, 4, 1, 1});
    for (std::int64_t i = 0; i < 4; ++i)
        for (std::int64_t k = 0; k < 512; ++k) expected.at(k, i) = av.at(k, rows[static_cast<std::size_t>(i)]);
    check_graph(setup, expected, 1e-6);
}

// Quantised tensors copy as bytes: whole tensors, and rows into a view of another tensor.
void TestCpuQuant::copy_quantised() {
    std::mt19937 rng(6);
    const auto bytes = random_blocks(dtype::q8_0, 4 * 3, rng);
    cpu_graph cg(2);
    const tensor_id w = cg.leaf(dtype::q8_0, {128, 3, 1, 1});
    const tensor_id dst = cg.leaf(dtype::q8_0, {128, 5, 1, 1});
    const tensor_id rows = cg.b.view_2d(dst, 128, 3, cg.ctx[dst].nb[1], 2 * cg.ctx[dst].nb[1]);
    const tensor_id out = cg.b.cpy(cg.b.cont(w), rows);
    QVERIFY(cg.prepare(out).ok());
    QVERIFY(tensor_set(cg.table, cg.ctx[w], bytes.data(), 0, bytes.size()).ok());
    QVERIFY(cg.compute().ok());
    std::vector<u8> got(bytes.size());
    QVERIFY(tensor_get(cg.table, cg.ctx[dst], got.data(), 2 * cg.ctx[dst].nb[1], got.size()).ok());
    QVERIFY(got == bytes);
}

void TestCpuQuant::unsupported_is_refused() {
    cpu_graph cg;
    const tensor_id w = cg.leaf(dtype::iq2_xs, {256, 4, 1, 1}, "w");
    const tensor_id x = cg.leaf(dtype::f32, {256, 2, 1, 1}, "x");
    const tensor_id y = cg.b.set_name(cg.b.mul_mat(w, x), "y");
    const tensor_id f = cg.leaf(dtype::f32, {256, 4, 1, 1}, "f");
    const tensor_id c = cg.b.set_name(cg.b.cpy(f, cg.leaf(dtype::q6_k, {256, 4, 1, 1})), "c");
    QVERIFY(!cg.backend.supports_op(cg.ctx, cg.ctx[y]));
    QVERIFY(!cg.backend.supports_op(cg.ctx, cg.ctx[c])); // no quantiser: f32 -> q6_K is not done
    QVERIFY(cg.backend.supports_op(cg.ctx, cg.ctx[cg.b.mul_mat(cg.leaf(dtype::q6_k, {256, 4, 1, 1}), x)]));
    QVERIFY(cg.prepare(y).ok());
    const status s = cg.compute();
    QVERIFY(!s.ok());
    QCOMPARE(QString::fromStdString(s.err().message),
             QStringLiteral("CPU backend: MUL_MAT 'y': src0 type iq2_xs has no dequantiser"));
}

// Runs fill the weights they have no data for with fill_pattern_bytes: every type the CPU computes
// reads back as non-zero values of magnitude about 1 (a DOT dump's q8_0 weights once came out as
// zeros, and so did its logits); indices stay zero.
void TestCpuQuant::fill_pattern_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<bool>("patterned");
    for (dtype t : quant_types) QTest::newRow(std::string(type_name(t)).c_str()) << static_cast<int>(t) << true;
    for (dtype t : {dtype::f32, dtype::f16, dtype::bf16})
        QTest::newRow(std::string(type_name(t)).c_str()) << static_cast<int>(t) << true;
    for (dtype t : {dtype::i32, dtype::i64, dtype::iq2_xxs})
        QTest::newRow(std::string(type_name(t)).c_str()) << static_cast<int>(t) << false;
}

void TestCpuQuant::fill_pattern() {
    QFETCH(int, type);
    QFETCH(bool, patterned);
    tensor t;
    t.type = static_cast<dtype>(type);
    t.ne = {512, 3, 1, 1};
    t.nb = contiguous_strides(t.type, t.ne);
    QCOMPARE(has_fill_pattern(t.type), patterned);
    const std::vector<std::byte> bytes = fill_pattern_bytes(t, 17);
    QCOMPARE(bytes.size(), nbytes(t));
    if (!patterned) {
        QVERIFY(std::all_of(bytes.begin(), bytes.end(), [](std::byte b) { return b == std::byte{0}; }));
        return;
    }
    QVERIFY(fill_pattern_bytes(t, 34) != bytes); // the salt tells leafs apart
    std::vector<float> v(static_cast<std::size_t>(nelements(t)));
    cpu::row_to_f32(t.type, bytes.data(), type_size(t.type), v.data(), nelements(t));
    std::size_t non_zero = 0;
    float largest = 0;
    for (float x : v) {
        QVERIFY(std::isfinite(x));
        non_zero += x != 0.0f;
        largest = std::max(largest, std::abs(x));
    }
    QVERIFY2(non_zero * 10 >= v.size() * 8, std::to_string(non_zero).c_str());
    QVERIFY2(largest >= 0.25f && largest <= 8.0f, std::to_string(largest).c_str());
}

QTEST_APPLESS_MAIN(TestCpuQuant)
#include "test_cpu_quant.moc"
