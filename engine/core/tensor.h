#pragma once
// A tensor with ggml's layout: ne = elements per dimension, nb = byte strides.
#include "ids.h"
#include "ops.h"
#include "types.h"

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>

namespace planscope {

inline constexpr int max_dims = 4;
inline constexpr int max_src = 6;         // GGML_MAX_SRC of 2023-11
inline constexpr int max_op_params = 16;  // 32-bit words (GGML_MAX_OP_PARAMS = 64 bytes)
inline constexpr std::size_t max_name = 63; // GGML_MAX_NAME - 1

enum class tensor_flag : std::uint8_t { none = 0, input = 1, output = 2, param = 4 };
constexpr tensor_flag operator|(tensor_flag a, tensor_flag b) {
    return static_cast<tensor_flag>(static_cast<std::uint8_t>(a) | static_cast<std::uint8_t>(b));
}
constexpr bool has_flag(tensor_flag set, tensor_flag f) {
    return (static_cast<std::uint8_t>(set) & static_cast<std::uint8_t>(f)) != 0;
}

// Where a tensor's data lives: a buffer and a byte offset from that buffer's base.
struct placement {
    buffer_id buffer;
    std::uint64_t offset = 0;
    friend bool operator==(const placement&, const placement&) = default;
};

struct op_params {
    std::array<std::int32_t, max_op_params> words{};

    std::int32_t get_i32(int slot) const { return words[slot]; }
    void set_i32(int slot, std::int32_t v) { words[slot] = v; }
    float get_f32(int slot) const { return std::bit_cast<float>(words[slot]); }
    void set_f32(int slot, float v) { words[slot] = std::bit_cast<std::int32_t>(v); }
    std::uint64_t get_u64(int slot) const {
        std::uint64_t v;
        std::memcpy(&v, &words[slot], sizeof v);
        return v;
    }
    void set_u64(int slot, std::uint64_t v) { std::memcpy(&words[slot], &v, sizeof v); }
    friend bool operator==(const op_params&, const op_params&) = default;
};

struct tensor {
    std::string name;
    dtype type = dtype::f32;
    std::array<std::int64_t, max_dims> ne{1, 1, 1, 1};
    std::array<std::size_t, max_dims> nb{};
    op_kind op = op_kind::none;
    op_params params;
    std::array<tensor_id, max_src> src{};
    tensor_id view_src;          // always the root (non-view) tensor, as ggml_new_tensor_impl makes it
    std::size_t view_offs = 0;
    tensor_flag flags = tensor_flag::none;
    std::optional<placement> where; // nullopt = not allocated (ggml: data == NULL)

    [[nodiscard]] bool is_view() const { return view_src.valid(); }
    [[nodiscard]] int n_src() const; // index of the last non-empty src + 1
};

// Contiguous strides for a type and shape (ggml_new_tensor_impl).
std::array<std::size_t, max_dims> contiguous_strides(dtype type, const std::array<std::int64_t, max_dims>& ne);

std::int64_t nelements(const tensor& t);
std::int64_t nrows(const tensor& t);
std::size_t nbytes(const tensor& t); // ggml_nbytes(), strides included
// ggml_op_desc: the op's name; a UNARY node is shown by its unary op ("SILU"), a GLU node by its
// glu op ("SWIGLU").
std::string op_desc(const tensor& t);
int n_dims(const tensor& t);          // ggml_n_dims(): highest dimension with ne > 1, at least 1

bool is_contiguous(const tensor& t);
bool is_transposed(const tensor& t);
bool is_permuted(const tensor& t);
bool is_scalar(const tensor& t);
bool is_vector(const tensor& t);
bool is_matrix(const tensor& t);
bool is_padded_1d(const tensor& t);
bool same_shape(const tensor& a, const tensor& b);
bool same_layout(const tensor& a, const tensor& b); // ggml_are_same_layout of ggml-alloc.c: type, ne, nb
bool can_repeat(const tensor& a, const tensor& b);  // a's shape tiles b's

// "[4096, 32, 1, 1]" — trailing ones kept, as ggml prints shapes.
std::string shape_string(const std::array<std::int64_t, max_dims>& ne);

} // namespace planscope
