#pragma once
// One plan of the compute buffer as a picture: addresses along x (the shared address axis),
// node steps down y, each allocation a box from its offset over its size and from the step it is
// allocated to the step it is freed. The peak is a red line. Two of these over the same span line
// up for a comparison.
#include "buffers/axis_geometry.h"
#include "planner_comparison.h"

#include <QWidget>

namespace planscope::ui {

class PlanLayoutView final : public QWidget {
    Q_OBJECT

public:
    explicit PlanLayoutView(QWidget* parent = nullptr);

    // `doc` names and colours the owners and must outlive the view or be replaced first.
    void setPlan(const planscope::graph_dsa& dsa, const PlannerRun& run, const planscope::graph_document& doc);
    void clear();
    // The address span shared with the other plan: the larger peak.
    void setSpan(std::uint64_t span);
    [[nodiscard]] const AddressAxis& axis() const { return m_axis; }
    // The box of buffer i in widget coordinates.
    [[nodiscard]] QRectF bufferRect(std::size_t i) const;
    QSize sizeHint() const override { return {420, 320}; }

signals:
    void tensorClicked(planscope::tensor_id tensor);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool event(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    [[nodiscard]] QRectF plotRect() const;
    [[nodiscard]] int bufferAt(const QPointF& pos) const;

    const planscope::graph_document* m_doc = nullptr;
    planscope::dsa_problem m_problem;
    std::vector<planscope::tensor_id> m_owner;
    planscope::dsa_offsets m_offsets;
    std::size_t m_steps = 1;
    QString m_title;
    std::uint64_t m_peak = 0;
    AddressAxis m_axis;
};

} // namespace planscope::ui
