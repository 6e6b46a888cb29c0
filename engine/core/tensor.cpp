#include "tensor.h"

namespace planscope {

int tensor::n_src() const {
    for (int i = max_src; i > 0; --i)
        if (src[i - 1].valid()) return i;
    return 0;
}

std::array<std::size_t, max_dims> contiguous_strides(dtype type, const std::array<std::int64_t, max_dims>& ne) {
    std::array<std::size_t, max_dims> nb{};
    nb[0] = type_size(type);
    nb[1] = nb[0] * static_cast<std::size_t>(ne[0] / block_size(type));
    for (int i = 2; i < max_dims; ++i) nb[i] = nb[i - 1] * static_cast<std::size_t>(ne[i - 1]);
    return nb;
}

// Products and differences in unsigned arithmetic: the same values for any shape that fits, and
// a wrap rather than undefined behaviour for one that does not (readers refuse those first).
namespace {
std::uint64_t u(std::int64_t v) { return static_cast<std::uint64_t>(v); }
} // namespace

std::int64_t nelements(const tensor& t) { return static_cast<std::int64_t>(u(t.ne[0]) * u(t.ne[1]) * u(t.ne[2]) * u(t.ne[3])); }
std::int64_t nrows(const tensor& t) { return static_cast<std::int64_t>(u(t.ne[1]) * u(t.ne[2]) * u(t.ne[3])); }

std::size_t nbytes(const tensor& t) {
    const type_traits& type = traits(t.type); // once: the allocators ask at every allocation
    const std::int64_t blck = type.block_size;
    std::size_t bytes;
    int first_dim;
    if (blck == 1) {
        bytes = type.type_size;
        first_dim = 0;
    } else {
        bytes = static_cast<std::size_t>(t.ne[0]) * t.nb[0] / static_cast<std::size_t>(blck);
        first_dim = 1;
    }
    for (int i = first_dim; i < max_dims; ++i) bytes += (static_cast<std::size_t>(t.ne[i]) - 1) * t.nb[i];
    return bytes;
}

int n_dims(const tensor& t) {
    for (int i = max_dims - 1; i >= 1; --i)
        if (t.ne[i] > 1) return i + 1;
    return 1;
}

bool is_contiguous(const tensor& t) {
    const auto nb = contiguous_strides(t.type, t.ne);
    return t.nb == nb;
}

bool is_transposed(const tensor& t) { return t.nb[0] > t.nb[1]; }
bool is_permuted(const tensor& t) { return t.nb[0] > t.nb[1] || t.nb[1] > t.nb[2] || t.nb[2] > t.nb[3]; }
bool is_scalar(const tensor& t) { return t.ne[0] == 1 && t.ne[1] == 1 && t.ne[2] == 1 && t.ne[3] == 1; }
bool is_vector(const tensor& t) { return t.ne[1] == 1 && t.ne[2] == 1 && t.ne[3] == 1; }
bool is_matrix(const tensor& t) { return t.ne[2] == 1 && t.ne[3] == 1; }

bool is_padded_1d(const tensor& t) {
    return t.nb[0] == type_size(t.type) && t.nb[2] == t.nb[1] * static_cast<std::size_t>(t.ne[1]) &&
           t.nb[3] == t.nb[2] * static_cast<std::size_t>(t.ne[2]);
}

bool same_shape(const tensor& a, const tensor& b) { return a.ne == b.ne; }

bool same_layout(const tensor& a, const tensor& b) { return a.type == b.type && a.ne == b.ne && a.nb == b.nb; }

bool can_repeat(const tensor& a, const tensor& b) {
    for (int i = 0; i < max_dims; ++i) {
        if (a.ne[i] <= 0) { // no division by 0 (or INT64_MIN by -1): only the same extent repeats it
            if (a.ne[i] != b.ne[i]) return false;
        } else if (b.ne[i] % a.ne[i] != 0) {
            return false;
        }
    }
    return true;
}

std::string shape_string(const std::array<std::int64_t, max_dims>& ne) {
    std::string s = "[";
    for (int i = 0; i < max_dims; ++i) {
        if (i) s += ", ";
        s += std::to_string(ne[i]);
    }
    return s + "]";
}

std::string op_desc(const tensor& t) {
    if (t.op == op_kind::unary) return std::string(unary_name(static_cast<unary_kind>(t.params.get_i32(0))));
    if (t.op == op_kind::glu) return std::string(glu_name(static_cast<glu_kind>(t.params.get_i32(0))));
    return std::string(info(t.op).name);
}

} // namespace planscope
