// What escapes an event handler or a worker's job: reported as one printable line, the window and
// its document kept (issue 17). Runs under GuardedApplication, as the app does.
#include "source/graph_source.h"
#include "mainwindow/main_window.h"
#include "session/graph_session.h"
#include "session/guarded_application.h"
#include "ui_test_support.h"

#include <QSignalSpy>
#include <QTimer>
#include <QtTest>

#include <functional>
#include <new>
#include <stdexcept>

using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {

// Throws whatever `thrower` throws when it receives a user event.
class ThrowingObject final : public QObject {
public:
    explicit ThrowingObject(std::function<void()> thrower) : m_thrower(std::move(thrower)) {}
    bool event(QEvent* e) override {
        if (e->type() == QEvent::User) m_thrower();
        return QObject::event(e);
    }

private:
    std::function<void()> m_thrower;
};

GuardedApplication* guardedApp() { return static_cast<GuardedApplication*>(QCoreApplication::instance()); }

} // namespace

class TestGuardedApplication : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { isolateSettings(u"test_guarded_application"_s); }
    void cleanup() { guardedApp()->setFailureHandler({}); }
    void eventHandlerFailure_data();
    void eventHandlerFailure();
    void windowKeepsDocument();
    void loaderFailureKeepsDocument_data();
    void loaderFailureKeepsDocument();
};

void TestGuardedApplication::eventHandlerFailure_data() {
    QTest::addColumn<std::function<void()>>("thrower");
    QTest::addColumn<QString>("reported");
    QTest::newRow("out of memory") << std::function<void()>([] { throw std::bad_alloc(); }) << u"out of memory"_s;
    // A name from a file with a newline and an escape sequence in it: one printable line.
    QTest::newRow("exception text") << std::function<void()>([] { throw std::runtime_error("bad \x1b[31mname\nhere"); })
                                    << u"bad \\x1b[31mname\\nhere"_s;
    QTest::newRow("not an exception") << std::function<void()>([] { throw 42; }) << u"unexpected failure"_s;
}

void TestGuardedApplication::eventHandlerFailure() {
    QFETCH(std::function<void()>, thrower);
    QFETCH(QString, reported);
    QStringList failures;
    guardedApp()->setFailureHandler([&](const QString& what) { failures << what; });
    ThrowingObject o(thrower);
    QEvent e(QEvent::User);
    QCOMPARE(QCoreApplication::sendEvent(&o, &e), false);
    QCOMPARE(failures, QStringList{reported});
    // The application goes on: the next event is delivered and handled.
    QTimer::singleShot(0, &o, [&failures] { failures << u"later"_s; });
    QTRY_COMPARE(failures.size(), 2);
}

void TestGuardedApplication::windowKeepsDocument() {
    QStringList errors;
    MainWindow w;
    w.setErrorReporter(std::make_unique<RecordingErrorReporter>(&errors));
    w.session()->setDocument(attentionDocument());
    guardedApp()->setFailureHandler([&w](const QString& what) { w.reportUnexpectedFailure(what); });
    ThrowingObject o([] { throw std::bad_alloc(); });
    QEvent e(QEvent::User);
    QCoreApplication::sendEvent(&o, &e);
    QCOMPARE(errors, QStringList{u"Unexpected Error\nout of memory\n\nThe current graph is kept."_s});
    QCOMPARE(static_cast<int>(w.session()->document().g.nodes.size()), attentionNodes);
}

void TestGuardedApplication::loaderFailureKeepsDocument_data() {
    QTest::addColumn<std::function<void()>>("thrower");
    QTest::addColumn<QString>("message");
    QTest::newRow("out of memory") << std::function<void()>([] { throw std::bad_alloc(); }) << u"out of memory"_s;
    QTest::newRow("system error") << std::function<void()>([] { throw std::length_error("vector too long"); })
                                  << u"vector too long"_s;
}

// A loader runs on a worker thread, where an exception used to end the app.
void TestGuardedApplication::loaderFailureKeepsDocument() {
    QFETCH(std::function<void()>, thrower);
    QFETCH(QString, message);
    GraphSession session;
    session.setDocument(attentionDocument());
    QSignalSpy failed(&session, &GraphSession::loadFailed);
    session.openWith(u"huge.gguf"_s, u"huge.gguf"_s, [thrower]() -> planscope::result<planscope::opened_source> {
        thrower();
        return planscope::error{"not reached"};
    });
    QVERIFY(failed.wait(10000));
    QCOMPARE(failed.first().at(0).toString(), u"huge.gguf"_s);
    QCOMPARE(failed.first().at(1).toString(), message);
    QCOMPARE(static_cast<int>(session.document().g.nodes.size()), attentionNodes);
}

int main(int argc, char** argv) {
    GuardedApplication app(argc, argv);
    TestGuardedApplication test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_guarded_application.moc"
