// llama.cpp da46e59c's common_fit_params (common/fit.cpp 789-813) and the first passes of
// common_params_fit_impl (176-398); the layer passes are llm_fit_auto_layers.cpp.
#include "llm_fit_auto_passes.h"

#include <algorithm>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>

namespace planscope {
namespace llm_fit_auto_detail {

void fit_state::log(const char* format, ...) {
    va_list args;
    va_start(args, format);
    va_list again;
    va_copy(again, args);
    const int n = std::vsnprintf(nullptr, 0, format, args);
    va_end(args);
    std::string line(n > 0 ? static_cast<std::size_t>(n) : 0, '\0');
    if (n > 0) std::vsnprintf(line.data(), line.size() + 1, format, again);
    va_end(again);
    steps.push_back("common_params_fit_impl: " + line);
}

pass_end fit_state::fail(std::string reason) {
    failure = std::move(reason);
    return pass_end::done;
}

result<dmds_t> fit_state::device_memory(const llm_placement_params& p) {
    llm_placement_params copy = p;
    copy.use_mmap = false; // mparams_copy.use_mmap = false (fit.cpp 57)
    auto r = llm_fit(file, cparams, devices, copy, op_offload);
    if (!r) return r.err();
    ++plans;
    const llm_device_memory& host = r->devices.back();
    const auto as_i64 = [](std::uint64_t v) { return static_cast<std::int64_t>(std::min<std::uint64_t>(v, INT64_MAX)); };
    dmds_t out;
    for (const int g : devs) {
        const llm_device_memory& d = r->devices.at(static_cast<std::size_t>(g));
        device_memory_data m{as_i64(d.total), as_i64(d.free), as_i64(d.model), as_i64(d.context), as_i64(d.compute)};
        // A device that reports no memory: the host's for an accelerator or RPC host, nothing for
        // a GPU (fit.cpp 118-130; the warning is logged once, by llm_fit_auto).
        const device_kind kind = devices.gpus[static_cast<std::size_t>(g)].kind;
        if (m.free == 0 && m.total == 0 && kind != device_kind::gpu && kind != device_kind::igpu) {
            m.free = as_i64(host.free);
            m.total = as_i64(host.total);
        }
        out.push_back(m);
    }
    out.push_back({as_i64(host.total), as_i64(host.free), as_i64(host.model), as_i64(host.context), as_i64(host.compute)});
    return out;
}

pass_end check_initial(fit_state& s, const dmds_t& dmds_full) {
    const std::size_t nd = s.nd();
    if (nd == 0) {
        const std::int64_t sum_projected_used = dmds_full.back().used();
        const std::int64_t sum_free = dmds_full.back().total; // the host's total, not its free memory
        const std::int64_t sum_projected_free = sum_free - sum_projected_used;
        s.log("projected to use %" PRId64 " MiB of host memory vs. %" PRId64 " MiB of total host memory",
              sum_projected_used / MiB, sum_free / MiB);
        if (sum_projected_free >= s.margins[0]) {
            s.log("will leave %" PRId64 " >= %" PRId64 " MiB of system memory, no changes needed",
                  sum_projected_free / MiB, s.margins[0] / MiB);
            return pass_end::done;
        }
        return pass_end::next;
    }
    if (nd > 1) s.log("projected memory use with initial parameters [MiB]:");
    std::int64_t sum_free = 0, sum_projected_used = 0;
    bool changes_needed = false;
    for (std::size_t id = 0; id < nd; ++id) {
        const device_memory_data& dmd = dmds_full[id];
        const std::int64_t projected_free = dmd.free - dmd.used();
        sum_free += dmd.free;
        sum_projected_used += dmd.used();
        changes_needed = changes_needed || projected_free < s.margins[id];
        if (nd > 1)
            s.log("  - %s: %6" PRId64 " total, %6" PRId64 " used, %6" PRId64 " free vs. target of %6" PRId64,
                  s.dev_names[id].c_str(), dmd.total / MiB, dmd.used() / MiB, projected_free / MiB,
                  s.margins[id] / MiB);
    }
    s.log("projected to use %" PRId64 " MiB of device memory vs. %" PRId64 " MiB of free device memory",
          sum_projected_used / MiB, sum_free / MiB);
    if (changes_needed) return pass_end::next;
    if (nd == 1)
        s.log("will leave %" PRId64 " >= %" PRId64 " MiB of free device memory, no changes needed",
              (dmds_full[0].free - dmds_full[0].used()) / MiB, s.margins[0] / MiB);
    else
        s.log("targets for free memory can be met on all devices, no changes needed");
    return pass_end::done;
}

result<pass_end> reduce_context(fit_state& s, const dmds_t& dmds_full) {
    const std::size_t nd = s.nd();
    // The sums of step 1 over the model's GPUs, or the host alone.
    std::int64_t sum_free = 0, sum_projected_used = 0, sum_projected_model = 0, sum_margins = 0;
    if (nd == 0) {
        sum_projected_used = dmds_full.back().used();
        sum_free = dmds_full.back().total;
        sum_margins = s.margins[0];
    }
    for (std::size_t id = 0; id < nd; ++id) {
        sum_free += dmds_full[id].free;
        sum_projected_used += dmds_full[id].used();
        sum_projected_model += dmds_full[id].model;
        sum_margins += s.margins[id];
    }
    const std::int64_t global_surplus = sum_free - sum_projected_used - sum_margins;
    if (global_surplus >= 0) return pass_end::next;
    if (nd <= 1)
        s.log("cannot meet free memory target of %" PRId64 " MiB, need to reduce device memory by %" PRId64 " MiB",
              s.margins[0] / MiB, -global_surplus / MiB);
    else
        s.log("cannot meet free memory targets on all devices, need to use %" PRId64 " MiB less in total",
              -global_surplus / MiB);
    if (s.cparams.n_ctx != 0) {
        s.log("context size set by user to %" PRIu32 " -> no change", s.cparams.n_ctx);
        return pass_end::next;
    }
    const std::uint32_t hp_nct = s.hp_nct, n_ctx_min = s.n_ctx_min;
    if (hp_nct <= n_ctx_min) {
        if (n_ctx_min == llm_fit_full_ctx)
            s.log("user has requested full context size of %" PRIu32 " -> no change", hp_nct);
        else
            s.log("default model context size is %" PRIu32 " which is <= the min. context size of %" PRIu32
                  " -> no change",
                  hp_nct, n_ctx_min);
        return pass_end::next;
    }
    std::int64_t sum_used_target = sum_free - sum_margins;
    if (nd > 1) {
        // Whole layers (dense) or whole tensors (MoE, <= 1/3 of a layer) per device: half of one
        // wasted per device on average, a little more to be safe (fit.cpp 318-326). uint32_t(-1)
        // is "auto": every layer.
        const std::uint32_t ngl = std::min(static_cast<std::uint32_t>(s.mparams.n_gpu_layers), s.hp_ngl);
        if (ngl == 0) return error{"--fit: n_gpu_layers 0 over several GPUs divides by zero in llama.cpp (fit.cpp 324)"};
        const std::int64_t model_per_layer = sum_projected_model / std::int64_t{ngl};
        sum_used_target -= static_cast<std::int64_t>(nd + 1) * model_per_layer / (s.hp_nex == 0 ? 2 : 6);
    }

    s.cparams.n_ctx = n_ctx_min;
    auto dmds_min_ctx = s.device_memory(s.mparams);
    if (!dmds_min_ctx) return dmds_min_ctx.err();
    std::int64_t sum_projected_used_min_ctx = 0;
    if (nd == 0) sum_projected_used_min_ctx = dmds_min_ctx->back().used();
    for (std::size_t id = 0; id < nd; ++id) sum_projected_used_min_ctx += (*dmds_min_ctx)[id].used();

    if (sum_used_target <= sum_projected_used_min_ctx) {
        s.log("context size reduced from %" PRIu32 " to %" PRIu32 " -> need %" PRId64 " MiB less memory in total",
              hp_nct, s.cparams.n_ctx, (sum_projected_used - sum_projected_used_min_ctx) / MiB);
        return pass_end::next;
    }
    // Linear between the minimum and the trained context, rounded down to 256 for CUDA (fit.cpp
    // 339-342). sum_used_target < sum_projected_used here, so the divisor is positive.
    const std::int64_t span = std::int64_t{hp_nct - n_ctx_min};
    s.cparams.n_ctx += static_cast<std::uint32_t>(span * (sum_used_target - sum_projected_used_min_ctx) /
                                                  (sum_projected_used - sum_projected_used_min_ctx));
    s.cparams.n_ctx = std::max(s.cparams.n_ctx - s.cparams.n_ctx % 256, n_ctx_min);
    const std::int64_t bytes_per_ctx = (sum_projected_used - sum_projected_used_min_ctx) / span;
    const std::int64_t memory_reduction = std::int64_t{hp_nct - s.cparams.n_ctx} * bytes_per_ctx;
    s.log("context size reduced from %" PRIu32 " to %" PRIu32 " -> need %" PRId64 " MiB less memory in total", hp_nct,
          s.cparams.n_ctx, memory_reduction / MiB);
    if (nd <= 1) {
        s.log("entire model can be fit by reducing context");
        return pass_end::done;
    }
    s.log("entire model should be fit across devices by reducing context");
    return pass_end::next;
}

pass_end check_user_set(fit_state& s) {
    const llm_placement_params& p = s.mparams;
    if (p.n_gpu_layers != -1) return s.fail("n_gpu_layers already set by user to " + std::to_string(p.n_gpu_layers) + ", abort");
    if (s.nd() > 1) {
        for (std::size_t id = 0; id < s.nd() && id < p.tensor_split.size(); ++id)
            if (p.tensor_split[id] != 0.0f) return s.fail("model_params::tensor_split already set by user, abort");
        if (p.split_mode == llm_split_mode::row)
            return s.fail("changing weight allocation for LLAMA_SPLIT_MODE_ROW not implemented, abort");
    }
    // --n-cpu-moe is overrides in llama.cpp (arg.cpp 2466-2479).
    if (!p.overrides.empty() || p.n_cpu_moe > 0)
        return s.fail("model_params::tensor_buft_overrides already set by user, abort");
    return pass_end::next;
}

} // namespace llm_fit_auto_detail

using namespace llm_fit_auto_detail;

result<llm_fit_auto_result> llm_fit_auto(const gguf_file& file, const llm_context_params& context,
                                         const llm_device_set& devices, const llm_placement_params& placement,
                                         bool op_offload, const std::vector<std::uint64_t>& margins,
                                         std::uint32_t min_ctx) {
    auto h = read_model_hparams(file);
    if (!h) return h.err();
    auto layout = llm_placement::make(*h, devices, placement); // the model's devices (devs)
    if (!layout) return layout.err();

    fit_state s(file, devices, op_offload, min_ctx, context, placement);
    s.devs = layout->model_gpus();
    s.hp_ngl = h->n_layer;
    s.hp_nct = h->n_ctx_train;
    s.hp_nex = h->n_expert;
    const auto margin_of = [&](std::size_t id) {
        const std::uint64_t m = margins.empty() ? llm_fit_default_margin
                                : margins.size() == 1 ? margins[0]
                                : id < margins.size() ? margins[id]
                                                      : llm_fit_default_margin;
        return static_cast<std::int64_t>(std::min<std::uint64_t>(m, INT64_MAX));
    };
    for (std::size_t id = 0; id < std::max<std::size_t>(s.nd(), 1); ++id) s.margins.push_back(margin_of(id));
    std::size_t width = 0;
    for (const int g : s.devs) {
        const device_profile& d = devices.gpus[static_cast<std::size_t>(g)];
        s.dev_names.push_back(d.name + " (" + d.description + ")");
        width = std::max(width, s.dev_names.back().size());
        if (d.memory_free == 0 && d.memory_total == 0 && (d.kind == device_kind::gpu || d.kind == device_kind::igpu))
            s.steps.push_back("common_get_device_memory_data_impl: device " + d.name +
                              " did not report memory; --fit will not use it");
    }
    for (std::string& n : s.dev_names) n.resize(width, ' ');

    // A pass that ends the search ends it here; what it set stays (common_fit_params 789-813).
    const auto run = [&]() -> status {
        s.log("getting device memory data for initial parameters:");
        auto dmds_full = s.device_memory(s.mparams);
        if (!dmds_full) return dmds_full.err();
        if (check_initial(s, *dmds_full) == pass_end::done) return success();
        auto reduced = reduce_context(s, *dmds_full);
        if (!reduced) return reduced.err();
        if (*reduced == pass_end::done) return success();
        if (s.nd() == 0) {
            s.fail("was unable to fit model into system memory by reducing context, abort");
            return success();
        }
        if (check_user_set(s) == pass_end::done) return success();
        auto layers = fit_layers(s, *dmds_full);
        if (!layers) return layers.err();
        return success();
    };
    if (auto ran = run(); !ran) return error{"--fit: " + ran.err().message};

    llm_fit_auto_result out;
    if (s.failure.empty()) {
        s.steps.push_back("common_fit_params: successfully fit params to free device memory");
    } else {
        out.status = llm_fit_auto_status::failure;
        out.reason = s.failure;
        s.steps.push_back("common_fit_params: failed to fit params to free device memory: " + s.failure);
    }
    auto report = llm_fit(file, s.cparams, devices, s.mparams, op_offload);
    if (!report) return error{"--fit: " + report.err().message};
    out.context = s.cparams;
    out.placement = s.mparams;
    out.report = std::move(*report);
    out.steps = std::move(s.steps);
    out.plans = s.plans;
    return out;
}

} // namespace planscope
