// GET_ROWS: rows of src0 (any readable type, dequantised) picked by the i32 indices of src1.
#include "kernels.h"
#include "quant.h"
#include "row_io.h"

#include <cstring>

namespace planscope::cpu {

void run_get_rows(const exec_node& n, const kernel_context& kc) {
    const strided_tensor &s = n.src[0], &idx = n.src[1], &d = n.dst;
    const std::int64_t ne00 = s.ne[0];
    float* scratch = kc.scratch(0, padded(ne00));
    const auto [first, last] = kc.share(idx.ne[0]);
    for (std::int64_t i = first; i < last; ++i) {
        std::int32_t r;
        std::memcpy(&r, idx.data + static_cast<std::size_t>(i) * idx.nb[0], sizeof r);
        std::byte* out = d.row(i, 0, 0);
        float* y = row_target(d, out, scratch);
        if (r < 0 || r >= s.ne[1]) {
            kc.errors->report("GET_ROWS '" + n.name + "': row index " + std::to_string(r) + " at position " +
                              std::to_string(i) + " is outside [0, " + std::to_string(s.ne[1]) + ")");
            std::fill(y, y + ne00, 0.0f);
        } else {
            row_to_f32(s.type, s.row(r, 0, 0), s.nb[0], y, ne00);
        }
        write_row(d, out, y);
    }
}

} // namespace planscope::cpu
