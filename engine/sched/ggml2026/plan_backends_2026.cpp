#include "plan_backends_2026.h"

#include "alloc/ggml2026/graph_planner.h"
#include "alloc/ggml2026/plan_2026.h"
#include "alloc/plan.h"
#include "backend/cpu/cpu_backend.h"
#include "sched/sched_report.h"

#include <map>

namespace planscope::ggml2026 {
namespace {

// ggml_backend_buft_get_alignment of d99724f2: the CPU buffer type's is TENSOR_ALIGNMENT, 32
// (ggml-impl.h:44, ggml-backend.cpp:2388), where the 2023 CPU backend aligned to 64; a device
// reports its own (OpenCL: CL_DEVICE_MEM_BASE_ADDR_ALIGN / 8, as ggml-opencl.cpp:5310).
std::size_t buffer_type_alignment(const backend& b) {
    constexpr std::size_t ggml_2026_cpu_alignment = 32;
    return is_cpu(b) ? ggml_2026_cpu_alignment : b.alignment();
}

std::string chunk_buffer_name(const std::string& backend, int chunk) {
    std::string name = backend + " compute";
    if (chunk > 0) name.append("#").append(std::to_string(chunk));
    return name;
}

} // namespace

std::vector<int> shared_roots(std::span<const sched_buffer_type> bufts) {
    std::vector<int> root;
    for (std::size_t i = 0; i < bufts.size(); ++i) {
        root.push_back(static_cast<int>(i));
        for (std::size_t j = 0; j < i; ++j)
            if (bufts[j] == bufts[i]) {
                root.back() = static_cast<int>(j);
                break;
            }
    }
    return root;
}

sched_config_2026 config_for(const graph_document& doc, std::span<backend* const> backends) {
    sched_config_2026 c;
    c.backend_names = display_names(backends);
    for (backend* b : backends) {
        const bool cpu = is_cpu(*b);
        c.bufts.push_back(cpu ? sched_buffer_type{"CPU", true} : sched_buffer_type{std::string(b->name()), false});
        c.reads_host.push_back(cpu);
    }
    const buffer_backend_fn by_name = buffer_backend_of_document(doc, c.backend_names);
    std::vector<bool> weights;
    for (const buffer_desc& d : doc.buffers) weights.push_back(d.name.starts_with("weights"));
    c.buffer = [by_name, weights, bufts = c.bufts](buffer_id id) -> result<sched_placed_buffer> {
        auto b = by_name(id);
        if (!b) return b.err();
        return sched_placed_buffer{bufts[static_cast<std::size_t>(*b)], weights[id.index()]};
    };
    const std::vector<backend*> list(backends.begin(), backends.end());
    c.supports = [list](int b, const context& ctx, const tensor& node) {
        return list[static_cast<std::size_t>(b)]->supports_op(ctx, node);
    };
    return c;
}

result<sched_outcome> reserve_split(graph_document&& doc, sched_plan&& plan, const std::vector<std::string>& backend_names,
                                    std::span<const buffer_type_info> types, alloc_observer* alloc) {
    std::vector<int> root;
    for (std::size_t b = 0; b < types.size(); ++b) root.push_back(types[b].shared < 0 ? static_cast<int>(b) : types[b].shared);
    std::vector<int> node_ids, leaf_ids;
    for (tensor_id id : plan.split_graph.nodes) node_ids.push_back(plan.backend(id));
    for (tensor_id id : plan.split_graph.leafs) leaf_ids.push_back(plan.backend(id));
    // Chunks become document buffers in the order they open.
    const std::size_t first = doc.buffers.size();
    std::map<std::pair<int, int>, buffer_id> chunk_ids;
    std::vector<std::pair<int, int>> opened;
    auto buffer_of = [&](std::size_t type, int chunk) {
        const std::pair<int, int> key{root[type], chunk};
        auto [it, fresh] = chunk_ids.try_emplace(key, buffer_id{first + opened.size()});
        if (fresh) opened.push_back(key);
        return it->second;
    };
    auto reserved = reserve(doc.ctx, plan.split_graph, types, node_ids, leaf_ids, {alloc, buffer_of});
    if (!reserved) return reserved.err();
    for (std::size_t i = 0; i < doc.ctx.size() && i < reserved->where.size(); ++i)
        if (const auto& at = reserved->where[i])
            doc.ctx[tensor_id{i}].where = placement{buffer_of(static_cast<std::size_t>(at->buffer), at->addr.chunk), at->addr.offset};
    // As alloc_graph places views (ggml_gallocr_init_tensor), so the listing gives their address.
    place_views(doc.ctx, plan.split_graph, alloc);
    // A backend type that allocated nothing still has its (empty) compute buffer, as in 2023.
    for (std::size_t b = 0; b < types.size(); ++b)
        if (root[b] == static_cast<int>(b)) buffer_of(b, 0);
    for (const auto& [type, chunk] : opened) {
        const auto& sizes = reserved->chunk_sizes.at(static_cast<std::size_t>(type));
        const std::size_t size = static_cast<std::size_t>(chunk) < sizes.size() ? sizes[static_cast<std::size_t>(chunk)] : 0;
        const std::string& name = backend_names[static_cast<std::size_t>(type)];
        doc.buffers.push_back({chunk_buffer_name(name, chunk), name, size, types[static_cast<std::size_t>(type)].alignment});
    }

    sched_outcome out;
    out.backend_names = backend_names;
    out.assignments = format_assignments(doc.ctx, doc.g, plan);
    for (std::size_t b = 0; b < types.size(); ++b) {
        sched_buffer_info info;
        info.backend = static_cast<int>(b);
        const auto it = chunk_ids.find({static_cast<int>(b), 0});
        info.id = it != chunk_ids.end() ? it->second : buffer_id{};
        if (root[b] == static_cast<int>(b)) {
            info.size = reserved->buffer_size(b);
            const auto& chunks = reserved->chunk_sizes.at(b);
            if (!chunks.empty()) info.free_after = free_list_within(reserved->free_lists.at(b).front(), chunks.front());
        }
        out.buffers.push_back(std::move(info));
    }
    out.causes = group_split_causes(doc.ctx, doc.g, plan);
    out.network = count_network(doc.ctx, doc.g, plan);
    for (const auto& [node, parent] : reserved->inplace) out.inplace_of.emplace(node, parent);
    out.plan = std::move(plan);
    out.doc = std::move(doc);
    return out;
}

result<sched_outcome> plan_with_backends(opened_source src, std::span<backend* const> backends,
                                         const sched_plan_options& options) {
    graph_document& doc = src.doc;
    sched_config_2026 config = config_for(doc, backends);
    config.n_copies = options.n_copies;
    config.op_offload = options.op_offload;
    config.observer = options.sched;
    auto assigned = resolve_assignments(doc, config.backend_names, backends);
    if (!assigned) return assigned.err();
    const std::unordered_map<tensor_id, int> user(assigned->begin(), assigned->end());
    config.user = &user;
    std::vector<tensor_id> inputs;
    for (tensor_id id : sched_preallocated(src))
        if (!doc.ctx[id].where) inputs.push_back(id);
    flag_inputs(doc.ctx, doc.g, inputs);

    auto plan = split_graph(doc.ctx, doc.g, config);
    if (!plan) return plan.err();
    plan->backend_remote = remote_backends(backends);
    const std::vector<int> root = shared_roots(config.bufts);
    std::vector<buffer_type_info> types;
    for (std::size_t b = 0; b < backends.size(); ++b)
        types.push_back({buffer_type_alignment(*backends[b]), options.max_buffer_size, root[b], {}});
    return reserve_split(std::move(doc), std::move(*plan), config.backend_names, types, options.alloc);
}

} // namespace planscope::ggml2026
