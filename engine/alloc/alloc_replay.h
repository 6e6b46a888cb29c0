#pragma once
// Rebuilds what the allocators held at any step of a recording, stepping forward and backward,
// without running an allocator: the UI's time slider.
#include "alloc_events.h"

#include <map>
#include <optional>
#include <span>
#include <unordered_map>

namespace planscope {

struct replay_buffer {
    std::size_t alignment = 0;
    bool is_measure = false;
    std::vector<free_block> free_blocks;
    std::size_t max_size = 0;
    friend bool operator==(const replay_buffer&, const replay_buffer&) = default;
};

// Memory a tensor allocated and has not freed.
struct held_memory {
    buffer_id buffer;
    std::uint64_t offset = 0;
    std::size_t size = 0;
    // The seed freed only a prefix: an inplace node smaller than the allocation it reused (a
    // view parent's source) is freed with its own size. The rest stays allocated for good.
    bool leaked = false;
    friend bool operator==(const held_memory&, const held_memory&) = default;
};

enum class placed_by : std::uint8_t { alloc, view, inplace };

struct placed_tensor {
    placement where;
    placed_by how = placed_by::alloc;
    tensor_id source; // view_src for views and inplace nodes
    friend bool operator==(const placed_tensor&, const placed_tensor&) = default;
};

struct replay_state {
    std::map<buffer_id, replay_buffer> buffers; // those attached so far
    std::unordered_map<tensor_id, held_memory> held;
    // Every tensor placed so far, freed ones included: like ggml's data pointers, placements stay.
    std::unordered_map<tensor_id, placed_tensor> placed;

    // The tensor whose allocation `t` uses: t itself, or the one its view chain ends at.
    // nullopt when the chain ends outside the recording (pre-allocated memory) or at freed memory.
    [[nodiscard]] std::optional<tensor_id> owner(tensor_id t) const;
    // Where `t` is while its memory is live: allocated and not freed (nor partly freed), or
    // pre-allocated.
    [[nodiscard]] std::optional<placement> live_placement(tensor_id t) const;

    friend bool operator==(const replay_state&, const replay_state&) = default;
};

class alloc_replayer {
public:
    // `events` must outlive the replayer and not change while it is used.
    explicit alloc_replayer(std::span<const alloc_event> events) : m_events(events) {}

    [[nodiscard]] std::size_t position() const { return m_pos; } // events applied
    [[nodiscard]] std::size_t size() const { return m_events.size(); }
    [[nodiscard]] const replay_state& state() const { return m_state; }

    bool forward();  // applies event position(); false at the end
    bool backward(); // undoes event position() - 1; false at the start
    void seek(std::size_t position);

private:
    // What an event replaced that the event itself does not say.
    struct undo {
        std::optional<replay_buffer> buffer_before;
        std::vector<std::pair<tensor_id, held_memory>> released;
    };

    void apply(const events::attach& e, undo& u);
    void apply(const events::alloc& e, undo& u);
    void apply(const events::free& e, undo& u);
    void apply(const events::reset& e, undo& u);
    void apply(const events::view& e, undo& u);
    void apply(const events::inplace& e, undo& u);
    void apply(const auto&, undo&) {} // events that change no state
    void revert(const alloc_event& e, undo& u);
    void release_held(const events::free& e, undo& u);
    void revert_held(const undo& u);

    std::span<const alloc_event> m_events;
    std::size_t m_pos = 0;
    replay_state m_state;
    std::unordered_map<std::size_t, undo> m_undo; // by event index, for the events that need one
};

} // namespace planscope
