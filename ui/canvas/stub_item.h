#pragma once
// Where a tensor enters or leaves an open block: a small dashed pill with the tensor's name at the
// top (input) or bottom (output) of the block's frame. A click selects that tensor.
#include "core/ids.h"

#include <QCoreApplication>
#include <QGraphicsItem>
#include <QString>

#include <functional>

namespace planscope::ui {

class StubItem final : public QGraphicsItem {
    Q_DECLARE_TR_FUNCTIONS(planscope::ui::StubItem)

public:
    enum { Type = UserType + 3 };

    StubItem(planscope::tensor_id tensor, bool input, QString name, const QRectF& rect);

    [[nodiscard]] planscope::tensor_id tensor() const { return m_tensor; }
    [[nodiscard]] bool isInput() const { return m_input; }
    [[nodiscard]] const QString& name() const { return m_name; }
    void setSelect(std::function<void(planscope::tensor_id)> select) { m_select = std::move(select); }

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;

private:
    planscope::tensor_id m_tensor;
    bool m_input;
    QString m_name;
    QRectF m_rect;
    std::function<void(planscope::tensor_id)> m_select;
};

} // namespace planscope::ui
