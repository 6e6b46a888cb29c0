#pragma once
// The CPU backend (ggml-backend.c's cpu_backend_i): host buffers, memcpy transfers, and graphs
// computed by the kernels of this folder on a reusable pool of n_threads threads. One call at a
// time: a backend belongs to one thread (the session's worker), as a ggml_backend_t does.
#include "backend/backend.h"
#include "exec_plan.h"
#include "thread_pool.h"

#include <memory>

namespace planscope {

class cpu_backend final : public backend {
public:
    // The seed's TENSOR_ALIGNMENT: enough for AVX-512.
    static constexpr std::size_t tensor_alignment = 64;

    explicit cpu_backend(int n_threads = cpu::default_thread_count());

    // ggml_backend_cpu_set_n_threads; values below 1 mean 1.
    void set_n_threads(int n_threads);
    [[nodiscard]] int n_threads() const { return m_n_threads; }
    // How MUL_MAT rounds activations against f16 weights (ggml's f16 rounding by default); plans
    // made afterwards use it.
    void set_f16_numerics(planscope::f16_numerics numerics) { m_f16_numerics = numerics; }
    [[nodiscard]] planscope::f16_numerics f16_numerics() const { return m_f16_numerics; }
    // by_size (the default) runs small nodes on one thread; every_node shares every node (tests of
    // the kernels' splits).
    void set_split_policy(cpu::split_policy split) { m_split = split; }
    // On (the default), runs use fewer threads while the machine is too busy for all of them
    // (thread_governor.h); off, every run uses n_threads (tests of the kernels' splits).
    void set_adaptive_threads(bool on) { m_adaptive_threads = on; }
    // ggml_backend_cpu_buffer_from_ptr: see cpu_buffer::wrap.
    std::shared_ptr<backend_buffer> buffer_from_ptr(buffer_id id, void* ptr, std::size_t size);
    // The same for memory holding weights that do not change (a model file's mapping):
    // cpu_buffer::mark_weights.
    std::shared_ptr<backend_buffer> weights_from_ptr(buffer_id id, void* ptr, std::size_t size);
    // On (the default), MUL_MAT reads q4_0, q8_0, q4_K and q6_K weights of buffers of weights from packed
    // copies where this CPU has kernels for them (qpack.h), as llama.cpp's CPU_REPACK buffers do;
    // off, as they are (llama.cpp's --no-repack). Plans made afterwards use it.
    void set_weight_repack(bool on) { m_weight_repack = on; }
    [[nodiscard]] bool weight_repack() const { return m_weight_repack; }

    [[nodiscard]] std::string_view name() const override { return "CPU"; }
    result<std::shared_ptr<backend_buffer>> alloc_buffer(buffer_id id, std::size_t size) override;
    [[nodiscard]] std::size_t alignment() const override { return tensor_alignment; }
    status set_tensor_async(const bound_tensor& t, const void* data, std::size_t offset, std::size_t size) override;
    status get_tensor_async(const bound_tensor& t, void* data, std::size_t offset, std::size_t size) override;
    status synchronize() override { return success(); } // every transfer is a memcpy, done on return
    // The destination is this backend's: read the source straight into it.
    copy_outcome copy_tensor_from(const bound_tensor& src, const bound_tensor& dst) override;
    // The source is this backend's: write it straight into the destination.
    copy_outcome copy_tensor_to(const bound_tensor& src, const bound_tensor& dst) override;
    // The plan owns its work buffer and runs with the thread count set when it was made.
    result<std::unique_ptr<graph_plan>> graph_plan_create(const placed_graph& pg) override;
    status graph_plan_compute(graph_plan& plan) override;
    // Plans and runs at once, reusing one work buffer that grows to the largest graph's need.
    status graph_compute(const placed_graph& pg) override;
    [[nodiscard]] bool supports_op(const context& ctx, const tensor& op) const override;

private:
    cpu::thread_pool& pool(int n_threads);
    cpu::thread_governor* governor() { return m_adaptive_threads ? &m_governor : nullptr; }

    int m_n_threads;
    planscope::f16_numerics m_f16_numerics = planscope::f16_numerics::ggml;
    cpu::split_policy m_split = cpu::split_policy::by_size;
    bool m_adaptive_threads = true;
    bool m_weight_repack = true;
    cpu::thread_governor m_governor{&cpu::governor_memory::process()};
    std::unique_ptr<cpu::thread_pool> m_pool; // made with the backend, remade when more threads are asked for
    cpu::work_buffer m_work;
};

// A CPU backend's plan: ggml_backend_plan_cpu (cplan + graph).
class cpu_graph_plan final : public graph_plan {
public:
    cpu_graph_plan(const cpu_backend& owner, cpu::exec_plan plan) : m_owner(&owner), m_plan(std::move(plan)) {
        m_work.reserve(m_plan.work_size);
    }
    // The cplan's work_size: the largest work memory a node needs.
    [[nodiscard]] std::size_t work_size() const { return m_plan.work_size; }
    [[nodiscard]] int n_threads() const { return m_plan.n_threads; }

private:
    friend class cpu_backend;
    const cpu_backend* m_owner;
    cpu::exec_plan m_plan;
    cpu::work_buffer m_work;
};

// ggml_backend_is_cpu.
bool is_cpu(const backend& b);

} // namespace planscope
