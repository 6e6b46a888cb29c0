// Drag and drop of graph files: which dragged URLs open (isOpenableFile / openableFile rows), and
// FileDropFilter on a plain widget receiving a real QDragEnterEvent + QDropEvent through
// QCoreApplication::sendEvent — the accept state and the fileDropped path — and the same events
// sent to the main window opening the dropped file.
#include "files/file_drop.h"
#include "mainwindow/main_window.h"
#include "session/graph_session.h"

#include <QDropEvent>
#include <QMimeData>
#include <QSignalSpy>
#include <QUrl>
#include <QWidget>
#include <QtTest>

using namespace planscope::ui;
using namespace Qt::StringLiterals;

using UrlList = QList<QUrl>;

namespace {
std::unique_ptr<QMimeData> mimeWith(const UrlList& urls) {
    auto mime = std::make_unique<QMimeData>();
    mime->setUrls(urls);
    return mime;
}
} // namespace

class TestFileDrop : public QObject {
    Q_OBJECT

private slots:
    void openableFileOf_data();
    void openableFileOf();
    void filterAcceptsAndEmits_data();
    void filterAcceptsAndEmits();
    void windowOpensDroppedFile();
};

void TestFileDrop::openableFileOf_data() {
    QTest::addColumn<UrlList>("urls");
    QTest::addColumn<QString>("expected");
    const QUrl json = QUrl::fromLocalFile(u"/tmp/graph.json"_s);
    const QUrl gguf = QUrl::fromLocalFile(u"/tmp/MODEL.GGUF"_s);
    const QUrl dot = QUrl::fromLocalFile(u"/tmp/dump.dot"_s);
    const QUrl txt = QUrl::fromLocalFile(u"/tmp/notes.txt"_s);
    const QUrl remote(u"https://example.org/graph.json"_s);
    QTest::newRow("json") << UrlList{json} << u"/tmp/graph.json"_s;
    QTest::newRow("GGUF upper case") << UrlList{gguf} << u"/tmp/MODEL.GGUF"_s;
    QTest::newRow("dot") << UrlList{dot} << u"/tmp/dump.dot"_s;
    QTest::newRow("txt refused") << UrlList{txt} << QString();
    QTest::newRow("remote refused") << UrlList{remote} << QString();
    QTest::newRow("no urls") << UrlList{} << QString();
    QTest::newRow("first openable after txt") << UrlList{txt, dot, json} << u"/tmp/dump.dot"_s;
    QTest::newRow("remote skipped for local") << UrlList{remote, gguf} << u"/tmp/MODEL.GGUF"_s;
}

void TestFileDrop::openableFileOf() {
    QFETCH(UrlList, urls);
    QFETCH(QString, expected);
    const auto mime = mimeWith(urls);
    QCOMPARE(openableFile(mime.get()), expected);
    if (!expected.isEmpty()) QVERIFY(isOpenableFile(expected));
    QCOMPARE(openableFile(nullptr), QString());
}

void TestFileDrop::filterAcceptsAndEmits_data() {
    QTest::addColumn<UrlList>("urls");
    QTest::addColumn<QString>("dropped"); // empty: the filter leaves the drag alone
    QTest::newRow("json") << UrlList{QUrl::fromLocalFile(u"/tmp/graph.json"_s)} << u"/tmp/graph.json"_s;
    QTest::newRow("txt then gguf") << UrlList{QUrl::fromLocalFile(u"/tmp/a.txt"_s), QUrl::fromLocalFile(u"/tmp/m.gguf"_s)}
                                   << u"/tmp/m.gguf"_s;
    QTest::newRow("txt") << UrlList{QUrl::fromLocalFile(u"/tmp/a.txt"_s)} << QString();
    QTest::newRow("remote") << UrlList{QUrl(u"https://example.org/graph.json"_s)} << QString();
}

void TestFileDrop::filterAcceptsAndEmits() {
    QFETCH(UrlList, urls);
    QFETCH(QString, dropped);
    QWidget target; // never shown: the events go straight to it, not through the platform's drag
    // QApplication delivers drag events only to widgets that accept drops, as the window does.
    target.setAcceptDrops(true);
    FileDropFilter filter;
    target.installEventFilter(&filter);
    QSignalSpy spy(&filter, &FileDropFilter::fileDropped);
    const auto mime = mimeWith(urls);

    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    enter.setAccepted(false);
    QCoreApplication::sendEvent(&target, &enter);
    QCOMPARE(enter.isAccepted(), !dropped.isEmpty());

    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    drop.setAccepted(false);
    QCoreApplication::sendEvent(&target, &drop);
    QCOMPARE(drop.isAccepted(), !dropped.isEmpty());
    if (dropped.isEmpty()) {
        QCOMPARE(spy.count(), 0);
        return;
    }
    QCOMPARE(drop.dropAction(), Qt::CopyAction);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toString(), dropped);
}

void TestFileDrop::windowOpensDroppedFile() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const auto mime = mimeWith({QUrl::fromLocalFile(u"" PLANSCOPE_SOURCE_DIR "/tests/data/graphs/small.json"_s)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    enter.setAccepted(false);
    QCoreApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    drop.setAccepted(false);
    QCoreApplication::sendEvent(&w, &drop);
    QVERIFY(drop.isAccepted());
    QTRY_COMPARE_WITH_TIMEOUT(w.session()->document().name, std::string("small"), 20000);
}

QTEST_MAIN(TestFileDrop)
#include "test_file_drop.moc"
