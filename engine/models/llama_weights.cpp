#include "llama_weights.h"

#include "core/builder.h"
#include "core/printable.h"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace planscope {
namespace {

using shape = std::array<std::int64_t, max_dims>;

// The next free offset after `bytes` at `end`, aligned; nullopt when it overflows (huge
// placeholder shapes from a vocab-only file or a template).
std::optional<std::size_t> advance(std::size_t end, std::size_t bytes, std::size_t alignment) {
    std::size_t next = 0;
    if (__builtin_add_overflow(end, bytes, &next) || __builtin_add_overflow(next, alignment - 1, &next))
        return std::nullopt;
    return next / alignment * alignment;
}

// One weight as llm_load_tensors asked for it: name, expected shape, whether it lives on the GPU.
struct weight_spec {
    std::string name;
    shape ne;
    bool gpu;
    tensor_id* slot;
};

std::vector<weight_spec> llama_specs(const llama_hparams& h, int ngl, llama_weights& w) {
    const std::int64_t n_embd = h.n_embd, n_vocab = h.n_vocab, n_ff = h.n_ff, n_gqa = h.n_embd_gqa();
    const int n_layer = static_cast<int>(h.n_layer);
    const bool gpu_output = ngl > n_layer;
    const int i_gpu_start = n_layer - ngl;

    std::vector<weight_spec> s;
    s.push_back({"token_embd.weight", {n_embd, n_vocab, 1, 1}, false, &w.tok_embd});
    s.push_back({"output_norm.weight", {n_embd, 1, 1, 1}, gpu_output, &w.output_norm});
    s.push_back({"output.weight", {n_embd, n_vocab, 1, 1}, gpu_output, &w.output});
    w.layers.resize(h.n_layer);
    for (int i = 0; i < n_layer; ++i) {
        auto& l = w.layers[static_cast<std::size_t>(i)];
        const bool gpu = i >= i_gpu_start;
        const std::string p = "blk." + std::to_string(i) + ".";
        s.push_back({p + "attn_norm.weight", {n_embd, 1, 1, 1}, gpu, &l.attn_norm});
        s.push_back({p + "attn_q.weight", {n_embd, n_embd, 1, 1}, gpu, &l.wq});
        s.push_back({p + "attn_k.weight", {n_embd, n_gqa, 1, 1}, gpu, &l.wk});
        s.push_back({p + "attn_v.weight", {n_embd, n_gqa, 1, 1}, gpu, &l.wv});
        s.push_back({p + "attn_output.weight", {n_embd, n_embd, 1, 1}, gpu, &l.wo});
        s.push_back({p + "ffn_norm.weight", {n_embd, 1, 1, 1}, gpu, &l.ffn_norm});
        s.push_back({p + "ffn_gate.weight", {n_embd, n_ff, 1, 1}, gpu, &l.ffn_gate});
        s.push_back({p + "ffn_down.weight", {n_ff, n_embd, 1, 1}, gpu, &l.ffn_down});
        s.push_back({p + "ffn_up.weight", {n_embd, n_ff, 1, 1}, gpu, &l.ffn_up});
    }
    return s;
}

// Size of the data section: what an mmap of the file from data_offset on covers.
std::size_t data_section_size(const gguf_file& f) {
    if (f.mapping && f.mapping->bytes().size() >= f.data_offset) return f.mapping->bytes().size() - f.data_offset;
    std::size_t end = 0; // each offset + size was checked against the file by the reader
    for (const auto& t : f.tensors) end = std::max<std::size_t>(end, t.offset + t.size);
    return end;
}

} // namespace

result<llama_weights> create_llama_weights(graph_document& doc, const gguf_file& f, const llama_hparams& h, int ngl) {
    llama_weights w;
    w.backed = !f.tensors.empty();
    const auto specs = llama_specs(h, ngl, w);

    std::unordered_map<std::string_view, const gguf_tensor_info*> by_name;
    for (const auto& t : f.tensors) by_name.emplace(t.name, &t);

    const buffer_id cpu{doc.buffers.size()};
    doc.buffers.push_back({std::string(weights_buffer_name), "CPU", 0, f.alignment});
    buffer_id gpu;
    std::size_t cpu_end = 0, gpu_end = 0;

    builder b(doc.ctx);
    for (const auto& s : specs) {
        dtype type = dtype::f32;
        std::optional<std::uint64_t> file_offset;
        if (w.backed) {
            const auto it = by_name.find(s.name);
            if (it == by_name.end()) return error{"missing tensor '" + s.name + "'"};
            const gguf_tensor_info& t = *it->second;
            if (t.ne != s.ne)
                return error{"tensor '" + s.name + "' has shape " + shape_string(t.ne) + ", expected " +
                             shape_string(s.ne)};
            type = t.type;
            file_offset = t.offset;
        }
        const tensor_id id = b.set_name(b.new_tensor(type, s.ne), s.name);
        if (!b.ok()) return error{"tensor '" + s.name + "': " + b.first_error()->message};
        *s.slot = id;

        const std::size_t bytes = nbytes(doc.ctx[id]);
        if (file_offset && !s.gpu) {
            doc.ctx[id].where = placement{cpu, *file_offset};
            continue;
        }
        if (s.gpu && !gpu.valid()) {
            gpu = buffer_id{doc.buffers.size()};
            doc.buffers.push_back({std::string(weights_gpu_buffer_name), "GPU", 0, f.alignment});
        }
        std::size_t& end = s.gpu ? gpu_end : cpu_end;
        doc.ctx[id].where = placement{s.gpu ? gpu : cpu, end};
        const auto next = advance(end, bytes, f.alignment);
        if (!next) {
            const std::string_view buffer = s.gpu ? weights_gpu_buffer_name : weights_buffer_name;
            return error{"the weights overflow the " + std::string(buffer) + " buffer at tensor '" + s.name + "'"};
        }
        end = *next;
    }

    // llama_model_loader::done_getting_tensors: every tensor of the file must have been used.
    if (w.backed && f.tensors.size() != specs.size()) {
        std::unordered_set<std::string_view> wanted;
        for (const auto& s : specs) wanted.insert(s.name);
        const auto unused = std::find_if(f.tensors.begin(), f.tensors.end(),
                                         [&](const gguf_tensor_info& t) { return !wanted.contains(t.name); });
        return error{"the file has " + std::to_string(f.tensors.size()) + " tensors, the llama graph uses " +
                     std::to_string(specs.size()) +
                     (unused == f.tensors.end() ? "" : " ('" + printable(unused->name) + "' is not used)")};
    }

    doc.buffers[cpu.index()].size = w.backed ? data_section_size(f) : cpu_end;
    if (gpu.valid()) doc.buffers[gpu.index()].size = gpu_end;
    return w;
}

} // namespace planscope
