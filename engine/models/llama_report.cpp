#include "llama_report.h"

#include <cstdio>

namespace planscope {

std::uint64_t llama_compute_total_bytes(std::uint64_t max_size, std::uint64_t alignment) {
    return llama_compute_meta_bytes + max_size + alignment;
}

std::string mib_2(std::uint64_t bytes) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.2f MiB", static_cast<double>(bytes) / 1024.0 / 1024.0);
    return buf;
}

std::string llama_compute_total_line(std::uint64_t max_size, std::uint64_t alignment) {
    return "compute buffer total size = " + mib_2(llama_compute_total_bytes(max_size, alignment));
}

std::string llama_backend_compute_line(std::string_view backend, std::uint64_t size) {
    // llama.cpp names the buffer type ("OpenCL"), not the device our backend names after a ':'.
    std::string line(backend.substr(0, backend.find(':')));
    line += " compute buffer size = ";
    line += mib_2(size);
    return line;
}

} // namespace planscope
