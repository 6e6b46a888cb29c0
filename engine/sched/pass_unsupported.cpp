// Beyond the seed (which only lists supports_op as a criterion): a node whose backend cannot run
// it moves to the best backend that can, before pass 3 so its unassigned leafs follow it.
#include "split_graph.h"

namespace planscope {

status reroute_unsupported(split_state& s) {
    if (!s.config.supports) return success();
    for (tensor_id id : s.g.nodes) {
        const int b = s.backend(id);
        const tensor& node = s.ctx[id];
        if (b < 0 || s.config.supports(b, s.ctx, node)) continue;
        int best = -1;
        for (int c = 0; c < s.n_backends() && best < 0; ++c)
            if (s.config.supports(c, s.ctx, node)) best = c;
        if (best < 0)
            return error{"node '" + node.name + "' (" + std::string(info(node.op).name) + "): no backend can run it"};
        s.assign(id, best, sched_pass::unsupported, "unsupported");
    }
    return success();
}

} // namespace planscope
