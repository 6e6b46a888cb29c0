#include "cpu_backend.h"

#include "cpu_buffer.h"
#include "kernel_select.h"

#include <algorithm>
#include <cstring>

namespace planscope {

// The workers start now, while the caller loads and plans, rather than in the first graph.
cpu_backend::cpu_backend(int n_threads) : m_n_threads(std::clamp(n_threads, 1, cpu::max_threads)) { pool(m_n_threads); }

void cpu_backend::set_n_threads(int n_threads) { m_n_threads = std::clamp(n_threads, 1, cpu::max_threads); }

cpu::thread_pool& cpu_backend::pool(int n_threads) {
    if (!m_pool || m_pool->size() < n_threads) m_pool = std::make_unique<cpu::thread_pool>(n_threads);
    return *m_pool;
}

std::shared_ptr<backend_buffer> cpu_backend::buffer_from_ptr(buffer_id id, void* ptr, std::size_t size) {
    return cpu_buffer::wrap(*this, id, ptr, size);
}

std::shared_ptr<backend_buffer> cpu_backend::weights_from_ptr(buffer_id id, void* ptr, std::size_t size) {
    auto buffer = cpu_buffer::wrap(*this, id, ptr, size);
    buffer->mark_weights();
    return buffer;
}

result<std::shared_ptr<backend_buffer>> cpu_backend::alloc_buffer(buffer_id id, std::size_t size) {
    auto buffer = cpu_buffer::allocate(*this, id, size);
    if (!buffer) return buffer.err();
    return std::shared_ptr<backend_buffer>(std::move(*buffer));
}

status cpu_backend::set_tensor_async(const bound_tensor& t, const void* data, std::size_t offset, std::size_t size) {
    if (size != 0) std::memcpy(t.data() + offset, data, size); // an empty range may come with a null pointer
    return success();
}

status cpu_backend::get_tensor_async(const bound_tensor& t, void* data, std::size_t offset, std::size_t size) {
    if (size != 0) std::memcpy(data, t.data() + offset, size);
    return success();
}

copy_outcome cpu_backend::copy_tensor_from(const bound_tensor& src, const bound_tensor& dst) {
    backend& from = src.owner();
    if (auto s = from.get_tensor_async(src, dst.data(), 0, nbytes(*src.desc)); !s) return s;
    return from.synchronize();
}

copy_outcome cpu_backend::copy_tensor_to(const bound_tensor& src, const bound_tensor& dst) {
    backend& to = dst.owner();
    if (auto s = to.set_tensor_async(dst, src.data(), 0, nbytes(*src.desc)); !s) return s;
    return to.synchronize();
}

result<std::unique_ptr<graph_plan>> cpu_backend::graph_plan_create(const placed_graph& pg) {
    auto plan = cpu::make_exec_plan(pg, m_n_threads, m_f16_numerics, m_split, m_weight_repack);
    if (!plan) return plan.err();
    return std::unique_ptr<graph_plan>(std::make_unique<cpu_graph_plan>(*this, std::move(*plan)));
}

status cpu_backend::graph_plan_compute(graph_plan& plan) {
    auto* cpu_plan = dynamic_cast<cpu_graph_plan*>(&plan);
    if (!cpu_plan || cpu_plan->m_owner != this) return error{"CPU backend: the plan was made by another backend"};
    const cpu::exec_plan& p = cpu_plan->m_plan;
    return cpu::run_exec_plan(p, pool(p.n_threads), cpu_plan->m_work.reserve(p.work_size), governor());
}

status cpu_backend::graph_compute(const placed_graph& pg) {
    auto plan = cpu::make_exec_plan(pg, m_n_threads, m_f16_numerics, m_split, m_weight_repack);
    if (!plan) return plan.err();
    return cpu::run_exec_plan(*plan, pool(plan->n_threads), m_work.reserve(plan->work_size), governor());
}

bool cpu_backend::supports_op(const context& ctx, const tensor& op) const {
    cpu::exec_node n;
    n.op = op.op;
    n.params = op.params;
    n.dst = cpu::describe(op);
    for (int i = 0; i < op.n_src(); ++i) {
        if (!op.src[i].valid()) continue; // an optional source left out
        if (!ctx.contains(op.src[i])) return false;
        n.src[i] = cpu::describe(ctx[op.src[i]]);
        n.present |= static_cast<std::uint8_t>(1u << i);
    }
    return cpu::select_kernel(n).ok();
}

bool is_cpu(const backend& b) { return dynamic_cast<const cpu_backend*>(&b) != nullptr; }

} // namespace planscope
