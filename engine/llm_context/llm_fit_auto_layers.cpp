// Steps 3 and 4 of llama.cpp da46e59c's common_params_fit_impl (common/fit.cpp 400-787): layers
// filled into the devices back to front by false position, for a MoE model first with every
// partial layer's experts on the CPU, then those layers made full front to back, the first partial
// layer of a device overflowing its up / gate / down projections to the next device or the CPU.
// The counts are uint32_t as fit.cpp keeps them: its wrap-arounds are part of what it does.
#include "llm_fit_auto_passes.h"

#include <algorithm>
#include <cinttypes>

namespace planscope::llm_fit_auto_detail {
namespace {

// common_layer_fraction_t (fit.cpp 17-23): which part of a layer stays on its device.
enum class layer_fraction : std::uint8_t { none = 0, attn = 1, up = 2, gate = 3, moe = 4 };

const char* name(layer_fraction f) {
    switch (f) {
    case layer_fraction::up: return "UP";
    case layer_fraction::gate: return "GATE";
    case layer_fraction::attn: return "ATTN";
    default: return "MOE";
    }
}

// get_overflow_pattern (fit.cpp 405-442): the tensors of layer il that leave its device.
result<std::string> overflow_pattern(std::uint32_t il, layer_fraction lf) {
    if (il >= 1000) return error{"at most 1000 model layers are supported"};
    const std::string blk = "blk\\." + std::to_string(il) + "\\.";
    switch (lf) {
    case layer_fraction::attn: return blk + "ffn_(gate|up|gate_up|down).*";
    case layer_fraction::up: return blk + "ffn_(gate|gate_up|down).*";
    case layer_fraction::gate: return blk + "ffn_down.*";
    case layer_fraction::moe: return blk + "ffn_(up|down|gate_up|gate)_(ch|)exps";
    case layer_fraction::none: break;
    }
    return error{"layer fraction none has no pattern"}; // GGML_ABORT in llama.cpp
}

// ngl_t (fit.cpp 444-455): a device's layers, the last n_part of them partial.
struct ngl_t {
    std::uint32_t n_layer = 0;
    std::uint32_t n_part = 0;
    layer_fraction overflow_type = layer_fraction::moe; // of the first partial layer; the rest: moe
    [[nodiscard]] std::uint32_t n_full() const { return n_layer - n_part; }
};
using ngls_t = std::vector<ngl_t>;

class layer_fit {
public:
    layer_fit(fit_state& s, const dmds_t& dmds_full) : m_s(s), m_full(dmds_full), m_cpu(s.devices.cpu.buffer.name) {}
    result<pass_end> run();

private:
    // set_ngl_tensor_split_tbo (fit.cpp 460-498).
    status set_ngl_tensor_split_tbo(const ngls_t& ngl, const std::vector<std::string>& overflow_bufts,
                                    llm_placement_params& p) const;
    // get_memory_for_layers (fit.cpp 501-525): each device's use at these layers.
    result<std::vector<std::int64_t>> memory_for(const ngls_t& ngl, const std::vector<std::string>& overflow_bufts);
    result<std::int64_t> cpu_moe_surplus();
    status fill_dense_back_to_front(); // fit.cpp 570-639
    status fill_full_front_to_back();  // fit.cpp 650-776
    status try_one_more_layer(std::size_t id);
    // step_size of the false position (fit.cpp 604-606, 676-678).
    result<std::uint32_t> step(std::uint32_t delta, std::size_t id, std::int64_t mem_high) const;
    std::string buffer_of(std::size_t id) const {
        return m_s.devices.gpus[static_cast<std::size_t>(m_s.devs[id])].buffer.name;
    }
    void log_device(std::size_t id, bool with_parts) const;

    fit_state& m_s;
    const dmds_t& m_full;
    std::string m_cpu; // ggml_backend_cpu_buffer_type's name
    std::vector<std::int64_t> m_targets;
    std::vector<std::string> m_overflow_bufts;
    ngls_t m_ngl;
    std::vector<std::int64_t> m_mem;
    std::size_t m_id_dense_start = 0;
};

status layer_fit::set_ngl_tensor_split_tbo(const ngls_t& ngl, const std::vector<std::string>& overflow_bufts,
                                           llm_placement_params& p) const {
    const std::size_t nd = m_s.nd();
    std::uint32_t n_gpu_layers = 0;
    if (nd > 1) p.tensor_split.assign(nd, 0.0f);
    for (std::size_t id = 0; id < nd; ++id) {
        n_gpu_layers += ngl[id].n_layer;
        if (nd > 1) p.tensor_split[id] = static_cast<float>(ngl[id].n_layer);
    }
    p.n_gpu_layers = static_cast<int>(n_gpu_layers);
    std::uint32_t il0 = m_s.hp_ngl + 1 - n_gpu_layers; // the first offloaded layer
    p.overrides.clear();
    for (std::size_t id = 0; id < nd; ++id) {
        il0 += ngl[id].n_full();
        for (std::uint32_t il = il0; il < il0 + ngl[id].n_part; ++il) {
            auto pattern = overflow_pattern(il, il == il0 ? ngl[id].overflow_type : layer_fraction::moe);
            if (!pattern) return pattern.err();
            p.overrides.push_back({std::move(*pattern), il == il0 ? overflow_bufts[id] : m_cpu});
        }
        il0 += ngl[id].n_part;
    }
    return success();
}

result<std::vector<std::int64_t>> layer_fit::memory_for(const ngls_t& ngl, const std::vector<std::string>& overflow_bufts) {
    llm_placement_params p = m_s.mparams;
    if (auto set = set_ngl_tensor_split_tbo(ngl, overflow_bufts, p); !set) return set.err();
    auto dmd = m_s.device_memory(p);
    if (!dmd) return dmd.err();
    m_s.log("memory for test allocation by device:");
    std::vector<std::int64_t> mem;
    for (std::size_t id = 0; id < m_s.nd(); ++id) {
        mem.push_back((*dmd)[id].used());
        m_s.log("id=%zu, n_layer=%2" PRIu32 ", n_part=%2" PRIu32 ", overflow_type=%d, mem=%6" PRId64 " MiB", id,
                ngl[id].n_layer, ngl[id].n_part, static_cast<int>(ngl[id].overflow_type), mem.back() / MiB);
    }
    return mem;
}

result<std::uint32_t> layer_fit::step(std::uint32_t delta, std::size_t id, std::int64_t mem_high) const {
    if (mem_high == m_mem[id]) return error{"the memory does not grow with the layers: llama.cpp divides by zero here"};
    // Computed in int64_t and narrowed to uint32_t: a negative ratio (even no layer is over the
    // target) wraps to a large step, which the bound makes delta - 1.
    auto s = static_cast<std::uint32_t>(std::int64_t{delta} * (m_targets[id] - m_mem[id]) / (mem_high - m_mem[id]));
    s = std::max(s, std::uint32_t{1});
    return std::min(s, delta - 1);
}

void layer_fit::log_device(std::size_t id, bool with_parts) const {
    const std::int64_t projected_margin = m_full[id].free - m_mem[id];
    if (with_parts)
        m_s.log("  - %s: %2" PRIu32 " layers (%2" PRIu32 " overflowing), %6" PRId64 " MiB used, %6" PRId64 " MiB free",
                m_s.dev_names[id].c_str(), m_ngl[id].n_layer, m_ngl[id].n_part, m_mem[id] / MiB, projected_margin / MiB);
    else
        m_s.log("  - %s: %2" PRIu32 " layers, %6" PRId64 " MiB used, %6" PRId64 " MiB free", m_s.dev_names[id].c_str(),
                m_ngl[id].n_layer, m_mem[id] / MiB, projected_margin / MiB);
}

// fit.cpp 527-555: the surplus over the margins with every expert tensor on the CPU.
result<std::int64_t> layer_fit::cpu_moe_surplus() {
    llm_placement_params p = m_s.mparams;
    p.overrides = {{"blk\\.\\d+\\.ffn_(up|down|gate_up|gate)_(ch|)exps", m_cpu}};
    m_s.log("getting device memory data with all MoE tensors moved to system memory:");
    auto dmds_cpu_moe = m_s.device_memory(p);
    if (!dmds_cpu_moe) return dmds_cpu_moe.err();
    std::int64_t surplus = 0;
    for (std::size_t id = 0; id < m_s.nd(); ++id)
        surplus += (*dmds_cpu_moe)[id].free - (*dmds_cpu_moe)[id].used() - m_s.margins[id];
    if (surplus > 0)
        m_s.log("with only dense weights in device memory there is a total surplus of %" PRId64 " MiB", surplus / MiB);
    else
        m_s.log("with only dense weights in device memory there is still a total deficit of %" PRId64 " MiB",
                -surplus / MiB);
    return surplus;
}

status layer_fit::fill_dense_back_to_front() {
    const std::size_t nd = m_s.nd();
    const bool moe = m_s.hp_nex > 0;
    m_s.log(moe ? "filling dense-only layers back-to-front:" : "filling dense layers back-to-front:");
    for (std::size_t idp1 = nd; idp1 > 0; --idp1) {
        const std::size_t id = idp1 - 1;
        std::uint32_t n_unassigned = m_s.hp_ngl + 1;
        for (std::size_t jd = id + 1; jd < nd; ++jd) n_unassigned -= m_ngl[jd].n_layer;

        ngls_t high = m_ngl;
        high[id].n_layer = n_unassigned;
        if (moe) high[id].n_part = id < nd - 1 ? high[id].n_layer : high[id].n_layer - 1;
        if (high[id].n_layer > 0) {
            auto mem_high = memory_for(high, m_overflow_bufts);
            if (!mem_high) return mem_high.err();
            if ((*mem_high)[id] > m_targets[id]) {
                std::uint32_t delta = high[id].n_layer - m_ngl[id].n_layer;
                m_s.log("start filling device %zu, delta=%" PRIu32, id, delta);
                while (delta > 1) {
                    auto step_size = step(delta, id, (*mem_high)[id]);
                    if (!step_size) return step_size.err();
                    ngls_t test = m_ngl;
                    test[id].n_layer += *step_size;
                    if (moe) // the last device's first layer is the output's, always full
                        test[id].n_part += id == nd - 1 && test[id].n_part == 0 ? *step_size - 1 : *step_size;
                    auto mem_test = memory_for(test, m_overflow_bufts);
                    if (!mem_test) return mem_test.err();
                    if ((*mem_test)[id] <= m_targets[id]) {
                        m_ngl = test;
                        m_mem = *mem_test;
                        m_s.log("set ngl_per_device[%zu].n_layer=%" PRIu32, id, m_ngl[id].n_layer);
                    } else {
                        high = test;
                        *mem_high = *mem_test;
                        m_s.log("set ngl_per_device_high[%zu].n_layer=%" PRIu32, id, high[id].n_layer);
                    }
                    delta = high[id].n_layer - m_ngl[id].n_layer;
                }
            } else {
                m_ngl = high;
                m_mem = *mem_high;
                m_s.log("set ngl_per_device[%zu].n_layer=%" PRIu32, id, m_ngl[id].n_layer);
            }
        }
        log_device(id, false);
    }
    return success();
}

status layer_fit::fill_full_front_to_back() {
    const std::size_t nd = m_s.nd();
    m_id_dense_start = nd;
    for (std::size_t idp1 = nd; idp1 > 0 && m_ngl[idp1 - 1].n_layer > 0; --idp1) m_id_dense_start = idp1 - 1;
    m_s.log("converting dense-only layers to full layers and filling them front-to-back with overflow to next "
            "device/system memory:");
    for (std::size_t id = 0; id <= m_id_dense_start && m_id_dense_start < nd; ++id) {
        ngls_t high = m_ngl;
        for (std::size_t jd = m_id_dense_start; jd < nd; ++jd) {
            const std::uint32_t n_layer_move = jd < nd - 1 ? high[jd].n_layer : high[jd].n_layer - 1;
            high[id].n_layer += n_layer_move;
            high[jd].n_layer -= n_layer_move;
            high[jd].n_part = 0;
        }
        std::size_t id_dense_start_high = nd - 1;
        auto mem_high = memory_for(high, m_overflow_bufts);
        if (!mem_high) return mem_high.err();

        if ((*mem_high)[id] > m_targets[id]) {
            std::uint32_t delta = high[id].n_full() - m_ngl[id].n_full();
            while (delta > 1) {
                auto step_size = step(delta, id, (*mem_high)[id]);
                if (!step_size) return step_size.err();
                ngls_t test = m_ngl;
                std::size_t id_dense_start_test = m_id_dense_start;
                std::uint32_t n_converted_test = 0;
                for (; id_dense_start_test < nd; ++id_dense_start_test) {
                    const std::uint32_t n_convert_jd = std::min(*step_size - n_converted_test, test[id_dense_start_test].n_part);
                    test[id_dense_start_test].n_layer -= n_convert_jd;
                    test[id_dense_start_test].n_part -= n_convert_jd;
                    test[id].n_layer += n_convert_jd;
                    n_converted_test += n_convert_jd;
                    if (test[id_dense_start_test].n_part > 0) break;
                }
                auto mem_test = memory_for(test, m_overflow_bufts);
                if (!mem_test) return mem_test.err();
                if ((*mem_test)[id] <= m_targets[id]) {
                    m_ngl = test;
                    m_mem = *mem_test;
                    m_id_dense_start = id_dense_start_test;
                    m_s.log("set ngl_per_device[%zu].(n_layer, n_part)=(%" PRIu32 ", %" PRIu32 "), id_dense_start=%zu", id,
                            m_ngl[id].n_layer, m_ngl[id].n_part, m_id_dense_start);
                } else {
                    high = test;
                    *mem_high = *mem_test;
                    id_dense_start_high = id_dense_start_test;
                    m_s.log("set ngl_per_device_high[%zu].(n_layer, n_part)=(%" PRIu32 ", %" PRIu32
                            "), id_dense_start_high=%zu",
                            id, high[id].n_layer, high[id].n_part, id_dense_start_high);
                }
                delta = high[id].n_full() - m_ngl[id].n_full();
            }
        } else {
            m_ngl = high;
            m_mem = *mem_high;
            m_id_dense_start = id_dense_start_high;
            m_s.log("set ngl_per_device[%zu].(n_layer, n_part)=(%" PRIu32 ", %" PRIu32 "), id_dense_start=%zu", id,
                    m_ngl[id].n_layer, m_ngl[id].n_part, m_id_dense_start);
        }
        if (m_id_dense_start >= nd) return error{"every partial layer converted: llama.cpp reads past its devices here"};
        if (auto more = try_one_more_layer(id); !more) return more.err();
        log_device(id, true);
    }
    // The devices the conversion did not reach (fit.cpp 778-784).
    for (std::size_t id = m_id_dense_start + 1; id < nd; ++id) log_device(id, true);
    return success();
}

// fit.cpp 720-770: one more layer on device id, its first partial one overflowing the up, then the
// gate projection to the next device (or the CPU), else everything but the attention.
status layer_fit::try_one_more_layer(std::size_t id) {
    const std::size_t nd = m_s.nd();
    if (m_ngl[m_id_dense_start].n_layer <= (id < nd - 1 ? 0u : 1u)) return success();
    ngls_t test = m_ngl;
    std::size_t id_dense_start_test = m_id_dense_start;
    test[id_dense_start_test].n_layer--;
    test[id_dense_start_test].n_part--; // may wrap: fit.cpp's n_full() and pattern loop wrap back
    test[id].n_layer++;
    test[id].n_part++;
    if (test[id_dense_start_test].n_part == 0) id_dense_start_test++;
    std::vector<std::string> overflow_bufts_test = m_overflow_bufts;
    if (id < nd - 1) overflow_bufts_test[id] = buffer_of(id + 1);
    const auto fits = [&](const std::vector<std::int64_t>& mem) {
        return mem[id] < m_targets[id] && (id + 1 == nd || mem[id + 1] < m_targets[id + 1]);
    };
    const auto attempt = [&](layer_fraction lf) -> result<bool> {
        test[id].overflow_type = lf;
        m_s.log("trying to fit one extra layer with overflow_type=LAYER_FRACTION_%s", name(lf));
        auto mem_test = memory_for(test, overflow_bufts_test);
        if (!mem_test) return mem_test.err();
        if (!fits(*mem_test)) return false;
        m_ngl = test;
        m_overflow_bufts = overflow_bufts_test;
        m_mem = *mem_test;
        m_id_dense_start = id_dense_start_test;
        m_s.log("set ngl_per_device[%zu].(n_layer, n_part, overflow_type)=(%" PRIu32 ", %" PRIu32 ", %s), id_dense_start=%zu",
                id, m_ngl[id].n_layer, m_ngl[id].n_part, name(lf), m_id_dense_start);
        return true;
    };
    auto up = attempt(layer_fraction::up);
    if (!up) return up.err();
    if (*up) {
        auto gate = attempt(layer_fraction::gate);
        if (!gate) return gate.err();
        return success();
    }
    auto attn = attempt(layer_fraction::attn);
    if (!attn) return attn.err();
    return success();
}

result<pass_end> layer_fit::run() {
    const std::size_t nd = m_s.nd();
    std::int64_t global_surplus_cpu_moe = 0;
    if (m_s.hp_nex > 0) {
        auto surplus = cpu_moe_surplus();
        if (!surplus) return surplus.err();
        global_surplus_cpu_moe = *surplus;
    }
    for (std::size_t id = 0; id < nd; ++id) {
        m_targets.push_back(m_full[id].free - m_s.margins[id]);
        m_s.log("id=%zu, target=%" PRId64 " MiB", id, m_targets[id] / MiB);
    }
    m_overflow_bufts.assign(nd, m_cpu);
    m_ngl.assign(nd, ngl_t{});
    auto mem = memory_for(m_ngl, m_overflow_bufts);
    if (!mem) return mem.err();
    m_mem = std::move(*mem);

    if (auto filled = fill_dense_back_to_front(); !filled) return filled.err();
    if (m_s.hp_nex > 0 && global_surplus_cpu_moe > 0)
        if (auto converted = fill_full_front_to_back(); !converted) return converted.err();
    if (auto set = set_ngl_tensor_split_tbo(m_ngl, m_overflow_bufts, m_s.mparams); !set) return set.err();
    return pass_end::done;
}

} // namespace

result<pass_end> fit_layers(fit_state& s, const dmds_t& dmds_full) { return layer_fit(s, dmds_full).run(); }

} // namespace planscope::llm_fit_auto_detail
