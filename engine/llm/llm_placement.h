#pragma once
// Where llama.cpp da46e59c puts a model's weights and KV cache on a set of devices
// (llama_model::load_tensors, llama_model_loader::create_tensor, llama_kv_cache's constructor):
// the input layer on the CPU; the last n_gpu_layers of the repeating layers plus the output
// layer on the GPUs, cut by the cumulative tensor split (by free memory when none is given);
// each weight in the first buffer type of its layer's list that runs the op the weight is used
// with (select_weight_buft), after the --override-tensor patterns; a host buffer type replaced by
// the CPU's when the file is mapped; the CPU's extra buffer types (CPU_REPACK, AMX: llm_cpu_extra.h)
// ahead of its own unless --no-repack; each layer's K and V on its layer's device unless
// --no-kv-offload. Pure: no scheduler, no backend.
#include "core/error.h"
#include "device/device_profile.h"
#include "llm_hparams.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace planscope {

// llama_split_mode.
enum class llm_split_mode : std::uint8_t { none, layer, row };
std::string_view name(llm_split_mode m); // "none", "layer", "row"
std::optional<llm_split_mode> parse_split_mode(std::string_view s);

// One --override-tensor PATTERN=BUFFER_TYPE (ECMAScript regex searched in the tensor's name, as
// std::regex_search; a buffer type by its ggml name: "CPU", "CUDA0", ...).
struct llm_tensor_override {
    std::string pattern;
    std::string buffer_type;
};

// The devices of a llama_model (llama_model_params.devices, or every GPU ggml has), in order,
// and the host's CPU device (always there).
struct llm_device_set {
    // GPUs, iGPUs, RPC hosts; an ACCEL device is not the model's, its buffer type leads the CPU's list.
    std::vector<device_profile> gpus;
    device_profile cpu;
    // true: gpus is llama_model_params.devices (--device), the model's devices as given; false:
    // every device ggml has, chosen as llama_prepare_model_devices does (RPC hosts first, then the
    // GPUs, the first iGPU only when there is no GPU).
    bool given = false;
};

// llama_model_params and common_params as they bear on placement. Defaults are llama.cpp's.
struct llm_placement_params {
    int n_gpu_layers = -1; // negative: every repeating layer and the output (n_layer + 1)
    llm_split_mode split_mode = llm_split_mode::layer;
    int main_gpu = 0;                   // split mode none: the model GPU kept (negative: none); else unused
    std::vector<float> tensor_split;    // per model GPU; shorter: zeros; empty or all zero: by free memory
    std::vector<llm_tensor_override> overrides; // in order, the first match wins
    int n_cpu_moe = 0;                  // common's --n-cpu-moe: layers 0..N-1's experts on the CPU (after overrides)
    bool offload_kqv = true;            // false: --no-kv-offload
    bool use_mmap = true;               // false: --no-mmap
    bool no_host = false;               // --no-host: no pinned host buffer type for CPU weights
    bool no_repack = false;             // --no-repack: no CPU extra buffer types (use_extra_bufts off)
};

// What a tensor is used for in the graph (llama-arch.cpp's LLM_TENSOR_INFOS): its layer and op.
enum class llm_tensor_layer : std::uint8_t { input, repeating, output };
struct llm_tensor_use {
    llm_tensor_layer layer = llm_tensor_layer::repeating;
    op_kind op = op_kind::mul_mat; // op_kind::none: any buffer type will do
    int layer_index = -1;          // blk.N: N; -1 for the input and output layers
};
// The use of a weight by its GGUF name ("blk.3.attn_q.weight", "token_embd.weight"); a ".bias"
// is used with ADD (ADD_ID after MUL_MAT_ID). `bid` is the layer create_tensor was given, for the
// repeating-layer tensors whose name has none (rope_freqs, rope_factors_long / _short: once per
// layer, TENSOR_DUPLICATED after the first; token_embd_norm: layer 0); `duplicated` is
// TENSOR_DUPLICATED, which makes a token_embd the output's (tied embeddings: output, MUL_MAT).
// op none (llama.cpp skips such a tensor as unused): any buffer type will do.
// Errors for a name llama.cpp does not know, a repeating tensor without a layer, an input or
// output tensor with one, and a tensor llama.cpp probes with an op Planscope does not model.
result<llm_tensor_use> llm_tensor_use_of(std::string_view name, int bid = -1, bool duplicated = false);

// Which device a buffer type belongs to (ggml_backend_buft_get_device): an index into
// llm_device_set::gpus, or -1 for the CPU. A GPU's host buffer type ("CUDA_Host") is that GPU's;
// its memory is the host's (type.host).
struct llm_placed_buffer {
    device_buffer_type type;
    int device = -1;
    bool mapped = false; // the CPU buffer type over the mapped file ("CPU_Mapped" in llama.cpp's breakdown)
    bool cpu_extra = false; // one of the CPU's extra buffer types (CPU_REPACK, AMX): not host, not mapped
};

class llm_placement {
public:
    // Errors: a tensor split with more values than GPUs, a negative value, main_gpu out of range,
    // split mode row on a GPU without row split, an override naming no buffer type of the set,
    // an invalid regex, a negative n_cpu_moe, GPUs with no free memory to split the layers by
    // (each one line).
    static result<llm_placement> make(const llm_hparams& h, const llm_device_set& devices,
                                      const llm_placement_params& p);

    [[nodiscard]] const llm_device_set& devices() const { return m_devices; }
    [[nodiscard]] const llm_placement_params& params() const { return m_params; }
    // The GPUs the model uses (split mode none: main_gpu alone), as indices into devices().gpus.
    [[nodiscard]] const std::vector<int>& model_gpus() const { return m_model_gpus; }
    // dev_layer(il) and dev_output(): an index into devices().gpus, or -1 for the CPU.
    [[nodiscard]] int layer_device(std::uint32_t il) const { return m_layer_device.at(il); }
    [[nodiscard]] int output_device() const { return m_output_device; }
    // Layers offloaded as llama.cpp logs it ("offloaded 33/33 layers to GPU"), the output one of
    // them; 0 when the model has no GPU (where llama.cpp still logs min(n_gpu_layers, n_layer + 1)).
    [[nodiscard]] int offloaded_layers() const;

    // The buffer a weight is created in: `meta` is the tensor as the file describes it (type and
    // shape), `use` from llm_tensor_use_of. Errors: a layer the model does not have, an op probe
    // that cannot be built (MUL_MAT_ID without expert_used_count), no buffer type of the list runs
    // its op. The probe is weight_buft_supported's op tensor; supports_op rules are asked with it.
    [[nodiscard]] result<llm_placed_buffer> weight_buffer(std::string_view tensor_name, const tensor& meta,
                                                         const llm_tensor_use& use) const;
    // The buffer of layer il's K and V (llama_kv_cache: its layer's device when offload_kqv,
    // else the CPU).
    [[nodiscard]] llm_placed_buffer kv_buffer(std::uint32_t il) const;

private:
    struct lists; // the buffer type lists and the compiled overrides (llm_placement.cpp)

    llm_placement() = default;

    llm_device_set m_devices;
    llm_placement_params m_params;
    llm_hparams m_hparams;
    std::vector<int> m_model_gpus;
    std::vector<int> m_layer_device;
    int m_output_device = -1;
    std::shared_ptr<const lists> m_lists;
};

} // namespace planscope
