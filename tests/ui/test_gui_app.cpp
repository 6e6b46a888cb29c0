// The `planscope` executable end to end: --screenshot, bad input, usage, --version, German.
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

Run runGui(const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment()) {
    QProcess p;
    QProcessEnvironment e = env;
    e.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    p.setProcessEnvironment(e);
    p.start(QStringLiteral(PLANSCOPE_GUI_EXE), args);
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

// The app's own message: stderr may also hold Qt's platform warnings.
QString errorLine(const QString& err) {
    for (const QString& line : err.split(u'\n'))
        if (line.startsWith(u"error: "_s)) return line;
    return {};
}

} // namespace

class TestGuiApp : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void screenshotOfDefaultGraph();
    void screenshotAtStep();
    void stepPastTheEndExitsOne();
    void badFileExitsOne_data();
    void badFileExitsOne();
    void unwritableScreenshotExitsOne();
    void tooManyFilesIsUsageError();
    void unknownOptionIsUsageError();
    void version();
    void germanHelp();

private:
    QTemporaryDir m_dir;
};

void TestGuiApp::screenshotOfDefaultGraph() {
    const QString png = m_dir.filePath(u"shot.png"_s);
    const Run r = runGui({u"--screenshot"_s, png});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(QFileInfo(png).size() > 20000);
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 800 && image.height() >= 500);
    // Not one flat colour: count distinct colours along the middle row.
    QSet<QRgb> colours;
    for (int x = 0; x < image.width(); ++x) colours.insert(image.pixel(x, image.height() / 2));
    QVERIFY(colours.size() > 10);
}

// Step 300 of stories260K's plan: the window shows it (the event log's row, the why-panel).
void TestGuiApp::screenshotAtStep() {
    const QString png = m_dir.filePath(u"step.png"_s);
    const Run r = runGui({u"--screenshot"_s, png, u"--step"_s, u"300"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 800 && image.height() >= 500);
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7) colours.insert(image.pixel(image.width() / 3, y));
    QVERIFY(colours.size() > 10);
}

void TestGuiApp::stepPastTheEndExitsOne() {
    const Run r = runGui({u"--screenshot"_s, m_dir.filePath(u"far.png"_s), u"--step"_s, u"99999999"_s});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(errorLine(r.err).startsWith(u"error: stories260K.gguf: step 99999999 is past the plan's last step"_s),
             qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(m_dir.filePath(u"far.png"_s)));
}

void TestGuiApp::badFileExitsOne_data() {
    QTest::addColumn<QByteArray>("contents"); // empty: the file does not exist
    QTest::newRow("missing") << QByteArray();
    QTest::newRow("not json") << QByteArray("this is not json");
    QTest::newRow("wrong shape") << QByteArray("{\"version\": 1, \"tensors\": 42}");
}

void TestGuiApp::badFileExitsOne() {
    QFETCH(QByteArray, contents);
    const QString file = m_dir.filePath(QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'_') + u".json");
    if (!contents.isEmpty()) {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(contents);
    }
    const QString png = m_dir.filePath(u"never.png"_s);
    const Run r = runGui({u"--screenshot"_s, png, file});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(errorLine(r.err).startsWith(u"error: "_s + file + u": "), qPrintable(r.err));
    QVERIFY(!QFile::exists(png));
}

void TestGuiApp::unwritableScreenshotExitsOne() {
    const Run r = runGui({u"--screenshot"_s, m_dir.filePath(u"no/such/dir/shot.png"_s)});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(errorLine(r.err).contains(u"shot.png: "_s), qPrintable(r.err));
}

void TestGuiApp::tooManyFilesIsUsageError() {
    const Run r = runGui({u"a.json"_s, u"b.json"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(!errorLine(r.err).isEmpty(), qPrintable(r.err));
}

void TestGuiApp::unknownOptionIsUsageError() {
    const Run r = runGui({u"--no-such-option"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(errorLine(r.err).contains(u"no-such-option"_s), qPrintable(r.err));
}

void TestGuiApp::version() {
    const Run r = runGui({u"--version"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out.trimmed(), u"Planscope " PLANSCOPE_VERSION ""_s);
}

void TestGuiApp::germanHelp() {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"LC_ALL"_s);
    env.remove(u"LC_MESSAGES"_s);
    env.insert(u"LANG"_s, u"de_DE.UTF-8"_s);
    env.insert(u"LANGUAGE"_s, u"de"_s);
    const Run r = runGui({u"--help"_s}, env);
    QCOMPARE(r.exitCode, 0);
    // The description, translated by the embedded planscope_de.qm.
    QVERIFY2(r.out.contains(u"Zeigt, wie"_s), qPrintable(r.out));
}

QTEST_GUILESS_MAIN(TestGuiApp)
#include "test_gui_app.moc"
