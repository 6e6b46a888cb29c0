// GraphSession's llama.cpp reserve: the worst-case graph planned on a worker thread, as startPlan
// plans the document, its result dropped when another document or request came meanwhile.
#include "graph_session.h"

#include "core/guarded.h"
#include "model/format.h"

#include <QThread>

#include <memory>

namespace planscope::ui {

void GraphSession::computeLlamaReserve(planscope::sweep_builder build, planscope::llama_params params) {
    // The one there was made with other parameters or another era.
    m_reserve.reset();
    m_reserveError.clear();
    const quint64 generation = ++m_lastReserveGeneration;
    m_reserveGeneration = generation;
    emit llamaReserveChanged(); // being computed
    planscope::plan_options options;
    options.version = m_era->version();
    options.max_buffer_size = m_maxBufferSize;
    QThread* worker = QThread::create([this, build = std::move(build), params, options, generation] {
        // Shared only to cross threads in a copyable functor.
        auto reserve = std::make_shared<planscope::result<planscope::llama_reserve>>(
            planscope::guarded([&] { return planscope::llama_reserved_bytes(build, params, options); }));
        QMetaObject::invokeMethod(
            this,
            [this, reserve, generation] {
                if (generation != m_reserveGeneration) return; // dropped meanwhile
                m_reserveGeneration = 0;
                if (*reserve) m_reserve = reserve->value();
                else m_reserveError = errorText(reserve->err());
                emit llamaReserveChanged();
            },
            Qt::QueuedConnection);
    });
    worker->setParent(this);
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

void GraphSession::dropLlamaReserve() {
    const bool had = m_reserve || !m_reserveError.isEmpty() || m_reserveGeneration != 0;
    m_reserveGeneration = 0;
    m_reserve.reset();
    m_reserveError.clear();
    if (had) emit llamaReserveChanged();
}

} // namespace planscope::ui
