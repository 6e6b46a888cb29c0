#pragma once
// Shared by the UI tests: the attention template and the default graph's counts, tensor lookup
// by name, an error recorder, labels whose mnemonic has no buddy.
#include "core/document.h"
#include "models/templates.h"
#include "session/error_reporter.h"

#include <QCoreApplication>
#include <QLabel>
#include <QTextDocument>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QStringList>
#include <QtTest>

#include <string_view>

namespace planscope::ui::test {

// Settings and standard paths of a test's own, away from the user's (AppSettings, recent files).
inline void isolateSettings(const QString& applicationName) {
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PlanscopeTest"));
    QCoreApplication::setApplicationName(applicationName);
}

// The values of the built-in "attention" template, counted by hand from templates.cpp:
// 2 layers x 31 nodes + result_norm; 4 inputs + 2 x 9 weights.
inline constexpr int attentionNodes = 63;
inline constexpr int attentionLeafs = 22;
inline constexpr int attentionTensors = 85;
inline constexpr int attentionMulMats = 18;

// The default model's 2023 graph (loadDefaultGraph; loadStartupGraph opens it in 2026, see
// default_model_support.h), stories260K.gguf for 8 tokens (llama_graph.h), counted by hand: GET_ROWS,
// 5 layers x 35 nodes, the output's RMS_NORM, MUL and MUL_MAT; leafs: 3 + 5 x 9 weights, 4 inputs
// (inp_tokens, inp_pos, KQ_scale, KQ_mask), cache_k and cache_v.
inline constexpr int startupNodes = 179;
inline constexpr int startupLeafs = 54;

// The fixture most UI tests use: small, with tensor names of its own (KQ-0, Q-0, ...).
inline planscope::graph_document attentionDocument() {
    auto made = planscope::make_template("attention");
    if (!made) qFatal("attention template: %s", made.err().message.c_str());
    return std::move(made).value();
}

inline planscope::tensor_id findTensor(const planscope::graph_document& doc, std::string_view name) {
    for (std::size_t i = 0; i < doc.ctx.size(); ++i)
        if (doc.ctx[planscope::tensor_id{i}].name == name) return planscope::tensor_id{i};
    return {};
}

// The texts of `w`'s labels that have a mnemonic ("&Output file:") but no buddy: such a label
// shows its '&' and its key does nothing.
inline QStringList labelsWithoutBuddy(const QWidget& w) {
    static const QRegularExpression mnemonic(QStringLiteral("&[^&\\s]"));
    QStringList out;
    for (const QLabel* label : w.findChildren<QLabel*>()) {
        QString text = label->text();
        if (label->textFormat() == Qt::RichText || (label->textFormat() == Qt::AutoText && Qt::mightBeRichText(text)))
            continue; // "&amp;" is an entity there
        text.remove(QStringLiteral("&&"));
        if (text.contains(mnemonic) && !label->buddy()) out << label->text();
    }
    return out;
}

// Collects errors instead of showing a modal message box.
class RecordingErrorReporter final : public IErrorReporter {
public:
    explicit RecordingErrorReporter(QStringList* messages) : m_messages(messages) {}
    void reportError(const QString& title, const QString& message) override { *m_messages << title + u'\n' + message; }

private:
    QStringList* m_messages;
};

} // namespace planscope::ui::test
