#pragma once
// A small graph computed by the CPU backend, with tensor values handled as plain f32 arrays in
// logical (i0-fastest) order, and references' own half/bfloat conversions, written without the
// engine's, so that the tests check the engine against independent code.
#include "backend/cpu/cpu_backend.h"
#include "core/builder.h"

#include <array>
#include <cstdint>
#include <random>
#include <vector>

namespace planscope::testing {

using shape = std::array<std::int64_t, 4>;

// Logical values of a tensor, i0 fastest.
struct host_tensor {
    shape ne{1, 1, 1, 1};
    std::vector<float> v;

    host_tensor() = default;
    explicit host_tensor(shape s) : ne(s), v(static_cast<std::size_t>(s[0] * s[1] * s[2] * s[3])) {}
    [[nodiscard]] std::size_t index(std::int64_t i0, std::int64_t i1, std::int64_t i2, std::int64_t i3) const {
        return static_cast<std::size_t>(i0 + ne[0] * (i1 + ne[1] * (i2 + ne[2] * i3)));
    }
    float& at(std::int64_t i0, std::int64_t i1 = 0, std::int64_t i2 = 0, std::int64_t i3 = 0) {
        return v[index(i0, i1, i2, i3)];
    }
    [[nodiscard]] float at(std::int64_t i0, std::int64_t i1 = 0, std::int64_t i2 = 0, std::int64_t i3 = 0) const {
        return v[index(i0, i1, i2, i3)];
    }
};

host_tensor random_host(shape s, std::mt19937& rng, float lo = -1.0f, float hi = 1.0f);
// ggml_permute's meaning: source dimension i becomes dimension axes[i].
host_tensor permuted(const host_tensor& t, std::array<int, 4> axes);
host_tensor transposed(const host_tensor& t);
// Values as a tensor of `type` holds them (f16 and bf16 rounded to nearest even).
host_tensor rounded(const host_tensor& t, dtype type);
// An attention mask of `ne`, values in [-2, 2), every fifth entry -inf (entry 0 of a row never).
host_tensor holed_mask(shape ne, std::mt19937& rng);
// ggml's ALiBi slope of head h of n_head, in double.
double alibi(double max_bias, std::int64_t n_head, std::int64_t h);

// IEEE half and bfloat16, by arithmetic on exponents rather than bit tricks.
std::uint16_t ref_f32_to_f16(float f);
float ref_f16_to_f32(std::uint16_t h);
std::uint16_t ref_f32_to_bf16(float f);
float ref_bf16_to_f32(std::uint16_t h);

// Leafs live in buffer 0 (allocated once, never reused), nodes in buffer 1 through the graph
// allocator, as llama.cpp keeps weights and inputs apart from the compute buffer.
class cpu_graph {
public:
    // Every node is shared among all the threads, however small and however busy the machine, so
    // that the kernels' splits are tested.
    explicit cpu_graph(int n_threads = 1) : backend(n_threads) {
        backend.set_split_policy(cpu::split_policy::every_node);
        backend.set_adaptive_threads(false);
    }

    context ctx;
    builder b{ctx};
    graph g;
    cpu_backend backend;
    buffer_table table;

    tensor_id leaf(dtype type, shape ne, const char* name = "");
    // Builds the graph ending in `out` and places every tensor.
    status prepare(tensor_id out);
    // Stores values converted to the tensor's type (f32, f16, bf16, i32).
    status set(tensor_id t, const host_tensor& values);
    status set_i32(tensor_id t, const std::vector<std::int32_t>& values);
    status compute() { return backend.graph_compute({ctx, g, table}); }
    // The tensor's values through its strides, as f32.
    result<host_tensor> get(tensor_id t) const;
};

// Largest |a - b| relative to max(1, |b|), over all values; infinite when shapes differ.
// The tensor's values read back through its backend, any layout (f32, f16, bf16, i32).
result<host_tensor> read_host(const buffer_table& table, const tensor& t);
double max_rel_error(const host_tensor& a, const host_tensor& b);

} // namespace planscope::testing
