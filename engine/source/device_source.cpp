#include "device_source.h"

#include "graph_source.h"
#include "llm_context/llm_device_plan.h"
#include "model_params.h"
#include "models/gguf.h"
#include "sched/recorded_schedule.h"

namespace planscope {
namespace {

class alloc_keeper final : public alloc_observer {
public:
    void on_event(const alloc_event& e) override { events.push_back(e); }
    std::vector<alloc_event> events;
};

// What each scheduler backend is: a GPU's profile by its name, else the host's.
std::vector<std::string> backend_devices(const std::vector<std::string>& names, const llm_device_set& devices) {
    std::vector<std::string> out;
    for (const std::string& n : names) {
        const device_profile* d = &devices.cpu;
        for (const device_profile& g : devices.gpus)
            if (g.name == n) d = &g;
        out.push_back(d->description.empty() ? d->name : d->description);
    }
    return out;
}

} // namespace

result<opened_source> llama_source::build_on_devices(const llama_params& base, const llm_device_request& devices) const {
    const llama_params p = params(base);
    auto cparams = llm_context_params_of(p);
    if (!cparams) return cparams.err();
    auto file = model_file(p);
    if (!file) return file.err();
    sched_recorder sched;
    alloc_keeper alloc;
    auto planned = llm_device_plan(**file, *cparams, devices.devices, devices.placement, devices.op_offload, {&sched, &alloc});
    if (!planned) return planned.err();
    planned->graph.name = document_name();
    planned->scheduled.doc.name = planned->graph.name;
    auto recorded = std::make_shared<recorded_schedule>();
    recorded->backend_devices = backend_devices(planned->scheduled.backend_names, devices.devices);
    recorded->profiles = devices.devices.gpus;
    recorded->profiles.push_back(devices.devices.cpu);
    recorded->outcome = std::move(planned->scheduled);
    recorded->sched_events = sched.events();
    recorded->alloc_events = std::move(alloc.events);
    opened_source out{std::move(planned->graph), std::move(planned->inputs), {}, {}, ggml_version::v2026, {}, {}};
    out.llm_reserve = std::make_shared<const llm_reserve_result>(std::move(planned->reserve));
    out.recorded = std::move(recorded);
    return out;
}

} // namespace planscope
