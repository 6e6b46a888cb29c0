#include "device_fitter.h"

#include "core/guarded.h"
#include "llm/llm_build.h"
#include "model/format.h"
#include "session/startup_graph.h"
#include "source/model_params.h"

#include <QThread>

namespace planscope::ui {

planscope::result<planscope::llm_context_params> deviceContextParams(const ModelOptions& options) {
    return planscope::llm_context_params_of(optionsForEra(options, planscope::ggml_version::v2026).params);
}

std::function<planscope::result<planscope::gguf_file>()> ggufOpener(const ModelSource& source) {
    switch (source.kind) {
    case ModelSource::Kind::GgufFile: return [path = source.location.toStdString()] { return planscope::open_gguf(path); };
    case ModelSource::Kind::Embedded: return openDefaultModelFile;
    case ModelSource::Kind::LlamaTemplate:
    case ModelSource::Kind::Capture:
    case ModelSource::Kind::None: break;
    }
    return {};
}

DeviceFitter::DeviceFitter(QObject* parent) : QObject(parent) {}

DeviceFitter::~DeviceFitter() {
    ++m_sourceGeneration; // what the workers still send is dropped
    for (QThread* t : findChildren<QThread*>(Qt::FindDirectChildrenOnly)) t->wait();
}

void DeviceFitter::setSource(const ModelSource& source) {
    ++m_sourceGeneration;
    m_file.reset();
    m_next.reset();
    m_findRunning = 0;
    m_open = ggufOpener(source);
}

planscope::result<DeviceFitter::File> DeviceFitter::fileFor(const File& kept, const Opener& open) {
    if (kept) return kept;
    auto f = open();
    if (!f) return f.err();
    return std::make_shared<const planscope::gguf_file>(std::move(f).value());
}

void DeviceFitter::keep(const File& file, quint64 sourceGeneration) {
    if (sourceGeneration == m_sourceGeneration && !m_file) m_file = file;
}

void DeviceFitter::fit(const planscope::llm_context_params& context, const DeviceChoice& choice) {
    if (!hasModel()) return;
    m_next = Request{context, choice, ++m_lastRequest};
    if (!m_fitRunning) startNext();
}

void DeviceFitter::cancel() {
    ++m_lastRequest;
    m_next.reset();
}

void DeviceFitter::startNext() {
    Request request = std::move(*m_next);
    m_next.reset();
    m_fitRunning = true;
    const quint64 sourceGeneration = m_sourceGeneration;
    QThread* worker = QThread::create([this, request = std::move(request), kept = m_file, open = m_open, sourceGeneration] {
        auto result = std::make_shared<DeviceFitResult>();
        File file;
        const auto outcome = planscope::guarded([&]() -> planscope::result<planscope::llm_fit_report> {
            auto f = fileFor(kept, open);
            if (!f) return f.err();
            file = *f;
            auto h = planscope::read_model_hparams(*file);
            if (!h) return h.err();
            result->nLayer = h->n_layer;
            result->nExpert = h->n_expert;
            return planscope::llm_fit(*file, request.context, request.choice.deviceSet(), request.choice.placement,
                                      request.choice.opOffload);
        });
        if (outcome) result->report = std::make_shared<const planscope::llm_fit_report>(outcome.value());
        else result->error = errorText(outcome.err());
        QMetaObject::invokeMethod(
            this,
            [this, result, file, generation = request.generation, sourceGeneration] {
                m_fitRunning = false;
                if (sourceGeneration != m_sourceGeneration) {
                    if (m_next) startNext(); // asked for after the source changed
                    return;
                }
                keep(file, sourceGeneration);
                if (m_next) startNext();
                else if (generation == m_lastRequest) emit fitted(*result);
            },
            Qt::QueuedConnection);
    });
    worker->setParent(this);
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

void DeviceFitter::find(const planscope::llm_context_params& context, const DeviceChoice& choice,
                        planscope::llm_fit_target target) {
    if (!hasModel()) return;
    const quint64 generation = ++m_lastFind;
    m_findRunning = generation;
    const quint64 sourceGeneration = m_sourceGeneration;
    planscope::llm_fit_search search;
    search.target = target;
    search.margin = choice.margin;
    QThread* worker = QThread::create([this, context, choice, search, kept = m_file, open = m_open, generation, sourceGeneration] {
        auto result = std::make_shared<DeviceFindResult>();
        result->target = search.target;
        File file;
        const auto outcome = planscope::guarded([&]() -> planscope::result<planscope::llm_fit_found> {
            auto f = fileFor(kept, open);
            if (!f) return f.err();
            file = *f;
            return planscope::llm_fit_find(*file, context, choice.deviceSet(), choice.placement, choice.opOffload, search);
        });
        if (outcome) {
            result->value = outcome->value;
            result->tries = outcome->tries;
        } else {
            result->error = errorText(outcome.err());
        }
        QMetaObject::invokeMethod(
            this,
            [this, result, file, generation, sourceGeneration] {
                if (sourceGeneration != m_sourceGeneration || generation != m_findRunning) return;
                m_findRunning = 0;
                keep(file, sourceGeneration);
                emit found(*result);
            },
            Qt::QueuedConnection);
    });
    worker->setParent(this);
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

} // namespace planscope::ui
