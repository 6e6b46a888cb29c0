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

QRectF plotRect(QSizeF size, const SweepChartMetrics& m) {
    return QRectF(m.left, m.top, std::max<qreal>(size.width() - m.left - m.right, 1),
                  std::max<qreal>(size.height() - m.top - m.bottom, 1));
}

qreal yOf(const QRectF& plot, const ByteScale& scale, std::uint64_t bytes) {
    const qreal share = static_cast<qreal>(bytes) / static_cast<qreal>(std::max<std::uint64_t>(scale.top, 1));
    return plot.bottom() - share * plot.height();
}

std::vector<SweepTick> byteTicks(const QRectF& plot, const ByteScale& scale) {
    std::vector<SweepTick> out;
    for (std::uint64_t b = 0; b <= scale.top; b += scale.step) out.push_back({yOf(plot, scale, b), formatBytes(b)});
    return out;
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

qreal bytesToY(const SweepChartGeometry& g, std::uint64_t bytes) { return yOf(g.plot, g.scale, bytes); }

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

SweepXAxis sweepXAxis(std::span<const int> values, const QRectF& plot, const SweepChartMetrics& m) {
    SweepXAxis a;
    if (values.empty()) return a;
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    a.logX = *lo > 0 && static_cast<double>(*hi) > logRatio * static_cast<double>(*lo);
    const auto axis = [&](int v) { return a.logX ? std::log2(static_cast<double>(v)) : static_cast<double>(v); };
    const double first = axis(*lo);
    const double span = axis(*hi) - first;
    const qreal inset = std::min(m.xInset, plot.width() / 4);
    const qreal left = plot.left() + inset;
    const qreal width = plot.width() - 2 * inset;
    for (int v : values) a.xs.push_back(span > 0 ? left + (axis(v) - first) / span * width : plot.center().x());

    a.order.resize(values.size());
    std::iota(a.order.begin(), a.order.end(), std::size_t{0});
    std::stable_sort(a.order.begin(), a.order.end(), [&](std::size_t x, std::size_t y) { return values[x] < values[y]; });

    std::vector<std::size_t> labelled;
    for (std::size_t i : a.order)
        if (labelled.empty() || a.xs[i] - a.xs[labelled.back()] >= m.minLabelGap) labelled.push_back(i);
    // The largest value is always labelled, in place of a neighbour too close to it.
    if (const std::size_t last = a.order.back(); labelled.back() != last) {
        if (labelled.size() > 1 && a.xs[last] - a.xs[labelled.back()] < m.minLabelGap) labelled.pop_back();
        if (a.xs[last] - a.xs[labelled.back()] >= m.minLabelGap) labelled.push_back(last);
    }
    for (std::size_t i : labelled) a.ticks.push_back({a.xs[i], QLocale().toString(values[i])});
    return a;
}

SweepChartGeometry sweepChartGeometry(std::span<const planscope::sweep_point> points, QSizeF size,
                                      const SweepChartMetrics& m) {
    SweepChartGeometry g;
    g.plot = plotRect(size, m);
    g.scale = niceByteScale(sweepMaxBytes(points), m.maxIntervals);
    g.yTicks = byteTicks(g.plot, g.scale);
    if (points.empty()) return g;

    std::vector<int> values;
    for (const planscope::sweep_point& p : points) values.push_back(p.value);
    SweepXAxis axis = sweepXAxis(values, g.plot, m);
    g.logX = axis.logX;
    g.xs = std::move(axis.xs);
    g.order = std::move(axis.order);
    g.xTicks = std::move(axis.ticks);
    for (std::size_t i : g.order) {
        const planscope::sweep_point& p = points[i];
        g.computeBuffer << QPointF(g.xs[i], bytesToY(g, p.max_size));
        g.lowerBound << QPointF(g.xs[i], bytesToY(g, p.lower_bound));
        g.llamaTotal << QPointF(g.xs[i], bytesToY(g, p.llama_total));
    }
    return g;
}

SweepDeviceGeometry sweepDeviceGeometry(std::span<const DeviceSweepPoint> points, QSizeF size, const SweepChartMetrics& m) {
    SweepDeviceGeometry g;
    g.plot = plotRect(size, m);
    std::uint64_t most = 0;
    for (const DeviceSweepPoint& p : points) {
        for (std::uint64_t b : p.used) most = std::max(most, b);
        for (std::uint64_t b : p.limit) most = std::max(most, b);
    }
    g.scale = niceByteScale(most, m.maxIntervals);
    g.yTicks = byteTicks(g.plot, g.scale);
    if (points.empty()) return g;

    std::vector<int> values;
    for (const DeviceSweepPoint& p : points) values.push_back(p.value);
    SweepXAxis axis = sweepXAxis(values, g.plot, m);
    g.logX = axis.logX;
    g.xs = std::move(axis.xs);
    g.order = std::move(axis.order);
    g.xTicks = std::move(axis.ticks);
    const std::size_t devices = points.front().used.size();
    g.used.resize(devices);
    for (std::size_t i : g.order)
        for (std::size_t d = 0; d < devices && d < points[i].used.size(); ++d)
            g.used[d] << QPointF(g.xs[i], yOf(g.plot, g.scale, points[i].used[d]));
    for (std::uint64_t limit : points.front().limit) g.limitY.push_back(yOf(g.plot, g.scale, limit));
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
