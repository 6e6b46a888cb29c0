#pragma once
// Strong index types: a tensor id cannot be passed where a buffer id is expected.
#include <compare>
#include <cstdint>
#include <functional>
#include <limits>

namespace planscope {

template <class Tag>
struct strong_index {
    static constexpr std::uint32_t invalid_value = std::numeric_limits<std::uint32_t>::max();
    std::uint32_t value = invalid_value;

    constexpr strong_index() = default;
    constexpr explicit strong_index(std::uint32_t v) : value(v) {}
    constexpr explicit strong_index(std::size_t v) : value(static_cast<std::uint32_t>(v)) {}
    constexpr explicit strong_index(int v) : value(static_cast<std::uint32_t>(v)) {}

    [[nodiscard]] constexpr bool valid() const { return value != invalid_value; }
    [[nodiscard]] constexpr explicit operator bool() const { return valid(); }
    [[nodiscard]] constexpr std::size_t index() const { return value; }
    friend constexpr auto operator<=>(strong_index, strong_index) = default;
};

using tensor_id = strong_index<struct tensor_tag>;
using buffer_id = strong_index<struct buffer_tag>;
using backend_id = strong_index<struct backend_tag>;

} // namespace planscope

template <class Tag>
struct std::hash<planscope::strong_index<Tag>> {
    std::size_t operator()(planscope::strong_index<Tag> i) const noexcept { return std::hash<std::uint32_t>{}(i.value); }
};
