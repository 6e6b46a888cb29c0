#include "view_pictures.h"

#include <QBuffer>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>
#include <QWidget>

#include <algorithm>
#include <functional>

namespace planscope::ui {
namespace {

constexpr int maxSide = 8192; // keeps a zoomed-in 32-layer canvas a picture, not gigabytes

// Paints `paint` on a size-`size` surface in `format`; empty for an unknown format.
QByteArray picture(QSize size, const QString& format, const QColor& background, const QString& title,
                   const std::function<void(QPainter&)>& paint) {
    QByteArray bytes;
    QBuffer out(&bytes);
    out.open(QIODevice::WriteOnly);
    if (format == u"png") {
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        image.fill(background);
        {
            QPainter p(&image);
            p.setRenderHint(QPainter::Antialiasing);
            paint(p);
        }
        image.save(&out, "PNG");
    } else if (format == u"svg") {
        QSvgGenerator svg;
        svg.setOutputDevice(&out);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(title);
        QPainter p(&svg);
        p.fillRect(QRect(QPoint(0, 0), size), background);
        paint(p);
    }
    return bytes;
}

} // namespace

QByteArray renderViewPicture(const QGraphicsView& view, const QString& format) {
    QGraphicsScene* scene = view.scene();
    if (!scene) return {};
    const QRectF items = scene->itemsBoundingRect();
    if (items.isEmpty()) return {};
    QRectF source = view.mapToScene(view.viewport()->rect()).boundingRect().intersected(items);
    if (source.isEmpty()) source = items;
    const double zoom = std::max(view.transform().m11(), 0.05);
    QSizeF size = source.size() * zoom;
    const double fit = std::min(1.0, maxSide / std::max(size.width(), size.height()));
    size *= fit;
    const QSize target = size.toSize().expandedTo(QSize(1, 1));
    const QColor background = view.palette().color(QPalette::Base);
    return picture(target, format, background, QStringLiteral("Planscope canvas"), [&](QPainter& p) {
        scene->render(&p, QRectF(QPointF(0, 0), target), source, Qt::KeepAspectRatio);
    });
}

QByteArray renderWidgetPicture(QWidget& widget, const QString& format) {
    const QSize hint = widget.sizeHint();
    const int width = widget.isVisible() && widget.width() > 0 ? widget.width() : hint.width();
    const QSize size = QSize(width, hint.height()).expandedTo(QSize(1, 1));
    // Drawn at that size for the picture only; the dock's layout gets its geometry back.
    const QRect before = widget.geometry();
    if (widget.size() != size) widget.resize(size);
    const QColor background = widget.palette().color(QPalette::Window);
    QByteArray bytes = picture(size, format, background, QStringLiteral("Planscope buffers"), [&](QPainter& p) {
        widget.render(&p, QPoint(), QRegion(), QWidget::DrawChildren);
    });
    if (widget.geometry() != before) widget.setGeometry(before);
    return bytes;
}

} // namespace planscope::ui
