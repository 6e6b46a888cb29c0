#include "live_tensors.h"

#include "memory_owner.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace planscope {
namespace {

struct allocation_record {
    std::uint64_t offset = 0;
    std::size_t size = 0;
    std::size_t alloc_step = 0;
    std::size_t alloc_node = 0;
    std::optional<std::size_t> free_step;
    std::optional<std::size_t> free_node;
    tensor_id alloc_by, free_by;
    // The seed frees only a prefix when an inplace node smaller than the allocation it reused is
    // freed with its own size: from that step on the rest stays allocated for good.
    std::optional<std::size_t> leak_step;
    std::uint64_t leak_offset = 0;
    std::size_t leak_size = 0;
};

// One pass over the whole recording: allocations and frees in `buffer`, where every node ran,
// and what views and inplace nodes ride on.
struct recording_index {
    std::unordered_map<tensor_id, allocation_record> allocations;
    std::unordered_map<tensor_id, std::size_t> node_position;
    std::unordered_map<tensor_id, tensor_id> rides_on; // view or inplace node -> the tensor it aliases
    std::vector<std::size_t> position_after;           // by step: the node position after it
    std::vector<tensor_id> final_owner;                // by tensor: owner() once the recording is over

    recording_index(std::span<const alloc_event> events, buffer_id buffer, std::size_t tensors) {
        std::size_t position = 0;
        tensor_id current;
        position_after.reserve(events.size() + 1);
        position_after.push_back(0);
        for (std::size_t i = 0; i < events.size(); ++i) {
            const std::size_t step = i + 1;
            std::visit(
                [&](const auto& e) {
                    using T = std::decay_t<decltype(e)>;
                    if constexpr (std::is_same_v<T, events::node>) {
                        position = e.position;
                        current = e.tensor;
                        node_position.emplace(e.tensor, e.position);
                    } else if constexpr (std::is_same_v<T, events::alloc>) {
                        if (e.buffer == buffer)
                            allocations.try_emplace(e.tensor, allocation_record{e.offset, e.size, step, position, {}, {},
                                                                                current, {}, {}, 0, 0});
                    } else if constexpr (std::is_same_v<T, events::free>) {
                        // ggml frees the tensor a node's memory is reached through: resolve it.
                        const auto o = e.buffer == buffer ? owner(e.tensor) : std::nullopt;
                        if (!o) return;
                        allocation_record& r = allocations.at(*o);
                        if (r.free_step || r.leak_step) return;
                        const std::uint64_t end = e.offset + e.size;
                        if (e.offset <= r.offset && end >= r.offset + r.size) {
                            r.free_step = step;
                            r.free_node = position;
                            r.free_by = current;
                        } else {
                            r.leak_step = step;
                            r.leak_offset = std::max<std::uint64_t>(end, r.offset);
                            r.leak_size = static_cast<std::size_t>(r.offset + r.size - r.leak_offset);
                        }
                    } else if constexpr (std::is_same_v<T, events::view>) {
                        rides_on.emplace(e.tensor, e.source);
                    } else if constexpr (std::is_same_v<T, events::inplace>) {
                        rides_on.emplace(e.node, e.source);
                    }
                },
                events[i]);
            position_after.push_back(position);
        }
        // Resolved once: a view or inplace chain of n tensors would cost n^2 walked per tensor.
        final_owner = chain_ends(tensors, [&](tensor_id t) {
            if (allocations.contains(t)) return tensor_id{};
            const auto it = rides_on.find(t);
            return it == rides_on.end() ? tensor_id{} : it->second;
        });
    }

    // owner() after the whole recording.
    [[nodiscard]] std::optional<tensor_id> owner_at_end(tensor_id t) const {
        if (t.index() >= final_owner.size()) return std::nullopt;
        const tensor_id o = final_owner[t.index()];
        return allocations.contains(o) ? std::optional(o) : std::nullopt;
    }

    // The allocation a tensor's memory belongs to: itself, or where its view / inplace chain ends.
    [[nodiscard]] std::optional<tensor_id> owner(tensor_id t) const {
        for (std::size_t hops = 0; hops <= rides_on.size(); ++hops) {
            if (allocations.contains(t)) return t;
            const auto it = rides_on.find(t);
            if (it == rides_on.end()) return std::nullopt;
            t = it->second;
        }
        return std::nullopt; // a cycle: not from an allocator
    }
};

} // namespace

std::vector<recorded_buffer> recorded_buffers(const graph_document& doc, std::span<const alloc_event> events) {
    std::vector<recorded_buffer> out;
    const auto find = [&](buffer_id id) {
        return std::find_if(out.begin(), out.end(), [&](const recorded_buffer& b) { return b.id == id; });
    };
    for (const alloc_event& e : events)
        if (const auto* a = std::get_if<events::attach>(&e); a && find(a->buffer) == out.end()) {
            recorded_buffer b{a->buffer, {}, a->max_size, a->alignment, 0};
            b.name = a->buffer.index() < doc.buffers.size() ? doc.buffers[a->buffer.index()].name
                                                            : "buffer " + std::to_string(a->buffer.index());
            out.push_back(std::move(b));
        }
    for (const alloc_event& e : events)
        if (const auto* a = std::get_if<events::alloc>(&e))
            if (const auto it = find(a->buffer); it != out.end()) it->max_size = std::max(it->max_size, a->max_size_after);
    for (std::size_t i = 0; i < events.size(); ++i)
        if (const auto* a = std::get_if<events::alloc>(&events[i]))
            if (const auto it = find(a->buffer); it != out.end() && it->peak_step == 0 && a->max_size_after == it->max_size)
                it->peak_step = i + 1;
    return out;
}

struct live_tensors::index : recording_index {
    using recording_index::recording_index;
};

live_tensors::live_tensors(const graph_document& doc, std::span<const alloc_event> events, buffer_id buffer)
    : m_doc(&doc), m_events(events), m_buffer(buffer), m_index(std::make_unique<index>(events, buffer, doc.ctx.size())) {}
live_tensors::~live_tensors() = default;
live_tensors::live_tensors(live_tensors&&) noexcept = default;
live_tensors& live_tensors::operator=(live_tensors&&) noexcept = default;

live_set live_at(const graph_document& doc, std::span<const alloc_event> events, buffer_id buffer, std::size_t step) {
    return live_tensors(doc, events, buffer).at(step);
}

live_set live_tensors::at(std::size_t step) const {
    const graph_document& doc = *m_doc;
    const std::span<const alloc_event> events = m_events;
    const buffer_id buffer = m_buffer;
    const recording_index& index = *m_index;
    step = std::min(step, events.size());
    live_set out;
    out.buffer = buffer;
    out.step = step;
    out.node = index.position_after[step];
    for (std::size_t i = 0; i < step; ++i)
        if (const auto* a = std::get_if<events::alloc>(&events[i]); a && a->buffer == buffer)
            out.high_water = std::max<std::uint64_t>(out.high_water, a->max_size_after);

    std::map<tensor_id, std::size_t> slot; // live owner -> index in out.allocations
    for (const auto& [owner, r] : index.allocations) {
        if (r.alloc_step > step || (r.free_step && *r.free_step <= step)) continue;
        live_allocation a{owner, r.offset, r.size, r.alloc_step, r.free_step, r.alloc_node, r.free_node, r.alloc_by, r.free_by, {}, {}};
        if (r.leak_step && *r.leak_step <= step) {
            a.offset = r.leak_offset;
            a.size = r.leak_size;
        }
        slot.emplace(owner, out.allocations.size());
        out.live_bytes += a.size;
        out.allocations.push_back(std::move(a));
    }
    for (const auto& [rider, on] : index.rides_on)
        if (const auto o = index.owner_at_end(rider); o && slot.contains(*o)) out.allocations[slot.at(*o)].riders.push_back(rider);
    // A node still to run (at or after the current one) that reads the allocation or a rider.
    for (tensor_id n : doc.g.nodes) {
        const auto at = index.node_position.find(n);
        if (at == index.node_position.end() || at->second < out.node) continue;
        for (tensor_id src : doc.ctx[n].src) {
            if (!src.valid()) continue;
            const auto o = index.owner_at_end(src);
            if (!o || !slot.contains(*o)) continue;
            auto& readers = out.allocations[slot.at(*o)].pending_readers;
            if (readers.empty() || readers.back() != n) readers.push_back(n); // n's sources come together
        }
    }
    for (live_allocation& a : out.allocations) {
        std::sort(a.riders.begin(), a.riders.end());
        std::sort(a.pending_readers.begin(), a.pending_readers.end(), [&](tensor_id x, tensor_id y) {
            return index.node_position.at(x) < index.node_position.at(y);
        });
    }
    std::sort(out.allocations.begin(), out.allocations.end(), [](const live_allocation& a, const live_allocation& b) {
        return a.size != b.size ? a.size > b.size : a.offset < b.offset;
    });
    out.free_inside = out.high_water > out.live_bytes ? out.high_water - out.live_bytes : 0;
    return out;
}

} // namespace planscope
