// Enqueueing the ops ggml 2026's graphs add (llama.cpp da46e59c): SET_ROWS into the KV cache,
// GLU, ADD_ID, MUL_MAT_ID, ARGSORT / TOP_K for the experts, SOFT_MAX with mask, ALiBi and sinks,
// and FLASH_ATTN_EXT.
#include "cl_launch.h"

#include <cmath>

namespace planscope::opencl {
namespace {

cl_int type_code(dtype t) { return static_cast<cl_int>(t); }

// An optional source, or a stand-in the kernel never reads (kernels take no null buffers).
const dev_tensor& or_else(const dev_tensor& t, const dev_tensor& stand_in) { return t.mem ? t : stand_in; }

status enqueue_soft_max(cl_command_queue q, const kernel_set& k, const prepared_node& n) {
    const dev_tensor &a = n.src[0], &mask = n.src[1], &sinks = n.src[2];
    const float max_bias = n.params.get_f32(1);
    const alibi_bases ab = alibi_of(max_bias, a.ne.s[2]);
    const dev_tensor& m = or_else(mask, a);
    const dev_tensor& s = or_else(sinks, a);
    arg_list args(k.soft_max.get());
    args << cl_float{n.params.get_f32(0)} << cl_float{max_bias} << ab.m0 << ab.m1 << ab.n_head_log2
         << cl_int{mask.mem ? type_code(mask.type) : -1} << m << cl_int{sinks.mem != nullptr} << s.mem << s.offset
         << s.nb.s[0] << a << n.dst;
    args.local_floats(k.row_group);
    const std::size_t global = rows(a) * k.row_group;
    return launch(q, n, k.soft_max.get(), args, 1, &global, k.row_group);
}

status enqueue_flash_attn(cl_command_queue q, const kernel_set& k, const prepared_node& n) {
    const dev_tensor &qt = n.src[0], &kt = n.src[1], &vt = n.src[2], &mask = n.src[3], &sinks = n.src[4];
    float scale = n.params.get_f32(0);
    const float max_bias = n.params.get_f32(1), softcap = n.params.get_f32(2);
    if (softcap != 0.0f) scale /= softcap;
    const alibi_bases ab = alibi_of(max_bias, qt.ne.s[2]);
    const dev_tensor& m = or_else(mask, qt);
    const dev_tensor& s = or_else(sinks, qt);
    arg_list args(k.flash_attn.get());
    args << cl_float{scale} << cl_float{softcap} << cl_float{max_bias} << ab.m0 << ab.m1 << ab.n_head_log2
         << cl_int{k.numerics == f16_numerics::ggml} << qt << type_code(kt.type) << kt << type_code(vt.type) << vt
         << cl_int{mask.mem != nullptr} << m << cl_int{sinks.mem != nullptr} << s.mem << s.offset << s.nb.s[0] << n.dst;
    args.local_floats(k.row_group);
    const std::size_t global = rows(qt) * k.row_group;
    return launch(q, n, k.flash_attn.get(), args, 1, &global, k.row_group);
}

} // namespace

alibi_bases alibi_of(float max_bias, std::int64_t n_head) {
    alibi_bases b;
    if (max_bias <= 0.0f || n_head <= 0) return b;
    b.n_head_log2 = 1 << static_cast<int>(std::floor(std::log2(static_cast<float>(n_head))));
    b.m0 = std::pow(2.0f, -max_bias / static_cast<float>(b.n_head_log2));
    b.m1 = std::pow(2.0f, -(max_bias / 2.0f) / static_cast<float>(b.n_head_log2));
    return b;
}

bool checks_indices(op_kind op) {
    return op == op_kind::get_rows || op == op_kind::set_rows || op == op_kind::add_id || op == op_kind::mul_mat_id;
}

status enqueue_2026(cl_command_queue q, const kernel_set& k, const prepared_node& n, cl_mem bad_index) {
    const std::size_t all = elements(n.dst);
    switch (n.op) {
    case op_kind::set_rows: {
        arg_list args(k.set_rows.get());
        args << type_code(n.src[0].type) << n.src[0] << type_code(n.src[1].type) << n.src[1] << type_code(n.dst.type)
             << n.dst << bad_index << n.tag;
        const std::size_t items = elements(n.src[0]);
        return launch(q, n, k.set_rows.get(), args, 1, &items, k.group);
    }
    case op_kind::glu: {
        const bool split = n.src[1].mem != nullptr;
        arg_list args(k.glu.get());
        args << cl_int{n.params.get_i32(0)} << cl_int{split} << cl_int{n.params.get_i32(1) != 0}
             << cl_float{n.params.get_f32(2)} << cl_float{n.params.get_f32(3)} << n.src[0] << or_else(n.src[1], n.src[0])
             << n.dst;
        return launch(q, n, k.glu.get(), args, 1, &all, k.group);
    }
    case op_kind::add_id: {
        arg_list args(k.add_id.get());
        args << n.src[0] << n.src[1] << n.src[2] << n.dst << bad_index << n.tag;
        return launch(q, n, k.add_id.get(), args, 1, &all, k.group);
    }
    case op_kind::mul_mat_id: {
        const bool round_b = n.src[0].type == dtype::f16 && k.numerics == f16_numerics::ggml;
        arg_list args(k.mul_mat_id.get());
        args << type_code(n.src[0].type) << cl_int{round_b} << n.src[0] << n.src[1] << n.src[2] << n.dst << bad_index
             << n.tag;
        return launch(q, n, k.mul_mat_id.get(), args, 1, &all, k.group);
    }
    case op_kind::argsort:
    case op_kind::top_k: {
        const bool top_k = n.op == op_kind::top_k;
        const bool descending = top_k || n.params.get_i32(0) == static_cast<cl_int>(sort_order::desc);
        arg_list args(k.argsort.get());
        args << cl_int{descending} << cl_int{top_k} << n.src[0] << n.dst;
        const std::size_t items = elements(n.src[0]);
        return launch(q, n, k.argsort.get(), args, 1, &items, k.group);
    }
    case op_kind::soft_max:
        return enqueue_soft_max(q, k, n);
    case op_kind::flash_attn_ext:
        return enqueue_flash_attn(q, k, n);
    default:
        return error{what(n) + ": not implemented"};
    }
}

} // namespace planscope::opencl
