#pragma once
// What the Devices panel fits a model to, as plain values the sweep dialog and the tests share:
// the devices (presets or profile files, the host last), llama.cpp's placement options and the
// margin a device keeps free. The model's own options (n_ctx, n_batch, ...) are the document's.
#include "device/device_profile.h"
#include "llm/llm_placement.h"
#include "llm_context/llm_fit.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace planscope::ui {

struct DeviceChoice {
    // The model's GPUs in order, a repeated name numbered as ggml numbers a backend's devices
    // (number_devices_like_ggml); the host is `host`.
    std::vector<planscope::device_profile> gpus;
    std::vector<QString> sources; // per GPU: the preset's name or the profile file's path
    planscope::device_profile host;
    QString hostSource;           // empty: this machine's CPU (cpu_device_profile)
    planscope::llm_placement_params placement;
    bool opOffload = true;
    std::uint64_t margin = planscope::llm_fit_default_margin;

    // What llm_fit takes: the GPUs as the model's devices (llama.cpp's --device), the host's CPU.
    [[nodiscard]] planscope::llm_device_set deviceSet() const;
    // Adds a profile: a CPU profile replaces the host (another machine's memory), any other kind
    // is the next GPU (a second CUDA0 becomes CUDA1).
    void add(planscope::device_profile profile, const QString& source);
    void removeGpu(std::size_t index); // the others keep their names
};

// llama.cpp's --tensor-split "3,1" (commas or slashes, blanks around numbers; empty: none).
// Errors are one line: "'x' is not a number", "-1 is negative".
struct TensorSplitParse {
    std::vector<float> values;
    QString error;
};
TensorSplitParse parseTensorSplit(const QString& text);
QString formatTensorSplit(const std::vector<float>& values); // "3,1"

} // namespace planscope::ui
