#pragma once
// What-if re-planning: remembers where the current llama document came from (a .gguf file,
// template:llama, or the embedded default model) and the options it was built with, and rebuilds
// it with other options through GraphSession::openWith (on the session's worker thread). The
// selected tensor is selected again by name in the new document when it still exists. A .gguf or
// the llama template is built as the session's era's llama.cpp builds it (graph_era): View >
// Allocator rebuilds it in the other era's graph (GraphSession::setEraRebuild), with the options
// that era takes.
#include "execution/split_run.h"
#include "model_options.h"
#include "session/graph_observer.h"
#include "session/graph_session.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>
#include <string>

namespace planscope::ui {

struct ModelSource {
    // Capture: a record of a capture file (source/capture_document.h), which takes no model
    // options but can be planned on device profiles (source/capture_devices.h).
    enum class Kind { None, GgufFile, LlamaTemplate, Embedded, Capture };
    Kind kind = Kind::None;
    QString location; // the .gguf or capture path, or the template spec without llama_params keys

    // Rebuilt with other model options (the what-if bar, Model Options, the sweep).
    [[nodiscard]] bool replannable() const { return kind != Kind::None && kind != Kind::Capture; }
    // Planned on device profiles (ModelOptions::devices): a model or a capture.
    [[nodiscard]] bool takesDevices() const { return kind != Kind::None; }
    // What the session's signals name the load: the path, "template:SPEC", or the model's name.
    [[nodiscard]] QString label() const;
    [[nodiscard]] QString filePath() const {
        return kind == Kind::GgufFile || kind == Kind::Capture ? location : QString();
    }
    // The era whose llama.cpp builds this source's graph when `era` plans it: graph_era's for a
    // .gguf and the llama template (`era`), 2023 for the embedded model, 2026 for a capture (the
    // user's ggml built it; either era plans it).
    [[nodiscard]] planscope::ggml_version graphEra(planscope::ggml_version era) const;
    // Builds this source with `options` in graphEra(era) (open_source, or loadDefaultModel for Embedded).
    [[nodiscard]] GraphSession::SourceLoader loader(const ModelOptions& options, planscope::ggml_version era) const;
    // The model file and options.tokens for Run; none for a template (no weights) or no prompt.
    [[nodiscard]] std::optional<LlamaPrompt> prompt(const ModelOptions& options) const;
};

class ModelReplanner final : public QObject, public IGraphObserver {
    Q_OBJECT

public:
    explicit ModelReplanner(GraphSession* session, QObject* parent = nullptr);
    ~ModelReplanner() override;

    [[nodiscard]] const ModelSource& source() const { return m_source; }
    [[nodiscard]] bool canReplan() const { return m_source.replannable(); }
    // The options the current document was built with (defaults for a source that takes none).
    [[nodiscard]] const ModelOptions& options() const { return m_options; }
    // The options were chosen (replan, openModel), not a plain open's defaults.
    [[nodiscard]] bool optionsChosen() const { return m_chosen; }
    // The era whose llama.cpp built the current document (ModelSource::graphEra of the session's).
    [[nodiscard]] planscope::ggml_version graphEra() const;
    // The era a .gguf at `path` opens in: the session's for the file already open, else its default.
    [[nodiscard]] planscope::ggml_version openEra(const QString& path) const;

    // Opens a .gguf model with `options` (File > Open's model options).
    void openModel(const QString& path, const ModelOptions& options);
    // Rebuilds the current model with `options`; false (and replanRejected) when there is no model
    // or checkModelOptions refuses them. Equal options still re-plan. A capture takes only
    // options.devices (its graph is the one captured).
    bool replan(const ModelOptions& options);
    // A failed load that was a re-plan: replanRejected(message) instead of an error box; false
    // for any other load.
    bool takeFailedReplan(const QString& path, const QString& message);

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id) override {}

signals:
    // The source or options changed: a new document arrived (or a re-plan was applied).
    void sourceChanged();
    void replanRejected(const QString& message);

private:
    void start(const ModelSource& source, const ModelOptions& options, planscope::ggml_version era, bool chosen = true);
    void onLoadFinished(const QString& path);
    bool rebuildForEra(planscope::ggml_version era);

    struct Pending {
        ModelSource source;
        ModelOptions options;
        std::string selected; // the selection's tensor name, to select again
        bool chosen = true;   // false for an era's rebuild of options not chosen
        bool replan = true;   // false for File > Open's
    };

    QPointer<GraphSession> m_session; // a sibling in the window, which may go first
    ModelSource m_source;
    ModelOptions m_options;
    std::optional<Pending> m_pending; // our load in flight; another load clears it
    bool m_starting = false;          // inside our own openWith (its loadStarted is ours)
    bool m_chosen = false;
    planscope::ggml_version m_builtEra = planscope::ggml_version::v2023;
};

} // namespace planscope::ui
