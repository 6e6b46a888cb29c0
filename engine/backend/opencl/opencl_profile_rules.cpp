// opencl_backend's supports_op (cl_support.cpp's unsupported_reason) as device_op_rules: the
// ops the kernels have, with the types they take; everything else goes to the CPU. The rules
// are the backend's type and parameter checks in the format's terms: an optional source (a
// mask, sinks, frequency factors) of a wrong type is refused by a rule listing every other type,
// before the op's allowed case, and the last rule refuses any op not listed.
#include "opencl_profile.h"

#include <algorithm>
#include <initializer_list>

namespace planscope::opencl_rules {
namespace {

using types = std::vector<dtype>;

// Every type Planscope knows but `allowed`: a present source of one of them is refused.
types all_but(std::initializer_list<dtype> allowed) {
    types out;
    for (const type_traits& t : all_types())
        if (std::find(allowed.begin(), allowed.end(), t.type) == allowed.end()) out.push_back(t.type);
    return out;
}

// `op` with a result of a `result` type and source i of a srcs[i] type (empty: any), and op
// parameter param->index one of param->in.
device_op_rule allow(op_kind op, types result, std::vector<types> srcs,
                     std::optional<device_op_rule::param_in> param = std::nullopt) {
    device_op_rule r;
    r.op = op;
    r.type = std::move(result);
    r.src_types = std::move(srcs);
    r.param = std::move(param);
    return r;
}

// Refuses `op` when source `src` is present with a type outside `allowed`.
device_op_rule refuse_source(op_kind op, std::size_t src, std::initializer_list<dtype> allowed) {
    device_op_rule r;
    r.op = op;
    r.src_types.resize(src + 1);
    r.src_types[src] = all_but(allowed);
    r.supported = false;
    return r;
}

} // namespace
} // namespace planscope::opencl_rules

namespace planscope {

std::vector<device_op_rule> opencl_support_rules() {
    using namespace opencl_rules;
    using enum op_kind;
    const types f32{dtype::f32}, f16_f32{dtype::f16, dtype::f32}, i32{dtype::i32};
    const types weights{dtype::f32, dtype::f16, dtype::q4_0, dtype::q8_0}; // is_matmul_weight
    std::vector<device_op_rule> rules;
    // is_no_op: views and reshapes run nowhere, so every backend has them.
    for (op_kind op : {none, reshape, view, permute, transpose}) rules.push_back(allow(op, {}, {}));

    // Optional sources of a wrong type.
    rules.push_back(refuse_source(scale, 1, {dtype::f32}));              // 2023's scalar tensor
    rules.push_back(refuse_source(soft_max, 1, {dtype::f16, dtype::f32})); // the mask
    rules.push_back(refuse_source(soft_max, 2, {dtype::f32}));           // sinks
    rules.push_back(refuse_source(rope, 2, {dtype::f32}));               // frequency factors
    rules.push_back(refuse_source(glu, 1, {dtype::f32}));                // the gate of a split GLU
    rules.push_back(refuse_source(flash_attn_ext, 3, {dtype::f16}));     // the mask
    rules.push_back(refuse_source(flash_attn_ext, 4, {dtype::f32}));     // sinks

    for (op_kind op : {add, sub, mul, div, add1}) rules.push_back(allow(op, f32, {f32, f32}));
    for (op_kind op : {scale, unary, sqr, sqrt, log, norm, rms_norm, diag_mask_inf, diag_mask_zero, clamp, soft_max, glu})
        rules.push_back(allow(op, f32, {f32}));
    rules.push_back(allow(rope, f32, {f32, i32}, {{2, {0, 2}}})); // the mode: normal and NeoX only
    for (op_kind op : {dup, cpy, cont}) rules.push_back(allow(op, f16_f32, {f16_f32}));
    rules.push_back(allow(get_rows, f32, {weights, i32}));
    rules.push_back(allow(mul_mat, f32, {weights, f32}));
    rules.push_back(allow(set_rows, f16_f32, {f16_f32, {dtype::i32, dtype::i64}}));
    rules.push_back(allow(add_id, f32, {f32, f32, i32}));
    rules.push_back(allow(mul_mat_id, f32, {f16_f32, f32, i32}));
    rules.push_back(allow(argsort, i32, {f32}, {{0, {0, 1}}})); // ascending, descending
    rules.push_back(allow(top_k, i32, {f32}));
    rules.push_back(allow(flash_attn_ext, f32, {f32, f16_f32, f16_f32}));

    device_op_rule rest; // "is not implemented"
    rest.supported = false;
    rules.push_back(rest);
    return rules;
}

} // namespace planscope
