// Pass 2 of sched_split_graph: nodes still without a backend follow their sources' assignments,
// in graph order, so a node sees what earlier nodes of this pass got.
#include "split_graph.h"

#include <climits>

namespace planscope {

void assign_from_sources(split_state& s) {
    for (tensor_id id : s.g.nodes) {
        if (s.backend(id) >= 0) continue;
        const tensor& node = s.ctx[id];
        int cur_prio = INT_MAX;
        std::size_t cur_size = 0;
        int chosen = -1, chosen_src = -1;
        for (int j = 0; j < max_src; ++j) {
            const tensor_id src = node.src[static_cast<std::size_t>(j)];
            if (!src.valid()) break;
            const int b = s.backend(src);
            if (b < 0) continue;
            const std::size_t size = nbytes(s.ctx[src]);
            if (b < cur_prio && size >= cur_size) {
                cur_prio = b;
                cur_size = size;
                chosen = b;
                chosen_src = j;
            }
        }
        if (chosen >= 0) s.assign(id, chosen, sched_pass::sources, "2.src" + std::to_string(chosen_src));
    }
}

} // namespace planscope
