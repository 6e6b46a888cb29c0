#include "alloc_trace.h"

#include <sstream>

namespace planscope {

std::string alloc_trace_csv(const planned_graph& p) {
    std::ostringstream os;
    os << "id,lower,upper,size,offset\n";
    const auto& buffers = p.dsa.problem.buffers;
    for (std::size_t i = 0; i < buffers.size(); ++i)
        os << buffers[i].id << ',' << buffers[i].lower << ',' << buffers[i].upper << ',' << buffers[i].size << ','
           << p.chosen.offsets[i] << '\n';
    return os.str();
}

} // namespace planscope
