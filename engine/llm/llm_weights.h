#pragma once
// Weight tensors as llama_model_loader::create_tensor makes them: by GGUF name, checked against
// the shape the architecture expects, required or not, duplicated (TENSOR_DUPLICATED: the same
// tensor again, e.g. token_embd.weight as the output, one rope_freqs.weight for every layer; with
// one CPU buffer type llama.cpp hands back the tensor it made first). They live in their own
// buffer "weights" (models/llama_weights.h's name), not in the compute buffer: at their GGUF data
// offsets when the file has tensors (llama.cpp maps the file: "CPU_Mapped"), else packed at the
// file's alignment as shape-only placeholders (f16 matrices, f32 vectors: an f16 conversion).
#include "core/document.h"
#include "core/error.h"
#include "llm_buffers.h"
#include "models/gguf.h"

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace planscope {

enum class llm_tensor_flag : std::uint8_t {
    required = 0,
    not_required = 1, // absent: an invalid id
    duplicated = 2,   // may name a tensor made already: that one is returned
    shape_only = 4,   // with not_required: a shape-only model has it (output.weight)
};
constexpr llm_tensor_flag operator|(llm_tensor_flag a, llm_tensor_flag b) {
    return static_cast<llm_tensor_flag>(static_cast<std::uint8_t>(a) | static_cast<std::uint8_t>(b));
}
constexpr bool has(llm_tensor_flag set, llm_tensor_flag f) {
    return (static_cast<std::uint8_t>(set) & static_cast<std::uint8_t>(f)) != 0;
}

class llm_weight_loader {
public:
    using shape = std::array<std::int64_t, 4>;

    // Without a placement every weight is in the mapped file on the CPU (one buffer "weights");
    // with one, each in the buffer its placement picks ("weights CUDA0", ...), and a duplicated
    // tensor asked for in another buffer type is made again there (the tied output on a GPU).
    llm_weight_loader(graph_document& doc, const gguf_file& file, const llm_placement* placement = nullptr);

    // The tensor, or an invalid id when it is absent and not required. The first error (a
    // required tensor missing, a shape that differs) is kept; later calls return invalid ids.
    // `il`: the layer a tensor without one in its name is made for (rope_freqs.weight: TN_IMPL's bid).
    tensor_id create(const std::string& name, shape ne, llm_tensor_flag flags = llm_tensor_flag::required, int il = -1);
    // llama_model_loader::done_getting_tensors: every tensor of the file was used; sizes the buffer.
    status finish();

    [[nodiscard]] bool backed() const { return m_backed; }
    [[nodiscard]] bool ok() const { return !m_error; }
    // What llama.cpp's model buffer holds: the mapped range of the file that the tensors cover
    // (llama_model_loader::get_mapping_range), or the placeholders packed.
    [[nodiscard]] std::size_t model_bytes() const { return m_last > m_first ? m_last - m_first : 0; }
    // Every model buffer with its bytes, the mapped one last (after finish).
    [[nodiscard]] const llm_buffer_set& buffers() const { return m_buffers; }

private:
    void fail(std::string message);
    // Where `name` goes (nullopt: the mapped file, the one-device case); errors through fail().
    std::optional<llm_placed_buffer> where(const std::string& name, dtype type, shape ne, int il, bool duplicated,
                                           bool& failed);
    status place_mapped(tensor_id id, const gguf_tensor_info* info);

    graph_document& m_doc;
    const gguf_file& m_file;
    bool m_backed;
    const llm_placement* m_placement;
    buffer_id m_buffer;
    llm_buffer_set m_buffers;
    bool m_any_mapped = false;
    context m_meta; // the tensors as the file describes them, for the placement's questions
    std::unordered_map<std::string, const gguf_tensor_info*> m_by_name;
    std::unordered_map<std::string, tensor_id> m_made; // by name and buffer type
    std::unordered_set<std::string> m_used;            // file tensors made
    std::size_t m_n_created = 0; // distinct file tensors used
    std::size_t m_first = SIZE_MAX, m_last = 0;
    std::size_t m_packed_end = 0;
    std::optional<error> m_error;
};

} // namespace planscope
