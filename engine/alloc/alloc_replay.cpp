#include "alloc_replay.h"

namespace planscope {

std::optional<tensor_id> replay_state::owner(tensor_id t) const {
    // A chain is at most view -> inplace node -> allocation; the bound only guards bad input.
    for (std::size_t hops = 0; hops <= placed.size(); ++hops) {
        if (held.contains(t)) return t;
        const auto it = placed.find(t);
        if (it == placed.end() || it->second.how == placed_by::alloc) return std::nullopt;
        t = it->second.source;
    }
    return std::nullopt;
}

std::optional<placement> replay_state::live_placement(tensor_id t) const {
    const auto it = placed.find(t);
    if (it == placed.end()) return std::nullopt;
    tensor_id cur = t;
    for (std::size_t hops = 0; hops <= placed.size(); ++hops) {
        if (const auto h = held.find(cur); h != held.end()) {
            if (h->second.leaked) return std::nullopt;
            return it->second.where;
        }
        const auto p = placed.find(cur);
        if (p == placed.end()) return it->second.where; // memory the recording never allocated
        if (p->second.how == placed_by::alloc) return std::nullopt; // freed or reset
        cur = p->second.source;
    }
    return std::nullopt;
}

bool alloc_replayer::forward() {
    if (m_pos == m_events.size()) return false;
    undo u;
    std::visit([&](const auto& e) { apply(e, u); }, m_events[m_pos]);
    if (u.buffer_before || !u.released.empty())
        m_undo[m_pos] = std::move(u);
    else
        m_undo.erase(m_pos);
    ++m_pos;
    return true;
}

bool alloc_replayer::backward() {
    if (m_pos == 0) return false;
    --m_pos;
    undo u;
    if (const auto it = m_undo.find(m_pos); it != m_undo.end()) u = std::move(it->second);
    revert(m_events[m_pos], u);
    m_undo.erase(m_pos);
    return true;
}

void alloc_replayer::seek(std::size_t position) {
    position = std::min(position, m_events.size());
    while (m_pos < position) forward();
    while (m_pos > position) backward();
}

void alloc_replayer::release_held(const events::free& e, undo& u) {
    const auto o = m_state.owner(e.tensor);
    if (!o) return; // allocated before the recording started
    held_memory& h = m_state.held.at(*o);
    u.released.emplace_back(*o, h);
    const std::uint64_t end = e.offset + e.size;
    if (e.offset <= h.offset && end >= h.offset + h.size) {
        m_state.held.erase(*o);
        return;
    }
    // Only a prefix went back to the free list; what follows it is never freed.
    const std::uint64_t rest = std::max<std::uint64_t>(end, h.offset);
    h.size = static_cast<std::size_t>(h.offset + h.size - rest);
    h.offset = rest;
    h.leaked = true;
}

void alloc_replayer::apply(const events::attach& e, undo& u) {
    if (const auto it = m_state.buffers.find(e.buffer); it != m_state.buffers.end()) u.buffer_before = it->second;
    m_state.buffers[e.buffer] = replay_buffer{e.alignment, e.is_measure, e.blocks, e.max_size};
}

void alloc_replayer::apply(const events::alloc& e, undo&) {
    replay_buffer& buf = m_state.buffers[e.buffer];
    buf.free_blocks = e.candidates; // the same list, unless the buffer was attached to another recorder
    free_block& b = buf.free_blocks[e.block];
    b.offset += e.size;
    b.size -= e.size;
    if (b.size == 0) buf.free_blocks.erase(buf.free_blocks.begin() + static_cast<std::ptrdiff_t>(e.block));
    buf.max_size = e.max_size_after;
    m_state.held[e.tensor] = held_memory{e.buffer, e.offset, e.size};
    m_state.placed[e.tensor] = placed_tensor{{e.buffer, e.offset}, placed_by::alloc, {}};
}

void alloc_replayer::apply(const events::free& e, undo& u) {
    release_held(e, u);
    auto& blocks = m_state.buffers[e.buffer].free_blocks;
    const std::size_t touched = e.merge == merge_kind::new_block ? 0 : e.merge == merge_kind::both ? 2 : 1;
    if (blocks.size() < e.block + touched) return; // a buffer this recording never saw attached
    const auto at = blocks.begin() + static_cast<std::ptrdiff_t>(e.block);
    switch (e.merge) {
    case merge_kind::new_block: blocks.insert(at, free_block{e.offset, e.size}); break;
    case merge_kind::previous: at->size += e.size; break;
    case merge_kind::next:
        at->offset = e.offset;
        at->size += e.size;
        break;
    case merge_kind::both: // the previous block at e.block absorbs the range and the next block
        *at = e.result;
        blocks.erase(at + 1);
        break;
    }
}

void alloc_replayer::apply(const events::reset& e, undo& u) {
    replay_buffer& b = m_state.buffers[e.buffer];
    u.buffer_before = b;
    b.free_blocks.assign(1, e.initial);
    for (auto it = m_state.held.begin(); it != m_state.held.end();) {
        if (it->second.buffer == e.buffer) {
            u.released.emplace_back(*it);
            it = m_state.held.erase(it);
        } else {
            ++it;
        }
    }
}

void alloc_replayer::apply(const events::view& e, undo&) {
    m_state.placed[e.tensor] = placed_tensor{e.where, placed_by::view, e.source};
}

void alloc_replayer::apply(const events::inplace& e, undo&) {
    m_state.placed[e.node] = placed_tensor{e.where, placed_by::inplace, e.source};
}

void alloc_replayer::revert(const alloc_event& ev, undo& u) {
    if (const auto* e = std::get_if<events::attach>(&ev)) {
        if (u.buffer_before)
            m_state.buffers[e->buffer] = *u.buffer_before;
        else
            m_state.buffers.erase(e->buffer);
    } else if (const auto* e = std::get_if<events::alloc>(&ev)) {
        m_state.buffers[e->buffer].free_blocks = e->candidates;
        m_state.buffers[e->buffer].max_size = e->max_size_before;
        m_state.held.erase(e->tensor);
        m_state.placed.erase(e->tensor);
    } else if (const auto* e = std::get_if<events::free>(&ev)) {
        auto& blocks = m_state.buffers[e->buffer].free_blocks;
        if (e->block >= blocks.size()) return revert_held(u); // see apply()
        const auto at = blocks.begin() + static_cast<std::ptrdiff_t>(e->block);
        switch (e->merge) {
        case merge_kind::new_block: blocks.erase(at); break;
        case merge_kind::previous: at->size -= e->size; break;
        case merge_kind::next:
            at->offset += e->size;
            at->size -= e->size;
            break;
        case merge_kind::both: {
            const free_block merged = *at;
            *at = free_block{merged.offset, e->offset - merged.offset};
            const std::uint64_t next = e->offset + e->size;
            blocks.insert(at + 1, free_block{next, merged.end() - next});
            break;
        }
        }
    } else if (const auto* e = std::get_if<events::reset>(&ev)) {
        m_state.buffers[e->buffer] = *u.buffer_before;
    } else if (const auto* e = std::get_if<events::view>(&ev)) {
        m_state.placed.erase(e->tensor);
    } else if (const auto* e = std::get_if<events::inplace>(&ev)) {
        m_state.placed.erase(e->node);
    }
    revert_held(u);
}

void alloc_replayer::revert_held(const undo& u) {
    for (const auto& [t, h] : u.released) m_state.held[t] = h;
}

} // namespace planscope
