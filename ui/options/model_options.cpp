#include "model_options.h"

#include "session/startup_graph.h"

#include <QCoreApplication>
#include <QStringList>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

// The messages' translation context.
class ModelOptionsText {
    Q_DECLARE_TR_FUNCTIONS(ModelOptionsText)
};

// Sets the llama_params field `key` names from `value`; false for another key or a bad value.
bool applyParamKey(const QString& key, const QString& value, planscope::llama_params& p) {
    if (key == u"worst_case") {
        if (value != u"yes" && value != u"no") return false;
        p.worst_case = value == u"yes";
        return true;
    }
    if (key == u"kv_type") {
        if (value != u"f16" && value != u"f32") return false;
        p.kv_type = value == u"f32" ? planscope::dtype::f32 : planscope::dtype::f16;
        return true;
    }
    bool ok = false;
    const int number = value.toInt(&ok);
    int* field = key == u"n_ctx"     ? &p.n_ctx
                 : key == u"n_batch" ? &p.n_batch
                 : key == u"n_past"  ? &p.n_past
                 : key == u"ngl"     ? &p.ngl
                                     : nullptr;
    if (!field || !ok) return false; // a bad value stays in the spec, for make_template to refuse
    *field = number;
    return true;
}

} // namespace

ModelOptions startupModelOptions() {
    ModelOptions o;
    o.params = startupParams;
    o.tokens.assign(startupTokens.begin(), startupTokens.end());
    return o;
}

TokenParse parseTokenIds(const QString& text, int nVocab) {
    TokenParse out;
    if (text.trimmed().isEmpty()) return out;
    const QStringList parts = text.split(u',');
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const QString part = parts[i].trimmed();
        bool ok = false;
        const qlonglong id = part.toLongLong(&ok);
        if (!ok || part.startsWith(u'+')) {
            out.error = part.isEmpty() ? ModelOptionsText::tr("token %1 is empty").arg(i + 1)
                                       : ModelOptionsText::tr("token %1 '%2' is not an integer").arg(i + 1).arg(part);
            out.tokens.clear();
            return out;
        }
        if (id < 0) {
            out.error = ModelOptionsText::tr("token %1 (%2) is negative").arg(i + 1).arg(id);
            out.tokens.clear();
            return out;
        }
        if (nVocab > 0 && id >= nVocab) {
            out.error = ModelOptionsText::tr("token %1 (%2) is outside the vocabulary [0, %3)").arg(i + 1).arg(id).arg(nVocab);
            out.tokens.clear();
            return out;
        }
        if (id > INT32_MAX) {
            out.error = ModelOptionsText::tr("token %1 (%2) is too large").arg(i + 1).arg(id);
            out.tokens.clear();
            return out;
        }
        out.tokens.push_back(static_cast<std::int32_t>(id));
    }
    return out;
}

QString formatTokenIds(std::span<const std::int32_t> tokens) {
    QStringList parts;
    for (std::int32_t t : tokens) parts << QString::number(t);
    return parts.join(u',');
}

QString checkModelOptions(const ModelOptions& o) {
    const planscope::llama_params& p = o.params;
    if (p.n_ctx < 1) return ModelOptionsText::tr("n_ctx must be positive, got %1").arg(p.n_ctx);
    if (p.n_batch < 1) return ModelOptionsText::tr("n_batch must be positive, got %1").arg(p.n_batch);
    if (p.n_past < 0) return ModelOptionsText::tr("n_past must not be negative, got %1").arg(p.n_past);
    if (p.ngl < 0) return ModelOptionsText::tr("ngl must not be negative, got %1").arg(p.ngl);
    if (p.n_batch > p.n_ctx) return ModelOptionsText::tr("n_batch %1 exceeds n_ctx %2").arg(p.n_batch).arg(p.n_ctx);
    if (!p.worst_case && qint64{p.n_past} + p.n_batch > p.n_ctx) // the worst case fixes n_past
        return ModelOptionsText::tr("n_past + n_batch = %1 exceeds n_ctx %2").arg(qint64{p.n_past} + p.n_batch).arg(p.n_ctx);
    if (!o.tokens.empty() && static_cast<qsizetype>(o.tokens.size()) != p.n_batch)
        return ModelOptionsText::tr("the prompt has %1 token ids but n_batch is %2").arg(o.tokens.size()).arg(p.n_batch);
    return {};
}

int vocabSize(const planscope::graph_document& doc) {
    for (std::size_t i = 0; i < doc.ctx.size(); ++i) {
        const auto& t = doc.ctx[planscope::tensor_id{i}];
        if (t.name == "token_embd.weight") return static_cast<int>(t.ne[1]);
    }
    return 0;
}

bool isLlamaTemplate(const QString& spec) { return spec == u"llama" || spec.startsWith(u"llama?"); }

TemplateSplit splitLlamaTemplate(const QString& spec, const ModelOptions& base) {
    TemplateSplit out{spec.section(u'?', 0, 0), base};
    const qsizetype q = spec.indexOf(u'?');
    if (q < 0) return out;
    QStringList kept;
    for (const QString& pair : spec.mid(q + 1).split(u'&', Qt::SkipEmptyParts)) {
        const QString key = pair.section(u'=', 0, 0), value = pair.section(u'=', 1);
        if (!applyParamKey(key, value, out.options.params)) kept << pair;
    }
    if (!kept.isEmpty()) out.spec += u'?' + kept.join(u'&');
    // A prompt of another length no longer fits the graph.
    if (static_cast<qsizetype>(out.options.tokens.size()) != out.options.params.n_batch) out.options.tokens.clear();
    return out;
}

} // namespace planscope::ui
