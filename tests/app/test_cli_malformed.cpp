// Every malformed input in tests/data/malformed/ (AREA/FILE, listed with its command and the
// error it must give in AREA.cases) and a few generated large ones, through the real
// planscope-cli: exit 1, exactly one "error: " line of printable characters on stderr, in time
// and within memory (issue 17).
#include "common/time_budget.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

// Issue 17's budget is 10 s; instrumented builds stretch it, and their memory is not judged.
constexpr double time_limit_s = static_cast<double>(planscope::test::budget_ms(10000)) / 1000.0;

struct outcome {
    int code = -1;      // exit code, or -1 when killed by a signal
    int signal = 0;     // the signal that ended it
    bool timed_out = false;
    QByteArray err;     // all of stderr
    double seconds = 0;
    long max_rss_kb = 0;
};

// fork + exec, so that wait4 gives the child's own peak RSS; stderr goes to a file so that a
// flood of it cannot block the child.
outcome run_cli(const QStringList& args, const QString& errFile) {
    std::vector<QByteArray> storage{QByteArray(PLANSCOPE_CLI)};
    for (const QString& a : args) storage.push_back(a.toLocal8Bit());
    std::vector<char*> argv;
    for (QByteArray& s : storage) argv.push_back(s.data());
    argv.push_back(nullptr);
    const QByteArray errPath = errFile.toLocal8Bit();

    outcome o;
    QElapsedTimer clock;
    clock.start();
    const pid_t child = ::fork();
    if (child == 0) {
        const int devnull = ::open("/dev/null", O_RDWR);
        const int err = ::open(errPath.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(devnull, 0);
        ::dup2(devnull, 1);
        ::dup2(err, 2);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    int status = 0;
    rusage usage {};
    for (;;) {
        const pid_t done = ::wait4(child, &status, WNOHANG, &usage);
        if (done == child) break;
        if (clock.elapsed() > time_limit_s * 1000 * 3) { // well past the limit: stop waiting
            ::kill(child, SIGKILL);
            ::wait4(child, &status, 0, &usage);
            o.timed_out = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    o.seconds = clock.elapsed() / 1000.0;
    o.max_rss_kb = usage.ru_maxrss;
    if (WIFEXITED(status)) o.code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) o.signal = WTERMSIG(status);
    QFile f(errFile);
    if (f.open(QIODevice::ReadOnly)) o.err = f.readAll();
    return o;
}

bool printable_line(const QByteArray& line) {
    for (const char c : line) {
        const auto b = static_cast<unsigned char>(c);
        if (b < 0x20 || b == 0x7f) return false;
    }
    return QString::fromUtf8(line).toUtf8() == line; // valid UTF-8
}

} // namespace

class TestCliMalformed : public QObject {
    Q_OBJECT
private slots:
    void malformed_data();
    void malformed();

private:
    QTemporaryDir m_tmp;
};

void TestCliMalformed::malformed_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<qint64>("inputBytes");
    const QDir root(QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/malformed"));
    const QStringList caseFiles = root.entryList({u"*.cases"_s}, QDir::Files, QDir::Name);
    QVERIFY2(!caseFiles.isEmpty(), "no tests/data/malformed/*.cases");
    int rows = 0;
    for (const QString& name : caseFiles) {
        const QString area = name.chopped(6);
        QFile f(root.filePath(name));
        QVERIFY(f.open(QIODevice::ReadOnly | QIODevice::Text));
        int lineNo = 0;
        while (!f.atEnd()) {
            ++lineNo;
            const QString line = QString::fromUtf8(f.readLine()).chopped(1);
            if (line.isEmpty() || line.startsWith(u'#')) continue;
            const QStringList fields = line.split(u'\t');
            QVERIFY2(fields.size() == 3, qPrintable(u"%1:%2: want FILE<TAB>ARGS<TAB>EXPECTED"_s.arg(name).arg(lineNo)));
            const QString file = root.filePath(area + u'/' + fields[0]);
            QVERIFY2(QFileInfo::exists(file), qPrintable(file));
            QStringList args = fields[1].split(u' ', Qt::SkipEmptyParts);
            for (QString& a : args)
                if (a == u"{}") a = file;
            QTest::newRow(qPrintable(area + u'/' + fields[0] + u' ' + args.first()))
                << args << fields[2] << QFileInfo(file).size();
            ++rows;
        }
    }
    QVERIFY(rows > 0);
}

void TestCliMalformed::malformed() {
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    QFETCH(qint64, inputBytes);
    const outcome o = run_cli(args, m_tmp.filePath(u"stderr.txt"_s));
    const QString err = QString::fromUtf8(o.err);
    QVERIFY2(o.signal == 0, qPrintable(u"killed by signal %1: %2"_s.arg(o.signal).arg(err.left(2000))));
    QVERIFY2(!o.timed_out, "did not finish");
    QCOMPARE(o.code, 1);
    QVERIFY2(o.err.endsWith('\n') && o.err.count('\n') == 1, qPrintable(u"not one line: "_s + err.left(2000)));
    QVERIFY2(o.err.startsWith("error: "), qPrintable(err));
    QVERIFY2(printable_line(o.err.chopped(1)), qPrintable(err));
    QVERIFY2(err.contains(expected), qPrintable(u"expected '%1' in: %2"_s.arg(expected, err)));
    QVERIFY2(o.seconds <= time_limit_s, qPrintable(u"took %1 s"_s.arg(o.seconds)));
    if (!planscope::test::sanitized) {
        const double limit_kb = 4.0 * static_cast<double>(inputBytes) / 1024 + 200 * 1024;
        QVERIFY2(o.max_rss_kb <= limit_kb, qPrintable(u"peak RSS %1 kB over %2 kB"_s.arg(o.max_rss_kb).arg(limit_kb)));
    }
}

QTEST_GUILESS_MAIN(TestCliMalformed)
#include "test_cli_malformed.moc"
