#pragma once
// The scheduler and allocator llama.cpp da46e59c's context makes over a model's devices
// (llama_context's constructor): one backend per GPU of the model in order, then the CPU; each
// GPU's default buffer type, the CPU's the first GPU's host (pinned) buffer type when it has one;
// supports_op and offload_op from the device profiles; pipeline parallelism (4 copies of the
// inputs) with several GPUs, every layer offloaded, layer split, the KV cache offloaded and no
// tensor override; the "norm" of each layer pinned to its layer's device when the batch is under
// 32 tokens or every layer is offloaded (graph_get_cb).
#include "alloc/ggml2026/graph_planner.h"
#include "llm/llm_build.h"
#include "llm/llm_placement.h"
#include "sched/ggml2026/sched_2026.h"

#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace planscope {

struct llm_sched_backend {
    std::string name;         // "CUDA0", "CPU"
    device_buffer_type buffer; // its compute buffer's type
    int device = -1;          // an index into the placement's gpus, -1 for the CPU
};

class llm_device_sched {
public:
    // op_offload: ggml_backend_sched_new's (false: --no-op-offload); n_layer the model's.
    llm_device_sched(const llm_placement& placement, std::uint32_t n_layer, bool op_offload);

    [[nodiscard]] const std::vector<llm_sched_backend>& backends() const { return m_backends; }
    [[nodiscard]] int n_copies() const { return m_n_copies; }

    // The scheduler's view of one graph of the model: the build's weight and KV buffers by type,
    // and the norms' user assignments (kept in `user`, which must outlive the config).
    [[nodiscard]] ggml2026::sched_config_2026 config(const llm_graph_build& build,
                                                     std::unordered_map<tensor_id, int>& user) const;
    // The same for any graph of the model's (a captured one: source/capture_devices.h): `buffers`
    // every buffer of doc before the graph is planned, the norms pinned for a batch of n_tokens.
    [[nodiscard]] ggml2026::sched_config_2026 config(const graph_document& doc, std::span<const llm_buffer_total> buffers,
                                                     std::uint32_t n_tokens,
                                                     std::unordered_map<tensor_id, int>& user) const;
    // The allocator's buffer types, one per backend (a type two backends share is planned once);
    // their allocation sizes read the sources of ctx's nodes, which must outlive them.
    [[nodiscard]] std::vector<ggml2026::buffer_type_info> buffer_types(const context& ctx) const;

private:
    const llm_placement& m_placement;
    std::uint32_t m_n_layer;
    bool m_op_offload;
    int m_n_copies = 1;
    std::vector<llm_sched_backend> m_backends;
};

} // namespace planscope
