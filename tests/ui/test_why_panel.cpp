// The why-panel: explanations of real events of the attention template's plan (the chosen block
// among the candidates, inplace reuse, refusals) and the panel following the session's step.
#include "alloc/tensor_allocator.h"
#include "model/event_text.h"
#include "model/format.h"
#include "panels/why_panel.h"
#include "panels/why_text.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"
#include "plan_trace_fixture.h"
#include "ui_test_support.h"

#include <QSignalSpy>
#include <QtTest>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {

// The step of the first event that satisfies `pred`, 0 when none does.
template <class E, class P>
std::size_t firstStep(const PlanTrace& trace, P pred) {
    for (std::size_t i = 0; i < trace.events().size(); ++i)
        if (const auto* e = std::get_if<E>(&trace.events()[i]); e && pred(*e)) return i + 1;
    return 0;
}

} // namespace

class TestWhyPanel : public QObject {
    Q_OBJECT
private slots:
    void bestFitAlloc();
    void lastBlockAlloc();
    void inplaceAndRefused();
    void blockSize_data();
    void blockSize();
    void measureTail();
    void panelFollowsStep();
};

void TestWhyPanel::bestFitAlloc() {
    const auto trace = attentionTrace();
    // The first allocation that had a choice: a block before the last one won.
    const std::size_t step = firstStep<events::alloc>(*trace, [](const events::alloc& a) { return !a.last_block; });
    QVERIFY(step > 0);
    const auto& a = std::get<events::alloc>(trace->events()[step - 1]);
    const WhyExplanation why = explainEvent(trace->events()[step - 1], trace->document());
    const QLocale l;
    QCOMPARE(step, std::size_t{18});
    QCOMPARE(why.title, u"Allocate 'node_6': %1 bytes at offset %2"_s.arg(l.toString(1024), l.toString(2048)));
    QCOMPARE(why.reason, u"Best fit: block 0 (%1 bytes) is the smallest of 1 fitting block(s); the last block is kept "
                         "as the last resort."_s.arg(l.toString(1024)));
    QCOMPARE(static_cast<int>(why.candidates.size()), static_cast<int>(a.candidates.size()));
    QVERIFY(why.candidates[a.block].chosen);
    QVERIFY(why.candidates.back().last);
    QVERIFY(why.reason.startsWith(u"Best fit: block %1"_s.arg(a.block)));

    // Every allocation of the plan: the chosen block is the smallest fitting one before the last,
    // and of equal sizes the later (`<=`); the last block only when none of those fits.
    for (const alloc_event& e : trace->events()) {
        const auto* each = std::get_if<events::alloc>(&e);
        if (!each) continue;
        const WhyExplanation w = explainEvent(e, trace->document());
        QVERIFY(w.candidates[each->block].chosen);
        bool earlierFits = false;
        for (std::size_t i = 0; i + 1 < w.candidates.size(); ++i) {
            if (!w.candidates[i].fits) continue;
            earlierFits = true;
            QVERIFY(w.candidates[i].size >= w.candidates[each->block].size);
            if (i > each->block) QVERIFY(w.candidates[i].size > w.candidates[each->block].size);
        }
        QCOMPARE(each->last_block, !earlierFits);
        QCOMPARE(w.reason.startsWith(u"Best fit"_s), !each->last_block);
    }
}

void TestWhyPanel::lastBlockAlloc() {
    const auto trace = attentionTrace();
    const std::size_t step = firstStep<events::alloc>(*trace, [](const events::alloc& a) { return a.last_block; });
    QVERIFY(step > 0);
    const WhyExplanation why = explainEvent(trace->events()[step - 1], trace->document());
    const QLocale l;
    QCOMPARE(step, std::size_t{3});
    QCOMPARE(why.title, u"Allocate 'inp_embd': %1 bytes at offset 0"_s.arg(l.toString(1024)));
    QCOMPARE(why.reason, u"No block before the last one is large enough, so the last block, the end of the buffer, is "
                         "used as the last resort. The buffer's high-water mark grows from 0 to %1 bytes."_s
                             .arg(l.toString(1024)));
    QVERIFY(why.reason.startsWith(u"No block before the last one is large enough"_s));
    QVERIFY(why.candidates.back().chosen);
}

void TestWhyPanel::inplaceAndRefused() {
    const auto trace = attentionTrace();
    const std::size_t inplace = firstStep<events::inplace>(*trace, [](const events::inplace&) { return true; });
    QVERIFY(inplace > 0);
    const auto& i = std::get<events::inplace>(trace->events()[inplace - 1]);
    const WhyExplanation reuse = explainEvent(trace->events()[inplace - 1], trace->document());
    QCOMPARE(inplace, std::size_t{7});
    QCOMPARE(reuse.title, u"Inplace: 'attn_norm-0' reuses 'norm-0' at offset %1"_s.arg(QLocale().toString(1024)));
    QVERIFY(reuse.title.contains(toQString(trace->document().ctx[i.parent].name)));
    QVERIFY(reuse.candidates.empty());

    const std::size_t refused = firstStep<events::refused>(*trace, [](const events::refused&) { return true; });
    QVERIFY(refused > 0);
    const auto& r = std::get<events::refused>(trace->events()[refused - 1]);
    const WhyExplanation no = explainEvent(trace->events()[refused - 1], trace->document());
    QCOMPARE(refused, std::size_t{4});
    QCOMPARE(no.title, u"Not reusing 'inp_embd' for 'norm-0'"_s);
    QCOMPARE(no.reason, u"'inp_embd' has other children still to run, which read it after 'norm-0'."_s);
    QCOMPARE(no.reason, refusalText(r.reason, u"'"_s + toQString(trace->document().ctx[r.node].name) + u"'"_s,
                                    u"'"_s + toQString(trace->document().ctx[r.parent].name) + u"'"_s));
    QCOMPARE(refusalText(refusal::other_children, u"'b'"_s, u"'a'"_s),
             u"'a' has other children still to run, which read it after 'b'."_s);
    // ggml 2026's reasons.
    QCOMPARE(refusalText(refusal::output, u"'b'"_s, u"'a'"_s), u"'a' is a graph output, which ggml 2026 never lets 'b' overwrite."_s);
    QCOMPARE(refusalText(refusal::view_not_own, u"'b'"_s, u"'a'"_s),
             u"'a' is a view: ggml 2026 takes over only memory this pass allocated itself, never a view's, so 'b' gets memory of its own."_s);
}

void TestWhyPanel::blockSize_data() {
    QTest::addColumn<qulonglong>("offset");
    QTest::addColumn<qulonglong>("size");
    QTest::addColumn<QString>("expected");
    const QLocale l;
    QTest::newRow("a block") << 0ull << 1024ull << l.toString(1024);
    QTest::newRow("a real buffer's last block") << 2048ull << 4096ull << l.toString(4096);
    QTest::newRow("measure tail") << 2112ull << qulonglong{measure_capacity - 2112} << u"unbounded"_s;
    QTest::newRow("measure tail from 0") << 0ull << qulonglong{measure_capacity} << u"unbounded"_s;
    QTest::newRow("one byte short of the tail") << 0ull << qulonglong{measure_capacity - 1}
                                                << l.toString(qulonglong{measure_capacity - 1});
}

void TestWhyPanel::blockSize() {
    QFETCH(qulonglong, offset);
    QFETCH(qulonglong, size);
    QFETCH(QString, expected);
    const free_block block{offset, static_cast<std::size_t>(size)};
    WhyCandidate c{block.offset, block.size, true, false, true, isUnboundedTail(block)};
    QCOMPARE(blockSizeText(c), expected);
}

// The plan measures its compute buffer: the last free block is the measure allocator's
// SIZE_MAX / 2 tail, which the panel shows as unbounded, never as its byte count.
void TestWhyPanel::measureTail() {
    const auto trace = attentionTrace();
    const std::size_t allocStep = firstStep<events::alloc>(*trace, [](const events::alloc& a) { return !a.last_block; });
    const WhyExplanation alloc = explainEvent(trace->events()[allocStep - 1], trace->document());
    QVERIFY(alloc.candidates.back().unbounded);
    QCOMPARE(blockSizeText(alloc.candidates.back()), u"unbounded"_s);
    for (std::size_t i = 0; i + 1 < alloc.candidates.size(); ++i) QVERIFY(!alloc.candidates[i].unbounded);

    const std::size_t freeStep = firstStep<events::free>(*trace, [](const events::free& f) { return isUnboundedTail(f.result); });
    QVERIFY(freeStep > 0);
    const auto& f = std::get<events::free>(trace->events()[freeStep - 1]);
    const WhyExplanation freed = explainEvent(trace->events()[freeStep - 1], trace->document());
    QCOMPARE(freeStep, std::size_t{38});
    QCOMPARE(freed.reason, u"Its last child has run. The range joins the free list (merged with next) as block %1, the "
                           "unbounded tail from offset %2."_s.arg(f.block).arg(QLocale().toString(f.result.offset)));

    GraphSession session;
    WhyPanel panel(&session);
    QVERIFY(openPlanned(session));
    session.setStep(allocStep);
    const QString huge = QLocale().toString(qulonglong{alloc.candidates.back().size});
    QVERIFY2(!panel.text().contains(huge), qPrintable(panel.text()));
    QVERIFY(panel.text().contains(u"unbounded"_s));
}

void TestWhyPanel::panelFollowsStep() {
    GraphSession session;
    WhyPanel panel(&session);
    QVERIFY(openPlanned(session));
    QVERIFY(panel.text().startsWith(u"Step 0"_s));
    const std::size_t step =
        firstStep<events::alloc>(*session.planTrace(), [](const events::alloc& a) { return !a.last_block; });
    session.setStep(step);
    QVERIFY(panel.text().contains(u"Best fit"_s));
    QVERIFY(panel.text().contains(u"chosen"_s));
}

QTEST_MAIN(TestWhyPanel)
#include "test_why_panel.moc"
