#pragma once
// llama.cpp's placement flags, as llama-cli / llama-server take them (common/arg.cpp):
//   --device PROFILE (repeatable: a preset or a JSON file, docs/devices.md)  --ngl N (-1: all)
//   --tensor-split A,B,...  --split-mode none|layer|row  --main-gpu I
//   --override-tensor PATTERN=BUFFER_TYPE,... (repeatable)  --n-cpu-moe N
//   --no-kv-offload  --no-op-offload  --no-mmap  --no-host  --no-repack (-nr)
#include "llm/llm_placement.h"

#include <span>
#include <string>
#include <vector>

namespace planscope::cli {

class placement_args {
public:
    // When args[i] is one of the flags, reads it (and its value, advancing i) and returns true; a
    // missing or bad value sets `error`.
    bool parse(std::span<const std::string> args, std::size_t& i, std::string& error);

    [[nodiscard]] const std::vector<std::string>& devices() const { return m_devices; }
    [[nodiscard]] const llm_placement_params& params() const { return m_params; }
    [[nodiscard]] bool op_offload() const { return m_op_offload; }

private:
    std::vector<std::string> m_devices;
    llm_placement_params m_params;
    bool m_op_offload = true;
};

// The devices named by --device, loaded, and this machine's CPU unless a CPU profile is among them;
// errors "PROFILE: reason".
result<llm_device_set> load_device_set(const std::vector<std::string>& names);

} // namespace planscope::cli
