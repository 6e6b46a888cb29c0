#include "model_options_followup.h"

#include "model_replanner.h"
#include "settings/app_settings.h"

#include "source/graph_source.h"
#include "models/llama_report.h"
#include "model/format.h"
#include "models/templates.h"

#include <algorithm>

namespace planscope::ui {

namespace {

// "llama?ngl=2" (File > Open Template names no prefix) or "template:llama?ngl=2": the spec chose its
// ngl, which the remembered one must not replace.
bool specSetsNgl(const QString& path) {
    const QString prefix = toQString(planscope::template_prefix);
    const QString spec = path.startsWith(prefix) ? path.mid(prefix.size()) : path;
    if (!isLlamaTemplate(spec)) return false;
    const auto keys = planscope::llama_template_keys(spec.toStdString());
    return keys && std::find(keys->set.begin(), keys->set.end(), "ngl") != keys->set.end();
}

} // namespace

ModelFollowUp::ModelFollowUp(GraphSession* session, ModelReplanner* replanner, QObject* parent)
    : QObject(parent), m_session(session), m_replanner(replanner) {
    connect(m_session, &GraphSession::loadFinished, this, [this](const QString& path) { m_specSetsNgl = specSetsNgl(path); });
    connect(m_replanner, &ModelReplanner::sourceChanged, this, &ModelFollowUp::post);
    connect(m_session, &GraphSession::eraChanged, this, &ModelFollowUp::post);
    connect(m_session, &GraphSession::maxBufferSizeChanged, this, &ModelFollowUp::post);
}

void ModelFollowUp::rememberNgl(int ngl) {
    AppSettings settings = AppSettings::load();
    if (settings.ngl == ngl || ngl < 0) return;
    settings.ngl = ngl;
    settings.save();
}

void ModelFollowUp::post() {
    if (m_posted) return;
    m_posted = true;
    QMetaObject::invokeMethod(this, &ModelFollowUp::run, Qt::QueuedConnection);
}

void ModelFollowUp::run() {
    m_posted = false;
    // A load on its way (a re-plan, --ngl) brings its own document, which is followed up then.
    if (m_session->isLoading() || !m_replanner->canReplan()) return;
    const ModelOptions& options = m_replanner->options();
    // A load names its spec; a document set directly (the app's start with a FILE) sends no
    // loadFinished, its spec is the session's file path.
    const bool ownNgl = m_specSetsNgl || specSetsNgl(m_session->filePath());
    const planscope::ggml_version era = m_replanner->graphEra();
    // A 2026 graph has every layer on the CPU: the remembered ngl waits for a 2023 one.
    if (!m_replanner->optionsChosen() && !ownNgl && optionUnavailable(ModelField::Ngl, era).isEmpty()) {
        if (const int ngl = AppSettings::load().ngl; ngl != options.params.ngl) {
            ModelOptions remembered = options;
            remembered.params.ngl = ngl;
            if (m_replanner->replan(remembered)) return;
        }
    }
    // llama.cpp da46e59c's reserve came with a 2026 document (GraphSession::llmReserve).
    if (era != planscope::ggml_version::v2023 || options.params.worst_case ||
        !planscope::is_llama_prompt_graph(m_session->document()))
        return;
    m_session->computeLlamaReserve(
        [source = m_replanner->source(), era](const planscope::llama_params& params) {
            ModelOptions o;
            o.params = params;
            return source.loader(o, era)();
        },
        options.params);
}

} // namespace planscope::ui
