#pragma once
// A graph as a user works with it: its tensors, node order, the buffers that hold
// pre-allocated tensors (weights, KV cache, inputs), the inputs allocated in the compute buffer
// before the graph, an optional parse_seq and manual backend assignments. The JSON graph format
// (docs/graph-format.md) stores exactly this.
#include "context.h"
#include "graph.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace planscope {

struct buffer_desc {
    std::string name;    // "weights", "kv_cache", ...
    std::string backend; // "CPU", "OpenCL", ...
    std::size_t size = 0;
    std::size_t alignment = 64;
};

struct graph_document {
    std::string name;
    context ctx;
    graph g;
    std::vector<buffer_desc> buffers;                    // indexed by buffer_id
    // Allocated in the compute buffer, in this order, before the graph is (llama.cpp's inputs).
    std::vector<tensor_id> compute_inputs;
    std::vector<int> parse_seq;                          // node indices, -1 = barrier; empty = graph order
    std::unordered_map<tensor_id, std::string> backend_of; // manual node assignment: node -> backend name

    graph_document() = default;
    graph_document(graph_document&&) = default;
    graph_document& operator=(graph_document&&) = default;
};

// An explicit copy (a document is only moved implicitly: its context can be large).
graph_document copy_document(const graph_document& doc);

} // namespace planscope
