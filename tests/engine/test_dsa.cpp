// DSA problems: lower bounds and validation on traces worked out by hand, sums that do not fit
// in 64 bits refused rather than wrapped, and the CSV reader's clean one-line errors and limits.
// Lifetimes are half-open: [lower, upper).
#include "plan/dsa_csv.h"

#include <QTemporaryDir>
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
    void lowerBoundSaturates();
    void checkProblem_data();
    void checkProblem();
    void validation_data();
    void validation();
    void peakIgnoresEmptyBuffers();
    void peakSaturates();
    void csvReads();
    void csvErrors_data();
    void csvErrors();
    void csvBufferLimit();
    void csvFileLimits();
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

// Two buffers of 2^63 bytes alive together: the sum wraps to 0 in 64 bits. The bound says it
// does not fit instead of 2^63.
void TestDsa::lowerBoundSaturates() {
    const auto p = trace("0,0,2,9223372036854775808;1,1,3,9223372036854775808");
    QCOMPARE(lower_bound(p), UINT64_MAX);
    QCOMPARE(lower_bound(trace("0,0,2,9223372036854775808;1,2,3,9223372036854775808")), std::uint64_t{1} << 63);
}

void TestDsa::checkProblem_data() {
    QTest::addColumn<QString>("rows");
    QTest::addColumn<quint64>("alignment");
    QTest::addColumn<QString>("error"); // empty: accepted
    QTest::newRow("two halves") << "0,0,2,9223372036854775808;1,1,3,9223372036854775808" << quint64(1)
                                << "buffer 1: size 9223372036854775808 takes the total of the sizes past 2^64 - 1 bytes";
    // Apart in time they never add up, but a plan may still stack them: the total is the rule.
    QTest::newRow("two halves apart") << "0,0,1,9223372036854775808;1,1,2,9223372036854775808" << quint64(1)
                                      << "buffer 1: size 9223372036854775808 takes the total of the sizes past 2^64 - 1 bytes";
    QTest::newRow("largest size") << "0,0,1,18446744073709551615" << quint64(1) << "";
    QTest::newRow("all of it") << "0,0,2,9223372036854775807;1,1,3,9223372036854775808" << quint64(1) << "";
    QTest::newRow("rounded past") << "7,0,1,18446744073709551609" << quint64(8)
                                  << "buffer 7: size 18446744073709551609 takes the total of the sizes past 2^64 - 1 bytes";
    QTest::newRow("rounded up to it") << "7,0,1,18446744073709551608" << quint64(8) << "";
    QTest::newRow("alignment 0") << "0,0,1,4" << quint64(0) << "alignment 0 is not a power of two";
    QTest::newRow("alignment 12") << "0,0,1,4" << quint64(12) << "alignment 12 is not a power of two";
}

void TestDsa::checkProblem() {
    QFETCH(QString, rows);
    QFETCH(quint64, alignment);
    QFETCH(QString, error);
    const auto s = check_problem(trace(rows, alignment));
    QCOMPARE(s.ok(), error.isEmpty());
    if (!s) QCOMPARE(QString::fromStdString(s.err().message), error);
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
    // Buffer 1's end wraps to 4, inside buffer 0: in 64 bits it looked like [2^64 - 4, 4) and
    // passed. Its end does not fit: refused.
    QTest::newRow("end wraps") << "0,0,2,8;1,0,2,8" << quint64(1) << "0,18446744073709551612"
                               << "buffer 1: offset 18446744073709551612 + size 8 is past 2^64 - 1";
    QTest::newRow("end at the top") << "0,0,2,8;1,0,2,7" << quint64(1) << "0,18446744073709551608" << "";
    QTest::newRow("alignment 0") << chain << quint64(0) << "0,4,0" << "alignment 0 is not a power of two";
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

void TestDsa::peakSaturates() {
    const auto p = trace("0,0,2,8;1,0,2,8");
    QCOMPARE(peak(p, offsets("0,18446744073709551612")), UINT64_MAX);
    QCOMPARE(peak(p, offsets("0,18446744073709551600")), std::uint64_t{18446744073709551608u});
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
    // A UTF-8 byte order mark before the header, as spreadsheets write it.
    const auto bom = parse_dsa_csv("\xEF\xBB\xBFid,lower,upper,size\n0,0,1,4\n", "t.csv");
    QVERIFY2(bom.ok(), bom.ok() ? "" : bom.err().message.c_str());
    QCOMPARE(bom->problem.buffers.size(), std::size_t{1});
    // The largest values that fit: one buffer of 2^64 - 1 bytes at offset 0.
    const auto top = parse_dsa_csv("id,lower,upper,size,offset\n18446744073709551615,0,18446744073709551615,"
                                   "18446744073709551615,0\n",
                                   "t.csv");
    QVERIFY2(top.ok(), top.ok() ? "" : top.err().message.c_str());
    QCOMPARE(top->problem.buffers[0].size, UINT64_MAX);
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
                                  << "t.csv:2: size '99999999999999999999' is out of range (at most 18446744073709551615)";
    QTest::newRow("field count") << "id,lower,upper,size\n0,0,1\n" << "t.csv:2: 3 fields, the header has 4";
    QTest::newRow("duplicate id") << "id,lower,upper,size\n7,0,1,4\n8,0,1,4\n7,2,3,4\n"
                                  << "t.csv:4: duplicate id 7 (first on line 2)";
    QTest::newRow("bad offset") << "id,lower,upper,size,offset\n0,0,1,4,x\n" << "t.csv:2: offset 'x' is not a non-negative integer";
    // Sums that do not fit in 64 bits: refused where they stop fitting, not wrapped.
    QTest::newRow("sizes past 2^64") << "id,lower,upper,size\n0,0,2,9223372036854775808\n1,1,3,9223372036854775808\n"
                                     << "t.csv:3: size 9223372036854775808 takes the total of the sizes past 2^64 - 1 bytes "
                                        "(the limit for a trace)";
    QTest::newRow("largest size, then 1") << "id,lower,upper,size\n0,0,1,18446744073709551615\n1,1,2,1\n"
                                          << "t.csv:3: size 1 takes the total of the sizes past 2^64 - 1 bytes (the limit for a trace)";
    QTest::newRow("offset + size past 2^64") << "id,lower,upper,size,offset\n0,0,1,16,18446744073709551610\n"
                                             << "t.csv:2: offset 18446744073709551610 + size 16 is past 2^64 - 1";
    // What the file says is quoted on one printable line: no escape sequence reaches a terminal.
    QTest::newRow("escape sequence") << "id,lower,upper,size\n0,0,1,4\x1b[2J\n"
                                     << "t.csv:2: size '4\\x1b[2J' is not a non-negative integer";
    QTest::newRow("carriage return inside") << "id,lower,upper,size\n0,0,1,1\r2\n"
                                            << "t.csv:2: size '1\\r2' is not a non-negative integer";
    QTest::newRow("binary") << QString::fromLatin1("id,lower,upper,size\n0,\xff\x01,1,4\n")
                            << "t.csv:2: lower '\\xff\\x01' is not a non-negative integer";
    QTest::newRow("unknown columns are not read") << "id,lower,upper,size,\x1b]0;x\x07,\x1b]0;x\x07,id\n"
                                             << "t.csv:1: column 'id' appears twice";
    QTest::newRow("field too long") << "id,lower,upper,size\n0,0,1," + QString(1025, '7') + "\n"
                                    << "t.csv:2: field 4 is 1025 bytes long (at most 1024)";
    QTest::newRow("too many columns") << "id,lower,upper,size" + QString(",x").repeated(61) + "\n"
                                      << "t.csv:1: 65 columns (at most 64)";
    QTest::newRow("a million commas") << "id,lower,upper,size\n" + QString(1000000, ',') + "\n"
                                      << "t.csv:2: 1000001 fields, the header has 4";
}

void TestDsa::csvErrors() {
    QFETCH(QString, text);
    QFETCH(QString, error);
    // Latin-1, so that a row can carry any byte.
    const QByteArray bytes = QTest::currentDataTag() == QByteArrayLiteral("binary") ? text.toLatin1() : text.toUtf8();
    const auto t = parse_dsa_csv(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), "t.csv");
    QVERIFY(!t.ok());
    QCOMPARE(QString::fromStdString(t.err().message), error);
}

// max_trace_buffers rows are read; one more is refused on its line.
void TestDsa::csvBufferLimit() {
    std::string text = "id,lower,upper,size\n";
    for (std::size_t i = 0; i < max_trace_buffers; ++i) text += std::to_string(i) + ",0,1,1\n";
    const auto full = parse_dsa_csv(text, "t.csv");
    QVERIFY2(full.ok(), full.ok() ? "" : full.err().message.c_str());
    QCOMPARE(full->problem.buffers.size(), max_trace_buffers);
    text += std::to_string(max_trace_buffers) + ",0,1,1\n";
    const auto over = parse_dsa_csv(text, "t.csv");
    QVERIFY(!over.ok());
    QCOMPARE(QString::fromStdString(over.err().message),
             QStringLiteral("t.csv:250002: more than 250000 buffers (the limit for a trace)"));
}

// A file past max_trace_bytes is refused before it is read (a sparse file: nothing is written),
// and a directory is not a trace.
void TestDsa::csvFileLimits() {
    QTemporaryDir dir;
    const QString path = dir.filePath("huge.csv");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QVERIFY(f.resize(static_cast<qint64>(max_trace_bytes) + 1));
    f.close();
    const auto huge = read_dsa_csv(path.toStdString());
    QVERIFY(!huge.ok());
    QCOMPARE(QString::fromStdString(huge.err().message), path + ": more than 268435456 bytes (the limit for a trace)");
    const auto folder = read_dsa_csv(dir.path().toStdString());
    QVERIFY(!folder.ok());
    QCOMPARE(QString::fromStdString(folder.err().message), dir.path() + ": is a directory");
}

void TestDsa::csvMissingFile() {
    const auto t = read_dsa_csv("/nonexistent/trace.csv");
    QVERIFY(!t.ok());
    QCOMPARE(QString::fromStdString(t.err().message), QStringLiteral("/nonexistent/trace.csv: cannot open the file"));
}

QTEST_APPLESS_MAIN(TestDsa)
#include "test_dsa.moc"
