#pragma once
// A captured graph re-planned on device profiles (`plan FILE.pscap --device P`, `export ...
// --device P`, the Devices dock's Plan on These Devices on a capture): the graph the user's
// llama.cpp built, its weights and KV cache placed again as llama.cpp da46e59c would place them
// on those devices (llm/llm_placement.h, by each weight's GGUF name and the op that reads it; the
// KV cache by its "cache_k_lN" / "cache_v_lN" layer), then split by the scheduler llama.cpp makes
// over the devices and reserved with their buffer types (llm_context/llm_device_sched.h), the
// split and the reserve recorded (sched/recorded_schedule.h) as for a model planned on devices.
//
// What the placement needs of the model is read from the graph: n_layer (the highest layer a
// weight or cache names, plus one), expert_used_count (a MUL_MAT_ID's ids), the heads a ROPE
// rotates. A weight whose name llama.cpp does not know, and any other tensor outside the compute
// buffers, is put in the CPU's buffer, named in one warning.
#include "capture_document.h"
#include "device_source.h"

namespace planscope {

// Errors: the placement's (llm_placement::make, weight_buffer), document_from_capture's, the
// scheduler's and allocator's.
result<opened_source> capture_on_devices(const capture::graph& g, std::string name, const llm_device_request& r);

// Reads the file, selects the record (capture_document.h's selection) and plans it on the devices;
// errors name the file.
result<opened_source> open_capture_on_devices(std::string_view source, const llm_device_request& r);

} // namespace planscope
