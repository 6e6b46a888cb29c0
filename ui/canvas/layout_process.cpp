#include "layout_process.h"

#include "layout/layout_codec.h"
#include "model/format.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QProcess>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {
constexpr std::size_t maxReply = std::size_t{1} << 30;
constexpr int killWaitMs = 1000; // SIGKILL ends it within milliseconds; this only reaps it
} // namespace

LayoutProcess::LayoutProcess(QObject* parent) : QObject(parent) {}

LayoutProcess::~LayoutProcess() { stop(); }

QString LayoutProcess::executable() {
    const QString env = qEnvironmentVariable("PLANSCOPE_LAYOUT");
    if (!env.isEmpty()) return env;
    const QString beside = QCoreApplication::applicationDirPath() + u"/planscope-layout"_s;
    if (QFileInfo(beside).isExecutable()) return beside;
    return QStringLiteral(PLANSCOPE_LAYOUT_BUILD_PATH);
}

qint64 LayoutProcess::processId() const { return m_process ? m_process->processId() : 0; }

void LayoutProcess::request(std::string dot, Reply reply) {
    m_reply = std::move(reply);
    if (!m_process) {
        m_process = new QProcess(this);
        m_process->setProcessChannelMode(QProcess::SeparateChannels);
        m_process->setStandardErrorFile(QProcess::nullDevice());
        connect(m_process, &QProcess::readyReadStandardOutput, this, &LayoutProcess::onOutput);
        connect(m_process, &QProcess::finished, this, &LayoutProcess::onFinished);
        connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
            if (e == QProcess::FailedToStart)
                fail(tr("cannot start the layout process %1: %2").arg(executable(), m_process->errorString()));
        });
        m_buffer.clear();
        m_process->start(executable(), {});
        if (!m_process) return; // it failed to start, and said so
    }
    const std::string framed = planscope::frame_message({}, dot);
    m_process->write(framed.data(), static_cast<qint64>(framed.size()));
}

void LayoutProcess::stop() {
    m_reply = nullptr;
    if (!m_process) return;
    QProcess* p = m_process;
    m_process = nullptr;
    p->disconnect(this);
    if (p->state() != QProcess::NotRunning) {
        p->kill();
        p->waitForFinished(killWaitMs);
    }
    p->deleteLater(); // stop() may run inside one of its signals
    m_buffer.clear();
}

void LayoutProcess::onOutput() {
    if (!m_process) return;
    m_buffer += m_process->readAllStandardOutput();
    auto frame = planscope::read_frame(std::string_view(m_buffer.constData(), static_cast<std::size_t>(m_buffer.size())), maxReply);
    if (!frame) return fail(errorText(frame.err()));
    if (!*frame) return;
    m_buffer.remove(0, static_cast<qsizetype>((*frame)->consumed));
    Reply reply = std::move(m_reply);
    m_reply = nullptr;
    if (!reply) return;
    if ((*frame)->tag == "ok") reply(planscope::decode_layout((*frame)->body));
    else reply(planscope::error{(*frame)->body});
}

void LayoutProcess::onFinished() {
    // It ends only when it is killed or its pipe broke: a crash inside Graphviz, say.
    fail(tr("the layout process ended unexpectedly"));
}

void LayoutProcess::fail(const QString& message) {
    Reply reply = std::move(m_reply);
    stop();
    if (reply) reply(planscope::error{message.toStdString()});
}

} // namespace planscope::ui
