#pragma once
// ggml_backend_sched_split_graph of ggml 2026 (ggml-backend.cpp of d99724f2, lines 900-1460):
// assigns a backend to every tensor in five passes and cuts the graph into splits with input
// copies, giving the same plain values as the 2023 scheduler (sched_types.h) so the split
// replay, the panels and the exports read both. Each pass is its own file (pass*_2026.cpp)
// working on one sched_state_2026.
//
// What 2026 adds over 2023: buffer types per backend (a backend may use a buffer of another
// backend's type: the CPU reads any host buffer), graph inputs on the last backend ("1.inp"),
// ops following their weights ("1.wgtN") unless a better backend asks to take the op ("1.off"),
// the expansion of GPU backends up and down ("2.sup"), the upgrade to a better backend of the same
// buffer type and the best backend for an op nobody took ("3.upg", "3.best"), sources from their
// node ("4.cur", "4.vsrc"), and n_copies copies of every input for pipeline parallelism.
#include "sched/sched_events.h"
#include "sched/split_graph.h"

#include "core/error.h"

#include <functional>
#include <optional>
#include <unordered_map>

namespace planscope::ggml2026 {

// GGML_SCHED_MAX_BACKENDS, GGML_SCHED_MAX_COPIES and GGML_SCHED_MAX_SPLIT_INPUTS (the first
// capacity of a split's input list; it doubles when full).
inline constexpr std::size_t sched_max_backends = 16;
inline constexpr int sched_max_copies = 4;
inline constexpr std::size_t split_inputs_capacity = 30;

// A buffer type as the scheduler compares them: by name (ggml compares the pointers).
struct sched_buffer_type {
    std::string name; // "CPU", "OpenCL"
    bool host = false; // ggml_backend_buft_is_host
    friend bool operator==(const sched_buffer_type&, const sched_buffer_type&) = default;
};

// A buffer a tensor is already placed in: its type and whether it holds weights
// (GGML_BACKEND_BUFFER_USAGE_WEIGHTS: llama.cpp's model buffers; the KV cache is not).
struct sched_placed_buffer {
    sched_buffer_type type;
    bool weights = false;
};

// Whether backend `b` asks to take `node` away from the host backend its weights are in
// (ggml_backend_offload_op).
using offload_fn = std::function<bool(int b, const context& ctx, const tensor& node)>;

struct sched_config_2026 {
    std::vector<std::string> backend_names;  // priority order, the last one assumed the CPU
    std::vector<sched_buffer_type> bufts;    // each backend's buffer type (ggml_backend_get_default_buffer_type)
    std::vector<bool> reads_host;            // the backends that use any host buffer (the CPU's supports_buft)
    std::function<result<sched_placed_buffer>(buffer_id)> buffer; // errors for an unknown buffer
    supports_fn supports;                    // empty: every backend runs everything
    offload_fn offload;                      // empty: no backend asks
    bool op_offload = true;                  // ggml_backend_sched_new's op_offload (llama.cpp: on unless --no-op-offload)
    int n_copies = 1;                        // 1 .. sched_max_copies; > 1 for pipeline parallelism
    int cur_copy = 0;
    const std::unordered_map<tensor_id, int>* user = nullptr; // ggml_backend_sched_set_tensor_backend
    sched_observer* observer = nullptr;
};

// ggml_backend_supports_buft: backend `b` can use a buffer of type `t`.
bool supports_buft(const sched_config_2026& config, int b, const sched_buffer_type& t);

// What the passes share: the hash table's backend ids and the copies, by tensor index.
struct sched_state_2026 {
    context& ctx;
    const graph& g;
    const sched_config_2026& config;
    std::vector<int> backend_of;
    std::vector<std::string> cause_of;
    std::vector<sched_assignment> assignments;
    // hv_tensor_copies: (tensor, backend) -> one copy per n_copies.
    std::unordered_map<std::uint64_t, std::vector<tensor_id>> copies;

    sched_state_2026(context& c, const graph& gr, const sched_config_2026& cfg);
    [[nodiscard]] int n_backends() const { return static_cast<int>(config.backend_names.size()); }
    [[nodiscard]] int backend(tensor_id t) const {
        return t.valid() && t.index() < backend_of.size() ? backend_of[t.index()] : -1;
    }
    void assign(tensor_id t, int backend, sched_pass pass, std::string cause);
    void report(sched_event e) const {
        if (config.observer) config.observer->on_event(e);
    }
    [[nodiscard]] bool supports_op(int b, const tensor& node) const {
        return !config.supports || config.supports(b, ctx, node);
    }
    // The buffer a tensor or its view_src is placed in; nullopt when neither is placed.
    [[nodiscard]] result<std::optional<sched_placed_buffer>> placed(tensor_id id) const;
    // ggml_backend_sched_backend_from_buffer: the best backend that can use the buffer of `t` (or
    // its view_src) and run `op`; -1 if none or `t` is not placed.
    [[nodiscard]] result<int> backend_from_buffer(tensor_id t, const tensor& op) const;
    // ggml_backend_sched_buffer_supported: `t`'s buffer type, or its backend's, is one backend
    // `b` can use.
    [[nodiscard]] result<bool> buffer_supported(tensor_id id, int b) const;
    [[nodiscard]] const std::vector<tensor_id>* copies_of(tensor_id t, int b) const;
};

// Before pass 1: ggml_backend_sched_set_tensor_backend's assignments ("usr").
status apply_user_assignments(sched_state_2026& s);
// Pass 1 (1076-1111): leafs and nodes from where they are: their buffer ("1.dst", "1.vsrc"),
// graph inputs on the last backend ("1.inp"), the first weight source's backend ("1.wgtN") or a
// better backend that asks for the op ("1.off"). Errors for a placed tensor no backend can run.
status assign_from_current(sched_state_2026& s);
// Pass 2 (1113-1191): non-CPU backends expanded down then up, then every backend down then up,
// over unassigned nodes their backend supports ("2.sup"); view ops skipped.
void expand_assignments(sched_state_2026& s);
// Pass 3 (1193-1252): an unassigned node goes to the backend that supports it and can use the
// most of its sources ("3.best"); an assigned one moves up to a better backend of the same
// buffer type that runs it and can use all its sources ("3.upg").
status upgrade_assignments(sched_state_2026& s);
// Pass 4 (1254-1284): views from their view_src ("4.vsrc"), unassigned sources from their node
// ("4.cur"), a node still unassigned to the first backend that runs it ("2.sup"). Errors for a
// node no backend runs.
status assign_remaining(sched_state_2026& s);
// Pass 5 (1286-1423): splits where the backend changes, or where a weight of an incompatible
// buffer or a full input list asks for one; a copy "BACKEND#name#c" per input from a buffer the
// split's backend cannot use, n_copies of them (and of the graph inputs) when n_copies > 1.
status split_and_copy(sched_state_2026& s, sched_plan& plan);
// The graph the allocator plans (1439-1505): per split, for each input a view that keeps the
// input alive ("name (view)") and its copy, then the split's nodes; the leafs: with n_copies > 1
// every input copy first, then the graph's leafs. Every tensor of it gets its backend in
// plan.backend_of (the views their input's).
void build_split_graph(sched_state_2026& s, sched_plan& plan);

// All of the above in order. On error the context is restored (copies removed, sources and
// flags back).
result<sched_plan> split_graph(context& ctx, const graph& g, const sched_config_2026& config);
// Undoes what split_graph did to the context.
void undo_split(context& ctx, const graph& g, const sched_plan& plan);

} // namespace planscope::ggml2026
