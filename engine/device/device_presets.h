#pragma once
// The devices Planscope knows without a file (resources/devices/*.json, embedded at build time),
// the host's CPU as ggml reports it, and a profile named on a command line or in a dialog: a
// preset's name or a JSON file (docs/devices.md).
#include "device/device_profile.h"

#include <string>
#include <string_view>
#include <vector>

namespace planscope {

// The presets' names in order: "cuda-24gb", "cuda-80gb", ...
std::vector<std::string> device_preset_names();
// Errors: "unknown device 'x'; presets: a, b, c".
result<device_profile> device_preset(std::string_view name);
// This machine's devices by name: "cpu" (cpu_device_profile) and, in a build with OpenCL,
// "opencl" or "opencl:SPEC" (opencl_device_profile: SPEC a device index or name substring);
// else a preset by its name, else a JSON file at that path (at most max_device_file_bytes).
// Errors are one line: "device 'opencl': reason" (no OpenCL in this build, no such device),
// "FILE: reason", or the unknown device's when the text names none of these.
result<device_profile> load_device_profile(std::string_view name_or_path);
inline constexpr std::size_t max_device_file_bytes = std::size_t{1} << 20;

// llama.cpp's CPU device as ggml's CPU backend reports it (ggml-cpu.cpp): named "CPU", the CPU's
// model name from /proc/cpuinfo, this machine's physical memory (all of it free), the "CPU" host
// buffer type with TENSOR_ALIGNMENT 32; no offload.
device_profile cpu_device_profile();

// Devices whose names repeat (one preset given twice) renamed as ggml numbers a backend's devices:
// the second CUDA0 becomes CUDA1, its own buffer type with it (a pinned host type stays shared).
void number_devices_like_ggml(std::vector<device_profile>& gpus);

} // namespace planscope
