#pragma once
// ggml's online allocator on a DSA trace: buffers allocated in time order through the exact
// tensor allocator of engine/alloc (best fit, 256 free blocks at most), each freed when its
// lifetime ends. At one step, buffers that end are freed first (in file order), then those
// that start are allocated (in file order).
#include "dsa_problem.h"

namespace planscope {

// Fails as ggml does: "cannot free ... it would be free block 257" on adversarial traces.
result<dsa_offsets> plan_ggml_online(const dsa_problem& p);

} // namespace planscope
