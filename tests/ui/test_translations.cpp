// translations/*.ts: complete (no unfinished, empty or obsolete entries), placeholders and
// mnemonics kept, and holding exactly the strings lupdate finds in ui/ and app/gui/ today;
// planscope_en.ts exactly their plural ("%n ...") strings, each with its two English forms.
#include "ts_file.h"

#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {

QStringList tsFiles() {
    const QDir dir(QStringLiteral(PLANSCOPE_SOURCE_DIR "/translations"));
    QStringList out;
    for (const QString& name : dir.entryList({u"*.ts"_s}, QDir::Files, QDir::Name)) out << dir.filePath(name);
    return out;
}

// planscope_en.ts: the sources are English; it only gives "%n copies" its singular.
bool pluralsOnly(const QString& file) { return QFileInfo(file).completeBaseName().endsWith(u"_en"); }

QSet<QString> placeholders(const QString& text) {
    static const QRegularExpression re(u"%(\\d|n)"_s);
    QSet<QString> out;
    for (const auto& m : re.globalMatch(text)) out.insert(m.captured());
    return out;
}

bool hasMnemonic(const QString& text) {
    QString t = text;
    t.remove(u"&&"_s);
    // "&amp;" never reaches here: the reader decodes entities. A lone '&' before a letter marks a mnemonic.
    static const QRegularExpression re(u"&\\w"_s);
    return re.match(t).hasMatch();
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void atLeastTwoLanguages();
    void complete_data();
    void complete();
    void inStepWithSources_data() { complete_data(); }
    void inStepWithSources();

private:
    QSet<QString> sourceStrings(bool plurals, QString* error);
};

void TestTranslations::atLeastTwoLanguages() { QVERIFY(tsFiles().size() >= 2); }

void TestTranslations::complete_data() {
    QTest::addColumn<QString>("file");
    for (const QString& f : tsFiles()) QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
}

void TestTranslations::complete() {
    QFETCH(QString, file);
    const TsFile ts = parseTs(file);
    QVERIFY2(ts.error.isEmpty(), qPrintable(ts.error));
    QVERIFY(!ts.messages.isEmpty());
    // planscope_de.ts declares language "de" (or "de_DE").
    const QString suffix = QFileInfo(file).completeBaseName().section(u'_', 1);
    QVERIFY2(ts.language.startsWith(suffix), qPrintable(ts.language));

    QStringList problems;
    for (const TsMessage& m : ts.messages) {
        if (!m.type.isEmpty()) problems << u"%1: %2"_s.arg(m.type, tsKey(m));
        if (pluralsOnly(file) && m.translations.size() != 2) problems << u"not two English forms: "_s + tsKey(m);
        for (const QString& t : m.translations) {
            if (t.trimmed().isEmpty()) {
                problems << u"empty: "_s + tsKey(m);
                continue;
            }
            if (placeholders(t) != placeholders(m.source)) problems << u"placeholders differ: "_s + tsKey(m);
            if (hasMnemonic(m.source) != hasMnemonic(t)) problems << u"mnemonic lost or added: "_s + tsKey(m);
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

QSet<QString> TestTranslations::sourceStrings(bool plurals, QString* error) {
    QTemporaryDir dir;
    const QString fresh = dir.filePath(u"fresh.ts"_s);
    QProcess lupdate;
    lupdate.setWorkingDirectory(QStringLiteral(PLANSCOPE_SOURCE_DIR));
    QStringList args{u"-silent"_s, u"-locations"_s, u"none"_s, u"ui"_s, u"app/gui"_s, u"-ts"_s, fresh};
    if (plurals) args.prepend(u"-pluralonly"_s);
    lupdate.start(QStringLiteral(PLANSCOPE_LUPDATE), args);
    if (!lupdate.waitForFinished(120000) || lupdate.exitCode() != 0) {
        *error = u"lupdate failed: "_s + QString::fromLocal8Bit(lupdate.readAllStandardError());
        return {};
    }
    QSet<QString> keys;
    for (const TsMessage& m : parseTs(fresh).messages) keys.insert(tsKey(m));
    return keys;
}

void TestTranslations::inStepWithSources() {
    QFETCH(QString, file);
    QString error;
    const QSet<QString> wanted = sourceStrings(pluralsOnly(file), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(wanted.size() > (pluralsOnly(file) ? 10 : 50));
    QSet<QString> have;
    for (const TsMessage& m : parseTs(file).messages) have.insert(tsKey(m));

    QStringList missing = (wanted - have).values();
    QStringList stale = (have - wanted).values();
    missing.sort();
    stale.sort();
    QVERIFY2(missing.isEmpty(), qPrintable(u"not in the .ts (run the update_translations target):\n"_s + missing.join(u'\n')));
    QVERIFY2(stale.isEmpty(), qPrintable(u"no longer in the sources:\n"_s + stale.join(u'\n')));
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "test_translations.moc"
