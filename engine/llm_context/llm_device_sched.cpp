#include "llm_device_sched.h"

#include "llm/llm_kv_cache.h"
#include "sched/ggml2026/plan_backends_2026.h"

#include <algorithm>

namespace planscope {
namespace {

// ggml_backend_sched_new's n_copies with pipeline parallelism (GGML_SCHED_MAX_COPIES).
constexpr int pipeline_copies = ggml2026::sched_max_copies;

// llama_model::n_gpu_layers() > n_layer: every repeating layer and the output offloaded.
bool full_offload(const llm_placement_params& q, std::uint32_t n_layer) {
    return q.n_gpu_layers < 0 || static_cast<std::uint32_t>(q.n_gpu_layers) > n_layer;
}

bool pipeline_parallel(const llm_placement& p, std::uint32_t n_layer) {
    const llm_placement_params& q = p.params();
    // CUDA, HIP, Vulkan and Metal report async compute and events (ggml-cuda.cu:4547,
    // ggml-vulkan.cpp:17132, ggml-metal.cpp:679); an RPC host does not (ggml-rpc.cpp:1798).
    const auto& gpus = p.devices().gpus;
    const bool async = std::all_of(p.model_gpus().begin(), p.model_gpus().end(), [&](int g) {
        return gpus.at(static_cast<std::size_t>(g)).kind != device_kind::rpc;
    });
    return p.model_gpus().size() > 1 && full_offload(q, n_layer) && q.split_mode == llm_split_mode::layer && q.offload_kqv &&
           q.overrides.empty() && q.n_cpu_moe == 0 && async;
}

// The layer of a callback name "norm-IL", or -1.
int norm_layer(const std::string& name) {
    constexpr std::string_view prefix = "norm-";
    if (!name.starts_with(prefix) || name.size() == prefix.size()) return -1;
    int il = 0;
    for (char ch : std::string_view(name).substr(prefix.size())) {
        if (ch < '0' || ch > '9' || il > 1'000'000) return -1;
        il = il * 10 + (ch - '0');
    }
    return il;
}

} // namespace

llm_device_sched::llm_device_sched(const llm_placement& placement, std::uint32_t n_layer, bool op_offload)
    : m_placement(placement), m_n_layer(n_layer), m_op_offload(op_offload),
      m_n_copies(pipeline_parallel(placement, n_layer) ? pipeline_copies : 1) {
    const llm_device_set& set = placement.devices();
    for (int gi : placement.model_gpus()) {
        const device_profile& d = set.gpus.at(static_cast<std::size_t>(gi));
        m_backends.push_back({d.name, d.buffer, gi});
    }
    device_buffer_type cpu = set.cpu.buffer;
    if (!placement.model_gpus().empty())
        if (const auto& host = set.gpus.at(static_cast<std::size_t>(placement.model_gpus().front())).host_buffer)
            cpu = *host;
    m_backends.push_back({set.cpu.name, cpu, -1});
}

ggml2026::sched_config_2026 llm_device_sched::config(const llm_graph_build& build,
                                                    std::unordered_map<tensor_id, int>& user) const {
    std::vector<llm_buffer_total> buffers = build.model_buffers;
    buffers.insert(buffers.end(), build.kv_buffers.begin(), build.kv_buffers.end());
    return config(build.doc, buffers, build.ubatch.n_tokens, user);
}

ggml2026::sched_config_2026 llm_device_sched::config(const graph_document& doc, std::span<const llm_buffer_total> buffers,
                                                    std::uint32_t n_tokens,
                                                    std::unordered_map<tensor_id, int>& user) const {
    const llm_device_set& set = m_placement.devices();
    ggml2026::sched_config_2026 c;
    for (const llm_sched_backend& b : m_backends) {
        c.backend_names.push_back(b.name);
        c.bufts.push_back({b.buffer.name, b.buffer.host});
        c.reads_host.push_back(b.device < 0); // the CPU uses any host buffer; a GPU its own
    }
    // Every buffer of the document before the graph is planned: the weights' and the KV cache's.
    std::vector<std::optional<ggml2026::sched_placed_buffer>> by_id(doc.buffers.size());
    for (const llm_buffer_total& t : buffers) {
        // A GPU's own type is host memory only on unified memory; its pinned type always is.
        bool host = true;
        if (t.device >= 0)
            if (const device_buffer_type& own = set.gpus.at(static_cast<std::size_t>(t.device)).buffer; own.name == t.type)
                host = own.host;
        by_id.at(t.buffer.index()) = ggml2026::sched_placed_buffer{{t.type, host}, t.weights};
    }
    c.buffer = [by_id](buffer_id id) -> result<ggml2026::sched_placed_buffer> {
        if (id.index() >= by_id.size() || !by_id[id.index()]) return error{"unknown buffer " + std::to_string(id.value)};
        return *by_id[id.index()];
    };
    std::vector<const device_profile*> profiles;
    for (const llm_sched_backend& b : m_backends)
        profiles.push_back(b.device < 0 ? &set.cpu : &set.gpus.at(static_cast<std::size_t>(b.device)));
    c.supports = [profiles](int b, const context& ctx, const tensor& node) {
        return device_supports_op(*profiles.at(static_cast<std::size_t>(b)), ctx, node);
    };
    c.offload = [profiles](int b, const context&, const tensor& node) {
        return device_offloads_op(*profiles.at(static_cast<std::size_t>(b)), node);
    };
    c.op_offload = m_op_offload;
    c.n_copies = m_n_copies;

    user.clear();
    if (n_tokens < 32 || full_offload(m_placement.params(), m_n_layer))
        for (tensor_id id : doc.g.nodes) {
            const int il = norm_layer(doc.ctx[id].name);
            if (il < 0 || static_cast<std::uint32_t>(il) >= m_n_layer) continue;
            const int dev = m_placement.layer_device(static_cast<std::uint32_t>(il));
            const auto b = std::find_if(m_backends.begin(), m_backends.end(),
                                        [&](const llm_sched_backend& s) { return s.device == dev; });
            const int bi = static_cast<int>(b - m_backends.begin());
            if (b != m_backends.end() && device_supports_op(*profiles[static_cast<std::size_t>(bi)], doc.ctx, doc.ctx[id]))
                user.emplace(id, bi);
        }
    c.user = &user;
    return c;
}

std::vector<ggml2026::buffer_type_info> llm_device_sched::buffer_types(const context& ctx) const {
    std::vector<ggml2026::sched_buffer_type> bufts;
    for (const llm_sched_backend& b : m_backends) bufts.push_back({b.buffer.name, b.buffer.host});
    const std::vector<int> root = ggml2026::shared_roots(bufts);
    std::vector<ggml2026::buffer_type_info> out;
    for (std::size_t i = 0; i < m_backends.size(); ++i) {
        const device_buffer_type& t = m_backends[i].buffer;
        const int r = root[i];
        ggml2026::buffer_type_info info{t.alignment, t.max_size, r == static_cast<int>(i) ? -1 : r, {}};
        if (t.quantized_row_padding > 0 || t.alloc_extra != device_alloc_extra::none)
            info.alloc_size = [t, &ctx](const tensor& x) {
                auto s = device_alloc_size(t, ctx, x);
                return s ? *s : nbytes(x);
            };
        out.push_back(std::move(info));
    }
    return out;
}

} // namespace planscope
