#pragma once
// A schedule made when a source was opened (a model planned on device profiles,
// source/device_source.h; a program's own, captured: source/capture_document.h): the scheduler's
// outcome with the events its split and its reserve emitted, so that the document can be
// replayed, stepped and exported as if the user had scheduled it, though no backend exists to
// schedule it again.
#include "alloc/alloc_events.h"
#include "device/device_profile.h"
#include "sched/sched_events.h"
#include "sched/sched_runner.h"

#include <cstdint>
#include <string>
#include <vector>

namespace planscope {

// Where it was made: Planscope's scheduler on device profiles, or the user's ggml (a capture).
enum class recorded_origin : std::uint8_t { devices, capture };

struct recorded_schedule {
    recorded_origin origin = recorded_origin::devices;
    sched_outcome outcome;                    // its doc: the document with the copies, every tensor placed
    std::vector<sched_event> sched_events;    // split_graph's decisions
    std::vector<alloc_event> alloc_events;    // the reserve's allocation, buffers attached first
    std::vector<std::string> backend_devices; // by backend: what it is ("NVIDIA GeForce RTX 4090")
    std::vector<device_profile> profiles;     // the devices it was made over, the GPUs then the CPU
};

} // namespace planscope
