#include "block_content.h"

#include "model/format.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <map>

namespace planscope::ui {

using namespace planscope;

namespace {

struct BlockText {
    Q_DECLARE_TR_FUNCTIONS(planscope::ui::BlockText)
};

struct rgb_less {
    bool operator()(const QColor& a, const QColor& b) const { return a.rgba() < b.rgba(); }
};

} // namespace

QString formatMicroseconds(double us) {
    const QLocale locale;
    if (us < 1000) return BlockText::tr("%1 µs").arg(locale.toString(us, 'f', 0));
    if (us < 1e6) return BlockText::tr("%1 ms").arg(locale.toString(us / 1000, 'f', us < 1e5 ? 1 : 0));
    return BlockText::tr("%1 s").arg(locale.toString(us / 1e6, 'f', 2));
}

BlockContent blockContent(const graph_document& doc, const fold_structure& s, const fold_unit& unit,
                          const std::function<std::optional<QColor>(tensor_id)>& colourOf,
                          const std::function<std::optional<double>(tensor_id)>& timeUs,
                          const std::function<int(tensor_id)>& splitOf) {
    const fold_group& g = s.groups[unit.group];
    BlockContent c;
    c.title = toQString(instance_label(g, unit.first, unit.last));
    const std::size_t instances = std::size_t{unit.last} - unit.first + 1;
    if (instances > 1) c.count = BlockText::tr("×%1").arg(QLocale().toString(static_cast<qulonglong>(instances)));

    std::uint64_t results = 0, weights = 0;
    int firstSplit = -1, lastSplit = -1;
    double time = 0;
    bool timed = false;
    const std::size_t cells = std::min(instances, maxBlockCells);
    for (std::size_t cell = 0; cell < cells; ++cell) {
        BlockCell bc;
        bc.first = static_cast<std::uint32_t>(unit.first + cell * instances / cells);
        bc.last = static_cast<std::uint32_t>(unit.first + (cell + 1) * instances / cells - 1);
        std::map<QColor, std::size_t, rgb_less> counts;
        std::size_t coloured = 0;
        for (std::size_t k = bc.first; k <= bc.last; ++k) {
            for (std::size_t j = 0; j < g.period; ++j) {
                const tensor_id id = doc.g.nodes[g.node_position(k, j)];
                const tensor& t = doc.ctx[id];
                if (!t.is_view()) results += nbytes(t);
                if (const auto col = colourOf ? colourOf(id) : std::nullopt) {
                    ++counts[*col];
                    ++coloured;
                }
                if (const int split = splitOf ? splitOf(id) : -1; split >= 0) {
                    if (firstSplit < 0 || split < firstSplit) firstSplit = split;
                    lastSplit = std::max(lastSplit, split);
                }
                if (const auto us = timeUs ? timeUs(id) : std::nullopt) {
                    time += *us;
                    timed = true;
                }
            }
            for (tensor_id leaf : g.leafs[k])
                if (leaf.valid()) weights += nbytes(doc.ctx[leaf]);
        }
        for (const auto& [colour, n] : counts) bc.shares.emplace_back(colour, static_cast<double>(n) / static_cast<double>(coloured));
        c.cells.push_back(std::move(bc));
    }
    const QLocale locale;
    QStringList parts;
    if (instances > 1) parts << BlockText::tr("%1 nodes each").arg(locale.toString(static_cast<qulonglong>(g.period)));
    parts << BlockText::tr("%1 nodes").arg(locale.toString(static_cast<qulonglong>(g.period * instances)));
    parts << BlockText::tr("%1 results").arg(formatBytes(results));
    if (weights > 0) parts << BlockText::tr("%1 weights").arg(formatBytes(weights));
    if (firstSplit >= 0)
        parts << (firstSplit == lastSplit ? BlockText::tr("split %1").arg(firstSplit)
                                          : BlockText::tr("splits %1–%2").arg(firstSplit).arg(lastSplit));
    c.detail = parts.join(u" · ");
    if (timed) c.time = formatMicroseconds(time);
    return c;
}

} // namespace planscope::ui
