#pragma once
// The attention template's plan as the GUI records it, for the stepping and why-panel tests: a
// PlanTrace built directly, and a session that has opened and planned a template.
#include "models/templates.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"

#include <QSignalSpy>
#include <QtTest>

#include <memory>

namespace planscope::ui::test {

// What the session plans for the template: its document with its inputs pre-allocated.
inline std::unique_ptr<PlanTrace> attentionTrace() {
    auto t = planscope::build_template("attention");
    if (!t) qFatal("attention template: %s", t.err().message.c_str());
    return PlanTrace::build(t->doc, t->inputs);
}

// Opens the template `name` in `session` and waits for its plan; false when either fails.
inline bool openPlanned(GraphSession& session, const QString& name = QStringLiteral("attention")) {
    QSignalSpy finished(&session, &GraphSession::planFinished);
    return session.openTemplate(name) && finished.wait(20000);
}

} // namespace planscope::ui::test
