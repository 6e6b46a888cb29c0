#pragma once
// Paints buffer strips: the address axis, blocks, free space, the high-water mark, shared
// regions, the pre-allocated summary, and a transition between two states of one strip.
#include "axis_geometry.h"
#include "block_style.h"
#include "buffer_blocks.h"

#include <QRectF>
#include <QStringList>

class QFontMetricsF;
class QPainter;

namespace planscope::ui {

struct StripPaintContext {
    const planscope::graph_document& doc;
    AddressAxis axis;
    BlockColoring coloring = BlockColoring::ByOp;
    planscope::tensor_id selected;
};

// What a label of `texts` (most complete first) shows in `available` pixels measured by `fm`: the
// first text that fits, else the last elided with `mode`, else nothing when under `minElided`.
QString fittedLabel(const QStringList& texts, const QFontMetricsF& fm, qreal available, qreal minElided,
                    Qt::TextElideMode mode);

// Ticks and labels along the bottom edge of `rect`.
void paintAxis(QPainter& p, const QRectF& rect, const AddressAxis& axis);
// The strip's title above `rect`, then its contents. With `from`, the transition from that state
// at `progress` in [0, 1]: new blocks grow, freed blocks fade into hatching.
void paintStrip(QPainter& p, const QRectF& rect, const StripPaintContext& ctx, const BufferStrip& strip,
                const BufferStrip* from = nullptr, qreal progress = 1);
// The pre-allocated buffers side by side, sized by their share of the total.
void paintPreallocated(QPainter& p, const QRectF& rect, const std::vector<PreallocatedBuffer>& buffers);
// The preallocated buffer under x in a summary painted into `rect`, or nullptr.
const PreallocatedBuffer* preallocatedAt(const QRectF& rect, const std::vector<PreallocatedBuffer>& buffers, qreal x);

} // namespace planscope::ui
