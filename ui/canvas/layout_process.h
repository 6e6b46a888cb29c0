#pragma once
// The planscope-layout process that runs Graphviz `dot` for the canvas: one request at a time over
// its pipes (layout_codec.h), kept running between requests so that opening a block costs no
// start-up. stop() kills it, so a layout stops at once and nothing keeps running on quit.
#include "layout/graph_layout.h"

#include <QByteArray>
#include <QObject>
#include <QString>

#include <functional>
#include <string>

class QProcess;

namespace planscope::ui {

class LayoutProcess final : public QObject {
    Q_OBJECT

public:
    using Reply = std::function<void(planscope::result<planscope::graph_layout>)>;

    explicit LayoutProcess(QObject* parent = nullptr);
    ~LayoutProcess() override; // kills the process

    // Lays out `dot`; `reply` runs on this object's thread with the layout or the reason it failed,
    // unless stop() comes first. One request at a time: a second one while busy replaces the first.
    void request(std::string dot, Reply reply);
    // Kills the process and drops the request.
    void stop();
    [[nodiscard]] bool isBusy() const { return static_cast<bool>(m_reply); }
    // The running process's id, 0 when none runs.
    [[nodiscard]] qint64 processId() const;

    // PLANSCOPE_LAYOUT if set, else planscope-layout beside the application, else the one this
    // build made.
    [[nodiscard]] static QString executable();

private:
    void onOutput();
    void onFinished();
    void fail(const QString& message);

    QProcess* m_process = nullptr;
    QByteArray m_buffer;
    Reply m_reply;
};

} // namespace planscope::ui
