#include "why_panel.h"

#include "model/format.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"
#include "why_text.h"

#include <QLocale>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

QString candidateTable(const WhyExplanation& why) {
    if (why.candidates.empty()) return {};
    const QLocale locale;
    QString html = u"<table cellspacing=\"0\" cellpadding=\"3\" border=\"1\"><tr><th>#</th><th>"_s +
                   WhyPanel::tr("Offset") + u"</th><th>"_s + WhyPanel::tr("Size") + u"</th><th></th></tr>"_s;
    for (std::size_t i = 0; i < why.candidates.size(); ++i) {
        const WhyCandidate& c = why.candidates[i];
        QString note = c.chosen ? WhyPanel::tr("chosen") : c.fits ? WhyPanel::tr("fits") : WhyPanel::tr("too small");
        if (c.last) note += u" · "_s + WhyPanel::tr("last block");
        const QString row = c.chosen ? u"<tr style=\"font-weight:bold; background:#d8f0d8\">"_s : u"<tr>"_s;
        html += row + u"<td>"_s + QString::number(i) + u"</td><td align=\"right\">"_s +
                locale.toString(static_cast<qulonglong>(c.offset)) + u"</td><td align=\"right\">"_s +
                blockSizeText(c) + u"</td><td>"_s + note + u"</td></tr>"_s;
    }
    return html + u"</table>"_s;
}

} // namespace

WhyPanel::WhyPanel(GraphSession* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_view(new QTextBrowser(this)) {
    setObjectName(u"whyPanel"_s);
    m_view->setObjectName(u"whyText"_s);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    m_session->addObserver(this);
    showCurrent();
}

WhyPanel::~WhyPanel() { m_session->removeObserver(this); }

QString WhyPanel::text() const { return m_view->toPlainText(); }

void WhyPanel::onGraphLoaded(const planscope::graph_document&) { showCurrent(); }
void WhyPanel::onPlanReady(const PlanTrace&) { showCurrent(); }
void WhyPanel::onStepChanged(std::size_t) { showCurrent(); }

void WhyPanel::showCurrent() {
    const PlanTrace* trace = m_session->planTrace();
    if (!trace) {
        m_view->setHtml(m_session->isPlanning() ? tr("<i>Planning…</i>") : QString());
        return;
    }
    const planscope::alloc_event* e = trace->currentEvent();
    if (!e) {
        m_view->setHtml(tr("<i>Step 0: nothing allocated yet. Step forward (F10) to see each decision.</i>"));
        return;
    }
    const WhyExplanation why = explainEvent(*e, trace->document());
    m_view->setHtml(u"<p><b>"_s + why.title.toHtmlEscaped() + u"</b></p><p>"_s + why.reason.toHtmlEscaped() +
                    u"</p>"_s + candidateTable(why));
}

} // namespace planscope::ui
