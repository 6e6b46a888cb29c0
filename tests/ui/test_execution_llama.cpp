// Run on a llama GGUF model with a prompt: the Splits dock's controller computes the embedded
// stories260K on its real token ids and its outputs end with the top-10 next tokens, sum and L2
// norm exactly as `planscope-cli run MODEL --tokens` prints them (format_top_logits of the
// engine's CPU run of the same tokens).
#include "canvas/graph_canvas.h"
#include "options/model_replanner.h"
#include "sched/split_controller.h"
#include "session/graph_session.h"
#include "session/startup_graph.h"
#include "ui_test_support.h"

#include "models/llama_run.h"
#include "models/llama_top.h"

#include <QSignalSpy>
#include <QtTest>

#include <cmath>

using namespace planscope;
using namespace planscope::ui;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(std::vector<std::int32_t>)

class TestExecutionLlama : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void topTokensMatchCli_data();
    void topTokensMatchCli();
};

void TestExecutionLlama::initTestCase() {
    test::isolateSettings(u"test_execution_llama"_s);
}

void TestExecutionLlama::topTokensMatchCli_data() {
    QTest::addColumn<std::vector<std::int32_t>>("tokens"); // empty: the default model's own prompt
    QTest::addColumn<int>("topId");
    QTest::addColumn<double>("topLogit");
    QTest::newRow("default 8-token prompt") << std::vector<std::int32_t>{} << 261 << 19.519665;
    QTest::newRow("5 tokens") << std::vector<std::int32_t>{1, 403, 407, 261, 378} << 432 << 17.798691;
}

void TestExecutionLlama::topTokensMatchCli() {
    QFETCH(std::vector<std::int32_t>, tokens);
    QFETCH(int, topId);
    QFETCH(double, topLogit);
    GraphSession session;
    GraphCanvas canvas(&session);
    SplitController controller(&session, &canvas);
    ModelReplanner replanner(&session); // identifies the embedded model and its prompt, as in the window
    auto doc = loadDefaultGraph();
    QVERIFY2(doc, doc ? "" : doc.err().message.c_str());
    session.setDocument(std::move(*doc));
    QCOMPARE(replanner.source().kind, ModelSource::Kind::Embedded);
    ModelOptions options = replanner.options();
    QCOMPARE(options.tokens, (std::vector<std::int32_t>(startupTokens.begin(), startupTokens.end())));
    if (!tokens.empty()) options.tokens = tokens;
    controller.setPromptSource([&] { return replanner.source().prompt(options); });
    BackendRequest request;
    request.list = "cpu";
    controller.setRequest(request);

    QSignalSpy done(&controller, &SplitController::runFinished);
    controller.run();
    QVERIFY(done.wait(60000) || done.count() == 1);
    QVERIFY2(controller.lastError().isEmpty(), qPrintable(controller.lastError()));

    auto file = openDefaultModelFile();
    QVERIFY(file);
    auto logits = run_llama_prompt(*file, options.tokens, {});
    QVERIFY(logits);
    const QString expected = QString::fromStdString(format_top_logits(*file, *logits));
    QCOMPARE(expected.count(u'\n'), 12); // 10 rows, sum, l2
    // "id logit piece": the logit's last digits depend on the build's float contraction.
    const QStringList first = expected.section(u'\n', 0, 0).split(u' ');
    QCOMPARE(first.value(0).toInt(), topId);
    QVERIFY2(std::abs(first.value(1).toDouble() - topLogit) < 1e-3, qPrintable(first.value(1)));
    const QString text = controller.outputsText();
    QVERIFY2(text.endsWith(expected), qPrintable(text));
    QVERIFY(text.startsWith(u"output result_output:"_s));
}

QTEST_MAIN(TestExecutionLlama)
#include "test_execution_llama.moc"
