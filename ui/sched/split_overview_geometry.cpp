#include "split_overview_geometry.h"

#include <algorithm>

namespace planscope::ui {

OverviewGeometry overviewGeometry(const std::vector<OverviewSection>& sections, std::size_t backends,
                                  const OverviewMetrics& m, qreal width) {
    OverviewGeometry g;
    const std::size_t columns = std::max<std::size_t>(backends, 1);
    const qreal columnsLeft = m.margin + m.labelWidth;
    const qreal notesLeft = columnsLeft + m.columnWidth * static_cast<qreal>(columns);
    const qreal notesWidth = std::max(m.notesWidth, width - m.margin - notesLeft);
    for (std::size_t b = 0; b < columns; ++b)
        g.headers.emplace_back(columnsLeft + m.columnWidth * static_cast<qreal>(b), m.margin, m.columnWidth, m.headerHeight);
    qreal y = m.margin + m.headerHeight;
    g.boxes.reserve([&] {
        std::size_t n = 0;
        for (const OverviewSection& s : sections) n += s.splits.size();
        return n;
    }());
    for (std::size_t si = 0; si < sections.size(); ++si) {
        const OverviewSection& s = sections[si];
        if (si > 0) y += m.sectionGap;
        const qreal top = y;
        for (std::size_t i = 0; i < s.splits.size(); ++i) {
            const int backend = std::clamp(s.splits[i].backend, 0, static_cast<int>(columns) - 1);
            OverviewGeometry::Box box;
            box.section = si;
            box.index = i;
            const qreal left = columnsLeft + m.columnWidth * static_cast<qreal>(backend) + m.boxInset;
            box.rect = QRectF(left, y + 6, m.columnWidth - 2 * m.boxInset, m.rowHeight - 12);
            box.note = QRectF(notesLeft + 8, y, notesWidth - 8, m.rowHeight);
            if (!g.boxes.empty()) {
                // Down from the previous box, across to this column half way, down into this box.
                const QRectF& from = g.boxes.back().rect;
                const qreal midY = (from.bottom() + box.rect.top()) / 2;
                const QPointF start(from.center().x(), from.bottom());
                const QPointF end(box.rect.center().x(), box.rect.top());
                box.arrow = QPolygonF({start, QPointF(start.x(), midY), QPointF(end.x(), midY), end});
                box.arrowLabel = QPointF(std::max(start.x(), end.x()) + 6, midY);
            }
            g.boxes.push_back(box);
            y += m.rowHeight;
        }
        g.titles.emplace_back(m.margin, top, m.labelWidth - m.margin, y - top);
    }
    g.minimumSize = QSizeF(notesLeft + m.notesWidth + m.margin, y + m.margin);
    g.size = QSizeF(notesLeft + notesWidth + m.margin, y + m.margin);
    return g;
}

} // namespace planscope::ui
