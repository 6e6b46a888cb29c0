#include "sweep_chart_geometry.h"

#include "model/format.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace planscope::ui {

namespace {

// Past this ratio of the largest to the smallest value, a linear axis crowds the small ones.
constexpr double logRatio = 16;

// Tick steps in increasing order, until one reaches `minStep`.
std::uint64_t stepAtLeast(std::uint64_t minStep) {
    static constexpr std::uint64_t multiples[] = {1, 2, 5, 10, 20, 50, 100, 200};
    for (std::uint64_t unit = 1;; unit <<= 10) {
        if (unit > 1 && unit / 2 >= minStep) return unit / 2;
        for (std::uint64_t k : multiples)
            if (k * unit >= minStep) return k * unit;
        if (unit >= (std::uint64_t{1} << 50)) return minStep; // beyond PiB: no unit left to round to
    }
}

double axisValue(const SweepChartGeometry& g, int value) {
    return g.logX ? std::log2(static_cast<double>(value)) : static_cast<double>(value);
}

} // namespace

ByteScale niceByteScale(std::uint64_t maxBytes, int maxIntervals) {
    if (maxBytes == 0) maxBytes = 1024;
    const auto intervals = static_cast<std::uint64_t>(std::max(maxIntervals, 1));
    const std::uint64_t step = stepAtLeast((maxBytes + intervals - 1) / intervals);
    return {(maxBytes + step - 1) / step * step, step};
}

std::uint64_t sweepMaxBytes(std::span<const planscope::sweep_point> points) {
    std::uint64_t most = 0;
    for (const planscope::sweep_point& p : points)
        most = std::max({most, static_cast<std::uint64_t>(p.max_size), p.lower_bound, p.llama_total});
    return most;
}

qreal bytesToY(const SweepChartGeometry& g, std::uint64_t bytes) {
    const qreal share = static_cast<qreal>(bytes) / static_cast<qreal>(std::max<std::uint64_t>(g.scale.top, 1));
    return g.plot.bottom() - share * g.plot.height();
}

std::vector<QPointF> legendPositions(std::span<const qreal> widths, qreal left, qreal right, qreal rowHeight, qreal gap) {
    std::vector<QPointF> out;
    QPointF at(left, 0);
    for (qreal w : widths) {
        if (at.x() > left && at.x() + w > right) at = QPointF(left, at.y() + rowHeight);
        out.push_back(at);
        at.rx() += w + gap;
    }
    return out;
}

SweepChartGeometry sweepChartGeometry(std::span<const planscope::sweep_point> points, QSizeF size,
                                      const SweepChartMetrics& m) {
    SweepChartGeometry g;
    g.plot = QRectF(m.left, m.top, std::max<qreal>(size.width() - m.left - m.right, 1),
                    std::max<qreal>(size.height() - m.top - m.bottom, 1));
    g.scale = niceByteScale(sweepMaxBytes(points), m.maxIntervals);
    for (std::uint64_t b = 0; b <= g.scale.top; b += g.scale.step) g.yTicks.push_back({bytesToY(g, b), formatBytes(b)});
    if (points.empty()) return g;

    const auto [lo, hi] = std::minmax_element(points.begin(), points.end(),
                                              [](const auto& a, const auto& b) { return a.value < b.value; });
    g.logX = lo->value > 0 && static_cast<double>(hi->value) > logRatio * static_cast<double>(lo->value);
    const double first = axisValue(g, lo->value);
    const double span = axisValue(g, hi->value) - first;
    const qreal inset = std::min(m.xInset, g.plot.width() / 4);
    const qreal left = g.plot.left() + inset;
    const qreal width = g.plot.width() - 2 * inset;
    for (const planscope::sweep_point& p : points)
        g.xs.push_back(span > 0 ? left + (axisValue(g, p.value) - first) / span * width : g.plot.center().x());

    g.order.resize(points.size());
    std::iota(g.order.begin(), g.order.end(), std::size_t{0});
    std::stable_sort(g.order.begin(), g.order.end(),
                     [&](std::size_t a, std::size_t b) { return points[a].value < points[b].value; });
    for (std::size_t i : g.order) {
        const planscope::sweep_point& p = points[i];
        g.computeBuffer << QPointF(g.xs[i], bytesToY(g, p.max_size));
        g.lowerBound << QPointF(g.xs[i], bytesToY(g, p.lower_bound));
        g.llamaTotal << QPointF(g.xs[i], bytesToY(g, p.llama_total));
    }

    std::vector<std::size_t> labelled;
    for (std::size_t i : g.order)
        if (labelled.empty() || g.xs[i] - g.xs[labelled.back()] >= m.minLabelGap) labelled.push_back(i);
    // The largest value is always labelled, in place of a neighbour too close to it.
    if (const std::size_t last = g.order.back(); labelled.back() != last) {
        if (labelled.size() > 1 && g.xs[last] - g.xs[labelled.back()] < m.minLabelGap) labelled.pop_back();
        if (g.xs[last] - g.xs[labelled.back()] >= m.minLabelGap) labelled.push_back(last);
    }
    for (std::size_t i : labelled) g.xTicks.push_back({g.xs[i], QLocale().toString(points[i].value)});
    return g;
}

int sweepPointAt(const SweepChartGeometry& g, qreal x, const SweepChartMetrics& m) {
    if (g.xs.empty() || x < g.plot.left() - m.hitSlack || x > g.plot.right() + m.hitSlack) return -1;
    int best = 0;
    for (std::size_t i = 1; i < g.xs.size(); ++i)
        if (std::abs(g.xs[i] - x) < std::abs(g.xs[static_cast<std::size_t>(best)] - x)) best = static_cast<int>(i);
    return best;
}

} // namespace planscope::ui
