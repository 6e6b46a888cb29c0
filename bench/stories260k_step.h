#pragma once
// stories260K's llama graph (llama.cpp's decoder of 2023-11, f16 KV cache) for one step, and the
// step run on Planscope's CPU backend as llama.cpp ran it: weights used in place from the GGUF
// mapping, a zeroed KV cache, the inputs allocated first in the compute buffer. Shared by bench_cpu
// and compare_ggml, which define PLANSCOPE_SHARED_DIR.
#include "alloc/graph_allocator.h"
#include "backend/cpu/cpu_backend.h"
#include "models/llama_graph.h"

#include <cmath>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

namespace stories260k {

inline constexpr const char* path = PLANSCOPE_SHARED_DIR "/models/stories260K.gguf";
inline constexpr int n_ctx = 128;

// n_tokens tokens at positions n_past.. (the cache holds the earlier ones): the file, the graph and
// the values of its inputs.
struct step {
    planscope::gguf_file file;
    planscope::llama_model_graph m;
    std::vector<std::int32_t> tokens, pos;
    float kq_scale = 0;
    std::vector<float> kq_mask; // [n_kv, n_tokens]

    // The value of graph input `name`; nullptr for inp_embd, which the graph computes.
    [[nodiscard]] const void* input_data(std::string_view name) const {
        if (name == "inp_tokens") return tokens.data();
        if (name == "inp_pos") return pos.data();
        if (name == "KQ_scale") return &kq_scale;
        if (name == "KQ_mask") return kq_mask.data();
        return nullptr;
    }
};

// Errors: the file is missing or unreadable, or the graph cannot be built. Held by pointer: plans
// keep references to its graph.
inline planscope::result<std::unique_ptr<step>> load(int n_tokens, int n_past) {
    using namespace planscope;
    auto file = open_gguf(path);
    if (!file) return error{std::string(path) + ": " + file.err().message};
    llama_params p;
    p.n_ctx = n_ctx;
    p.n_batch = n_tokens;
    p.n_past = n_past;
    auto m = build_llama_graph(*file, p);
    if (!m) return m.err();
    if (!m->weights_backed) return error{std::string(path) + " has no tensor data"};
    auto s = std::make_unique<step>();
    s->file = std::move(*file);
    s->m = std::move(*m);
    for (int i = 0; i < n_tokens; ++i) {
        s->tokens.push_back((i * 37 + 1) % 512);
        s->pos.push_back(n_past + i);
    }
    s->kq_scale = 1.0f / std::sqrt(static_cast<float>(s->m.hparams.n_embd_head()));
    const int n_kv = s->m.n_kv;
    s->kq_mask.resize(static_cast<std::size_t>(n_kv) * static_cast<std::size_t>(n_tokens));
    for (int j = 0; j < n_tokens; ++j) // cell i is visible to token j when it holds an earlier position
        for (int i = 0; i < n_kv; ++i)
            s->kq_mask[static_cast<std::size_t>(j * n_kv + i)] = i <= n_past + j ? 0.0f : -INFINITY;
    return s;
}

// The step planned once on a CPU backend with buffers of its own.
class cpu_run {
public:
    // Places the step's graph in the run's compute buffer.
    static planscope::result<std::unique_ptr<cpu_run>> create(step& s, int n_threads) {
        using namespace planscope;
        std::unique_ptr<cpu_run> r(new cpu_run(s, n_threads));
        context& ctx = s.m.doc.ctx;
        const auto bytes = s.file.mapping->bytes().subspan(s.file.data_offset);
        auto kv = r->m_backend.alloc_buffer(buffer_id{1}, s.m.doc.buffers[1].size);
        if (!kv) return kv.err();
        std::memset((*kv)->data(), 0, (*kv)->size()); // as llama.cpp clears the cache
        std::size_t compute_size = 4096;
        for (tensor_id id : s.m.doc.g.nodes) compute_size += nbytes(ctx[id]) + 64;
        for (tensor_id id : s.m.inputs) compute_size += nbytes(ctx[id]) + 64;
        auto compute = r->m_backend.alloc_buffer(buffer_id{2}, compute_size);
        if (!compute) return compute.err();
        // The mapping is read-only and no graph writes weights.
        auto weights =
            r->m_backend.weights_from_ptr(buffer_id{0}, const_cast<std::uint8_t*>(bytes.data()), bytes.size());
        for (const auto& buffer : {weights, *kv, *compute})
            if (auto st = r->m_table.add(buffer); !st) return st.err();
        auto talloc = tensor_allocator::create(*compute);
        if (!talloc) return talloc.err();
        for (tensor_id id : s.m.inputs)
            if (auto st = talloc->alloc(ctx, id); !st) return st.err();
        if (auto st = graph_allocator().alloc_graph(ctx, s.m.doc.g, *talloc); !st) return st.err();
        auto plan = r->m_backend.graph_plan_create({ctx, s.m.doc.g, r->m_table});
        if (!plan) return plan.err();
        r->m_plan = std::move(*plan);
        return r;
    }

    // The graph allocator reuses input memory once the inputs are consumed, so llama.cpp set them
    // before every evaluation; so does each compute.
    planscope::status compute() {
        for (planscope::tensor_id id : m_step.m.inputs) {
            const planscope::tensor& t = m_step.m.doc.ctx[id];
            if (const void* data = m_step.input_data(t.name))
                if (auto st = tensor_set(m_table, t, data, 0, nbytes(t)); !st) return st;
        }
        return m_backend.graph_plan_compute(*m_plan);
    }

    // The logits of the last token.
    [[nodiscard]] std::vector<float> last_logits() const {
        const planscope::tensor& out = m_step.m.doc.ctx[m_step.m.result_output];
        std::vector<float> logits(static_cast<std::size_t>(out.ne[0]));
        const std::size_t size = logits.size() * sizeof(float);
        if (!tensor_get(m_table, out, logits.data(), nbytes(out) - size, size)) std::abort();
        return logits;
    }

private:
    cpu_run(const step& s, int n_threads) : m_step(s), m_backend(n_threads) {}

    const step& m_step;
    planscope::cpu_backend m_backend;
    planscope::buffer_table m_table;
    std::unique_ptr<planscope::graph_plan> m_plan;
};

} // namespace stories260k
