#pragma once
// The values a run puts into the leafs it has no data for (weights of a DOT dump or a template,
// inputs): a fixed, non-zero pattern every type the CPU backend computes can hold, so the outputs
// of a run depend on every weight and compare between backends and runs.
#include "core/tensor.h"

#include <cstddef>
#include <vector>

namespace planscope {

// nbytes(t) bytes for `t`: sin(0.37 (i + salt)) / 2 for f32, f16 and bf16; the same values
// quantised for q4_0, q4_1, q5_0, q5_1, q8_0 and q8_K; for q2_K .. q6_K pseudo-random quants and
// scales with small super-block scales (values of magnitude about 1). Integer types (indices,
// positions) and layouts that are not contiguous stay zero, so indices stay in range.
std::vector<std::byte> fill_pattern_bytes(const tensor& t, std::size_t salt);

// Whether fill_pattern_bytes gives `type` non-zero values.
bool has_fill_pattern(dtype type);

} // namespace planscope
