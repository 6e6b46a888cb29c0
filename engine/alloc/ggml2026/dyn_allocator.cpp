#include "dyn_allocator.h"

#include <algorithm>
#include <string>

namespace planscope::ggml2026 {
dyn_allocator::dyn_allocator(std::size_t alignment, std::size_t max_buffer_size)
    : m_alignment(alignment), m_max_chunk_size(std::min(max_buffer_size, unbounded)) {}

std::size_t dyn_allocator::max_size(int chunk) const {
    return chunk >= 0 && chunk < n_chunks() ? m_chunks[static_cast<std::size_t>(chunk)].max_size : 0;
}

std::span<const free_block> dyn_allocator::free_blocks(int chunk) const {
    if (chunk < 0 || chunk >= n_chunks()) return {};
    return m_chunks[static_cast<std::size_t>(chunk)].blocks;
}

// The smallest block other than a chunk's last that fits; ggml restarts the size comparison in
// every chunk, so a later chunk's fitting block wins over an earlier chunk's tighter one, and a
// later block of the same size over an earlier one.
dyn_allocator::choice dyn_allocator::best_fit(std::size_t size) const {
    choice best;
    for (int c = 0; c < n_chunks(); ++c) {
        const std::vector<free_block>& blocks = m_chunks[static_cast<std::size_t>(c)].blocks;
        std::size_t best_size = SIZE_MAX;
        for (std::size_t i = 0; i + 1 < blocks.size(); ++i) {
            if (blocks[i].size >= size && blocks[i].size <= best_size) {
                best = {c, i};
                best_size = blocks[i].size;
            }
        }
    }
    return best;
}

// The last block of the chunk that has to grow least for the tensor or, among chunks that need
// not grow, keeps the least room unused: reuse = chunk max_size - block offset - size, as ggml
// computes it in size_t and reads it as int64_t.
dyn_allocator::choice dyn_allocator::best_last_block(std::size_t size) const {
    choice best;
    std::int64_t best_reuse = INT64_MIN;
    for (int c = 0; c < n_chunks(); ++c) {
        const chunk& ch = m_chunks[static_cast<std::size_t>(c)];
        if (ch.blocks.empty()) continue;
        const free_block& last = ch.blocks.back();
        const auto reuse = static_cast<std::int64_t>(static_cast<std::uint64_t>(ch.max_size) - last.offset - size);
        const bool better_reuse = best_reuse < 0 && reuse > best_reuse;
        const bool better_fit = reuse >= 0 && reuse < best_reuse;
        if (last.size >= size && (better_reuse || better_fit)) {
            best = {c, ch.blocks.size() - 1};
            best_reuse = reuse;
        }
    }
    return best;
}

result<chunk_address> dyn_allocator::alloc(std::size_t size, alloc_choice* chosen) {
    if (size > unbounded) return error{"ggml 2026 allocator: " + std::to_string(size) + " bytes is more than a buffer can hold"};
    size = aligned(size, m_alignment);
    choice pick = best_fit(size);
    if (pick.chunk < 0) pick = best_last_block(size);
    if (pick.chunk < 0) {
        // ggml_dyn_tallocr_new_chunk: room for the tensor at least; the last chunk is unbounded.
        if (n_chunks() >= max_chunks)
            return error{"ggml 2026 allocator: no room for " + std::to_string(size) + " bytes in " +
                         std::to_string(max_chunks) + " chunks"};
        const std::size_t room = n_chunks() == max_chunks - 1 ? unbounded : std::max(size, m_max_chunk_size);
        m_chunks.push_back({{free_block{0, room}}, 0});
        pick = {n_chunks() - 1, 0};
        if (chosen) chosen->new_chunk = true;
    }
    chunk& ch = m_chunks[static_cast<std::size_t>(pick.chunk)];
    if (chosen) {
        chosen->block = pick.block;
        chosen->last_block = pick.block + 1 == ch.blocks.size();
    }
    free_block& block = ch.blocks[pick.block];
    const chunk_address addr{pick.chunk, block.offset};
    block.offset += size;
    block.size -= size;
    if (block.size == 0) ch.blocks.erase(ch.blocks.begin() + static_cast<std::ptrdiff_t>(pick.block));
    ch.max_size = std::max<std::size_t>(ch.max_size, addr.offset + size);
    return addr;
}

status dyn_allocator::free_bytes(chunk_address addr, std::size_t size, free_merge* merge) {
    if (addr.chunk < 0 || addr.chunk >= n_chunks())
        return error{"ggml 2026 allocator: chunk " + std::to_string(addr.chunk) + " does not exist"};
    if (size > unbounded) return error{"ggml 2026 allocator: " + std::to_string(size) + " bytes is more than a buffer can hold"};
    size = aligned(size, m_alignment);
    std::vector<free_block>& blocks = m_chunks[static_cast<std::size_t>(addr.chunk)].blocks;
    // The first block the freed bytes touch, checked end first, then start, as ggml does.
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        free_block& b = blocks[i];
        if (b.end() == addr.offset) {
            b.size += size;
            merge_kind kind = merge_kind::previous;
            if (i + 1 < blocks.size() && b.end() == blocks[i + 1].offset) {
                b.size += blocks[i + 1].size;
                blocks.erase(blocks.begin() + static_cast<std::ptrdiff_t>(i + 1));
                kind = merge_kind::both;
            }
            if (merge) *merge = {kind, i, blocks[i]};
            return success();
        }
        if (addr.offset + size == b.offset) {
            b.offset = addr.offset;
            b.size += size;
            if (i > 0 && blocks[i - 1].end() == b.offset) {
                blocks[i - 1].size += b.size;
                blocks.erase(blocks.begin() + static_cast<std::ptrdiff_t>(i));
                if (merge) *merge = {merge_kind::both, i - 1, blocks[i - 1]};
                return success();
            }
            if (merge) *merge = {merge_kind::next, i, b};
            return success();
        }
    }
    if (blocks.size() >= max_free_blocks)
        return error{"ggml 2026 allocator: chunk " + std::to_string(addr.chunk) + " is out of free blocks (" +
                     std::to_string(max_free_blocks) + ")"};
    const auto at = std::ranges::find_if(blocks, [&](const free_block& b) { return b.offset >= addr.offset; });
    const auto inserted = blocks.insert(at, free_block{addr.offset, size});
    if (merge) *merge = {merge_kind::new_block, static_cast<std::size_t>(inserted - blocks.begin()), *inserted};
    return success();
}

} // namespace planscope::ggml2026
