#include "strip_painter.h"

#include "model/format.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>

namespace planscope::ui {
namespace {

constexpr qreal tickSpacing = 70; // pixels between labelled ticks at least
constexpr qreal minElided = 24;   // narrower blocks get no label at all

QRectF blockRect(const QRectF& strip, const AddressAxis& axis, std::uint64_t offset, std::uint64_t size) {
    const qreal x0 = std::max(offsetToX(axis, offset), strip.left());
    const qreal x1 = std::min(offsetToX(axis, offset + size), strip.right());
    return QRectF(x0, strip.top(), std::max<qreal>(x1 - x0, 0), strip.height());
}

// Tensor names elide in the middle (the layer suffix stays), buffer names at the end.
void paintLabel(QPainter& p, const QRectF& r, const QStringList& texts, const QColor& color,
                Qt::TextElideMode mode = Qt::ElideMiddle) {
    const QRectF inner = r.adjusted(3, 0, -3, 0);
    const QString shown = fittedLabel(texts, QFontMetricsF(p.font()), inner.width(), minElided, mode);
    if (shown.isEmpty()) return;
    p.setPen(color);
    p.drawText(inner, Qt::AlignCenter, shown);
}

// A title above `rect`, as much of it as the strip's width holds.
void paintTitle(QPainter& p, const QRectF& rect, const QStringList& texts) {
    const QFontMetricsF fm(p.font());
    p.setPen(QColor(0x20, 0x20, 0x20));
    p.drawText(QRectF(rect.left(), rect.top() - fm.height() - 2, rect.width(), fm.height()), Qt::AlignLeft,
               fittedLabel(texts, fm, rect.width(), 0, Qt::ElideRight));
}

bool contains(const BufferStrip& s, const StripBlock& b) {
    return std::find(s.blocks.begin(), s.blocks.end(), b) != s.blocks.end();
}

void paintFree(QPainter& p, const QRectF& r, const StripBlock& b, qreal opacity) {
    if (r.width() <= 0) return;
    p.setOpacity(opacity);
    p.fillRect(r, Qt::white);
    p.fillRect(r, freeBrush());
    p.setPen(QPen(QColor(0x9a, 0xa5, 0xb1), 1, Qt::DashLine));
    p.drawRect(r.adjusted(0.5, 0.5, -0.5, -0.5));
    const QFontMetricsF fm(p.font());
    const QString text = formatBytes(b.size);
    const QRectF box = fm.boundingRect(text).adjusted(-2, 0, 2, 0);
    if (box.width() + 4 <= r.width()) {
        QRectF bg = box;
        bg.moveCenter(r.center());
        p.fillRect(bg, QColor(255, 255, 255, 220));
        p.setPen(QColor(0x4a, 0x55, 0x61));
        p.drawText(bg, Qt::AlignCenter, text);
    }
    p.setOpacity(1);
}

void paintTensor(QPainter& p, const QRectF& r, const StripPaintContext& ctx, const StripBlock& b, qreal opacity) {
    if (r.width() <= 0) return;
    p.setOpacity(opacity);
    if (b.kind == BlockKind::Leaked) {
        p.fillRect(r, QColor(0xe0, 0xe0, 0xe0));
        p.fillRect(r, leakBrush());
    } else {
        p.fillRect(r, blockColor(ctx.doc, b.tensor, ctx.coloring));
    }
    const bool selected = ctx.selected.valid() && ctx.selected == b.tensor;
    p.setPen(QPen(selected ? QColor(0x10, 0x60, 0xd0) : QColor(0x44, 0x44, 0x44), selected ? 2.5 : 1));
    p.drawRect(r.adjusted(0.5, 0.5, -0.5, -0.5));
    QRectF labelArea = r;
    labelArea.setHeight(r.height() * 0.6); // the lower part is for shared regions
    paintLabel(p, labelArea, {tensorName(ctx.doc, b.tensor)}, QColor(0x20, 0x20, 0x20));
    p.setOpacity(1);
}

void paintShared(QPainter& p, const QRectF& strip, const StripPaintContext& ctx, const SharedRegion& s) {
    QRectF r = blockRect(strip, ctx.axis, s.offset, std::max<std::uint64_t>(s.size, 1));
    r.setTop(strip.top() + strip.height() * 0.62);
    r.setBottom(strip.bottom() - 3);
    r.adjust(2, 0, -2, 0);
    if (r.width() < 2) r.setWidth(2);
    const QColor c = sharedColor(s.how);
    QColor fill = c;
    fill.setAlpha(40);
    p.fillRect(r, fill);
    const bool selected = ctx.selected.valid() && ctx.selected == s.tensor;
    p.setPen(QPen(c, selected ? 2.5 : 1.2, Qt::DashLine));
    p.drawRect(r);
    QFont small = p.font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    p.save();
    p.setFont(small);
    paintLabel(p, r, sharedLabelTexts(ctx.doc, s), c.darker(130));
    p.restore();
}

} // namespace

QString fittedLabel(const QStringList& texts, const QFontMetricsF& fm, qreal available, qreal minElided,
                    Qt::TextElideMode mode) {
    std::vector<qreal> widths;
    widths.reserve(static_cast<std::size_t>(texts.size()));
    for (const QString& t : texts) widths.push_back(fm.horizontalAdvance(t));
    const LabelChoice choice = chooseLabel(widths, available, minElided);
    switch (choice.fit) {
    case LabelFit::Full: return texts[static_cast<qsizetype>(choice.index)];
    case LabelFit::Elided: return fm.elidedText(texts.back(), mode, available);
    case LabelFit::Hidden: break;
    }
    return {};
}

void paintAxis(QPainter& p, const QRectF& rect, const AddressAxis& axis) {
    p.setPen(QColor(0x55, 0x55, 0x55));
    p.drawLine(QPointF(rect.left(), rect.bottom()), QPointF(rect.right(), rect.bottom()));
    const QFontMetricsF fm(p.font());
    for (std::uint64_t t : ticks(axis, tickSpacing)) {
        const qreal x = offsetToX(axis, t);
        p.drawLine(QPointF(x, rect.bottom() - 5), QPointF(x, rect.bottom()));
        const QString label = tickLabel(t);
        const qreal w = fm.horizontalAdvance(label);
        // Keep the first and last labels inside the widget.
        const qreal left = std::clamp(x - w / 2, rect.left(), rect.right() - w);
        p.drawText(QRectF(left, rect.top(), w, rect.height() - 6), Qt::AlignBottom | Qt::AlignLeft, label);
    }
}

void paintStrip(QPainter& p, const QRectF& rect, const StripPaintContext& ctx, const BufferStrip& strip,
                const BufferStrip* from, qreal progress) {
    paintTitle(p, rect, stripTitleTexts(strip));

    p.fillRect(rect, QColor(0xf6, 0xf7, 0xf9));
    p.save();
    p.setClipRect(rect.adjusted(-1, -1, 1, 1));
    const auto rectOf = [&](const StripBlock& b) { return blockRect(rect, ctx.axis, b.offset, b.size); };
    if (from) {
        // Old free blocks and tensors fade out; merged free blocks fade in under them.
        for (const StripBlock& b : from->blocks) {
            if (contains(strip, b)) continue;
            if (b.kind == BlockKind::Free) paintFree(p, rectOf(b), b, 1 - progress);
        }
    }
    for (const StripBlock& b : strip.blocks) {
        const bool changed = from && !contains(*from, b);
        if (b.kind == BlockKind::Free) {
            paintFree(p, rectOf(b), b, changed ? progress : 1);
        } else if (changed) {
            QRectF r = rectOf(b); // a new block grows from its offset
            r.setWidth(r.width() * progress);
            paintTensor(p, r, ctx, b, 1);
        } else {
            paintTensor(p, rectOf(b), ctx, b, 1);
        }
    }
    if (from)
        for (const StripBlock& b : from->blocks)
            if (b.kind != BlockKind::Free && !contains(strip, b)) paintTensor(p, rectOf(b), ctx, b, 1 - progress);
    for (const SharedRegion& s : strip.shared) paintShared(p, rect, ctx, s);
    p.restore();

    // The high-water mark: what this buffer needs so far.
    const qreal hx = offsetToX(ctx.axis, strip.highWater);
    if (hx >= rect.left() - 1 && hx <= rect.right() + 1) {
        p.setPen(QPen(QColor(0xc6, 0x28, 0x28), 2));
        p.drawLine(QPointF(hx, rect.top() - 4), QPointF(hx, rect.bottom() + 4));
    }
    p.setPen(QColor(0xbb, 0xbb, 0xbb));
    p.drawRect(rect);
}

void paintPreallocated(QPainter& p, const QRectF& rect, const std::vector<PreallocatedBuffer>& buffers) {
    paintTitle(p, rect, preallocatedTitleTexts(buffers));
    std::uint64_t total = 0;
    for (const PreallocatedBuffer& b : buffers) total += b.size;
    qreal x = rect.left();
    for (const PreallocatedBuffer& b : buffers) {
        const qreal w = total == 0 ? rect.width() / static_cast<qreal>(buffers.size())
                                   : rect.width() * static_cast<qreal>(b.size) / static_cast<qreal>(total);
        const QRectF r(x, rect.top(), w, rect.height());
        p.fillRect(r, QColor(0xdd, 0xe4, 0xee));
        p.setPen(QColor(0x60, 0x6a, 0x78));
        p.drawRect(r.adjusted(0.5, 0.5, -0.5, -0.5));
        paintLabel(p, r, preallocatedLabelTexts(b), QColor(0x20, 0x20, 0x20), Qt::ElideRight);
        x += w;
    }
}

const PreallocatedBuffer* preallocatedAt(const QRectF& rect, const std::vector<PreallocatedBuffer>& buffers, qreal x) {
    std::uint64_t total = 0;
    for (const PreallocatedBuffer& b : buffers) total += b.size;
    qreal left = rect.left();
    for (const PreallocatedBuffer& b : buffers) {
        const qreal w = total == 0 ? rect.width() / static_cast<qreal>(buffers.size())
                                   : rect.width() * static_cast<qreal>(b.size) / static_cast<qreal>(total);
        if (x >= left && x < left + w) return &b;
        left += w;
    }
    return nullptr;
}

} // namespace planscope::ui
