#pragma once
// A Qt Linguist .ts file as the translation tests read it: every message with its context,
// source, disambiguation comment, translation type and translations.
#include <QFile>
#include <QList>
#include <QString>
#include <QStringList>
#include <QXmlStreamReader>

namespace planscope::ui::test {

struct TsMessage {
    QString context;
    QString source;
    QString comment;          // the disambiguation, tr()'s second argument
    QString type;             // "", "unfinished", "vanished", "obsolete"
    QStringList translations; // one, or one per numerus form
};

struct TsFile {
    QString language;
    QList<TsMessage> messages;
    QString error;
};

// "context | source", with " | comment" when there is one: what tells two messages apart.
inline QString tsKey(const QString& context, const QString& source, const QString& comment) {
    QString key = context + u" | " + source;
    if (!comment.isEmpty()) key += u" | " + comment;
    return key;
}
inline QString tsKey(const TsMessage& m) { return tsKey(m.context, m.source, m.comment); }

inline TsFile parseTs(const QString& path) {
    TsFile ts;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        ts.error = f.errorString();
        return ts;
    }
    QXmlStreamReader xml(&f);
    QString context;
    TsMessage current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) {
            if (xml.isEndElement() && xml.name() == u"message") ts.messages << current;
            continue;
        }
        const auto name = xml.name();
        if (name == u"TS") {
            ts.language = xml.attributes().value(QStringLiteral("language")).toString();
        } else if (name == u"name") {
            context = xml.readElementText();
        } else if (name == u"message") {
            current = TsMessage{context, {}, {}, {}, {}};
        } else if (name == u"source") {
            current.source = xml.readElementText();
        } else if (name == u"comment") {
            current.comment = xml.readElementText();
        } else if (name == u"translation") {
            current.type = xml.attributes().value(QStringLiteral("type")).toString();
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

} // namespace planscope::ui::test
