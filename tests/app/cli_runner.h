#pragma once
// Runs planscope-cli as a user would and captures what it printed.
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

struct run_result {
    int code;
    QString out;
    QString err;
};

inline run_result cli(const QStringList& args, int timeoutMs = 120000) {
    QProcess p;
    p.start(QStringLiteral(PLANSCOPE_CLI), args);
    p.waitForFinished(timeoutMs);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

// The same with `key`=`value` added to the environment.
inline run_result cli_with(const QStringList& args, const QString& key, const QString& value, int timeoutMs = 120000) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(key, value);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(PLANSCOPE_CLI), args);
    p.waitForFinished(timeoutMs);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

// The first line of `out` that starts with `prefix`, or "".
inline QString line_starting(const QString& out, const QString& prefix) {
    for (const QString& l : out.split(QLatin1Char('\n')))
        if (l.startsWith(prefix)) return l;
    return {};
}

// A usage error as the CLI gives it: exit 2, nothing on stdout, `line` first on stderr (the usage
// text may follow). Call through QVERIFY(is_usage_error(...)) so that a failure names the case.
inline bool is_usage_error(const run_result& r, const QString& line) {
    return r.code == 2 && r.out.isEmpty() && r.err.section(QLatin1Char('\n'), 0, 0) == line;
}
