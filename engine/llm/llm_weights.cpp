#include "llm_weights.h"

#include "core/builder.h"
#include "core/printable.h"
#include "models/llama_weights.h"

#include <algorithm>

namespace planscope {

llm_weight_loader::llm_weight_loader(graph_document& doc, const gguf_file& file, const llm_placement* placement)
    : m_doc(doc), m_file(file), m_backed(!file.tensors.empty()), m_placement(placement), m_buffer(doc.buffers.size()),
      m_buffers(doc, std::string(weights_buffer_name), true) {
    doc.buffers.push_back({std::string(weights_buffer_name), "CPU", 0, file.alignment});
    for (const auto& t : file.tensors) m_by_name.emplace(t.name, &t);
}

std::optional<llm_placed_buffer> llm_weight_loader::where(const std::string& name, dtype type, shape ne, int il,
                                                         bool duplicated, bool& failed) {
    failed = false;
    if (!m_placement) return std::nullopt;
    auto use = llm_tensor_use_of(name, il, duplicated);
    if (!use) {
        fail(use.err().message);
        failed = true;
        return std::nullopt;
    }
    builder b(m_meta);
    const tensor_id meta = b.set_name(b.new_tensor(type, ne), name);
    if (!b.ok()) {
        fail("tensor '" + printable(name) + "': " + b.first_error()->message);
        failed = true;
        return std::nullopt;
    }
    auto placed = m_placement->weight_buffer(name, m_meta[meta], *use);
    if (!placed) {
        fail(placed.err().message);
        failed = true;
        return std::nullopt;
    }
    if (placed->mapped) return std::nullopt;
    return *placed;
}

void llm_weight_loader::fail(std::string message) {
    if (!m_error) m_error = error{std::move(message)};
}

tensor_id llm_weight_loader::create(const std::string& name, shape ne, llm_tensor_flag flags, int il) {
    if (m_error) return {};
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
    bool failed = false;
    const std::optional<llm_placed_buffer> buffer =
        where(name, type, ne, il, has(flags, llm_tensor_flag::duplicated), failed);
    if (failed) return {};
    const std::string key = name + '\n' + (buffer ? buffer->type.name : std::string("CPU_Mapped"));
    if (const auto it = m_made.find(key); it != m_made.end()) {
        if (has(flags, llm_tensor_flag::duplicated)) return it->second;
        fail("tensor '" + printable(name) + "' is made twice");
        return {};
    }

    builder b(m_doc.ctx);
    const tensor_id id = b.set_name(b.new_tensor(type, ne), name);
    if (!b.ok()) {
        fail("tensor '" + printable(name) + "': " + b.first_error()->message);
        return {};
    }
    if (info && m_used.insert(name).second) ++m_n_created;
    if (buffer) {
        if (auto s = m_buffers.place(id, *buffer); !s) {
            fail(s.err().message);
            return {};
        }
    } else if (auto s = place_mapped(id, info); !s) {
        fail(s.err().message);
        return {};
    }
    m_made.emplace(key, id);
    return id;
}

status llm_weight_loader::place_mapped(tensor_id id, const gguf_tensor_info* info) {
    m_any_mapped = true;
    const std::string& name = m_doc.ctx[id].name;
    const std::size_t bytes = nbytes(m_doc.ctx[id]);
    std::size_t offset = 0;
    if (info) {
        offset = info->offset;
        // Offsets are within the data section; the mapped range counts from the file's start.
        m_first = std::min(m_first, m_file.data_offset + offset);
        m_last = std::max(m_last, m_file.data_offset + offset + bytes);
    } else {
        const std::size_t a = std::max<std::size_t>(m_file.alignment, 1);
        offset = (m_packed_end + a - 1) / a * a;
        std::size_t end = 0;
        if (offset < m_packed_end || __builtin_add_overflow(offset, bytes, &end))
            return error{"the weights overflow the weights buffer at tensor '" + printable(name) + "'"};
        m_packed_end = end;
        m_first = 0;
        m_last = end;
    }
    m_doc.ctx[id].where = placement{m_buffer, offset};
    return success();
}

status llm_weight_loader::finish() {
    if (m_error) return *m_error;
    if (m_backed && m_n_created != m_file.tensors.size()) {
        const auto unused = std::find_if(m_file.tensors.begin(), m_file.tensors.end(),
                                         [&](const gguf_tensor_info& t) { return !m_used.contains(t.name); });
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
    if (m_any_mapped) {
        const device_buffer_type mapped{"CPU_Mapped", m_file.alignment, SIZE_MAX, true, 0, device_alloc_extra::none};
        m_buffers.add(m_buffer, {mapped, -1, true}, model_bytes());
    }
    return success();
}

} // namespace planscope
