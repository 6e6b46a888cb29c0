// The ggml 2023 / 2026 version diff as a table (issue 20 in the GUI): VersionDiffModel under
// QAbstractItemModelTester, with the values planscope-cli plan FILE --compare-ggml prints.
#include "alloc_trace_fixture.h"
#include "compare/version_diff_model.h"
#include "model/format.h"
#include "split_test_support.h"
#include "ui_test_support.h"

#include <QAbstractItemModelTester>
#include <QLocale>
#include <QSortFilterProxyModel>

using namespace planscope;
using namespace planscope::ui;
using namespace Qt::StringLiterals;

namespace {

using M = VersionDiffModel;

QString cell(const QAbstractItemModel& m, int row, int column, int role = Qt::DisplayRole) {
    return m.data(m.index(row, column), role).toString();
}

QString number(qulonglong n) { return QLocale().toString(n); }

} // namespace

class TestVersionDiffModel : public QObject {
    Q_OBJECT
private slots:
    void smallGraphParseSeq();
    void smallLlamaRopeRefused();
    void sortsByNumbers();
    void everyRuleHasWords();
};

// planscope-cli plan tests/data/graphs/small.json --compare-ggml:
//   ggml-2023 384 placed 4 / ggml-2026 256 placed 4 chunks 256 / note parse-seq-removed
//   tensor c   CONT  128 256 0   - - kept freed parse-seq-removed -
//   tensor out UNARY  32   0 128 - - kept kept  moved             c
void TestVersionDiffModel::smallGraphParseSeq() {
    const graph_document doc = test::smallGraph();
    auto diff = diff_ggml_versions(doc, {}, 32);
    QVERIFY(diff);
    QCOMPARE(diff->size_2023, 384u);
    QCOMPARE(diff->size_2026(), 256u);

    M model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setDiff(*diff, doc);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), 8);

    QCOMPARE(cell(model, 0, M::TensorColumn), u"c"_s);
    QCOMPARE(cell(model, 0, M::SizeColumn), formatBytes(128));
    QCOMPARE(cell(model, 0, M::Offset2023Column), number(256));
    QCOMPARE(cell(model, 0, M::Offset2026Column), number(0));
    QCOMPARE(cell(model, 0, M::InPlace2023Column), QString());
    QCOMPARE(cell(model, 0, M::RuleColumn), u"parse_seq ignored by 2026"_s);
    QCOMPARE(cell(model, 0, M::BecauseColumn), QString());
    // kept by 2023 (the barrier), freed by 2026
    QCOMPARE(cell(model, 0, M::Offset2023Column, Qt::ToolTipRole), u"Kept by ggml 2023 to the end of the graph"_s);
    QCOMPARE(cell(model, 0, M::Offset2026Column, Qt::ToolTipRole), u"Freed by ggml 2026 before the end of the graph"_s);

    QCOMPARE(cell(model, 1, M::TensorColumn), u"out"_s);
    QCOMPARE(model.data(model.index(1, M::SizeColumn), M::SortRole).toULongLong(), 32u);
    QCOMPARE(model.data(model.index(1, M::Offset2023Column), M::SortRole).toULongLong(), 0u);
    QCOMPARE(model.data(model.index(1, M::Offset2026Column), M::SortRole).toULongLong(), 128u);
    QCOMPARE(cell(model, 1, M::RuleColumn), u"moved"_s);
    QCOMPARE(cell(model, 1, M::BecauseColumn), u"c"_s);
    QCOMPARE(model.row(1).because, test::findTensor(doc, "c"));
    QVERIFY(cell(model, 1, M::RuleColumn, Qt::ToolTipRole).contains(u"c"_s));

    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

// planscope-cli plan 'template:llama?n_vocab=32&n_embd=16&n_layer=2&n_head=2&n_ff=32&n_ctx=16&n_batch=2&ngl=1'
// --compare-ggml: 992 bytes in both; 3 input-first, 4 inplace-view-parent-refused, 21 moved:
//   tensor inp_pos  NONE     8 160 32  - -                  freed freed input-first                 -
//   tensor inp_embd GET_ROWS 128 32 224 - -                 freed freed moved                       inp_pos
//   tensor Kcur-0   ROPE   128 480 608 Kcur-0 (reshaped) -  freed freed inplace-view-parent-refused -
//   tensor Qcur-0   ROPE   128 480 352 Qcur-0 (reshaped) -  kept  freed inplace-view-parent-refused -
void TestVersionDiffModel::smallLlamaRopeRefused() {
    auto made = build_template(test::smallLlama);
    QVERIFY(made);
    auto diff = diff_ggml_versions(made->doc, made->inputs, 32);
    QVERIFY(diff);
    QCOMPARE(diff->size_2023, 992u);
    QCOMPARE(diff->chunks_2026, (std::vector<std::size_t>{992}));
    QCOMPARE(diff->count(version_rule::input_first), 3u);
    QCOMPARE(diff->count(version_rule::inplace_view_parent_refused), 4u);
    QCOMPARE(diff->count(version_rule::moved), 21u);

    M model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setDiff(*diff, made->doc);
    QCOMPARE(model.rowCount(), 28);

    QCOMPARE(cell(model, 0, M::TensorColumn), u"inp_pos"_s);
    QCOMPARE(cell(model, 0, M::SizeColumn), formatBytes(8));
    QCOMPARE(cell(model, 0, M::Offset2023Column), number(160));
    QCOMPARE(cell(model, 0, M::Offset2026Column), number(32));
    QCOMPARE(cell(model, 0, M::RuleColumn), u"input placed first by 2026"_s);

    QCOMPARE(cell(model, 3, M::TensorColumn), u"inp_embd"_s);
    QCOMPARE(cell(model, 3, M::RuleColumn), u"moved"_s);
    QCOMPARE(cell(model, 3, M::BecauseColumn), u"inp_pos"_s);

    QCOMPARE(cell(model, 5, M::TensorColumn), u"Qcur-0"_s);
    QCOMPARE(cell(model, 5, M::Offset2023Column), number(480));
    QCOMPARE(cell(model, 5, M::Offset2026Column), number(352));
    QCOMPARE(cell(model, 5, M::InPlace2023Column), u"Qcur-0 (reshaped)"_s);
    QCOMPARE(cell(model, 5, M::InPlace2026Column), QString());
    QCOMPARE(cell(model, 5, M::RuleColumn), u"in-place refused: parent is a view"_s);
    QCOMPARE(cell(model, 5, M::Offset2023Column, Qt::ToolTipRole), u"Kept by ggml 2023 to the end of the graph"_s);

    // kq_scaled-0 is in place of kq-0 in both versions, only moved.
    QCOMPARE(cell(model, 7, M::TensorColumn), u"kq_scaled-0"_s);
    QCOMPARE(cell(model, 7, M::InPlace2023Column), u"kq-0"_s);
    QCOMPARE(cell(model, 7, M::InPlace2026Column), u"kq-0"_s);
}

// Offsets and sizes sort as numbers through a proxy (as the dialog's table does).
void TestVersionDiffModel::sortsByNumbers() {
    auto made = build_template(test::smallLlama);
    QVERIFY(made);
    auto diff = diff_ggml_versions(made->doc, made->inputs, 32);
    QVERIFY(diff);
    M model;
    model.setDiff(*diff, made->doc);
    QSortFilterProxyModel proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&model);
    proxy.setSortRole(M::SortRole);
    proxy.sort(M::Offset2026Column, Qt::AscendingOrder);
    qulonglong previous = 0;
    for (int r = 0; r < proxy.rowCount(); ++r) {
        const qulonglong offset = proxy.data(proxy.index(r, M::Offset2026Column), M::SortRole).toULongLong();
        QVERIFY2(offset >= previous, qPrintable(u"row %1"_s.arg(r)));
        previous = offset;
    }
    QCOMPARE(proxy.data(proxy.index(0, M::Offset2026Column)).toString(), number(0));
    proxy.sort(M::SizeColumn, Qt::DescendingOrder);
    QCOMPARE(proxy.data(proxy.index(0, M::SizeColumn), M::SortRole).toULongLong(), 256u); // kq-N and ffn_gate-N
    proxy.sort(M::RuleColumn, Qt::AscendingOrder); // input-first, then the refused ROPEs, then moved
    QCOMPARE(proxy.data(proxy.index(0, M::RuleColumn)).toString(), u"input placed first by 2026"_s);
    QCOMPARE(proxy.data(proxy.index(3, M::RuleColumn)).toString(), u"in-place refused: parent is a view"_s);
    QCOMPARE(proxy.data(proxy.index(27, M::RuleColumn)).toString(), u"moved"_s);
}

void TestVersionDiffModel::everyRuleHasWords() {
    QSet<QString> texts;
    for (const version_rule r : versionRules) {
        QVERIFY(!M::ruleText(r).isEmpty());
        QVERIFY(!M::ruleDescription(r).isEmpty());
        texts.insert(M::ruleText(r));
    }
    QCOMPARE(texts.size(), static_cast<qsizetype>(versionRules.size()));
}

QTEST_MAIN(TestVersionDiffModel)
#include "test_version_diff_model.moc"
