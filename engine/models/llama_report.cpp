#include "llama_report.h"

#include "models/llama_graph.h"

#include <algorithm>
#include <cstdio>

namespace planscope {

std::uint64_t llama_compute_total_bytes(std::uint64_t max_size, std::uint64_t alignment) {
    return llama_compute_meta_bytes + max_size + alignment;
}

bool is_llama_prompt_graph(const graph_document& doc) {
    const bool llama = std::any_of(doc.buffers.begin(), doc.buffers.end(),
                                   [](const buffer_desc& b) { return b.name == kv_cache_buffer_name; });
    return llama && std::none_of(doc.g.leafs.begin(), doc.g.leafs.end(), [&](tensor_id t) { return doc.ctx[t].name == "K_shift"; });
}

std::string mib_2(std::uint64_t bytes) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.2f MiB", static_cast<double>(bytes) / 1024.0 / 1024.0);
    return buf;
}

std::string llama_compute_total_line(std::uint64_t max_size, std::uint64_t alignment) {
    return "compute buffer total size = " + mib_2(llama_compute_total_bytes(max_size, alignment));
}

std::string_view backend_kind_name(std::string_view backend) {
    const std::size_t colon = backend.find(':');
    return colon < backend.find('[') ? backend.substr(0, colon) : backend;
}

std::string llama_backend_compute_line(std::string_view backend, std::uint64_t size) {
    // llama.cpp names the buffer type ("OpenCL"), not the device our backend names after a ':'.
    std::string line(backend_kind_name(backend));
    line += " compute buffer size = ";
    line += mib_2(size);
    return line;
}

} // namespace planscope
