#pragma once
// Greedy DSA planning: buffers are placed one by one, in a given order, at the lowest aligned
// offset where they overlap no buffer already placed whose lifetime overlaps theirs. The
// orderings are those of Pisarchyk & Lee, "Efficient Memory Management for Deep Neural Net
// Inference" (2020): by size, by breadth, by conflicts.
#include "dsa_placed_blocks.h"
#include "dsa_problem.h"

#include <cstdint>
#include <span>
#include <vector>

namespace planscope {

using dsa_order = std::vector<std::uint32_t>; // buffer indices, first placed first

// Size descending; ties: longer lifetime first, then earlier start.
dsa_order order_by_size(const dsa_problem& p);
// Steps by breadth (bytes alive) descending; the buffers alive at each step, by size descending,
// each where it first appears.
dsa_order order_by_breadth(const dsa_problem& p);
// Bytes of the buffers whose lifetimes overlap (the buffer's own included) descending, then size.
dsa_order order_by_conflicts(const dsa_problem& p);
// Size x lifetime descending.
dsa_order order_by_area(const dsa_problem& p);

// Places buffers in `order`, each at the lowest offset that fits. It keeps its placements
// between calls, so that the improvement search re-places only the tail of an order. The
// problem must pass check_problem (dsa_problem.h): then no offset or end overflows.
class greedy_placer {
public:
    explicit greedy_placer(const dsa_problem& p);

    // Places order[0..n) and returns the peak.
    std::uint64_t place(std::span<const std::uint32_t> order);
    // Undoes placements back to the first `n` of the last order, then places order[n..):
    // order[0..n) must be the same as last time. Stops early, returning a value above `limit`,
    // once a buffer ends above `limit`.
    std::uint64_t replace_from(std::span<const std::uint32_t> order, std::size_t n, std::uint64_t limit);

    [[nodiscard]] const dsa_offsets& offsets() const { return m_offsets; }

private:
    std::uint64_t place_one(std::uint32_t b);
    [[nodiscard]] bool takes_room(std::uint32_t b) const { return m_size[b] != 0 && m_step[b].first < m_step[b].second; }

    const dsa_problem& m_problem;
    std::vector<std::uint64_t> m_size; // aligned
    std::vector<placed_blocks::lifetime> m_step; // lifetime as section ranks
    dsa_offsets m_offsets;
    placed_blocks m_blocks;
    std::vector<std::uint32_t> m_placed; // the current order, as far as it is placed
    std::vector<std::uint64_t> m_peaks;  // peak after each placement of the current order
};

} // namespace planscope
