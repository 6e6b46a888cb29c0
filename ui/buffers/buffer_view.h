#pragma once
// The buffers at one step of an allocation recording: a strip per allocator buffer over a shared
// address axis (tensors as coloured blocks, free blocks hatched, the high-water mark, views and
// inplace nodes outlined on their source), the pre-allocated buffers as one summary strip.
// Stepping by one animates the change; any other step change is instant.
//
// Wheel zooms around the pointer, dragging pans, a double click fits; clicking a block emits
// tensorClicked.
#include "axis_geometry.h"
#include "block_style.h"
#include "buffer_blocks.h"

#include <QWidget>

#include <optional>

class QVariantAnimation;

namespace planscope::ui {

class BufferView final : public QWidget {
    Q_OBJECT

public:
    explicit BufferView(QWidget* parent = nullptr);

    // Copies the events; `doc` names and colours tensors and must outlive the view (or be
    // replaced by another setTrace/clear before it goes). Shows step 0.
    void setTrace(std::span<const planscope::alloc_event> events, const planscope::graph_document& doc);
    void clear();
    // Events applied: 0 .. eventCount(). Steps outside are clamped.
    void setStep(std::size_t step);
    [[nodiscard]] std::size_t step() const { return m_step; }
    [[nodiscard]] std::size_t eventCount() const { return m_events.size(); }

    void setColoring(BlockColoring coloring);
    void setAnimated(bool animated) { m_animated = animated; }
    [[nodiscard]] bool isAnimating() const;
    // Outlines the tensor's block and regions; an invalid id selects nothing.
    void setSelectedTensor(planscope::tensor_id tensor);

    // What is drawn once any animation ends.
    [[nodiscard]] const std::vector<BufferStrip>& strips() const { return m_strips; }
    [[nodiscard]] const AddressAxis& axis() const { return m_axis; }
    // Where strip `index` of strips() is drawn; the pre-allocated summary follows the last.
    [[nodiscard]] QRectF stripRect(std::size_t index) const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void tensorClicked(planscope::tensor_id tensor);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool event(QEvent* event) override; // tooltips
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;

private:
    struct Hit {
        const BufferStrip* strip = nullptr;
        const StripBlock* block = nullptr;
        const SharedRegion* region = nullptr;
    };
    [[nodiscard]] qreal titleHeight() const; // the row above a strip for its title
    [[nodiscard]] QRectF summaryRect() const;
    [[nodiscard]] Hit hitAt(const QPointF& pos) const;
    void updateAxisWidth();

    std::vector<planscope::alloc_event> m_events;
    const planscope::graph_document* m_doc = nullptr;
    std::optional<planscope::alloc_replayer> m_replayer;
    std::size_t m_step = 0;
    std::vector<BufferStrip> m_strips;
    std::vector<BufferStrip> m_previous; // what an animation starts from
    std::vector<PreallocatedBuffer> m_preallocated;
    AddressAxis m_axis;
    BlockColoring m_coloring = BlockColoring::ByOp;
    planscope::tensor_id m_selected;
    bool m_animated = true;
    QVariantAnimation* m_animation;
    qreal m_progress = 1; // 1 = m_strips as they are
    std::optional<QPointF> m_dragFrom;
};

} // namespace planscope::ui
