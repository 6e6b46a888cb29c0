#include "packed_weights.h"

#include <limits>
#include <new>

namespace planscope::cpu {

void packed_weights::aligned_delete::operator()(std::byte* p) const { ::operator delete(p, std::align_val_t{64}); }

packed_weight packed_weights::get(dtype type, const std::byte* a, std::size_t lda, std::int64_t m, std::int64_t k) {
    const qgemm_fn kernel = packed_qgemm(type);
    if (!kernel || m <= 0 || k <= 0 || m % packed_group_rows != 0) return {};
    const std::size_t group = packed_group_bytes(type, k);
    const auto groups = static_cast<std::size_t>(m / packed_group_rows);
    if (group == 0 || groups > std::numeric_limits<std::size_t>::max() / group) return {};
    std::lock_guard lock(m_mutex);
    auto [it, fresh] = m_copies.try_emplace(key{a, type, lda, m, k});
    if (fresh) {
        it->second.size = group * groups;
        it->second.data.reset(static_cast<std::byte*>(::operator new(it->second.size, std::align_val_t{64})));
        pack_weights(type, a, lda, m, k, it->second.data.get());
    }
    return {it->second.data.get(), group, m, kernel};
}

std::size_t packed_weights::bytes() const {
    std::lock_guard lock(m_mutex);
    std::size_t total = 0;
    for (const auto& [k, c] : m_copies) total += c.size;
    return total;
}

} // namespace planscope::cpu
