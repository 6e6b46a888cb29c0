#pragma once
// The open graph and the selection, shared by every panel of a main window.
//
// Loading a file runs on a worker thread; each open gets a generation number and only the
// newest one's result is applied (hotspot's job tracker), so a slow stale load never wins.
// A failed load leaves the current document in place and emits loadFailed.
#include "alloc/plan.h"
#include "core/document.h"
#include "era/era.h"
#include "source/graph_source.h"
#include "model/graph_summary.h"
#include "source/llama_sweep.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace planscope::ui {

class IGraphObserver;
class PlanTrace;

class GraphSession final : public QObject {
    Q_OBJECT

public:
    explicit GraphSession(QObject* parent = nullptr);
    ~GraphSession() override; // waits for running loads

    [[nodiscard]] const planscope::graph_document& document() const { return m_doc; }
    // The tensors allocated before the graph (opened_source::preallocate), for schedulers and runs.
    [[nodiscard]] const std::vector<planscope::tensor_id>& preallocated() const { return m_preallocate; }
    [[nodiscard]] const GraphSummary& summary() const { return m_summary; }
    // The file the document came from or was last saved to; empty for a built-in template.
    [[nodiscard]] QString filePath() const { return m_filePath; }
    // The document's name, else the file's base name.
    [[nodiscard]] QString displayName() const;

    // Replaces the document, notifies every observer and plans it on a worker thread (planStarted,
    // then onPlanReady + planFinished). `preallocate`: tensors allocated before the graph, as
    // llama.cpp did its inputs (opened_source::preallocate).
    // `logged`: the split assignment of a GGML_SCHED_DEBUG log over `doc` (loggedSchedule).
    // `era`: the one another document starts in (opened_source::era); the same document (a
    // re-plan with other options) keeps the era chosen for it. `llm`: what llama.cpp da46e59c
    // reserves for a .gguf built as it builds it (opened_source::llm_reserve; llmReserve).
    void setDocument(planscope::graph_document doc, const QString& filePath = {},
                     std::vector<planscope::tensor_id> preallocate = {},
                     std::shared_ptr<const planscope::sched_plan> logged = {},
                     planscope::ggml_version era = planscope::ggml_version::v2023,
                     std::shared_ptr<const planscope::llm_reserve_result> llm = {});
    // As setDocument, with everything the source brings (a load's result).
    void setSource(planscope::opened_source source, const QString& filePath = {});
    // The split assignment the document's log printed; null for any other document.
    [[nodiscard]] const std::shared_ptr<const planscope::sched_plan>& loggedSchedule() const { return m_logged; }
    // The schedule a model opened on device profiles brings (opened_source::recorded): the
    // document split over devices this machine need not have; null for any other document.
    [[nodiscard]] const std::shared_ptr<const planscope::recorded_schedule>& recordedSchedule() const { return m_recorded; }
    // Builds a built-in graph (planscope::templates()); false and loadFailed on an unknown name.
    bool openTemplate(const QString& name);
    // Opens a graph file, model or DOT dump (open_source) on a worker thread; ends with
    // loadFinished or loadFailed. A model opens in its default era, the file open now in the
    // session's.
    void openFile(const QString& path);
    // As openFile, with `load` run on the worker (a model re-planned with other options): `path`
    // names the load in the signals, `filePath` becomes filePath() (empty for no file).
    using SourceLoader = std::function<planscope::result<planscope::opened_source>()>;
    void openWith(const QString& path, const QString& filePath, SourceLoader load);
    [[nodiscard]] bool isLoading() const { return m_pendingGeneration != 0; }
    // Writes the document as JSON; false and saveFailed on error.
    bool saveAs(const QString& path);

    [[nodiscard]] planscope::tensor_id selection() const { return m_selection; }
    // Ids outside the document select nothing. Observers hear only real changes.
    void setSelection(planscope::tensor_id tensor);

    // The trace being stepped: the current document's plan (nullptr while it is being planned),
    // or the scheduled one while that is shown.
    [[nodiscard]] const PlanTrace* planTrace() const { return showsScheduledTrace() ? m_scheduled.get() : m_trace.get(); }
    [[nodiscard]] bool isPlanning() const { return m_planGeneration != 0; }
    // The plan's current step (0 without a plan). setStep clamps to the plan's last step and
    // notifies onStepChanged when the step moves.
    [[nodiscard]] std::size_t step() const;
    void setStep(std::size_t step);

    // The scheduler's allocation of the document (scheduledTrace, ui/sched), shown at its step 0
    // in place of the document's own plan until the next document; nullptr is ignored.
    void setScheduledTrace(std::unique_ptr<PlanTrace> trace);
    [[nodiscard]] bool hasScheduledTrace() const { return m_scheduled != nullptr; }
    [[nodiscard]] bool showsScheduledTrace() const { return m_showScheduled && m_scheduled; }
    // Steps through the scheduled trace (true) or the document's own plan (false), from step 0:
    // observers get onPlanReady with the trace shown, then traceSwitched.
    void showScheduledTrace(bool show);

    // The era that plans, schedules and runs the document: a choice of the document's (another
    // document starts in its source's, setDocument; a re-plan of the same one keeps it). Another
    // era re-plans at once, or rebuilds a document whose graph is the era's (a .gguf: graph_era)
    // through the rebuild hook, whose load then brings the document to plan.
    [[nodiscard]] const planscope::era& era() const { return *m_era; }
    void setEra(planscope::ggml_version version);
    // Called by setEra with the new era (after eraChanged): true when it started a load (openWith)
    // of the document as that era builds it. Empty: always re-planned.
    using EraRebuild = std::function<bool(planscope::ggml_version)>;
    void setEraRebuild(EraRebuild rebuild) { m_eraRebuild = std::move(rebuild); }
    // The buffer type's maximum size (ggml 2026 chunks; SIZE_MAX: none), chosen like the era.
    [[nodiscard]] std::size_t maxBufferSize() const { return m_maxBufferSize; }
    void setMaxBufferSize(std::size_t bytes);

    // What llama.cpp reserves for the document, a llama prompt graph: its worst-case graph, built by
    // `build` with `params`, planned as the document is (ggml version, maximum buffer size) on a
    // worker thread (llama_reserved_bytes; graph_session_reserve.cpp). llamaReserveChanged when it
    // arrives or fails; another document or request drops it. The caller knows the source.
    void computeLlamaReserve(planscope::sweep_builder build, planscope::llama_params params);
    // Null until computed, and for another document; llamaReserveError() says why it failed.
    [[nodiscard]] const std::optional<planscope::llama_reserve>& llamaReserve() const { return m_reserve; }
    [[nodiscard]] const QString& llamaReserveError() const { return m_reserveError; }
    [[nodiscard]] bool isReservingLlama() const { return m_reserveGeneration != 0; }

    // The memory llama.cpp da46e59c's context reserves for the document (model, KV cache, compute
    // and output buffers, graph nodes, the resolved context): null for a document of another source.
    [[nodiscard]] const std::shared_ptr<const planscope::llm_reserve_result>& llmReserve() const { return m_llm; }

    // Observers are not owned; remove one before it is destroyed.
    void addObserver(IGraphObserver* observer);
    void removeObserver(IGraphObserver* observer);

signals:
    void loadStarted(const QString& path);
    void loadFinished(const QString& path);
    void loadFailed(const QString& path, const QString& message);
    // After loadFinished, when the import inferred what the file lacked (opened_source::warnings).
    void loadWarnings(const QString& path, const QStringList& warnings);
    void saved(const QString& path);
    void saveFailed(const QString& path, const QString& message);
    void planStarted();
    // While planning: the whole percent of nodes planned, growing to 100 (before planFinished).
    void planProgress(int percent);
    void planFinished(); // planTrace() is set, also when its plan failed (see its error())
    // planTrace() changed between the document's plan and the scheduled trace, or the latter was dropped.
    void traceSwitched(bool scheduled);
    void eraChanged();
    void maxBufferSizeChanged();
    void llamaReserveChanged(); // requested, computed, failed or dropped

private:
    template <class F>
    void notify(F&& f);
    void startPlan();
    void showTrace(PlanTrace* trace);
    void dropLlamaReserve();

    planscope::graph_document m_doc;
    GraphSummary m_summary;
    QString m_filePath;
    planscope::tensor_id m_selection;
    std::vector<IGraphObserver*> m_observers;
    quint64 m_lastGeneration = 0;
    quint64 m_pendingGeneration = 0; // 0 = no load running whose result would be applied
    std::vector<planscope::tensor_id> m_preallocate;
    const planscope::era* m_era = &planscope::era_for(planscope::ggml_version::v2023);
    std::shared_ptr<const planscope::sched_plan> m_logged;
    std::shared_ptr<const planscope::recorded_schedule> m_recorded;
    std::shared_ptr<const planscope::llm_reserve_result> m_llm;
    EraRebuild m_eraRebuild;
    bool m_planStale = false; // setEra left the plan to a rebuild, which may still fail
    std::size_t m_maxBufferSize = SIZE_MAX;
    std::unique_ptr<PlanTrace> m_trace;
    quint64 m_lastPlanGeneration = 0;
    quint64 m_planGeneration = 0; // of the plan running for the current document; 0 = none
    std::unique_ptr<PlanTrace> m_scheduled;
    bool m_showScheduled = false;
    std::optional<planscope::llama_reserve> m_reserve;
    QString m_reserveError;
    quint64 m_lastReserveGeneration = 0;
    quint64 m_reserveGeneration = 0; // of the reserve being computed; 0 = none
};

} // namespace planscope::ui
