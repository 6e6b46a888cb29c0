// File > Export: the engine exports write the same bytes as `planscope-cli export` on the same
// file; the canvas and buffer-view pictures are real PNG/SVG; the dialog offers each kind's
// formats; an unwritable path reports an error and writes nothing.
#include "buffers/buffer_view.h"
#include "canvas/graph_canvas.h"
#include "export/export_controller.h"
#include "export/export_dialog.h"
#include "mainwindow/main_window.h"
#include "session/graph_session.h"
#include "ui_test_support.h"

#include "../app/cli_runner.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <memory>
#include <set>

Q_DECLARE_METATYPE(planscope::ui::ExportWhat)

using namespace planscope;
using namespace planscope::ui;
using namespace Qt::StringLiterals;

namespace {

QString smallGraph() { return u"" PLANSCOPE_SOURCE_DIR "/tests/data/graphs/small.json"_s; }

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Distinct colours in the image, up to `enough`.
int colourCount(const QImage& image, int enough) {
    std::set<QRgb> seen;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width() && static_cast<int>(seen.size()) < enough; x += 2) seen.insert(image.pixel(x, y));
    return static_cast<int>(seen.size());
}

// Elements in a well-formed XML document whose root is <svg>; -1 when it does not parse.
int svgElements(const QByteArray& bytes, QString* root) {
    QXmlStreamReader xml(bytes);
    int elements = 0;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement) {
            if (elements == 0) *root = xml.name().toString();
            ++elements;
        }
    }
    return xml.hasError() ? -1 : elements;
}

} // namespace

class TestGuiExport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void sameBytesAsCli_data();
    void sameBytesAsCli();
    void pictures_data();
    void pictures();
    void buffersPictureFitsContent();
    void dialogFormats_data();
    void dialogFormats();
    void dialogKeepsSettings();
    void dialogLabelsHaveBuddies_data();
    void dialogLabelsHaveBuddies();
    void unwritablePathWritesNothing();
    void cliRefusesPictures();

private:
    bool exportNow(const ExportSettings& settings);

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    QStringList m_errors;
};

void TestGuiExport::initTestCase() {
    QVERIFY(m_dir.isValid());
    // To look at the exported pictures: PLANSCOPE_KEEP_TEST_FILES=1 keeps the folder.
    m_dir.setAutoRemove(qEnvironmentVariableIsEmpty("PLANSCOPE_KEEP_TEST_FILES"));
    if (!m_dir.autoRemove()) qInfo("exports in %s", qPrintable(m_dir.path()));
    m_window = std::make_unique<MainWindow>();
    m_window->setErrorReporter(std::make_unique<test::RecordingErrorReporter>(&m_errors));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->openFile(smallGraph());
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->session()->isLoading() && m_window->session()->planTrace(), 60000);
    QCOMPARE(m_window->session()->document().name, std::string("small"));
    QTRY_VERIFY(m_window->canvas()->scene()->items().size() > 10);
    m_window->session()->setStep(4); // "v" is alive: every buffer view has blocks
    QCOMPARE(m_window->session()->step(), std::size_t{4});
}

bool TestGuiExport::exportNow(const ExportSettings& settings) {
    ExportController* c = m_window->exportController();
    QSignalSpy done(c, &ExportController::exported);
    QSignalSpy failed(c, &ExportController::failed);
    if (!c->start(settings)) return false;
    if (!done.wait(60000)) return false;
    return failed.isEmpty() && done.constFirst().constFirst().toString() == settings.path;
}

void TestGuiExport::sameBytesAsCli_data() {
    QTest::addColumn<ExportWhat>("what");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("backends");
    QTest::addColumn<QStringList>("cliArgs");
    QTest::newRow("plan json") << ExportWhat::Plan << u"json"_s << QString() << QStringList{u"--what"_s, u"plan"_s};
    QTest::newRow("plan csv") << ExportWhat::Plan << u"csv"_s << QString() << QStringList{u"--what"_s, u"plan"_s};
    QTest::newRow("splits dot") << ExportWhat::Splits << u"dot"_s << QString() << QStringList{u"--what"_s, u"splits"_s};
    QTest::newRow("splits svg") << ExportWhat::Splits << u"svg"_s << QString() << QStringList{u"--what"_s, u"splits"_s};
    QTest::newRow("alloc-trace csv") << ExportWhat::AllocTrace << u"csv"_s << QString()
                                     << QStringList{u"--what"_s, u"alloc-trace"_s};
    QTest::newRow("plan json on cpu,cpu") << ExportWhat::Plan << u"json"_s << u"cpu,cpu"_s
                                          << QStringList{u"--what"_s, u"plan"_s, u"--backends"_s, u"cpu,cpu"_s};
    QTest::newRow("splits dot on cpu,cpu") << ExportWhat::Splits << u"dot"_s << u"cpu,cpu"_s
                                           << QStringList{u"--what"_s, u"splits"_s, u"--backends"_s, u"cpu,cpu"_s};
    // The planner choice reaches the shared runner: `best` moves offsets, the bytes still match.
    QTest::newRow("plan json best") << ExportWhat::Plan << u"json"_s << QString()
                                    << QStringList{u"--what"_s, u"plan"_s, u"--planner"_s, u"best"_s};
    QTest::newRow("alloc-trace csv greedy-size") << ExportWhat::AllocTrace << u"csv"_s << QString()
                                                 << QStringList{u"--what"_s, u"alloc-trace"_s, u"--planner"_s, u"greedy-size"_s};
    // A document planned by ggml 2026 (View > Allocator) exports that plan.
    QTest::newRow("plan json ggml 2026") << ExportWhat::Plan << u"json"_s << QString()
                                         << QStringList{u"--what"_s, u"plan"_s, u"--ggml"_s, u"2026"_s};
    QTest::newRow("alloc-trace csv ggml 2026") << ExportWhat::AllocTrace << u"csv"_s << QString()
                                               << QStringList{u"--what"_s, u"alloc-trace"_s, u"--ggml"_s, u"2026"_s};
    // With View > Allocator > Maximum Buffer Size: 128 bytes open a second chunk, compute#1.
    QTest::newRow("plan json ggml 2026 chunks")
        << ExportWhat::Plan << u"json"_s << QString()
        << QStringList{u"--what"_s, u"plan"_s, u"--ggml"_s, u"2026"_s, u"--max-buffer-size"_s, u"128"_s};
}

void TestGuiExport::sameBytesAsCli() {
    QFETCH(ExportWhat, what);
    QFETCH(QString, format);
    QFETCH(QString, backends);
    QFETCH(QStringList, cliArgs);
    const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'_').replace(u',', u'_');
    const QString gui = m_dir.filePath(u"gui_"_s + tag + u'.' + format);
    const QString cliOut = m_dir.filePath(u"cli_"_s + tag + u'.' + format);

    ExportSettings s;
    s.what = what;
    s.format = format;
    s.backends = backends;
    s.path = gui;
    if (const qsizetype i = cliArgs.indexOf(u"--planner"_s); i >= 0)
        s.planner = *planscope::parse_planner(cliArgs.at(i + 1).toStdString());
    GraphSession* session = m_window->session();
    const bool v2026 = cliArgs.contains(u"--ggml"_s);
    const qsizetype maxSize = cliArgs.indexOf(u"--max-buffer-size"_s);
    if (v2026) session->setEra(planscope::ggml_version::v2026);
    if (maxSize >= 0) session->setMaxBufferSize(cliArgs.at(maxSize + 1).toULongLong());
    const bool exported = exportNow(s);
    if (v2026) { // back to the plan the other tests look at
        session->setMaxBufferSize(SIZE_MAX);
        session->setEra(planscope::ggml_version::v2023);
        QTRY_VERIFY_WITH_TIMEOUT(!session->isPlanning(), 60000);
        session->setStep(4);
    }
    QVERIFY2(exported, qPrintable(m_window->exportController()->lastError()));
    const run_result r = cli(QStringList{u"export"_s, smallGraph()} + cliArgs + QStringList{u"--format"_s, format, u"-o"_s, cliOut});
    QVERIFY2(r.code == 0, qPrintable(r.err));

    const QByteArray guiBytes = readAll(gui);
    QVERIFY(guiBytes.size() > 40); // more than a CSV header
    QCOMPARE(guiBytes, readAll(cliOut));
    QCOMPARE(guiBytes.contains("\"ggml\": \"2026\""), v2026 && what == ExportWhat::Plan);
    QCOMPARE(guiBytes.contains("compute#1"), maxSize >= 0);
}

void TestGuiExport::pictures_data() {
    QTest::addColumn<ExportWhat>("what");
    QTest::addColumn<QString>("format");
    QTest::newRow("canvas png") << ExportWhat::Canvas << u"png"_s;
    QTest::newRow("canvas svg") << ExportWhat::Canvas << u"svg"_s;
    QTest::newRow("buffers png") << ExportWhat::Buffers << u"png"_s;
    QTest::newRow("buffers svg") << ExportWhat::Buffers << u"svg"_s;
}

void TestGuiExport::pictures() {
    QFETCH(ExportWhat, what);
    QFETCH(QString, format);
    const QString path = m_dir.filePath(QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'.'));
    ExportSettings s;
    s.what = what;
    s.format = format;
    s.path = path;
    QVERIFY2(exportNow(s), qPrintable(m_window->exportController()->lastError()));
    const QByteArray bytes = readAll(path);
    if (format == u"png") {
        QVERIFY(bytes.startsWith("\x89PNG\r\n\x1a\n"));
        const QImage image = QImage::fromData(bytes, "PNG");
        QVERIFY(image.width() >= 100 && image.height() >= 50);
        QVERIFY2(colourCount(image, 8) >= 8, "the picture is blank"); // boxes, text and background
    } else {
        QString root;
        const int elements = svgElements(bytes, &root);
        QCOMPARE(root, u"svg"_s);
        QVERIFY2(elements > 20, qPrintable(QString::number(elements))); // drawn items, not an empty page
        QVERIFY(bytes.contains("<text") || bytes.contains("<path"));
    }
}

void TestGuiExport::buffersPictureFitsContent() {
    auto* dock = m_window->findChild<QDockWidget*>(u"bufferLayoutDock"_s);
    QVERIFY(dock);
    dock->raise();
    BufferView* view = m_window->bufferView();
    const QSize hint = view->sizeHint();
    QSize sizes[2];
    const int dockHeights[2] = {100, 560};
    for (int i = 0; i < 2; ++i) {
        m_window->resizeDocks({dock}, {dockHeights[i]}, Qt::Vertical);
        QCoreApplication::processEvents();
        if (i == 0) QVERIFY2(view->height() < hint.height(), "the shrunk dock still shows every strip");
        const QRect before = view->geometry();
        ExportSettings s;
        s.what = ExportWhat::Buffers;
        s.format = u"png"_s;
        s.path = m_dir.filePath(u"buffers_dock%1.png"_s.arg(dockHeights[i]));
        QVERIFY2(exportNow(s), qPrintable(m_window->exportController()->lastError()));
        QCOMPARE(view->geometry(), before); // the dock keeps its layout
        sizes[i] = QImage::fromData(readAll(s.path), "PNG").size();
        QCOMPARE(sizes[i], QSize(view->width(), hint.height()));
    }
    QCOMPARE(sizes[0], sizes[1]);
}

void TestGuiExport::dialogFormats_data() {
    QTest::addColumn<ExportWhat>("what");
    QTest::addColumn<QStringList>("formats");
    QTest::addColumn<bool>("backends");
    QTest::addColumn<bool>("fold");
    QTest::newRow("splits") << ExportWhat::Splits << QStringList{u"dot"_s, u"svg"_s, u"png"_s, u"pdf"_s} << true << true;
    QTest::newRow("plan") << ExportWhat::Plan << QStringList{u"json"_s, u"csv"_s} << true << false;
    QTest::newRow("trace") << ExportWhat::Trace << QStringList{u"json"_s} << true << false;
    QTest::newRow("alloc-trace") << ExportWhat::AllocTrace << QStringList{u"csv"_s} << false << false;
    QTest::newRow("canvas") << ExportWhat::Canvas << QStringList{u"png"_s, u"svg"_s} << false << false;
    QTest::newRow("buffers") << ExportWhat::Buffers << QStringList{u"png"_s, u"svg"_s} << false << false;
}

void TestGuiExport::dialogFormats() {
    QFETCH(ExportWhat, what);
    QFETCH(QStringList, formats);
    QFETCH(bool, backends);
    QFETCH(bool, fold);
    ExportSettings preset;
    preset.path = u"/tmp/out.json"_s;
    ExportDialog d(preset, true);
    QCOMPARE(d.whatBox()->count(), 6);
    d.whatBox()->setCurrentIndex(d.whatBox()->findData(static_cast<int>(what)));
    QStringList shown;
    for (int i = 0; i < d.formatBox()->count(); ++i) shown << d.formatBox()->itemText(i);
    QCOMPARE(shown, formats);
    QCOMPARE(d.backendBox()->isEnabled(), backends);
    QCOMPARE(d.foldBox()->isEnabled(), fold);
    QCOMPARE(d.plannerBox()->count(), 5);
    QCOMPARE(d.plannerBox()->isEnabled(), takesPlanner(what));
    if (takesPlanner(what)) {
        d.plannerBox()->setCurrentIndex(d.plannerBox()->findData(static_cast<int>(planscope::planner_kind::best)));
        QCOMPARE(d.settings().planner, planscope::planner_kind::best);
    }
    // The extension follows the format, as the CLI reads the format from it.
    QCOMPARE(d.pathEdit()->text(), u"/tmp/out."_s + d.formatBox()->currentText());
    QCOMPARE(d.settings().what, what);
}

void TestGuiExport::dialogKeepsSettings() {
    ExportSettings s;
    s.what = ExportWhat::Splits;
    s.format = u"dot"_s;
    s.foldBlocks = true;
    s.path = m_dir.filePath(u"folded.dot"_s);
    QVERIFY(exportNow(s));
    QVERIFY(readAll(s.path).startsWith("digraph"));
    const ExportSettings kept = m_window->exportController()->settings();
    QCOMPARE(kept.path, s.path);
    QVERIFY(kept.foldBlocks);
    ExportDialog d(kept, true);
    QCOMPARE(d.settings().what, ExportWhat::Splits);
    QCOMPARE(d.settings().format, u"dot"_s);
    QVERIFY(d.foldBox()->isChecked());
    QCOMPARE(d.settings().path, s.path);
}

void TestGuiExport::dialogLabelsHaveBuddies_data() {
    QTest::addColumn<QString>("label");
    QTest::addColumn<int>("field"); // the dialog's form row, from the top
    QTest::newRow("what") << u"&What:"_s << 0;
    QTest::newRow("format") << u"&Format:"_s << 1;
    QTest::newRow("backends") << u"&Backends:"_s << 2;
    QTest::newRow("planner") << u"&Planner:"_s << 3;
    QTest::newRow("output file") << u"&Output file:"_s << 4;
}

// A label's mnemonic focuses its field; without a buddy the '&' would show.
void TestGuiExport::dialogLabelsHaveBuddies() {
    QFETCH(QString, label);
    QFETCH(int, field);
    ExportDialog d(ExportSettings{}, true);
    const QList<QWidget*> fields{d.whatBox(), d.formatBox(), d.backendBox(), d.plannerBox(), d.pathEdit()};
    const QLabel* found = nullptr;
    for (const QLabel* l : d.findChildren<QLabel*>())
        if (l->text() == label) found = l;
    QVERIFY(found);
    QCOMPARE(found->buddy(), fields[field]);
    QVERIFY2(test::labelsWithoutBuddy(d).isEmpty(), qPrintable(test::labelsWithoutBuddy(d).join(u", "_s)));
}

void TestGuiExport::unwritablePathWritesNothing() {
    m_errors.clear();
    const QStringList before = QDir(m_dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot);
    ExportSettings s;
    s.what = ExportWhat::Plan;
    s.format = u"json"_s;
    s.path = m_dir.filePath(u"missing/plan.json"_s);
    ExportController* c = m_window->exportController();
    QSignalSpy failed(c, &ExportController::failed);
    QVERIFY(c->start(s));
    QVERIFY(failed.wait(60000));
    QCOMPARE(m_errors.size(), 1);
    QVERIFY2(m_errors.constFirst().startsWith(u"Cannot Export\n"_s + s.path + u": "_s), qPrintable(m_errors.constFirst()));
    QVERIFY(!c->isBusy());
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), before);

    // A picture to the same place fails the same way.
    s.what = ExportWhat::Canvas;
    s.format = u"png"_s;
    s.path = m_dir.filePath(u"missing/canvas.png"_s);
    QVERIFY(c->start(s));
    QVERIFY(failed.wait(60000));
    QCOMPARE(m_errors.size(), 2);
    QVERIFY(!QFile::exists(s.path));
}

void TestGuiExport::cliRefusesPictures() {
    for (const QString& what : {u"canvas"_s, u"buffers"_s}) {
        const run_result r = cli({u"export"_s, smallGraph(), u"--what"_s, what, u"-o"_s, m_dir.filePath(u"x.png"_s)});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(u"File > Export in planscope"_s), qPrintable(r.err));
        QVERIFY(!QFile::exists(m_dir.filePath(u"x.png"_s)));
    }
}

QTEST_MAIN(TestGuiExport)
#include "test_gui_export.moc"
