// View > Compare ggml Versions (issue 20 in the GUI): the dialog diffs on a worker thread, shows
// both buffer sizes and the counts per rule, can be cancelled, shows an error as one line, and
// selects a row's tensor in the main window's session.
#include "alloc_trace_fixture.h"
#include "compare/version_compare_dialog.h"
#include "compare/version_diff_model.h"
#include "mainwindow/main_window.h"
#include "session/graph_session.h"
#include "ui_test_support.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>

using namespace planscope;
using namespace planscope::ui;
using namespace Qt::StringLiterals;

namespace {

QString number(qulonglong n) { return QLocale().toString(n); }

void selectRow(VersionCompareDialog& dialog, int row) {
    QTableView* table = dialog.table();
    table->setCurrentIndex(table->model()->index(row, VersionDiffModel::TensorColumn));
}

} // namespace

class TestVersionCompare : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::isolateSettings(u"test_version_compare"_s); }
    void dialogDiffsOnAWorkerThread();
    void cancelDropsTheResult();
    void failureIsOneLine();
    void mainWindowAction();
};

// small.json (see test_version_diff_model): 384 bytes in 2023, 256 in 2026, c and out differ.
void TestVersionCompare::dialogDiffsOnAWorkerThread() {
    const graph_document doc = test::smallGraph();
    VersionCompareDialog dialog(doc, {});
    dialog.show();
    QSignalSpy finished(&dialog, &VersionCompareDialog::comparisonFinished);
    QSignalSpy selected(&dialog, &VersionCompareDialog::tensorSelected);
    // The constructor started the diff; the GUI thread stays free meanwhile.
    QVERIFY(dialog.isBusy());
    QCOMPARE(dialog.statusText(), u"Comparing…"_s);
    QVERIFY(dialog.findChild<QProgressBar*>()->isVisible());
    QVERIFY(finished.wait(15000));
    QVERIFY(!dialog.isBusy());
    QVERIFY(!dialog.findChild<QProgressBar*>()->isVisible());
    QCOMPARE(dialog.statusText(), u"Tensors placed differently: 2"_s);
    QCOMPARE(dialog.sizesText().section(u'\n', 0, 0), u"ggml 2023: 384 bytes (max_size), tensors placed: 4"_s);
    QCOMPARE(dialog.sizesText().section(u'\n', 1, 1), u"ggml 2026: 256 bytes (chunks: 256 bytes), tensors placed: 4"_s);
    QVERIFY(dialog.sizesText().contains(u"parse_seq"_s));
    QCOMPARE(dialog.rulesText(), u"parse_seq ignored by 2026 (1)   ·   moved (1)"_s);
    QCOMPARE(dialog.table()->model()->rowCount(), 2);

    selectRow(dialog, 1);
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected.at(0).at(0).value<tensor_id>(), test::findTensor(doc, "out"));
    QVERIFY(test::labelsWithoutBuddy(dialog).isEmpty());
}

void TestVersionCompare::cancelDropsTheResult() {
    VersionCompareDialog dialog(test::smallGraph(), {});
    QSignalSpy finished(&dialog, &VersionCompareDialog::comparisonFinished);
    QSignalSpy cancelled(&dialog, &VersionCompareDialog::comparisonCancelled);
    dialog.cancel();
    QCOMPARE(cancelled.size(), 1);
    QVERIFY(!dialog.isBusy());
    QCOMPARE(dialog.statusText(), u"Comparison cancelled."_s);
    QTest::qWait(300); // the worker ends; its result is dropped
    QCOMPARE(finished.size(), 0);
    QCOMPARE(dialog.model()->rowCount(), 0);
    QVERIFY(!dialog.diff());

    // A newer request wins: only its result is applied.
    dialog.compare();
    dialog.compare();
    QVERIFY(finished.wait(15000));
    QTest::qWait(100);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(dialog.model()->rowCount(), 2);
}

// 2023 cannot place an input that is not there: the error is one line in the dialog.
void TestVersionCompare::failureIsOneLine() {
    VersionCompareDialog dialog(test::smallGraph(), {tensor_id{std::size_t{9999}}});
    QSignalSpy failed(&dialog, &VersionCompareDialog::comparisonFailed);
    QVERIFY(failed.wait(15000));
    const QString message = failed.at(0).at(0).toString();
    QCOMPARE(message, u"ggml 2023: tensor allocator: tensor id 9999 does not exist"_s);
    QCOMPARE(dialog.statusText(), u"Comparison failed: "_s + message);
    QVERIFY(!dialog.statusText().contains(u'\n'));
    QVERIFY(dialog.sizesText().isEmpty());
    QCOMPARE(dialog.model()->rowCount(), 0);
}

// planscope-cli plan template:attention --compare-ggml: ggml-2023 9632, ggml-2026 7680 (one chunk);
// 3 input-first, 35 moved; inp_pos first.
void TestVersionCompare::mainWindowAction() {
    MainWindow w;
    QStringList errors;
    w.setErrorReporter(std::make_unique<test::RecordingErrorReporter>(&errors));
    auto* action = w.findChild<QAction*>(u"compareGgmlVersionsAction"_s);
    QVERIFY(action);
    QVERIFY(action->shortcut().isEmpty());
    QVERIFY(!action->isEnabled()); // no document yet
    QVERIFY(w.session()->openTemplate(u"attention"_s));
    QVERIFY(action->isEnabled());

    action->trigger();
    auto* dialog = w.findChild<VersionCompareDialog*>();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QSignalSpy finished(dialog, &VersionCompareDialog::comparisonFinished);
    QVERIFY(dialog->isBusy() || dialog->diff());
    if (!dialog->diff()) QVERIFY(finished.wait(15000));
    const QString sizes = dialog->sizesText();
    QVERIFY2(sizes.contains(number(9632) + u" bytes"_s), qPrintable(sizes));
    QVERIFY2(sizes.contains(number(7680) + u" bytes"_s), qPrintable(sizes));
    QCOMPARE(dialog->rulesText(), u"input placed first by 2026 (3)   ·   moved (35)"_s);
    QCOMPARE(dialog->model()->rowCount(), 38);

    // A row's tensor becomes the window's selection.
    const tensor_id inpPos = test::findTensor(w.session()->document(), "inp_pos");
    QVERIFY(inpPos.valid());
    selectRow(*dialog, 0);
    QCOMPARE(w.session()->selection(), inpPos);

    // Another document: the dialog's ids are no longer the window's.
    w.session()->setDocument(test::smallGraph());
    const tensor_id before = w.session()->selection();
    selectRow(*dialog, 1);
    QCOMPARE(w.session()->selection(), before);
    QVERIFY(errors.isEmpty());
    // Issue 36: a Close button, which closes (and deletes) it.
    auto* buttons = dialog->findChild<QDialogButtonBox*>(u"versionCompareButtons"_s);
    QVERIFY(buttons);
    QPushButton* close = buttons->button(QDialogButtonBox::Close);
    QVERIFY(close && close->isVisible());
    close->click();
    QTRY_VERIFY(!w.findChild<VersionCompareDialog*>());
}

QTEST_MAIN(TestVersionCompare)
#include "test_version_compare.moc"
