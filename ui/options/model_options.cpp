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

QString optionUnavailable(ModelField field, planscope::ggml_version era) {
    if (era == planscope::ggml_version::v2026) {
        switch (field) {
        case ModelField::NPast:
            return ModelOptionsText::tr("Not in the 2026 era yet: llama.cpp 2026 sizes its compute buffer with every KV "
                                        "cell, from cell 0");
        case ModelField::Ngl:
            return ModelOptionsText::tr("Not in the 2026 era yet: every layer is on the CPU there (View > Allocator > ggml "
                                        "2023 offloads layers)");
        case ModelField::WorstCase:
            return ModelOptionsText::tr("Not in the 2026 era yet: llama.cpp 2026 reserves with every KV cell already, so "
                                        "there is no separate worst-case graph");
        default: return {};
        }
    }
    switch (field) {
    case ModelField::Ubatch:
        return ModelOptionsText::tr("Not in the 2023 era: llama.cpp 2023 had no ubatch (a graph is n_batch tokens)");
    case ModelField::Seqs: return ModelOptionsText::tr("Not in the 2023 era: llama.cpp 2023's graph holds one sequence");
    case ModelField::FlashAttn: return ModelOptionsText::tr("Not in the 2023 era: llama.cpp 2023 had no flash attention");
    case ModelField::QuantizedKv:
        return ModelOptionsText::tr("Not in the 2023 era: llama.cpp 2023 stores K and V as f16 or f32");
    case ModelField::TypeV:
        return ModelOptionsText::tr("Not in the 2023 era: llama.cpp 2023 stores K and V as one type, the K field's");
    default: return {};
    }
}

ModelOptions optionsForEra(ModelOptions o, planscope::ggml_version era) {
    planscope::llama_params& p = o.params;
    const planscope::llama_params defaults;
    if (era == planscope::ggml_version::v2026) {
        p.n_past = defaults.n_past;
        p.ngl = defaults.ngl;
        p.worst_case = defaults.worst_case;
        return o;
    }
    o.devices.reset(); // 2023's llama.cpp had no device placement to plan
    p.n_ubatch = defaults.n_ubatch;
    p.n_seq_max = defaults.n_seq_max;
    p.flash_attn = defaults.flash_attn;
    const planscope::dtype k = planscope::kv_type_k(p);
    p.kv_type = k == planscope::dtype::f32 ? k : planscope::dtype::f16;
    p.type_k.reset();
    p.type_v.reset();
    return o;
}

namespace {

QString checkPrompt(const ModelOptions& o) {
    if (!o.tokens.empty() && static_cast<qsizetype>(o.tokens.size()) != o.params.n_batch)
        return ModelOptionsText::tr("the prompt has %1 token ids but n_batch is %2").arg(o.tokens.size()).arg(o.params.n_batch);
    return {};
}

// llama.cpp da46e59c's refusals (llm_context_params_of, resolve_cparams) in the fields' words.
QString checkModelOptions2026(const ModelOptions& o) {
    const planscope::llama_params& p = o.params;
    if (p.n_ctx < 1) return ModelOptionsText::tr("n_ctx must be positive, got %1").arg(p.n_ctx);
    if (p.n_batch < 1) return ModelOptionsText::tr("n_batch must be positive, got %1").arg(p.n_batch);
    if (p.n_ubatch < 0) return ModelOptionsText::tr("n_ubatch must be 0 (n_batch) or positive, got %1").arg(p.n_ubatch);
    if (p.n_seq_max < 1 || p.n_seq_max > 256)
        return ModelOptionsText::tr("the sequences must be 1 to 256, got %1").arg(p.n_seq_max);
    for (const auto& [field, on] : {std::pair{ModelField::NPast, p.n_past != 0}, std::pair{ModelField::Ngl, p.ngl != 0},
                                   std::pair{ModelField::WorstCase, p.worst_case}})
        if (on) return optionUnavailable(field, planscope::ggml_version::v2026);
    if (planscope::traits(planscope::kv_type_v(p)).quantized && p.flash_attn == planscope::llm_flash_attn::off)
        return ModelOptionsText::tr("a quantized V cache needs flash attention (auto or on)");
    return checkPrompt(o);
}

} // namespace

QString checkModelOptions(const ModelOptions& o, planscope::ggml_version era) {
    if (era == planscope::ggml_version::v2026) return checkModelOptions2026(o);
    const planscope::llama_params& p = o.params;
    if (p.n_ctx < 1) return ModelOptionsText::tr("n_ctx must be positive, got %1").arg(p.n_ctx);
    if (p.n_batch < 1) return ModelOptionsText::tr("n_batch must be positive, got %1").arg(p.n_batch);
    if (p.n_past < 0) return ModelOptionsText::tr("n_past must not be negative, got %1").arg(p.n_past);
    if (p.ngl < 0) return ModelOptionsText::tr("ngl must not be negative, got %1").arg(p.ngl);
    if (p.n_batch > p.n_ctx) return ModelOptionsText::tr("n_batch %1 exceeds n_ctx %2").arg(p.n_batch).arg(p.n_ctx);
    if (!p.worst_case && qint64{p.n_past} + p.n_batch > p.n_ctx) // the worst case fixes n_past
        return ModelOptionsText::tr("n_past + n_batch = %1 exceeds n_ctx %2").arg(qint64{p.n_past} + p.n_batch).arg(p.n_ctx);
    const planscope::dtype k = planscope::kv_type_k(p), v = planscope::kv_type_v(p);
    const bool ubatch = p.n_ubatch != 0 && p.n_ubatch != p.n_batch, seqs = p.n_seq_max != 1,
               flash = p.flash_attn == planscope::llm_flash_attn::on,
               quantized = planscope::traits(k).quantized || planscope::traits(v).quantized;
    for (const auto& [field, on] : {std::pair{ModelField::Ubatch, ubatch}, std::pair{ModelField::Seqs, seqs},
                                   std::pair{ModelField::FlashAttn, flash}, std::pair{ModelField::QuantizedKv, quantized},
                                   std::pair{ModelField::TypeV, k != v}})
        if (on) return optionUnavailable(field, planscope::ggml_version::v2023);
    return checkPrompt(o);
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
