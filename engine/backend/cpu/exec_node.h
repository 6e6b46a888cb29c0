#pragma once
// What a CPU kernel sees of a node: its tensors resolved to addresses, its parameters, and the
// threads it shares the work with.
#include "backend/backend.h"
#include "core/tensor.h"
#include "qpack.h"
#include "thread_pool.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <string>
#include <utility>

namespace planscope::cpu {

// A tensor as kernels address it: data pointer, type, extents and byte strides.
struct strided_tensor {
    std::byte* data = nullptr;
    dtype type = dtype::f32;
    std::array<std::int64_t, max_dims> ne{1, 1, 1, 1};
    std::array<std::size_t, max_dims> nb{};

    [[nodiscard]] std::int64_t rows() const { return ne[1] * ne[2] * ne[3]; }
    [[nodiscard]] std::int64_t elements() const { return ne[0] * rows(); }
    [[nodiscard]] std::byte* row(std::int64_t i1, std::int64_t i2, std::int64_t i3) const {
        return data + static_cast<std::size_t>(i1) * nb[1] + static_cast<std::size_t>(i2) * nb[2] +
               static_cast<std::size_t>(i3) * nb[3];
    }
    // Row r counted in i1-fastest order.
    [[nodiscard]] std::byte* row(std::int64_t r) const {
        return row(r % ne[1], (r / ne[1]) % ne[2], r / (ne[1] * ne[2]));
    }
    // Every row is adjacent, aligned f32 values: kernels may work on rows in place.
    [[nodiscard]] bool f32_rows() const {
        const std::size_t misaligned = reinterpret_cast<std::uintptr_t>(data) | nb[1] | nb[2] | nb[3];
        return type == dtype::f32 && nb[0] == sizeof(float) && misaligned % alignof(float) == 0;
    }
};

// The first error any thread reports; kernels keep going (writing something defined) so that
// every thread still reaches every barrier.
class error_sink {
public:
    void report(std::string message) {
        std::lock_guard lock(m_mutex);
        if (m_message.empty()) m_message = std::move(message);
    }
    [[nodiscard]] std::string take() {
        std::lock_guard lock(m_mutex);
        return std::exchange(m_message, {});
    }

private:
    std::mutex m_mutex;
    std::string m_message;
};

struct exec_node;

// One thread's view of a kernel call.
struct kernel_context {
    int ith = 0;
    int nth = 1;
    std::byte* work = nullptr; // the plan's work buffer, shared by all threads, 64-byte aligned
    spin_barrier* barrier = nullptr;
    error_sink* errors = nullptr;
    // This node's counter, zero when it starts, shared by its threads: kernels that hand out work
    // units with fetch_add let a thread that lost its core do less.
    std::atomic<std::int64_t>* next_unit = nullptr;

    // The next unit of this node's work for this thread (units past the last mean done).
    [[nodiscard]] std::int64_t take_unit() const { return next_unit->fetch_add(1, std::memory_order_relaxed); }

    // This thread's contiguous share [first, last) of n items.
    [[nodiscard]] std::pair<std::int64_t, std::int64_t> share(std::int64_t n) const {
        return {n * ith / nth, n * (ith + 1) / nth};
    }
    // This thread's part of a per-thread scratch area laid out by scratch_bytes().
    [[nodiscard]] float* scratch(std::size_t offset, std::size_t floats_per_thread) const;
};

// Bytes of a per-thread area of `floats` floats for nth threads, each part 64-byte aligned.
std::size_t scratch_bytes(std::size_t floats, int nth);
inline std::size_t round_up(std::size_t n, std::size_t a) { return (n + a - 1) / a * a; }


using kernel_fn = void (*)(const exec_node& node, const kernel_context& kc);
// Work-buffer bytes a node needs with nth threads (ggml_graph_plan's work_size per node).
using work_size_fn = std::size_t (*)(const exec_node& node, int nth);

struct exec_node {
    op_kind op = op_kind::none;
    op_params params;
    std::string name;
    strided_tensor dst;
    // Sources by ggml's index; an optional one left out (SOFT_MAX's mask before its sinks,
    // FLASH_ATTN_EXT's mask) is absent from `present`.
    std::array<strided_tensor, max_src> src;
    std::uint8_t present = 0; // bit i: src[i] is given
    kernel_fn kernel = nullptr;
    f16_numerics numerics = f16_numerics::ggml; // the backend's, set by make_exec_plan
    packed_weight packed;                       // MUL_MAT's src0 packed (qpack.h), when it is

    [[nodiscard]] bool has_src(int i) const { return (present >> i) & 1u; }
};

inline float* kernel_context::scratch(std::size_t offset, std::size_t floats_per_thread) const {
    const std::size_t part = round_up(floats_per_thread * sizeof(float), 64);
    return reinterpret_cast<float*>(work + offset + part * static_cast<std::size_t>(ith));
}

inline std::size_t scratch_bytes(std::size_t floats, int nth) {
    return round_up(floats * sizeof(float), 64) * static_cast<std::size_t>(nth);
}

} // namespace planscope::cpu
