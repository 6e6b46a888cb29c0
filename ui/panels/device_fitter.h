#pragma once
// The Devices panel's work, off the GUI thread: llm_fit of the open model on a DeviceChoice, and
// llm_fit_find. The model's file is opened once per source on the worker and kept. Fits come one
// at a time: while one runs, only the newest request waits, so spinning through values plans the
// last of them, and a result older than the newest request is dropped (latest wins). Another
// source drops everything in flight; the destructor waits for the workers.
#include "device_choice.h"
#include "options/model_replanner.h"

#include "llm_context/llm_fit.h"
#include "models/gguf.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace planscope::ui {

struct DeviceFitResult {
    std::shared_ptr<const planscope::llm_fit_report> report; // null when it failed
    QString error;
    // The model's, for the searches' ranges: n_layer, expert_count.
    std::uint32_t nLayer = 0, nExpert = 0;
};

struct DeviceFindResult {
    planscope::llm_fit_target target = planscope::llm_fit_target::ngl;
    std::optional<std::int64_t> value; // none: nothing in range fits
    std::size_t tries = 0;
    QString error; // the search failed
};

// The document's options as llama.cpp da46e59c's context takes them (what the 2026 era keeps of them).
planscope::result<planscope::llm_context_params> deviceContextParams(const ModelOptions& options);

// The model file of a .gguf source or the embedded model; empty for any other source.
std::function<planscope::result<planscope::gguf_file>()> ggufOpener(const ModelSource& source);

class DeviceFitter final : public QObject {
    Q_OBJECT

public:
    using Opener = std::function<planscope::result<planscope::gguf_file>()>;

    explicit DeviceFitter(QObject* parent = nullptr);
    ~DeviceFitter() override;

    // A .gguf file or the embedded model; any other source has no file to fit (hasModel false).
    void setSource(const ModelSource& source);
    [[nodiscard]] bool hasModel() const { return static_cast<bool>(m_open); }
    void fit(const planscope::llm_context_params& context, const DeviceChoice& choice);
    // Drops the fit running and the one waiting: what they would show no longer applies.
    void cancel();
    void find(const planscope::llm_context_params& context, const DeviceChoice& choice, planscope::llm_fit_target target);
    [[nodiscard]] bool isFitting() const { return m_fitRunning || m_next.has_value(); }
    [[nodiscard]] bool isFinding() const { return m_findRunning != 0; }

signals:
    void fitted(const planscope::ui::DeviceFitResult& result);
    void found(const planscope::ui::DeviceFindResult& result);

private:
    struct Request {
        planscope::llm_context_params context;
        DeviceChoice choice;
        quint64 generation = 0;
    };
    using File = std::shared_ptr<const planscope::gguf_file>;
    // The file for a job: the one kept, else opened (on the worker).
    [[nodiscard]] static planscope::result<File> fileFor(const File& kept, const Opener& open);
    void startNext();
    void keep(const File& file, quint64 sourceGeneration);

    Opener m_open;
    File m_file;
    quint64 m_sourceGeneration = 0;
    quint64 m_lastRequest = 0;
    bool m_fitRunning = false;
    std::optional<Request> m_next;
    quint64 m_lastFind = 0;
    quint64 m_findRunning = 0; // the find whose result is awaited; 0: none
};

} // namespace planscope::ui
