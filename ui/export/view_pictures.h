#pragma once
// Pictures of the GUI's views for File > Export: the canvas' visible part of its scene, and a
// widget (the buffer views) as it is drawn now. PNG or SVG (QSvgGenerator) bytes.
#include <QByteArray>
#include <QString>

class QGraphicsView;
class QWidget;

namespace planscope::ui {

// What the view shows (its scene's visible rectangle; the whole scene when the view shows
// nothing of it), at the view's zoom. Empty on an unknown format or an empty scene.
QByteArray renderViewPicture(const QGraphicsView& view, const QString& format);

// The widget at its current width (its size hint's before it is shown) and the height its size
// hint asks for: all of its content, whatever height its dock happens to have now.
QByteArray renderWidgetPicture(QWidget& widget, const QString& format);

} // namespace planscope::ui
