#include "fuzz_support.h"

#include "core/printable.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace planscope::fuzz {
namespace {

// Far above any message the engine builds from names cut to 200 bytes by printable(): a message
// this long echoes its input raw.
constexpr std::size_t max_message_bytes = 8192;

// Length of the UTF-8 sequence at s[i] when it is valid and not a C1 control, else 0.
std::size_t utf8_char(std::string_view s, std::size_t i) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t n = 0;
    if (b >= 0xc2 && b <= 0xdf) n = 2;
    else if (b >= 0xe0 && b <= 0xef) n = 3;
    else if (b >= 0xf0 && b <= 0xf4) n = 4;
    if (n == 0 || i + n > s.size()) return 0;
    std::uint32_t cp = b & (0x7f >> n);
    for (std::size_t k = 1; k < n; ++k) {
        const auto c = static_cast<unsigned char>(s[i + k]);
        if ((c & 0xc0) != 0x80) return 0;
        cp = (cp << 6) | (c & 0x3f);
    }
    const bool overlong = (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000);
    const bool bad = overlong || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0x80 && cp <= 0x9f);
    return bad ? 0 : n;
}

} // namespace

void finding(std::string_view what, std::string_view detail) {
    std::fprintf(stderr, "\n==fuzz finding== %.*s: %s\n", static_cast<int>(what.size()), what.data(),
                 printable(detail, 4000).c_str());
    std::abort();
}

void check_message(std::string_view where, std::string_view message) {
    const std::string label(where);
    if (message.empty()) finding(label, "empty message");
    if (message.size() > max_message_bytes)
        finding(label, "message of " + std::to_string(message.size()) + " bytes: " + std::string(message.substr(0, 300)));
    for (std::size_t i = 0; i < message.size();) {
        const auto b = static_cast<unsigned char>(message[i]);
        const std::size_t n = b >= 0x20 && b < 0x7f ? 1 : b >= 0x80 ? utf8_char(message, i) : 0;
        if (n == 0)
            finding(label, "message is not one printable line (byte " + std::to_string(i) + "): " + std::string(message));
        i += n;
    }
}

} // namespace planscope::fuzz
