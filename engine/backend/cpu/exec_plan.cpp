#include "exec_plan.h"

#include "cpu_buffer.h"
#include "kernel_select.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
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

// MUL_MAT's src0 from its packed copy: a 2-D weight of a buffer of weights, in ggml's numerics
// (the integer kernels), of a type this CPU has a packed layout for.
packed_weight packed_src0(const buffer_table& buffers, const tensor& w, const strided_tensor& a, f16_numerics numerics) {
    if (numerics != f16_numerics::ggml || a.ne[2] != 1 || a.ne[3] != 1 || !has_packed_layout(a.type)) return {};
    auto bound = buffers.bind(w);
    const auto* buffer = bound ? dynamic_cast<const cpu_buffer*>(bound->buffer) : nullptr;
    if (!buffer || !buffer->packed()) return {};
    return buffer->packed()->get(a.type, a.data, a.nb[1], a.ne[1], a.ne[0]);
}

// Consecutive nodes that run on thread 0 alone form one segment.
std::vector<exec_segment> segment(const std::vector<exec_node>& nodes, int n_threads, split_policy split) {
    std::vector<exec_segment> out;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const bool parallel = n_threads > 1 && (split == split_policy::every_node || worth_splitting(nodes[i]));
        if (!parallel && !out.empty() && !out.back().parallel) {
            out.back().last = i + 1;
        } else {
            out.push_back({i, i + 1, parallel});
        }
    }
    return out;
}

} // namespace

std::int64_t node_cost(const exec_node& n) {
    if (n.op == op_kind::mul_mat) return n.src[0].ne[0] * n.src[0].ne[1] * n.src[1].rows();
    // Each query row reads every key and value row: a decoded token's few rows are much work.
    if (n.op == op_kind::flash_attn_ext) return n.src[0].rows() * n.src[1].ne[1] * (n.src[1].ne[0] + n.src[2].ne[0]);
    return n.dst.elements();
}

bool worth_splitting(const exec_node& n) {
    const bool products = n.op == op_kind::mul_mat || n.op == op_kind::flash_attn_ext;
    return node_cost(n) >= (std::int64_t{1} << (products ? 16 : 10));
}

std::chrono::nanoseconds team_wait(const exec_node& n) {
    if (n.op != op_kind::mul_mat && n.op != op_kind::flash_attn_ext) return {};
    return std::min(std::chrono::nanoseconds(node_cost(n) / 256), std::chrono::nanoseconds(std::chrono::milliseconds(1)));
}

result<exec_plan> make_exec_plan(const placed_graph& pg, int n_threads, f16_numerics numerics, split_policy split,
                                 bool repack) {
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
        for (int i = 0; i < t.n_src(); ++i) {
            if (!t.src[i].valid()) continue; // an optional source left out
            if (!pg.ctx.contains(t.src[i]))
                return error{"node '" + t.name + "': src" + std::to_string(i) + " does not exist"};
            n.src[i] = describe(pg.ctx[t.src[i]]);
            n.present |= static_cast<std::uint8_t>(1u << i);
        }
        auto entry = select_kernel(n);
        if (!entry) return entry.err();
        if (!entry->run) continue;

        auto dst = resolve(pg.buffers, t);
        if (!dst) return error{"node '" + t.name + "': " + dst.err().message};
        n.dst = *dst;
        for (int i = 0; i < t.n_src(); ++i) {
            if (!n.has_src(i)) continue;
            auto src = resolve(pg.buffers, pg.ctx[t.src[i]]);
            if (!src) return error{"node '" + t.name + "': src" + std::to_string(i) + ": " + src.err().message};
            n.src[i] = *src;
        }
        n.kernel = entry->run;
        n.numerics = numerics;
        if (repack && n.op == op_kind::mul_mat) n.packed = packed_src0(pg.buffers, pg.ctx[t.src[0]], n.src[0], numerics);
        if (entry->work) plan.work_size = std::max(plan.work_size, entry->work(n, n_threads));
        plan.cost += static_cast<double>(node_cost(n));
        plan.nodes.push_back(std::move(n));
    }
    plan.segments = segment(plan.nodes, n_threads, split);
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

status run_exec_plan(const exec_plan& plan, thread_pool& pool, std::byte* work, thread_governor* governor) {
    error_sink errors;
    // A graph of small nodes only does not wake the other threads at all.
    const bool shared = std::ranges::any_of(plan.segments, [](const exec_segment& s) { return s.parallel; });
    const int nth = !shared ? 1 : governor ? governor->threads_for(plan.n_threads, plan.cost) : plan.n_threads;
    if (nth > 1) pool.wake(nth);
    spin_barrier alone(1);
    // One counter per node, all zero before the run: nothing to reset between nodes.
    const auto next_unit = std::make_unique<std::atomic<std::int64_t>[]>(plan.nodes.size());
    const std::int64_t slept_before = pool.slept_ns();
    // One job for every shared node, its index the team's item.
    const std::function<void(const team&)> shared_node = [&](const team& t) {
        kernel_context k{t.ith, t.nth, work, t.barrier, &errors};
        k.next_unit = &next_unit[t.item];
        plan.nodes[t.item].kernel(plan.nodes[t.item], k);
    };
    const auto start = std::chrono::steady_clock::now();
    for (const exec_segment& s : plan.segments) {
        if (s.parallel && nth > 1) {
            // A shared segment is one node (make_exec_plan's segments).
            pool.run(nth, governor ? team_wait(plan.nodes[s.first]) : thread_pool::all_threads, shared_node, s.first);
            continue;
        }
        kernel_context k{0, 1, work, &alone, &errors};
        for (std::size_t i = s.first; i < s.last; ++i) {
            k.next_unit = &next_unit[i];
            plan.nodes[i].kernel(plan.nodes[i], k);
        }
    }
    if (governor && shared) {
        const auto wall = std::chrono::steady_clock::now() - start;
        governor->record(plan.n_threads, nth, std::chrono::duration_cast<std::chrono::nanoseconds>(wall).count(),
                         pool.slept_ns() - slept_before, plan.cost);
    }
    if (std::string message = errors.take(); !message.empty()) return error{std::move(message)};
    return success();
}

} // namespace planscope::cpu
