#pragma once
// The seed's legacy ggml_allocr: one buffer, one tensor allocator and one graph allocator, as
// llama.cpp (2023-11) measures a graph and then allocates it for real.
#include "graph_allocator.h"
#include "tensor_allocator.h"

namespace planscope {

class legacy_allocator {
public:
    // ggml_allocr_new_from_buffer / ggml_allocr_new_measure_from_backend.
    static result<legacy_allocator> create(std::shared_ptr<alloc_buffer> buffer);
    static result<legacy_allocator> create_measure(std::shared_ptr<alloc_buffer> buffer);
    // ggml_allocr_new(data, size, alignment) / ggml_allocr_new_measure(alignment): a plain buffer.
    static result<legacy_allocator> create(buffer_id id, std::uint64_t base, std::size_t size, std::size_t alignment);
    static result<legacy_allocator> create_measure(buffer_id id, std::size_t alignment);

    void set_parse_seq(std::vector<int> seq) { m_graphs.set_parse_seq(std::move(seq)); }
    // Both halves report to `observer`.
    void set_observer(alloc_observer* observer);

    [[nodiscard]] bool is_measure() const { return m_tensors.is_measure(); }
    [[nodiscard]] std::size_t max_size() const { return m_tensors.max_size(); }
    void reset() { m_tensors.reset(); }
    // ggml_allocr_alloc: one tensor outside any graph (llama.cpp's inputs).
    status alloc(context& ctx, tensor_id id) { return m_tensors.alloc(ctx, id); }
    // ggml_allocr_alloc_graph: returns max_size.
    result<std::size_t> alloc_graph(context& ctx, const graph& g) { return m_graphs.alloc_graph(ctx, g, m_tensors); }

    [[nodiscard]] tensor_allocator& tensors() { return m_tensors; }
    [[nodiscard]] const tensor_allocator& tensors() const { return m_tensors; }

private:
    explicit legacy_allocator(tensor_allocator t) : m_tensors(std::move(t)) {}

    tensor_allocator m_tensors;
    graph_allocator m_graphs;
};

} // namespace planscope
