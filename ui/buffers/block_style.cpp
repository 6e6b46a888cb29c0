#include "block_style.h"

#include "canvas/op_palette.h"
#include "model/format.h"

#include <QCoreApplication>

#include <algorithm>

namespace planscope::ui {
namespace {

// The strips' words belong to the buffer view. A class rather than QCoreApplication::translate:
// lupdate skips a translate() call whose count argument holds a cast (static_cast<int>).
struct StripText {
    Q_DECLARE_TR_FUNCTIONS(planscope::ui::BufferView)
};

bool isLeaf(const planscope::graph_document& doc, planscope::tensor_id t) {
    return std::find(doc.g.leafs.begin(), doc.g.leafs.end(), t) != doc.g.leafs.end();
}

QString offsetText(std::uint64_t offset) { return QStringLiteral("0x") + QString::number(offset, 16); }

} // namespace

QString tensorName(const planscope::graph_document& doc, planscope::tensor_id t) {
    if (!doc.ctx.contains(t)) return QCoreApplication::translate("planscope::ui::BufferView", "tensor %1").arg(t.index());
    const auto& name = doc.ctx[t].name;
    return name.empty() ? QCoreApplication::translate("planscope::ui::BufferView", "tensor %1").arg(t.index()) : toQString(name);
}

QColor blockColor(const planscope::graph_document& doc, planscope::tensor_id t, BlockColoring coloring) {
    if (!doc.ctx.contains(t)) return QColor(0xcc, 0xcc, 0xcc);
    if (coloring == BlockColoring::ByTensor) {
        const auto hash = std::hash<std::string>{}(doc.ctx[t].name);
        return QColor::fromHsv(static_cast<int>(hash % 360), 80, 240);
    }
    // Pastel by family, a little darker so blocks stand out from the white background.
    return familyColor(opFamily(doc.ctx[t], isLeaf(doc, t))).darker(108);
}

QBrush freeBrush() { return QBrush(QColor(0x9a, 0xa5, 0xb1), Qt::BDiagPattern); }

QBrush leakBrush() { return QBrush(QColor(0x80, 0x80, 0x80), Qt::DiagCrossPattern); }

QColor sharedColor(planscope::placed_by how) {
    return how == planscope::placed_by::inplace ? QColor(0xd9, 0x6b, 0x00) : QColor(0x6a, 0x3d, 0x9a);
}

QString blockToolTip(const planscope::graph_document& doc, const BufferStrip& strip, const StripBlock& block) {
    const QString where = QCoreApplication::translate("planscope::ui::BufferView", "%1 at offset %2, %3")
                              .arg(toQString(strip.name), offsetText(block.offset), formatBytesExact(block.size));
    switch (block.kind) {
    case BlockKind::Free: return QCoreApplication::translate("planscope::ui::BufferView", "Free block") + u'\n' + where;
    case BlockKind::Leaked: return tensorName(doc, block.tensor) + u'\n' + where + u'\n' + QCoreApplication::translate("planscope::ui::BufferView", "never freed (the free covered only a prefix)");
    case BlockKind::Tensor: break;
    }
    QString text = tensorName(doc, block.tensor) + u'\n' + where + u'\n' + QCoreApplication::translate("planscope::ui::BufferView", "allocated");
    if (doc.ctx.contains(block.tensor))
        text += u'\n' + toQString(planscope::info(doc.ctx[block.tensor].op).name) + u' ' + formatShape(doc.ctx[block.tensor].ne);
    return text;
}

QString sharedToolTip(const planscope::graph_document& doc, const SharedRegion& region) {
    const QString how = region.how == planscope::placed_by::inplace ? QCoreApplication::translate("planscope::ui::BufferView", "inplace: reuses the memory of %1")
                                                                    : QCoreApplication::translate("planscope::ui::BufferView", "view of %1");
    return tensorName(doc, region.tensor) + u'\n' + how.arg(tensorName(doc, region.source)) + u'\n' +
           QCoreApplication::translate("planscope::ui::BufferView", "offset %1, %2").arg(offsetText(region.offset), formatBytesExact(region.size));
}

QStringList stripTitleTexts(const BufferStrip& strip) {
    std::uint64_t live = 0;
    for (const StripBlock& b : strip.blocks)
        if (b.kind != BlockKind::Free) live += b.size;
    const QString name = toQString(strip.name);
    return {StripText::tr("%1 — %2 live, high-water %3").arg(name, formatBytes(live), formatBytes(strip.highWater)),
            StripText::tr("%1 — %2 live").arg(name, formatBytes(live)), name};
}

QStringList preallocatedTitleTexts(const std::vector<PreallocatedBuffer>& buffers) {
    std::uint64_t total = 0;
    for (const PreallocatedBuffer& b : buffers) total += b.size;
    return {StripText::tr("Pre-allocated — %n buffer(s), %1", nullptr, static_cast<int>(buffers.size())).arg(formatBytes(total)),
            StripText::tr("Pre-allocated — %1").arg(formatBytes(total)), StripText::tr("Pre-allocated")};
}

QStringList preallocatedLabelTexts(const PreallocatedBuffer& buffer) {
    const QString name = toQString(buffer.name);
    return {StripText::tr("%1: %2, %n tensor(s)", nullptr, static_cast<int>(buffer.tensors)).arg(name, formatBytes(buffer.size)),
            StripText::tr("%1: %2").arg(name, formatBytes(buffer.size)), name};
}

QStringList sharedLabelTexts(const planscope::graph_document& doc, const SharedRegion& region) {
    const QString name = tensorName(doc, region.tensor);
    const QString mark = region.how == planscope::placed_by::inplace ? QStringLiteral("⟲ ") : QStringLiteral("◇ ");
    return {mark + name, name};
}

} // namespace planscope::ui
