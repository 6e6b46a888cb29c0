// GET_ROWS (ggml d99724f2): row (i10, i11, i12) of the result is row src1[i10, i11, i12] of
// src0's matrix (i11, i12); src0 of any readable type, dequantised; 2023's is the case of one
// matrix and a vector of indices. i32 rows (ggml keeps src0's type then) are copied as they are.
#include "kernels.h"
#include "quant.h"
#include "row_io.h"

#include <cstring>
#include <string>

namespace planscope::cpu {

void run_get_rows(const exec_node& n, const kernel_context& kc) {
    const strided_tensor &s = n.src[0], &idx = n.src[1], &d = n.dst;
    const std::int64_t ne00 = s.ne[0];
    float* scratch = kc.scratch(0, padded(ne00));
    const auto [first, last] = kc.share(idx.ne[0] * idx.ne[1] * idx.ne[2]);
    for (std::int64_t i = first; i < last; ++i) {
        const std::int64_t i10 = i % idx.ne[0], i11 = (i / idx.ne[0]) % idx.ne[1], i12 = i / (idx.ne[0] * idx.ne[1]);
        std::int32_t r;
        std::memcpy(&r, idx.row(i11, i12, 0) + static_cast<std::size_t>(i10) * idx.nb[0], sizeof r);
        std::byte* out = d.row(i10, i11, i12);
        const bool inside = r >= 0 && r < s.ne[1];
        if (!inside) {
            std::string at = "position " + std::to_string(i10); // 2023's vector of indices
            if (idx.ne[1] * idx.ne[2] != 1) {
                at = std::to_string(i10);
                at.insert(0, 1, '(');
                at += ", " + std::to_string(i11) + ", " + std::to_string(i12) + ")";
            }
            kc.errors->report("GET_ROWS '" + n.name + "': row index " + std::to_string(r) + " at " + at +
                              " is outside [0, " + std::to_string(s.ne[1]) + ")");
        }
        if (d.type == dtype::i32) {
            for (std::int64_t k = 0; k < ne00; ++k) {
                const std::int32_t v = 0;
                const std::byte* from = inside ? s.row(r, i11, i12) + static_cast<std::size_t>(k) * s.nb[0]
                                               : reinterpret_cast<const std::byte*>(&v);
                std::memcpy(out + static_cast<std::size_t>(k) * d.nb[0], from, sizeof v);
            }
            continue;
        }
        float* y = row_target(d, out, scratch);
        if (inside) {
            row_to_f32(s.type, s.row(r, i11, i12), s.nb[0], y, ne00);
        } else {
            std::fill(y, y + ne00, 0.0f);
        }
        write_row(d, out, y);
    }
}

} // namespace planscope::cpu
