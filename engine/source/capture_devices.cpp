#include "capture_devices.h"

#include "capture_weight_parts.h"

#include "core/printable.h"
#include "llm/llm_buffers.h"
#include "llm/llm_kv_cache.h"
#include "llm_context/llm_device_sched.h"
#include "models/llama_weights.h"
#include "sched/ggml2026/plan_backends_2026.h"
#include "sched/recorded_schedule.h"

#include <algorithm>

namespace planscope {
namespace {

// llama_kv_cache's "cache_k_l12" / "cache_v_l12": layer 12.
std::optional<std::uint32_t> kv_layer(std::string_view name) {
    for (const std::string_view prefix : {"cache_k_l", "cache_v_l"}) {
        if (!name.starts_with(prefix) || name.size() == prefix.size() || name.size() > prefix.size() + 6) continue;
        std::uint32_t il = 0;
        for (const char ch : name.substr(prefix.size())) {
            if (ch < '0' || ch > '9') return std::nullopt;
            il = il * 10 + static_cast<std::uint32_t>(ch - '0');
        }
        return il;
    }
    return std::nullopt;
}

// other: a weight llama.cpp does not name, or another tensor of a non-compute buffer.
enum class role : std::uint8_t { compute, weight, kv, other_weight, other };

class device_replanner {
public:
    device_replanner(const capture::graph& g, graph_document& doc, const llm_device_request& r)
        : m_g(g), m_doc(doc), m_r(r), m_roles(g.tensors.size(), role::compute), m_uses(g.tensors.size()) {}

    result<opened_source> run() {
        classify();
        auto placement = llm_placement::make(hparams(), m_r.devices, m_r.placement);
        if (!placement) return placement.err();
        if (auto s = place(*placement); !s) return s.err();

        const llm_device_sched sched(*placement, m_n_layer, m_r.op_offload);
        std::vector<llm_buffer_total> buffers = m_weights.totals();
        for (const llm_buffer_set* set : {&m_kv, &m_rest}) buffers.insert(buffers.end(), set->totals().begin(), set->totals().end());
        std::unordered_map<tensor_id, int> user;
        auto config = sched.config(m_doc, buffers, n_tokens(), user);
        sched_recorder events;
        config.observer = &events;
        graph_document work = copy_document(m_doc);
        auto split = ggml2026::split_graph(work.ctx, work.g, config);
        if (!split) return split.err();
        alloc_keeper alloc;
        const auto types = sched.buffer_types(work.ctx); // reads work.ctx until reserved
        auto scheduled = ggml2026::reserve_split(std::move(work), std::move(*split), config.backend_names, types, &alloc);
        if (!scheduled) return scheduled.err();

        auto recorded = std::make_shared<recorded_schedule>();
        for (const llm_sched_backend& b : sched.backends()) {
            const device_profile& d = b.device < 0 ? m_r.devices.cpu : m_r.devices.gpus.at(static_cast<std::size_t>(b.device));
            recorded->backend_devices.push_back(d.description.empty() ? d.name : d.description);
        }
        recorded->profiles = m_r.devices.gpus;
        recorded->profiles.push_back(m_r.devices.cpu);
        recorded->outcome = std::move(*scheduled);
        recorded->sched_events = events.events();
        recorded->alloc_events = std::move(alloc.events);
        opened_source out{std::move(m_doc), {}, std::move(m_warnings), {}, ggml_version::v2026, {}, {}};
        out.recorded = std::move(recorded);
        return out;
    }

private:
    class alloc_keeper final : public alloc_observer {
    public:
        void on_event(const alloc_event& e) override { events.push_back(e); }
        std::vector<alloc_event> events;
    };

    // Each root tensor outside the compute buffers: a weight (its use by name), a layer's K or V,
    // or another; n_layer from the layers they name.
    void classify() {
        for (std::size_t i = 0; i < m_g.tensors.size(); ++i) {
            const capture::tensor& c = m_g.tensors[i];
            if (c.view_src >= 0 || c.buffer < 0) continue;
            const capture::buffer_usage usage = m_g.buffers[static_cast<std::size_t>(c.buffer)].usage;
            if (usage == capture::buffer_usage::compute) continue;
            m_roles[i] = usage == capture::buffer_usage::weights ? role::other_weight : role::other;
            if (usage == capture::buffer_usage::weights) {
                // rope_freqs and its kin are made in layer 0 first (their reads say which layers: place_weight).
                auto use = llm_tensor_use_of(c.name, per_layer_weight(c.name) ? 0 : -1);
                if (use) {
                    m_roles[i] = role::weight;
                    m_uses[i] = *use;
                    if (use->layer_index >= 0) m_n_layer = std::max(m_n_layer, static_cast<std::uint32_t>(use->layer_index) + 1);
                }
            } else if (const auto il = kv_layer(c.name)) {
                m_roles[i] = role::kv;
                m_n_layer = std::max(m_n_layer, *il + 1);
            }
            if (m_roles[i] == role::other || m_roles[i] == role::other_weight) m_others.push_back(printable(c.name));
        }
    }

    llm_hparams hparams() const {
        llm_hparams h;
        h.n_layer = m_n_layer;
        for (const std::size_t n : m_g.nodes) {
            const capture::tensor& t = m_g.tensors[n];
            const auto src = [&](std::size_t k) -> const capture::tensor* {
                return k < t.src.size() && t.src[k] >= 0 ? &m_g.tensors[static_cast<std::size_t>(t.src[k])] : nullptr;
            };
            if (t.op == "MUL_MAT_ID" && src(2)) h.n_expert_used = static_cast<std::uint32_t>(std::clamp<std::int64_t>(src(2)->ne[0], 0, 1 << 16));
            if (t.op == "ROPE" && src(0) && h.n_head_arr.empty()) {
                h.n_embd_head_v = static_cast<std::uint32_t>(std::clamp<std::int64_t>(src(0)->ne[0], 1, 1 << 16));
                h.n_head_arr.assign(std::max<std::uint32_t>(m_n_layer, 1), static_cast<std::uint32_t>(std::clamp<std::int64_t>(src(0)->ne[1], 1, 1 << 16)));
            }
        }
        return h;
    }

    // The batch the graph was built for: a layer norm's rows (graph_get_cb pins the norms under 32).
    std::uint32_t n_tokens() const {
        for (const std::size_t n : m_g.nodes)
            if (m_g.tensors[n].name.starts_with("norm-"))
                return static_cast<std::uint32_t>(std::clamp<std::int64_t>(m_g.tensors[n].ne[1], 0, INT32_MAX));
        return 0;
    }

    // The weight's buffer, or each of its parts' (capture_weight_parts.h) for one of several uses.
    status place_weight(const llm_placement& pl, tensor_id id, const llm_tensor_use& use) {
        const tensor meta = m_doc.ctx[id];
        const weight_placer placer = [&](const llm_tensor_use& u) -> result<llm_placed_buffer> {
            auto where = pl.weight_buffer(meta.name, meta, u);
            // The CPU's type over the mapped file, as llama.cpp's breakdown names it.
            if (where && where->mapped) where->type.name = "CPU_Mapped";
            return where;
        };
        const std::vector<weight_read> reads = may_part(meta.name) ? weight_reads(m_doc, id, use) : std::vector<weight_read>{};
        if (reads.empty()) {
            auto where = placer(use);
            if (!where) return where.err();
            return m_weights.place(id, *where);
        }
        auto parts = part_weight(m_doc, id, reads, placer);
        if (!parts) return parts.err();
        for (const weight_part& p : *parts)
            if (auto s = m_weights.place(p.tensor, p.where); !s) return s;
        return success();
    }

    // Every captured buffer is replaced by the placement's; views follow their roots.
    status place(const llm_placement& pl) {
        m_doc.buffers.clear();
        for (std::size_t i = 0; i < m_doc.ctx.size(); ++i) m_doc.ctx[tensor_id{i}].where.reset();
        const llm_placed_buffer cpu{m_r.devices.cpu.buffer, -1, false, false};
        for (std::size_t i = 0; i < m_roles.size(); ++i) {
            const tensor_id id{i};
            switch (m_roles[i]) {
            case role::compute: break;
            case role::weight:
                if (auto s = place_weight(pl, id, m_uses[i]); !s) return s;
                break;
            case role::kv:
                if (auto s = m_kv.place(id, pl.kv_buffer(*kv_layer(m_doc.ctx[id].name))); !s) return s;
                break;
            case role::other_weight:
                if (auto s = m_weights.place(id, cpu); !s) return s;
                break;
            case role::other:
                if (auto s = m_rest.place(id, cpu); !s) return s;
                break;
            }
        }
        for (std::size_t i = 0; i < m_doc.ctx.size(); ++i) {
            tensor& t = m_doc.ctx[tensor_id{i}];
            if (!t.is_view()) continue;
            if (const auto& root = m_doc.ctx[t.view_src].where) t.where = placement{root->buffer, root->offset + t.view_offs};
        }
        if (!m_others.empty()) {
            std::string list;
            for (std::size_t k = 0; k < m_others.size() && k < 8; ++k) list.append(k ? ", " : "").append(m_others[k]);
            if (m_others.size() > 8) list += ", and " + std::to_string(m_others.size() - 8) + " more";
            m_warnings.push_back("placed on the CPU, not being a weight or KV cache llama.cpp names (" +
                                 std::to_string(m_others.size()) + "): " + list);
        }
        return success();
    }

    const capture::graph& m_g;
    graph_document& m_doc;
    const llm_device_request& m_r;
    std::vector<role> m_roles;
    std::vector<llm_tensor_use> m_uses;
    std::vector<std::string> m_others;
    std::vector<std::string> m_warnings;
    std::uint32_t m_n_layer = 0;
    llm_buffer_set m_weights{m_doc, std::string(weights_buffer_name), true};
    llm_buffer_set m_kv{m_doc, std::string(llm_kv_buffer_name), false};
    llm_buffer_set m_rest{m_doc, "captured", false}; // what is neither, as the capture had it: not weights
};

} // namespace

result<opened_source> capture_on_devices(const capture::graph& g, std::string name, const llm_device_request& r) {
    auto cd = document_from_capture(g, std::move(name), false);
    if (!cd) return cd.err();
    auto out = device_replanner(g, cd->doc, r).run();
    if (!out) return out.err();
    out->warnings.insert(out->warnings.begin(), cd->warnings.begin(), cd->warnings.end());
    return out;
}

result<opened_source> open_capture_on_devices(std::string_view source, const llm_device_request& r) {
    return open_capture_with(source, [&r](const capture::graph& g, std::string name) { return capture_on_devices(g, std::move(name), r); });
}

} // namespace planscope
