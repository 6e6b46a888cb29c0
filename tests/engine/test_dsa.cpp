// DSA problems: lower bounds and validation on traces worked out by hand, and the CSV reader's
// clean errors. Lifetimes are half-open: [lower, upper).
#include "plan/dsa_csv.h"

#include <QtTest>

using namespace planscope;

namespace {

// "id,lower,upper,size;..." -> a problem (ids in order).
dsa_problem trace(const QString& rows, std::uint64_t alignment = 1) {
    dsa_problem p;
    p.alignment = alignment;
    for (const QString& row : rows.split(';', Qt::SkipEmptyParts)) {
        const auto f = row.split(',');
        p.buffers.push_back({f[0].toULongLong(), f[1].toULongLong(), f[2].toULongLong(), f[3].toULongLong()});
    }
    return p;
}

dsa_offsets offsets(const QString& list) {
    dsa_offsets out;
    for (const QString& o : list.split(',', Qt::SkipEmptyParts)) out.push_back(o.toULongLong());
    return out;
}

} // namespace

class TestDsa : public QObject {
    Q_OBJECT
private slots:
    void lowerBound_data();
    void lowerBound();
    void validation_data();
    void validation();
    void peakIgnoresEmptyBuffers();
    void csvReads();
    void csvErrors_data();
    void csvErrors();
    void csvMissingFile();
};

void TestDsa::lowerBound_data() {
    QTest::addColumn<QString>("rows");
    QTest::addColumn<quint64>("bound");
    QTest::newRow("empty") << "" << quint64(0);
    QTest::newRow("one") << "0,3,9,7" << quint64(7);
    // [0,1) then [1,2): half-open, they never coexist.
    QTest::newRow("touching lifetimes") << "0,0,1,10;1,1,2,10" << quint64(10);
    // Steps 1 (0 and 1) and 2 (1 and 2) both hold 8 bytes; 0 is gone by step 2.
    QTest::newRow("chain") << "0,0,2,4;1,1,3,4;2,2,4,4" << quint64(8);
    // Step 3: 5 + 3 + 7 = 15; step 5: 5 + 7 + 2 = 14 (1 ended at 4).
    QTest::newRow("nested") << "0,0,10,5;1,2,4,3;2,3,6,7;3,5,8,2" << quint64(15);
    QTest::newRow("same start") << "0,4,5,1;1,4,6,2;2,4,7,4" << quint64(7);
}

void TestDsa::lowerBound() {
    QFETCH(QString, rows);
    QFETCH(quint64, bound);
    QCOMPARE(quint64(lower_bound(trace(rows))), bound);
}

void TestDsa::validation_data() {
    QTest::addColumn<QString>("rows");
    QTest::addColumn<quint64>("alignment");
    QTest::addColumn<QString>("offsets");
    QTest::addColumn<QString>("error"); // empty: valid
    const QString chain = "0,0,2,4;1,1,3,4;2,2,4,4";
    QTest::newRow("chain, 2 reuses 0") << chain << quint64(1) << "0,4,0" << "";
    QTest::newRow("touching in memory") << chain << quint64(1) << "4,0,4" << "";
    QTest::newRow("overlap at step 1") << chain << quint64(1) << "0,2,8"
                                       << "buffer 1 [2, 6) overlaps buffer 0 [0, 4) at step 1";
    QTest::newRow("overlap at step 2") << chain << quint64(1) << "0,4,4"
                                       << "buffer 2 [4, 8) overlaps buffer 1 [4, 8) at step 2";
    QTest::newRow("same offset, apart in time") << "0,0,1,8;1,1,2,8" << quint64(1) << "0,0" << "";
    QTest::newRow("misaligned") << chain << quint64(4) << "0,4,2"
                                << "buffer 2: offset 2 is not a multiple of the alignment 4";
    QTest::newRow("aligned") << chain << quint64(4) << "0,4,8" << "";
    QTest::newRow("too few offsets") << chain << quint64(1) << "0,4" << "2 offsets for 3 buffers";
    // A buffer inside another one's range, starting later.
    QTest::newRow("contained") << "0,0,4,16;1,2,3,2" << quint64(1) << "0,6"
                               << "buffer 1 [6, 8) overlaps buffer 0 [0, 16) at step 2";
}

void TestDsa::validation() {
    QFETCH(QString, rows);
    QFETCH(quint64, alignment);
    QFETCH(QString, offsets);
    QFETCH(QString, error);
    const auto s = validate(trace(rows, alignment), ::offsets(offsets));
    QCOMPARE(s.ok(), error.isEmpty());
    if (!s) QCOMPARE(QString::fromStdString(s.err().message), error);
}

// Size-0 buffers take no room: they neither raise the peak nor clash with anything.
void TestDsa::peakIgnoresEmptyBuffers() {
    const auto p = trace("0,0,2,4;1,0,2,0;2,1,3,4");
    QCOMPARE(peak(p, offsets("0,100,4")), std::uint64_t{8});
    QVERIFY(validate(p, offsets("0,2,4")).ok());
}

void TestDsa::csvReads() {
    const auto t = parse_dsa_csv("size, id ,upper,lower,offset,note\r\n16,7,5,1,0,x\r\n8,3,9,4,16,y\r\n\r\n", "t.csv");
    QVERIFY2(t.ok(), t.ok() ? "" : t.err().message.c_str());
    QCOMPARE(t->problem.buffers.size(), std::size_t{2});
    const dsa_buffer& b = t->problem.buffers[1];
    QCOMPARE(b.id, std::uint64_t{3});
    QCOMPARE(b.lower, std::uint64_t{4});
    QCOMPARE(b.upper, std::uint64_t{9});
    QCOMPARE(b.size, std::uint64_t{8});
    QVERIFY(t->offsets.has_value());
    QCOMPARE(*t->offsets, offsets("0,16"));
    QVERIFY(!parse_dsa_csv("id,lower,upper,size\n0,0,1,4\n", "t.csv")->offsets);
}

void TestDsa::csvErrors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("empty") << "" << "t.csv:1: no header line (expected id,lower,upper,size)";
    QTest::newRow("missing column") << "id,lower,upper\n0,0,1\n"
                                    << "t.csv:1: missing column 'size' (the header needs id,lower,upper,size)";
    QTest::newRow("column twice") << "id,lower,upper,size,size\n" << "t.csv:1: column 'size' appears twice";
    QTest::newRow("negative size") << "id,lower,upper,size\n0,0,1,4\n1,0,1,-4\n" << "t.csv:3: negative size -4";
    QTest::newRow("negative lower") << "id,lower,upper,size\n0,-1,1,4\n" << "t.csv:2: negative lower -1";
    QTest::newRow("upper = lower") << "id,lower,upper,size\n0,3,3,4\n"
                                   << "t.csv:2: upper 3 <= lower 3: the lifetime [lower, upper) is empty";
    QTest::newRow("upper < lower") << "id,lower,upper,size\n0,5,2,4\n"
                                   << "t.csv:2: upper 2 <= lower 5: the lifetime [lower, upper) is empty";
    QTest::newRow("not a number") << "id,lower,upper,size\n0,0,1,4k\n" << "t.csv:2: size '4k' is not a non-negative integer";
    QTest::newRow("empty field") << "id,lower,upper,size\n0,,1,4\n" << "t.csv:2: lower '' is not a non-negative integer";
    QTest::newRow("out of range") << "id,lower,upper,size\n0,0,1,99999999999999999999\n"
                                  << "t.csv:2: size '99999999999999999999' is out of range";
    QTest::newRow("field count") << "id,lower,upper,size\n0,0,1\n" << "t.csv:2: 3 fields, the header has 4";
    QTest::newRow("duplicate id") << "id,lower,upper,size\n7,0,1,4\n8,0,1,4\n7,2,3,4\n"
                                  << "t.csv:4: duplicate id 7 (first on line 2)";
    QTest::newRow("bad offset") << "id,lower,upper,size,offset\n0,0,1,4,x\n" << "t.csv:2: offset 'x' is not a non-negative integer";
}

void TestDsa::csvErrors() {
    QFETCH(QString, text);
    QFETCH(QString, error);
    const auto t = parse_dsa_csv(text.toStdString(), "t.csv");
    QVERIFY(!t.ok());
    QCOMPARE(QString::fromStdString(t.err().message), error);
}

void TestDsa::csvMissingFile() {
    const auto t = read_dsa_csv("/nonexistent/trace.csv");
    QVERIFY(!t.ok());
    QCOMPARE(QString::fromStdString(t.err().message), QStringLiteral("/nonexistent/trace.csv: cannot open the file"));
}

QTEST_APPLESS_MAIN(TestDsa)
#include "test_dsa.moc"
