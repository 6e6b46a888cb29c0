#pragma once
// The floating-point operations a node computes, for estimated times (estimated_timings.h): a
// count of arithmetic, a multiply-add as two, from the shapes alone. Data movement (copies,
// views, GET_ROWS, SET_ROWS, REPEAT, CONCAT, PAD, FILL) and sorting count none. The table is in
// docs/exports.md ("Estimated trace"); it is a model to divide by a peak, not a measurement.
#include "core/context.h"
#include "core/error.h"

#include <cstdint>

namespace planscope {

// MUL_MAT and MUL_MAT_ID: 2·K·(result elements), K = src0's ne[0] (per used expert for the
// latter: its result holds one row per token and expert). FLASH_ATTN_EXT: per score (n_kv · n_q
// · heads · sequences) 2·D for Q·Kᵀ, 2·Dv for the product with V and 5 for the softmax.
// Elementwise, norms, softmax and rope: a few per element. Errors on overflow of 64 bits.
result<std::uint64_t> op_flops(const context& ctx, const tensor& node);

} // namespace planscope
