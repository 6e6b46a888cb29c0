// Block sizes, type sizes, row sizes and nbytes against ggml's values.
#include "core/builder.h"
#include "core/tensor.h"
#include "core/types.h"

#include <QtTest>

using namespace planscope;

class TestTypes : public QObject {
    Q_OBJECT
private slots:
    void traits_data();
    void traits();
    void allTypesListed();
    void nbytesContiguous_data();
    void nbytesContiguous();
    void nbytesStrided();
    void names();
};

void TestTypes::traits_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("value");
    QTest::addColumn<qint64>("blck");
    QTest::addColumn<qulonglong>("size");
    // value, block and sizeof(block_*) as ggml defines them.
    const struct { const char* n; int v; qint64 b; qulonglong s; } rows[] = {
        {"f32", 0, 1, 4},        {"f16", 1, 1, 2},        {"q4_0", 2, 32, 18},     {"q4_1", 3, 32, 20},
        {"q5_0", 6, 32, 22},     {"q5_1", 7, 32, 24},     {"q8_0", 8, 32, 34},     {"q8_1", 9, 32, 36},
        {"q2_K", 10, 256, 84},   {"q3_K", 11, 256, 110},  {"q4_K", 12, 256, 144},  {"q5_K", 13, 256, 176},
        {"q6_K", 14, 256, 210},  {"q8_K", 15, 256, 292},  {"iq2_xxs", 16, 256, 66}, {"iq2_xs", 17, 256, 74},
        {"iq3_xxs", 18, 256, 98}, {"iq1_s", 19, 256, 50}, {"iq4_nl", 20, 32, 18},  {"iq3_s", 21, 256, 110},
        {"iq2_s", 22, 256, 82},  {"iq4_xs", 23, 256, 136}, {"i8", 24, 1, 1},       {"i16", 25, 1, 2},
        {"i32", 26, 1, 4},       {"i64", 27, 1, 8},       {"f64", 28, 1, 8},       {"iq1_m", 29, 256, 56},
        {"bf16", 30, 1, 2},      {"tq1_0", 34, 256, 54},  {"tq2_0", 35, 256, 66},  {"mxfp4", 39, 32, 17},
    };
    for (const auto& r : rows) QTest::newRow(r.n) << QString::fromLatin1(r.n) << r.v << r.b << r.s;
}

void TestTypes::traits() {
    QFETCH(QString, name);
    QFETCH(int, value);
    QFETCH(qint64, blck);
    QFETCH(qulonglong, size);
    const auto t = dtype_from_name(name.toStdString());
    QVERIFY(t.has_value());
    QCOMPARE(static_cast<int>(*t), value);
    QCOMPARE(dtype_from_value(static_cast<std::uint32_t>(value)), t);
    QCOMPARE(block_size(*t), blck);
    QCOMPARE(static_cast<qulonglong>(type_size(*t)), size);
    // A [k*blck, 3, 2] tensor: 6 rows of k blocks.
    context ctx;
    builder b(ctx);
    const auto id = b.new_tensor(*t, {blck * 4, 3, 2, 1});
    QVERIFY(b.ok());
    QCOMPARE(static_cast<qulonglong>(row_size(*t, blck * 4)), size * 4);
    QCOMPARE(static_cast<qulonglong>(nbytes(ctx[id])), size * 4 * 6);
}

void TestTypes::allTypesListed() {
    QCOMPARE(all_types().size(), std::size_t{32});
    QVERIFY(!dtype_from_value(4).has_value()); // removed q4_2
    QVERIFY(!dtype_from_value(31).has_value());
    QVERIFY(!dtype_from_name("q9_9").has_value());
}

void TestTypes::nbytesContiguous_data() {
    QTest::addColumn<QString>("type");
    QTest::addColumn<qint64>("ne0");
    QTest::addColumn<qint64>("ne1");
    QTest::addColumn<qint64>("ne2");
    QTest::addColumn<qint64>("ne3");
    QTest::addColumn<qulonglong>("bytes");
    QTest::newRow("f32 scalar") << "f32" << 1LL << 1LL << 1LL << 1LL << 4ULL;
    QTest::newRow("f32 4096x32000") << "f32" << 4096LL << 32000LL << 1LL << 1LL << 524288000ULL;
    QTest::newRow("f16 odd") << "f16" << 7LL << 3LL << 5LL << 2LL << 420ULL;
    QTest::newRow("q4_0 llama wq") << "q4_0" << 4096LL << 4096LL << 1LL << 1LL << 9437184ULL;
    QTest::newRow("q8_0 token_embd") << "q8_0" << 4096LL << 32000LL << 1LL << 1LL << 139264000ULL;
    QTest::newRow("q4_K ffn") << "q4_K" << 4096LL << 11008LL << 1LL << 1LL << 25362432ULL;
    QTest::newRow("q6_K output") << "q6_K" << 4096LL << 32000LL << 1LL << 1LL << 107520000ULL;
    QTest::newRow("i32 tokens") << "i32" << 512LL << 1LL << 1LL << 1LL << 2048ULL;
    QTest::newRow("bf16 3d") << "bf16" << 64LL << 8LL << 4LL << 1LL << 4096ULL;
}

void TestTypes::nbytesContiguous() {
    QFETCH(QString, type);
    QFETCH(qint64, ne0);
    QFETCH(qint64, ne1);
    QFETCH(qint64, ne2);
    QFETCH(qint64, ne3);
    QFETCH(qulonglong, bytes);
    context ctx;
    builder b(ctx);
    const auto id = b.new_tensor(*dtype_from_name(type.toStdString()), {ne0, ne1, ne2, ne3});
    QVERIFY(b.ok());
    QCOMPARE(static_cast<qulonglong>(nbytes(ctx[id])), bytes);
    QVERIFY(is_contiguous(ctx[id]));
}

void TestTypes::nbytesStrided() {
    context ctx;
    builder b(ctx);
    const auto a = b.new_tensor_2d(dtype::f32, 10, 10);
    // 3 x 4 window with the parent's row stride: 4 + 2*4 + 3*40 bytes.
    const auto v = b.view_2d(a, 3, 4, 40, 8);
    QVERIFY(b.ok());
    QCOMPARE(nbytes(ctx[v]), std::size_t{132});
    // A transposed tensor spans the same bytes as its source.
    const auto t = b.transpose(a);
    QCOMPARE(nbytes(ctx[t]), std::size_t{400});
    QVERIFY(!is_contiguous(ctx[t]));
    // Quantized: the first dimension counts blocks.
    const auto q = b.new_tensor_2d(dtype::q4_0, 64, 3);
    const auto qv = b.view_2d(q, 32, 2, ctx[q].nb[1], 0);
    QCOMPARE(nbytes(ctx[qv]), std::size_t{18 + 36});
}

void TestTypes::names() {
    QCOMPARE(type_name(dtype::q4_k), std::string_view{"q4_K"});
    QCOMPARE(dtype_from_name("Q6_K"), std::optional<dtype>{dtype::q6_k});
    QCOMPARE(dtype_from_name("F16"), std::optional<dtype>{dtype::f16});
}

QTEST_APPLESS_MAIN(TestTypes)
#include "test_types.moc"
