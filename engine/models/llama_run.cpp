#include "llama_run.h"

#include "alloc/graph_allocator.h"
#include "backend/tensor_copy.h"
#include "llama_graph.h"

#include <cmath>
#include <cstring>
#include <string>

namespace planscope {
namespace {
const buffer_id weights_id{0}, kv_id{1}, compute_id{2};
} // namespace

llama_cpu_session::llama_cpu_session(gguf_file file, const run_options& options)
    : m_file(std::move(file)), m_options(options), m_backend(options.n_threads) {
    m_backend.set_f16_numerics(options.f16_numerics);
    m_backend.set_weight_repack(options.weight_repack);
    if (!m_file.mapping || m_file.tensors.empty()) return; // vocab-only: step() reports it
    const auto bytes = m_file.mapping->bytes().subspan(m_file.data_offset);
    // The mapping is read-only and no graph writes weights.
    m_table.add(m_backend.weights_from_ptr(weights_id, const_cast<std::uint8_t*>(bytes.data()), bytes.size()));
}

result<std::vector<float>> llama_cpu_session::step(std::span<const std::int32_t> tokens, int n_past) {
    if (tokens.empty()) return error{"no tokens"};
    if (n_past < 0 || n_past + static_cast<std::int64_t>(tokens.size()) > m_options.n_ctx)
        return error{std::to_string(n_past + tokens.size()) + " positions do not fit in n_ctx " +
                     std::to_string(m_options.n_ctx)};
    llama_params p;
    p.n_ctx = m_options.n_ctx;
    p.n_batch = static_cast<int>(tokens.size());
    p.n_past = n_past;
    p.kv_type = m_options.kv_type;
    auto built = build_llama_graph(m_file, p);
    if (!built) return built.err();
    llama_model_graph& m = *built;
    if (!m.weights_backed || !m_table.find(weights_id))
        return error{"model has no tensor data (vocab-only); it can be planned, not run"};
    for (std::int32_t t : tokens)
        if (t < 0 || static_cast<std::uint32_t>(t) >= m.hparams.n_vocab)
            return error{"token " + std::to_string(t) + " is outside the vocabulary [0, " +
                         std::to_string(m.hparams.n_vocab) + ")"};
    if (m.doc.buffers.size() != 2) return error{"expected the weights and KV cache buffers"};
    if (!m_table.find(kv_id)) { // zeroed, as llama.cpp clears the cache
        auto kv = m_backend.alloc_buffer(kv_id, m.doc.buffers[1].size);
        if (!kv) return kv.err();
        std::memset((*kv)->data(), 0, (*kv)->size());
        m_table.add(*kv);
    }
    context& ctx = m.doc.ctx;
    std::size_t bytes = 4096;
    for (tensor_id id : m.doc.g.nodes) bytes += nbytes(ctx[id]) + 64;
    for (tensor_id id : m.inputs) bytes += nbytes(ctx[id]) + 64;
    auto compute = m_backend.alloc_buffer(compute_id, bytes);
    if (!compute) return compute.err();
    m_table.remove(compute_id);
    m_table.add(*compute);
    auto talloc = tensor_allocator::create(*compute);
    if (!talloc) return talloc.err();
    for (tensor_id id : m.inputs)
        if (auto s = talloc->alloc(ctx, id); !s) return s.err();
    if (auto r = graph_allocator().alloc_graph(ctx, m.doc.g, *talloc); !r) return r.err();

    const auto n_tokens = static_cast<std::int64_t>(tokens.size());
    std::vector<std::int32_t> pos(tokens.size());
    for (std::size_t i = 0; i < pos.size(); ++i) pos[i] = n_past + static_cast<int>(i);
    const float kq_scale = 1.0f / std::sqrt(static_cast<float>(m.hparams.n_embd_head()));
    std::vector<float> mask(static_cast<std::size_t>(m.n_kv * n_tokens));
    for (std::int64_t j = 0; j < n_tokens; ++j) // cell i is visible to token j when it holds an earlier position
        for (std::int64_t i = 0; i < m.n_kv; ++i)
            mask[static_cast<std::size_t>(j * m.n_kv + i)] = i <= n_past + j ? 0.0f : -INFINITY;
    for (tensor_id id : m.inputs) {
        const tensor& t = ctx[id];
        status s = success();
        if (t.name == "inp_tokens") s = tensor_set(m_table, t, tokens.data(), 0, nbytes(t));
        if (t.name == "inp_pos") s = tensor_set(m_table, t, pos.data(), 0, nbytes(t));
        if (t.name == "KQ_scale") s = tensor_set(m_table, t, &kq_scale, 0, nbytes(t));
        if (t.name == "KQ_mask") s = tensor_set(m_table, t, mask.data(), 0, nbytes(t));
        if (!s) return s.err();
    }
    if (auto s = m_backend.graph_compute({ctx, m.doc.g, m_table}); !s) return s.err();
    const tensor& out = ctx[m.result_output];
    std::vector<float> logits(static_cast<std::size_t>(nelements(out)));
    if (auto s = tensor_get(m_table, out, logits.data(), 0, nbytes(out)); !s) return s.err();
    return logits;
}

result<std::vector<float>> run_llama_prompt(const gguf_file& file, std::span<const std::int32_t> tokens,
                                            const run_options& options) {
    llama_cpu_session session(file, options);
    auto all = session.step(tokens, 0);
    if (!all) return all.err();
    const std::size_t n_vocab = all->size() / tokens.size();
    std::vector<float> last(all->end() - static_cast<std::ptrdiff_t>(n_vocab), all->end());
    return last;
}

} // namespace planscope
