#pragma once
// Tooltips that depend on the point under the mouse (charts, diagrams): QEvent::ToolTip answered
// with the text at that point, and a shown tooltip hidden where there is none.
#include <QHelpEvent>
#include <QToolTip>
#include <QWidget>

namespace planscope::ui {

// True when `event` asked for a tooltip (it is then handled); `textAt(QPoint)` gives the text
// at a widget position, empty for none.
template <class TextAt>
bool answerToolTip(QWidget* widget, QEvent* event, TextAt&& textAt) {
    if (event->type() != QEvent::ToolTip) return false;
    const auto* help = static_cast<const QHelpEvent*>(event);
    const QString text = textAt(help->pos());
    if (text.isEmpty()) QToolTip::hideText();
    else QToolTip::showText(help->globalPos(), text, widget);
    return true;
}

} // namespace planscope::ui
