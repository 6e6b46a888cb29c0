#pragma once
// Time limits in tests catch code that turned quadratic or hangs; how fast things are is for the
// benchmarks in bench/. A limit is what a Release build needs with room to spare on a busy 2-core
// machine, stretched for builds that run the same code many times slower: the unoptimised
// ASan+UBSan suite (scripts/test-sanitize.sh) runs this code up to 12 times slower.

#include <QtGlobal>

namespace planscope::test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool sanitized = true;
#else
inline constexpr bool sanitized = false;
#endif
#else
inline constexpr bool sanitized = false;
#endif

#if defined(NDEBUG)
inline constexpr bool optimised = true;
#else
inline constexpr bool optimised = false;
#endif

inline constexpr qint64 slowdown = (sanitized ? 6 : 1) * (optimised ? 1 : 2);

// A limit of `release_ms` in a Release build, stretched for instrumented and unoptimised builds.
constexpr qint64 budget_ms(qint64 release_ms) { return release_ms * slowdown; }

// How many random cases a property test draws, or how many buffers a scale test plans: all of
// them where they are cheap, a quarter in the ASan+UBSan build, whose point is the memory errors of
// the code paths (which a quarter reaches as well) and where they took minutes of the CI's time.
template <typename N>
constexpr N fewer_under_asan(N release_count) { return sanitized ? release_count / 4 : release_count; }

} // namespace planscope::test
