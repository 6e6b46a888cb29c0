// Text from files reaches terminals and message boxes as one printable line (issue 17).
#include "core/printable.h"

#include <QtTest>

#include <string>

using namespace planscope;

class TestPrintable : public QObject {
    Q_OBJECT
private slots:
    void printable_data();
    void printable();
    void truncates();
};

void TestPrintable::printable_data() {
    QTest::addColumn<QByteArray>("in");
    QTest::addColumn<QByteArray>("out");
    QTest::newRow("plain") << QByteArray("blk.0.attn_q.weight") << QByteArray("blk.0.attn_q.weight");
    QTest::newRow("newline, tab, return") << QByteArray("a\nb\tc\rd") << QByteArray("a\\nb\\tc\\rd");
    QTest::newRow("escape sequence") << QByteArray("\x1b[2J") << QByteArray("\\x1b[2J");
    QTest::newRow("NUL and DEL") << QByteArray("a\0b\x7f", 4) << QByteArray("a\\x00b\\x7f");
    QTest::newRow("backslash kept") << QByteArray("a\\x41") << QByteArray("a\\x41");
    QTest::newRow("UTF-8 kept") << QByteArray("张量 ▁the") << QByteArray("张量 ▁the");
    QTest::newRow("C1 control (CSI)") << QByteArray("\xc2\x9b" "31m") << QByteArray("\\xc2\\x9b31m");
    QTest::newRow("stray continuation") << QByteArray("\x80" "x") << QByteArray("\\x80x");
    QTest::newRow("truncated sequence") << QByteArray("\xe4\xb8") << QByteArray("\\xe4\\xb8");
    QTest::newRow("overlong slash") << QByteArray("\xc0\xaf") << QByteArray("\\xc0\\xaf");
    QTest::newRow("surrogate") << QByteArray("\xed\xa0\x80") << QByteArray("\\xed\\xa0\\x80");
    QTest::newRow("past U+10FFFF") << QByteArray("\xf4\x90\x80\x80") << QByteArray("\\xf4\\x90\\x80\\x80");
}

void TestPrintable::printable() {
    QFETCH(QByteArray, in);
    QFETCH(QByteArray, out);
    QCOMPARE(QByteArray::fromStdString(planscope::printable(in.toStdString())), out);
}

void TestPrintable::truncates() {
    const std::string name(1'000'000, 'n');
    const std::string shown = planscope::printable(name);
    QCOMPARE(shown, std::string(200, 'n') + "... (1000000 bytes)");
    // A multi-byte character is never cut in half; an escape is never split.
    const std::string wide = planscope::printable(std::string(100, 'a') + std::string(60, '\x01') + "张", 200);
    QCOMPARE(wide, std::string(100, 'a') + [] {
        std::string s;
        for (int i = 0; i < 25; ++i) s += "\\x01";
        return s;
    }() + "... (163 bytes)");
    QCOMPARE(planscope::printable_line(std::string(1500, 'x')), std::string(1500, 'x'));
    // Twice is once: engine messages quote names through it, and the CLI prints messages through it.
    const std::string once = planscope::printable("a\x1b[2Jb\n\\");
    QCOMPARE(planscope::printable_line(once), once);
}

QTEST_APPLESS_MAIN(TestPrintable)
#include "test_printable.moc"
