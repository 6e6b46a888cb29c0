#include "graph.h"

#include <unordered_map>

namespace planscope {
namespace {

enum class mark : std::uint8_t { visiting, done };

struct frame {
    tensor_id id;
    int next_src; // next source slot to visit
};

void add_visited(context& ctx, graph& g, tensor_id id) {
    tensor& t = ctx[id];
    const bool leaf = t.op == op_kind::none && !has_flag(t.flags, tensor_flag::param);
    auto& list = leaf ? g.leafs : g.nodes;
    if (t.name.empty()) t.name = (leaf ? "leaf_" : "node_") + std::to_string(list.size());
    list.push_back(id);
}

} // namespace

status build_forward_expand(context& ctx, graph& g, tensor_id root) {
    if (!ctx.contains(root)) return error{"build_forward_expand: tensor does not exist"};

    std::unordered_map<tensor_id, mark> marks;
    for (tensor_id id : g.nodes) marks[id] = mark::done;
    for (tensor_id id : g.leafs) marks[id] = mark::done;
    if (marks.contains(root)) return success();

    std::vector<frame> stack{{root, 0}};
    marks[root] = mark::visiting;
    while (!stack.empty()) {
        frame& f = stack.back();
        const tensor& t = ctx[f.id];
        if (f.next_src < max_src) {
            const tensor_id s = t.src[f.next_src++];
            if (!s.valid()) continue;
            if (!ctx.contains(s)) return error{"tensor '" + t.name + "' has a source that does not exist"};
            auto [it, inserted] = marks.try_emplace(s, mark::visiting);
            if (inserted) {
                stack.push_back({s, 0}); // invalidates f; the loop re-reads back()
            } else if (it->second == mark::visiting) {
                return error{"cycle: tensor '" + t.name + "' depends on '" + ctx[s].name + "', which depends on it"};
            }
            continue;
        }
        marks[f.id] = mark::done;
        const tensor_id id = f.id;
        stack.pop_back();
        add_visited(ctx, g, id);
    }
    return success();
}

} // namespace planscope
