#pragma once
// The open graph and the selection, shared by every panel of a main window.
//
// Loading a file runs on a worker thread; each open gets a generation number and only the
// newest one's result is applied (hotspot's job tracker), so a slow stale load never wins.
// A failed load leaves the current document in place and emits loadFailed.
#include "core/document.h"
#include "model/graph_summary.h"

#include <QObject>
#include <QString>

#include <vector>

namespace planscope::ui {

class IGraphObserver;

class GraphSession final : public QObject {
    Q_OBJECT

public:
    explicit GraphSession(QObject* parent = nullptr);
    ~GraphSession() override; // waits for running loads

    [[nodiscard]] const planscope::graph_document& document() const { return m_doc; }
    [[nodiscard]] const GraphSummary& summary() const { return m_summary; }
    // The file the document came from or was last saved to; empty for a built-in template.
    [[nodiscard]] QString filePath() const { return m_filePath; }
    // The document's name, else the file's base name.
    [[nodiscard]] QString displayName() const;

    // Replaces the document and notifies every observer.
    void setDocument(planscope::graph_document doc, const QString& filePath = {});
    // Builds a built-in graph (planscope::templates()); false and loadFailed on an unknown name.
    bool openTemplate(const QString& name);
    // Opens a graph file, model or DOT dump (open_graph_source) on a worker thread; ends with
    // loadFinished or loadFailed.
    void openFile(const QString& path);
    [[nodiscard]] bool isLoading() const { return m_pendingGeneration != 0; }
    // Writes the document as JSON; false and saveFailed on error.
    bool saveAs(const QString& path);

    [[nodiscard]] planscope::tensor_id selection() const { return m_selection; }
    // Ids outside the document select nothing. Observers hear only real changes.
    void setSelection(planscope::tensor_id tensor);

    // Observers are not owned; remove one before it is destroyed.
    void addObserver(IGraphObserver* observer);
    void removeObserver(IGraphObserver* observer);

signals:
    void loadStarted(const QString& path);
    void loadFinished(const QString& path);
    void loadFailed(const QString& path, const QString& message);
    void saved(const QString& path);
    void saveFailed(const QString& path, const QString& message);

private:
    template <class F>
    void notify(F&& f);

    planscope::graph_document m_doc;
    GraphSummary m_summary;
    QString m_filePath;
    planscope::tensor_id m_selection;
    std::vector<IGraphObserver*> m_observers;
    quint64 m_lastGeneration = 0;
    quint64 m_pendingGeneration = 0; // 0 = no load running whose result would be applied
};

} // namespace planscope::ui
