#pragma once
// Engine values as user-visible text (locale-aware sizes, ggml-style shapes).
#include "core/document.h"
#include "core/error.h"
#include "core/printable.h"

#include <QString>

#include <cstdint>
#include <string_view>
#include <vector>

namespace planscope::ui {

inline QString toQString(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }
// An engine error for a message box or a label: its names come from files, so one printable line.
inline QString errorText(const planscope::error& e) { return toQString(planscope::printable_line(e.message)); }

// "12.3 KiB" in the current locale.
QString formatBytes(std::uint64_t bytes);
// "+6.5 MiB", "−6.5 MiB" (a minus sign), "±0 bytes": how `after` differs from `before`.
QString formatBytesDelta(std::uint64_t before, std::uint64_t after);
// "12,544 bytes (12.3 KiB)": exact, then readable.
QString formatBytesExact(std::uint64_t bytes);
// "[64, 4, 1, 1]" as ggml prints shapes; strides the same way.
QString formatShape(const std::array<std::int64_t, planscope::max_dims>& ne);
QString formatStrides(const std::array<std::size_t, planscope::max_dims>& nb);
// "input | output", or an empty string.
QString formatFlags(planscope::tensor_flag flags);

// Qt::TextAlignmentRole value for numeric cells (an int: what item views of Qt 6.4 read).
inline int alignRight() { return static_cast<int>(Qt::AlignRight | Qt::AlignVCenter); }

// How a tensor takes part in the graph.
enum class TensorRole { Leaf, Node, Unused };
QString roleText(TensorRole role);
// Indexed by tensor id: whether each tensor of doc.ctx is a leaf, a node or in neither list.
std::vector<TensorRole> tensorRoles(const planscope::graph_document& doc);

} // namespace planscope::ui
