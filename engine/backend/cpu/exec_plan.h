#pragma once
// ggml_graph_plan and ggml_graph_compute for the CPU backend: a graph resolved once into kernel
// calls on addresses, with the work-buffer size its nodes need, then run as one parallel region.
#include "backend/backend.h"
#include "exec_node.h"
#include "thread_governor.h"

#include <chrono>
#include <memory>
#include <vector>

namespace planscope::cpu {

// Which nodes are shared among the threads. A node too small to pay for the barrier after it runs
// on thread 0 alone, and consecutive such nodes need no barrier between them: on a busy machine
// every barrier can wait for a thread that lost its core.
enum class split_policy { by_size, every_node };

// Nodes [first, last): one node shared by all threads, or a run of small nodes on thread 0.
struct exec_segment {
    std::size_t first = 0, last = 0;
    bool parallel = false;
};

struct exec_plan {
    std::vector<exec_node> nodes;       // the nodes that compute something, in graph order
    std::vector<exec_segment> segments; // all nodes, in order; each done before the next starts
    std::size_t work_size = 0;          // the largest work memory a node needs
    double cost = 0;                    // node_cost of all nodes: what the thread governor times against
    int n_threads = 1;
};

// Fails, naming the node, when a node is not supported or a tensor it reads or writes does not
// resolve to memory that holds it. Every node gets `numerics` (work sizes depend on it). With
// `repack`, MUL_MAT reads weights of buffers of weights from packed copies where it can
// (cpu_buffer::mark_weights).
result<exec_plan> make_exec_plan(const placed_graph& pg, int n_threads, f16_numerics numerics = f16_numerics::ggml,
                                 split_policy split = split_policy::by_size, bool repack = false);

// A node's cost: multiply-adds of MUL_MAT and FLASH_ATTN_EXT, result elements of other ops.
std::int64_t node_cost(const exec_node& n);

// Whether a node is big enough to share among threads (split_policy::by_size): MUL_MAT and
// FLASH_ATTN_EXT from 2^16 multiply-adds, other ops from 2^10 result elements, a few microseconds
// of work, several times a spinning barrier's cost (stories260K's 32-token prompt on 2 threads:
// 1.0-1.3 ms per evaluation with 2^21 / 2^16, 0.8 ms with these). On a busy machine, where
// barriers cost far more, the thread governor takes such plans down to one thread.
bool worth_splitting(const exec_node& n);

// How long a governed run waits for workers to join a node's team (thread_pool::run): for
// products, node_cost / 256 ns, at most 1 ms (a sixteenth of the node's time on one thread at 16
// multiply-adds a nanosecond, q4_0 decode here; a quarter at 64, f32): a 4096 x 4096 decode
// product waits up to 65 us, stories260K's largest 0.6 us; other nodes do not wait. Without it a
// graph of one large node never had a worker: the worker, asleep when the graph started, was
// woken then but came too late for that node, and slept again during it.
std::chrono::nanoseconds team_wait(const exec_node& n);

// 64-byte aligned memory that only grows.
class work_buffer {
public:
    std::byte* reserve(std::size_t size);

private:
    struct aligned_delete {
        void operator()(std::byte* p) const;
    };
    std::unique_ptr<std::byte, aligned_delete> m_data;
    std::size_t m_size = 0;
};

// Runs the plan on plan.n_threads threads of `pool` (which must have that many), or as many as
// `governor` allows, with `work` (at least plan.work_size bytes). With a governor, each shared
// node takes the workers ready at that moment (thread_pool.h): a run never waits for a worker to
// start or wake. Fails with the first error a kernel reported.
status run_exec_plan(const exec_plan& plan, thread_pool& pool, std::byte* work, thread_governor* governor = nullptr);

} // namespace planscope::cpu
