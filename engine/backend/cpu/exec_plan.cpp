#include "exec_plan.h"

#include "kernel_select.h"

#include <new>

namespace planscope::cpu {
namespace {

result<strided_tensor> resolve(const buffer_table& buffers, const tensor& t) {
    auto bound = buffers.bind(t);
    if (!bound) return bound.err();
    // Device memory (an OpenCL buffer) has no host address: the scheduler copies such tensors first.
    if (!bound->buffer->host_visible())
        return error{"tensor '" + t.name + "' is in device memory (" + std::string(bound->owner().name()) +
                     "), which the CPU cannot read"};
    strided_tensor s = describe(t);
    s.data = bound->data();
    return s;
}

} // namespace

result<exec_plan> make_exec_plan(const placed_graph& pg, int n_threads, f16_numerics numerics) {
    exec_plan plan;
    plan.n_threads = n_threads;
    for (tensor_id id : pg.g.nodes) {
        if (!pg.ctx.contains(id)) return error{"graph node " + std::to_string(id.value) + " does not exist"};
        const tensor& t = pg.ctx[id];
        exec_node n;
        n.op = t.op;
        n.params = t.params;
        n.name = t.name;
        n.dst = describe(t);
        for (int i = 0; i < t.n_src() && i < 2; ++i) {
            if (!pg.ctx.contains(t.src[i]))
                return error{"node '" + t.name + "': src" + std::to_string(i) + " does not exist"};
            n.src[i] = describe(pg.ctx[t.src[i]]);
        }
        auto entry = select_kernel(n);
        if (!entry) return entry.err();
        if (!entry->run) continue;

        auto dst = resolve(pg.buffers, t);
        if (!dst) return error{"node '" + t.name + "': " + dst.err().message};
        n.dst = *dst;
        for (int i = 0; i < t.n_src() && i < 2; ++i) {
            auto src = resolve(pg.buffers, pg.ctx[t.src[i]]);
            if (!src) return error{"node '" + t.name + "': src" + std::to_string(i) + ": " + src.err().message};
            n.src[i] = *src;
        }
        n.kernel = entry->run;
        n.numerics = numerics;
        if (entry->work) plan.work_size = std::max(plan.work_size, entry->work(n, n_threads));
        plan.nodes.push_back(std::move(n));
    }
    return plan;
}

void work_buffer::aligned_delete::operator()(std::byte* p) const { ::operator delete(p, std::align_val_t{64}); }

std::byte* work_buffer::reserve(std::size_t size) {
    if (size > m_size || !m_data) {
        m_data.reset(static_cast<std::byte*>(::operator new(std::max<std::size_t>(size, 64), std::align_val_t{64})));
        m_size = size;
    }
    return m_data.get();
}

status run_exec_plan(const exec_plan& plan, thread_pool& pool, std::byte* work) {
    error_sink errors;
    spin_barrier barrier(plan.n_threads);
    pool.run(plan.n_threads, [&](int ith) {
        const kernel_context kc{ith, plan.n_threads, work, &barrier, &errors};
        for (const exec_node& n : plan.nodes) {
            n.kernel(n, kc);
            barrier.wait();
        }
    });
    if (std::string message = errors.take(); !message.empty()) return error{std::move(message)};
    return success();
}

} // namespace planscope::cpu
