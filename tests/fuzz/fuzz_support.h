#pragma once
// What every harness checks besides "no crash, no sanitizer report, no hang": the contracts the
// CLI and the GUI rely on when they show an engine's message (issue 17).
#include "core/error.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace planscope::fuzz {

// Reports a broken contract on stderr and aborts, so that libFuzzer saves the input as a crash.
[[noreturn]] void finding(std::string_view what, std::string_view detail);

// A message for the user (an error, a warning) must be one line of printable UTF-8 of bounded
// length: text from the input reaches it only through planscope::printable(). `where` names the
// call that returned it.
void check_message(std::string_view where, std::string_view message);
inline void check_error(std::string_view where, const error& e) { check_message(where, e.message); }

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

} // namespace planscope::fuzz
