#pragma once
// A device Planscope does not need to have: what ggml's backend interface tells the scheduler,
// the allocator and llama.cpp's loader about one device (ggml_backend_dev_*), written down in a
// small JSON file (docs/devices.md: the format, the presets and where each value comes from).
//
// Only what changes a plan is here: the memory (ggml_backend_dev_memory), the default and host
// buffer types with their alignment, maximum size and allocation size (ggml_backend_buft_*),
// which ops the device runs (supports_op, as ordered rules) and which ops it takes from the host
// at large batches (offload_op), and optional speeds for time estimates.
#include "core/error.h"
#include "core/ops.h"
#include "core/types.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace planscope {

class context;
struct tensor;

// ggml_backend_dev_type, plus the RPC host ggml reports as a GPU.
enum class device_kind : std::uint8_t { cpu, gpu, igpu, accel, rpc };
std::string_view name(device_kind k); // "cpu", "gpu", "igpu", "accel", "rpc"
std::optional<device_kind> parse_device_kind(std::string_view s);

// Scratch memory a backend's get_alloc_size adds to some op results (docs/devices.md):
// cuda: FLASH_ATTN_EXT's f16 copies of a K or V that is not f16 (ggml_cuda_flash_attn_ext_get_alloc_size);
// metal: MUL_MAT_ID's expert maps, FLASH_ATTN_EXT's padding, mask blocks and partial results,
// ARGSORT's and TOP_K's second buffer (ggml_backend_metal_buffer_type_get_alloc_size);
// amx: a quantised weight's rows re-laid out for AMX tiles (ggml_backend_amx_get_alloc_size).
enum class device_alloc_extra : std::uint8_t { none, cuda, metal, amx };
std::string_view name(device_alloc_extra e); // "none", "cuda", "metal", "amx"
std::optional<device_alloc_extra> parse_device_alloc_extra(std::string_view s);

// One ggml_backend_buffer_type.
struct device_buffer_type {
    std::string name;                 // ggml_backend_buft_name: "CUDA0", "CUDA_Host", "Metal", "Vulkan0"
    std::size_t alignment = 32;       // ggml_backend_buft_get_alignment (a power of two)
    std::size_t max_size = SIZE_MAX;  // ggml_backend_buft_get_max_size; SIZE_MAX: none
    bool host = false;                // ggml_backend_buft_is_host
    // ggml_backend_buft_get_alloc_size: a quantised tensor's rows padded to a multiple of this many
    // elements (CUDA's MATRIX_ROW_PADDING, 512); 0: nbytes.
    std::int64_t quantized_row_padding = 0;
    device_alloc_extra alloc_extra = device_alloc_extra::none; // needs the sources: the context overload
    friend bool operator==(const device_buffer_type&, const device_buffer_type&) = default;
};

// One supports_op rule: matches an op (or every op) whose result and sources have the listed
// types and whose shapes meet the limits; the first rule that matches decides.
struct device_op_rule {
    std::optional<op_kind> op;                  // nullopt: any op
    std::optional<unary_kind> unary;            // for op unary: that unary op only
    std::vector<dtype> type;                    // the result's type is one of these (empty: any)
    std::vector<std::vector<dtype>> src_types;  // src i's type is one of src_types[i] (empty: any)
    std::optional<std::int64_t> max_ne0;        // src0's ne[0] at most this (e.g. a kernel's head size)
    std::vector<std::int64_t> ne0_in;           // src0's ne[0] one of these (empty: any)
    bool contiguous = false;                    // every source contiguous
    bool supported = true;                      // the verdict when it matches
    std::optional<std::int64_t> ne0_multiple_of; // src0's ne[0] a multiple of this (Vulkan's FA head size % 8)
    // The node's op parameter word `index` (as i32) one of `in` (OpenCL's ROPE modes 0 and 2).
    struct param_in {
        int index = 0; // 0 to max_op_params - 1
        std::vector<std::int32_t> in;
        friend bool operator==(const param_in&, const param_in&) = default;
    };
    std::optional<param_in> param;
    friend bool operator==(const device_op_rule&, const device_op_rule&) = default;
};

// ggml_backend_dev_offload_op: the device asks to run an op whose weights are in host memory when
// its batch is large enough (CUDA, Vulkan: get_op_batch_size(op) >= 32).
struct device_offload_policy {
    std::int64_t min_batch_size = 0; // 0: never asks
    std::vector<op_kind> ops;        // only these ops (Metal: MUL_MAT, MUL_MAT_ID); empty: any op
    friend bool operator==(const device_offload_policy&, const device_offload_policy&) = default;
};

struct device_profile {
    std::string name;        // ggml_backend_dev_name: "CUDA0"
    std::string description; // ggml_backend_dev_description: "NVIDIA GeForce RTX 4090"
    device_kind kind = device_kind::gpu;
    std::uint64_t memory_total = 0, memory_free = 0; // bytes
    device_buffer_type buffer;                       // ggml_backend_dev_buffer_type
    std::optional<device_buffer_type> host_buffer;   // ggml_backend_dev_host_buffer_type (pinned memory)
    bool unified_memory = false;                     // its memory is the host's (Apple Silicon, an iGPU)
    bool supports_row_split = false;                 // ggml_backend_split_buffer_type (CUDA, SYCL)
    std::vector<device_op_rule> supports;            // in order; no rule matches: supported
    device_offload_policy offload;
    std::optional<double> copy_gbps;    // host <-> device copy bandwidth, GB/s
    std::optional<double> compute_tflops; // for time estimates
    // A CPU's features that ggml's CPU extra buffer types (CPU_REPACK, AMX) depend on, named as
    // /proc/cpuinfo's x86 flags: "avx2", "avx512f", "avx512_vnni", "amx_int8" (llm_cpu_extra.h).
    std::vector<std::string> cpu_features;
    friend bool operator==(const device_profile&, const device_profile&) = default;
};

// The profile's supports_op for `node` (its sources read from ctx).
bool device_supports_op(const device_profile& d, const context& ctx, const tensor& node);
// ggml_backend_dev_offload_op: `node`'s op among offload.ops (when listed) and its batch (ggml's
// get_op_batch_size: ne[1] for MUL_MAT, ne[2] for MUL_MAT_ID and ROPE, 0 for GET_ROWS, else the
// row count) at least min_batch_size.
bool device_offloads_op(const device_profile& d, const tensor& node);
// ggml_backend_buft_get_alloc_size of `t` in buffer type `b`. Errors on overflow.
// Without the context: ggml_nbytes plus the row padding, which is all a weight, a cache or an
// input gets; an op result's alloc_extra needs its sources, so the second form.
result<std::size_t> device_alloc_size(const device_buffer_type& b, const tensor& t);
result<std::size_t> device_alloc_size(const device_buffer_type& b, const context& ctx, const tensor& t);

// Reads a profile from JSON text (docs/devices.md). Errors are one line, "PATH: reason", e.g.
// "/buffer/alignment: 48 is not a power of two", "/kind: 'tpu' is not one of cpu, gpu, ...".
result<device_profile> parse_device_profile(std::string_view json_text);
// The JSON text of a profile; parse_device_profile reads it back equal.
std::string device_profile_json(const device_profile& d);

} // namespace planscope
