#pragma once
// How buffer blocks look: fill colours by op family or by tensor, hatching for free memory, and
// the texts of tooltips, titles and labels. Shared by the buffer view and the planner comparison.
#include "buffer_blocks.h"

#include <QBrush>
#include <QColor>
#include <QString>
#include <QStringList>

namespace planscope::ui {

enum class BlockColoring { ByOp, ByTensor };

// The fill of tensor `t`'s block: its op family's colour, or a hue from its name.
QColor blockColor(const planscope::graph_document& doc, planscope::tensor_id t, BlockColoring coloring);
QBrush freeBrush();  // hatched: memory below the high-water mark that nothing holds
QBrush leakBrush();  // cross-hatched grey: never freed
QColor sharedColor(planscope::placed_by how); // the outline of views and inplace regions

// "name\noffset 0x40, 256 bytes\nallocated" and the like, for tooltips.
QString blockToolTip(const planscope::graph_document& doc, const BufferStrip& strip, const StripBlock& block);
QString sharedToolTip(const planscope::graph_document& doc, const SharedRegion& region);
QString tensorName(const planscope::graph_document& doc, planscope::tensor_id t);

// Titles and labels as their texts from the most to the least complete (chooseLabel picks one):
// "compute — 5 KiB live, high-water 16 KiB", "compute — 5 KiB live", "compute".
QStringList stripTitleTexts(const BufferStrip& strip);
// "Pre-allocated — 2 buffer(s), 1.4 MiB", "Pre-allocated — 1.4 MiB", "Pre-allocated".
QStringList preallocatedTitleTexts(const std::vector<PreallocatedBuffer>& buffers);
// "weights: 1.1 MiB, 48 tensor(s)", "weights: 1.1 MiB", "weights".
QStringList preallocatedLabelTexts(const PreallocatedBuffer& buffer);
// "⟲ name" (inplace) or "◇ name" (view), then the bare name: the outline's colour says which.
QStringList sharedLabelTexts(const planscope::graph_document& doc, const SharedRegion& region);

} // namespace planscope::ui
