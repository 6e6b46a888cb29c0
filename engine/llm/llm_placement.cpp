// llama.cpp da46e59c's placement of weights and KV cache: the model's devices
// (llama_prepare_model_devices, src/llama.cpp 124-272), the buffer type lists
// (make_cpu_buft_list / make_gpu_buft_list, src/llama-model.cpp 872-990), the layers' devices
// (llama_model_base::load_tensors 1230-1317), each weight's buffer type (llama_model_loader::
// create_tensor, weight_buft_supported and select_weight_buft, src/llama-model-loader.cpp 902-1210)
// and the KV cache's (llama_kv_cache's constructor, src/llama-kv-cache.cpp 210-220).
#include "llm_placement.h"

#include "core/builder.h"
#include "llm_cpu_extra.h"
#include "core/printable.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <regex>

namespace planscope {

namespace llm_placement_detail {

enum class buft_kind : std::uint8_t { accel, host, extra, split, gpu, cpu };

// One (device, buffer type) pair of a buft_list_t.
struct buft_entry {
    device_buffer_type type;
    int device = -1; // the device whose supports_op is asked: an index into gpus, -1 the CPU
    buft_kind k = buft_kind::cpu;
    llm_cpu_extra extra = llm_cpu_extra::repack; // for k extra
};

struct override_rule {
    std::regex pattern;
    int device = -1; // the default buffer type of gpus[device], -1 the CPU's
};

} // namespace llm_placement_detail

using llm_placement_detail::buft_entry;
using llm_placement_detail::buft_kind;

struct llm_placement::lists {
    std::vector<buft_entry> cpu;              // make_cpu_buft_list
    std::vector<std::vector<buft_entry>> gpu; // make_gpu_buft_list + cpu, by index into gpus (model GPUs only)
    std::vector<llm_placement_detail::override_rule> overrides;
};

std::string_view name(llm_split_mode m) {
    switch (m) {
    case llm_split_mode::none: return "none";
    case llm_split_mode::layer: return "layer";
    case llm_split_mode::row: return "row";
    }
    return "?";
}

std::optional<llm_split_mode> parse_split_mode(std::string_view s) {
    for (const auto m : {llm_split_mode::none, llm_split_mode::layer, llm_split_mode::row})
        if (name(m) == s) return m;
    return std::nullopt;
}

namespace {

// llama_prepare_model_devices' default selection (src/llama.cpp 153-249): RPC hosts first, then the
// GPUs, the first iGPU only when there is no GPU; CPU and ACCEL devices are not the model's.
std::vector<int> select_model_gpus(const llm_device_set& d) {
    std::vector<int> rpc, gpu, igpu;
    if (d.given) {
        for (int i = 0; i < static_cast<int>(d.gpus.size()); ++i) gpu.push_back(i);
        return gpu;
    }
    for (int i = 0; i < static_cast<int>(d.gpus.size()); ++i) {
        switch (d.gpus[static_cast<std::size_t>(i)].kind) {
        case device_kind::rpc: rpc.push_back(i); break;
        case device_kind::gpu: gpu.push_back(i); break;
        case device_kind::igpu:
            if (igpu.empty()) igpu.push_back(i);
            break;
        case device_kind::cpu:
        case device_kind::accel: break;
        }
    }
    rpc.insert(rpc.end(), gpu.begin(), gpu.end());
    if (gpu.empty()) rpc.insert(rpc.end(), igpu.begin(), igpu.end());
    return rpc;
}

std::string shortest(float v) {
    std::array<char, 32> buf{};
    const auto r = std::to_chars(buf.data(), buf.data() + buf.size(), v);
    return std::string(buf.data(), r.ptr);
}

// ggml_backend_split_buffer_type's name: the backend's name and "_Split" (CUDA0 -> CUDA_Split).
std::string split_buffer_name(const std::string& default_name) {
    std::string base = default_name;
    while (!base.empty() && base.back() >= '0' && base.back() <= '9') base.pop_back();
    return base + "_Split";
}

// make_cpu_buft_list: ACCEL buffer types, the host buffer type of the first model device that has
// one (unless --no-host), the CPU's extra buffer types (unless --no-repack), the CPU's.
std::vector<buft_entry> make_cpu_list(const llm_device_set& d, const std::vector<int>& model_gpus, bool no_host,
                                      bool no_repack) {
    std::vector<buft_entry> list;
    for (std::size_t i = 0; i < d.gpus.size(); ++i)
        if (d.gpus[i].kind == device_kind::accel && d.gpus[i].buffer.name != d.cpu.buffer.name)
            list.push_back({d.gpus[i].buffer, static_cast<int>(i), buft_kind::accel});
    if (!no_host)
        for (const int g : model_gpus)
            if (const auto& host = d.gpus[static_cast<std::size_t>(g)].host_buffer) {
                list.push_back({*host, g, buft_kind::host});
                break;
            }
    if (!no_repack)
        for (const llm_cpu_extra_buffer& e : llm_cpu_extra_buffers(d.cpu))
            list.push_back({e.type, -1, buft_kind::extra, e.kind});
    list.push_back({d.cpu.buffer, -1, buft_kind::cpu});
    return list;
}

// The split points (load_tensors 1259-1290): cumulative shares of the tensor split, or of the
// free memory when it is all zero, normalised, in float as llama.cpp sums them.
result<std::vector<float>> split_points(const llm_device_set& d, const std::vector<int>& model_gpus,
                                        const std::vector<float>& tensor_split) {
    const std::size_t n = model_gpus.size();
    bool all_zero = true;
    for (std::size_t i = 0; i < std::min(n, tensor_split.size()); ++i) all_zero = all_zero && tensor_split[i] == 0.0f;
    std::vector<float> splits(n, 0.0f);
    for (std::size_t i = 0; i < n; ++i) {
        const device_profile& g = d.gpus[static_cast<std::size_t>(model_gpus[i])];
        if (!all_zero) {
            splits[i] = i < tensor_split.size() ? tensor_split[i] : 0.0f;
            continue;
        }
        // A device that reports no memory at all stands for the host's (llama.cpp #18577).
        const bool none = g.memory_free == 0 && g.memory_total == 0;
        splits[i] = static_cast<float>(none ? d.cpu.memory_free : g.memory_free);
    }
    float sum = 0.0f;
    for (float& s : splits) {
        sum += s;
        s = sum;
    }
    if (n > 0 && !(sum > 0.0f)) return error{"--tensor-split: the GPUs report no free memory to split the layers by"};
    for (float& s : splits) s /= sum;
    return splits;
}

// weight_buft_supported's op tensor: the weight as src of the op it is used with, the other
// sources 512 rows (tokens) wide.
result<tensor_id> build_probe(builder& b, const llm_hparams& h, std::string_view tensor_name, const tensor& meta,
                              op_kind op) {
    const auto& ne = meta.ne;
    const std::int64_t n_used = h.n_expert_used;
    const tensor_id w = b.set_name(b.new_tensor(meta.type, ne), tensor_name);
    if ((op == op_kind::mul_mat_id || op == op_kind::add_id) && n_used == 0)
        return error{printable(tensor_name) + ": " + std::string(info(op).name) + " needs expert_used_count > 0"};
    tensor_id node;
    switch (op) {
    case op_kind::get_rows: node = b.get_rows(w, b.new_tensor_1d(dtype::i32, 512)); break;
    case op_kind::mul_mat: node = b.mul_mat(w, b.new_tensor_4d(dtype::f32, ne[0], 512, ne[2], ne[3])); break;
    case op_kind::mul_mat_id:
        node =
            b.mul_mat_id(w, b.new_tensor_3d(dtype::f32, ne[0], n_used, 512), b.new_tensor_2d(dtype::i32, n_used, 512));
        break;
    case op_kind::add: node = b.add(b.new_tensor(dtype::f32, ne), w); break;
    case op_kind::add_id:
        node = b.add_id(b.new_tensor_3d(dtype::f32, ne[0], n_used, 512), w, b.new_tensor_2d(dtype::i32, n_used, 512));
        break;
    case op_kind::mul: node = b.mul(b.new_tensor(dtype::f32, ne), w); break;
    case op_kind::div: node = b.div(b.new_tensor_1d(dtype::f32, ne[0]), w); break;
    case op_kind::rope: {
        // ggml_rope_ext(a, b, w, 0, 0, 0, 0, 0, 0, 0, 0, 0): every scalar zero.
        const rope_args args{.n_dims = 0, .mode = 0, .n_ctx = 0, .n_orig_ctx = 0, .freq_base = 0.0f,
                             .freq_scale = 0.0f, .ext_factor = 0.0f, .attn_factor = 0.0f, .beta_fast = 0.0f,
                             .beta_slow = 0.0f, .freq_factors = w};
        node = b.rope(b.new_tensor_3d(dtype::f32, h.n_embd_head_v, h.n_head(), 512), b.new_tensor_1d(dtype::i32, 512),
                      args);
        break;
    }
    case op_kind::scale: node = b.scale_by(w, 1.0f); break;
    default: return error{printable(tensor_name) + ": no probe for " + std::string(info(op).name)};
    }
    if (!b.ok())
        return error{printable(tensor_name) + ": its " + std::string(info(op).name) +
                     " probe: " + b.first_error()->message};
    return node;
}

} // namespace

result<llm_placement> llm_placement::make(const llm_hparams& h, const llm_device_set& devices,
                                          const llm_placement_params& p) {
    if (p.tensor_split.size() > devices.gpus.size())
        return error{"--tensor-split: " + std::to_string(p.tensor_split.size()) + " values for " +
                     std::to_string(devices.gpus.size()) + (devices.gpus.size() == 1 ? " GPU" : " GPUs")};
    for (const float v : p.tensor_split)
        if (!(v >= 0.0f)) return error{"--tensor-split: " + shortest(v) + " is not a share (>= 0)"};
    if (p.n_cpu_moe < 0) return error{"--n-cpu-moe: " + std::to_string(p.n_cpu_moe) + " is negative"};

    llm_placement pl;
    pl.m_devices = devices;
    pl.m_params = p;
    pl.m_hparams = h;
    pl.m_model_gpus = select_model_gpus(devices);
    // Split mode none keeps main_gpu alone, none at all when it is negative (llama.cpp 252-265).
    if (p.split_mode == llm_split_mode::none && !pl.m_model_gpus.empty()) {
        if (p.main_gpu >= static_cast<int>(pl.m_model_gpus.size()))
            return error{"--main-gpu: " + std::to_string(p.main_gpu) + " is not one of the model's " +
                         std::to_string(pl.m_model_gpus.size()) + " GPUs"};
        if (p.main_gpu < 0)
            pl.m_model_gpus.clear();
        else
            pl.m_model_gpus = {pl.m_model_gpus[static_cast<std::size_t>(p.main_gpu)]};
    }

    auto l = std::make_shared<lists>();
    l->cpu = make_cpu_list(devices, pl.m_model_gpus, p.no_host, p.no_repack);
    l->gpu.resize(devices.gpus.size());
    for (const int g : pl.m_model_gpus) {
        const device_profile& d = devices.gpus[static_cast<std::size_t>(g)];
        auto& list = l->gpu[static_cast<std::size_t>(g)];
        // make_gpu_buft_list: the split buffer type first in split mode row (llama.cpp da46e59c's
        // own CUDA has none and throws "does not support split buffers"; a profile may have one).
        if (p.split_mode == llm_split_mode::row) {
            if (!d.supports_row_split) return error{"split mode row: " + d.name + " has no row split"};
            device_buffer_type split = d.buffer;
            split.name = split_buffer_name(d.buffer.name);
            list.push_back({split, g, buft_kind::split});
        }
        list.push_back({d.buffer, g, buft_kind::gpu});
        list.insert(list.end(), l->cpu.begin(), l->cpu.end());
    }

    // --override-tensor names a default buffer type of any device ggml has (arg.cpp 248-280);
    // --n-cpu-moe N adds "blk\.i\.ffn_(up|down|gate|gate_up)_(ch|)exps"=CPU for i < N after them
    // (llm_ffn_exps_block_regex: arg.cpp 2466-2479, common.h 1055-1059).
    std::vector<llm_tensor_override> overrides = p.overrides;
    for (int i = 0; i < p.n_cpu_moe; ++i)
        overrides.push_back({"blk\\." + std::to_string(i) + "\\.ffn_(up|down|gate|gate_up)_(ch|)exps",
                             devices.cpu.buffer.name});
    for (const auto& o : overrides) {
        const std::string what = "--override-tensor " + printable(o.pattern + "=" + o.buffer_type);
        int device = -2;
        std::string known = devices.cpu.buffer.name;
        if (o.buffer_type == devices.cpu.buffer.name) device = -1;
        for (std::size_t i = 0; i < devices.gpus.size(); ++i) {
            known += ", " + devices.gpus[i].buffer.name;
            if (device == -2 && o.buffer_type == devices.gpus[i].buffer.name) device = static_cast<int>(i);
        }
        if (device == -2) return error{what + ": unknown buffer type (" + known + ")"};
        try {
            l->overrides.push_back({std::regex(o.pattern), device});
        } catch (const std::regex_error& e) {
            return error{what + ": invalid regex (" + e.what() + ")"};
        }
    }

    // Layers 0..n_layer-1 and the output (n_layer): the last n_gpu_layers of them on the GPUs,
    // each by the split point its share of the offloaded layers falls under (load_tensors 1292-1317).
    const int n_layer = static_cast<int>(h.n_layer);
    const int n_gpu_layers = p.n_gpu_layers >= 0 ? p.n_gpu_layers : n_layer + 1;
    const int i_gpu_start = std::max(n_layer + 1 - n_gpu_layers, 0);
    const int act_gpu_layers = pl.m_model_gpus.empty() ? 0 : std::min(n_gpu_layers, n_layer + 1);
    std::vector<float> splits;
    if (act_gpu_layers > 0) {
        auto s = split_points(devices, pl.m_model_gpus, p.tensor_split);
        if (!s) return s.err();
        splits = std::move(*s);
    }
    auto device_of = [&](int il) {
        if (il < i_gpu_start || il - i_gpu_start >= act_gpu_layers) return -1;
        const float share = static_cast<float>(il - i_gpu_start) / static_cast<float>(act_gpu_layers);
        const auto layer_gpu = std::upper_bound(splits.begin(), splits.end(), share) - splits.begin();
        return pl.m_model_gpus.at(static_cast<std::size_t>(layer_gpu));
    };
    pl.m_layer_device.resize(h.n_layer);
    for (int il = 0; il < n_layer; ++il) pl.m_layer_device[static_cast<std::size_t>(il)] = device_of(il);
    pl.m_output_device = device_of(n_layer);
    pl.m_lists = std::move(l);
    return pl;
}

int llm_placement::offloaded_layers() const {
    const auto n = std::count_if(m_layer_device.begin(), m_layer_device.end(), [](int d) { return d >= 0; });
    return static_cast<int>(n) + (m_output_device >= 0 ? 1 : 0);
}

result<llm_placed_buffer> llm_placement::weight_buffer(std::string_view tensor_name, const tensor& meta,
                                                       const llm_tensor_use& use) const {
    const lists& l = *m_lists;
    const std::string where = printable(tensor_name);
    auto list_of = [&](int device) -> const std::vector<buft_entry>& {
        return device < 0 ? l.cpu : l.gpu[static_cast<std::size_t>(device)];
    };
    const std::vector<buft_entry>* list = &l.cpu;
    switch (use.layer) {
    case llm_tensor_layer::input: break;
    case llm_tensor_layer::output: list = &list_of(m_output_device); break;
    case llm_tensor_layer::repeating:
        if (use.layer_index < 0 || use.layer_index >= static_cast<int>(m_layer_device.size()))
            return error{where + ": layer " + std::to_string(use.layer_index) + " is not one of the model's " +
                         std::to_string(m_layer_device.size())};
        list = &list_of(m_layer_device[static_cast<std::size_t>(use.layer_index)]);
        break;
    }

    // One probe serves every buffer type: supports_op rules see the op and its sources, not the
    // buffer a weight is in (the split buffer's own limits are applied below).
    context ctx;
    builder b(ctx);
    tensor_id probe;
    if (use.op != op_kind::none) {
        auto made = build_probe(b, m_hparams, tensor_name, meta, use.op);
        if (!made) return made.err();
        probe = *made;
    }
    auto supported = [&](const buft_entry& e) {
        // An extra buffer type runs its own ops only (an unused tensor, op none, is never made there).
        if (e.k == buft_kind::extra)
            return use.op != op_kind::none && llm_cpu_extra_supports(e.extra, m_devices.cpu, ctx, ctx[probe]);
        if (use.op == op_kind::none || e.k == buft_kind::cpu) return true; // the CPU runs every op
        // CUDA's split buffers (up to 2025): MUL_MAT on a 2-D weight only.
        if (e.k == buft_kind::split && (use.op != op_kind::mul_mat || meta.ne[2] != 1 || meta.ne[3] != 1))
            return false;
        return device_supports_op(m_devices.gpus[static_cast<std::size_t>(e.device)], ctx, ctx[probe]);
    };
    // select_weight_buft: the first of the list that runs the op.
    auto select = [&](const std::vector<buft_entry>& from) -> const buft_entry* {
        for (const buft_entry& e : from)
            if (supported(e)) return &e;
        return nullptr;
    };

    const buft_entry* chosen = nullptr;
    buft_entry overridden;
    const std::string name_str(tensor_name);
    for (const auto& o : l.overrides) {
        if (!std::regex_search(name_str, o.pattern)) continue;
        // To the CPU: the CPU list (host and ACCEL buffer types included); to a GPU: its buffer,
        // unchecked. A CPU list that cannot run the op falls back to the layer's list.
        if (o.device < 0) {
            chosen = select(l.cpu);
        } else {
            overridden = {m_devices.gpus[static_cast<std::size_t>(o.device)].buffer, o.device, buft_kind::gpu};
            chosen = &overridden;
        }
        break;
    }
    if (!chosen) chosen = select(*list);
    if (!chosen)
        return error{where + ": no buffer type of its layer runs " + std::string(info(use.op).name) + " on it"};

    // A mapped file needs no pinned copy: the host buffer type gives way to the CPU's.
    if (m_params.use_mmap && chosen->k == buft_kind::host) chosen = &l.cpu.back();
    return llm_placed_buffer{chosen->type, chosen->device, m_params.use_mmap && chosen->k == buft_kind::cpu,
                             chosen->k == buft_kind::extra};
}

llm_placed_buffer llm_placement::kv_buffer(std::uint32_t il) const {
    const int d = m_params.offload_kqv ? layer_device(il) : -1;
    if (d < 0) return {m_devices.cpu.buffer, -1, false};
    return {m_devices.gpus[static_cast<std::size_t>(d)].buffer, d, false};
}

} // namespace planscope
