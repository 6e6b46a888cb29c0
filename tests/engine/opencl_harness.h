#pragma once
// One graph computed on any backend: leafs in one buffer, nodes placed by the graph allocator in
// another, both of that backend. The OpenCL tests build the same graph twice, on the CPU backend
// and on the OpenCL backend, fill the leafs with the same bytes, and compare the results.
#include "backend/backend.h"
#include "core/builder.h"
#include "cpu_harness.h"

#include <functional>
#include <memory>

namespace planscope::testing {

class backend_graph {
public:
    explicit backend_graph(backend& be) : be(be) {}

    backend& be;
    context ctx;
    builder b{ctx};
    graph g;
    buffer_table table;

    // Builds the graph ending in `out` and places every tensor in buffers of `be`.
    status prepare(tensor_id out);
    status compute() { return be.graph_compute({ctx, g, table}); }
    // The tensor's values through its strides, as f32 (f32, f16 and i32 tensors).
    [[nodiscard]] result<host_tensor> get(tensor_id t) const;
};

// Deterministic bytes for a leaf of `type` and `ne`: floats in [lo, hi] (f32, f16), valid q4_0 /
// q8_0 blocks, or `ints` (i32, i64) — the same bytes for the same seed on every backend.
struct leaf_spec {
    dtype type = dtype::f32;
    shape ne{1, 1, 1, 1};
    std::vector<std::int32_t> ints = {};
    float lo = -1.0f, hi = 1.0f;
};
std::vector<std::byte> leaf_bytes(const leaf_spec& spec, unsigned seed);

// Makes the graph's output from its leafs (in spec order).
using graph_builder = std::function<tensor_id(builder& b, const std::vector<tensor_id>& leafs)>;

// Builds, fills (leaf i with seed i) and computes the graph on `be`; the output's values.
result<host_tensor> run_on(backend& be, const std::vector<leaf_spec>& leafs, const graph_builder& build);

// The OpenCL backend of the process (PoCL in CI): made once, so the kernels compile once. An
// error fails the tests (CI installs PoCL), it does not skip them.
result<backend*> shared_opencl();

} // namespace planscope::testing
