#include "ggml_graph_translate.h"

#include <array>
#include <stdexcept>
#include <string>
#include <unordered_map>

using namespace planscope;

namespace {

// unary_kind order (ggml of 2023-11); today's ggml has SIGMOID in between.
constexpr std::array<ggml_unary_op, 10> unary_ops{
    GGML_UNARY_OP_ABS,  GGML_UNARY_OP_SGN, GGML_UNARY_OP_NEG,  GGML_UNARY_OP_STEP,       GGML_UNARY_OP_TANH,
    GGML_UNARY_OP_ELU, GGML_UNARY_OP_RELU, GGML_UNARY_OP_GELU, GGML_UNARY_OP_GELU_QUICK, GGML_UNARY_OP_SILU};

std::byte placed_marker; // the data of placed tensors: only its address is used

class translator {
public:
    translator(const context& ctx, ggml_translation& out, const translate_options& options)
        : m_ctx(ctx), m_out(out.ctx.get()), m_map(out.tensors), m_options(options) {}

    // Nodes come sources first, so every source is mapped already or is a leaf.
    ggml_tensor* node(tensor_id id) {
        const tensor& t = m_ctx[id];
        ggml_tensor* r = make(t);
        if (!r) throw std::runtime_error("compare_ggml: no ggml mapping for " + op_desc(t));
        bool same = r->type == static_cast<ggml_type>(t.type);
        for (int d = 0; d < max_dims; ++d) same = same && r->ne[d] == t.ne[d] && r->nb[d] == t.nb[d];
        if (!same)
            throw std::runtime_error("compare_ggml: ggml's " + op_desc(t) + " of " + t.name +
                                     " differs in type, shape or strides");
        flag(t, r);
        return m_map[id] = r;
    }

private:
    ggml_tensor* source(tensor_id id) {
        if (auto it = m_map.find(id); it != m_map.end()) return it->second;
        const tensor& t = m_ctx[id];
        if (t.op != op_kind::none) throw std::runtime_error("compare_ggml: node " + t.name + " used before it is made");
        ggml_tensor* r = ggml_new_tensor(m_out, static_cast<ggml_type>(t.type), max_dims, t.ne.data());
        if (t.where) place(*t.where, r);
        flag(t, r);
        return m_map[id] = r;
    }

    void place(const placement& where, ggml_tensor* r) {
        const std::size_t i = where.buffer.index();
        ggml_backend_buffer_t buffer = i < m_options.buffers.size() ? m_options.buffers[i] : nullptr;
        if (!buffer) {
            r->data = &placed_marker;
            return;
        }
        auto* addr = static_cast<char*>(ggml_backend_buffer_get_base(buffer)) + where.offset;
        if (where.offset + ggml_nbytes(r) > ggml_backend_buffer_get_size(buffer) ||
            ggml_backend_tensor_alloc(buffer, r, addr) != GGML_STATUS_SUCCESS)
            throw std::runtime_error("compare_ggml: cannot place a tensor in ggml buffer " + std::to_string(i));
    }

    static void flag(const tensor& t, ggml_tensor* r) {
        if (has_flag(t.flags, tensor_flag::input)) ggml_set_input(r);
        if (has_flag(t.flags, tensor_flag::output)) ggml_set_output(r);
    }

    ggml_tensor* make(const tensor& t) {
        ggml_context* c = m_out;
        ggml_tensor* a = source(t.src[0]);
        ggml_tensor* b = t.src[1].valid() ? source(t.src[1]) : nullptr;
        // An inplace result is a view of its first source that is not a view op.
        const bool inplace = t.is_view() && !info(t.op).view_op;
        const op_params& p = t.params;
        switch (t.op) {
        case op_kind::add: return inplace ? ggml_add_inplace(c, a, b) : ggml_add(c, a, b);
        case op_kind::mul: return inplace ? ggml_mul_inplace(c, a, b) : ggml_mul(c, a, b);
        case op_kind::mul_mat: return ggml_mul_mat(c, a, b);
        case op_kind::rms_norm:
            return inplace ? ggml_rms_norm_inplace(c, a, p.get_f32(0)) : ggml_rms_norm(c, a, p.get_f32(0));
        case op_kind::scale:
            return inplace ? ggml_scale_inplace(c, a, m_options.scale) : ggml_scale(c, a, m_options.scale);
        case op_kind::soft_max: return inplace ? ggml_soft_max_inplace(c, a) : ggml_soft_max(c, a);
        case op_kind::diag_mask_inf:
            return inplace ? ggml_diag_mask_inf_inplace(c, a, p.get_i32(0)) : ggml_diag_mask_inf(c, a, p.get_i32(0));
        case op_kind::rope: {
            // Planscope's words: n_past, n_dims, mode, n_ctx, n_orig_ctx, freq_base, freq_scale,
            // ext_factor, attn_factor, beta_fast, beta_slow.
            auto rope = inplace ? ggml_rope_ext_inplace : ggml_rope_ext;
            return rope(c, a, b, nullptr, p.get_i32(1), p.get_i32(2), p.get_i32(4), p.get_f32(5), p.get_f32(6),
                        p.get_f32(7), p.get_f32(8), p.get_f32(9), p.get_f32(10));
        }
        case op_kind::unary: {
            const auto u = static_cast<std::size_t>(p.get_i32(0));
            if (u >= unary_ops.size()) return nullptr;
            return inplace ? ggml_unary_inplace(c, a, unary_ops[u]) : ggml_unary(c, a, unary_ops[u]);
        }
        case op_kind::get_rows: return ggml_get_rows(c, a, b);
        case op_kind::cpy: return ggml_cpy(c, a, b);
        case op_kind::cont: return ggml_cont_4d(c, a, t.ne[0], t.ne[1], t.ne[2], t.ne[3]);
        case op_kind::reshape: return ggml_reshape_4d(c, a, t.ne[0], t.ne[1], t.ne[2], t.ne[3]);
        case op_kind::view:
            return ggml_view_4d(c, a, t.ne[0], t.ne[1], t.ne[2], t.ne[3], t.nb[1], t.nb[2], t.nb[3],
                                static_cast<std::size_t>(p.get_u64(0)));
        case op_kind::permute: return ggml_permute(c, a, p.get_i32(0), p.get_i32(1), p.get_i32(2), p.get_i32(3));
        case op_kind::transpose: return ggml_transpose(c, a);
        default: return nullptr;
        }
    }

    const context& m_ctx;
    ggml_context* m_out;
    std::unordered_map<tensor_id, ggml_tensor*>& m_map;
    const translate_options& m_options;
};

} // namespace

ggml_translation translate_to_ggml(const context& ctx, const graph& g, const translate_options& options) {
    const std::size_t n_tensors = g.nodes.size() + g.leafs.size();
    const ggml_init_params params{ggml_tensor_overhead() * n_tensors + ggml_graph_overhead_custom(n_tensors, false),
                                  nullptr, true};
    ggml_translation out{ggml_context_ptr(ggml_init(params)), nullptr, {}};
    out.graph = ggml_new_graph_custom(out.ctx.get(), n_tensors, false);
    translator tr(ctx, out, options);
    // Expanding node by node keeps Planscope's node order even where ggml's walk would differ.
    for (tensor_id id : g.nodes) ggml_build_forward_expand(out.graph, tr.node(id));
    return out;
}
