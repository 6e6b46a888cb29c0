#pragma once
// The layouts the canvas shows, run one `dot` at a time in the planscope-layout process: a folded
// view's block layouts (kept and reused until forgetBlocks()) and its top level, or a whole
// document. start*() replaces a running layout; stop() ends it and the process at once.
#include "canvas/layout_process.h"
#include "fold/fold_layout.h"

#include <QObject>

#include <memory>

namespace planscope::ui {

class CanvasLayout final : public QObject {
    Q_OBJECT

public:
    explicit CanvasLayout(QObject* parent = nullptr);
    ~CanvasLayout() override;

    // `doc` and `s` must stay alive until finished, failed or stop().
    void startFolded(const planscope::graph_document& doc, const planscope::fold_structure& s, planscope::fold_view view,
                     const planscope::dot_style& style);
    void startFlat(const planscope::graph_document& doc, const planscope::dot_style& style);
    void stop();
    // The next folded layout lays its blocks out again (another document or style).
    void forgetBlocks() { m_blocks.clear(); }
    [[nodiscard]] bool isRunning() const { return m_running; }
    [[nodiscard]] LayoutProcess* process() const { return m_process; }

signals:
    void finished(std::shared_ptr<planscope::folded_layout> layout);
    void failed(const QString& message);

private:
    void pump(quint64 generation);
    void abandon(); // drops the running layout, keeping an idle process for the next one

    LayoutProcess* m_process;
    std::unique_ptr<planscope::fold_layout_job> m_job;
    std::map<std::size_t, planscope::block_layout> m_blocks;
    quint64 m_generation = 0;
    bool m_running = false;
};

} // namespace planscope::ui
