#pragma once
// Rows as contiguous f32, whatever the tensor's type and strides: in place when the tensor's rows
// already are f32, else through a scratch row.
#include "convert.h"
#include "exec_node.h"

namespace planscope::cpu {

// Scratch rows are padded so that each starts 64-byte aligned.
inline std::size_t padded(std::int64_t n) { return round_up(static_cast<std::size_t>(n), 16); }

inline const float* read_row(const strided_tensor& t, const std::byte* row, float* scratch) {
    if (t.f32_rows()) return reinterpret_cast<const float*>(row);
    load_f32(t.type, row, t.nb[0], scratch, t.ne[0]);
    return scratch;
}

// Where to compute a destination row; write_row() stores it unless it was the row itself.
inline float* row_target(const strided_tensor& t, std::byte* row, float* scratch) {
    return t.f32_rows() ? reinterpret_cast<float*>(row) : scratch;
}

inline void write_row(const strided_tensor& t, std::byte* row, const float* values) {
    if (!t.f32_rows()) store_f32(t.type, values, row, t.nb[0], t.ne[0]);
}

// First element of a float-typed tensor (SCALE's and ADD1's factor).
inline float first_value(const strided_tensor& t) {
    float v;
    load_f32(t.type, t.data, t.nb[0], &v, 1);
    return v;
}

} // namespace planscope::cpu
