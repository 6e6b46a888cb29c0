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

tensor_id builder::scale_by(tensor_id a, float s, float b) {
    if (!inputs_ok({a})) return {};
    tensor d;
    d.op = op_kind::scale;
    d.src[0] = a;
    d.params.set_f32(0, s);
    d.params.set_f32(1, b);
    return make(std::move(d), false);
}

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
    p.set_i32(3, args.n_ctx);
    p.set_i32(4, args.n_orig_ctx);
    p.set_f32(5, args.freq_base);
    p.set_f32(6, args.freq_scale);
    p.set_f32(7, args.ext_factor);
    p.set_f32(8, args.attn_factor);
    p.set_f32(9, args.beta_fast);
    p.set_f32(10, args.beta_slow);
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

} // namespace planscope
