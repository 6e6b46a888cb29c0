#include "model_replanner.h"

#include "source/capture_devices.h"
#include "source/graph_source.h"
#include "model/format.h"
#include "session/startup_graph.h"

#include <tuple>
#include <utility>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

planscope::tensor_id findByName(const planscope::graph_document& doc, const std::string& name) {
    if (name.empty()) return {};
    for (std::size_t i = 0; i < doc.ctx.size(); ++i)
        if (doc.ctx[planscope::tensor_id{i}].name == name) return planscope::tensor_id{i};
    return {};
}

// What a source string names, with the options it is built with when opened plainly: a .gguf path
// (the CLI's defaults) or a llama template spec, with or without "template:" (its own keys).
std::optional<std::pair<ModelSource, ModelOptions>> identify(const QString& source) {
    if (!source.isEmpty() && planscope::is_capture_source(source.toStdString()))
        return std::pair{ModelSource{ModelSource::Kind::Capture, source}, ModelOptions{}};
    if (planscope::is_gguf_path(source.toStdString()))
        return std::pair{ModelSource{ModelSource::Kind::GgufFile, source}, ModelOptions{}};
    const QString prefix = toQString(planscope::template_prefix);
    const QString spec = source.startsWith(prefix) ? source.mid(prefix.size()) : source;
    if (!isLlamaTemplate(spec)) return std::nullopt;
    TemplateSplit split = splitLlamaTemplate(spec, ModelOptions{});
    return std::pair{ModelSource{ModelSource::Kind::LlamaTemplate, split.spec}, std::move(split.options)};
}

} // namespace

QString ModelSource::label() const {
    switch (kind) {
    case Kind::GgufFile:
    case Kind::Capture: return location;
    case Kind::LlamaTemplate: return toQString(planscope::template_prefix) + location;
    case Kind::Embedded: return toQString(startupModelName);
    case Kind::None: break;
    }
    return {};
}

planscope::ggml_version ModelSource::graphEra(planscope::ggml_version era) const {
    if (kind == Kind::None) return planscope::ggml_version::v2023;
    if (kind == Kind::Capture) return planscope::ggml_version::v2026;
    return planscope::graph_era(label().toStdString(), era); // the embedded model is a .gguf too
}

GraphSession::SourceLoader ModelSource::loader(const ModelOptions& options, planscope::ggml_version era) const {
    const planscope::llama_params params = options.params;
    if (kind == Kind::Capture && options.devices)
        return [source = label().toStdString(), devices = options.devices] {
            return planscope::open_capture_on_devices(source, *devices);
        };
    if (options.devices && graphEra(era) == planscope::ggml_version::v2026) {
        if (kind == Kind::Embedded) return [params, devices = options.devices] { return loadDefaultSourceOnDevices(params, *devices); };
        return [source = label().toStdString(), params, devices = options.devices]() -> planscope::result<planscope::opened_source> {
            auto llama = planscope::open_llama_source(source);
            if (!llama) return llama.err();
            auto built = llama->build_on_devices(params, *devices);
            if (!built) return planscope::error{source + ": " + built.err().message};
            return built;
        };
    }
    if (kind == Kind::Embedded) return [params, era] { return loadDefaultSource(params, era); };
    return [source = label().toStdString(), params, era] { return planscope::open_source(source, params, era); };
}

std::optional<LlamaPrompt> ModelSource::prompt(const ModelOptions& options) const {
    if (options.tokens.empty() || (kind != Kind::Embedded && kind != Kind::GgufFile)) return std::nullopt;
    LlamaPrompt p;
    if (kind == Kind::Embedded) p.open = openDefaultModelFile;
    else p.open = [path = location.toStdString()] { return planscope::open_gguf(path); };
    p.tokens = options.tokens;
    p.options = {options.params.n_ctx, options.params.kv_type, options.params.ngl};
    return p;
}

ModelReplanner::ModelReplanner(GraphSession* session, QObject* parent) : QObject(parent), m_session(session) {
    m_session->addObserver(this);
    connect(m_session, &GraphSession::loadStarted, this, [this] {
        if (!m_starting) m_pending.reset(); // someone else's load replaces ours
    });
    connect(m_session, &GraphSession::loadFinished, this, &ModelReplanner::onLoadFinished);
    m_session->setEraRebuild([this](planscope::ggml_version era) { return rebuildForEra(era); });
}

ModelReplanner::~ModelReplanner() {
    if (!m_session) return;
    m_session->removeObserver(this);
    m_session->setEraRebuild({});
}

planscope::ggml_version ModelReplanner::graphEra() const { return m_builtEra; }

planscope::ggml_version ModelReplanner::openEra(const QString& path) const {
    return path == m_session->filePath() ? m_session->era().version() : planscope::default_era(path.toStdString());
}

void ModelReplanner::openModel(const QString& path, const ModelOptions& options) {
    start(ModelSource{ModelSource::Kind::GgufFile, path}, options, openEra(path));
    m_pending->replan = false;
}

bool ModelReplanner::rebuildForEra(planscope::ggml_version era) {
    // A graph the era does not change (a template's): planned again, not rebuilt.
    if (m_source.graphEra(era) == m_builtEra) return false;
    start(m_source, optionsForEra(m_options, m_source.graphEra(era)), era, m_chosen);
    return true;
}

bool ModelReplanner::takeFailedReplan(const QString& path, const QString& message) {
    if (!m_pending || !m_pending->replan || path != m_pending->source.label()) return false;
    m_pending.reset();
    emit replanRejected(message);
    return true;
}

bool ModelReplanner::replan(const ModelOptions& options) {
    if (m_source.kind == ModelSource::Kind::Capture) {
        ModelOptions devicesOnly = m_options;
        devicesOnly.devices = options.devices;
        start(m_source, devicesOnly, m_session->era().version());
        return true;
    }
    if (!canReplan()) {
        emit replanRejected(tr("Only a model (.gguf) or the llama template can be re-planned."));
        return false;
    }
    if (const QString problem = checkModelOptions(options, graphEra()); !problem.isEmpty()) {
        emit replanRejected(problem);
        return false;
    }
    start(m_source, options, m_session->era().version());
    return true;
}

void ModelReplanner::start(const ModelSource& source, const ModelOptions& options, planscope::ggml_version era, bool chosen) {
    Pending pending{source, options, {}, chosen, true};
    if (const planscope::tensor_id selected = m_session->selection(); selected.valid())
        pending.selected = m_session->document().ctx[selected].name;
    m_pending = std::move(pending);
    m_starting = true;
    m_session->openWith(source.label(), source.filePath(), source.loader(options, era));
    m_starting = false;
}

void ModelReplanner::onGraphLoaded(const planscope::graph_document& doc) {
    // A document set directly (the app's start, tests) is known by its file path, or by name for
    // the embedded model. Loads through the session are identified again in onLoadFinished.
    const QString filePath = m_session->filePath();
    m_chosen = false;
    if (filePath.isEmpty() && doc.name == startupModelName) {
        m_source = ModelSource{ModelSource::Kind::Embedded, {}};
        m_options = startupModelOptions();
    } else if (auto known = identify(filePath)) {
        std::tie(m_source, m_options) = std::move(*known);
    } else {
        m_source = {};
        m_options = {};
    }
    m_builtEra = m_source.graphEra(m_session->era().version());
    emit sourceChanged();
}

void ModelReplanner::onLoadFinished(const QString& path) {
    if (m_pending && path == m_pending->source.label()) {
        m_source = m_pending->source;
        m_options = m_pending->options;
        m_chosen = m_pending->chosen;
        const std::string selected = std::move(m_pending->selected);
        m_pending.reset();
        m_session->setSelection(findByName(m_session->document(), selected));
    } else if (auto known = identify(path)) {
        std::tie(m_source, m_options) = std::move(*known);
        m_chosen = false;
    } else {
        return; // onGraphLoaded has said what it is
    }
    m_builtEra = m_source.graphEra(m_session->era().version());
    emit sourceChanged();
}

} // namespace planscope::ui
