#include "tensor_allocator.h"

#include <algorithm>
#include <bit>
#include <limits>

namespace planscope {
namespace {

std::string quoted(const tensor& t) { return "'" + t.name + "'"; }

std::string quoted_name(const context& ctx, tensor_id id) {
    return ctx.contains(id) ? quoted(ctx[id]) : "tensor id " + std::to_string(id.value);
}

} // namespace

tensor_allocator::tensor_allocator(std::shared_ptr<alloc_buffer> buffer, bool measure)
    : m_buffer(std::move(buffer)), m_id(m_buffer->id()), m_alignment(m_buffer->alignment()),
      m_base(measure ? measure_base : m_buffer->base()), m_measure(measure) {
    reset();
}

result<tensor_allocator> tensor_allocator::create(std::shared_ptr<alloc_buffer> buffer) {
    if (!buffer) return error{"tensor allocator: no buffer"};
    const std::size_t alignment = buffer->alignment();
    if (!std::has_single_bit(alignment))
        return error{"tensor allocator: alignment " + std::to_string(alignment) + " is not a power of two"};
    const std::uint64_t first = aligned_offset(buffer->base(), 0, alignment);
    if (first > buffer->size())
        return error{"tensor allocator: a buffer of " + std::to_string(buffer->size()) +
                     " bytes has no aligned byte (the first is at offset " + std::to_string(first) + ")"};
    return tensor_allocator(std::move(buffer), false);
}

result<tensor_allocator> tensor_allocator::create_measure(std::shared_ptr<alloc_buffer> buffer) {
    if (!buffer) return error{"tensor allocator: no buffer"};
    if (!std::has_single_bit(buffer->alignment()))
        return error{"tensor allocator: alignment " + std::to_string(buffer->alignment()) + " is not a power of two"};
    return tensor_allocator(std::move(buffer), true);
}

std::size_t tensor_allocator::largest_free_block() const {
    std::size_t largest = 0;
    for (const auto& b : m_blocks) largest = std::max(largest, b.size);
    return largest;
}

std::size_t tensor_allocator::aligned_size(const tensor& t) const {
    const std::size_t size = m_buffer->alloc_size(t);
    // aligned_offset(0, size, alignment) with a mask for its two divisions (create_measure and
    // create check that the alignment is a power of two): the same bits, wrapping included.
    const std::size_t padded = size + ((std::size_t{0} - size) & (m_alignment - 1));
    return padded < size ? std::numeric_limits<std::size_t>::max() : padded; // saturate: it can never fit
}

free_block tensor_allocator::initial_block() const {
    const std::uint64_t first = aligned_offset(m_base, 0, alignment());
    // The seed does not subtract the alignment padding from the measure capacity.
    return {first, m_measure ? measure_capacity : m_buffer->size() - first};
}

void tensor_allocator::reset() {
    std::vector<free_block> before;
    if (m_observer) before = m_blocks;
    m_blocks.assign(1, initial_block());
    if (m_observer) m_observer->on_event(events::reset{buffer(), std::move(before), m_blocks.front()});
}

void tensor_allocator::set_observer(alloc_observer* observer) {
    m_observer = observer;
    if (m_observer) m_observer->on_event(events::attach{buffer(), alignment(), m_measure, m_blocks, m_max_size});
}

void tensor_allocator::restore(snapshot s) {
    m_blocks = std::move(s.blocks);
    m_max_size = s.max_size;
}

// Best fit among all blocks but the last, the later of equal sizes winning (`<=`); the last
// block, usually the untouched tail of the buffer, only when nothing else fits.
std::optional<tensor_allocator::fit> tensor_allocator::best_fit(std::size_t size) const {
    std::optional<std::size_t> best;
    std::size_t best_size = std::numeric_limits<std::size_t>::max();
    for (std::size_t i = 0; i + 1 < m_blocks.size(); ++i) {
        if (m_blocks[i].size >= size && m_blocks[i].size <= best_size) {
            best = i;
            best_size = m_blocks[i].size;
        }
    }
    if (best) return fit{*best, false};
    if (!m_blocks.empty() && m_blocks.back().size >= size) return fit{m_blocks.size() - 1, true};
    return std::nullopt;
}

void tensor_allocator::take(std::size_t block, std::size_t size) {
    free_block& b = m_blocks[block];
    b.offset += size;
    b.size -= size;
    if (b.size == 0) m_blocks.erase(m_blocks.begin() + static_cast<std::ptrdiff_t>(block));
}

error tensor_allocator::fail(tensor_id id, failure_kind kind, std::size_t bytes, std::string message) const {
    if (m_observer)
        m_observer->on_event(events::failure{id, buffer(), kind, bytes, largest_free_block(), message});
    return error{std::move(message)};
}

status tensor_allocator::alloc(context& ctx, tensor_id id) {
    if (!ctx.contains(id)) return error{"tensor allocator: tensor id " + std::to_string(id.value) + " does not exist"};
    tensor& t = ctx[id];
    if (t.is_view())
        return error{"tensor " + quoted_name(ctx, id) + " is a view: it takes its memory from " +
                     quoted_name(ctx, t.view_src)};
    return alloc(id, t);
}

status tensor_allocator::alloc(tensor_id id, tensor& t) {
    if (t.is_view()) return error{"tensor " + quoted(t) + " is a view: it takes its memory from another"};
    if (t.where) return error{"tensor " + quoted(t) + " is already allocated"};

    const std::size_t size = aligned_size(t);
    const auto chosen = best_fit(size);
    if (!chosen) {
        return fail(id, failure_kind::out_of_space, size,
                    "not enough space in buffer " + std::to_string(buffer().value) + " for tensor " + quoted(t) +
                        ": needs " + std::to_string(size) + " bytes, largest free block is " +
                        std::to_string(largest_free_block()) + " bytes");
    }

    std::vector<free_block> candidates;
    if (m_observer) candidates = m_blocks;
    const std::size_t max_before = m_max_size;
    const std::uint64_t offset = m_blocks[chosen->block].offset;
    take(chosen->block, size);
    t.where = placement{buffer(), offset};
    if (!m_measure) m_buffer->init_tensor(id, t);
    m_max_size = std::max<std::size_t>(m_max_size, offset + size);

    if (m_observer)
        m_observer->on_event(events::alloc{id, buffer(), offset, size, chosen->block, chosen->last_block,
                                           std::move(candidates), max_before, m_max_size});
    return success();
}

std::pair<merge_kind, std::size_t> tensor_allocator::release(std::uint64_t offset, std::size_t size) {
    // Scanned in address order, as the seed does: the first block touching the range absorbs it.
    for (std::size_t i = 0; i < m_blocks.size(); ++i) {
        free_block& b = m_blocks[i];
        if (b.end() == offset) {
            b.size += size;
            if (i + 1 < m_blocks.size() && b.end() == m_blocks[i + 1].offset) {
                b.size += m_blocks[i + 1].size;
                m_blocks.erase(m_blocks.begin() + static_cast<std::ptrdiff_t>(i + 1));
                return {merge_kind::both, i};
            }
            return {merge_kind::previous, i};
        }
        if (offset + size == b.offset) {
            b.offset = offset;
            b.size += size;
            if (i > 0 && m_blocks[i - 1].end() == b.offset) {
                m_blocks[i - 1].size += b.size;
                m_blocks.erase(m_blocks.begin() + static_cast<std::ptrdiff_t>(i));
                return {merge_kind::both, i - 1};
            }
            return {merge_kind::next, i};
        }
    }
    const auto pos = std::find_if(m_blocks.begin(), m_blocks.end(), [&](const free_block& b) { return b.offset >= offset; });
    const auto index = static_cast<std::size_t>(pos - m_blocks.begin());
    m_blocks.insert(pos, free_block{offset, size});
    return {merge_kind::new_block, index};
}

status tensor_allocator::free_tensor(context& ctx, tensor_id id) {
    if (!ctx.contains(id)) return error{"tensor allocator: tensor id " + std::to_string(id.value) + " does not exist"};
    return free_tensor(id, ctx[id]);
}

status tensor_allocator::free_tensor(tensor_id id, const tensor& t) {
    if (!is_own(t)) return success(); // weights and other buffers' tensors are not ours to free

    const std::uint64_t offset = t.where->offset;
    const std::size_t size = aligned_size(t);
    const bool touches = std::any_of(m_blocks.begin(), m_blocks.end(), [&](const free_block& b) {
        return b.end() == offset || offset + size == b.offset;
    });
    if (!touches && m_blocks.size() >= max_free_blocks) {
        return fail(id, failure_kind::too_many_free_blocks, size,
                    "cannot free tensor " + quoted(t) + " (" + std::to_string(size) + " bytes) in buffer " +
                        std::to_string(buffer().value) + ": it would be free block " +
                        std::to_string(max_free_blocks + 1) + " of at most " + std::to_string(max_free_blocks) +
                        "; largest free block is " + std::to_string(largest_free_block()) + " bytes");
    }

    if (!m_measure) m_buffer->free_tensor(id, t);
    const auto [merge, block] = release(offset, size);
    if (m_observer) m_observer->on_event(events::free{id, buffer(), offset, size, merge, block, m_blocks[block]});
    return success();
}

} // namespace planscope
