// Enqueueing one node: its kernel, its arguments in the order of the .cl signatures, its range.
#include "cl_launch.h"

#include <cmath>
#include <limits>
#include <numbers>

namespace planscope::opencl {
namespace {

// ggml_rope_yarn_corr_dim, as the CPU backend computes it.
float corr_dim(int n_dims, int n_orig_ctx, float n_rot, float base) {
    return static_cast<float>(n_dims) *
           std::log(static_cast<float>(n_orig_ctx) / (n_rot * 2.0f * std::numbers::pi_v<float>)) /
           (2.0f * std::log(base));
}

status enqueue_rope(cl_command_queue q, const kernel_set& k, const prepared_node& n) {
    const op_params& p = n.params;
    const cl_int n_dims = p.get_i32(1), neox = (p.get_i32(2) & 2) != 0;
    const int n_orig_ctx = p.get_i32(4);
    const float base = p.get_f32(5);
    const cl_float theta_scale = std::pow(base, -2.0f / static_cast<float>(n_dims));
    const cl_float corr_low = std::fmax(0.0f, std::floor(corr_dim(n_dims, n_orig_ctx, p.get_f32(9), base)));
    const cl_float corr_high =
        std::fmin(static_cast<float>(n_dims - 1), std::ceil(corr_dim(n_dims, n_orig_ctx, p.get_f32(10), base)));
    arg_list args(k.rope.get());
    args << n_dims << neox << theta_scale << cl_float{p.get_f32(6)} << cl_float{p.get_f32(7)} << cl_float{p.get_f32(8)}
         << corr_low << corr_high << n.src[0] << n.src[1].mem << n.src[1].offset << n.src[1].nb.s[0];
    const dev_tensor& ff = n.src[2].mem ? n.src[2] : n.src[1]; // unread without frequency factors
    args << cl_int{n.src[2].mem != nullptr} << ff.mem << ff.offset << ff.nb.s[0] << n.dst;
    const std::size_t global = rows(n.src[0]) * static_cast<std::size_t>(n.src[0].ne.s[0] - n_dims / 2);
    return launch(q, n, k.rope.get(), args, 1, &global, k.group);
}

status enqueue_mul_mat(cl_command_queue q, const kernel_set& k, const prepared_node& n) {
    const dev_tensor& a = n.src[0];
    const bool tiled = a.nb.s[0] == type_size(a.type) && a.ne.s[0] % 4 == 0;
    cl_kernel kernel = nullptr;
    switch (a.type) {
    case dtype::f32: kernel = tiled ? k.tiled_f32.get() : k.mul_mat_f32.get(); break;
    case dtype::f16: {
        const bool round_b = k.numerics == f16_numerics::ggml;
        kernel = tiled ? (round_b ? k.tiled_f16_rb : k.tiled_f16).get() : (round_b ? k.mul_mat_f16_rb : k.mul_mat_f16).get();
        break;
    }
    case dtype::q4_0: kernel = k.tiled_q4_0.get(); break; // supports_op: whole blocks, so tiled
    case dtype::q8_0: kernel = k.tiled_q8_0.get(); break;
    default: return error{what(n) + ": src0 type " + std::string(type_name(a.type)) + " is not implemented"};
    }
    arg_list args(kernel);
    args << n.src[0] << n.src[1] << n.dst;
    const auto tiles = [&](std::int64_t v) { return static_cast<std::size_t>(tiled ? (v + 3) / 4 : v); };
    const std::size_t global[3] = {tiles(n.dst.ne.s[0]), tiles(n.dst.ne.s[1]),
                                   static_cast<std::size_t>(n.dst.ne.s[2] * n.dst.ne.s[3])};
    return launch(q, n, kernel, args, 3, global, k.group);
}

cl_int unary_code(const prepared_node& n) {
    switch (n.op) {
    case op_kind::sqr: return 100;
    case op_kind::sqrt: return 101;
    case op_kind::log: return 102;
    case op_kind::scale: return 103;
    case op_kind::clamp: return 104;
    default: return n.params.get_i32(0);
    }
}

cl_int binary_code(op_kind op) { return op == op_kind::add ? 0 : op == op_kind::sub ? 1 : op == op_kind::mul ? 2 : 3; }

kernel_handle make_kernel(const device_program& p, const char* name, cl_int& err) {
    if (err != CL_SUCCESS) return {};
    return kernel_handle(clCreateKernel(p.program.get(), name, &err));
}

} // namespace

result<kernel_set> make_kernels(const device_program& p) {
    kernel_set k;
    cl_int err = CL_SUCCESS;
    k.binary = make_kernel(p, "k_binary", err);
    k.scalar = make_kernel(p, "k_scalar", err);
    k.unary = make_kernel(p, "k_unary", err);
    k.diag_mask = make_kernel(p, "k_diag_mask", err);
    k.norm = make_kernel(p, "k_norm", err);
    k.soft_max = make_kernel(p, "k_soft_max", err);
    k.rope = make_kernel(p, "k_rope", err);
    k.cpy = make_kernel(p, "k_cpy", err);
    k.get_rows = make_kernel(p, "k_get_rows", err);
    k.set_rows = make_kernel(p, "k_set_rows", err);
    k.glu = make_kernel(p, "k_glu", err);
    k.add_id = make_kernel(p, "k_add_id", err);
    k.mul_mat_id = make_kernel(p, "k_mul_mat_id", err);
    k.argsort = make_kernel(p, "k_argsort", err);
    k.flash_attn = make_kernel(p, "k_flash_attn", err);
    k.mul_mat_f32 = make_kernel(p, "k_mul_mat_f32", err);
    k.mul_mat_f16 = make_kernel(p, "k_mul_mat_f16", err);
    k.mul_mat_f16_rb = make_kernel(p, "k_mul_mat_f16_rb", err);
    k.tiled_f32 = make_kernel(p, "k_mul_mat_tiled_f32", err);
    k.tiled_f16 = make_kernel(p, "k_mul_mat_tiled_f16", err);
    k.tiled_f16_rb = make_kernel(p, "k_mul_mat_tiled_f16_rb", err);
    k.tiled_q4_0 = make_kernel(p, "k_mul_mat_tiled_q4_0", err);
    k.tiled_q8_0 = make_kernel(p, "k_mul_mat_tiled_q8_0", err);
    if (err != CL_SUCCESS) return error{cl_failure("OpenCL: creating the kernels failed", err)};
    // Work-groups: powers of two every kernel runs with, at most 256 for the row reductions and
    // 64 for the rest.
    std::size_t limit = 256;
    for (cl_kernel kernel : {k.binary.get(), k.scalar.get(), k.unary.get(), k.diag_mask.get(), k.norm.get(),
                             k.soft_max.get(), k.rope.get(), k.cpy.get(), k.get_rows.get(), k.mul_mat_f32.get(),
                             k.mul_mat_f16.get(), k.mul_mat_f16_rb.get(), k.tiled_f32.get(), k.tiled_f16.get(),
                             k.tiled_f16_rb.get(), k.tiled_q4_0.get(), k.tiled_q8_0.get(), k.set_rows.get(),
                             k.glu.get(), k.add_id.get(), k.mul_mat_id.get(), k.argsort.get(), k.flash_attn.get()}) {
        std::size_t size = 0;
        err = clGetKernelWorkGroupInfo(kernel, p.device.device, CL_KERNEL_WORK_GROUP_SIZE, sizeof size, &size, nullptr);
        if (err != CL_SUCCESS) return error{cl_failure("OpenCL: querying the work-group size failed", err)};
        limit = std::min(limit, size);
    }
    while (k.row_group * 2 <= limit) k.row_group *= 2;
    k.group = std::min<std::size_t>(k.row_group, 64);
    return k;
}

status enqueue(cl_command_queue q, const kernel_set& k, const prepared_node& n, cl_mem bad_index) {
    const std::size_t all = elements(n.dst);
    switch (n.op) {
    case op_kind::add:
    case op_kind::sub:
    case op_kind::mul:
    case op_kind::div: {
        arg_list args(k.binary.get());
        args << binary_code(n.op) << n.src[0] << n.src[1] << n.dst;
        return launch(q, n, k.binary.get(), args, 1, &all, k.group);
    }
    case op_kind::scale:
    case op_kind::add1: {
        if (n.op == op_kind::scale && !n.src[1].mem) { // ggml 2026's x * s + b by op params
            arg_list args(k.unary.get());
            args << unary_code(n) << cl_float{n.params.get_f32(0)} << cl_float{n.params.get_f32(1)} << n.src[0] << n.dst;
            return launch(q, n, k.unary.get(), args, 1, &all, k.group);
        }
        arg_list args(k.scalar.get());
        args << cl_int{n.op == op_kind::add1} << n.src[0] << n.src[1].mem << n.src[1].offset << n.dst;
        return launch(q, n, k.scalar.get(), args, 1, &all, k.group);
    }
    case op_kind::unary:
    case op_kind::sqr:
    case op_kind::sqrt:
    case op_kind::log:
    case op_kind::clamp: {
        const bool clamp = n.op == op_kind::clamp;
        arg_list args(k.unary.get());
        args << unary_code(n) << cl_float{clamp ? n.params.get_f32(0) : 0.0f} << cl_float{clamp ? n.params.get_f32(1) : 0.0f}
             << n.src[0] << n.dst;
        return launch(q, n, k.unary.get(), args, 1, &all, k.group);
    }
    case op_kind::diag_mask_inf:
    case op_kind::diag_mask_zero: {
        const cl_float value = n.op == op_kind::diag_mask_inf ? -std::numeric_limits<float>::infinity() : 0.0f;
        arg_list args(k.diag_mask.get());
        args << cl_int{n.params.get_i32(0)} << value << n.src[0] << n.dst;
        return launch(q, n, k.diag_mask.get(), args, 1, &all, k.group);
    }
    case op_kind::norm:
    case op_kind::rms_norm: {
        arg_list args(k.norm.get());
        args << cl_int{n.op == op_kind::rms_norm} << cl_float{n.params.get_f32(0)} << n.src[0] << n.dst;
        args.local_floats(k.row_group);
        const std::size_t global = rows(n.src[0]) * k.row_group;
        return launch(q, n, k.norm.get(), args, 1, &global, k.row_group);
    }
    case op_kind::rope:
        return enqueue_rope(q, k, n);
    case op_kind::dup:
    case op_kind::cpy:
    case op_kind::cont: {
        arg_list args(k.cpy.get());
        args << static_cast<cl_int>(n.src[0].type) << n.src[0] << static_cast<cl_int>(n.dst.type) << n.dst;
        return launch(q, n, k.cpy.get(), args, 1, &all, k.group);
    }
    case op_kind::get_rows: {
        arg_list args(k.get_rows.get());
        args << static_cast<cl_int>(n.src[0].type) << n.src[0] << n.src[1].mem << n.src[1].offset << n.src[1].nb.s[0]
             << n.dst << bad_index << n.tag;
        return launch(q, n, k.get_rows.get(), args, 1, &all, k.group);
    }
    case op_kind::mul_mat:
        return enqueue_mul_mat(q, k, n);
    default:
        return enqueue_2026(q, k, n, bad_index);
    }
}

} // namespace planscope::opencl
