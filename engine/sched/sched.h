#pragma once
// ggml_backend_sched: several backends computing one graph. Backends come in priority order (at
// most 4); each has a tensor allocator, in measure mode until init_measure() turns the measured
// maxima into real buffers. graph_compute() = split (split_graph.h) -> allocate the split graph
// with the graph allocator in per-node allocator mode -> per split, copy its inputs then compute
// (timed) -> reset. Usage, as the seed's example:
//
//   auto s = scheduler::create(backends, table, first_id, buffer_backend_of_table(table, backends));
//   build the measure graph; s->allocator(0).alloc(ctx, input) for inputs; s->init_measure(ctx, g);
//   per evaluation: build the graph, pre-allocate inputs, set data, s->graph_compute(ctx, g).
#include "sched_events.h"
#include "split_graph.h"

#include "alloc/graph_allocator.h"
#include "alloc/tensor_allocator.h"
#include "backend/backend.h"
#include "backend/buffer_table.h"
#include "core/document.h"

#include <memory>
#include <span>

namespace planscope {

// The scheduler's names for its backends: each backend's name, a repeated one with its index
// appended ("CPU", "CPU1" for two CPU instances). Copies are named after these.
std::vector<std::string> display_names(std::span<backend* const> backends);
// backend::remote() of each, for sched_plan::backend_remote.
std::vector<bool> remote_backends(std::span<backend* const> backends);

// buffer_backend_fn for placements in real memory: the backend that owns the registered buffer.
buffer_backend_fn buffer_backend_of_table(const buffer_table& table, std::span<backend* const> backends);
// buffer_backend_fn for planning without memory: a document buffer's backend name ("CPU",
// "GPU", ...) matched against the scheduler's display names; otherwise a non-CPU name goes to the
// first backend not named CPU, or else to backend 1 (two CPU instances: the second one).
buffer_backend_fn buffer_backend_of_document(const graph_document& doc, const std::vector<std::string>& names);
// Each document buffer's backend as the scheduler names it (buffer_backend_of_document): a
// model's offloaded weights ("weights_gpu", backend "GPU") are on "OpenCL" or "CPU1".
std::vector<std::string> buffer_backend_names(const graph_document& doc, const std::vector<std::string>& names);

// Per backend: the splits' copy and compute times, bytes copied and splits computed
// (scheduler::totals; the ggml 2026 runner's too).
std::vector<sched_backend_totals> split_totals(std::span<const sched_split_timing> timings, std::size_t n_backends);

class scheduler {
public:
    // ggml_backend_sched_new. Errors: no backends, more than sched_max_backends (fix 3: the seed
    // asserts), a null backend, a measure buffer the backend cannot make. Compute buffers get
    // ids first_buffer, first_buffer + 1, ...; `external` resolves every other buffer.
    static result<std::unique_ptr<scheduler>> create(std::vector<backend*> backends, buffer_table& table,
                                                     buffer_id first_buffer, buffer_backend_fn external);

    [[nodiscard]] int n_backends() const { return static_cast<int>(m_backends.size()); }
    [[nodiscard]] backend& get_backend(int i) const { return *m_backends[static_cast<std::size_t>(i)]; }
    // "CPU", "OpenCL"; a repeated name gets its index appended ("CPU", "CPU1").
    [[nodiscard]] const std::vector<std::string>& backend_names() const { return m_names; }
    // sched_backend_prio: the backend's index, -1 for one the scheduler does not have.
    [[nodiscard]] int backend_index(const backend& b) const;

    // ggml_backend_sched_get_tallocr / _get_buffer: for pre-allocating inputs. The buffer is the
    // 1-byte measure buffer until init_measure.
    [[nodiscard]] tensor_allocator& allocator(int b) { return m_allocs[static_cast<std::size_t>(b)]; }
    [[nodiscard]] const std::shared_ptr<backend_buffer>& buffer(int b) const {
        return m_buffers[static_cast<std::size_t>(b)];
    }
    [[nodiscard]] std::vector<sched_buffer_info> buffers() const;
    [[nodiscard]] bool measured() const { return m_measured; }

    // ggml_backend_sched_set_node_backend. Kept across splits until cleared (fix 1: the seed wipes
    // them at the start of every split). Errors for a backend index out of range.
    status set_node_backend(tensor_id node, int b);
    void clear_node_backends() { m_user.clear(); }
    [[nodiscard]] const std::unordered_map<tensor_id, int>& node_backends() const { return m_user; }

    void set_observer(sched_observer* observer) { m_observer = observer; }
    // Receives the allocators' events (graph allocator and every tensor allocator).
    void set_alloc_observer(alloc_observer* observer);

    // sched_split_graph alone (what `plan --backends` shows). Like the seed it leaves the copies
    // and rewritten sources in the context (restore_graph undoes them) and, after graph_compute,
    // the placements: a graph computed once sees its nodes as pre-allocated ("1.dst") if split
    // again, so build the graph anew per evaluation, as llama.cpp does.
    result<const sched_plan*> split(context& ctx, const graph& g);
    // ggml_backend_sched_init_measure: split, allocate in measure mode, then real buffers of the
    // measured sizes, registered in the table; the allocators are reset.
    status init_measure(context& ctx, const graph& g);
    // ggml_backend_sched_graph_compute. Outputs stay readable through the table afterwards.
    // Errors: init_measure not called, the graph larger than the hash capacity, any split,
    // allocation, copy or compute failure (the allocators are reset either way).
    status graph_compute(context& ctx, const graph& g);

    [[nodiscard]] const sched_plan& plan() const { return m_plan; }
    // The last graph allocation's inplace decisions (init_measure's, or graph_compute's).
    [[nodiscard]] const inplace_list& inplace_decisions() const { return m_galloc.inplace_decisions(); }
    [[nodiscard]] const std::vector<sched_split_timing>& timings() const { return m_timings; }
    [[nodiscard]] std::vector<sched_backend_totals> totals() const;

private:
    scheduler() = default;
    split_config config();
    status alloc_splits(context& ctx);
    status compute_splits(context& ctx);
    void reset();

    std::vector<backend*> m_backends;
    std::vector<std::string> m_names;
    buffer_table* m_table = nullptr;
    buffer_id m_first;
    buffer_backend_fn m_external;
    std::vector<std::shared_ptr<backend_buffer>> m_buffers;
    std::vector<tensor_allocator> m_allocs;
    std::vector<std::size_t> m_measured_sizes;
    std::vector<std::vector<free_block>> m_measured_free;
    graph_allocator m_galloc;
    alloc_observer* m_alloc_observer = nullptr;
    std::unordered_map<tensor_id, int> m_user;
    sched_observer* m_observer = nullptr;
    bool m_measured = false;
    std::size_t m_hash_capacity = 0;
    sched_plan m_plan;
    const graph* m_split_graph = nullptr; // the graph m_plan splits
    std::vector<sched_split_timing> m_timings;
};

} // namespace planscope
