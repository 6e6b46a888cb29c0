#pragma once
// Runs planscope-cli as a user would and captures what it printed.
#include <QProcess>
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

// The first line of `out` that starts with `prefix`, or "".
inline QString line_starting(const QString& out, const QString& prefix) {
    for (const QString& l : out.split(QLatin1Char('\n')))
        if (l.startsWith(prefix)) return l;
    return {};
}
