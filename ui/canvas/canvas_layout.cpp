#include "canvas_layout.h"

#include "model/format.h"

namespace planscope::ui {

using namespace planscope;

CanvasLayout::CanvasLayout(QObject* parent) : QObject(parent), m_process(new LayoutProcess(this)) {}

CanvasLayout::~CanvasLayout() { stop(); }

void CanvasLayout::stop() {
    abandon();
    m_process->stop();
}

void CanvasLayout::abandon() {
    ++m_generation;
    m_running = false;
    m_job.reset();
    if (m_process->isBusy()) m_process->stop(); // an idle process stays for the next layout
}

void CanvasLayout::startFolded(const graph_document& doc, const fold_structure& s, fold_view view, const dot_style& style) {
    abandon();
    m_running = true;
    m_job = std::make_unique<fold_layout_job>(doc, s, std::move(view), style, m_blocks);
    pump(m_generation);
}

void CanvasLayout::startFlat(const graph_document& doc, const dot_style& style) {
    abandon();
    m_running = true;
    const quint64 generation = m_generation;
    m_process->request(to_dot(doc, style), [this, generation](result<graph_layout> r) {
        if (generation != m_generation) return;
        m_running = false;
        if (!r) return emit failed(errorText(r.err()));
        emit finished(std::make_shared<folded_layout>(flat_folded(std::move(*r))));
    });
}

void CanvasLayout::pump(quint64 generation) {
    if (!m_job || generation != m_generation) return;
    if (auto text = m_job->next()) {
        m_process->request(std::move(*text), [this, generation](result<graph_layout> r) {
            if (generation != m_generation || !m_job) return;
            if (!r) {
                abandon();
                return emit failed(errorText(r.err()));
            }
            m_job->supply(std::move(*r));
            pump(generation);
        });
        return;
    }
    m_blocks = m_job->blocks();
    auto layout = std::make_shared<folded_layout>(m_job->result());
    m_job.reset();
    m_running = false;
    emit finished(std::move(layout));
}

} // namespace planscope::ui
