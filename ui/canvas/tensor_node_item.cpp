#include "tensor_node_item.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace planscope::ui {

namespace {
struct NodeText {
    Q_DECLARE_TR_FUNCTIONS(planscope::ui::TensorNodeItem)
};
constexpr qreal radius = 6;
constexpr qreal padding = 8;
constexpr qreal selectedPen = 2.5;
} // namespace

TensorNodeItem::TensorNodeItem(Content content, const QRectF& rect) : m_content(std::move(content)), m_rect(rect) {
    setFlag(ItemIsSelectable);
    setAcceptHoverEvents(false);
    setToolTip(m_content.name + u'\n' + m_content.detail + u'\n' + m_content.size);
}

void TensorNodeItem::setBreakpoint(bool on) {
    if (on == m_breakpoint) return;
    m_breakpoint = on;
    QString tip = m_content.name + u'\n' + m_content.detail + u'\n' + m_content.size;
    if (on) tip += u'\n' + NodeText::tr("Breakpoint: stepping stops at its events");
    setToolTip(tip);
    update();
}

void TensorNodeItem::setFill(const QColor& fill) {
    m_content.fill = fill;
    update();
}

QRectF TensorNodeItem::boundingRect() const {
    const qreal m = selectedPen / 2;
    return m_rect.adjusted(-m, -m, m, m);
}

QPainterPath TensorNodeItem::shape() const {
    QPainterPath p;
    p.addRoundedRect(m_rect, radius, radius);
    return p;
}

void TensorNodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const bool selected = option->state & QStyle::State_Selected;
    painter->setRenderHint(QPainter::Antialiasing);

    QPen pen(selected ? QColor(0x1f, 0x6f, 0xd6) : QColor(0x70, 0x78, 0x84));
    pen.setWidthF(selected ? selectedPen : (m_content.output ? 2.0 : 1.0));
    if (m_content.view) pen.setStyle(Qt::DashLine);
    painter->setPen(pen);
    painter->setBrush(m_content.fill);
    painter->drawRoundedRect(m_rect, radius, radius);

    // Three lines, as Graphviz sized the box for them: fonts scale with the box (scene units are
    // layout points), so the text fits at every zoom.
    const QRectF text = m_rect.adjusted(padding, 2, -padding, -2);
    const qreal line = text.height() / 3;
    QFont nameFont = painter->font();
    nameFont.setBold(true);
    nameFont.setPixelSize(std::max(1, qRound(line * 0.78)));
    const QFontMetricsF nameMetrics(nameFont);
    painter->setFont(nameFont);
    painter->setPen(QColor(0x20, 0x24, 0x2a));
    const QRectF top(text.left(), text.top(), text.width(), line);
    painter->drawText(top, Qt::AlignCenter, nameMetrics.elidedText(m_content.name, Qt::ElideMiddle, top.width()));

    QFont detailFont = nameFont;
    detailFont.setBold(false);
    detailFont.setPixelSize(std::max(1, qRound(line * 0.7)));
    const QFontMetricsF detailMetrics(detailFont);
    painter->setFont(detailFont);
    painter->setPen(QColor(0x4a, 0x50, 0x58));
    const QRectF middle(text.left(), top.bottom(), text.width(), line);
    painter->drawText(middle, Qt::AlignCenter, detailMetrics.elidedText(m_content.detail, Qt::ElideRight, middle.width()));
    const QRectF bottom(text.left(), middle.bottom(), text.width(), line);
    painter->drawText(bottom, Qt::AlignCenter, m_content.size);

    if (m_breakpoint) {
        // As a debugger's gutter: a red dot, sized with the box so it reads at every zoom.
        const qreal r = std::max<qreal>(2, line * 0.45);
        painter->setPen(QPen(Qt::white, r * 0.3));
        painter->setBrush(QColor(0xd0, 0x21, 0x21));
        painter->drawEllipse(QPointF(m_rect.left() + r + 2, m_rect.top() + r + 2), r, r);
    }
}

} // namespace planscope::ui
