#pragma once
// The canvas' folding state: the repeated blocks of the shown document (found on load), whether
// the canvas folds them (graphs above the threshold open folded, instance 0 of the first group
// open), which instances are open, and the ones stepping and selection opened by themselves,
// which close again when the step (the selection) moves to another block. Plain C++, no scene.
#include "fold/fold_view.h"
#include "layout/dot_writer.h"

#include <memory>
#include <optional>

namespace planscope::ui {

class CanvasFolding {
public:
    enum class Reveal { Step, Selection };

    // Finds the blocks of `doc`; nodes drawn in different colours (backends) never fold together.
    // Folds when the graph has more than `threshold` nodes and something repeats.
    void reset(const planscope::graph_document& doc, const planscope::dot_style& style, int threshold);
    void clear();

    [[nodiscard]] bool active() const { return m_active && m_structure && !m_structure->groups.empty(); }
    [[nodiscard]] bool available() const { return m_structure && !m_structure->groups.empty(); }
    void setActive(bool active) { m_active = active; }
    [[nodiscard]] const planscope::fold_structure* structure() const { return m_structure.get(); }
    [[nodiscard]] const planscope::fold_state& state() const { return m_state; }

    // Opens or closes an instance as the user asks; false when nothing changed.
    bool setOpen(std::size_t group, std::size_t instance, bool open);
    void openAll();
    void closeAll();
    // Opens the instance holding `tensor` when it is folded away, closing the one `by` opened
    // before (unless the user or the other kind of reveal holds it); false when nothing changed.
    bool reveal(planscope::tensor_id tensor, Reveal by);
    // The closed instance holding `tensor`, if it is folded away.
    [[nodiscard]] std::optional<planscope::fold_place> hidden(planscope::tensor_id tensor) const;
    [[nodiscard]] std::optional<planscope::fold_place> revealed(Reveal by) const { return m_auto[index(by)]; }

private:
    static std::size_t index(Reveal by) { return by == Reveal::Step ? 0 : 1; }
    static bool same(const std::optional<planscope::fold_place>& a, const planscope::fold_place& b) {
        return a && a->group == b.group && a->instance == b.instance;
    }

    std::shared_ptr<const planscope::fold_structure> m_structure;
    planscope::fold_state m_state;
    bool m_active = false;
    std::optional<planscope::fold_place> m_auto[2]; // the group and instance each reveal opened
};

} // namespace planscope::ui
