// SET_ROWS (ggml_compute_forward_set_rows of d99724f2): row i of src0 (f32 or f16) in plane
// (i2, i3) is written to row idx[i, i2 % ne11, i3 % ne12] of the same plane of the destination,
// src2, whose view the node's result is: f32, f16 and bf16 by conversion, q4_0, q4_1, q5_0, q5_1,
// q8_0 (and q8_K) by the quantiser CPY uses, an f16 row into f16 byte for byte. Indices are i64 or
// i32. Rows the indices do not name keep what src2 held. As in ggml, two equal indices write the
// same row from rows that may be on different threads: which one is left is not defined.
#include "kernels.h"
#include "quantize.h"
#include "row_io.h"

#include <cstring>
#include <string>

namespace planscope::cpu {
namespace {

std::int64_t set_rows_index(const strided_tensor& ids, std::int64_t i0, std::int64_t i1, std::int64_t i2) {
    const std::byte* at = ids.data + static_cast<std::size_t>(i0) * ids.nb[0] + static_cast<std::size_t>(i1) * ids.nb[1] +
                          static_cast<std::size_t>(i2) * ids.nb[2];
    if (ids.type == dtype::i32) {
        std::int32_t v;
        std::memcpy(&v, at, sizeof v);
        return v;
    }
    std::int64_t v;
    std::memcpy(&v, at, sizeof v);
    return v;
}

} // namespace

void run_set_rows(const exec_node& n, const kernel_context& kc) {
    const strided_tensor &s = n.src[0], &ids = n.src[1], &d = n.dst;
    const std::int64_t ne0 = s.ne[0];
    const std::size_t esize = type_size(s.type);
    const bool bytes = s.type == d.type && s.nb[0] == esize && d.nb[0] == esize;
    const quantize_fn quantize = quantizer(d.type);
    float* scratch = kc.scratch(0, padded(ne0));
    const auto [first, last] = kc.share(s.rows());
    for (std::int64_t r = first; r < last; ++r) {
        const std::int64_t i = r % s.ne[1], i02 = (r / s.ne[1]) % s.ne[2], i03 = r / (s.ne[1] * s.ne[2]);
        const std::int64_t i1 = set_rows_index(ids, i, i02 % ids.ne[1], i03 % ids.ne[2]);
        if (i1 < 0 || i1 >= d.ne[1]) {
            kc.errors->report("SET_ROWS '" + n.name + "': row index " + std::to_string(i1) + " at position " +
                              std::to_string(i) + " is outside [0, " + std::to_string(d.ne[1]) + ")");
            continue;
        }
        const std::byte* in = s.row(i, i02, i03);
        std::byte* out = d.row(i1, i02, i03);
        if (bytes) {
            std::memcpy(out, in, row_size(s.type, ne0));
            continue;
        }
        load_f32(s.type, in, s.nb[0], scratch, ne0);
        if (quantize) {
            quantize(scratch, out, ne0);
        } else {
            store_f32(d.type, scratch, out, d.nb[0], ne0);
        }
    }
}

} // namespace planscope::cpu
