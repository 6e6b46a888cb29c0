#include "llm_input_fill.h"

#include "backend/backend.h"
#include "backend/cpu/convert.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace planscope {
namespace {

error fill_input_error(const tensor& t, std::size_t index, const std::string& why) {
    return error{"input " + std::to_string(index) + (t.name.empty() ? "" : " '" + t.name + "'") + ": " + why};
}

// set_input_kq_mask: row i of the mask is what token i sees of cells [0, n_kv).
std::vector<float> fill_kq_mask(const tensor& t, const llm_ubatch_values& u, const llm_kv_cells& cells, bool causal,
                                bool alibi) {
    const auto n_kv = static_cast<std::size_t>(t.ne[0]);
    const auto rows = static_cast<std::size_t>(t.ne[1] * t.ne[2] * t.ne[3]);
    std::vector<float> out(n_kv * rows, -INFINITY);
    for (std::size_t i = 0; i < rows && i < u.pos.size(); ++i) {
        const std::int32_t p1 = u.pos[i];
        for (std::size_t j = 0; j < n_kv && j < cells.size(); ++j) {
            const std::int32_t p0 = cells.pos(static_cast<std::uint32_t>(j));
            if (p0 < 0 || (causal && p0 > p1) || llm_is_masked_swa(cells.n_swa(), cells.swa_type(), p0, p1)) continue;
            out[i * n_kv + j] = alibi ? -static_cast<float>(std::abs(p0 - p1)) : 0.0f;
        }
    }
    return out;
}

status fill_floats(const buffer_table& table, const tensor& t, const std::vector<float>& v) {
    if (t.type == dtype::f32) return tensor_set(table, t, v.data(), 0, v.size() * sizeof(float));
    std::vector<std::uint16_t> h(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) h[i] = cpu::f32_to_f16(v[i]);
    return tensor_set(table, t, h.data(), 0, h.size() * sizeof(std::uint16_t));
}

// set_input_k_idxs / set_input_v_idxs of one stream: the cell of each token, or for a transposed
// V (n_per_token > 1) the element of each channel j of it, j * cells + cell.
std::vector<std::int64_t> fill_cell_indices(const llm_cache_slot& c, std::int64_t n_per_token) {
    std::vector<std::int64_t> out;
    out.reserve(c.slot.size() * static_cast<std::size_t>(n_per_token));
    const std::int64_t size = c.cells->size();
    for (const std::uint32_t cell : c.slot)
        for (std::int64_t j = 0; j < n_per_token; ++j) out.push_back(n_per_token > 1 ? j * size + cell : cell);
    return out;
}

// ggml_gen_hadamard: the orthonormal Walsh-Hadamard matrix of order n (a power of two), Sylvester's
// construction from 1/sqrt(n).
std::vector<float> fill_hadamard(std::int64_t n) {
    const auto m = static_cast<std::size_t>(n);
    std::vector<float> h(m * m);
    h[0] = 1.0f / std::sqrt(static_cast<float>(n));
    for (std::size_t s = 1; s < m; s *= 2)
        for (std::size_t i = 0; i < s; ++i)
            for (std::size_t j = 0; j < s; ++j) {
                const float v = h[i * m + j];
                h[(i + s) * m + j] = v;
                h[i * m + j + s] = v;
                h[(i + s) * m + j + s] = -v;
            }
    return h;
}

} // namespace

status fill_llm_inputs(const llm_graph_build& build, const buffer_table& table, const llm_ubatch_values& u,
                       const llm_cache_slot& base, const llm_cache_slot& swa) {
    const context& ctx = build.doc.ctx;
    const auto n_tokens = static_cast<std::int64_t>(u.tokens.size());
    const bool alibi = build.model.hparams.f_max_alibi_bias > 0.0f;
    for (std::size_t k = 0; k < build.inputs.size(); ++k) {
        const tensor& t = ctx[build.inputs[k]];
        const llm_input_role role = k < build.input_roles.size() ? build.input_roles[k] : llm_input_role::other;
        const std::int64_t n = nelements(t);
        const bool is_swa = role == llm_input_role::k_idxs_swa || role == llm_input_role::v_idxs_swa ||
                            role == llm_input_role::kq_mask_swa;
        const llm_cache_slot& cache = is_swa ? swa : base;
        status s = success();
        switch (role) {
        case llm_input_role::embd:
            continue;
        case llm_input_role::tokens:
            if (n != n_tokens || t.type != dtype::i32)
                return fill_input_error(t, k, "expected " + std::to_string(n_tokens) + " i32 token ids");
            s = tensor_set(table, t, u.tokens.data(), 0, u.tokens.size_bytes());
            break;
        case llm_input_role::pos: {
            if (t.type != dtype::i32 || (n != n_tokens && n != 4 * n_tokens))
                return fill_input_error(t, k, "expected 1 or 4 i32 positions per token");
            // M-RoPE of text tokens: the position thrice, then 0.
            std::vector<std::int32_t> p(static_cast<std::size_t>(n), 0);
            for (std::int64_t plane = 0; plane < std::min<std::int64_t>(n / n_tokens, 3); ++plane)
                std::copy(u.pos.begin(), u.pos.end(), p.begin() + plane * n_tokens);
            s = tensor_set(table, t, p.data(), 0, p.size() * sizeof(std::int32_t));
            break;
        }
        case llm_input_role::out_ids: {
            std::vector<std::int32_t> ids;
            for (std::size_t i = 0; i < u.output.size(); ++i)
                if (u.output[i]) ids.push_back(static_cast<std::int32_t>(i));
            if (t.type != dtype::i32 || n != static_cast<std::int64_t>(ids.size()))
                return fill_input_error(t, k, "expected " + std::to_string(ids.size()) + " i32 output rows");
            s = tensor_set(table, t, ids.data(), 0, ids.size() * sizeof(std::int32_t));
            break;
        }
        case llm_input_role::k_idxs:
        case llm_input_role::k_idxs_swa:
        case llm_input_role::v_idxs:
        case llm_input_role::v_idxs_swa: {
            if (!cache.cells || static_cast<std::int64_t>(cache.slot.size()) != n_tokens)
                return fill_input_error(t, k, "no cache slot for the ubatch");
            if (t.type != dtype::i64 || n_tokens == 0 || n % n_tokens != 0)
                return fill_input_error(t, k, "expected i64 indices, a multiple of " + std::to_string(n_tokens));
            const bool per_channel = role == llm_input_role::v_idxs || role == llm_input_role::v_idxs_swa;
            const auto idx = fill_cell_indices(cache, per_channel ? n / n_tokens : 1);
            if (static_cast<std::int64_t>(idx.size()) != n)
                return fill_input_error(t, k, "expected one index per token");
            s = tensor_set(table, t, idx.data(), 0, idx.size() * sizeof(std::int64_t));
            break;
        }
        case llm_input_role::kq_mask:
        case llm_input_role::kq_mask_swa:
            if (!cache.cells) return fill_input_error(t, k, "the graph reads a cache the run has not made");
            if (t.type != dtype::f32 && t.type != dtype::f16)
                return fill_input_error(t, k, "expected an f32 or f16 mask");
            if (t.ne[0] > cache.cells->size()) return fill_input_error(t, k, "the mask is wider than the cache");
            s = fill_floats(table, t, fill_kq_mask(t, u, *cache.cells, build.cparams.causal_attn, alibi));
            break;
        case llm_input_role::k_rot:
        case llm_input_role::v_rot:
            if (t.type != dtype::f32 || t.ne[0] != t.ne[1] || t.ne[0] <= 0 || (t.ne[0] & (t.ne[0] - 1)) != 0 ||
                t.ne[0] > 4096 || n != t.ne[0] * t.ne[0])
                return fill_input_error(t, k, "expected an f32 square matrix of a power-of-two order");
            s = fill_floats(table, t, fill_hadamard(t.ne[0]));
            break;
        case llm_input_role::other:
            return fill_input_error(t, k, "no filler for this input");
        }
        if (!s) return fill_input_error(t, k, s.err().message);
    }
    return success();
}

} // namespace planscope
