#include "block_item.h"

#include <QCursor>
#include <QFontMetricsF>
#include <QGraphicsSceneMouseEvent>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace planscope::ui {

namespace {
constexpr qreal radius = 8;
constexpr qreal stackStep = 4; // the offset of the two boxes drawn behind a run
constexpr qreal headerHeight = 30;
constexpr qreal blockMargin = 10;
constexpr qreal blockStripHeight = 16;
const QColor runFill(0xee, 0xf1, 0xf6);
const QColor runBorder(0x6f, 0x7b, 0x8a);
const QColor frameBorder(0x9a, 0xa4, 0xb2);
const QColor headerFill(0xe2, 0xe8, 0xf0);
const QColor textColor(0x20, 0x24, 0x2a);
const QColor detailColor(0x4a, 0x50, 0x58);
const QColor currentColor(0xe8, 0x6a, 0x10);
const QColor breakColor(0xd0, 0x21, 0x21);

QFont pixelFont(const QFont& base, qreal px, bool bold) {
    QFont f = base;
    f.setPixelSize(std::max(1, qRound(px)));
    f.setBold(bold);
    return f;
}
} // namespace

BlockItem::BlockItem(Kind kind, std::uint32_t unit, BlockContent content, const QRectF& rect)
    : m_kind(kind), m_unit(unit), m_content(std::move(content)), m_rect(rect) {
    setAcceptHoverEvents(true);
    setZValue(kind == Kind::Frame ? -3 : 0);
    if (kind == Kind::Run) {
        setCursor(Qt::PointingHandCursor);
        setToolTip(tr("%1 %2\n%3\nClick to open a block (the cell under the mouse)")
                       .arg(m_content.title, m_content.count, m_content.detail));
    } else {
        setToolTip(tr("%1\n%2\nClick the header to close it").arg(m_content.title, m_content.detail));
    }
}

void BlockItem::setCurrentInstance(std::optional<std::uint32_t> instance) {
    if (m_current == instance) return;
    m_current = instance;
    update();
}

void BlockItem::setBreakpointInstances(std::vector<std::uint32_t> instances) {
    std::sort(instances.begin(), instances.end());
    instances.erase(std::unique(instances.begin(), instances.end()), instances.end());
    if (instances == m_breaks) return;
    m_breaks = std::move(instances);
    update();
}

QRectF BlockItem::boundingRect() const {
    const qreal extra = m_kind == Kind::Run ? 2 * stackStep + 2 : 2;
    return m_rect.adjusted(-2, -2, extra, extra);
}

QRectF BlockItem::headerRect() const { return {m_rect.left(), m_rect.top(), m_rect.width(), headerHeight}; }

QRectF BlockItem::stripRect() const {
    return {m_rect.left() + blockMargin, m_rect.bottom() - blockMargin - blockStripHeight, m_rect.width() - 2 * blockMargin, blockStripHeight};
}

QRectF BlockItem::cellRect(std::size_t cell) const {
    const std::size_t n = std::max<std::size_t>(m_content.cells.size(), 1);
    const QRectF strip = stripRect();
    const qreal w = strip.width() / static_cast<qreal>(n);
    return {strip.left() + w * static_cast<qreal>(cell), strip.top(), w, strip.height()};
}

std::optional<std::uint32_t> BlockItem::instanceAt(const QPointF& pos) const {
    if (m_kind == Kind::Frame) {
        if (!headerRect().contains(pos) || m_content.cells.empty()) return std::nullopt;
        return m_content.cells.front().first;
    }
    if (!m_rect.contains(pos) || m_content.cells.empty()) return std::nullopt;
    for (std::size_t i = 0; i < m_content.cells.size(); ++i)
        if (cellRect(i).contains(pos)) return m_content.cells[i].first;
    return m_content.cells.front().first;
}

void BlockItem::click(const QPointF& pos) {
    if (const auto instance = instanceAt(pos); instance && m_toggle) m_toggle(m_unit, *instance);
}

void BlockItem::mousePressEvent(QGraphicsSceneMouseEvent* event) {
    if (event->button() == Qt::LeftButton && instanceAt(event->pos())) event->accept();
    else event->ignore(); // a frame's body: the view pans
}

void BlockItem::mouseReleaseEvent(QGraphicsSceneMouseEvent* event) {
    const qreal moved = (event->screenPos() - event->buttonDownScreenPos(Qt::LeftButton)).manhattanLength();
    if (event->button() == Qt::LeftButton && moved < 4) click(event->pos());
}

void BlockItem::hoverMoveEvent(QGraphicsSceneHoverEvent* event) {
    if (m_kind == Kind::Frame) setCursor(headerRect().contains(event->pos()) ? Qt::PointingHandCursor : Qt::ArrowCursor);
    QGraphicsItem::hoverMoveEvent(event);
}

void BlockItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    painter->setRenderHint(QPainter::Antialiasing);
    if (m_kind == Kind::Run) paintRun(*painter);
    else paintFrame(*painter);
}

void BlockItem::paintRun(QPainter& p) const {
    // Two boxes behind say "several of these".
    for (int i = 2; i >= 1; --i) {
        p.setPen(QPen(runBorder, 1.0));
        p.setBrush(runFill.darker(100 + 4 * i));
        p.drawRoundedRect(m_rect.translated(stackStep * i, stackStep * i), radius, radius);
    }
    p.setPen(QPen(runBorder, 1.5));
    p.setBrush(runFill);
    p.drawRoundedRect(m_rect, radius, radius);

    const QRectF title(m_rect.left() + blockMargin, m_rect.top() + 6, m_rect.width() - 2 * blockMargin, 20);
    const QFont titleFont = pixelFont(p.font(), 15, true);
    p.setFont(titleFont);
    p.setPen(textColor);
    const QString head = m_content.count.isEmpty() ? m_content.title : m_content.title + u"  " + m_content.count;
    p.drawText(title, Qt::AlignLeft | Qt::AlignVCenter, head);
    if (!m_content.time.isEmpty()) p.drawText(title, Qt::AlignRight | Qt::AlignVCenter, m_content.time);

    const QFont detailFont = pixelFont(p.font(), 11, false);
    p.setFont(detailFont);
    p.setPen(detailColor);
    const QRectF detail(title.left(), title.bottom() + 2, title.width(), stripRect().top() - title.bottom() - 4);
    p.drawText(detail, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, m_content.detail);

    for (std::size_t i = 0; i < m_content.cells.size(); ++i) {
        const BlockCell& cell = m_content.cells[i];
        const QRectF r = cellRect(i).adjusted(0.5, 0, -0.5, 0);
        if (cell.shares.empty()) {
            p.fillRect(r, QColor(0xd5, 0xdb, 0xe3));
        } else {
            qreal y = r.top();
            for (const auto& [colour, share] : cell.shares) {
                const qreal h = r.height() * share;
                p.fillRect(QRectF(r.left(), y, r.width(), h), colour);
                y += h;
            }
        }
        if (m_current && *m_current >= cell.first && *m_current <= cell.last) {
            p.setPen(QPen(currentColor, 2.0));
            p.setBrush(Qt::NoBrush);
            p.drawRect(r.adjusted(-1, -2, 1, 2));
        }
        const auto hit = std::lower_bound(m_breaks.begin(), m_breaks.end(), cell.first);
        if (hit != m_breaks.end() && *hit <= cell.last) p.fillRect(QRectF(r.left(), r.bottom() + 2, r.width(), 3), breakColor);
    }
    if (!m_breaks.empty()) {
        p.setPen(QPen(Qt::white, 1.2));
        p.setBrush(breakColor);
        p.drawEllipse(QPointF(m_rect.left() + 1, m_rect.top() + 1), 5, 5);
    }
}

void BlockItem::paintFrame(QPainter& p) const {
    p.setPen(QPen(frameBorder, 1.2, Qt::SolidLine));
    p.setBrush(QColor(0xfb, 0xfc, 0xfd));
    p.drawRoundedRect(m_rect, radius, radius);
    QPainterPath header;
    header.addRoundedRect(headerRect(), radius, radius);
    p.fillPath(header, headerFill);

    const QRectF text = headerRect().adjusted(blockMargin, 0, -blockMargin, 0);
    p.setPen(textColor);
    p.setFont(pixelFont(p.font(), 14, true));
    const QString title = u"\u25be " + m_content.title; // ▾: open; a click closes it
    const QFontMetricsF titleMetrics(p.font());
    p.drawText(text, Qt::AlignLeft | Qt::AlignVCenter, title);
    const qreal after = titleMetrics.horizontalAdvance(title) + 12;
    p.setFont(pixelFont(p.font(), 11, false));
    p.setPen(detailColor);
    const QString right = m_content.time;
    const QRectF detail = text.adjusted(after, 0, 0, 0);
    p.drawText(detail, Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetricsF(p.font()).elidedText(m_content.detail, Qt::ElideRight, detail.width() - 60));
    if (!right.isEmpty()) p.drawText(text, Qt::AlignRight | Qt::AlignVCenter, right);
}

} // namespace planscope::ui
