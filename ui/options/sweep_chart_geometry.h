#pragma once
// Where the sweep chart (sweep_chart.h) draws what: the swept value along x, bytes up y from 0.
// x is a log2 axis when the values span more than a factor 16 (1, 8, 32, 128, 512 would crowd
// the left otherwise), else linear; one value, or values all equal, sit mid-plot. The y axis ends
// at a "nice" size: ticks 1, 2 or 5 times a power of ten of a binary unit (B, KiB, MiB, ...), up to
// 200 of it, or half the next unit (512 KiB), so that formatBytes prints every tick exactly.
// Pure functions, tested by data rows.
#include "source/llama_sweep.h"
#include "sweep_devices.h"

#include <QPolygonF>
#include <QRectF>
#include <QSizeF>
#include <QString>

#include <cstdint>
#include <span>
#include <vector>

namespace planscope::ui {

struct SweepChartMetrics {
    qreal left = 72;         // y labels; the widget widens it to its longest label
    qreal right = 16;
    qreal top = 30;          // the legend
    qreal bottom = 42;       // x labels and the axis title
    qreal minLabelGap = 40;  // x labels' centres at least this far apart
    qreal xInset = 14;       // the first and last points stay off the axes
    qreal hitSlack = 12;     // how far outside the plot the pointer still picks a point
    int maxIntervals = 5;    // y ticks: at most this many intervals
};

// The top of the y axis and the distance between ticks, in bytes.
struct ByteScale {
    std::uint64_t top = 0;
    std::uint64_t step = 0;
    friend bool operator==(const ByteScale&, const ByteScale&) = default;
};
// A scale from 0 to at least `maxBytes` (0 gets 0–1 KiB) in at most `maxIntervals` steps.
ByteScale niceByteScale(std::uint64_t maxBytes, int maxIntervals = 5);

struct SweepTick {
    qreal pos = 0; // y for a byte tick, x for a value tick
    QString label;
};

struct SweepChartGeometry {
    QRectF plot;
    bool logX = false;
    ByteScale scale;
    std::vector<SweepTick> yTicks;      // bottom to top, from 0
    std::vector<SweepTick> xTicks;      // the values, left to right, thinned to minLabelGap
    std::vector<qreal> xs;              // per point, in the points' order
    std::vector<std::size_t> order;     // point indices by value: how the lines run
    QPolygonF computeBuffer, lowerBound, llamaTotal; // in value order
};

// The x axis of `values` in `plot`: each value's x, the values' order, the labelled ticks.
struct SweepXAxis {
    bool logX = false;
    std::vector<qreal> xs;
    std::vector<std::size_t> order;
    std::vector<SweepTick> ticks;
};
SweepXAxis sweepXAxis(std::span<const int> values, const QRectF& plot, const SweepChartMetrics& m = {});

// A sweep on devices (sweep_devices.h): one line per device of what it uses, and its limit.
struct SweepDeviceGeometry {
    QRectF plot;
    bool logX = false;
    ByteScale scale; // up to the largest use or limit
    std::vector<SweepTick> yTicks, xTicks;
    std::vector<qreal> xs;
    std::vector<std::size_t> order;
    std::vector<QPolygonF> used; // per device, in value order
    std::vector<qreal> limitY;   // per device: its free memory (the first point's)
};
SweepDeviceGeometry sweepDeviceGeometry(std::span<const DeviceSweepPoint> points, QSizeF size,
                                        const SweepChartMetrics& m = {});

// The largest of the three series over `points` (what the y axis must reach).
std::uint64_t sweepMaxBytes(std::span<const planscope::sweep_point> points);
// The chart of `points` in a widget of `size`.
SweepChartGeometry sweepChartGeometry(std::span<const planscope::sweep_point> points, QSizeF size,
                                      const SweepChartMetrics& m = {});
qreal bytesToY(const SweepChartGeometry& g, std::uint64_t bytes);
// Legend entries `widths` wide, `gap` apart, in rows `rowHeight` high from (left, 0), wrapping
// before `right` (an entry wider than the row gets a row of its own): the top-left of each.
std::vector<QPointF> legendPositions(std::span<const qreal> widths, qreal left, qreal right, qreal rowHeight, qreal gap);
// The index of the point whose x is nearest to `x` (the first of equal ones); -1 without points
// or farther than hitSlack outside the plot.
int sweepPointAt(const SweepChartGeometry& g, qreal x, const SweepChartMetrics& m = {});

} // namespace planscope::ui
