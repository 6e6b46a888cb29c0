#pragma once
// What follows a llama document's arrival, once per document, what-if edit or allocator change:
// a model opened plainly in a 2023 graph is re-planned with the remembered ngl (AppSettings::ngl,
// as the what-if bar re-plans), and for a 2023 prompt graph the session computes what llama.cpp
// reserves (GraphSession::computeLlamaReserve; a 2026 graph brings llama.cpp da46e59c's reserve). The work is posted once per burst of signals: a load
// reports its source twice (ModelReplanner::sourceChanged), an extra plan for each would be waste.
#include <QObject>
#include <QString>

namespace planscope::ui {

class GraphSession;
class ModelReplanner;

class ModelFollowUp final : public QObject {
    Q_OBJECT

public:
    ModelFollowUp(GraphSession* session, ModelReplanner* replanner, QObject* parent = nullptr);

    // Saves `ngl` as the one to re-plan with (the what-if bar's edit).
    static void rememberNgl(int ngl);

private:
    void post();
    void run();

    GraphSession* m_session;
    ModelReplanner* m_replanner;
    bool m_posted = false;
    bool m_specSetsNgl = false; // the last load was a template spec with its own ngl=
};

} // namespace planscope::ui
