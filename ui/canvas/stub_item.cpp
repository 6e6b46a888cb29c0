#include "stub_item.h"

#include <QCursor>
#include <QFontMetricsF>
#include <QGraphicsSceneMouseEvent>
#include <QPainter>

#include <algorithm>

namespace planscope::ui {

StubItem::StubItem(planscope::tensor_id tensor, bool input, QString name, const QRectF& rect)
    : m_tensor(tensor), m_input(input), m_name(std::move(name)), m_rect(rect) {
    setCursor(Qt::PointingHandCursor);
    setToolTip(input ? tr("From outside the block: %1 (click to select it)").arg(m_name)
                     : tr("Read outside the block: %1 (click to select it)").arg(m_name));
}

QRectF StubItem::boundingRect() const { return m_rect.adjusted(-1, -1, 1, 1); }

void StubItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(QColor(0x70, 0x78, 0x84), 1.0, Qt::DashLine));
    painter->setBrush(QColor(0xf4, 0xf6, 0xf9));
    const qreal r = m_rect.height() / 2;
    painter->drawRoundedRect(m_rect, r, r);
    QFont f = painter->font();
    f.setPixelSize(std::max(1, qRound(m_rect.height() * 0.55)));
    painter->setFont(f);
    painter->setPen(QColor(0x4a, 0x50, 0x58));
    const QRectF text = m_rect.adjusted(r / 2, 0, -r / 2, 0);
    painter->drawText(text, Qt::AlignCenter, QFontMetricsF(f).elidedText(m_name, Qt::ElideMiddle, text.width()));
}

void StubItem::mousePressEvent(QGraphicsSceneMouseEvent* event) {
    if (event->button() == Qt::LeftButton) event->accept();
    else event->ignore();
}

void StubItem::mouseReleaseEvent(QGraphicsSceneMouseEvent* event) {
    if (event->button() == Qt::LeftButton && m_select) m_select(m_tensor);
}

} // namespace planscope::ui
