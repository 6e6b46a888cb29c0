#include "llm_kv_cache.h"

#include <algorithm>

namespace planscope {
namespace {

std::size_t kv_align(std::size_t n) { return (n + llm_cpu_alignment - 1) / llm_cpu_alignment * llm_cpu_alignment; }

// llama_kv_cache's attn_rot_k / attn_rot_v: a quantized cache of heads of one size, a multiple of 64.
bool kv_rotates(dtype type, std::int64_t n_embd_head_all, std::uint32_t n_embd_head) {
    return n_embd_head_all > 0 && traits(type).quantized && n_embd_head % 64 == 0;
}

} // namespace

result<llm_kv_cache> llm_kv_cache::create(graph_document& doc, const llm_hparams& h, const llm_cparams& c,
                                          const llm_placement* placement) {
    return create(doc, h, c, c.n_ctx_seq, {}, llm_kv_buffer_name, placement);
}

result<llm_kv_cache> llm_kv_cache::create(graph_document& doc, const llm_hparams& h, const llm_cparams& c,
                                          std::uint32_t cells, const std::function<bool(std::uint32_t)>& keep,
                                          std::string_view buffer_name, const llm_placement* placement) {
    llm_kv_cache kv;
    kv.m_h = h;
    kv.m_size = kv.m_n_kv = cells;
    kv.m_n_stream = c.kv_unified ? 1 : c.n_seq_max;
    kv.m_v_trans = c.v_trans;
    kv.m_n_embd_head_all = h.n_embd_head_k; // every llama-style layer has one head size
    kv.m_rot_k = kv_rotates(c.type_k, kv.m_n_embd_head_all, h.n_embd_head_k);
    // MLA keeps K only (V is a view of it): no V tensors, no V rotation.
    kv.m_has_v = !h.is_mla();
    kv.m_rot_v = kv.m_has_v && kv_rotates(c.type_v, h.n_embd_head_v, h.n_embd_head_v);

    const buffer_id buf{doc.buffers.size()};
    builder b(doc.ctx);
    std::size_t end = 0;
    llm_buffer_set buffers(doc, std::string(buffer_name), false);
    const auto place = [&](tensor_id t, std::uint32_t il) -> status {
        if (!b.ok()) return error{"KV cache: " + b.first_error()->message};
        if (placement) return buffers.place(t, placement->kv_buffer(il));
        doc.ctx[t].where = planscope::placement{buf, end};
        std::size_t next = 0;
        if (__builtin_add_overflow(end, nbytes(doc.ctx[t]), &next) || next > SIZE_MAX - llm_cpu_alignment)
            return error{"KV cache: the buffer size overflows at '" + doc.ctx[t].name + "'"};
        end = kv_align(next);
        return success();
    };
    kv.m_k.resize(h.n_layer);
    kv.m_v.resize(kv.m_has_v ? h.n_layer : 0);
    for (std::uint32_t il = 0; il < h.n_layer; ++il) {
        if (keep && !keep(il)) continue;
        const std::int64_t n_embd_v = kv.m_v_trans ? h.n_embd_v_gqa_max() : h.n_embd_v_gqa(il);
        const tensor_id k = b.set_name(b.new_tensor_3d(c.type_k, h.n_embd_k_gqa(il), kv.m_size, kv.m_n_stream),
                                       "cache_k_l" + std::to_string(il));
        if (auto s = place(k, il); !s) return s.err();
        kv.m_k[il] = k;
        if (!kv.m_has_v) continue;
        const tensor_id v = b.set_name(b.new_tensor_3d(c.type_v, n_embd_v, kv.m_size, kv.m_n_stream),
                                       "cache_v_l" + std::to_string(il));
        if (auto s = place(v, il); !s) return s.err();
        kv.m_v[il] = v;
    }
    if (placement) {
        kv.m_bytes = buffers.bytes();
        kv.m_buffers = buffers.totals();
        return kv;
    }
    kv.m_bytes = end;
    doc.buffers.push_back({std::string(buffer_name), "CPU", end, llm_cpu_alignment});
    kv.m_buffers = {{buf, "CPU", -1, false, end}};
    return kv;
}

status llm_kv_cache::set_n_kv(std::uint32_t n) {
    if (n == 0 || n > m_size)
        return error{"n_kv " + std::to_string(n) + " outside the cache's " + std::to_string(m_size) + " cells"};
    m_n_kv = n;
    return success();
}

tensor_id llm_kv_cache::get_k(builder& b, std::uint32_t il) const {
    const tensor& k = b.ctx()[m_k[il]];
    const std::int64_t head = m_h.n_embd_head_k, gqa = k.ne[0];
    return b.view_4d(m_k[il], head, m_h.n_head_kv(il), m_n_kv, m_n_stream, row_size(k.type, head),
                     row_size(k.type, gqa), row_size(k.type, gqa * m_size), 0);
}

tensor_id llm_kv_cache::get_v(builder& b, std::uint32_t il) const {
    if (!m_has_v) return {};
    const tensor& v = b.ctx()[m_v[il]];
    const std::int64_t head = m_h.n_embd_head_v, gqa = v.ne[0];
    if (!m_v_trans)
        return b.view_4d(m_v[il], head, m_h.n_head_kv(il), m_n_kv, m_n_stream, row_size(v.type, head),
                         row_size(v.type, gqa), row_size(v.type, gqa * m_size), 0);
    return b.view_4d(m_v[il], m_n_kv, m_h.n_head_kv(il), head, m_n_stream, row_size(v.type, m_size * head),
                     row_size(v.type, m_size), row_size(v.type, m_size * gqa), 0);
}

tensor_id llm_kv_cache::cpy_k(builder& b, tensor_id k_cur, tensor_id k_idxs, std::uint32_t il) const {
    if (!k_cur.valid()) return {};
    const tensor& cur = b.ctx()[k_cur];
    const std::int64_t n_embd_gqa = cur.ne[0] * cur.ne[1], n_tokens = cur.ne[2];
    const tensor_id view = b.view_2d(k_cur, n_embd_gqa, n_tokens, cur.nb[2], 0);
    tensor_id k = m_k[il];
    if (m_n_stream > 1) k = b.reshape_2d(k, n_embd_gqa, std::int64_t{m_size} * m_n_stream);
    return b.set_rows(k, view, k_idxs);
}

tensor_id llm_kv_cache::cpy_v(builder& b, tensor_id v_cur, tensor_id v_idxs, std::uint32_t il) const {
    if (!v_cur.valid() || !m_has_v) return {};
    const tensor cur = b.ctx()[v_cur];
    const std::int64_t n_embd_gqa = cur.ne[0] * cur.ne[1], n_tokens = cur.ne[2];
    tensor_id v = m_v[il];
    if (!m_v_trans) {
        const tensor_id view = b.view_2d(v_cur, n_embd_gqa, n_tokens, cur.nb[2], 0);
        if (m_n_stream > 1) v = b.reshape_2d(v, n_embd_gqa, std::int64_t{m_size} * m_n_stream);
        return b.set_rows(v, view, v_idxs);
    }
    // One row per channel element: the indices address single elements of the transposed V.
    tensor_id flat = row_size(cur.type, n_embd_gqa) == cur.nb[2] ? b.reshape_2d(v_cur, n_embd_gqa, n_tokens)
                                                                  : b.cont_4d(v_cur, n_embd_gqa, n_tokens, 1, 1);
    const tensor_id v_view = b.reshape_2d(v, 1, nelements(b.ctx()[v]));
    flat = b.reshape_2d(flat, 1, n_embd_gqa * n_tokens);
    return b.set_rows(v_view, flat, v_idxs);
}

tensor_id llm_kv_cache::build_input_k_idxs(builder& b, std::int64_t n_tokens) const {
    return b.set_flags(b.new_tensor_1d(dtype::i64, n_tokens), tensor_flag::input);
}

tensor_id llm_kv_cache::build_input_v_idxs(builder& b, std::int64_t n_tokens) const {
    const std::int64_t n = m_v_trans ? n_tokens * m_h.n_embd_v_gqa_max() : n_tokens;
    return b.set_flags(b.new_tensor_1d(dtype::i64, n), tensor_flag::input);
}

tensor_id llm_kv_cache::build_input_k_rot(builder& b) const {
    if (!m_rot_k) return {};
    // The largest power of two from 64 on that divides the head size.
    std::int64_t nrot = 64;
    while (m_n_embd_head_all % (nrot * 2) == 0) nrot *= 2;
    const tensor_id t = b.set_flags(b.new_tensor_2d(dtype::f32, nrot, nrot), tensor_flag::input);
    return b.set_name(t, "attn_inp_k_rot");
}

tensor_id llm_kv_cache::build_input_v_rot(builder& b) const {
    if (!m_rot_v) return {};
    const tensor_id t = b.set_flags(b.new_tensor_2d(dtype::f32, 64, 64), tensor_flag::input);
    return b.set_name(t, "attn_inp_v_rot");
}

} // namespace planscope
