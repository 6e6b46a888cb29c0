#include "llama_graph.h"

#include "core/builder.h"
#include "core/printable.h"
#include "gguf_limits.h"

#include <algorithm>

namespace planscope {
namespace {

std::size_t align_up(std::size_t n, std::size_t a) { return (n + a - 1) / a * a; }

// What llm_build_llama read from hparams, cparams and the KV cache state.
struct llama_dims {
    std::int64_t n_embd, n_layer, n_ctx, n_head, n_head_kv, n_embd_head, n_embd_gqa;
    std::int64_t n_tokens, n_kv, kv_head;
    float norm_rms_eps;
    std::size_t kv_esize; // ggml_element_size of the cache
    rope_args rope;       // ggml_rope_custom(..., n_embd_head, 0, 0, n_orig_ctx, ...)
    bool worst_case;
};

// Builds the graph in the order llm_build_llama made its tensors and called
// ggml_build_forward_expand, which is what fixes the node order.
class llama_build {
public:
    llama_build(llama_model_graph& out, const llama_weights& w, const llama_dims& d)
        : m_out(out), m_w(w), m_d(d), b(out.doc.ctx) {}

    status build() {
        const tensor_id inp_tokens = input(b.new_tensor_1d(dtype::i32, m_d.n_tokens), "inp_tokens");
        tensor_id inpL = cb(b.get_rows(m_w.tok_embd, inp_tokens), "inp_embd", -1);
        m_out.inputs.push_back(inpL); // llama.cpp's callback allocated it up front like the inputs
        m_pos = input(b.new_tensor_1d(dtype::i32, m_d.n_tokens), "inp_pos");
        m_kq_scale = input(b.new_tensor_1d(dtype::f32, 1), "KQ_scale");
        // One mask for all heads, broadcast by ADD.
        m_kq_mask = input(b.new_tensor_3d(dtype::f32, m_d.n_kv, m_d.n_tokens, 1), "KQ_mask");

        // do_rope_shift = worst_case || kv_self.has_shift; a planned decode never has a shift.
        if (m_d.worst_case)
            if (auto s = k_shift(); !s) return s;

        for (int il = 0; il < static_cast<int>(m_d.n_layer); ++il) {
            const llama_layer_weights& l = m_w.layers[static_cast<std::size_t>(il)];
            const tensor_id inpSA = inpL;
            tensor_id cur = cb(norm(inpL, l.attn_norm, il), "attn_norm", il);

            tensor_id q = cb(b.mul_mat(l.wq, cur), "Qcur", il);
            tensor_id k = cb(b.mul_mat(l.wk, cur), "Kcur", il);
            const tensor_id v = cb(b.mul_mat(l.wv, cur), "Vcur", il);
            q = cb(b.rope(b.reshape_3d(q, m_d.n_embd_head, m_d.n_head, m_d.n_tokens), m_pos, m_d.rope), "Qcur", il);
            k = cb(b.rope(b.reshape_3d(k, m_d.n_embd_head, m_d.n_head_kv, m_d.n_tokens), m_pos, m_d.rope), "Kcur", il);
            if (auto s = kv_store(k, v, il); !s) return s;
            cur = cb(kqv(l.wo, q, il), "kqv_out", il);

            const tensor_id ffn_inp = cb(b.add(cur, inpSA), "ffn_inp", il);
            cur = cb(norm(ffn_inp, l.ffn_norm, il), "ffn_norm", il);
            cur = cb(ffn(cur, l, il), "ffn_out", il);
            inpL = cb(b.add(cur, ffn_inp), "l_out", il);
        }

        tensor_id cur = cb(norm(inpL, m_w.output_norm, -1), "result_norm", -1);
        cur = cb(b.mul_mat(m_w.output, cur), "result_output", -1);
        b.set_flags(cur, tensor_flag::output);
        m_out.result_output = cur;
        return expand(cur);
    }

private:
    // llama_build_graph's callback: "%s-%d" for layer tensors, the plain name otherwise.
    tensor_id cb(tensor_id t, std::string_view name, int il) {
        if (il < 0) return b.set_name(t, name);
        return b.set_name(t, std::string(name) + "-" + std::to_string(il));
    }

    // An input leaf, which the callback allocated in the compute allocator as soon as it was named.
    tensor_id input(tensor_id t, std::string_view name) {
        cb(t, name, -1);
        b.set_flags(t, tensor_flag::input);
        if (t.valid()) m_out.inputs.push_back(t);
        return t;
    }

    status expand(tensor_id t) {
        if (!b.ok()) return error{"llama graph: " + b.first_error()->message};
        return build_forward_expand(m_out.doc.ctx, m_out.doc.g, t);
    }

    // llm_build_norm with LLM_NORM_RMS and a weight but no bias.
    tensor_id norm(tensor_id cur, tensor_id w, int il) {
        cur = cb(b.rms_norm(cur, m_d.norm_rms_eps), "norm", il);
        return b.mul(cur, w);
    }

    // llm_build_k_shift: re-rotates every layer's whole K cache by K_shift, in place.
    status k_shift() {
        const tensor_id shift = input(b.new_tensor_1d(dtype::i32, m_d.n_ctx), "K_shift");
        const std::size_t es = m_d.kv_esize;
        for (int il = 0; il < static_cast<int>(m_d.n_layer); ++il) {
            const tensor_id view =
                b.view_3d(m_out.cache_k, m_d.rope.n_dims, m_d.n_head_kv, m_d.n_ctx, es * m_d.n_embd_head,
                          es * m_d.n_embd_gqa, es * m_d.n_embd_gqa * m_d.n_ctx * il);
            const tensor_id t = cb(b.rope_inplace(view, shift, m_d.rope), "K_shifted", il);
            if (auto s = expand(t); !s) return s;
        }
        return success();
    }

    // llm_build_kv_store: K rows and transposed V stored at cell kv_head of layer il.
    status kv_store(tensor_id k_cur, tensor_id v_cur, int il) {
        const std::size_t es = m_d.kv_esize;
        const auto n_ctx = static_cast<std::size_t>(m_d.n_ctx), n_gqa = static_cast<std::size_t>(m_d.n_embd_gqa);
        const auto layer = static_cast<std::size_t>(il), head = static_cast<std::size_t>(m_d.kv_head);
        const tensor_id v_cur_t = cb(b.transpose(b.reshape_2d(v_cur, m_d.n_embd_gqa, m_d.n_tokens)), "v_cur_t", il);
        const tensor_id k_view =
            cb(b.view_1d(m_out.cache_k, m_d.n_tokens * m_d.n_embd_gqa, es * n_gqa * (layer * n_ctx + head)),
               "k_cache_view", il);
        const tensor_id v_view = cb(b.view_2d(m_out.cache_v, m_d.n_tokens, m_d.n_embd_gqa, n_ctx * es,
                                              layer * n_ctx * es * n_gqa + head * es),
                                    "v_cache_view", il);
        // The stores are separate graph roots: nothing reads them, so they are expanded here, before
        // the attention that reads the cache, which puts them first in node order.
        if (auto s = expand(b.cpy(k_cur, k_view)); !s) return s;
        return expand(b.cpy(v_cur_t, v_view));
    }

    // llm_build_kqv without ALiBi or output bias: attention over the first n_kv cells.
    tensor_id kqv(tensor_id wo, tensor_id q_cur, int il) {
        const std::size_t es = m_d.kv_esize;
        const auto n_ctx = static_cast<std::size_t>(m_d.n_ctx), n_gqa = static_cast<std::size_t>(m_d.n_embd_gqa);
        const auto head_dim = static_cast<std::size_t>(m_d.n_embd_head), layer = static_cast<std::size_t>(il);
        const tensor_id q = cb(b.permute(q_cur, 0, 2, 1, 3), "q", il);
        const tensor_id k = cb(b.view_3d(m_out.cache_k, m_d.n_embd_head, m_d.n_kv, m_d.n_head_kv, es * n_gqa,
                                         es * head_dim, es * n_gqa * n_ctx * layer),
                               "k", il);
        // MUL_MAT broadcasts the n_head_kv K/V heads over the n_head query heads (GQA).
        tensor_id kq = cb(b.mul_mat(k, q), "kq", il);
        kq = cb(b.scale(kq, m_kq_scale), "kq_scaled", il);
        kq = cb(b.add(kq, m_kq_mask), "kq_masked", il);
        kq = cb(b.soft_max(kq), "kq_soft_max", il);
        const tensor_id v = cb(b.view_3d(m_out.cache_v, m_d.n_kv, m_d.n_embd_head, m_d.n_head_kv, es * n_ctx,
                                         es * n_ctx * head_dim, es * n_ctx * n_gqa * layer),
                               "v", il);
        const tensor_id kqv = cb(b.mul_mat(v, kq), "kqv", il);
        const tensor_id merged = cb(b.permute(kqv, 0, 2, 1, 3), "kqv_merged", il);
        const tensor_id cur = cb(b.cont_4d(merged, m_d.n_embd, m_d.n_tokens, 1, 1), "kqv_merged_cont", il);
        return b.mul_mat(wo, cur);
    }

    // llm_build_ffn with LLM_FFN_SILU and LLM_FFN_PAR (SwiGLU), no biases.
    tensor_id ffn(tensor_id cur, const llama_layer_weights& l, int il) {
        const tensor_id up = cb(b.mul_mat(l.ffn_up, cur), "ffn_up", il);
        tensor_id gate = cb(b.mul_mat(l.ffn_gate, cur), "ffn_gate", il);
        gate = cb(b.silu(gate), "ffn_silu", il);
        gate = cb(b.mul(gate, up), "ffn_gate_par", il);
        return b.mul_mat(l.ffn_down, gate);
    }

    llama_model_graph& m_out;
    const llama_weights& m_w;
    const llama_dims& m_d;
    builder b;
    tensor_id m_pos, m_kq_scale, m_kq_mask;
};

status check_params(const llama_hparams& h, const llama_params& p) {
    if (h.arch != "llama")
        return error{"architecture '" + printable(h.arch) + "' is not supported by the graph builder"};
    if (h.n_layer > llama_max_layers)
        return error{"n_layer " + std::to_string(h.n_layer) + " is over the limit of " +
                     std::to_string(llama_max_layers) + " layers"};
    // llm_load_hparams: llama rotates whole heads.
    if (h.n_rot != h.n_embd_head())
        return error{"invalid n_rot: " + std::to_string(h.n_rot) + ", expected " + std::to_string(h.n_embd_head())};
    if (p.n_ctx < 1) return error{"n_ctx must be positive, got " + std::to_string(p.n_ctx)};
    if (p.n_batch < 1) return error{"n_batch must be positive, got " + std::to_string(p.n_batch)};
    if (p.n_past < 0) return error{"n_past must not be negative, got " + std::to_string(p.n_past)};
    if (p.ngl < 0) return error{"ngl must not be negative, got " + std::to_string(p.ngl)};
    if (p.n_batch > p.n_ctx)
        return error{"n_batch " + std::to_string(p.n_batch) + " exceeds n_ctx " + std::to_string(p.n_ctx)};
    if (!p.worst_case && p.n_past > p.n_ctx - p.n_batch)
        return error{"n_past + n_batch = " + std::to_string(std::int64_t{p.n_past} + p.n_batch) + " exceeds n_ctx " +
                     std::to_string(p.n_ctx)};
    if (p.kv_type != dtype::f16 && p.kv_type != dtype::f32)
        return error{"KV cache type " + std::string(type_name(p.kv_type)) + " is not supported (f16 or f32)"};
    return success();
}

// llama_kv_cache_init: one 1-D K and one 1-D V tensor for all layers, in their own buffer.
status add_kv_cache(llama_model_graph& m, const llama_dims& d, dtype type) {
    builder b(m.doc.ctx);
    std::int64_t n_elements = 0;
    if (__builtin_mul_overflow(d.n_embd_gqa, d.n_layer, &n_elements) ||
        __builtin_mul_overflow(n_elements, d.n_ctx, &n_elements))
        return error{"KV cache: n_embd_gqa " + std::to_string(d.n_embd_gqa) + " x n_layer " +
                     std::to_string(d.n_layer) + " x n_ctx " + std::to_string(d.n_ctx) +
                     " overflows the element count"};
    m.cache_k = b.set_name(b.new_tensor_1d(type, n_elements), "cache_k");
    m.cache_v = b.set_name(b.new_tensor_1d(type, n_elements), "cache_v");
    if (!b.ok()) return error{"KV cache: " + b.first_error()->message};
    const buffer_id kv{m.doc.buffers.size()};
    const std::size_t bytes = nbytes(m.doc.ctx[m.cache_k]);
    const std::size_t v_offset = align_up(bytes, llama_compute_alignment);
    m.doc.buffers.push_back({std::string(kv_cache_buffer_name), "CPU", v_offset + bytes, llama_compute_alignment});
    m.doc.ctx[m.cache_k].where = placement{kv, 0};
    m.doc.ctx[m.cache_v].where = placement{kv, v_offset};
    return success();
}

llama_dims dims_of(const llama_hparams& h, const llama_params& p) {
    llama_dims d{};
    d.n_embd = h.n_embd;
    d.n_layer = h.n_layer;
    d.n_ctx = p.n_ctx;
    d.n_head = h.n_head;
    d.n_head_kv = h.n_head_kv;
    d.n_embd_head = h.n_embd_head();
    d.n_embd_gqa = h.n_embd_gqa();
    d.n_tokens = p.n_batch;
    d.n_kv = p.worst_case ? p.n_ctx : llama_n_kv(p.n_ctx, p.n_past, p.n_batch);
    d.kv_head = p.worst_case ? p.n_ctx - p.n_batch : p.n_past;
    d.norm_rms_eps = h.f_norm_rms_eps;
    d.kv_esize = type_size(p.kv_type);
    d.worst_case = p.worst_case;
    // llama_new_context_with_model's cparams with default context params.
    d.rope.n_dims = static_cast<int>(h.n_embd_head());
    d.rope.mode = 0;
    d.rope.n_ctx = 0;
    d.rope.n_orig_ctx = static_cast<int>(h.n_yarn_orig_ctx);
    d.rope.freq_base = h.rope_freq_base;
    d.rope.freq_scale = h.rope_scaling_type == rope_scaling::none ? 1.0f : h.rope_freq_scale;
    d.rope.ext_factor = h.rope_scaling_type == rope_scaling::yarn ? 1.0f : 0.0f;
    d.rope.attn_factor = 1.0f;
    d.rope.beta_fast = 32.0f;
    d.rope.beta_slow = 1.0f;
    return d;
}

// Builds from hyperparameters already read; `file` gives the weights (none: placeholders).
result<llama_model_graph> build_from(const gguf_file& file, const llama_hparams& h, const llama_params& params) {
    if (auto s = check_params(h, params); !s) return s.err();

    llama_model_graph m;
    m.hparams = h;
    m.doc.name = h.name.empty() ? h.arch : h.name;
    m.mapping = file.mapping;
    m.data_offset = file.data_offset;

    // Tensors are made in llama.cpp's order: the model's weights, the KV cache, then the graph.
    auto w = create_llama_weights(m.doc, file, h, params.ngl);
    if (!w) return w.err();
    m.weights_backed = w->backed;

    const llama_dims d = dims_of(h, params);
    if (auto s = add_kv_cache(m, d, params.kv_type); !s) return s.err();
    m.n_tokens = static_cast<int>(d.n_tokens);
    m.n_kv = static_cast<int>(d.n_kv);
    m.kv_head = static_cast<int>(d.kv_head);

    llama_build build(m, *w, d);
    if (auto s = build.build(); !s) return s.err();
    return m;
}

} // namespace

int llama_n_kv(int n_ctx, int n_past, int n_tokens) { return std::min(n_ctx, std::max(32, n_past + n_tokens)); }

result<llama_model_graph> build_llama_graph(const gguf_file& file, const llama_params& params) {
    auto h = read_hparams(file);
    if (!h) return h.err();
    return build_from(file, *h, params);
}

result<llama_model_graph> build_llama_graph(const llama_hparams& hparams, const llama_params& params) {
    if (hparams.n_vocab == 0 || hparams.n_embd == 0 || hparams.n_layer == 0 || hparams.n_ff == 0 ||
        hparams.n_head == 0 || hparams.n_head_kv == 0 || hparams.n_head % hparams.n_head_kv != 0 ||
        hparams.n_embd % hparams.n_head != 0)
        return error{"hyperparameters must be positive, with n_head dividing n_embd and n_head_kv dividing n_head"};
    return build_from(gguf_file{}, hparams, params);
}

} // namespace planscope
