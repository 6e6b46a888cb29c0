#include "qpack.h"

#include "qpack_x86.h"
#include "simd.h"

#include <cstring>

namespace planscope::cpu {
namespace {

using u8 = std::uint8_t;

constexpr std::size_t q4_0_block = 18, q4_0_group_block = 288;
constexpr std::size_t q8_0_block = 34, q8_0_group_block = 544;
constexpr std::size_t q4_k_block = 144, q4_k_group_block = 2496;
constexpr std::size_t q6_k_block = 210, q6_k_group_block = 3360;
// Offsets in a q4_K group's super-block.
constexpr std::size_t k_dmin_at = 32, k_scales_at = 64, k_mins_at = 192, k_qs_at = 448;

// Row r's bytes [4c, 4c + 4) of a run of 16-byte (q4_0) or 32-byte (a q4_K pair) value bytes go to
// chunk c's lane r.
void interleave(const u8* const* rows, std::size_t bytes, u8* out) {
    for (std::size_t c = 0; c < bytes / 4; ++c)
        for (std::int64_t r = 0; r < packed_group_rows; ++r) std::memcpy(out + c * 64 + static_cast<std::size_t>(r) * 4, rows[r] + 4 * c, 4);
}

void pack_q4_0_group(const u8* a, std::size_t lda, std::int64_t k, u8* out) {
    for (std::int64_t b = 0; b < k / 32; ++b, out += q4_0_group_block) {
        const u8* qs[packed_group_rows];
        for (std::int64_t r = 0; r < packed_group_rows; ++r) {
            const u8* x = a + static_cast<std::size_t>(r) * lda + static_cast<std::size_t>(b) * q4_0_block;
            std::memcpy(out + 2 * r, x, 2);
            qs[r] = x + 2;
        }
        interleave(qs, 16, out + 32);
    }
}

void pack_q8_0_group(const u8* a, std::size_t lda, std::int64_t k, u8* out) {
    for (std::int64_t b = 0; b < k / 32; ++b, out += q8_0_group_block) {
        const u8* qs[packed_group_rows];
        for (std::int64_t r = 0; r < packed_group_rows; ++r) {
            const u8* x = a + static_cast<std::size_t>(r) * lda + static_cast<std::size_t>(b) * q8_0_block;
            std::memcpy(out + 2 * r, x, 2);
            qs[r] = x + 2;
        }
        interleave(qs, 32, out + 32);
        for (std::size_t i = 32; i < q8_0_group_block; ++i) out[i] ^= 0x80; // w + 128, unsigned
    }
}

void pack_q4_k_group(const u8* a, std::size_t lda, std::int64_t k, u8* out) {
    for (std::int64_t b = 0; b < k / 256; ++b, out += q4_k_group_block) {
        for (std::int64_t r = 0; r < packed_group_rows; ++r) {
            const u8* x = a + static_cast<std::size_t>(r) * lda + static_cast<std::size_t>(b) * q4_k_block;
            std::memcpy(out + 2 * r, x, 2);
            std::memcpy(out + k_dmin_at + 2 * r, x + 2, 2);
            for (int s = 0; s < 8; ++s) {
                const auto [sc, m] = scale_min_k4(s, x + 4);
                out[k_scales_at + static_cast<std::size_t>(s * 16 + r)] = static_cast<u8>(sc);
                const auto m16 = static_cast<std::int16_t>(m);
                std::memcpy(out + k_mins_at + static_cast<std::size_t>(((s / 2) * 16 + r) * 4 + (s % 2) * 2), &m16, 2);
            }
        }
        for (int p = 0; p < 4; ++p) {
            const u8* qs[packed_group_rows];
            for (std::int64_t r = 0; r < packed_group_rows; ++r)
                qs[r] = a + static_cast<std::size_t>(r) * lda + static_cast<std::size_t>(b) * q4_k_block + 16 + 32 * static_cast<std::size_t>(p);
            interleave(qs, 32, out + k_qs_at + static_cast<std::size_t>(p) * 512);
        }
    }
}

void pack_q6_k_group(const u8* a, std::size_t lda, std::int64_t k, u8* out) {
    for (std::int64_t b = 0; b < k / 256; ++b, out += q6_k_group_block) {
        const u8 *ql[packed_group_rows], *qh[packed_group_rows];
        for (std::int64_t r = 0; r < packed_group_rows; ++r) {
            const u8* x = a + static_cast<std::size_t>(r) * lda + static_cast<std::size_t>(b) * q6_k_block;
            std::memcpy(out + 2 * r, x + 208, 2);
            for (int s = 0; s < 16; ++s) out[32 + static_cast<std::size_t>(s * 16 + r)] = x[192 + s];
            ql[r] = x;
            qh[r] = x + 128;
        }
        interleave(ql, 128, out + 288);
        interleave(qh, 64, out + 288 + 2048);
    }
}

} // namespace

bool has_packed_layout(dtype type) { return packed_qgemm(type) != nullptr; }

std::size_t packed_group_bytes(dtype type, std::int64_t k) {
    if (type == dtype::q4_0) return static_cast<std::size_t>(k / 32) * q4_0_group_block;
    if (type == dtype::q8_0) return static_cast<std::size_t>(k / 32) * q8_0_group_block;
    if (type == dtype::q4_k) return static_cast<std::size_t>(k / 256) * q4_k_group_block;
    if (type == dtype::q6_k) return static_cast<std::size_t>(k / 256) * q6_k_group_block;
    return 0;
}

void pack_weights(dtype type, const std::byte* a, std::size_t lda, std::int64_t m, std::int64_t k, std::byte* dst) {
    const std::size_t group = packed_group_bytes(type, k);
    for (std::int64_t g = 0; g < m / packed_group_rows; ++g) {
        const u8* rows = reinterpret_cast<const u8*>(a) + static_cast<std::size_t>(g * packed_group_rows) * lda;
        u8* out = reinterpret_cast<u8*>(dst) + static_cast<std::size_t>(g) * group;
        if (type == dtype::q4_0) pack_q4_0_group(rows, lda, k, out);
        else if (type == dtype::q8_0) pack_q8_0_group(rows, lda, k, out);
        else if (type == dtype::q4_k) pack_q4_k_group(rows, lda, k, out);
        else if (type == dtype::q6_k) pack_q6_k_group(rows, lda, k, out);
    }
}

void quantize_packed_activations(dtype type, const float* x, std::byte* dst, std::int64_t k) {
    quantize_activations(type, x, dst, k);
    if (type != dtype::q4_0 && type != dtype::q8_0) return;
    auto* blocks = reinterpret_cast<q8_sum_block*>(dst);
    for (std::int64_t b = 0; b < k / 32; ++b) {
        std::int32_t sum = 0;
        for (const std::int8_t v : blocks[b].qs) sum += v;
        blocks[b].sum = sum;
    }
}

qgemm_fn packed_qgemm(dtype type) {
#if PLANSCOPE_X86_SIMD
    if (has_avx512_vnni()) return vnni::packed_qgemm(type);
    if (has_avx2()) return avx2::packed_qgemm(type);
#endif
    (void)type;
    return nullptr;
}

} // namespace planscope::cpu
