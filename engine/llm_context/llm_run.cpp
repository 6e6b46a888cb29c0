#include "llm_run.h"

#include "alloc/ggml2026/plan_2026.h"
#include "backend/backend.h"
#include "llm/llm_build.h"
#include "llm_input_fill.h"
#include "llm/llm_kv_cache.h"
#include "llm/llm_kv_cache_iswa.h"
#include "models/llama_weights.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <numeric>
#include <string>

namespace planscope {
namespace {

// The cells of a cache for the ubatch at `pos`, applied; errors when it has too few free.
result<std::vector<std::uint32_t>> run_place_ubatch(llm_kv_cells& cells, std::span<const std::int32_t> pos) {
    auto slot = cells.find_slot(pos);
    if (!slot)
        return error{"the KV cache has no " + std::to_string(pos.size()) + " free cells (" +
                     std::to_string(cells.size()) + " cells, up to position " + std::to_string(cells.pos_max()) + ")"};
    cells.apply(*slot, pos);
    return std::move(*slot);
}

} // namespace

llm_cpu_session::llm_cpu_session(gguf_file file, const llm_run_options& options, llm_hparams h, llm_cparams c)
    : m_file(std::move(file)), m_hparams(std::move(h)), m_cparams(c), m_backend(options.n_threads),
      m_cells(c.n_ctx_seq) {
    m_backend.set_weight_repack(options.weight_repack);
    if (m_hparams.swa_type != llm_swa_type::none)
        m_cells_swa.emplace(llm_kv_cache_iswa::swa_cells(m_hparams, m_cparams), m_hparams.n_swa, m_hparams.swa_type);
}

result<std::unique_ptr<llm_cpu_session>> llm_cpu_session::create(gguf_file file, const llm_run_options& options) {
    if (!file.mapping || file.tensors.empty())
        return error{"model has no tensor data (vocab-only); it can be planned, not run"};
    if (file.data_offset > file.mapping->bytes().size()) return error{"the data section lies past the file's end"};
    if (options.context.n_seq_max != 1) return error{"the CPU runner decodes one sequence (n_seq_max 1)"};
    auto h = read_model_hparams(file);
    if (!h) return h.err();
    auto c = resolve_cparams(*h, options.context);
    if (!c) return c.err();
    std::unique_ptr<llm_cpu_session> s(new llm_cpu_session(std::move(file), options, std::move(*h), *c));
    return s;
}

result<llm_logits> llm_cpu_session::decode(std::span<const std::int32_t> tokens, bool all_logits) {
    if (tokens.empty()) return error{"no tokens"};
    if (tokens.size() > m_cparams.n_batch)
        return error{std::to_string(tokens.size()) + " tokens exceed n_batch " + std::to_string(m_cparams.n_batch)};
    for (const std::int32_t t : tokens)
        if (t < 0 || static_cast<std::uint32_t>(t) >= m_hparams.n_vocab)
            return error{"token " + std::to_string(t) + " is outside the vocabulary [0, " +
                         std::to_string(m_hparams.n_vocab) + ")"};

    // llama_batch_get_one: only the last token's logits unless all are asked for.
    std::vector<std::uint8_t> output(tokens.size(), all_logits ? 1 : 0);
    output.back() = 1;
    const llm_kv_cells saved = m_cells;
    const std::optional<llm_kv_cells> saved_swa = m_cells_swa;
    const std::uint32_t n_past = m_n_past;
    llm_logits out;
    out.n_vocab = m_hparams.n_vocab;
    for (const llm_ubatch_range& r : llm_split_batch(output, m_cparams.n_ubatch)) {
        auto rows = decode_ubatch(tokens.subspan(r.first, r.n_tokens), std::span(output).subspan(r.first, r.n_tokens));
        if (!rows) {
            m_cells = saved; // the tokens decoded so far are forgotten, as llama_decode rolls back
            m_cells_swa = saved_swa;
            m_n_past = n_past;
            return rows.err();
        }
        out.values.insert(out.values.end(), rows->begin(), rows->end());
        for (std::uint32_t i = r.first; i < r.first + r.n_tokens; ++i)
            if (output[i]) out.tokens.push_back(i);
    }
    return out;
}

result<std::vector<float>> llm_cpu_session::decode_ubatch(std::span<const std::int32_t> tokens,
                                                          std::span<const std::uint8_t> output) {
    std::vector<std::int32_t> pos(tokens.size());
    std::iota(pos.begin(), pos.end(), static_cast<std::int32_t>(m_n_past));
    auto slot = run_place_ubatch(m_cells, pos);
    if (!slot) return slot.err();
    std::vector<std::uint32_t> slot_swa;
    if (m_cells_swa) {
        auto s = run_place_ubatch(*m_cells_swa, pos);
        if (!s) return s.err();
        slot_swa = std::move(*s);
    }

    // Planscope's builder makes no empty tensors: a ubatch without outputs is built with its last
    // token output, whose logits are dropped (the cache is written the same).
    auto n_outputs = static_cast<std::uint32_t>(std::count(output.begin(), output.end(), 1));
    std::vector<std::uint8_t> graph_output(output.begin(), output.end());
    if (n_outputs == 0) graph_output.back() = 1;
    const llm_ubatch_shape shape{static_cast<std::uint32_t>(tokens.size()), 1, std::max(n_outputs, 1u), m_cells.n_kv(),
                                 m_cells_swa ? m_cells_swa->n_kv() : 0};
    auto build = build_llm_graph(m_file, m_hparams, m_cparams, shape);
    if (!build) return build.err();
    graph_document& doc = build->doc;
    // Every buffer the build made before the graph: the weights, then the caches (kept, zeroed
    // once as llama.cpp clears them).
    for (std::size_t i = 0; i < doc.buffers.size(); ++i) {
        const buffer_id id{i};
        if (m_table.find(id)) continue;
        if (doc.buffers[i].name == weights_buffer_name) {
            // The mapping is read-only and no graph writes weights.
            const auto bytes = m_file.mapping->bytes().subspan(m_file.data_offset);
            m_table.add(m_backend.weights_from_ptr(id, const_cast<std::uint8_t*>(bytes.data()), bytes.size()));
            continue;
        }
        auto kv = m_backend.alloc_buffer(id, std::max<std::size_t>(doc.buffers[i].size, 1));
        if (!kv) return kv.err();
        std::memset((*kv)->data(), 0, (*kv)->size());
        m_table.add(*kv);
    }

    plan_options o;
    o.version = ggml_version::v2026;
    o.alignment = llm_cpu_alignment;
    o.preallocate = build->inputs;
    auto plan = ggml2026::plan_graph(doc, o);
    if (!plan) return plan.err();
    if (!plan->more_chunks.empty()) return error{"the compute buffer was split into chunks"};
    m_compute_bytes = plan->max_size;
    m_table.remove(plan->compute);
    auto compute = m_backend.alloc_buffer(plan->compute, std::max<std::size_t>(plan->max_size, 1));
    if (!compute) return compute.err();
    m_table.add(*compute);

    const llm_cache_slot base{&m_cells, *slot};
    const llm_cache_slot swa = m_cells_swa ? llm_cache_slot{&*m_cells_swa, slot_swa} : llm_cache_slot{};
    if (auto s = fill_llm_inputs(*build, m_table, {tokens, pos, graph_output}, base, swa); !s) return s.err();
    const auto start = std::chrono::steady_clock::now();
    if (auto s = m_backend.graph_compute({doc.ctx, doc.g, m_table}); !s) return s.err();
    m_compute_time += std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start);
    m_n_past += static_cast<std::uint32_t>(tokens.size());

    std::vector<float> logits;
    if (n_outputs == 0) return logits;
    const tensor& t = doc.ctx[build->t_logits];
    if (t.type != dtype::f32 || t.ne[0] != m_hparams.n_vocab || t.ne[1] != n_outputs)
        return error{"the logits tensor '" + t.name + "' is not f32 [n_vocab, n_outputs]"};
    logits.resize(static_cast<std::size_t>(nelements(t)));
    if (auto s = tensor_get(m_table, t, logits.data(), 0, nbytes(t)); !s) return s.err();
    return logits;
}

result<std::vector<float>> run_llm_prompt(const gguf_file& file, std::span<const std::int32_t> tokens,
                                          const llm_run_options& options) {
    auto session = llm_cpu_session::create(file, options);
    if (!session) return session.err();
    auto logits = (*session)->decode(tokens);
    if (!logits) return logits.err();
    const auto last = logits->last();
    return std::vector<float>(last.begin(), last.end());
}

} // namespace planscope
