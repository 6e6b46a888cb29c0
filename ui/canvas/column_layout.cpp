#include "column_layout.h"

#include <algorithm>
#include <unordered_map>

namespace planscope::ui {

qreal rowTop(int row, const ColumnMetrics& m) { return row * m.rowPitch; }
qreal leafColumnLeft(const ColumnMetrics&) { return 0; }
qreal nodeColumnLeft(const ColumnMetrics& m) { return m.boxWidth + m.columnGap; }

const LayoutBox* ColumnLayout::boxOf(planscope::tensor_id tensor) const {
    const auto it = std::find_if(boxes.begin(), boxes.end(), [tensor](const LayoutBox& b) { return b.tensor == tensor; });
    return it == boxes.end() ? nullptr : &*it;
}

namespace {

QPainterPath leafEdge(const QRectF& leaf, const QRectF& node) {
    const QPointF a(leaf.right(), leaf.center().y());
    const QPointF b(node.left(), node.center().y());
    const qreal dx = (b.x() - a.x()) / 2;
    QPainterPath p(a);
    p.cubicTo(a + QPointF(dx, 0), b - QPointF(dx, 0), b);
    return p;
}

QPainterPath arcEdge(const QRectF& from, const QRectF& to, int rows, const ColumnMetrics& m) {
    const QPointF a(from.right(), from.center().y());
    const QPointF b(to.right(), to.center().y());
    const qreal bulge = std::min(m.arcMaxBulge, m.arcMinBulge + m.arcBulgePerRow * (rows - 1));
    QPainterPath p(a);
    p.cubicTo(a + QPointF(bulge, 0), b + QPointF(bulge, 0), b);
    return p;
}

} // namespace

ColumnLayout layoutColumns(const planscope::graph_document& doc, const ColumnMetrics& m) {
    ColumnLayout out;
    std::unordered_map<tensor_id, int> nodeRow;
    for (std::size_t i = 0; i < doc.g.nodes.size(); ++i) nodeRow[doc.g.nodes[i]] = static_cast<int>(i);

    // First reader of each leaf, in node order.
    std::unordered_map<tensor_id, int> firstUse;
    for (std::size_t i = 0; i < doc.g.nodes.size(); ++i)
        for (tensor_id s : doc.ctx[doc.g.nodes[i]].src)
            if (s.valid()) firstUse.try_emplace(s, static_cast<int>(i));

    std::unordered_map<tensor_id, std::size_t> boxIndex;
    int nextFree = 0; // leafs keep graph order, so each starts at or below the previous one
    const int unusedRow = static_cast<int>(doc.g.nodes.size());
    std::vector<std::pair<int, tensor_id>> leafs;
    for (tensor_id leaf : doc.g.leafs) {
        const auto it = firstUse.find(leaf);
        leafs.emplace_back(it == firstUse.end() ? unusedRow : it->second, leaf);
    }
    std::stable_sort(leafs.begin(), leafs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [wanted, leaf] : leafs) {
        const int row = std::max(wanted, nextFree);
        nextFree = row + 1;
        boxIndex[leaf] = out.boxes.size();
        out.boxes.push_back({leaf, QRectF(leafColumnLeft(m), rowTop(row, m), m.boxWidth, m.boxHeight), row, true});
    }
    for (std::size_t i = 0; i < doc.g.nodes.size(); ++i) {
        const int row = static_cast<int>(i);
        boxIndex[doc.g.nodes[i]] = out.boxes.size();
        out.boxes.push_back({doc.g.nodes[i], QRectF(nodeColumnLeft(m), rowTop(row, m), m.boxWidth, m.boxHeight), row, false});
    }

    for (tensor_id node : doc.g.nodes) {
        const LayoutBox& to = out.boxes[boxIndex.at(node)];
        for (tensor_id s : doc.ctx[node].src) {
            if (!s.valid()) continue;
            const auto it = boxIndex.find(s);
            if (it == boxIndex.end()) continue; // a param or a tensor outside the graph
            const LayoutBox& from = out.boxes[it->second];
            QPainterPath path = from.leaf ? leafEdge(from.rect, to.rect) : arcEdge(from.rect, to.rect, to.row - from.row, m);
            out.edges.push_back({s, node, std::move(path)});
        }
    }

    for (const LayoutBox& b : out.boxes) out.bounds |= b.rect;
    for (const LayoutEdge& e : out.edges) out.bounds |= e.path.boundingRect();
    return out;
}

} // namespace planscope::ui
