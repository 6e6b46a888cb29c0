// The seed's sanity check after pass 4 (its "!!!!" lines on stderr): every source should be on
// its node's backend. Reported, never fatal, as in the seed.
#include "split_graph.h"

namespace planscope {
namespace {
std::string backend_name(const split_state& s, int b) {
    return b < 0 ? "NULL" : s.config.backend_names[static_cast<std::size_t>(b)];
}
} // namespace

std::vector<std::string> sanity_check(const split_state& s) {
    std::vector<std::string> out;
    auto warn = [&](tensor_id node, std::string message) {
        s.report(sched_events::warning{node, message});
        out.push_back(std::move(message));
    };
    for (tensor_id id : s.g.nodes) {
        const tensor& node = s.ctx[id];
        const int b = s.backend(id);
        if (b < 0) warn(id, node.name + " has no backend");
        for (int j = 0; j < max_src; ++j) {
            const tensor_id src = node.src[static_cast<std::size_t>(j)];
            if (!src.valid()) break;
            const int sb = s.backend(src);
            if (sb != b)
                warn(id, node.name + " has backend " + backend_name(s, b) + ", src " + std::to_string(j) + " (" +
                             s.ctx[src].name + ") has backend " + backend_name(s, sb));
        }
    }
    return out;
}

} // namespace planscope
