#pragma once
// One tensor on the canvas: a rounded box with the name, "OP · type · shape" and the size; a red
// dot at its top-left corner when stepping breaks at it.
#include "core/ids.h"

#include <QColor>
#include <QGraphicsItem>
#include <QString>

namespace planscope::ui {

class TensorNodeItem final : public QGraphicsItem {
public:
    enum { Type = UserType + 1 };

    struct Content {
        planscope::tensor_id tensor;
        QString name;
        QString detail; // "MUL_MAT · f32 · [64, 4, 1, 1]"
        QString size;   // "512 B"
        QColor fill;
        bool view = false; // drawn with a dashed outline
        bool output = false;
    };

    TensorNodeItem(Content content, const QRectF& rect);

    [[nodiscard]] planscope::tensor_id tensor() const { return m_content.tensor; }
    [[nodiscard]] const QString& name() const { return m_content.name; }
    [[nodiscard]] QColor fill() const { return m_content.fill; }
    void setFill(const QColor& fill); // e.g. the scheduler backend's colour
    void setBreakpoint(bool on);
    [[nodiscard]] bool hasBreakpoint() const { return m_breakpoint; }
    int type() const override { return Type; }
    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    Content m_content;
    QRectF m_rect;
    bool m_breakpoint = false;
};

} // namespace planscope::ui
