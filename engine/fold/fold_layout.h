#pragma once
// Laying out a folded view: the block layout of every group with an open instance that is not
// laid out yet, then the top level, then compose_folded. The job hands out one graph text at a
// time, so its caller decides where `dot` runs: here (exports, benchmarks) or in the GUI's
// planscope-layout process, which it can stop at once.
#include "fold_compose.h"

#include <atomic>
#include <optional>

namespace planscope {

class fold_layout_job {
public:
    // `blocks`: block layouts made earlier for the same structure and style, reused.
    fold_layout_job(const graph_document& doc, const fold_structure& s, fold_view view, dot_style style,
                    std::map<std::size_t, block_layout> blocks = {});

    // The next graph text to lay out; nullopt once every layout is in.
    [[nodiscard]] std::optional<std::string> next();
    // The layout of the text next() returned last.
    void supply(graph_layout layout);
    [[nodiscard]] bool done() const { return m_top.has_value(); }
    // The composed geometry, once done.
    [[nodiscard]] folded_layout result() const;
    [[nodiscard]] const std::map<std::size_t, block_layout>& blocks() const { return m_blocks; }
    [[nodiscard]] const fold_view& view() const { return m_view; }

private:
    const graph_document& m_doc;
    const fold_structure& m_s;
    fold_view m_view;
    dot_style m_style;
    std::map<std::size_t, block_layout> m_blocks;
    std::vector<std::size_t> m_missing; // groups still to lay out, last first
    block_ports m_ports;                // of the block text handed out last
    bool m_top_requested = false;
    std::optional<graph_layout> m_top;
};

// The whole job with layout_dot in this process.
result<folded_layout> layout_folded(const graph_document& doc, const fold_structure& s, const fold_state& state,
                                    const dot_style& style = {}, const std::atomic<bool>* cancel = nullptr);

} // namespace planscope
