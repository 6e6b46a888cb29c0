// Pass 3 of sched_split_graph: sources still without a backend (leafs nobody placed) take the
// backend of the first node, in graph order, that reads them.
#include "split_graph.h"

namespace planscope {

void assign_unassigned_sources(split_state& s) {
    for (tensor_id id : s.g.nodes) {
        const int b = s.backend(id);
        if (b < 0) continue; // the seed copies NULL: nothing changes
        for (tensor_id src : s.ctx[id].src) {
            if (!src.valid()) break;
            // The seed records no cause here; "3.dst" is Planscope's label.
            if (s.backend(src) < 0) s.assign(src, b, sched_pass::unassigned, "3.dst");
        }
    }
}

} // namespace planscope
