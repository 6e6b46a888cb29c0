#pragma once
// Errors are values: user-reachable failures return these instead of asserting.
#include <string>
#include <utility>
#include <variant>

namespace planscope {

struct error {
    std::string message;
};

// A value or an error (std::expected is C++23; the project is C++20).
template <class T>
class result {
public:
    result(T value) : m_v(std::move(value)) {}
    result(error e) : m_v(std::move(e)) {}

    [[nodiscard]] bool ok() const { return m_v.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() & { return std::get<0>(m_v); }
    const T& value() const& { return std::get<0>(m_v); }
    T&& value() && { return std::get<0>(std::move(m_v)); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    [[nodiscard]] const error& err() const { return std::get<1>(m_v); }

private:
    std::variant<T, error> m_v;
};

// For operations that return nothing but may fail.
struct ok_t {};
using status = result<ok_t>;
inline status success() { return ok_t{}; }

} // namespace planscope
