#pragma once
// A folded block on the canvas: a run of closed instances as a stacked box ("blk 1–31 ×31", its
// nodes, bytes, time and a strip of one cell per instance), or an open instance's frame with a
// header. A click on a run opens the instance under the mouse (the cell's, else the first); a
// click on a frame's header closes it. A run holding breakpoints shows a red dot in its corner
// and under the cells of the instances that have them.
#include "canvas/block_content.h"

#include <QCoreApplication>
#include <QGraphicsItem>

#include <functional>
#include <optional>

namespace planscope::ui {

class BlockItem final : public QGraphicsItem {
    Q_DECLARE_TR_FUNCTIONS(planscope::ui::BlockItem)

public:
    enum { Type = UserType + 2 };
    enum class Kind { Run, Frame };
    // (unit, instance): open `instance` of a run, or close the frame's instance.
    using Toggle = std::function<void(std::uint32_t unit, std::uint32_t instance)>;

    BlockItem(Kind kind, std::uint32_t unit, BlockContent content, const QRectF& rect);

    [[nodiscard]] Kind kind() const { return m_kind; }
    [[nodiscard]] std::uint32_t unit() const { return m_unit; }
    [[nodiscard]] const BlockContent& content() const { return m_content; }
    [[nodiscard]] QRectF rect() const { return m_rect; }
    void setToggle(Toggle toggle) { m_toggle = std::move(toggle); }
    // The instance the current step is in, marked on the strip.
    void setCurrentInstance(std::optional<std::uint32_t> instance);
    [[nodiscard]] std::optional<std::uint32_t> currentInstance() const { return m_current; }
    // The instances of a run that hold a tensor with a breakpoint, in any order.
    void setBreakpointInstances(std::vector<std::uint32_t> instances);
    [[nodiscard]] const std::vector<std::uint32_t>& breakpointInstances() const { return m_breaks; }

    // Item geometry, for clicks and tests: a frame's header, a run's strip cell.
    [[nodiscard]] QRectF headerRect() const;
    [[nodiscard]] QRectF cellRect(std::size_t cell) const;
    // The instance a click at `pos` (item coordinates) toggles; nullopt where a click does nothing.
    [[nodiscard]] std::optional<std::uint32_t> instanceAt(const QPointF& pos) const;
    // What a click would do, as the tooltip says.
    void click(const QPointF& pos);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;
    void hoverMoveEvent(QGraphicsSceneHoverEvent* event) override;

private:
    void paintRun(QPainter& p) const;
    void paintFrame(QPainter& p) const;
    [[nodiscard]] QRectF stripRect() const;

    Kind m_kind;
    std::uint32_t m_unit;
    BlockContent m_content;
    QRectF m_rect;
    Toggle m_toggle;
    std::optional<std::uint32_t> m_current;
    std::vector<std::uint32_t> m_breaks;
};

} // namespace planscope::ui
