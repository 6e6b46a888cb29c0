#include "llm_weights.h"

#include "core/builder.h"
#include "core/printable.h"
#include "models/llama_weights.h"

#include <algorithm>

namespace planscope {

llm_weight_loader::llm_weight_loader(graph_document& doc, const gguf_file& file)
    : m_doc(doc), m_file(file), m_backed(!file.tensors.empty()), m_buffer(doc.buffers.size()) {
    doc.buffers.push_back({std::string(weights_buffer_name), "CPU", 0, file.alignment});
    for (const auto& t : file.tensors) m_by_name.emplace(t.name, &t);
}

void llm_weight_loader::fail(std::string message) {
    if (!m_error) m_error = error{std::move(message)};
}

tensor_id llm_weight_loader::create(const std::string& name, shape ne, llm_tensor_flag flags) {
    if (m_error) return {};
    if (has(flags, llm_tensor_flag::duplicated))
        if (const auto it = m_made.find(name); it != m_made.end()) return it->second;
    const bool required = !has(flags, llm_tensor_flag::not_required);

    dtype type = dtype::f32;
    const gguf_tensor_info* info = nullptr;
    if (m_backed) {
        const auto it = m_by_name.find(name);
        if (it == m_by_name.end()) {
            if (required) fail("missing tensor '" + printable(name) + "'");
            return {};
        }
        info = it->second;
        if (info->ne != ne) {
            fail("tensor '" + printable(name) + "' has wrong shape; expected " + shape_string(ne) + ", got " +
                 shape_string(info->ne));
            return {};
        }
        type = info->type;
    } else {
        if (!required && !has(flags, llm_tensor_flag::shape_only)) return {};
        type = ne[1] > 1 || ne[2] > 1 || ne[3] > 1 ? dtype::f16 : dtype::f32;
    }

    builder b(m_doc.ctx);
    const tensor_id id = b.set_name(b.new_tensor(type, ne), name);
    if (!b.ok()) {
        fail("tensor '" + printable(name) + "': " + b.first_error()->message);
        return {};
    }
    const std::size_t bytes = nbytes(m_doc.ctx[id]);
    std::size_t offset = 0;
    if (info) {
        offset = info->offset;
        ++m_n_created;
        // Offsets are within the data section; the mapped range counts from the file's start.
        m_first = std::min(m_first, m_file.data_offset + offset);
        m_last = std::max(m_last, m_file.data_offset + offset + bytes);
    } else {
        const std::size_t a = std::max<std::size_t>(m_file.alignment, 1);
        offset = (m_packed_end + a - 1) / a * a;
        std::size_t end = 0;
        if (offset < m_packed_end || __builtin_add_overflow(offset, bytes, &end)) {
            fail("the weights overflow the weights buffer at tensor '" + printable(name) + "'");
            return {};
        }
        m_packed_end = end;
        m_first = 0;
        m_last = end;
    }
    m_doc.ctx[id].where = placement{m_buffer, offset};
    m_made.emplace(name, id);
    return id;
}

status llm_weight_loader::finish() {
    if (m_error) return *m_error;
    if (m_backed && m_n_created != m_file.tensors.size()) {
        const auto unused = std::find_if(m_file.tensors.begin(), m_file.tensors.end(),
                                         [&](const gguf_tensor_info& t) { return !m_made.contains(t.name); });
        return error{"wrong number of tensors; expected " + std::to_string(m_file.tensors.size()) + ", got " +
                     std::to_string(m_n_created) +
                     (unused == m_file.tensors.end() ? "" : " ('" + printable(unused->name) + "' is not used)")};
    }
    std::size_t size = m_packed_end;
    if (m_backed) {
        size = 0;
        for (const auto& t : m_file.tensors) size = std::max<std::size_t>(size, t.offset + t.size);
    }
    m_doc.buffers[m_buffer.index()].size = size;
    return success();
}

} // namespace planscope
