#pragma once
// Where the Devices panel's bars go (device_bars.h): one row per device, its name on the left,
// a bar of its memory with the weights, KV cache and compute buffer stacked from the left, a line
// at its free memory (the limit) and one at free less the margin, and the verdict's line under
// the bar. Each bar is to its own device's scale: the larger of its total memory and what the
// model uses there, so a bar over its limit still shows all of it. Pure: tested by data rows.
#include <QPointF>
#include <QRectF>

#include <cstdint>
#include <span>
#include <vector>

namespace planscope::ui {

struct DeviceBarInput {
    std::uint64_t model = 0, context = 0, compute = 0; // llm_device_memory's
    std::uint64_t free = 0, total = 0;
};

struct DeviceBarsMetrics {
    qreal left = 8, right = 8, top = 8;
    qreal labelWidth = 96;    // the name and the gap after it; the widget widens it to the longest name
    qreal barHeight = 20;
    qreal verdictHeight = 18; // the verdict's line under the bar
    qreal rowGap = 10;        // between one row's verdict and the next bar
    qreal minBarWidth = 40;   // a narrow widget keeps this much bar
};

struct DeviceBar {
    QRectF label;                // the device's name, left of the bar
    QRectF bar;                  // the whole scale
    QRectF weights, kv, compute; // stacked from bar.left(); empty (zero width) for no bytes
    qreal freeX = 0;             // the free memory: the device's limit
    qreal marginX = 0;           // free less the margin (bar.left() when the margin is all of it)
    QRectF verdict;              // the verdict's line, under the bar
    std::uint64_t scale = 0;     // the bytes bar.width() stands for
    bool over = false;           // what the model uses there passes free less the margin
};

// The rows in a widget `width` wide.
std::vector<DeviceBar> deviceBars(std::span<const DeviceBarInput> rows, qreal width, std::uint64_t margin,
                                  const DeviceBarsMetrics& m = {});
// The height `rows` rows take (the widget's minimum).
qreal deviceBarsHeight(std::size_t rows, const DeviceBarsMetrics& m = {});
// What is under `pos`: a row's weights, KV cache or compute segment, the rest of its bar, or nothing.
enum class DeviceBarPart { None, Weights, KvCache, Compute, Rest };
struct DeviceBarHit {
    int row = -1;
    DeviceBarPart part = DeviceBarPart::None;
    friend bool operator==(const DeviceBarHit&, const DeviceBarHit&) = default;
};
DeviceBarHit deviceBarAt(std::span<const DeviceBar> bars, QPointF pos);

} // namespace planscope::ui
