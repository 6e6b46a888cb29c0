#pragma once
// A .gguf model or template:llama opened on device profiles it need not have (the GUI's Devices
// dock "Plan on These Devices"): llama.cpp da46e59c's prompt graph built with the placement
// (llm/llm_placement.h), split by the scheduler llama.cpp makes over those devices and reserved
// with their buffer types (llm_context/llm_device_plan.h), the split and the reserve recorded
// (sched/recorded_schedule.h). The document is the prompt graph before the split, as for the CPU
// (llama_source::build), with the reserve llama.cpp makes on the devices; nothing can run it.
#include "device/device_profile.h"
#include "llm/llm_placement.h"
#include "sched/opened_source.h"

namespace planscope {

struct llm_device_request {
    llm_device_set devices;
    llm_placement_params placement;
    bool op_offload = true; // false: --no-op-offload
};

} // namespace planscope
