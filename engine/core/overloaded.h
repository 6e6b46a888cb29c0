#pragma once
// One visitor from several lambdas, for std::visit over event variants.

namespace planscope {

template <class... F>
struct overloaded : F... {
    using F::operator()...;
};
// Clang 14 does not yet deduce aggregate templates from their initialisers (C++20's P1816).
template <class... F>
overloaded(F...) -> overloaded<F...>;

} // namespace planscope
