#pragma once
// How good a plan is, beyond its peak: the lower bound, fragmentation at every step and the
// sizes allocated. What `planscope-cli plan --stats` prints and the GUI timeline shows.
#include "dsa_problem.h"

namespace planscope {

// Memory at one stretch of steps [first_step, end_step) during which nothing starts or ends.
struct step_memory {
    std::uint64_t first_step = 0, end_step = 0;
    std::uint64_t live_bytes = 0;   // sizes of the buffers alive
    std::uint64_t high_water = 0;   // the highest end among them: what the step needs
    std::uint64_t free_bytes = 0;   // high_water - live_bytes: holes below the high-water mark
    std::uint64_t largest_free = 0; // the largest of those holes
    std::size_t free_blocks = 0;    // how many holes
};

// Buffers of sizes [min_size, max_size]: powers of two, 0 in a bucket of its own.
struct size_bucket {
    std::uint64_t min_size = 0, max_size = 0;
    std::size_t count = 0;
    std::uint64_t bytes = 0;
};

struct plan_stats {
    std::size_t buffers = 0;
    std::uint64_t lower_bound = 0;
    std::uint64_t peak = 0;
    double ratio = 1.0; // peak / lower bound
    std::vector<step_memory> steps;
    std::size_t most_fragmented = 0; // index in `steps` with the most free bytes (0 if none)
    std::uint64_t mean_free_bytes = 0; // over steps, each stretch weighted by its length
    std::vector<size_bucket> sizes;    // non-empty buckets, smallest first
};

// Stretches of steps in time order; steps where nothing is alive are left out.
std::vector<step_memory> step_memory_of(const dsa_problem& p, const dsa_offsets& offsets);
std::vector<size_bucket> size_histogram(const dsa_problem& p);
// `offsets` must be a valid solution of `p`.
plan_stats compute_stats(const dsa_problem& p, const dsa_offsets& offsets);

} // namespace planscope
