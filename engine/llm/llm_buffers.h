#pragma once
// The buffers of one kind (the model's weights, the KV cache) per buffer type, as llama.cpp makes
// them: one ggml context per buffer type, allocated by ggml_backend_alloc_ctx_tensors_from_buft,
// each tensor at the running size padded to the type's alignment (ggml_backend_buft_get_alloc_size
// padded). A type whose maximum size is reached gets more buffers of the same total; one document
// buffer per type is enough to hold the addresses.
#include "core/document.h"
#include "core/error.h"
#include "llm_placement.h"

#include <string>
#include <vector>

namespace planscope {

// One buffer type's share of a kind, for the memory breakdown.
struct llm_buffer_total {
    buffer_id buffer;      // in the document
    std::string type;      // the buffer type's name ("CUDA0", "CPU", "CPU_Mapped")
    int device = -1;       // llm_placed_buffer::device
    bool weights = false;  // GGML_BACKEND_BUFFER_USAGE_WEIGHTS
    std::size_t bytes = 0;
};

class llm_buffer_set {
public:
    // Buffers named PREFIX (the host CPU type, kept for the one-device document) or "PREFIX TYPE".
    llm_buffer_set(graph_document& doc, std::string prefix, bool weights);

    // Places t at the end of its type's buffer. Errors on a size that overflows.
    status place(tensor_id t, const llm_placed_buffer& where);
    // Records a buffer made elsewhere (the mapped file's).
    void add(buffer_id id, const llm_placed_buffer& where, std::size_t bytes);

    [[nodiscard]] const std::vector<llm_buffer_total>& totals() const { return m_totals; }
    [[nodiscard]] std::size_t bytes() const;

private:
    llm_buffer_total& buffer_for(const llm_placed_buffer& where);

    graph_document& m_doc;
    std::string m_prefix;
    bool m_weights;
    std::vector<llm_buffer_total> m_totals;
};

} // namespace planscope
