// Output files are replaced atomically, through symlinks, keeping permissions; devices, pipes and
// directories are refused; no temporary file survives a failure or SIGTERM (issue 17).
#include "io/atomic_write.h"
#include "io/temp_files.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace planscope;

namespace {

std::string read_text(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

QStringList entries(const QTemporaryDir& dir) {
    return QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System, QDir::Name);
}

mode_t mode_of(const std::string& file) {
    struct stat st {};
    return ::lstat(file.c_str(), &st) == 0 ? st.st_mode : 0;
}

} // namespace

class TestAtomicWrite : public QObject {
    Q_OBJECT
private slots:
    void replaces();
    void keepsPermissions_data();
    void keepsPermissions();
    void writesThroughSymlinks();
    void refusesNonRegular_data();
    void refusesNonRegular();
    void failureLeavesNoTemporary();
    void refusesReadOnly();
    void signalRemovesTemporary();
};

void TestAtomicWrite::replaces() {
    QTemporaryDir dir;
    const std::string file = dir.filePath(QStringLiteral("plan.json")).toStdString();
    QVERIFY(write_file_atomic(file, "old").ok());
    QVERIFY(write_file_atomic(file, "{\"new\": 1}\n").ok());
    QCOMPARE(read_text(file), std::string("{\"new\": 1}\n"));
    QCOMPARE(entries(dir), QStringList{QStringLiteral("plan.json")}); // no temporary left
}

void TestAtomicWrite::keepsPermissions_data() {
    QTest::addColumn<int>("mode");
    QTest::newRow("0600") << 0600;
    QTest::newRow("0640") << 0640;
    QTest::newRow("0755") << 0755;
}

void TestAtomicWrite::keepsPermissions() {
    QFETCH(int, mode);
    QTemporaryDir dir;
    const std::string file = dir.filePath(QStringLiteral("secret.json")).toStdString();
    QVERIFY(write_file_atomic(file, "old").ok());
    QCOMPARE(::chmod(file.c_str(), static_cast<mode_t>(mode)), 0);
    QVERIFY(write_file_atomic(file, "new").ok());
    QCOMPARE(static_cast<int>(mode_of(file) & 07777), mode);
    QVERIFY(S_ISREG(mode_of(file)));
    QCOMPARE(read_text(file), std::string("new"));
}

void TestAtomicWrite::writesThroughSymlinks() {
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("real")));
    const std::string target = dir.filePath(QStringLiteral("real/plan.json")).toStdString();
    const std::string link = dir.filePath(QStringLiteral("plan.json")).toStdString();
    const std::string chain = dir.filePath(QStringLiteral("latest.json")).toStdString();
    QVERIFY(write_file_atomic(target, "old").ok());
    QCOMPARE(::symlink("real/plan.json", link.c_str()), 0); // relative to the link's folder
    QCOMPARE(::symlink(link.c_str(), chain.c_str()), 0);

    QVERIFY(write_file_atomic(chain, "new").ok());
    QVERIFY(S_ISLNK(mode_of(link)));
    QVERIFY(S_ISLNK(mode_of(chain)));
    QCOMPARE(read_text(target), std::string("new"));
    QCOMPARE(QDir(dir.filePath(QStringLiteral("real"))).entryList(QDir::Files), QStringList{QStringLiteral("plan.json")});

    // A dangling link: the file is made where it points.
    const std::string dangling = dir.filePath(QStringLiteral("next.json")).toStdString();
    QCOMPARE(::symlink("real/next.json", dangling.c_str()), 0);
    QVERIFY(write_file_atomic(dangling, "first").ok());
    QVERIFY(S_ISLNK(mode_of(dangling)));
    QCOMPARE(read_text(dir.filePath(QStringLiteral("real/next.json")).toStdString()), std::string("first"));

    // A loop is an error, not a hang.
    const std::string a = dir.filePath(QStringLiteral("a")).toStdString();
    const std::string b = dir.filePath(QStringLiteral("b")).toStdString();
    QCOMPARE(::symlink(b.c_str(), a.c_str()), 0);
    QCOMPARE(::symlink(a.c_str(), b.c_str()), 0);
    const status s = write_file_atomic(a, "x");
    QVERIFY(!s.ok());
    QCOMPARE(s.err().message, a + ": too many levels of symbolic links");
}

void TestAtomicWrite::refusesNonRegular_data() {
    QTest::addColumn<QString>("kind");
    QTest::newRow("directory") << QStringLiteral("directory");
    QTest::newRow("fifo") << QStringLiteral("fifo");
    QTest::newRow("null device") << QStringLiteral("device");
    QTest::newRow("link to the null device") << QStringLiteral("link");
}

void TestAtomicWrite::refusesNonRegular() {
    QFETCH(QString, kind);
    QTemporaryDir dir;
    std::string dest = dir.filePath(QStringLiteral("out")).toStdString();
    if (kind == u"directory") QCOMPARE(::mkdir(dest.c_str(), 0755), 0);
    if (kind == u"fifo") QCOMPARE(::mkfifo(dest.c_str(), 0644), 0);
    if (kind == u"device") dest = "/dev/null";
    if (kind == u"link") QCOMPARE(::symlink("/dev/null", dest.c_str()), 0);
    const mode_t before = mode_of(dest);

    const status s = write_file_atomic(dest, "x");
    QVERIFY(!s.ok());
    QCOMPARE(s.err().message, dest + ": not a regular file; refusing to replace it");
    QCOMPARE(mode_of(dest), before);
    QVERIFY(S_ISCHR(mode_of("/dev/null")));
    const QStringList expected = kind == u"device" ? QStringList{} : QStringList{QStringLiteral("out")};
    QCOMPARE(entries(dir), expected);
}

void TestAtomicWrite::failureLeavesNoTemporary() {
    QTemporaryDir dir;
    const std::string file = dir.filePath(QStringLiteral("missing/plan.json")).toStdString();
    const status s = write_file_atomic(file, "x");
    QVERIFY(!s.ok());
    QVERIFY2(s.err().message.starts_with(file + ": cannot create "), s.err().message.c_str());
    QVERIFY(s.err().message.ends_with("No such file or directory"));
    QCOMPARE(entries(dir), QStringList{});
}

// A 0444 file is refused as a write into it would be, for a user who is not root: a child drops
// to "nobody" when the test runs as root (CI does). The file and the directory stay as they were.
void TestAtomicWrite::refusesReadOnly() {
    QTemporaryDir dir;
    QCOMPARE(::chmod(dir.path().toLocal8Bit().constData(), 0777), 0);
    const std::string file = dir.filePath(QStringLiteral("plan.json")).toStdString();
    std::ofstream(file) << "kept";
    QCOMPARE(::chmod(file.c_str(), 0444), 0);
    const pid_t child = ::fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0)) ::_exit(3);
        const status s = write_file_atomic(file, "new");
        const bool refused = !s.ok() && s.err().message == file + ": cannot write to it: Permission denied";
        ::_exit(refused ? 0 : 1);
    }
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);
    QVERIFY(WIFEXITED(status));
    QCOMPARE(WEXITSTATUS(status), 0);
    QCOMPARE(read_text(file), std::string("kept"));
    QCOMPARE(static_cast<int>(mode_of(file) & 07777), 0444);
    QCOMPARE(entries(dir), QStringList{QStringLiteral("plan.json")});
}

// A child remembers a temporary file as an export does and is sent SIGTERM: the file is gone and
// the child ends by that signal, as it would have without the handler.
void TestAtomicWrite::signalRemovesTemporary() {
    QTemporaryDir dir;
    const std::string tmp = dir.filePath(QStringLiteral("plan.json.tmp-abcdef")).toStdString();
    const pid_t child = ::fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        remove_temp_files_on_signals();
        std::ofstream(tmp) << "half";
        remember_temp_file(tmp);
        ::kill(::getpid(), SIGTERM);
        ::_exit(0); // not reached
    }
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);
    QVERIFY(WIFSIGNALED(status));
    QCOMPARE(WTERMSIG(status), SIGTERM);
    QCOMPARE(entries(dir), QStringList{});

    // Forgotten files stay: the rename has made them the real thing.
    std::ofstream(tmp) << "done";
    QVERIFY(remember_temp_file(tmp));
    forget_temp_file(tmp);
    remove_temp_files();
    QCOMPARE(read_text(tmp), std::string("done"));
}

QTEST_GUILESS_MAIN(TestAtomicWrite)
#include "test_atomic_write.moc"
