#include "llm_reserve.h"

#include "alloc/ggml2026/graph_planner.h"
#include "llm/llm_kv_cache.h"
#include "llm_device_sched.h"
#include "models/llama_weights.h"
#include "sched/ggml2026/sched_2026.h"

#include <algorithm>

namespace planscope {
namespace {

// The scheduler's view of a CPU-only context: one backend, the CPU buffer type (host); the model
// buffer holds weights (GGML_BACKEND_BUFFER_USAGE_WEIGHTS), the KV cache does not.
ggml2026::sched_config_2026 reserve_cpu_config(const graph_document& doc) {
    ggml2026::sched_config_2026 c;
    c.backend_names = {"CPU"};
    c.bufts = {{"CPU", true}};
    c.reads_host = {true};
    std::vector<bool> weights;
    for (const buffer_desc& d : doc.buffers) weights.push_back(d.name == weights_buffer_name);
    c.buffer = [weights](buffer_id id) -> result<ggml2026::sched_placed_buffer> {
        if (id.index() >= weights.size()) return error{"unknown buffer " + std::to_string(id.value)};
        return ggml2026::sched_placed_buffer{{"CPU", true}, weights[id.index()]};
    };
    return c;
}

} // namespace

result<llm_graph_reserve> llm_reserve_graph(llm_graph_build& build) {
    graph_document& doc = build.doc;
    const auto config = reserve_cpu_config(doc);
    auto plan = ggml2026::split_graph(doc.ctx, doc.g, config);
    if (!plan) return plan.err();
    std::vector<int> node_ids, leaf_ids;
    for (tensor_id id : plan->split_graph.nodes) node_ids.push_back(plan->backend(id));
    for (tensor_id id : plan->split_graph.leafs) leaf_ids.push_back(plan->backend(id));
    const ggml2026::buffer_type_info cpu{llm_cpu_alignment, SIZE_MAX, -1, {}};
    auto reserved = ggml2026::reserve(doc.ctx, plan->split_graph, std::span(&cpu, 1), node_ids, leaf_ids);
    const std::size_t splits = plan->splits.size();
    ggml2026::undo_split(doc.ctx, doc.g, *plan);
    if (!reserved) return reserved.err();
    const std::size_t bytes = reserved->buffer_size(0);
    return llm_graph_reserve{doc.g.nodes.size(), doc.g.leafs.size(), splits, bytes, {bytes}};
}

namespace {

// ggml_backend_sched_reserve over the devices; with `fa_layers`, also whether every
// FLASH_ATTN_EXT ("__fattn__-IL") runs on its layer's device (llama.cpp's auto check).
result<llm_graph_reserve> reserve_on_devices(llm_graph_build& build, const llm_device_sched& sched,
                                             const llm_placement& placement, bool* fa_on_layer_devices = nullptr) {
    graph_document& doc = build.doc;
    std::unordered_map<tensor_id, int> user;
    const auto config = sched.config(build, user);
    auto plan = ggml2026::split_graph(doc.ctx, doc.g, config);
    if (!plan) return plan.err();
    if (fa_on_layer_devices) {
        *fa_on_layer_devices = true;
        constexpr std::string_view prefix = "__fattn__-";
        for (tensor_id id : doc.g.nodes) {
            const tensor& t = doc.ctx[id];
            if (t.op != op_kind::flash_attn_ext || !t.name.starts_with(prefix)) continue;
            const auto il = static_cast<std::uint32_t>(std::stoul(t.name.substr(prefix.size())));
            const int b = plan->backend(id);
            if (b < 0 || sched.backends().at(static_cast<std::size_t>(b)).device != placement.layer_device(il)) {
                *fa_on_layer_devices = false;
                break;
            }
        }
    }
    std::vector<int> node_ids, leaf_ids;
    for (tensor_id id : plan->split_graph.nodes) node_ids.push_back(plan->backend(id));
    for (tensor_id id : plan->split_graph.leafs) leaf_ids.push_back(plan->backend(id));
    const auto types = sched.buffer_types(doc.ctx);
    auto reserved = ggml2026::reserve(doc.ctx, plan->split_graph, types, node_ids, leaf_ids);
    const std::size_t splits = plan->splits.size();
    ggml2026::undo_split(doc.ctx, doc.g, *plan);
    if (!reserved) return reserved.err();
    llm_graph_reserve out{doc.g.nodes.size(), doc.g.leafs.size(), splits, 0, {}};
    for (std::size_t b = 0; b < types.size(); ++b) {
        out.compute_per_backend.push_back(reserved->buffer_size(b));
        out.compute += out.compute_per_backend.back();
    }
    return out;
}

void add_memory(std::vector<llm_memory_row>& rows, const std::string& type, int device, std::size_t llm_memory_row::*column,
                std::size_t bytes) {
    auto it = std::find_if(rows.begin(), rows.end(), [&](const llm_memory_row& r) { return r.buffer_type == type; });
    if (it == rows.end()) {
        rows.push_back({type, 0, 0, 0, device});
        it = rows.end() - 1;
    }
    (*it).*column += bytes;
}

} // namespace

llm_ubatch_shape llm_reserve_prompt_shape(const llm_cparams& c) {
    const std::uint32_t n_seqs = c.n_seq_max;
    const std::uint32_t n_tokens = std::min(c.n_ctx, c.n_ubatch);
    // graph_reserve rounds n_tokens up to a multiple of n_seqs.
    return {(n_tokens + n_seqs - 1) / n_seqs * n_seqs, n_seqs, std::min(n_tokens, c.n_outputs_max)};
}

result<llm_reserve_result> llm_reserve(const gguf_file& file, const llm_context_params& params) {
    auto h = read_model_hparams(file);
    if (!h) return h.err();
    auto c = resolve_cparams(*h, params);
    if (!c) return c.err();

    llm_reserve_result out;
    out.cparams = *c;
    const std::uint32_t n_seqs = c->n_seq_max;
    const llm_ubatch_shape pp = llm_reserve_prompt_shape(*c);
    const llm_ubatch_shape tg{n_seqs, n_seqs, n_seqs};

    std::size_t model_bytes = 0, kv_bytes = 0;
    for (const auto& [ubatch, slot] : {std::pair{pp, &out.pp}, std::pair{tg, &out.tg}, std::pair{pp, &out.pp}}) {
        auto build = build_llm_graph(file, *h, *c, ubatch);
        if (!build) return build.err();
        auto r = llm_reserve_graph(*build);
        if (!r) return r.err();
        *slot = *r;
        out.compute = std::max(out.compute, r->compute); // ggml_gallocr_reserve_n never shrinks its buffer
        model_bytes = build->model_bytes;
        kv_bytes = build->kv_bytes;
    }
    out.output_bytes = std::size_t{h->n_vocab} * std::max<std::uint32_t>(1, c->n_seq_max) * sizeof(float);
    out.backends = {"CPU"};
    out.compute_per_backend = {out.compute};
    out.memory = {{"CPU", 0, kv_bytes, out.compute}, {"CPU_Mapped", model_bytes, 0, 0}};
    return out;
}

result<llm_reserve_result> llm_reserve(const gguf_file& file, const llm_context_params& params,
                                       const llm_placement& placement, bool op_offload) {
    auto h = read_model_hparams(file);
    if (!h) return h.err();
    auto c = resolve_cparams(*h, params);
    if (!c) return c.err();
    const llm_device_sched sched(placement, h->n_layer, op_offload);
    const std::uint32_t n_seqs = c->n_seq_max;
    const llm_ubatch_shape tg{n_seqs, n_seqs, n_seqs};
    if (c->auto_flash_attn) {
        auto build = build_llm_graph(file, *h, *c, tg, &placement);
        if (!build) return build.err();
        bool fa_ok = true;
        if (auto r = reserve_on_devices(*build, sched, placement, &fa_ok); !r) return r.err();
        c->flash_attn = fa_ok;
    }

    llm_reserve_result out;
    out.cparams = *c;
    out.n_copies = sched.n_copies();
    for (const llm_sched_backend& b : sched.backends()) out.backends.push_back(b.name);
    out.compute_per_backend.assign(sched.backends().size(), 0);
    const llm_ubatch_shape pp = llm_reserve_prompt_shape(*c);
    std::optional<llm_graph_build> last;
    for (const auto& [ubatch, slot] : {std::pair{pp, &out.pp}, std::pair{tg, &out.tg}, std::pair{pp, &out.pp}}) {
        auto build = build_llm_graph(file, *h, *c, ubatch, &placement);
        if (!build) return build.err();
        auto r = reserve_on_devices(*build, sched, placement);
        if (!r) return r.err();
        *slot = *r;
        // ggml_gallocr_reserve_n never shrinks a buffer.
        for (std::size_t b = 0; b < r->compute_per_backend.size(); ++b)
            out.compute_per_backend[b] = std::max(out.compute_per_backend[b], r->compute_per_backend[b]);
        last = std::move(*build);
    }
    out.output_bytes = std::size_t{h->n_vocab} * std::max<std::uint32_t>(1, c->n_seq_max) * sizeof(float);

    // The breakdown's rows: each GPU's types, then the host's, as llama_memory_breakdown groups them.
    // A type is a GPU's memory when it is that GPU's own buffer type; pinned host types are the host's.
    const auto owner = [&](const std::string& type, int device) {
        const auto& gpus = placement.devices().gpus;
        return device >= 0 && gpus.at(static_cast<std::size_t>(device)).buffer.name == type ? device : -1;
    };
    std::vector<llm_memory_row> rows;
    for (const llm_buffer_total& t : last->model_buffers)
        add_memory(rows, t.type, owner(t.type, t.device), &llm_memory_row::model, t.bytes);
    for (const llm_buffer_total& t : last->kv_buffers)
        add_memory(rows, t.type, owner(t.type, t.device), &llm_memory_row::context, t.bytes);
    for (std::size_t b = 0; b < sched.backends().size(); ++b) {
        const llm_sched_backend& s = sched.backends()[b];
        out.compute += out.compute_per_backend[b];
        // A type two backends share is one buffer, counted under the first (ggml_gallocr_get_buffer_size).
        add_memory(rows, s.buffer.name, owner(s.buffer.name, s.device), &llm_memory_row::compute,
                   out.compute_per_backend[b]);
    }
    std::stable_sort(rows.begin(), rows.end(), [](const llm_memory_row& a, const llm_memory_row& b) {
        const auto key = [](const llm_memory_row& r) { return r.device < 0 ? INT32_MAX : r.device; };
        return key(a) < key(b);
    });
    out.memory = std::move(rows);
    return out;
}

} // namespace planscope
