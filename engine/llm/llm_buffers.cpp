#include "llm_buffers.h"

#include <algorithm>
#include <numeric>

namespace planscope {

llm_buffer_set::llm_buffer_set(graph_document& doc, std::string prefix, bool weights)
    : m_doc(doc), m_prefix(std::move(prefix)), m_weights(weights) {}

llm_buffer_total& llm_buffer_set::buffer_for(const llm_placed_buffer& where) {
    const auto it = std::find_if(m_totals.begin(), m_totals.end(),
                                 [&](const llm_buffer_total& t) { return t.type == where.type.name; });
    if (it != m_totals.end()) return *it;
    // The CPU's own type keeps the plain name, which one-device code and the exports know.
    const bool plain = where.device < 0 && where.type.name == "CPU";
    const buffer_id id{m_doc.buffers.size()};
    m_doc.buffers.push_back({plain ? m_prefix : m_prefix + " " + where.type.name,
                             where.device < 0 ? "CPU" : where.type.name, 0, where.type.alignment});
    m_totals.push_back({id, where.type.name, where.device, m_weights, 0});
    return m_totals.back();
}

status llm_buffer_set::place(tensor_id t, const llm_placed_buffer& where) {
    llm_buffer_total& total = buffer_for(where);
    auto size = device_alloc_size(where.type, m_doc.ctx[t]);
    if (!size) return size.err();
    const std::size_t a = std::max<std::size_t>(where.type.alignment, 1);
    std::size_t end = 0;
    if (*size > SIZE_MAX - a || __builtin_add_overflow(total.bytes, (*size + a - 1) / a * a, &end))
        return error{"the " + m_prefix + " buffer " + where.type.name + " overflows at '" + m_doc.ctx[t].name + "'"};
    m_doc.ctx[t].where = placement{total.buffer, total.bytes};
    total.bytes = end;
    m_doc.buffers[total.buffer.index()].size = end;
    return success();
}

void llm_buffer_set::add(buffer_id id, const llm_placed_buffer& where, std::size_t bytes) {
    m_totals.push_back({id, where.type.name, where.device, m_weights, bytes});
}

std::size_t llm_buffer_set::bytes() const {
    return std::accumulate(m_totals.begin(), m_totals.end(), std::size_t{0},
                           [](std::size_t s, const llm_buffer_total& t) { return s + t.bytes; });
}

} // namespace planscope
