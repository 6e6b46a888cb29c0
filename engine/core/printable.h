#pragma once
// Text that came from a file (names, keys, op names, Graphviz messages) reaches a terminal or a
// message box only through here: one line, printable characters, bounded length.
#include <cstddef>
#include <string>
#include <string_view>

namespace planscope {

// Valid UTF-8 is kept; control characters (C0, DEL, C1) and bytes that are not UTF-8 become \xNN
// (\n, \t, \r spelled so), so an escape sequence or a newline in a file never reaches the
// terminal. A backslash stays as it is, so that applying this twice (a name in an engine message,
// then the whole message where it is printed) changes nothing more. Past max_bytes of output the text is cut on a character boundary and ends in
// "... (N bytes)" so the reader knows it was longer.
std::string printable(std::string_view text, std::size_t max_bytes = 200);

// A whole message for an `error: ...` line or a message box: as printable(), with room for the
// several quoted names a message may hold.
inline std::string printable_line(std::string_view message) { return printable(message, 2000); }

} // namespace planscope
