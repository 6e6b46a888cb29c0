#pragma once
// The address axis of the buffer strips and the comparison layouts: byte offsets to pixels with
// zoom and pan, tick steps and labels, and whether a block's label fits. Pure functions, kept out
// of paintEvent so tests can check them row by row.
#include <QString>
#include <QtGlobal>

#include <cstdint>
#include <span>
#include <vector>

namespace planscope::ui {

// Bytes [0, span) drawn over `width` pixels from `left`, magnified `zoom` times (1 = the whole
// span fits) and scrolled `pan` pixels to the right.
struct AddressAxis {
    std::uint64_t span = 1;
    qreal left = 0;
    qreal width = 1;
    qreal zoom = 1;
    qreal pan = 0;
    friend bool operator==(const AddressAxis&, const AddressAxis&) = default;
};

qreal offsetToX(const AddressAxis& axis, std::uint64_t offset);
// The offset under x, clamped to [0, span].
std::uint64_t xToOffset(const AddressAxis& axis, qreal x);
// Zooms by `factor` keeping the byte under x where it is; zoom stays >= 1 and pan in range.
AddressAxis zoomedAt(const AddressAxis& axis, qreal x, qreal factor);
// Scrolls by dx pixels (positive shows higher addresses), clamped to the zoomed span.
AddressAxis pannedBy(const AddressAxis& axis, qreal dx);

// The smallest power-of-two byte step whose ticks lie at least `minPixels` apart.
std::uint64_t tickStep(const AddressAxis& axis, qreal minPixels);
// Multiples of tickStep visible in [left, left + width].
std::vector<std::uint64_t> ticks(const AddressAxis& axis, qreal minPixels);
// "0", "512 bytes", "1.5 KiB", "3 MiB" in the locale's units ("1,5 Kio"): exact for power-of-two
// steps (up to two decimals).
QString tickLabel(std::uint64_t bytes);

enum class LabelFit { Full, Elided, Hidden };
// A label `textWidth` wide in a block `available` wide: whole, elided (when at least
// `minElided` is left), or not at all.
LabelFit labelFit(qreal available, qreal textWidth, qreal minElided);

// Which of a label's texts to draw, given their widths from the most to the least complete: the
// first that fits whole, else the last one elided (or none, as labelFit says), so a narrow block
// loses its least important parts before a word is cut.
struct LabelChoice {
    std::size_t index = 0;
    LabelFit fit = LabelFit::Hidden;
    friend bool operator==(const LabelChoice&, const LabelChoice&) = default;
};
LabelChoice chooseLabel(std::span<const qreal> widths, qreal available, qreal minElided);

} // namespace planscope::ui
