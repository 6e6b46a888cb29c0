// Files and settings: the recent files list (QSettings in a temporary directory), drag-and-drop
// acceptance by extension, malformed .json/.gguf/.dot files keeping the graph, a DOT dump's import
// warnings shown without a modal box, the open dialog's filters, and the settings round trip.
#include "canvas/graph_canvas.h"
#include "files/file_controller.h"
#include "files/file_drop.h"
#include "files/import_warnings_dialog.h"
#include "files/recent_files.h"
#include "mainwindow/main_window.h"
#include "session/graph_session.h"
#include "settings/app_settings.h"
#include "settings/settings_dialog.h"
#include "ui_test_support.h"

#include <QComboBox>
#include <QLabel>
#include <QMenu>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QToolButton>
#include <QUrl>
#include <QtTest>

#include <thread>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {

const QString dotDir = QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/dot/");

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

std::unique_ptr<MainWindow> windowWithAttention(QStringList* errors) {
    auto w = std::make_unique<MainWindow>();
    w->setErrorReporter(std::make_unique<RecordingErrorReporter>(errors));
    w->session()->setDocument(attentionDocument());
    return w;
}

// Sends a drag enter with `urls` to `target`; whether it was accepted.
bool dragEnterAccepted(QWidget* target, const QList<QUrl>& urls) {
    QMimeData mime;
    mime.setUrls(urls);
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    enter.ignore();
    QCoreApplication::sendEvent(target, &enter);
    return enter.isAccepted();
}

} // namespace

class TestFiles : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void recentFiles();
    void recentFilesMenu();
    void loadAddsRecentFile();
    void openable_data();
    void openable();
    void malformedFileKeepsGraph_data();
    void malformedFileKeepsGraph();
    void dotWarningsShown();
    void openFilters();
    void settingsRoundTrip();
    void settingsDialog();
    void settingsDialogLanguage();

private:
    QTemporaryDir m_dir;
};

void TestFiles::initTestCase() {
    QVERIFY(m_dir.isValid());
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    // Every QSettings() of this test in the temporary directory, never the user's.
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(u"settings"_s));
    QCoreApplication::setOrganizationName(u"PlanscopeTest"_s);
    QCoreApplication::setApplicationName(u"test_files"_s);
}

void TestFiles::init() { QSettings().clear(); }

void TestFiles::recentFiles() {
    RecentFiles recent;
    QSignalSpy changed(&recent, &RecentFiles::changed);
    QVERIFY(recent.files().isEmpty());
    for (int i = 0; i < 10; ++i) recent.add(m_dir.filePath(u"g%1.json"_s.arg(i)));
    QCOMPARE(recent.files().size(), RecentFiles::maxCount);
    QCOMPARE(recent.files().first(), m_dir.filePath(u"g9.json"_s)); // newest first
    QCOMPARE(recent.files().last(), m_dir.filePath(u"g2.json"_s));  // g0 and g1 dropped
    recent.add(m_dir.filePath(u"g5.json"_s));                        // moved to the front, not doubled
    QCOMPARE(recent.files().size(), 8);
    QCOMPARE(recent.files().first(), m_dir.filePath(u"g5.json"_s));
    QCOMPARE(recent.files().count(m_dir.filePath(u"g5.json"_s)), 1);
    QCOMPARE(recent.files().at(1), m_dir.filePath(u"g9.json"_s));
    // Relative paths are stored absolute.
    recent.add(u"relative.dot"_s);
    QCOMPARE(recent.files().first(), QFileInfo(u"relative.dot"_s).absoluteFilePath());
    recent.remove(u"relative.dot"_s);
    QCOMPARE(recent.files().first(), m_dir.filePath(u"g5.json"_s));
    // Another instance (another window, the next start) sees the same list.
    QCOMPARE(RecentFiles().files(), recent.files());
    recent.clear();
    QVERIFY(recent.files().isEmpty());
    QVERIFY(!QSettings().contains(u"recentFiles"_s));
    QCOMPARE(changed.size(), 10 + 1 + 1 + 1 + 1);
}

void TestFiles::recentFilesMenu() {
    RecentFiles recent;
    QMenu menu;
    recent.attachMenu(&menu);
    QCOMPARE(menu.actions().size(), 3); // "No Recent Files", separator, Clear
    QVERIFY(!menu.actions().first()->isEnabled());
    recent.add(m_dir.filePath(u"a.json"_s));
    recent.add(m_dir.filePath(u"b.gguf"_s));
    emit menu.aboutToShow();
    QCOMPARE(menu.actions().size(), 4);
    QCOMPARE(menu.actions().at(0)->text(), u"&1 b.gguf"_s);
    QCOMPARE(menu.actions().at(1)->text(), u"&2 a.json"_s);
    QSignalSpy requested(&recent, &RecentFiles::openRequested);
    menu.actions().at(1)->trigger();
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested.at(0).at(0).toString(), m_dir.filePath(u"a.json"_s));
    QAction* clear = menu.findChild<QAction*>(u"clearRecentFiles"_s);
    QVERIFY(clear && clear->isEnabled());
    clear->trigger();
    QVERIFY(recent.files().isEmpty());
}

void TestFiles::loadAddsRecentFile() {
    QStringList errors;
    auto w = windowWithAttention(&errors);
    const QString dot = dotDir + u"llama_layer.dot";
    QSignalSpy finished(w->session(), &GraphSession::loadFinished);
    w->openFile(dot);
    QVERIFY(finished.wait(10000));
    QCOMPARE(w->fileController()->recentFiles()->files(), QStringList{QFileInfo(dot).absoluteFilePath()});
    // A template is no file.
    QVERIFY(w->session()->openTemplate(u"mlp"_s));
    QCOMPARE(w->fileController()->recentFiles()->files().size(), 1);
    // The File menu's Open Recent lists it.
    auto* menu = w->findChild<QMenu*>(u"recentFilesMenu"_s);
    QVERIFY(menu);
    emit menu->aboutToShow();
    QCOMPARE(menu->actions().first()->text(), u"&1 llama_layer.dot"_s);
    QVERIFY(errors.isEmpty());
}

void TestFiles::openable_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("json") << u"/tmp/graph.json"_s << true;
    QTest::newRow("gguf") << u"/tmp/stories260K.gguf"_s << true;
    QTest::newRow("dot") << u"/tmp/dump.dot"_s << true;
    QTest::newRow("upper case") << u"/tmp/MODEL.GGUF"_s << true;
    QTest::newRow("png") << u"/tmp/shot.png"_s << false;
    QTest::newRow("csv") << u"/tmp/trace.csv"_s << false;
    QTest::newRow("no extension") << u"/tmp/json"_s << false;
    QTest::newRow("dot in name only") << u"/tmp/a.dot.txt"_s << false;
}

void TestFiles::openable() {
    QFETCH(QString, path);
    QFETCH(bool, accepted);
    QCOMPARE(isOpenableFile(path), accepted);
    QStringList errors;
    auto w = windowWithAttention(&errors);
    QCOMPARE(dragEnterAccepted(w.get(), {QUrl::fromLocalFile(path)}), accepted);
    // The canvas takes the file too (other drags are the scene's to refuse).
    if (accepted) QVERIFY(dragEnterAccepted(w->canvas()->viewport(), {QUrl::fromLocalFile(path)}));
    // A remote URL is never opened.
    QVERIFY(!dragEnterAccepted(w.get(), {QUrl(u"https://example.org/graph.json"_s)}));
    // The first openable file among several wins.
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(u"/tmp/notes.txt"_s), QUrl::fromLocalFile(path)});
    QCOMPARE(openableFile(&mime), accepted ? path : QString());
}

void TestFiles::malformedFileKeepsGraph_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("reason");
    QTest::newRow("json") << u"broken.json"_s << QByteArray("{\"version\": 1, \"tensors\": 42}") << u"broken.json"_s;
    QTest::newRow("gguf bad magic") << u"bad.gguf"_s << QByteArray("GGUX\x03\0\0\0", 8) << u"magic"_s;
    QTest::newRow("gguf truncated") << u"short.gguf"_s << QByteArray("GGUF\x03\0\0\0\x01", 9) << u"short.gguf"_s;
    QTest::newRow("dot not a graph") << u"bad.dot"_s << QByteArray("digraph G { a -> ") << u"bad.dot"_s;
    QTest::newRow("dot no ggml labels") << u"plain.dot"_s << QByteArray("digraph G { a -> b; }") << u"plain.dot"_s;
    QTest::newRow("missing") << u"missing.gguf"_s << QByteArray() << u"missing.gguf"_s;
}

void TestFiles::malformedFileKeepsGraph() {
    QFETCH(QString, name);
    QFETCH(QByteArray, bytes);
    QFETCH(QString, reason);
    const QString path = m_dir.filePath(name);
    if (!bytes.isEmpty()) writeFile(path, bytes);
    QStringList errors;
    auto w = windowWithAttention(&errors);
    QSignalSpy failed(w->session(), &GraphSession::loadFailed);
    w->openFile(path);
    QVERIFY(failed.wait(10000));
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors.first().startsWith(u"Cannot Open Graph\n"_s), qPrintable(errors.first()));
    QVERIFY2(errors.first().contains(reason, Qt::CaseInsensitive), qPrintable(errors.first()));
    QCOMPARE(static_cast<int>(w->session()->document().g.nodes.size()), attentionNodes);
    QCOMPARE(w->statusName(), u"attention"_s);
    QVERIFY(w->fileController()->recentFiles()->files().isEmpty()); // only opened files are recent
}

void TestFiles::dotWarningsShown() {
    QStringList errors;
    auto w = windowWithAttention(&errors);
    QSignalSpy warned(w->session(), &GraphSession::loadWarnings);
    w->openFile(dotDir + u"llama_layer.dot");
    QVERIFY(warned.wait(10000));
    const QStringList warnings = w->fileController()->importWarnings();
    QCOMPARE(warnings.size(), 7); // test_ggml_dot lists them
    QCOMPARE(warnings.at(4), u"node 17 'v_cache_view-0': VIEW strides assumed contiguous, offset assumed 0"_s);
    QVERIFY(errors.isEmpty()); // no modal box
    QToolButton* button = w->fileController()->warningsButton();
    QVERIFY(!button->isHidden());
    QCOMPARE(button->text(), u"7 import warning(s)"_s);
    button->click();
    auto* dialog = w->findChild<ImportWarningsDialog*>();
    QVERIFY(dialog && dialog->isVisible());
    QVERIFY(!dialog->isModal());
    QCOMPARE(dialog->warnings(), warnings);
    // The next graph without warnings hides them.
    QSignalSpy finished(w->session(), &GraphSession::loadFinished);
    QVERIFY(w->session()->openTemplate(u"attention"_s));
    QVERIFY(button->isHidden());
    QVERIFY(w->fileController()->importWarnings().isEmpty());
}

void TestFiles::openFilters() {
    const QStringList filters = FileController::openFilters();
    QCOMPARE(filters.size(), 5);
    QCOMPARE(filters.first(), u"Graphs, models and ggml DOT dumps (*.json *.gguf *.dot)"_s);
    QCOMPARE(filters.at(2), u"GGUF models (*.gguf)"_s);
    QCOMPARE(filters.last(), u"All files (*)"_s);
}

void TestFiles::settingsRoundTrip() {
    const AppSettings defaults = AppSettings::load();
    QCOMPARE(defaults.openclDevice, QString());
    const int expectedThreads = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 8u));
    QCOMPARE(defaults.cpuThreads, expectedThreads);
    QVERIFY(defaults.cpuThreads >= 1 && defaults.cpuThreads <= 8);

    AppSettings s;
    s.openclDevice = u"1"_s;
    s.cpuThreads = 3;
    s.save();
    QCOMPARE(AppSettings::load(), s);
    QSettings ini(m_dir.filePath(u"other.ini"_s), QSettings::IniFormat);
    s.openclDevice = u"pthread"_s;
    s.cpuThreads = 12;
    s.save(ini);
    QCOMPARE(AppSettings::load(ini), s);
    // Out of range falls back to the default.
    ini.setValue(u"settings/cpuThreads"_s, 0);
    QCOMPARE(AppSettings::load(ini).cpuThreads, expectedThreads);
    ini.setValue(u"settings/cpuThreads"_s, u"many"_s);
    QCOMPARE(AppSettings::load(ini).cpuThreads, expectedThreads);
}

void TestFiles::settingsDialog() {
    SettingsDialog dialog;
    AppSettings s;
    s.cpuThreads = 5;
    s.openclDevice = u"gpu-x"_s;
    dialog.setSettings(s);
    QCOMPARE(dialog.threadsBox()->value(), 5);
    QCOMPARE(dialog.settings().cpuThreads, 5);
    QCOMPARE(dialog.deviceBox()->itemText(0), u"(automatic)"_s);
    if (SettingsDialog::openclAvailable()) {
        QVERIFY(dialog.deviceBox()->isEnabled());
        QCOMPARE(dialog.settings().openclDevice, u"gpu-x"_s); // free text: a substring of a device name
        dialog.setSettings(AppSettings{});
        QCOMPARE(dialog.settings().openclDevice, QString());
        if (dialog.deviceBox()->count() > 1) {
            dialog.deviceBox()->setCurrentIndex(1); // "0: NAME (PLATFORM)" stores "0"
            QCOMPARE(dialog.settings().openclDevice, u"0"_s);
        }
    } else {
        QVERIFY(!dialog.deviceBox()->isEnabled());
        QCOMPARE(dialog.findChild<QLabel*>(u"openclNote"_s)->text(),
                 u"OpenCL not available: this build has no OpenCL backend."_s);
    }
}

// Issue 36: Settings > Language (system default, English, then the translations), kept with
// the fields the dialog does not show (the Splits dock's backend list).
void TestFiles::settingsDialogLanguage() {
    SettingsDialog dialog;
    QComboBox* box = dialog.languageBox();
    QStringList codes;
    for (int i = 0; i < box->count(); ++i) codes << box->itemData(i).toString();
    QCOMPARE(codes, (QStringList{QString(), u"en"_s, u"de"_s, u"fr"_s, u"zh_CN"_s}));
    QCOMPARE(box->itemText(2), u"Deutsch"_s);
    QCOMPARE(box->itemText(3), u"Fran\u00e7ais"_s);
    AppSettings s;
    s.language = u"fr"_s;
    s.backends = u"cpu,cpu"_s;
    dialog.setSettings(s);
    QCOMPARE(box->currentIndex(), 3);
    box->setCurrentIndex(4);
    QCOMPARE(dialog.settings().language, u"zh_CN"_s);
    QCOMPARE(dialog.settings().backends, u"cpu,cpu"_s);
    // Saved and read back; an unknown code reads as the system default.
    QSettings ini(QDir(m_dir.path()).filePath(u"language.ini"_s), QSettings::IniFormat);
    dialog.settings().save(ini);
    QCOMPARE(AppSettings::load(ini).language, u"zh_CN"_s);
    ini.setValue(u"settings/language"_s, u"xx"_s);
    QCOMPARE(AppSettings::load(ini).language, QString());
}

QTEST_MAIN(TestFiles)
#include "test_files.moc"
