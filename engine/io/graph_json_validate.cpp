// Loading the JSON graph format v1, phase two: view roots, cycles, op results, placement in
// buffers, then the node order, parse_seq and backend assignments.
#include "core/op_rules.h"
#include "io/json_detail.h"

#include <cstdint>
#include <limits>
#include <optional>

namespace planscope::json_detail {
namespace {

std::string tensor_path(std::size_t i) {
    return child("/tensors", i);
}

std::string buffer_label(const graph_document& doc, buffer_id b) {
    const std::string& name = doc.buffers[b.index()].name;
    return name.empty() ? "buffer " + std::to_string(b.value) : "buffer " + quote(name);
}

void check_view_roots(const context& ctx) {
    for (std::size_t i = 0; i < ctx.size(); ++i) {
        const tensor& t = ctx[tensor_id{i}];
        if (!t.is_view()) continue;
        const std::string path = child(tensor_path(i), "view_src");
        if (t.view_src.index() == i) fail(path, "a tensor cannot be a view of itself");
        const tensor& root = ctx[t.view_src];
        if (root.is_view())
            fail(path, tensor_label(ctx, t.view_src) + " is itself a view (of " + tensor_label(ctx, root.view_src) +
                           "); view_src must name the root tensor");
    }
}

// Depth-first over the "uses" edges (sources, then the view source); the first edge back onto
// the current path closes a cycle.
void check_cycles(const context& ctx) {
    enum : std::uint8_t { fresh, on_path, done };
    const std::size_t n = ctx.size();
    std::vector<std::uint8_t> state(n, fresh);
    struct frame {
        std::size_t id;
        int next; // 0..max_src-1: src slots, max_src: view_src
    };
    std::vector<frame> stack;
    for (std::size_t start = 0; start < n; ++start) {
        if (state[start] != fresh) continue;
        stack.push_back({start, 0});
        state[start] = on_path;
        while (!stack.empty()) {
            frame& f = stack.back();
            if (f.next > max_src) {
                state[f.id] = done;
                stack.pop_back();
                continue;
            }
            const int slot = f.next++;
            const tensor& t = ctx[tensor_id{f.id}];
            const tensor_id to = slot < max_src ? t.src[slot] : t.view_src;
            if (!to.valid() || state[to.index()] == done) continue;
            if (state[to.index()] == fresh) {
                state[to.index()] = on_path;
                stack.push_back({to.index(), 0}); // invalidates f
                continue;
            }
            std::size_t first = 0;
            while (stack[first].id != to.index()) ++first;
            // A long cycle is shown by its ends, so the message stays one short line.
            constexpr std::size_t shown_ends = 4;
            const std::size_t length = stack.size() - first;
            std::string chain;
            for (std::size_t k = first; k < stack.size(); ++k) {
                if (length > 2 * shown_ends && k == first + shown_ends) {
                    chain += "... (" + std::to_string(length - 2 * shown_ends) + " more) -> ";
                    k = stack.size() - shown_ends - 1;
                    continue;
                }
                chain += tensor_label(ctx, tensor_id{stack[k].id}) + " -> ";
            }
            chain += tensor_label(ctx, to);
            const std::string path = slot < max_src
                                         ? child(child(tensor_path(f.id), "src"), static_cast<std::size_t>(slot))
                                         : child(tensor_path(f.id), "view_src");
            fail(path, "cycle: " + chain);
        }
    }
}

// ggml checks a new view's contiguous size only; with its strides a view can still reach past
// its source, which no real graph does. Every view must lie within its root, strides included.
void check_view_extent(const context& ctx, std::size_t i) {
    const tensor& t = ctx[tensor_id{i}];
    std::size_t bytes = 0, root_bytes = 0, end = 0;
    checked_nbytes(t, bytes);
    checked_nbytes(ctx[t.view_src], root_bytes);
    if (__builtin_add_overflow(bytes, t.view_offs, &end) || end > root_bytes)
        fail(child(tensor_path(i), "view_offs"), "view of " + std::to_string(bytes) + " bytes at offset " +
                                                     std::to_string(t.view_offs) + " is out of bounds of " +
                                                     tensor_label(ctx, t.view_src) + " (" + std::to_string(root_bytes) +
                                                     " bytes)");
}

std::string view_text(const context& ctx, tensor_id v) {
    return v.valid() ? "a view of " + tensor_label(ctx, v) : "not a view";
}

// The op applied to the file's sources must give exactly the tensor the file describes.
void check_op(const context& ctx, std::size_t i) {
    const tensor& t = ctx[tensor_id{i}];
    const std::string path = tensor_path(i);
    const op_info& oi = info(t.op);
    // CPY and SET_ROWS are views of their destination, CLAMP always a view of its source: not inplace forms.
    const bool inplace = t.is_view() && !oi.view_op && t.op != op_kind::cpy && t.op != op_kind::set_rows &&
                         t.op != op_kind::clamp;
    if (inplace && !oi.can_inplace && t.op != op_kind::dup)
        fail(child(path, "view_src"), std::string(oi.name) + " has no inplace form, so its result cannot be a view");
    tensor desc;
    desc.op = t.op;
    desc.type = t.type; // what a one-source CPY (ggml_cast) makes
    desc.params = t.params;
    desc.src = t.src;
    desc.ne = t.ne;
    desc.nb = t.nb;
    auto r = infer_result(ctx, desc, inplace);
    if (!r) fail(path, printable(r.err().message, 1000)); // it quotes tensor names as they are
    const tensor& want = *r;
    const std::string op(oi.name);
    if (want.type != t.type)
        fail(child(path, "type"), op + " result type " + std::string(type_name(want.type)) +
                                      " does not match the file's " + std::string(type_name(t.type)));
    if (want.ne != t.ne)
        fail(child(path, "ne"),
             op + " result shape " + shape_string(want.ne) + " does not match the file's " + shape_string(t.ne));
    if (want.nb != t.nb)
        fail(child(path, "nb"),
             op + " result strides " + strides_string(want.nb) + " do not match the file's " + strides_string(t.nb));
    if (want.view_src != t.view_src)
        fail(child(path, "view_src"),
             op + " result is " + view_text(ctx, want.view_src) + ", the file says " + view_text(ctx, t.view_src));
    if (want.view_offs != t.view_offs)
        fail(child(path, "view_offs"), op + " result is at offset " + std::to_string(want.view_offs) +
                                           " of its view source, the file says " + std::to_string(t.view_offs));
}

void check_placement(const graph_document& doc, std::size_t i) {
    const tensor& t = doc.ctx[tensor_id{i}];
    if (!t.where) return;
    const buffer_desc& b = doc.buffers[t.where->buffer.index()];
    const std::string path = child(tensor_path(i), "offset");
    const std::uint64_t offset = t.where->offset;
    if (offset % b.alignment != 0)
        fail(path, "offset " + std::to_string(offset) + " is not a multiple of " + buffer_label(doc, t.where->buffer) +
                       " alignment " + std::to_string(b.alignment));
    std::size_t bytes = 0, end = 0;
    checked_nbytes(t, bytes);
    if (b.size > 0 && (__builtin_add_overflow(bytes, offset, &end) || end > b.size))
        fail(path, "tensor of " + std::to_string(bytes) + " bytes at offset " + std::to_string(offset) +
                       " does not fit in " + buffer_label(doc, t.where->buffer) + " (" + std::to_string(b.size) +
                       " bytes)");
}

tensor_id read_id(const json& v, const std::string& path, const context& ctx) {
    if (!v.is_number_integer()) fail(path, "expected a tensor id, got " + describe(v));
    const bool in_range = v.is_number_unsigned() ? v.get<std::uint64_t>() < ctx.size()
                                                 : v.get<std::int64_t>() >= 0 && v.get<std::uint64_t>() < ctx.size();
    if (!in_range) fail(path, "tensor id " + describe(v) + " does not exist");
    return tensor_id{static_cast<std::size_t>(v.get<std::uint64_t>())};
}

using name_index = std::unordered_map<std::string, std::vector<std::size_t>>;

// A tensor by id or by (unique) name; `names` is filled on first use.
tensor_id read_id_or_name(const json& v, const std::string& path, const context& ctx, name_index& names) {
    if (!v.is_string()) return read_id(v, path, ctx);
    if (names.empty())
        for (std::size_t i = 0; i < ctx.size(); ++i) names[ctx[tensor_id{i}].name].push_back(i);
    const auto& name = v.get_ref<const std::string&>();
    const auto it = names.find(name);
    if (it == names.end()) fail(path, "no tensor is named " + quote(name));
    const std::vector<std::size_t>& hits = it->second;
    if (hits.size() > 1)
        fail(path, "name " + quote(name) + " is ambiguous (tensors " + std::to_string(hits[0]) + " and " +
                       std::to_string(hits[1]) + "); use the tensor id");
    return tensor_id{hits[0]};
}

bool belongs_in_leafs(const tensor& t) {
    return t.op == op_kind::none && !has_flag(t.flags, tensor_flag::param);
}

// Where each tensor is listed: 0 for nowhere, k + 1 for /nodes/k, n_nodes + k + 1 for /leafs/k.
using listings = std::vector<std::size_t>;

std::string listing_path(std::size_t at, std::size_t n_nodes) {
    return at <= n_nodes ? child("/nodes", at - 1) : child("/leafs", at - 1 - n_nodes);
}

// `base` is 0 for nodes, the number of nodes for leafs.
void read_list(const parsed_json& file, std::string_view key, const context& ctx, std::vector<tensor_id>& out,
               listings& listed_at, std::size_t base) {
    const std::string path = child("", key);
    expect_array(require(file.root, "", key), path);
    const packed_list& list = file.list(key);
    out.reserve(list.size());
    const bool leafs = key == "leafs";
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string ip = child(path, i);
        const tensor_id id = read_id(list[i], ip, ctx);
        if (const std::size_t at = listed_at[id.index()]; at != 0)
            fail(ip, tensor_label(ctx, id) + " is listed twice (first at " +
                         listing_path(at, leafs ? base : SIZE_MAX) + ")");
        listed_at[id.index()] = base + i + 1;
        const tensor& t = ctx[id];
        if (leafs && !belongs_in_leafs(t))
            fail(ip,
                 tensor_label(ctx, id) +
                     (t.op != op_kind::none ? " has op " + std::string(info(t.op).name) : std::string(" is a param")) +
                     ", so it belongs in nodes");
        if (!leafs && belongs_in_leafs(t))
            fail(ip, tensor_label(ctx, id) + " has op NONE and is not a param, so it belongs in leafs");
        out.push_back(id);
    }
}

void read_parse_seq(graph_document& doc, const packed_list& seq) {
    const auto n = static_cast<std::int64_t>(doc.g.nodes.size());
    std::vector<std::size_t> first(doc.g.nodes.size(), std::numeric_limits<std::size_t>::max());
    for (std::size_t i = 0; i < seq.size(); ++i) {
        const std::string path = child("/parse_seq", i);
        const json v = seq[i];
        if (!v.is_number_integer()) fail(path, "expected a node index or -1, got " + describe(v));
        const bool in_range = v.is_number_unsigned() ? v.get<std::uint64_t>() < static_cast<std::uint64_t>(n)
                                                     : v.get<std::int64_t>() >= -1 && v.get<std::int64_t>() < n;
        if (!in_range)
            fail(path, "node index " + describe(v) + " out of range (the graph has " + std::to_string(n) +
                           " nodes; -1 is a barrier)");
        const int k = static_cast<int>(v.get<std::int64_t>());
        if (k >= 0) {
            auto& at = first[static_cast<std::size_t>(k)];
            if (at != std::numeric_limits<std::size_t>::max())
                fail(path, "node index " + std::to_string(k) + " is listed twice (first at /parse_seq/" +
                               std::to_string(at) + ")");
            at = i;
        }
        doc.parse_seq.push_back(k);
    }
}

void read_assignments(graph_document& doc, const packed_list& list, const listings& listed_at) {
    std::unordered_map<tensor_id, std::string> first;
    name_index names;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string path = child("/assignments", i);
        const json a = list[i];
        expect_object(a, path);
        check_keys(a, path, {"node", "backend"});
        const std::string np = child(path, "node");
        const tensor_id id = read_id_or_name(require(a, path, "node"), np, doc.ctx, names);
        if (listed_at[id.index()] == 0)
            fail(np, tensor_label(doc.ctx, id) + " is not in the graph (neither in nodes nor in leafs)");
        if (const auto it = first.find(id); it != first.end())
            fail(np, tensor_label(doc.ctx, id) + " is assigned twice (first at " + it->second + ")");
        first.emplace(id, path);
        std::string backend = get_string(require(a, path, "backend"), child(path, "backend"));
        if (backend.empty()) fail(child(path, "backend"), "backend name is empty");
        doc.backend_of.emplace(id, std::move(backend));
    }
}

// Tensors the compute buffer holds before the graph is planned: in the graph, not a view (a view
// takes its source's memory), not already placed in a buffer, each once.
void read_compute_inputs(graph_document& doc, const packed_list& list, const listings& listed_at) {
    std::unordered_map<tensor_id, std::string> first;
    name_index names;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string path = child("/compute_inputs", i);
        const tensor_id id = read_id_or_name(list[i], path, doc.ctx, names);
        const tensor& t = doc.ctx[id];
        if (listed_at[id.index()] == 0)
            fail(path, tensor_label(doc.ctx, id) + " is not in the graph (neither in nodes nor in leafs)");
        if (t.is_view()) fail(path, tensor_label(doc.ctx, id) + " is a view: it takes its source's memory");
        if (t.where) fail(path, tensor_label(doc.ctx, id) + " is already placed in a buffer");
        if (const auto it = first.find(id); it != first.end())
            fail(path, tensor_label(doc.ctx, id) + " is listed twice (first at " + it->second + ")");
        first.emplace(id, path);
        doc.compute_inputs.push_back(id);
    }
}

} // namespace

void validate_tensors(graph_document& doc) {
    const context& ctx = doc.ctx;
    check_view_roots(ctx);
    check_cycles(ctx);
    for (std::size_t i = 0; i < ctx.size(); ++i) {
        const tensor& t = ctx[tensor_id{i}];
        if (t.op != op_kind::none) check_op(ctx, i);
        if (t.is_view()) check_view_extent(ctx, i);
    }
    for (std::size_t i = 0; i < ctx.size(); ++i) check_placement(doc, i);
}

void read_graph_order(graph_document& doc, const parsed_json& file) {
    const json& root = file.root;
    const context& ctx = doc.ctx;
    listings listed_at(ctx.size(), 0);
    read_list(file, "nodes", ctx, doc.g.nodes, listed_at, 0);
    read_list(file, "leafs", ctx, doc.g.leafs, listed_at, doc.g.nodes.size());

    std::vector<bool> leaf(ctx.size(), false);
    for (tensor_id id : doc.g.leafs) leaf[id.index()] = true;
    std::vector<bool> earlier(ctx.size(), false);
    for (std::size_t k = 0; k < doc.g.nodes.size(); ++k) {
        const tensor_id id = doc.g.nodes[k];
        const tensor& t = ctx[id];
        for (int s = 0; s < max_src; ++s) {
            const tensor_id src = t.src[s];
            if (!src.valid() || leaf[src.index()] || earlier[src.index()]) continue;
            fail(child("/nodes", k), "source " + std::to_string(s) + " of " + tensor_label(ctx, id) + " is " +
                                         tensor_label(ctx, src) + ", which is neither an earlier node nor a leaf");
        }
        earlier[id.index()] = true;
    }
    if (const json* v = find(root, "compute_inputs")) {
        expect_array(*v, "/compute_inputs");
        read_compute_inputs(doc, file.list("compute_inputs"), listed_at);
    }
    if (const json* v = find(root, "parse_seq")) {
        expect_array(*v, "/parse_seq");
        read_parse_seq(doc, file.list("parse_seq"));
    }
    if (const json* v = find(root, "assignments")) {
        expect_array(*v, "/assignments");
        read_assignments(doc, file.list("assignments"), listed_at);
    }
}

} // namespace planscope::json_detail
