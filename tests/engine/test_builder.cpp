// Result type, shape and strides of every op, worked out by hand from ggml's rules.
#include "core/builder.h"

#include <QtTest>

#include <functional>
#include <map>

using namespace planscope;

namespace {

using ne_t = std::array<std::int64_t, 4>;
using nb_t = std::array<std::size_t, 4>;

QString fmt(const ne_t& v) { return QString::fromStdString(shape_string(v)); }
QString fmt(const nb_t& v) {
    return QStringLiteral("[%1, %2, %3, %4]").arg(v[0]).arg(v[1]).arg(v[2]).arg(v[3]);
}

// Each case builds into a fresh context and returns the tensor under test.
using case_fn = std::function<tensor_id(builder&)>;

const std::map<QString, case_fn>& cases() {
    static const std::map<QString, case_fn> m{
        {"mul_mat broadcast", [](builder& b) {
             return b.mul_mat(b.new_tensor(dtype::f32, {64, 32, 2, 1}), b.new_tensor(dtype::f32, {64, 7, 4, 3}));
         }},
        {"mul_mat q4_0 weight", [](builder& b) {
             return b.mul_mat(b.new_tensor_2d(dtype::q4_0, 4096, 4096), b.new_tensor_2d(dtype::f32, 4096, 8));
         }},
        {"permute 0213", [](builder& b) { return b.permute(b.new_tensor_3d(dtype::f32, 8, 4, 6), 0, 2, 1, 3); }},
        {"permute 1203", [](builder& b) { return b.permute(b.new_tensor_3d(dtype::f32, 8, 4, 6), 1, 2, 0, 3); }},
        {"transpose", [](builder& b) { return b.transpose(b.new_tensor_2d(dtype::f32, 5, 3)); }},
        {"view_2d", [](builder& b) { return b.view_2d(b.new_tensor_2d(dtype::f32, 10, 10), 3, 4, 40, 8); }},
        {"view of view", [](builder& b) {
             return b.view_1d(b.view_1d(b.new_tensor_2d(dtype::f32, 10, 10), 50, 40), 10, 20);
         }},
        {"view_3d kv", [](builder& b) {
             // A K-cache window: 2 kv heads of 16 dims, 32 cells, layer 1 of a 4-layer cache.
             const auto k = b.new_tensor_1d(dtype::f16, 16 * 2 * 64 * 4);
             return b.view_3d(k, 16, 32, 2, 2 * 16 * 2, 16 * 2, 2 * 16 * 2 * 64 * 1);
         }},
        {"reshape_3d", [](builder& b) { return b.reshape_3d(b.new_tensor_2d(dtype::f32, 12, 2), 4, 3, 2); }},
        {"reshape of view", [](builder& b) {
             return b.reshape_2d(b.view_1d(b.new_tensor_1d(dtype::f32, 100), 20, 40), 5, 4);
         }},
        {"cpy into f16", [](builder& b) {
             const auto a = b.set_name(b.new_tensor_2d(dtype::f32, 4, 3), "a");
             const auto d = b.set_name(b.new_tensor_1d(dtype::f16, 12), "b");
             return b.cpy(a, d);
         }},
        {"cont of permute", [](builder& b) {
             return b.cont(b.permute(b.new_tensor_3d(dtype::f32, 8, 4, 6), 0, 2, 1, 3));
         }},
        {"cont_4d", [](builder& b) { return b.cont_4d(b.new_tensor_2d(dtype::f32, 6, 4), 3, 2, 4, 1); }},
        {"get_rows", [](builder& b) {
             return b.get_rows(b.new_tensor_2d(dtype::q8_0, 64, 512), b.new_tensor_1d(dtype::i32, 7));
         }},
        {"rope", [](builder& b) {
             return b.rope(b.new_tensor_3d(dtype::f32, 8, 4, 7), b.new_tensor_1d(dtype::i32, 7), {.n_dims = 8});
         }},
        {"add broadcast", [](builder& b) {
             return b.add(b.new_tensor_2d(dtype::f32, 8, 4), b.new_tensor_2d(dtype::f32, 8, 1));
         }},
        {"add_inplace", [](builder& b) {
             return b.add_inplace(b.new_tensor_2d(dtype::f32, 8, 4), b.new_tensor_2d(dtype::f32, 8, 4));
         }},
        {"scale of view", [](builder& b) {
             const auto a = b.new_tensor_2d(dtype::f32, 8, 4);
             return b.scale_inplace(b.view_1d(a, 8, 32), b.new_tensor_1d(dtype::f32, 1));
         }},
        {"sum_rows", [](builder& b) { return b.sum_rows(b.new_tensor_3d(dtype::f16, 5, 3, 2)); }},
        {"sum", [](builder& b) { return b.sum(b.new_tensor_3d(dtype::f32, 5, 3, 2)); }},
        {"repeat", [](builder& b) {
             return b.repeat(b.new_tensor_2d(dtype::f32, 4, 1), b.new_tensor_3d(dtype::f32, 4, 3, 2));
         }},
        {"concat", [](builder& b) {
             return b.concat(b.new_tensor_3d(dtype::f32, 4, 3, 2), b.new_tensor_3d(dtype::f32, 4, 3, 5));
         }},
        {"soft_max", [](builder& b) { return b.soft_max(b.new_tensor_3d(dtype::f32, 32, 7, 8)); }},
        {"silu", [](builder& b) { return b.silu(b.new_tensor_2d(dtype::f32, 172, 3)); }},
        {"rms_norm", [](builder& b) { return b.rms_norm(b.new_tensor_2d(dtype::f32, 64, 3), 1e-5f); }},
        {"diag_mask_inf", [](builder& b) { return b.diag_mask_inf(b.new_tensor_3d(dtype::f32, 32, 7, 8), 25); }},
        // The ops of ggml d99724f2.
        {"set_rows kv", [](builder& b) {
             // 3 rows of 8 written into an f16 cache of 16 cells: a view of the cache.
             return b.set_rows(b.new_tensor_2d(dtype::f16, 8, 16), b.new_tensor_2d(dtype::f32, 8, 3),
                               b.new_tensor_1d(dtype::i64, 3));
         }},
        {"set_rows into view", [](builder& b) {
             // The destination is a view 64 bytes into the cache: the result is rooted at the cache.
             const auto cache = b.new_tensor_1d(dtype::f16, 256);
             return b.set_rows(b.view_2d(cache, 8, 16, 16, 64), b.new_tensor_2d(dtype::f16, 8, 2),
                               b.new_tensor_1d(dtype::i32, 2));
         }},
        {"glu halves", [](builder& b) { return b.swiglu(b.new_tensor_2d(dtype::f32, 16, 3)); }},
        {"glu odd row", [](builder& b) { return b.glu(b.new_tensor_2d(dtype::f32, 7, 2), glu_kind::geglu, true); }},
        {"glu split", [](builder& b) {
             return b.swiglu_split(b.new_tensor_2d(dtype::f16, 16, 3), b.new_tensor_2d(dtype::f16, 16, 3));
         }},
        {"flash_attn_ext", [](builder& b) {
             // 7 tokens of 8 heads of 64 over 32 cells of 2 KV heads; V heads of 48.
             return b.flash_attn_ext(b.new_tensor_3d(dtype::f32, 64, 7, 8), b.new_tensor_3d(dtype::f16, 64, 32, 2),
                                     b.new_tensor_3d(dtype::f16, 48, 32, 2), b.new_tensor_2d(dtype::f16, 32, 7),
                                     {.scale = 0.125f});
         }},
        {"flash_attn_ext sinks", [](builder& b) {
             return b.flash_attn_ext(b.new_tensor_3d(dtype::f32, 16, 3, 4), b.new_tensor_3d(dtype::f16, 16, 5, 4),
                                     b.new_tensor_3d(dtype::f16, 16, 5, 4), std::nullopt,
                                     {.sinks = b.new_tensor_1d(dtype::f32, 4)});
         }},
        {"add_id", [](builder& b) {
             return b.add_id(b.new_tensor_3d(dtype::f32, 8, 2, 3), b.new_tensor_2d(dtype::f32, 8, 4),
                             b.new_tensor_2d(dtype::i32, 2, 3));
         }},
    };
    return m;
}

} // namespace

class TestBuilder : public QObject {
    Q_OBJECT
private slots:
    void shapes_data();
    void shapes();
    void errors_data();
    void errors();
    void names();
    void viewRoots();
    void errorsAreSticky();
    void opParams();
};

void TestBuilder::shapes_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("ne");
    QTest::addColumn<QString>("nb");
    QTest::addColumn<bool>("view");
    QTest::addColumn<qulonglong>("viewOffs");
    auto row = [](const char* n, const char* t, ne_t ne, nb_t nb, bool view, qulonglong offs) {
        QTest::newRow(n) << QString::fromLatin1(n) << QString::fromLatin1(t) << fmt(ne) << fmt(nb) << view << offs;
    };
    row("mul_mat broadcast", "f32", {32, 7, 4, 3}, {4, 128, 896, 3584}, false, 0);
    row("mul_mat q4_0 weight", "f32", {4096, 8, 1, 1}, {4, 16384, 131072, 131072}, false, 0);
    row("permute 0213", "f32", {8, 6, 4, 1}, {4, 128, 32, 768}, true, 0);
    row("permute 1203", "f32", {6, 8, 4, 1}, {128, 4, 32, 768}, true, 0);
    row("transpose", "f32", {3, 5, 1, 1}, {20, 4, 60, 60}, true, 0);
    row("view_2d", "f32", {3, 4, 1, 1}, {4, 40, 160, 160}, true, 8);
    row("view of view", "f32", {10, 1, 1, 1}, {4, 40, 40, 40}, true, 60);
    row("view_3d kv", "f16", {16, 32, 2, 1}, {2, 64, 32, 64}, true, 4096);
    row("reshape_3d", "f32", {4, 3, 2, 1}, {4, 16, 48, 96}, true, 0);
    row("reshape of view", "f32", {5, 4, 1, 1}, {4, 20, 80, 80}, true, 40);
    row("cpy into f16", "f16", {12, 1, 1, 1}, {2, 24, 24, 24}, true, 0);
    row("cont of permute", "f32", {8, 6, 4, 1}, {4, 32, 192, 768}, false, 0);
    row("cont_4d", "f32", {3, 2, 4, 1}, {4, 12, 24, 96}, false, 0);
    row("get_rows", "f32", {64, 7, 1, 1}, {4, 256, 1792, 1792}, false, 0);
    row("rope", "f32", {8, 4, 7, 1}, {4, 32, 128, 896}, false, 0);
    row("add broadcast", "f32", {8, 4, 1, 1}, {4, 32, 128, 128}, false, 0);
    row("add_inplace", "f32", {8, 4, 1, 1}, {4, 32, 128, 128}, true, 0);
    row("scale of view", "f32", {8, 1, 1, 1}, {4, 32, 32, 32}, true, 32);
    row("sum_rows", "f16", {1, 3, 2, 1}, {2, 2, 6, 12}, false, 0);
    row("sum", "f32", {1, 1, 1, 1}, {4, 4, 4, 4}, false, 0);
    row("repeat", "f32", {4, 3, 2, 1}, {4, 16, 48, 96}, false, 0);
    row("concat", "f32", {4, 3, 7, 1}, {4, 16, 48, 336}, false, 0);
    row("soft_max", "f32", {32, 7, 8, 1}, {4, 128, 896, 7168}, false, 0);
    row("silu", "f32", {172, 3, 1, 1}, {4, 688, 2064, 2064}, false, 0);
    row("rms_norm", "f32", {64, 3, 1, 1}, {4, 256, 768, 768}, false, 0);
    row("diag_mask_inf", "f32", {32, 7, 8, 1}, {4, 128, 896, 7168}, false, 0);
    row("set_rows kv", "f16", {8, 16, 1, 1}, {2, 16, 256, 256}, true, 0);
    row("set_rows into view", "f16", {8, 16, 1, 1}, {2, 16, 256, 256}, true, 64);
    row("glu halves", "f32", {8, 3, 1, 1}, {4, 32, 96, 96}, false, 0);
    row("glu odd row", "f32", {3, 2, 1, 1}, {4, 12, 24, 24}, false, 0);
    row("glu split", "f16", {16, 3, 1, 1}, {2, 32, 96, 96}, false, 0);
    row("flash_attn_ext", "f32", {48, 8, 7, 1}, {4, 192, 1536, 10752}, false, 0);
    row("flash_attn_ext sinks", "f32", {16, 4, 3, 1}, {4, 64, 256, 768}, false, 0);
    row("add_id", "f32", {8, 2, 3, 1}, {4, 32, 64, 192}, false, 0);
}

void TestBuilder::shapes() {
    QFETCH(QString, name);
    QFETCH(QString, type);
    QFETCH(QString, ne);
    QFETCH(QString, nb);
    QFETCH(bool, view);
    QFETCH(qulonglong, viewOffs);
    context ctx;
    builder b(ctx);
    const tensor_id id = cases().at(name)(b);
    QVERIFY2(b.ok(), b.ok() ? "" : b.first_error()->message.c_str());
    const tensor& t = ctx[id];
    QCOMPARE(QString::fromLatin1(type_name(t.type)), type);
    QCOMPARE(fmt(t.ne), ne);
    QCOMPARE(fmt(t.nb), nb);
    QCOMPARE(t.is_view(), view);
    QCOMPARE(static_cast<qulonglong>(t.view_offs), viewOffs);
    if (view) QVERIFY(!ctx[t.view_src].is_view()); // views are rooted at a non-view tensor
}

void TestBuilder::errors_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("message");
    QTest::newRow("view out of bounds") << 0 << "VIEW: view of 40 bytes at offset 380 is out of bounds";
    QTest::newRow("reshape non-contiguous") << 1 << "RESHAPE: cannot reshape non-contiguous";
    QTest::newRow("reshape count") << 2 << "RESHAPE: cannot reshape [12, 2, 1, 1] to [5, 5, 1, 1]";
    QTest::newRow("get_rows f32 index") << 3 << "GET_ROWS: src1 must be an i32 vector";
    QTest::newRow("rope positions") << 4 << "ROPE: src0 has 7 tokens (ne[2]) but 6 positions";
    QTest::newRow("add no broadcast") << 5 << "ADD: cannot broadcast [3, 1, 1, 1] to [8, 4, 1, 1]";
    QTest::newRow("scale vector") << 6 << "SCALE: src1 must have one element";
    QTest::newRow("q4_0 odd row") << 7 << "new_tensor: ne[0] = 33 is not a multiple of the q4_0 block size 32";
    QTest::newRow("concat dims") << 8 << "CONCAT: shapes [4, 3, 2, 1] and [4, 2, 5, 1] differ outside dim 2";
    QTest::newRow("mul_mat k") << 9 << "MUL_MAT: cannot multiply [64, 32, 1, 1] by [32, 7, 1, 1]";
    QTest::newRow("mul_mat transposed") << 10 << "MUL_MAT: src0 must not be transposed";
    QTest::newRow("permute repeat") << 11 << "PERMUTE: axes must be a permutation of 0..3";
    QTest::newRow("cpy count") << 12 << "CPY: element counts differ";
    QTest::newRow("sub shape") << 13 << "SUB: shapes differ";
    QTest::newRow("zero extent") << 14 << "new_tensor: extent ne[1] = 0 is not positive";
    QTest::newRow("overflow") << 15 << "new_tensor: shape [4611686018427387904, 4, 1, 1] overflows";
    QTest::newRow("set_rows i32 rows") << 16 << "SET_ROWS: src0 must be f32 or f16, is i32";
    QTest::newRow("set_rows count") << 17 << "SET_ROWS: src0 has 3 rows (ne[1]) but src1 4 indices (ne[0])";
    QTest::newRow("set_rows width")
        << 18
        << "SET_ROWS: rows [4, 3, 1, 1] (src0) do not fit [8, 16, 1, 1] (src2): ne[0], ne[2] and ne[3] must be equal";
    QTest::newRow("set_rows f32 indices") << 19 << "SET_ROWS: indices (src1) must be i64 or i32, are f32";
    QTest::newRow("set_rows broadcast")
        << 20 << "SET_ROWS: indices [3, 2, 1, 1] do not broadcast over the rows [8, 3, 3, 1]";
    QTest::newRow("glu split shapes") << 21 << "GLU: shapes differ: [16, 3, 1, 1] vs [16, 2, 1, 1]";
    QTest::newRow("glu split types") << 22 << "GLU: types differ: f32 vs f16";
    QTest::newRow("glu transposed") << 23 << "GLU: src0 must be contiguous (apart from its row stride)";
    QTest::newRow("glu one element") << 24 << "GLU: half of [1, 3, 1, 1]: extent ne[0] = 0 is not positive";
    QTest::newRow("glu unknown op") << 25 << "GLU: unknown glu op 6";
    QTest::newRow("fa head size") << 26 << "FLASH_ATTN_EXT: cannot multiply k [32, 16, 2, 1] by q [64, 7, 8, 1]";
    QTest::newRow("fa kv heads") << 27 << "FLASH_ATTN_EXT: cannot multiply k [64, 16, 3, 1] by q [64, 7, 8, 1]";
    QTest::newRow("fa ne3") << 28 << "FLASH_ATTN_EXT: q, k and v differ in ne[3]";
    QTest::newRow("fa f32 mask") << 29 << "FLASH_ATTN_EXT: the mask (src3) must be f16, is f32";
    QTest::newRow("fa mask heads")
        << 30 << "FLASH_ATTN_EXT: the mask [16, 7, 3, 1] does not broadcast over q [64, 7, 8, 1]";
    QTest::newRow("fa alibi without mask") << 31 << "FLASH_ATTN_EXT: max_bias > 0 needs a mask (src3)";
    QTest::newRow("fa sinks") << 32 << "FLASH_ATTN_EXT: sinks (src4) have 3 values for 8 heads (q ne[2])";
    QTest::newRow("add_id row length") << 33 << "ADD_ID: rows differ in length: [8, 2, 3, 1] vs [4, 4, 1, 1]";
    QTest::newRow("add_id ids shape")
        << 34 << "ADD_ID: ids (src2) [2, 2, 1, 1] must be [2, 3, ...] (src0 ne[1], ne[2])";
    QTest::newRow("add_id f32 ids") << 35 << "ADD_ID: ids (src2) must be i32, are f32";
}

void TestBuilder::errors() {
    QFETCH(int, which);
    QFETCH(QString, message);
    context ctx;
    builder b(ctx);
    tensor_id r;
    switch (which) {
    case 0: r = b.view_1d(b.new_tensor_2d(dtype::f32, 10, 10), 10, 380); break;
    case 1: r = b.reshape_2d(b.transpose(b.new_tensor_2d(dtype::f32, 4, 3)), 12, 1); break;
    case 2: r = b.reshape_2d(b.new_tensor_2d(dtype::f32, 12, 2), 5, 5); break;
    case 3: r = b.get_rows(b.new_tensor_2d(dtype::f32, 8, 8), b.new_tensor_1d(dtype::f32, 2)); break;
    case 4: r = b.rope(b.new_tensor_3d(dtype::f32, 8, 4, 7), b.new_tensor_1d(dtype::i32, 6), {}); break;
    case 5: r = b.add(b.new_tensor_2d(dtype::f32, 8, 4), b.new_tensor_1d(dtype::f32, 3)); break;
    case 6: r = b.scale(b.new_tensor_2d(dtype::f32, 8, 4), b.new_tensor_1d(dtype::f32, 2)); break;
    case 7: r = b.new_tensor_1d(dtype::q4_0, 33); break;
    case 8: r = b.concat(b.new_tensor_3d(dtype::f32, 4, 3, 2), b.new_tensor_3d(dtype::f32, 4, 2, 5)); break;
    case 9: r = b.mul_mat(b.new_tensor_2d(dtype::f32, 64, 32), b.new_tensor_2d(dtype::f32, 32, 7)); break;
    case 10: r = b.mul_mat(b.transpose(b.new_tensor_2d(dtype::f32, 8, 8)), b.new_tensor_2d(dtype::f32, 8, 2)); break;
    case 11: r = b.permute(b.new_tensor_2d(dtype::f32, 8, 8), 0, 0, 2, 3); break;
    case 12: r = b.cpy(b.new_tensor_2d(dtype::f32, 8, 8), b.new_tensor_1d(dtype::f16, 63)); break;
    case 13: r = b.sub(b.new_tensor_2d(dtype::f32, 8, 8), b.new_tensor_2d(dtype::f32, 8, 1)); break;
    case 14: r = b.new_tensor_2d(dtype::f32, 8, 0); break;
    case 15: r = b.new_tensor_2d(dtype::f32, std::int64_t{1} << 62, 4); break;
    case 16:
        r = b.set_rows(b.new_tensor_2d(dtype::i32, 8, 16), b.new_tensor_2d(dtype::i32, 8, 3),
                       b.new_tensor_1d(dtype::i64, 3));
        break;
    case 17:
        r = b.set_rows(b.new_tensor_2d(dtype::f16, 8, 16), b.new_tensor_2d(dtype::f32, 8, 3),
                       b.new_tensor_1d(dtype::i64, 4));
        break;
    case 18:
        r = b.set_rows(b.new_tensor_2d(dtype::f16, 8, 16), b.new_tensor_2d(dtype::f32, 4, 3),
                       b.new_tensor_1d(dtype::i64, 3));
        break;
    case 19:
        r = b.set_rows(b.new_tensor_2d(dtype::f16, 8, 16), b.new_tensor_2d(dtype::f32, 8, 3),
                       b.new_tensor_1d(dtype::f32, 3));
        break;
    case 20:
        r = b.set_rows(b.new_tensor_3d(dtype::f16, 8, 16, 3), b.new_tensor_3d(dtype::f32, 8, 3, 3),
                       b.new_tensor_2d(dtype::i64, 3, 2));
        break;
    case 21: r = b.swiglu_split(b.new_tensor_2d(dtype::f32, 16, 3), b.new_tensor_2d(dtype::f32, 16, 2)); break;
    case 22: r = b.swiglu_split(b.new_tensor_2d(dtype::f32, 16, 3), b.new_tensor_2d(dtype::f16, 16, 3)); break;
    case 23: r = b.swiglu(b.transpose(b.new_tensor_2d(dtype::f32, 4, 6))); break;
    case 24: r = b.swiglu(b.new_tensor_2d(dtype::f32, 1, 3)); break;
    case 25: r = b.glu(b.new_tensor_2d(dtype::f32, 8, 3), static_cast<glu_kind>(6)); break;
    case 26:
        r = b.flash_attn_ext(b.new_tensor_3d(dtype::f32, 64, 7, 8), b.new_tensor_3d(dtype::f16, 32, 16, 2),
                             b.new_tensor_3d(dtype::f16, 32, 16, 2), std::nullopt);
        break;
    case 27:
        r = b.flash_attn_ext(b.new_tensor_3d(dtype::f32, 64, 7, 8), b.new_tensor_3d(dtype::f16, 64, 16, 3),
                             b.new_tensor_3d(dtype::f16, 64, 16, 3), std::nullopt);
        break;
    case 28:
        r = b.flash_attn_ext(b.new_tensor_4d(dtype::f32, 64, 7, 8, 2), b.new_tensor_3d(dtype::f16, 64, 16, 2),
                             b.new_tensor_3d(dtype::f16, 64, 16, 2), std::nullopt);
        break;
    case 29:
        r = b.flash_attn_ext(b.new_tensor_3d(dtype::f32, 64, 7, 8), b.new_tensor_3d(dtype::f16, 64, 16, 2),
                             b.new_tensor_3d(dtype::f16, 64, 16, 2), b.new_tensor_2d(dtype::f32, 16, 7));
        break;
    case 30:
        r = b.flash_attn_ext(b.new_tensor_3d(dtype::f32, 64, 7, 8), b.new_tensor_3d(dtype::f16, 64, 16, 2),
                             b.new_tensor_3d(dtype::f16, 64, 16, 2), b.new_tensor_3d(dtype::f16, 16, 7, 3));
        break;
    case 31: {
        flash_attn_args alibi;
        alibi.max_bias = 8.0f;
        r = b.flash_attn_ext(b.new_tensor_3d(dtype::f32, 64, 7, 8), b.new_tensor_3d(dtype::f16, 64, 16, 2),
                             b.new_tensor_3d(dtype::f16, 64, 16, 2), std::nullopt, alibi);
        break;
    }
    case 32:
        r = b.flash_attn_ext(b.new_tensor_3d(dtype::f32, 64, 7, 8), b.new_tensor_3d(dtype::f16, 64, 16, 2),
                             b.new_tensor_3d(dtype::f16, 64, 16, 2), std::nullopt,
                             {.sinks = b.new_tensor_1d(dtype::f32, 3)});
        break;
    case 33:
        r = b.add_id(b.new_tensor_3d(dtype::f32, 8, 2, 3), b.new_tensor_2d(dtype::f32, 4, 4),
                     b.new_tensor_2d(dtype::i32, 2, 3));
        break;
    case 34:
        r = b.add_id(b.new_tensor_3d(dtype::f32, 8, 2, 3), b.new_tensor_2d(dtype::f32, 8, 4),
                     b.new_tensor_2d(dtype::i32, 2, 2));
        break;
    case 35:
        r = b.add_id(b.new_tensor_3d(dtype::f32, 8, 2, 3), b.new_tensor_2d(dtype::f32, 8, 4),
                     b.new_tensor_2d(dtype::f32, 2, 3));
        break;
    }
    QVERIFY(!r.valid());
    QVERIFY(!b.ok());
    const QString got = QString::fromStdString(b.first_error()->message);
    QVERIFY2(got.startsWith(message), qPrintable(got));
}

void TestBuilder::names() {
    context ctx;
    builder b(ctx);
    const auto a = b.set_name(b.new_tensor_2d(dtype::f32, 4, 4), "Kcur-0");
    QCOMPARE(ctx[b.transpose(a)].name, std::string("Kcur-0 (transposed)"));
    QCOMPARE(ctx[b.permute(a, 1, 0, 2, 3)].name, std::string("Kcur-0 (permuted)"));
    QCOMPARE(ctx[b.reshape_1d(a, 16)].name, std::string("Kcur-0 (reshaped)"));
    QCOMPARE(ctx[b.view_1d(a, 4, 0)].name, std::string("Kcur-0 (view)"));
    QCOMPARE(ctx[b.cont(a)].name, std::string("Kcur-0 (cont)"));
    QCOMPARE(ctx[b.soft_max_inplace(a)].name, std::string("Kcur-0 (view)"));
    QCOMPARE(ctx[b.cpy(a, b.new_tensor_2d(dtype::f16, 4, 4))].name, std::string("Kcur-0 (copy)"));
    QCOMPARE(ctx[b.mul_mat(a, a)].name, std::string());
    const auto cache = b.set_name(b.new_tensor_2d(dtype::f16, 4, 8), "cache_k_l0");
    QCOMPARE(ctx[b.set_rows(cache, a, b.new_tensor_1d(dtype::i64, 4))].name, std::string("cache_k_l0 (view)"));
    const auto longName = b.set_name(b.new_tensor_1d(dtype::f32, 1), std::string(100, 'x'));
    QCOMPARE(ctx[longName].name.size(), std::size_t{63});
}

void TestBuilder::viewRoots() {
    context ctx;
    builder b(ctx);
    const auto a = b.new_tensor_1d(dtype::f32, 64);
    const auto v1 = b.view_1d(a, 32, 64);
    const auto v2 = b.reshape_2d(v1, 8, 4);
    const auto v3 = b.transpose(v2);
    QCOMPARE(ctx[v3].view_src, a);
    QCOMPARE(ctx[v3].view_offs, std::size_t{64});
    QCOMPARE(ctx[v3].src[0], v2);
    QCOMPARE(ctx[v3].op, op_kind::transpose);
}

void TestBuilder::errorsAreSticky() {
    context ctx;
    builder b(ctx);
    const auto bad = b.new_tensor_1d(dtype::q4_0, 7);
    const auto x = b.add(bad, b.new_tensor_1d(dtype::f32, 7));
    QVERIFY(!x.valid());
    b.mul_mat(b.new_tensor_2d(dtype::f32, 3, 3), b.new_tensor_2d(dtype::f32, 4, 4));
    QVERIFY(QString::fromStdString(b.first_error()->message).startsWith(QStringLiteral("new_tensor")));
}

void TestBuilder::opParams() {
    context ctx;
    builder b(ctx);
    const auto r = b.rope(b.new_tensor_3d(dtype::f32, 8, 4, 2), b.new_tensor_1d(dtype::i32, 2),
                          {.n_dims = 8, .mode = 0, .n_ctx = 2048, .freq_base = 500000.0f});
    QCOMPARE(ctx[r].params.get_i32(1), 8);
    QCOMPARE(ctx[r].params.get_i32(3), 2048);
    QCOMPARE(ctx[r].params.get_f32(5), 500000.0f);
    QCOMPARE(ctx[r].params.get_f32(6), 1.0f);
    const auto v = b.view_2d(b.new_tensor_2d(dtype::f32, 8, 8), 4, 4, 32, 16);
    QCOMPARE(ctx[v].params.get_u64(0), std::uint64_t{16});
    const auto u = b.gelu(b.new_tensor_1d(dtype::f32, 3));
    QCOMPARE(ctx[u].params.get_i32(0), static_cast<int>(unary_kind::gelu));
    const auto n = b.rms_norm(b.new_tensor_1d(dtype::f32, 3), 1e-6f);
    QCOMPARE(ctx[n].params.get_f32(0), 1e-6f);
    // ggml_glu_impl: the glu op, then swapped.
    const auto g = b.glu(b.new_tensor_1d(dtype::f32, 4), glu_kind::geglu_quick, true);
    QCOMPARE(ctx[g].params.get_i32(0), 5);
    QCOMPARE(ctx[g].params.get_i32(1), 1);
    QCOMPARE(op_desc(ctx[g]), std::string("GEGLU_QUICK"));
    // ggml_flash_attn_ext: scale, max_bias, logit_softcap; set_prec's word 3; the sinks as src4.
    const auto sinks = b.new_tensor_1d(dtype::f32, 2);
    const flash_attn_args args{.scale = 0.25f, .max_bias = 8.0f, .logit_softcap = 30.0f, .prec = 10, .sinks = sinks};
    const auto fa = b.flash_attn_ext(b.new_tensor_3d(dtype::f32, 8, 3, 2), b.new_tensor_3d(dtype::f16, 8, 4, 2),
                                     b.new_tensor_3d(dtype::f16, 8, 4, 2), b.new_tensor_2d(dtype::f16, 4, 3), args);
    QVERIFY2(b.ok(), b.ok() ? "" : b.first_error()->message.c_str());
    QCOMPARE(ctx[fa].params.get_f32(0), 0.25f);
    QCOMPARE(ctx[fa].params.get_f32(1), 8.0f);
    QCOMPARE(ctx[fa].params.get_f32(2), 30.0f);
    QCOMPARE(ctx[fa].params.get_i32(3), 10);
    QCOMPARE(ctx[fa].src[4], sinks);
    QCOMPARE(ctx[fa].n_src(), 5);
}

QTEST_APPLESS_MAIN(TestBuilder)
#include "test_builder.moc"
