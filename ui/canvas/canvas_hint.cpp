#include "canvas_hint.h"

#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {
const QString dismissedKey = u"hints/canvasDismissed"_s;
}

CanvasHint::CanvasHint(QWidget* parent) : QFrame(parent), m_close(new QPushButton(tr("Got it"), this)) {
    setObjectName(u"canvasHint"_s);
    setAttribute(Qt::WA_StyledBackground);
    setStyleSheet(u"#canvasHint { background: #fffbe6; border: 1px solid #d9b84a; border-radius: 6px; }"_s);
    auto* text = new QLabel(this);
    text->setObjectName(u"canvasHintText"_s);
    text->setTextFormat(Qt::RichText);
    text->setWordWrap(true);
    const QStringList items{
        tr("<b>Click a tensor</b> to see where it lives and why (Inspector, Why panel)."),
        tr("<b>F10</b> steps through the allocator's plan, <b>F5</b> plays it; <b>Home</b> / <b>End</b> go to "
           "the first / last step; <b>F9</b> sets a breakpoint on the selected tensor."),
        tr("The <b>Peak</b> tab lists what is live when a compute buffer is fullest."),
        tr("<b>F7</b> schedules the graph over the backends. A llama model leaves the CPU only for the layers "
           "<b>ngl</b> puts on the second backend (what-if bar, remembered): at 0 it runs in one split. The Splits "
           "dock's <b>Causes</b> tab says why it splits."),
        tr("<b>Help → Keyboard Shortcuts</b> lists every key."),
    };
    text->setText(u"<p><b>"_s + tr("Getting started") + u"</b></p><ul style=\"margin-left: -20px\"><li>"_s +
                  items.join(u"</li><li>"_s) + u"</li></ul>"_s);
    m_close->setObjectName(u"canvasHintClose"_s);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 8, 12, 8);
    layout->addWidget(text);
    layout->addWidget(m_close, 0, Qt::AlignRight);
    connect(m_close, &QPushButton::clicked, this, [this] {
        QSettings().setValue(dismissedKey, true);
        hide();
        emit closed();
    });
}

bool CanvasHint::dismissed() { return QSettings().value(dismissedKey, false).toBool(); }

} // namespace planscope::ui
