#pragma once
// The compute buffer size as llama.cpp prints it. Mid-November 2023, llama_new_context_with_model
// measured the worst-case graph with ggml_allocr and printed the graph's metadata buffer
// (LLAMA_MAX_NODES tensor headers and one graph) plus what the allocator returned plus its
// alignment: "compute buffer total size = 73.69 MiB" for a 7B model at n_ctx 512. Later versions
// (ggml-backend's scheduler) print one line per backend: "CPU compute buffer size = 70.50 MiB".
#include "core/document.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace planscope {

// ggml of 2023-11: GGML_OBJECT_SIZE (32) + sizeof(struct ggml_tensor) (368), times LLAMA_MAX_NODES
// (8192), plus ggml_graph_overhead() of a GGML_DEFAULT_GRAPH_SIZE (2048) graph: 32 + the graph
// struct (80), its nodes and leafs (2 x 2048 pointers) and hash table (4099 pointers), padded to 16.
inline constexpr std::uint64_t llama_compute_meta_bytes = 400ULL * 8192 + 32 + 65648;

// ctx->buf_compute.size + max_size + alignment.
std::uint64_t llama_compute_total_bytes(std::uint64_t max_size, std::uint64_t alignment);
// "compute buffer total size = 73.69 MiB"
std::string llama_compute_total_line(std::uint64_t max_size, std::uint64_t alignment);
// A backend's name without its device: "OpenCL" for "OpenCL:DEVICE"; an RPC backend's whole
// "RPC0[HOST:PORT]", the colon inside its brackets being the port's (as ggml names that buffer type).
std::string_view backend_kind_name(std::string_view backend);
// "CPU compute buffer size = 70.50 MiB"; the backend as backend_kind_name gives it.
std::string llama_backend_compute_line(std::string_view backend, std::uint64_t size);
// A llama graph of llama_graph.h (it has the KV cache buffer) that is not llama.cpp's measure graph
// (no K_shift input): the prompt graph, whose own compute buffer is not what llama.cpp reserved.
bool is_llama_prompt_graph(const graph_document& doc);
// "73.69 MiB": bytes / 2^20 with two decimals, as llama.cpp's "%.2f MiB".
std::string mib_2(std::uint64_t bytes);

} // namespace planscope
