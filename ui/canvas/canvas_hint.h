#pragma once
// The first-run hint over the canvas: what to click and which keys step, schedule and explain,
// until the user closes it with "Got it" (remembered in QSettings under "hints/canvasDismissed").
#include <QFrame>

class QPushButton;

namespace planscope::ui {

class CanvasHint final : public QFrame {
    Q_OBJECT

public:
    explicit CanvasHint(QWidget* parent = nullptr);

    [[nodiscard]] static bool dismissed();
    [[nodiscard]] QPushButton* closeButton() const { return m_close; }

signals:
    void closed();

private:
    QPushButton* m_close;
};

} // namespace planscope::ui
