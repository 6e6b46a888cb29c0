#pragma once
// The packed copies (qpack.h) of one buffer's weights, made when a plan first reads a weight and
// kept while the buffer lives, as ggml's CPU_REPACK buffers keep theirs: llama.cpp repacks at load,
// Planscope when a graph first multiplies by the weight. Safe to share between threads.
#include "qpack.h"

#include <map>
#include <memory>
#include <mutex>
#include <tuple>

namespace planscope::cpu {

class packed_weights {
public:
    // The packed form of m rows of k values of `type` at `a` (rows lda bytes apart), made on the
    // first call; an empty packed_weight when this CPU has no packed layout for the type, m is not
    // a multiple of 16, or the copy's size overflows.
    packed_weight get(dtype type, const std::byte* a, std::size_t lda, std::int64_t m, std::int64_t k);
    // Bytes of all packed copies (what repacking adds to memory).
    [[nodiscard]] std::size_t bytes() const;

private:
    struct aligned_delete {
        void operator()(std::byte* p) const;
    };
    struct copy {
        std::unique_ptr<std::byte, aligned_delete> data;
        std::size_t size = 0;
    };
    using key = std::tuple<const std::byte*, dtype, std::size_t, std::int64_t, std::int64_t>;

    mutable std::mutex m_mutex;
    std::map<key, copy> m_copies;
};

} // namespace planscope::cpu
