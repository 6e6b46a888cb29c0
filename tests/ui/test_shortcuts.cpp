// Help > Keyboard Shortcuts: the list read from a MainWindow's actions (exactly those with a
// shortcut, in menu groups, texts without '&', native key text), the tree model under
// QAbstractItemModelTester, an action added later showing up, and the dialog the Help menu opens.
#include "mainwindow/main_window.h"
#include "mainwindow/shortcut_model.h"
#include "mainwindow/shortcuts_dialog.h"
#include "ui_test_support.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QTreeView>
#include <QtTest>

#include <algorithm>

using namespace planscope::ui;
using namespace Qt::StringLiterals;

namespace {

int countOf(const std::vector<ShortcutEntry>& entries, const ShortcutEntry& wanted) {
    return static_cast<int>(std::count(entries.begin(), entries.end(), wanted));
}

QMenu* menuTitled(QMenuBar* bar, const QString& title) {
    for (QAction* a : bar->actions())
        if (a->menu() && a->menu()->title() == title) return a->menu();
    return nullptr;
}

} // namespace

class TestShortcuts : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void withoutMnemonic_data();
    void withoutMnemonic();
    void listsWindowShortcut_data();
    void listsWindowShortcut();
    void exactlyTheActionsWithShortcuts();
    void modelGroupsByMenu();
    void addedActionShowsUp();
    void helpMenuOpensDialog();
};

void TestShortcuts::initTestCase() { planscope::ui::test::isolateSettings(u"test_shortcuts"_s); }

void TestShortcuts::withoutMnemonic_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("leading") << u"&Open…"_s << u"Open…"_s;
    QTest::newRow("inside") << u"Save &As…"_s << u"Save As…"_s;
    QTest::newRow("none") << u"Stepping"_s << u"Stepping"_s;
    QTest::newRow("literal ampersand") << u"Copy && &Paste"_s << u"Copy & Paste"_s;
    QTest::newRow("CJK accelerator") << u"单步(&S)"_s << u"单步"_s;
}

void TestShortcuts::withoutMnemonic() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(planscope::ui::withoutMnemonic(text), expected);
}

void TestShortcuts::listsWindowShortcut_data() {
    QTest::addColumn<QString>("group");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("keys");
    QTest::newRow("open") << u"File"_s << QString() << u"Open…"_s << u"Ctrl+O"_s;
    QTest::newRow("export, a submenu") << u"File"_s << u"Export"_s << u"Export…"_s << u"Ctrl+E"_s;
    QTest::newRow("find") << u"View"_s << QString() << u"Find Tensor…"_s << u"Ctrl+F"_s;
    QTest::newRow("fold") << u"View"_s << QString() << u"Fold Repeated Blocks"_s << u"Ctrl+B"_s;
    QTest::newRow("schedule") << u"Schedule"_s << QString() << u"Schedule"_s << u"F7"_s;
    QTest::newRow("replay") << u"Schedule"_s << QString() << u"Replay Assignment"_s << u"Shift+F7"_s;
    QTest::newRow("run") << u"Schedule"_s << QString() << u"Run"_s << u"F8"_s;
    QTest::newRow("play") << u"Step"_s << QString() << u"Play / Pause"_s << u"F5"_s;
    QTest::newRow("step") << u"Step"_s << QString() << u"Step"_s << u"F10"_s;
    QTest::newRow("step back") << u"Step"_s << QString() << u"Step Back"_s << u"Shift+F10"_s;
    QTest::newRow("run to end") << u"Step"_s << QString() << u"Run to Breakpoint or End"_s << u"Ctrl+F5"_s;
    QTest::newRow("run to start") << u"Step"_s << QString() << u"Run Back to Breakpoint or Start"_s << u"Ctrl+Shift+F5"_s;
    QTest::newRow("first step") << u"Step"_s << QString() << u"First Step"_s << u"Home"_s;
    QTest::newRow("last step") << u"Step"_s << QString() << u"Last Step"_s << u"End"_s;
    QTest::newRow("tensor breakpoint") << u"Step"_s << QString() << u"Toggle Breakpoint on Tensor"_s << u"F9"_s;
}

void TestShortcuts::listsWindowShortcut() {
    QFETCH(QString, group);
    QFETCH(QString, path);
    QFETCH(QString, text);
    QFETCH(QString, keys);
    MainWindow w;
    QCOMPARE(countOf(windowShortcuts(w), ShortcutEntry{group, path, text, keys}), 1);
}

void TestShortcuts::exactlyTheActionsWithShortcuts() {
    MainWindow w;
    const std::vector<ShortcutEntry> entries = windowShortcuts(w);
    QStringList expected;
    for (const QAction* a : w.findChildren<QAction*>()) {
        QStringList keys;
        for (const QKeySequence& k : a->shortcuts()) keys << k.toString(QKeySequence::NativeText);
        if (!keys.isEmpty()) expected << keys.join(u", "_s);
    }
    QStringList listed;
    for (const ShortcutEntry& e : entries) listed << e.keys;
    expected.sort();
    listed.sort();
    QCOMPARE(listed, expected);
    QVERIFY(entries.size() >= 20);
    // Every action the window has is in a menu: no group of tool bar leftovers.
    for (const ShortcutEntry& e : entries) {
        QVERIFY2(!e.text.contains(u'&'), qPrintable(e.text));
        QVERIFY2(e.group != u"Other"_s && e.group != u"Stepping"_s, qPrintable(e.group + u": "_s + e.text));
    }
}

void TestShortcuts::modelGroupsByMenu() {
    MainWindow w;
    ShortcutModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const std::vector<ShortcutEntry> entries = windowShortcuts(w);
    model.setEntries(entries);
    QCOMPARE(model.columnCount(), 2);
    QCOMPARE(model.headerData(ShortcutModel::ShortcutColumn, Qt::Horizontal).toString(), u"Shortcut"_s);
    // The menu bar's order; Help has no shortcut, Edit only Settings with the platform's
    // Preferences keys (none on X11 and offscreen).
    QStringList groups;
    for (int row = 0; row < model.rowCount(); ++row) groups << model.index(row, 0).data().toString();
    QStringList expected{u"File"_s, u"View"_s, u"Schedule"_s, u"Step"_s};
    if (!QKeySequence::keyBindings(QKeySequence::Preferences).isEmpty()) expected.insert(1, u"Edit"_s);
    QCOMPARE(groups, expected);
    int actions = 0;
    for (int row = 0; row < model.rowCount(); ++row) actions += model.rowCount(model.index(row, 0));
    QCOMPARE(actions, static_cast<int>(entries.size()));

    const QModelIndex step = model.index(groups.indexOf(u"Step"_s), 0);
    QCOMPARE(model.rowCount(step), 8);
    QCOMPARE(model.index(0, ShortcutModel::ActionColumn, step).data().toString(), u"Play / Pause"_s);
    QCOMPARE(model.index(0, ShortcutModel::ShortcutColumn, step).data().toString(), u"F5"_s);
    QCOMPARE(model.index(0, 0, step).parent(), step);
    const QModelIndex file = model.index(0, 0);
    QStringList fileTexts;
    for (int row = 0; row < model.rowCount(file); ++row) fileTexts << model.index(row, 0, file).data().toString();
    QVERIFY2(fileTexts.contains(u"Export › Export…"_s), qPrintable(fileTexts.join(u" | "_s)));
    QCOMPARE(model.rowCount(model.index(0, ShortcutModel::ShortcutColumn)), 0);
}

void TestShortcuts::addedActionShowsUp() {
    MainWindow w;
    const std::size_t before = windowShortcuts(w).size();
    QMenu* help = menuTitled(w.menuBar(), u"&Help"_s);
    QVERIFY(help);
    QAction* inMenu = help->addAction(u"&Tour"_s);
    inMenu->setShortcut(Qt::Key_F1);
    auto* onWindow = new QAction(u"Re&load"_s, &w);
    onWindow->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_R), QKeySequence(Qt::Key_F12)});
    w.addAction(onWindow);
    auto* noShortcut = new QAction(u"Nothing"_s, &w);
    w.addAction(noShortcut);

    const std::vector<ShortcutEntry> after = windowShortcuts(w);
    QCOMPARE(after.size(), before + 2);
    QCOMPARE(countOf(after, {u"Help"_s, {}, u"Tour"_s, u"F1"_s}), 1);
    QCOMPARE(countOf(after, {u"Other"_s, {}, u"Reload"_s, u"Ctrl+R, F12"_s}), 1);
    ShortcutModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setEntries(after);
    // Help and Other after the menus that had shortcuts before.
    const int groups = model.rowCount();
    QVERIFY(groups >= 6);
    QCOMPARE(model.index(groups - 2, 0).data().toString(), u"Help"_s);
    QCOMPARE(model.index(groups - 1, 0).data().toString(), u"Other"_s);
    QCOMPARE(model.rowCount(model.index(groups - 1, 0)), 1);
}

void TestShortcuts::helpMenuOpensDialog() {
    MainWindow w;
    auto* action = w.findChild<QAction*>(u"shortcutsAction"_s);
    QVERIFY(action);
    QCOMPARE(action->text(), u"&Keyboard Shortcuts"_s);
    QVERIFY(menuTitled(w.menuBar(), u"&Help"_s)->actions().contains(action));
    action->trigger();
    auto* dialog = w.findChild<ShortcutsDialog*>();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->windowTitle(), u"Keyboard Shortcuts"_s);
    QCOMPARE(dialog->model()->entries(), windowShortcuts(w));
    QCOMPARE(dialog->view()->model(), dialog->model());
    // Every group open: the actions show without a click.
    for (int row = 0; row < dialog->model()->rowCount(); ++row)
        QVERIFY(dialog->view()->isExpanded(dialog->model()->index(row, 0)));
    dialog->close();
}

QTEST_MAIN(TestShortcuts)
#include "test_shortcuts.moc"
