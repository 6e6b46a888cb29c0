#pragma once
// How the compute buffer grows with n_batch, n_ubatch or n_ctx: a llama model (a .gguf file or
// template:llama) re-built and planned at each value, with its peak, its lower bound and the size
// llama.cpp would print (plan --sweep, the GUI's sweep chart). The era of the built graph decides
// what a point is: llama.cpp 2023's graph with its measure graph beside it, or llama.cpp
// da46e59c's (ggml 2026) prompt graph with its context's reserve (pp, tg, pp; llm/llm_reserve.h).
#include "alloc/plan.h"
#include "core/error.h"
#include "graph_source.h"

#include "models/llama_graph.h"

#include <atomic>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace planscope {

// n_ubatch is ggml 2026's alone (llama.cpp 2023 had no ubatch).
enum class sweep_key : std::uint8_t { batch, ctx, ubatch };
std::string_view name(sweep_key k); // "batch", "ctx", "ubatch"

struct sweep_point {
    int value = 0;
    std::size_t nodes = 0;           // the graph's (2026: the prompt graph's, llama.cpp's "graph nodes")
    std::size_t max_size = 0;        // ggml's compute buffer for this graph (the allocator's high-water mark)
    std::uint64_t lower_bound = 0;   // the most bytes live at one step: no plan does better
    // What llama.cpp reserves at this value: 2023 llama_reserved_bytes (the measure graph's buffer
    // plus metadata); 2026 the CPU compute buffer after pp, tg, pp (llm_reserve_result::compute).
    std::uint64_t llama_total = 0;
};

// "batch=1,8,32,128,512" -> batch and its values (positive, at most 64 of them); keys batch, ubatch, ctx.
result<std::pair<sweep_key, std::vector<int>>> parse_sweep(std::string_view spec);

// Builds the model with the given parameters (open_source, or the GUI's embedded model). A graph
// it returns with an llm_reserve (ggml 2026) is a 2026 point.
using sweep_builder = std::function<result<opened_source>(const llama_params&)>;

// What llama.cpp (2023-11) reserves for a model built with `params`: llama_new_context_with_model
// sized the compute buffer with its measure graph, the same parameters but worst_case (n_kv = n_ctx,
// n_past = n_ctx - n_batch, the K-shift), and printed llama_compute_total_bytes of its max_size.
// `options` plans as the graph itself is planned (its preallocate is replaced by the measure
// graph's inputs). A graph that is already the worst case is not built again.
struct llama_reserve {
    std::size_t max_size = 0;   // the measure graph's compute buffer
    std::uint64_t total = 0;    // llama_compute_total_bytes(max_size, options.alignment)
};
result<llama_reserve> llama_reserved_bytes(const sweep_builder& build, llama_params params, plan_options options);

struct sweep_control {
    const std::atomic<bool>* cancel = nullptr;           // checked between points
    std::function<void(const sweep_point&)> on_point;    // after each point, in order
};

// One point per value, the other parameters from `base`. A 2023 graph is planned twice: the graph
// itself and llama.cpp's measure graph (llama_total). A 2026 graph is planned by ggml 2026 (max_size,
// lower_bound) and llama_total is its reserve's compute buffer, which the builder made with it.
// Errors name the value that failed ("batch 64: n_batch 64 exceeds n_ctx 16"); a cancelled sweep
// fails with "sweep cancelled".
result<std::vector<sweep_point>> sweep_compute_buffer(const sweep_builder& build, const llama_params& base, sweep_key key,
                                                      std::span<const int> values, const sweep_control& control = {});
// The same for a .gguf file or template:llama spec, opened once and built by `era`'s llama.cpp
// (llama_source::build); errors read "SOURCE: reason" ("SOURCE: batch 64: ..."). A key the template
// sets cannot be swept, nor ubatch in ggml 2023: errors too.
result<std::vector<sweep_point>> sweep_compute_buffer(std::string_view source, ggml_version era, const llama_params& base,
                                                      sweep_key key, std::span<const int> values,
                                                      const sweep_control& control = {});

} // namespace planscope
