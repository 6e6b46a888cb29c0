#pragma once
// The selected tensor in detail: name, op, type, ne, nb, size, sources, view source, placement.
// Source and view-source names are links that select that tensor.
#include "session/graph_observer.h"

#include <QWidget>

#include <array>

class QLabel;
class QStackedWidget;

namespace planscope::ui {

class GraphSession;

class InspectorPanel final : public QWidget, public IGraphObserver {
    Q_OBJECT

public:
    enum class Field { Name, Role, Op, Type, Shape, Strides, Size, Sources, ViewSource, Parameters, Flags, Placement, Count };

    explicit InspectorPanel(GraphSession* session, QWidget* parent = nullptr);
    ~InspectorPanel() override;

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id tensor) override;

    // The text a field shows, rich text reduced to plain (for tests and copying).
    [[nodiscard]] QString text(Field field) const;
    [[nodiscard]] bool showsTensor() const;

private:
    void display(planscope::tensor_id tensor);
    void setField(Field field, const QString& richText);

    GraphSession* m_session;
    QStackedWidget* m_pages;
    std::array<QLabel*, static_cast<std::size_t>(Field::Count)> m_values{};
};

} // namespace planscope::ui
