#pragma once
// Appending JSON values to a line under construction: the library writes its records by hand, as
// nothing but the C++ runtime may be linked into the host process.

#include <cstdint>
#include <string>
#include <string_view>

namespace planscope::capture {

// A JSON string: quotes, backslashes and control characters escaped; a byte that is not part of
// valid UTF-8 (a tensor name cut inside a character) becomes \u00XX, its Latin-1 reading.
void append_string(std::string& out, std::string_view bytes);
void append_int(std::string& out, std::int64_t value);
void append_uint(std::string& out, std::uint64_t value);

}  // namespace planscope::capture
