#include "llm_reserve.h"

#include "alloc/ggml2026/graph_planner.h"
#include "llm/llm_kv_cache.h"
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
    return llm_graph_reserve{doc.g.nodes.size(), doc.g.leafs.size(), splits, reserved->buffer_size(0)};
}

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
    out.memory = {{"CPU", 0, kv_bytes, out.compute}, {"CPU_Mapped", model_bytes, 0, 0}};
    return out;
}

} // namespace planscope
