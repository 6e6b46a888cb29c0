#include "opencl_backend.h"

#include "cl_backend.h"

#include <algorithm>
#include <cstdlib>

namespace planscope {
namespace opencl {
namespace {

// The fake base of every buffer: non-null, and aligned to any alignment a device reports.
std::byte* fake_base(std::size_t alignment) {
    return reinterpret_cast<std::byte*>(std::max<std::uintptr_t>(alignment, std::uintptr_t{1} << 20));
}

cl_mem mem_of(const bound_tensor& t) { return static_cast<const opencl_buffer*>(t.buffer)->mem(); }
std::size_t offset_of(const bound_tensor& t) { return t.desc->where->offset; }

} // namespace

// A graph ready to enqueue: made and computed by one backend.
class opencl_graph_plan final : public graph_plan {
public:
    const opencl_backend* owner = nullptr;
    std::vector<prepared_node> nodes;
    bool checks_indices = false; // a node reports bad indices through the bad-index word
};

result<std::unique_ptr<opencl_backend>> opencl_backend::create(std::shared_ptr<const device_program> program,
                                                               f16_numerics numerics) {
    std::unique_ptr<opencl_backend> b(new opencl_backend());
    const device_info& dev = program->device;
    b->m_program = std::move(program);
    cl_uint align_bits = 0;
    cl_int err = clGetDeviceInfo(dev.device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align_bits, &align_bits, nullptr);
    if (err == CL_SUCCESS) err = clGetDeviceInfo(dev.device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof b->m_max_alloc,
                                                 &b->m_max_alloc, nullptr);
    if (err != CL_SUCCESS) return error{cl_failure("OpenCL: querying '" + dev.name + "' failed", err)};
    b->m_alignment = std::max<std::size_t>(align_bits / 8, 4); // floats at least
    cl_context context = b->m_program->context.get();
    b->m_queue = queue_handle(clCreateCommandQueue(context, dev.device, 0, &err));
    if (err != CL_SUCCESS) return error{cl_failure("OpenCL: creating a queue on '" + dev.name + "' failed", err)};
    b->m_bad_index = mem_handle(clCreateBuffer(context, CL_MEM_READ_WRITE, sizeof(cl_int), nullptr, &err));
    if (err != CL_SUCCESS) return error{cl_failure("OpenCL: allocating on '" + dev.name + "' failed", err)};
    auto kernels = make_kernels(*b->m_program);
    if (!kernels) return kernels.err();
    b->m_kernels = std::move(*kernels);
    b->m_kernels.numerics = numerics;
    return b;
}

result<std::shared_ptr<backend_buffer>> opencl_backend::alloc_buffer(buffer_id id, std::size_t size) {
    const std::string what = "OpenCL buffer " + std::to_string(id.value) + " of " + std::to_string(size) + " bytes";
    if (size > m_max_alloc)
        return error{what + " exceeds the largest allocation of '" + device().name + "' (" +
                     std::to_string(m_max_alloc) + " bytes)"};
    cl_int err = CL_SUCCESS;
    // OpenCL refuses empty buffers; an empty one still has to exist for its id.
    mem_handle mem(clCreateBuffer(m_program->context.get(), CL_MEM_READ_WRITE, std::max<std::size_t>(size, 1), nullptr,
                                  &err));
    if (err != CL_SUCCESS) return error{cl_failure("cannot allocate " + what + " on '" + device().name + "'", err)};
    return std::shared_ptr<backend_buffer>(
        std::make_shared<opencl_buffer>(*this, id, size, std::move(mem), fake_base(m_alignment)));
}

status opencl_backend::set_tensor_async(const bound_tensor& t, const void* data, std::size_t offset,
                                        std::size_t size) {
    if (size == 0) return success();
    const cl_int err = clEnqueueWriteBuffer(m_queue.get(), mem_of(t), CL_FALSE, offset_of(t) + offset, size, data, 0,
                                            nullptr, nullptr);
    if (err != CL_SUCCESS) return error{cl_failure("OpenCL: writing tensor '" + t.desc->name + "'", err)};
    return success();
}

status opencl_backend::get_tensor_async(const bound_tensor& t, void* data, std::size_t offset, std::size_t size) {
    if (size == 0) return success();
    const cl_int err = clEnqueueReadBuffer(m_queue.get(), mem_of(t), CL_FALSE, offset_of(t) + offset, size, data, 0,
                                           nullptr, nullptr);
    if (err != CL_SUCCESS) return error{cl_failure("OpenCL: reading tensor '" + t.desc->name + "'", err)};
    return success();
}

status opencl_backend::synchronize() {
    const cl_int err = clFinish(m_queue.get());
    if (err != CL_SUCCESS) return error{cl_failure("OpenCL: clFinish on '" + device().name + "'", err)};
    return success();
}

bool opencl_backend::shares_context(const backend& other) const {
    const auto* o = dynamic_cast<const opencl_backend*>(&other);
    return o && o->m_program == m_program;
}

copy_outcome opencl_backend::copy_tensor_from(const bound_tensor& src, const bound_tensor& dst) {
    const std::size_t bytes = nbytes(*src.desc);
    if (src.buffer->host_visible()) {
        if (auto s = set_tensor_async(dst, src.data(), 0, bytes); !s) return s;
        return synchronize();
    }
    if (!shares_context(src.owner())) return std::nullopt;
    // The source's queue may still be writing it: finish that first.
    if (auto s = src.owner().synchronize(); !s) return s;
    if (bytes != 0) {
        const cl_int err = clEnqueueCopyBuffer(m_queue.get(), mem_of(src), mem_of(dst), offset_of(src),
                                               offset_of(dst), bytes, 0, nullptr, nullptr);
        if (err != CL_SUCCESS)
            return error{cl_failure("OpenCL: copying '" + src.desc->name + "' to '" + dst.desc->name + "'", err)};
    }
    return synchronize();
}

copy_outcome opencl_backend::copy_tensor_to(const bound_tensor& src, const bound_tensor& dst) {
    if (dst.buffer->host_visible()) {
        if (auto s = get_tensor_async(src, dst.data(), 0, nbytes(*src.desc)); !s) return s;
        return synchronize();
    }
    if (!shares_context(dst.owner())) return std::nullopt;
    return dst.owner().copy_tensor_from(src, dst);
}

result<std::unique_ptr<graph_plan>> opencl_backend::graph_plan_create(const placed_graph& pg) {
    auto plan = std::make_unique<opencl_graph_plan>();
    plan->owner = this;
    const auto resolve = [&](const tensor& t, dev_tensor& out) -> status {
        auto bound = pg.buffers.bind(t);
        if (!bound) return bound.err();
        if (&bound->owner() != this)
            return error{"tensor '" + t.name + "' is in a buffer of " + std::string(bound->owner().name()) +
                         ", not of " + std::string(name())};
        out.mem = mem_of(*bound);
        out.offset = offset_of(*bound);
        out.type = t.type;
        for (int i = 0; i < max_dims; ++i) {
            out.ne.s[i] = t.ne[i];
            out.nb.s[i] = t.nb[i];
        }
        return success();
    };
    for (tensor_id id : pg.g.nodes) {
        if (!pg.ctx.contains(id)) return error{"graph node " + std::to_string(id.value) + " does not exist"};
        const tensor& t = pg.ctx[id];
        if (is_no_op(t.op)) continue;
        if (auto why = unsupported_reason(pg.ctx, t))
            return error{std::string(name()) + ": " + std::string(info(t.op).name) + " '" + t.name + "': " + *why};
        prepared_node n;
        n.op = t.op;
        n.params = t.params;
        n.name = t.name;
        if (auto s = resolve(t, n.dst); !s) return error{"node '" + t.name + "': " + s.err().message};
        for (int i = 0; i < t.n_src() && i < static_cast<int>(n.src.size()); ++i)
            if (t.src[i].valid())
                if (auto s = resolve(pg.ctx[t.src[i]], n.src[i]); !s)
                    return error{"node '" + t.name + "': src" + std::to_string(i) + ": " + s.err().message};
        if (checks_indices(t.op)) {
            plan->checks_indices = true;
            n.tag = static_cast<cl_int>(plan->nodes.size() + 1);
            n.index_bound = t.op == op_kind::get_rows   ? n.src[0].ne.s[1]
                            : t.op == op_kind::set_rows ? n.dst.ne.s[1]
                            : t.op == op_kind::add_id   ? n.src[1].ne.s[1]
                                                        : n.src[0].ne.s[2]; // MUL_MAT_ID: the experts
        }
        plan->nodes.push_back(std::move(n));
    }
    return std::unique_ptr<graph_plan>(std::move(plan));
}

status opencl_backend::graph_plan_compute(graph_plan& plan) {
    auto* p = dynamic_cast<opencl_graph_plan*>(&plan);
    if (!p || p->owner != this) return error{std::string(name()) + ": the plan was made by another backend"};
    cl_int err = CL_SUCCESS;
    const cl_int zero = 0;
    if (p->checks_indices)
        err = clEnqueueWriteBuffer(m_queue.get(), m_bad_index.get(), CL_FALSE, 0, sizeof zero, &zero, 0, nullptr,
                                   nullptr);
    if (err != CL_SUCCESS) return error{cl_failure(std::string(name()) + ": resetting the index check", err)};
    for (const prepared_node& n : p->nodes)
        if (auto s = enqueue(m_queue.get(), m_kernels, n, m_bad_index.get()); !s) {
            (void)synchronize(); // leave nothing running on the graph's buffers
            return s;
        }
    if (auto s = synchronize(); !s) return s;
    if (!p->checks_indices) return success();
    cl_int bad = 0;
    err = clEnqueueReadBuffer(m_queue.get(), m_bad_index.get(), CL_TRUE, 0, sizeof bad, &bad, 0, nullptr, nullptr);
    if (err != CL_SUCCESS) return error{cl_failure(std::string(name()) + ": reading the index check", err)};
    if (bad > 0 && static_cast<std::size_t>(bad) <= p->nodes.size()) { // the last such node with a bad index
        const prepared_node& n = p->nodes[static_cast<std::size_t>(bad - 1)];
        const bool rows = n.op == op_kind::get_rows || n.op == op_kind::set_rows;
        return error{std::string(info(n.op).name) + " '" + n.name + "': " + (rows ? "a row index" : "an id") +
                     " is outside [0, " + std::to_string(n.index_bound) + ")"};
    }
    return success();
}

status opencl_backend::graph_compute(const placed_graph& pg) {
    auto plan = graph_plan_create(pg);
    if (!plan) return plan.err();
    return graph_plan_compute(**plan);
}

bool opencl_backend::supports_op(const context& ctx, const tensor& op) const {
    return !unsupported_reason(ctx, op).has_value();
}

} // namespace opencl

result<std::unique_ptr<backend>> make_opencl_backend(const opencl_options& options) {
    auto devices = opencl::all_devices();
    if (!devices) return devices.err();
    std::string spec = options.device;
    if (spec.empty())
        if (const char* env = std::getenv("PLANSCOPE_OPENCL_DEVICE")) spec = env;
    auto device = opencl::choose_device(*devices, spec);
    if (!device) return device.err();
    auto program = opencl::program_for(*device);
    if (!program) return program.err();
    auto made = opencl::opencl_backend::create(std::move(*program), options.numerics);
    if (!made) return made.err();
    return std::unique_ptr<backend>(std::move(*made));
}

result<std::vector<std::string>> list_opencl_devices() {
    auto devices = opencl::all_devices();
    if (!devices) return devices.err();
    std::vector<std::string> names;
    for (std::size_t i = 0; i < devices->size(); ++i)
        names.push_back(std::to_string(i) + ": " + (*devices)[i].name + " (" + (*devices)[i].platform_name + ")");
    return names;
}

bool is_opencl(const backend& b) { return dynamic_cast<const opencl::opencl_backend*>(&b) != nullptr; }

std::string opencl_device_name(const backend& b) {
    const auto* cl = dynamic_cast<const opencl::opencl_backend*>(&b);
    return cl ? cl->device().name + " (" + cl->device().platform_name + ")" : std::string();
}

} // namespace planscope
