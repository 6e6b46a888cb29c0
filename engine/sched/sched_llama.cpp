#include "sched_llama.h"

#include "backend/cpu/cpu_backend.h"
#include "core/printable.h"
#include "models/llama_graph.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <unordered_map>

namespace planscope {
namespace {

// Each document buffer on its backend: weights from the file, the KV cache zeroed.
status back_buffers(const gguf_file& file, const llama_model_graph& m, std::span<backend* const> backends,
                    buffer_table& table) {
    const auto by_name = buffer_backend_of_document(m.doc, display_names(backends));
    const auto bytes = file.mapping->bytes().subspan(file.data_offset);
    for (std::size_t i = 0; i < m.doc.buffers.size(); ++i) {
        const buffer_desc& desc = m.doc.buffers[i];
        auto b = by_name(buffer_id{i});
        if (!b) return b.err();
        backend& owner = *backends[static_cast<std::size_t>(*b)];
        if (desc.name == weights_buffer_name && is_cpu(owner)) { // read-only mapping; no graph writes weights
            auto buf = static_cast<cpu_backend&>(owner).weights_from_ptr(buffer_id{i},
                                                                         const_cast<std::uint8_t*>(bytes.data()),
                                                                         bytes.size());
            if (auto s = table.add(buf); !s) return s;
            continue;
        }
        auto buf = owner.alloc_buffer(buffer_id{i}, std::max<std::size_t>(1, desc.size));
        if (!buf) return error{"buffer '" + desc.name + "': " + buf.err().message};
        if (auto s = table.add(*buf); !s) return s;
    }
    const context& ctx = m.doc.ctx;
    std::unordered_map<std::string_view, const gguf_tensor_info*> in_file; // a file may hold 65,536
    for (const gguf_tensor_info& g : file.tensors) in_file.emplace(g.name, &g);
    for (tensor_id id : m.doc.g.leafs) {
        const tensor& t = ctx[id];
        if (!t.where) continue;
        const std::string& buffer_name = m.doc.buffers[t.where->buffer.index()].name;
        if (buffer_name != weights_buffer_name && buffer_name != weights_gpu_buffer_name) continue;
        if (buffer_name == weights_buffer_name && is_cpu(table.find(t.where->buffer)->owner())) continue;
        const auto info = in_file.find(t.name);
        if (info == in_file.end()) return error{"weight '" + printable(t.name) + "' is not in the file"};
        const auto data = file.tensor_data(*info->second);
        if (auto s = tensor_set(table, t, data.data(), 0, nbytes(t)); !s) return s;
    }
    for (tensor_id id : {m.cache_k, m.cache_v}) {
        const std::vector<std::byte> zeros(nbytes(ctx[id]));
        if (auto s = tensor_set(table, ctx[id], zeros.data(), 0, zeros.size()); !s) return s;
    }
    return success();
}

status set_inputs(const llama_model_graph& m, const buffer_table& table, std::span<const std::int32_t> tokens) {
    const context& ctx = m.doc.ctx;
    const auto n_tokens = static_cast<std::int64_t>(tokens.size());
    std::vector<std::int32_t> pos(tokens.size());
    for (std::size_t i = 0; i < pos.size(); ++i) pos[i] = static_cast<int>(i);
    const float kq_scale = 1.0f / std::sqrt(static_cast<float>(m.hparams.n_embd_head()));
    std::vector<float> mask(static_cast<std::size_t>(m.n_kv * n_tokens));
    for (std::int64_t j = 0; j < n_tokens; ++j) // cell i is visible to token j when it holds an earlier position
        for (std::int64_t i = 0; i < m.n_kv; ++i)
            mask[static_cast<std::size_t>(j * m.n_kv + i)] = i <= j ? 0.0f : -INFINITY;
    for (tensor_id id : m.inputs) {
        const tensor& t = ctx[id];
        status s = success();
        if (t.name == "inp_tokens") s = tensor_set(table, t, tokens.data(), 0, nbytes(t));
        if (t.name == "inp_pos") s = tensor_set(table, t, pos.data(), 0, nbytes(t));
        if (t.name == "KQ_scale") s = tensor_set(table, t, &kq_scale, 0, nbytes(t));
        if (t.name == "KQ_mask") s = tensor_set(table, t, mask.data(), 0, nbytes(t));
        if (!s) return s;
    }
    return success();
}

} // namespace

result<std::unique_ptr<sched_llama_session>> sched_llama_session::create(const gguf_file& file, std::size_t n_tokens,
                                                                        std::span<backend* const> backends,
                                                                        const sched_llama_options& options) {
    if (n_tokens == 0) return error{"no tokens"};
    if (static_cast<std::int64_t>(n_tokens) > options.n_ctx)
        return error{std::to_string(n_tokens) + " positions do not fit in n_ctx " + std::to_string(options.n_ctx)};
    std::unique_ptr<sched_llama_session> out(new sched_llama_session(file, options));
    llama_params& p = out->m_params;
    p.n_ctx = options.n_ctx;
    p.n_batch = static_cast<int>(n_tokens);
    p.kv_type = options.kv_type;
    p.ngl = options.ngl;
    auto measure = build_llama_graph(file, p);
    if (!measure) return measure.err();
    if (!measure->weights_backed || !file.mapping)
        return error{"model has no tensor data (vocab-only); it can be planned, not run"};
    out->m_n_vocab = measure->hparams.n_vocab;
    if (auto s = back_buffers(file, *measure, backends, out->m_table); !s) return s.err();
    const std::vector<backend*> list(backends.begin(), backends.end());
    auto created = scheduler::create(list, out->m_table, buffer_id{measure->doc.buffers.size()},
                                     buffer_backend_of_table(out->m_table, list));
    if (!created) return created.err();
    out->m_sched = std::move(*created);
    out->m_inputs_on = input_backend(backends);
    if (auto s = out->preallocate(*measure); !s) return s.err();
    if (auto s = out->m_sched->init_measure(measure->doc.ctx, measure->doc.g); !s) return s.err();
    out->m_measure = std::make_unique<llama_model_graph>(std::move(*measure));
    return out;
}

sched_llama_session::sched_llama_session(const gguf_file& file, const sched_llama_options& options)
    : m_file(file), m_options(options) {}

sched_llama_session::~sched_llama_session() = default;

status sched_llama_session::preallocate(llama_model_graph& m) {
    if (m_options.node_backend)
        for (tensor_id id : m.doc.g.nodes)
            if (const int b = m_options.node_backend(m.doc.ctx[id]); b >= 0)
                if (auto s = m_sched->set_node_backend(id, b); !s) return s;
    for (tensor_id id : m.inputs)
        if (auto s = m_sched->allocator(m_inputs_on).alloc(m.doc.ctx, id); !s) return s;
    return success();
}

result<sched_llama_outcome> sched_llama_session::compute(std::span<const std::int32_t> tokens) {
    if (tokens.size() != static_cast<std::size_t>(m_params.n_batch))
        return error{"the session computes " + std::to_string(m_params.n_batch) + " tokens, not " +
                     std::to_string(tokens.size())};
    for (std::int32_t t : tokens)
        if (t < 0 || static_cast<std::uint32_t>(t) >= m_n_vocab)
            return error{"token " + std::to_string(t) + " is outside the vocabulary [0, " + std::to_string(m_n_vocab) + ")"};
    scheduler& sched = *m_sched;
    auto run = build_llama_graph(m_file, m_params);
    if (!run) return run.err();
    if (auto s = preallocate(*run); !s) return s.err();
    if (auto s = set_inputs(*run, m_table, tokens); !s) return s.err();
    context& ctx = run->doc.ctx;
    sched.set_observer(m_options.observer); // only the compute's events, as runDocument
    const status computed = sched.graph_compute(ctx, run->doc.g);
    sched.set_observer(nullptr);
    if (!computed) return computed.err();

    sched_llama_outcome out;
    const tensor& logits = ctx[run->result_output];
    const auto n_vocab = static_cast<std::size_t>(logits.ne[0]);
    out.logits.resize(n_vocab);
    if (auto s = tensor_get(m_table, logits, out.logits.data(), logits.nb[1] * (tokens.size() - 1), n_vocab * 4); !s)
        return s.err();
    out.report.backend_names = sched.backend_names();
    out.report.buffers = sched.buffers();
    out.report.warnings = sched.plan().warnings;
    out.report.plan = sched.plan();
    out.report.network = count_network(ctx, run->doc.g, sched.plan());
    out.report.timings = sched.timings();
    out.report.totals = sched.totals();
    out.report.outputs.push_back(summarize(logits.name, out.logits));
    return out;
}

result<sched_llama_outcome> run_llama_prompt_sched(const gguf_file& file, std::span<const std::int32_t> tokens,
                                                   std::span<backend* const> backends,
                                                   const sched_llama_options& options) {
    auto session = sched_llama_session::create(file, tokens.size(), backends, options);
    if (!session) return session.err();
    return (*session)->compute(tokens);
}

} // namespace planscope
