#include "core/printable.h"

#include <cstdint>

namespace planscope {

namespace {

// Length of the valid UTF-8 sequence starting at s[i], or 0 when it is not one (overlong forms,
// surrogates and code points past U+10FFFF are not).
std::size_t utf8_length(std::string_view s, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char b = byte(i);
    std::size_t n = 0;
    std::uint32_t cp = 0;
    if (b >= 0xc2 && b <= 0xdf) { n = 2; cp = b & 0x1f; }
    else if (b >= 0xe0 && b <= 0xef) { n = 3; cp = b & 0x0f; }
    else if (b >= 0xf0 && b <= 0xf4) { n = 4; cp = b & 0x07; }
    else return 0;
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        if ((byte(i + k) & 0xc0) != 0x80) return 0;
        cp = (cp << 6) | (byte(i + k) & 0x3f);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff))) return 0;
    if (cp >= 0xd800 && cp <= 0xdfff) return 0;
    if (cp >= 0x80 && cp <= 0x9f) return 0; // C1 controls (CSI among them)
    return n;
}

void append_escape(std::string& out, unsigned char b) {
    static constexpr char hex[] = "0123456789abcdef";
    switch (b) {
    case '\n': out += "\\n"; return;
    case '\r': out += "\\r"; return;
    case '\t': out += "\\t"; return;
    default: break;
    }
    out += "\\x";
    out += hex[b >> 4];
    out += hex[b & 0xf];
}

} // namespace

std::string printable(std::string_view text, std::size_t max_bytes) {
    std::string out;
    out.reserve(text.size() < max_bytes ? text.size() : max_bytes);
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t before = out.size();
        const auto b = static_cast<unsigned char>(text[i]);
        std::size_t used = 1;
        if (b >= 0x20 && b < 0x7f) {
            out += static_cast<char>(b);
        } else if (const std::size_t n = b >= 0x80 ? utf8_length(text, i) : 0; n > 0) {
            out.append(text.substr(i, n));
            used = n;
        } else {
            append_escape(out, b);
        }
        if (out.size() > max_bytes) {
            out.resize(before);
            out += "... (" + std::to_string(text.size()) + " bytes)";
            return out;
        }
        i += used;
    }
    return out;
}

} // namespace planscope
