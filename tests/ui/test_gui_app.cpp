// The `planscope` executable end to end: --screenshot, bad input, usage, --version, German.
#include <QDir>
#include <QElapsedTimer>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

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

// The children of `pid` named `name` (/proc/*/stat: "pid (comm) state ppid ...").
QList<qint64> childrenNamed(qint64 pid, const QString& name) {
    QList<qint64> out;
    for (const QString& entry : QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool ok = false;
        const qint64 child = entry.toLongLong(&ok);
        if (!ok) continue;
        QFile stat(u"/proc/"_s + entry + u"/stat"_s);
        if (!stat.open(QIODevice::ReadOnly)) continue;
        const QString line = QString::fromLatin1(stat.readAll());
        const qsizetype open = line.indexOf(u'('), close = line.lastIndexOf(u')');
        if (open < 0 || close < open) continue;
        const QStringList rest = line.mid(close + 2).split(u' ');
        if (rest.size() > 1 && rest[1].toLongLong() == pid && name.startsWith(line.mid(open + 1, close - open - 1)))
            out << child;
    }
    return out;
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
    void chunkedPlanAtStep();
    void badFileExitsOne_data();
    void badFileExitsOne();
    void badFileOpensTheWindow();
    void unwritableScreenshotExitsOne();
    void tooManyFilesIsUsageError();
    void unknownOptionIsUsageError();
    void badAllocatorOptionIsUsageError_data();
    void badAllocatorOptionIsUsageError();
    void version();
    void germanHelp();
    void languageSetting_data();
    void languageSetting();
    void quitDuringLongLayout();
    void scheduleAndSplitOverviewScreenshot();

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

// stories260K by ggml 2026 with buffers of 8 KiB at most (four compute chunks of 7,264, 8,192,
// 5,504 and 16,384 bytes: planscope-cli plan --ggml 2026 --max-buffer-size 8192), at step 300.
void TestGuiApp::chunkedPlanAtStep() {
    const QString png = m_dir.filePath(u"chunks.png"_s);
    const Run r = runGui({u"--screenshot"_s, png, u"--ggml"_s, u"2026"_s, u"--max-buffer-size"_s, u"8192"_s,
                          u"--step"_s, u"300"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(!QImage(png).isNull());
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

// Issue 36: without --screenshot a bad FILE no longer exits 1 unseen: the window opens on the
// embedded model and says why (stderr still has the one line).
void TestGuiApp::badFileOpensTheWindow() {
    QTemporaryDir config;
    QVERIFY(config.isValid());
    const QString file = m_dir.filePath(u"unsupported.txt"_s);
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("not a graph");
    f.close();
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    env.insert(u"XDG_CONFIG_HOME"_s, config.path());
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(PLANSCOPE_GUI_EXE), {file});
    QVERIFY(p.waitForStarted());
    QString err;
    QVERIFY(QTest::qWaitFor([&] {
        p.waitForReadyRead(100);
        err += QString::fromUtf8(p.readAllStandardError());
        return !errorLine(err).isEmpty() || p.state() != QProcess::Running;
    }, 20000));
    QVERIFY2(errorLine(err).startsWith(u"error: "_s + file + u": "), qPrintable(err));
    QTest::qWait(1000);
    QCOMPARE(p.state(), QProcess::Running); // the window, with the error in front of it
    p.kill();
    p.waitForFinished();
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

void TestGuiApp::badAllocatorOptionIsUsageError_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("error");
    QTest::newRow("version") << QStringList{u"--ggml"_s, u"2025"_s} << u"error: --ggml is 2023 or 2026, not '2025'"_s;
    QTest::newRow("size not a number") << QStringList{u"--ggml"_s, u"2026"_s, u"--max-buffer-size"_s, u"32M"_s}
                                       << u"error: --max-buffer-size takes a positive number of bytes, not '32M'"_s;
    QTest::newRow("size zero") << QStringList{u"--ggml"_s, u"2026"_s, u"--max-buffer-size"_s, u"0"_s}
                               << u"error: --max-buffer-size takes a positive number of bytes, not '0'"_s;
    // The embedded model, a .gguf, opens in ggml 2026: only 2023 has no maximum.
    QTest::newRow("size with 2023") << QStringList{u"--ggml"_s, u"2023"_s, u"--max-buffer-size"_s, u"1048576"_s}
                                    << u"error: --max-buffer-size goes with --ggml 2026"_s;
}

void TestGuiApp::badAllocatorOptionIsUsageError() {
    QFETCH(QStringList, args);
    QFETCH(QString, error);
    const QString png = m_dir.filePath(u"never.png"_s);
    const Run r = runGui(QStringList{u"--screenshot"_s, png} + args);
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(errorLine(r.err), error);
    QVERIFY(!QFile::exists(png));
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

void TestGuiApp::languageSetting_data() {
    QTest::addColumn<QString>("setting"); // settings/language; empty: none saved
    QTest::addColumn<QString>("lang");    // the system's
    QTest::addColumn<QString>("expected");
    QTest::newRow("system default") << QString() << u"de_DE.UTF-8"_s << u"Zeigt, wie"_s;
    QTest::newRow("German on an English system") << u"de"_s << u"C.UTF-8"_s << u"Zeigt, wie"_s;
    QTest::newRow("English on a German system") << u"en"_s << u"de_DE.UTF-8"_s << u"Shows how ggml"_s;
    QTest::newRow("unknown: the system's") << u"xx"_s << u"de_DE.UTF-8"_s << u"Zeigt, wie"_s;
}

// Issue 36: Settings > Language, read when the app starts.
void TestGuiApp::languageSetting() {
    QFETCH(QString, setting);
    QFETCH(QString, lang);
    QFETCH(QString, expected);
    QTemporaryDir config;
    QVERIFY(config.isValid());
    QVERIFY(QDir(config.path()).mkpath(u"Planscope"_s));
    QFile conf(config.filePath(u"Planscope/Planscope.conf"_s));
    QVERIFY(conf.open(QIODevice::WriteOnly));
    if (!setting.isEmpty()) conf.write("[settings]\nlanguage=" + setting.toUtf8() + "\n");
    conf.close();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"LC_ALL"_s);
    env.remove(u"LC_MESSAGES"_s);
    env.remove(u"LANGUAGE"_s);
    env.insert(u"LANG"_s, lang);
    env.insert(u"XDG_CONFIG_HOME"_s, config.path());
    const Run r = runGui({u"--help"_s}, env);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(expected), qPrintable(r.out));
}

// SIGTERM (Ctrl+C's sibling) quits the app as File > Quit does while `dot` lays out the unfolded
// 32-layer llama, which would take ~45 s: the app exits at once and its layout process is gone.
void TestGuiApp::quitDuringLongLayout() {
    QTemporaryDir config;
    QVERIFY(config.isValid());
    QVERIFY(QDir(config.path()).mkpath(u"Planscope"_s));
    QFile conf(config.filePath(u"Planscope/Planscope.conf"_s));
    QVERIFY(conf.open(QIODevice::WriteOnly));
    conf.write("[settings]\nfoldThreshold=1000000000\n");
    conf.close();
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    env.insert(u"XDG_CONFIG_HOME"_s, config.path());
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(PLANSCOPE_GUI_EXE), {QString::fromLatin1(
        "template:llama?n_embd=4096&n_layer=32&n_head=32&n_ff=11008&n_vocab=32000&n_ctx=4096&n_batch=512")});
    QVERIFY(p.waitForStarted());
    QList<qint64> layout;
    QVERIFY(QTest::qWaitFor([&] { return !(layout = childrenNamed(p.processId(), u"planscope-layout"_s)).isEmpty(); }, 20000));
    QTest::qWait(500); // well into `dot`
    QCOMPARE(p.state(), QProcess::Running);
    QElapsedTimer t;
    t.start();
    ::kill(static_cast<pid_t>(p.processId()), SIGTERM);
    QVERIFY(p.waitForFinished(5000));
    const qint64 ms = t.elapsed();
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 0);
    QVERIFY2(ms < 2000, qPrintable(QString::number(ms)));
    for (qint64 child : layout) QVERIFY(!QFileInfo::exists(u"/proc/"_s + QString::number(child)));
}

// --schedule and --split-overview: a 32-layer llama on CPU + CPU with half its layers on the
// second backend; the window shows the split overview.
void TestGuiApp::scheduleAndSplitOverviewScreenshot() {
    const QString png = m_dir.filePath(u"overview.png"_s);
    const Run r = runGui({u"--screenshot"_s, png, u"--schedule"_s, u"cpu,cpu"_s, u"--split-overview"_s,
                          u"template:llama?n_embd=256&n_layer=32&n_head=8&n_ff=688&n_vocab=1000&n_ctx=512&n_batch=32&ngl=16"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(!QImage(png).isNull());
    const Run usage = runGui({u"--screenshot"_s, png, u"--split-overview"_s});
    QCOMPARE(usage.exitCode, 2);
    QCOMPARE(errorLine(usage.err), u"error: --split-overview needs --schedule"_s);
    const Run bad = runGui({u"--screenshot"_s, png, u"--schedule"_s, u"tpu"_s});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(errorLine(bad.err).startsWith(u"error: stories260K.gguf: "_s), qPrintable(bad.err));
}

QTEST_GUILESS_MAIN(TestGuiApp)
#include "test_gui_app.moc"
