#include "builder.h"

#include "op_rules.h"

namespace planscope {

std::string truncate_name(std::string_view name) { return std::string(name.substr(0, max_name)); }

void builder::record(error e) {
    if (!m_error) m_error = std::move(e);
}

bool builder::inputs_ok(std::initializer_list<tensor_id> ids) {
    for (tensor_id id : ids) {
        if (!id.valid()) return false; // an earlier op failed and recorded why
        if (!m_ctx.contains(id)) {
            record(error{"tensor id " + std::to_string(id.value) + " does not exist"});
            return false;
        }
    }
    return true;
}

tensor_id builder::new_tensor(dtype type, std::array<std::int64_t, max_dims> ne) {
    if (auto s = check_shape(type, ne); !s) {
        record(error{"new_tensor: " + s.err().message});
        return {};
    }
    tensor t;
    t.type = type;
    t.ne = ne;
    t.nb = contiguous_strides(type, ne);
    return m_ctx.add(std::move(t));
}

tensor_id builder::set_name(tensor_id t, std::string_view name) {
    if (inputs_ok({t})) m_ctx[t].name = truncate_name(name);
    return t;
}

tensor_id builder::set_flags(tensor_id t, tensor_flag f) {
    if (inputs_ok({t})) m_ctx[t].flags = m_ctx[t].flags | f;
    return t;
}

tensor_id builder::make(tensor desc, bool inplace, std::string name) {
    auto r = infer_result(m_ctx, desc, inplace);
    if (!r) {
        record(r.err());
        return {};
    }
    // ggml_view_tensor names its result, which is how inplace results get "NAME (view)".
    if (name.empty() && inplace) name = m_ctx[desc.src[0]].name + " (view)";
    r->name = truncate_name(name);
    return m_ctx.add(std::move(*r));
}

tensor_id builder::binary(op_kind op, tensor_id a, tensor_id b, bool inplace) {
    if (!inputs_ok({a, b})) return {};
    tensor d;
    d.op = op;
    d.src[0] = a;
    d.src[1] = b;
    return make(std::move(d), inplace);
}

tensor_id builder::unary_op(op_kind op, tensor_id a, bool inplace) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op;
    d.src[0] = a;
    return make(std::move(d), inplace);
}

// ggml_soft_max: scale 1, no mask.
tensor_id builder::soft_max_impl(tensor_id a, bool inplace) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op_kind::soft_max;
    d.src[0] = a;
    d.params.set_f32(0, 1.0f);
    return make(std::move(d), inplace);
}

tensor_id builder::dup(tensor_id a) { return unary_op(op_kind::dup, a, false); }

tensor_id builder::with_eps(op_kind op, tensor_id a, float eps, bool inplace) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op;
    d.src[0] = a;
    d.params.set_f32(0, eps);
    return make(std::move(d), inplace);
}

tensor_id builder::with_n_past(op_kind op, tensor_id a, int n_past, bool inplace) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op;
    d.src[0] = a;
    d.params.set_i32(0, n_past);
    return make(std::move(d), inplace);
}

tensor_id builder::unary_impl(tensor_id a, unary_kind u, bool inplace) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op_kind::unary;
    d.src[0] = a;
    d.params.set_i32(0, static_cast<std::int32_t>(u));
    return make(std::move(d), inplace);
}

tensor_id builder::set_rows(tensor_id a, tensor_id b, tensor_id c) {
    if (!inputs_ok({a, b, c})) return {};
    tensor d;
    d.op = op_kind::set_rows;
    d.src[0] = b; // ggml's order
    d.src[1] = c;
    d.src[2] = a;
    return make(std::move(d), false, m_ctx[a].name + " (view)");
}

tensor_id builder::glu_impl(tensor_id a, std::optional<tensor_id> b, glu_kind g, bool swapped) {
    if (!inputs_ok({a}) || (b && !inputs_ok({*b}))) return {};
    tensor d;
    d.op = op_kind::glu;
    d.src[0] = a;
    if (b) d.src[1] = *b;
    d.params.set_i32(0, static_cast<std::int32_t>(g));
    d.params.set_i32(1, swapped ? 1 : 0);
    return make(std::move(d), false);
}

tensor_id builder::glu(tensor_id a, glu_kind g, bool swapped) { return glu_impl(a, std::nullopt, g, swapped); }

tensor_id builder::glu_split(tensor_id a, tensor_id b, glu_kind g) { return glu_impl(a, b, g, false); }

tensor_id builder::flash_attn_ext(tensor_id q, tensor_id k, tensor_id v, std::optional<tensor_id> mask,
                                  const flash_attn_args& args) {
    if (!inputs_ok({q, k, v}) || (mask && !inputs_ok({*mask})) || (args.sinks && !inputs_ok({*args.sinks}))) return {};
    tensor d;
    d.op = op_kind::flash_attn_ext;
    d.src[0] = q;
    d.src[1] = k;
    d.src[2] = v;
    if (mask) d.src[3] = *mask;
    if (args.sinks) d.src[4] = *args.sinks;
    d.params.set_f32(0, args.scale);
    d.params.set_f32(1, args.max_bias);
    d.params.set_f32(2, args.logit_softcap);
    d.params.set_i32(3, args.prec);
    return make(std::move(d), false);
}

tensor_id builder::add_id(tensor_id a, tensor_id b, tensor_id ids) {
    if (!inputs_ok({a, b, ids})) return {};
    tensor d;
    d.op = op_kind::add_id;
    d.src[0] = a;
    d.src[1] = b;
    d.src[2] = ids;
    return make(std::move(d), false);
}

tensor_id builder::scale_impl(tensor_id a, float s, float b, bool inplace) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op_kind::scale;
    d.src[0] = a;
    d.params.set_f32(0, s);
    d.params.set_f32(1, b);
    return make(std::move(d), inplace);
}

tensor_id builder::scale_by_inplace(tensor_id a, float s, float b) { return scale_impl(a, s, b, true); }

tensor_id builder::cast(tensor_id a, dtype type) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op_kind::cpy;
    d.type = type;
    d.src[0] = a;
    return make(std::move(d), false, m_ctx[a].name + " (copy)");
}

tensor_id builder::soft_max_ext(tensor_id a, std::optional<tensor_id> mask, const soft_max_args& args) {
    if (!inputs_ok({a}) || (mask && !inputs_ok({*mask})) || (args.sinks && !inputs_ok({*args.sinks}))) return {};
    tensor d;
    d.op = op_kind::soft_max;
    d.src[0] = a;
    if (mask) d.src[1] = *mask;
    if (args.sinks) d.src[2] = *args.sinks;
    d.params.set_f32(0, args.scale);
    d.params.set_f32(1, args.max_bias);
    return make(std::move(d), false);
}

tensor_id builder::rope_impl(tensor_id a, tensor_id pos, const rope_args& args, bool inplace) {
    if (!inputs_ok({a, pos}) || (args.freq_factors && !inputs_ok({*args.freq_factors}))) return {};
    tensor d;
    d.op = op_kind::rope;
    d.src[0] = a;
    d.src[1] = pos;
    if (args.freq_factors) d.src[2] = *args.freq_factors;
    d.params = rope_params(args);
    return make(std::move(d), inplace);
}

op_params rope_params(const rope_args& args) {
    op_params p;
    p.set_i32(0, 0); // n_past: unused since positions became a tensor
    p.set_i32(1, args.n_dims);
    p.set_i32(2, args.mode);
    p.set_i32(3, args.n_ctx); // 0 in d99724f2's ggml_rope_impl
    p.set_i32(4, args.n_orig_ctx);
    p.set_f32(5, args.freq_base);
    p.set_f32(6, args.freq_scale);
    p.set_f32(7, args.ext_factor);
    p.set_f32(8, args.attn_factor);
    p.set_f32(9, args.beta_fast);
    p.set_f32(10, args.beta_slow);
    if ((args.mode & rope_mode_mrope) != 0)
        for (int i = 0; i < 4; ++i) p.set_i32(11 + i, args.sections[static_cast<std::size_t>(i)]);
    return p;
}

tensor_id builder::cpy(tensor_id a, tensor_id b) {
    if (!inputs_ok({a, b})) return {};
    tensor d;
    d.op = op_kind::cpy;
    d.src[0] = a;
    d.src[1] = b;
    const std::string& bn = m_ctx[b].name;
    const std::string& an = m_ctx[a].name;
    return make(std::move(d), false, bn.empty() ? an + " (copy)" : bn + " (copy of " + an + ")");
}

tensor_id builder::cont(tensor_id a) {
    if (!inputs_ok({a})) return {};
    const auto ne = m_ctx[a].ne;
    return cont_4d(a, ne[0], ne[1], ne[2], ne[3]);
}

tensor_id builder::cont_4d(tensor_id a, std::int64_t ne0, std::int64_t ne1, std::int64_t ne2, std::int64_t ne3) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op_kind::cont;
    d.src[0] = a;
    d.ne = {ne0, ne1, ne2, ne3};
    return make(std::move(d), false, m_ctx[a].name + " (cont)");
}

tensor_id builder::reshape(tensor_id a, tensor_id b) {
    if (!inputs_ok({a, b})) return {};
    return reshape_nd(a, m_ctx[b].ne);
}

tensor_id builder::reshape_nd(tensor_id a, std::array<std::int64_t, max_dims> ne) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op_kind::reshape;
    d.src[0] = a;
    d.ne = ne;
    return make(std::move(d), false, m_ctx[a].name + " (reshaped)");
}

tensor_id builder::view_nd(tensor_id a, std::array<std::int64_t, max_dims> ne, std::array<std::size_t, max_dims> nb,
                           std::size_t offset) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op_kind::view;
    d.src[0] = a;
    d.ne = ne;
    d.nb = nb;
    d.params.set_u64(0, offset);
    return make(std::move(d), false, m_ctx[a].name + " (view)");
}

tensor_id builder::view_1d(tensor_id a, std::int64_t ne0, std::size_t offset) {
    if (!inputs_ok({a})) return {};
    const std::array<std::int64_t, max_dims> ne{ne0, 1, 1, 1};
    return view_nd(a, ne, contiguous_strides(m_ctx[a].type, ne), offset);
}

tensor_id builder::view_2d(tensor_id a, std::int64_t ne0, std::int64_t ne1, std::size_t nb1, std::size_t offset) {
    if (!inputs_ok({a})) return {};
    const std::size_t nb2 = nb1 * static_cast<std::size_t>(ne1);
    return view_nd(a, {ne0, ne1, 1, 1}, {type_size(m_ctx[a].type), nb1, nb2, nb2}, offset);
}

tensor_id builder::view_3d(tensor_id a, std::int64_t ne0, std::int64_t ne1, std::int64_t ne2, std::size_t nb1,
                           std::size_t nb2, std::size_t offset) {
    if (!inputs_ok({a})) return {};
    const std::size_t nb3 = nb2 * static_cast<std::size_t>(ne2);
    return view_nd(a, {ne0, ne1, ne2, 1}, {type_size(m_ctx[a].type), nb1, nb2, nb3}, offset);
}

tensor_id builder::view_4d(tensor_id a, std::int64_t ne0, std::int64_t ne1, std::int64_t ne2, std::int64_t ne3,
                           std::size_t nb1, std::size_t nb2, std::size_t nb3, std::size_t offset) {
    if (!inputs_ok({a})) return {};
    return view_nd(a, {ne0, ne1, ne2, ne3}, {type_size(m_ctx[a].type), nb1, nb2, nb3}, offset);
}

tensor_id builder::permute(tensor_id a, int axis0, int axis1, int axis2, int axis3) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op_kind::permute;
    d.src[0] = a;
    d.params.set_i32(0, axis0);
    d.params.set_i32(1, axis1);
    d.params.set_i32(2, axis2);
    d.params.set_i32(3, axis3);
    return make(std::move(d), false, m_ctx[a].name + " (permuted)");
}

tensor_id builder::transpose(tensor_id a) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op_kind::transpose;
    d.src[0] = a;
    return make(std::move(d), false, m_ctx[a].name + " (transposed)");
}

tensor_id builder::swiglu_oai(tensor_id a, tensor_id b, float alpha, float limit) {
    const tensor_id r = glu_impl(a, b, glu_kind::swiglu_oai, false);
    if (!r.valid()) return r;
    m_ctx[r].params.set_f32(2, alpha);
    m_ctx[r].params.set_f32(3, limit);
    return r;
}

tensor_id builder::mul_mat_id(tensor_id as, tensor_id b, tensor_id ids) {
    if (!inputs_ok({as, b, ids})) return {};
    tensor d;
    d.op = op_kind::mul_mat_id;
    d.src[0] = as;
    d.src[1] = b;
    d.src[2] = ids;
    return make(std::move(d), false);
}

tensor_id builder::mul_mat_set_prec(tensor_id t, int prec) {
    if (!inputs_ok({t})) return {};
    if (m_ctx[t].op != op_kind::mul_mat) {
        record(error{"mul_mat_set_prec: '" + m_ctx[t].name + "' is not a MUL_MAT node"});
        return {};
    }
    m_ctx[t].params.set_i32(0, prec);
    return t;
}

tensor_id builder::argsort(tensor_id a, sort_order order) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op_kind::argsort;
    d.src[0] = a;
    d.params.set_i32(0, static_cast<std::int32_t>(order));
    return make(std::move(d), false);
}

tensor_id builder::argsort_top_k(tensor_id a, std::int64_t k) {
    if (!inputs_ok({a})) return {};
    if (k > m_ctx[a].ne[0]) {
        record(error{"argsort_top_k: k = " + std::to_string(k) + " is more than the " + std::to_string(m_ctx[a].ne[0]) +
                     " values of a row"});
        return {};
    }
    const tensor_id sorted = argsort(a, sort_order::desc);
    if (!sorted.valid()) return sorted;
    const tensor& s = m_ctx[sorted];
    return view_4d(sorted, k, s.ne[1], s.ne[2], s.ne[3], s.nb[1], s.nb[2], s.nb[3], 0);
}

tensor_id builder::top_k(tensor_id a, std::int64_t k) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op_kind::top_k;
    d.src[0] = a;
    d.ne = {k, m_ctx[a].ne[1], m_ctx[a].ne[2], m_ctx[a].ne[3]};
    return make(std::move(d), false);
}

tensor_id builder::clamp(tensor_id a, float min, float max) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op_kind::clamp;
    d.src[0] = a;
    d.params.set_f32(0, min);
    d.params.set_f32(1, max);
    return make(std::move(d), false, m_ctx[a].name + " (view)");
}

tensor_id builder::fill(tensor_id a, float c) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op_kind::fill;
    d.src[0] = a;
    d.params.set_f32(0, c);
    return make(std::move(d), false);
}

tensor_id builder::pad_ext(tensor_id a, int lp0, int rp0, int lp1, int rp1, int lp2, int rp2, int lp3, int rp3) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op_kind::pad;
    d.src[0] = a;
    const std::array<int, 8> pads{lp0, rp0, lp1, rp1, lp2, rp2, lp3, rp3};
    for (int i = 0; i < 8; ++i) d.params.set_i32(i, pads[static_cast<std::size_t>(i)]);
    return make(std::move(d), false);
}

tensor_id builder::repeat_4d(tensor_id a, std::int64_t ne0, std::int64_t ne1, std::int64_t ne2, std::int64_t ne3) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op_kind::repeat;
    d.src[0] = a;
    d.ne = {ne0, ne1, ne2, ne3};
    return make(std::move(d), false);
}

tensor_id builder::repeat_to(tensor_id a, tensor_id b) {
    if (!inputs_ok({a, b})) return {};
    const auto ne = m_ctx[b].ne;
    return repeat_4d(a, ne[0], ne[1], ne[2], ne[3]);
}

tensor_id builder::concat(tensor_id a, tensor_id b, int dim) {
    if (!inputs_ok({a, b})) return {};
    tensor d;
    d.op = op_kind::concat;
    d.src[0] = a;
    d.src[1] = b;
    d.params.set_i32(0, dim);
    return make(std::move(d), false);
}

tensor_id builder::view_tensor(tensor_id a) {
    if (!inputs_ok({a})) return {};
    const tensor& s = m_ctx[a];
    tensor t;
    t.type = s.type;
    t.ne = s.ne;
    t.nb = s.nb;
    t.view_src = s.is_view() ? s.view_src : a;
    t.view_offs = s.is_view() ? s.view_offs : 0;
    t.name = truncate_name(s.name + " (view)");
    return m_ctx.add(std::move(t));
}

} // namespace planscope
