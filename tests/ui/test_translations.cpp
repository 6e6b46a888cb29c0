// translations/*.ts: complete (no unfinished, empty or obsolete entries), placeholders and
// mnemonics kept, and holding exactly the strings lupdate finds in ui/ and app/gui/ today.
#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

struct Message {
    QString context;
    QString source;
    QString type;                // "", "unfinished", "vanished", "obsolete"
    QStringList translations;    // one, or one per numerus form
};

struct TsFile {
    QString language;
    QList<Message> messages;
    QString error;
};

TsFile parseTs(const QString& path) {
    TsFile ts;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        ts.error = f.errorString();
        return ts;
    }
    QXmlStreamReader xml(&f);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) {
            if (xml.isEndElement() && xml.name() == u"message") ts.messages << current;
            continue;
        }
        const auto name = xml.name();
        if (name == u"TS") {
            ts.language = xml.attributes().value(u"language"_s).toString();
        } else if (name == u"name") {
            context = xml.readElementText();
        } else if (name == u"message") {
            current = Message{context, {}, {}, {}};
        } else if (name == u"source") {
            current.source = xml.readElementText();
        } else if (name == u"translation") {
            current.type = xml.attributes().value(u"type"_s).toString();
            // Either text, or <numerusform> children.
            QString text;
            while (!(xml.isEndElement() && xml.name() == u"translation") && !xml.atEnd()) {
                xml.readNext();
                if (xml.isStartElement() && xml.name() == u"numerusform") current.translations << xml.readElementText();
                else if (xml.isCharacters()) text += xml.text();
            }
            if (current.translations.isEmpty()) current.translations << text;
        }
    }
    if (xml.hasError()) ts.error = xml.errorString();
    return ts;
}

QStringList tsFiles() {
    const QDir dir(QStringLiteral(PLANSCOPE_SOURCE_DIR "/translations"));
    QStringList out;
    for (const QString& name : dir.entryList({u"*.ts"_s}, QDir::Files, QDir::Name)) out << dir.filePath(name);
    return out;
}

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

QString key(const Message& m) { return m.context + u" | " + m.source; }

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
    QSet<QString> sourceStrings(QString* error);
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
    for (const Message& m : ts.messages) {
        if (!m.type.isEmpty()) problems << u"%1: %2"_s.arg(m.type, key(m));
        for (const QString& t : m.translations) {
            if (t.trimmed().isEmpty()) {
                problems << u"empty: "_s + key(m);
                continue;
            }
            if (placeholders(t) != placeholders(m.source)) problems << u"placeholders differ: "_s + key(m);
            if (hasMnemonic(m.source) != hasMnemonic(t)) problems << u"mnemonic lost or added: "_s + key(m);
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

QSet<QString> TestTranslations::sourceStrings(QString* error) {
    QTemporaryDir dir;
    const QString fresh = dir.filePath(u"fresh.ts"_s);
    QProcess lupdate;
    lupdate.setWorkingDirectory(QStringLiteral(PLANSCOPE_SOURCE_DIR));
    lupdate.start(QStringLiteral(PLANSCOPE_LUPDATE),
                  {u"-silent"_s, u"-locations"_s, u"none"_s, u"ui"_s, u"app/gui"_s, u"-ts"_s, fresh});
    if (!lupdate.waitForFinished(120000) || lupdate.exitCode() != 0) {
        *error = u"lupdate failed: "_s + QString::fromLocal8Bit(lupdate.readAllStandardError());
        return {};
    }
    QSet<QString> keys;
    for (const Message& m : parseTs(fresh).messages) keys.insert(key(m));
    return keys;
}

void TestTranslations::inStepWithSources() {
    QFETCH(QString, file);
    QString error;
    const QSet<QString> wanted = sourceStrings(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(wanted.size() > 50);
    QSet<QString> have;
    for (const Message& m : parseTs(file).messages) have.insert(key(m));

    QStringList missing = (wanted - have).values();
    QStringList stale = (have - wanted).values();
    missing.sort();
    stale.sort();
    QVERIFY2(missing.isEmpty(), qPrintable(u"not in the .ts (run the update_translations target):\n"_s + missing.join(u'\n')));
    QVERIFY2(stale.isEmpty(), qPrintable(u"no longer in the sources:\n"_s + stale.join(u'\n')));
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "test_translations.moc"
