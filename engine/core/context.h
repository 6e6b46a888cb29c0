#pragma once
// Owns tensors, like a ggml_context; references stay valid while tensors are added.
#include "ids.h"
#include "tensor.h"

#include <deque>

namespace planscope {

class context {
public:
    tensor_id add(tensor t) {
        m_tensors.push_back(std::move(t));
        return tensor_id{m_tensors.size() - 1};
    }
    tensor& operator[](tensor_id id) { return m_tensors[id.index()]; }
    const tensor& operator[](tensor_id id) const { return m_tensors[id.index()]; }
    [[nodiscard]] bool contains(tensor_id id) const { return id.valid() && id.index() < m_tensors.size(); }
    [[nodiscard]] std::size_t size() const { return m_tensors.size(); }
    // Releases every tensor from `n` on (the scheduler's temporary copies).
    void truncate(std::size_t n) { m_tensors.resize(n); }

private:
    std::deque<tensor> m_tensors;
};

} // namespace planscope
