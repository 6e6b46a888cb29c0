#pragma once
// The sweep dialog on devices: each device's memory (weights + KV cache + compute, llama.cpp's
// breakdown: llm_fit) against -ngl or n_ctx, with each device's free memory as its limit. The
// GPUs are plotted, the host only when there is no GPU (llama.cpp's fit asks the host nothing
// then either). Pure functions, so that values and points are tested without the dialog.
#include "panels/device_choice.h"

#include "llm_context/llm_fit.h"
#include "models/gguf.h"

#include <QString>

#include <cstdint>
#include <string>
#include <vector>

namespace planscope::ui {

enum class DeviceSweepKey { ngl, ctx };
QString deviceSweepKeyLabel(DeviceSweepKey key); // "n_gpu_layers", "n_ctx"

struct DeviceSweepPoint {
    int value = 0;
    std::vector<std::string> names;   // the devices plotted, GPUs in order (or "Host" alone)
    std::vector<std::uint64_t> used;  // per device: model + context + compute
    std::vector<std::uint64_t> limit; // per device: its free memory
};

// "0-33", "0,8,16", "2048, 4096-4097": numbers and inclusive ranges, commas between, at most
// maxDeviceSweepValues values; ngl may be 0, a context must be positive. Errors are one line.
inline constexpr int maxDeviceSweepValues = 256;
struct DeviceSweepValues {
    std::vector<int> values;
    QString error;
};
DeviceSweepValues parseDeviceSweepValues(const QString& text, DeviceSweepKey key);
// ngl: "0-N" with N = n_layer + 1 (every layer and the output; 0-33 without a model known);
// ctx: 2048 to 32768, doubling.
QString defaultDeviceSweepValues(DeviceSweepKey key, std::uint32_t nLayer);

// The breakdown at one value: `context` and `choice` with n_ctx or n_gpu_layers set to `value`.
// Errors are llm_fit's, prefixed "ngl 5: " / "n_ctx 4096: ".
planscope::result<DeviceSweepPoint> deviceSweepPoint(const planscope::gguf_file& file, planscope::llm_context_params context,
                                                     DeviceChoice choice, DeviceSweepKey key, int value);

} // namespace planscope::ui
