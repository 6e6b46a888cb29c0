#pragma once
// The scheduler tests' hand-worked graph: weights w0 in buffer 0 (backend 0) and w1 in buffer 1
// (backend 1), an input x, an unplaced bias leaf, and
//   n0 = mul_mat(w0, x)   n1 = rms_norm(n0)   n2 = mul_mat(w1, n1)   n3 = add(n2, n1)
//   r = reshape(n3)       n4 = mul_mat(w1, r) n5 = add(n4, bias)
// All activations are f32 [4, 2] (32 bytes); weights f32 [4, 4] (64 bytes).
#include "core/document.h"

namespace planscope::test {

struct sched_graph {
    graph_document doc;
    tensor_id x, w0, w1, bias, n0, n1, n2, n3, r, n4, n5;
};

// Weights are placed at offset 0 of buffers 0 ("weights", CPU) and 1 ("weights_gpu", GPU); x is
// left for the caller to place.
sched_graph make_sched_graph();

// The values the compute tests load: w0, w1, x and bias filled with small distinct numbers.
std::vector<float> fixture_values(const tensor& t, int seed);

} // namespace planscope::test
