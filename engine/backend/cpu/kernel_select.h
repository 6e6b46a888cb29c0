#pragma once
// Which kernel runs a node, and whether the CPU backend can run it at all (supports_op).
#include "core/error.h"
#include "exec_node.h"

namespace planscope::cpu {

struct kernel_entry {
    kernel_fn run = nullptr;       // nullptr: nothing to compute (leafs and views)
    work_size_fn work = nullptr;   // nullptr: no work memory
};

// A tensor as kernels address it, without an address yet.
strided_tensor describe(const tensor& t);

// The kernel for `n` (its data pointers may still be null), or why the CPU backend cannot run it.
result<kernel_entry> select_kernel(const exec_node& n);

} // namespace planscope::cpu
