#include "json_writer.h"

namespace planscope {
namespace {

constexpr char hex_digit[] = "0123456789abcdef";

void append_u00(std::string& out, unsigned code) {
    const char esc[] = {'\\', 'u', '0', '0', hex_digit[(code >> 4) & 0xf], hex_digit[code & 0xf]};
    out.append(esc, sizeof esc);
}

// Bytes a UTF-8 sequence led by `lead` has, and the range its second byte must be in (the
// shortest form only, no surrogates, nothing past U+10FFFF); 0 for a byte that leads nothing.
struct sequence {
    int length;
    unsigned char low, high;
};

constexpr sequence sequence_of(unsigned char lead) {
    if (lead >= 0xc2 && lead <= 0xdf) return {2, 0x80, 0xbf};
    if (lead == 0xe0) return {3, 0xa0, 0xbf};
    if (lead == 0xed) return {3, 0x80, 0x9f};
    if (lead >= 0xe1 && lead <= 0xef) return {3, 0x80, 0xbf};
    if (lead == 0xf0) return {4, 0x90, 0xbf};
    if (lead >= 0xf1 && lead <= 0xf3) return {4, 0x80, 0xbf};
    if (lead == 0xf4) return {4, 0x80, 0x8f};
    return {0, 0, 0};
}

bool plain(unsigned char b) { return b >= 0x20 && b < 0x7f && b != '"' && b != '\\'; }

} // namespace

void append_json_string(std::string& out, std::string_view text) {
    static constexpr std::string_view replacement = "\xef\xbf\xbd";
    out += '"';
    std::size_t i = 0;
    const std::size_t n = text.size();
    while (i < n) {
        std::size_t run = i;
        while (run < n && plain(static_cast<unsigned char>(text[run]))) ++run;
        out.append(text.data() + i, run - i);
        if ((i = run) == n) break;
        const auto b = static_cast<unsigned char>(text[i]);
        if (b < 0x80) {
            switch (b) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\b': out += "\\b"; break;
            case '\t': out += "\\t"; break;
            case '\n': out += "\\n"; break;
            case '\f': out += "\\f"; break;
            case '\r': out += "\\r"; break;
            default: append_u00(out, b); break; // the other C0 controls and DEL
            }
            ++i;
            continue;
        }
        const sequence seq = sequence_of(b);
        if (seq.length == 0) { // a stray continuation byte, C0, C1 or F5..FF: dropped
            out += replacement;
            ++i;
            continue;
        }
        // The first byte that does not continue the sequence is read again on its own, as
        // nlohmann's decoder does; a sequence the text ends inside is one U+FFFD.
        int k = 1;
        for (; k < seq.length && i + k < n; ++k) {
            const auto c = static_cast<unsigned char>(text[i + k]);
            const bool fits = k == 1 ? c >= seq.low && c <= seq.high : c >= 0x80 && c <= 0xbf;
            if (!fits) break;
        }
        if (k < seq.length) {
            out += replacement;
            i += static_cast<std::size_t>(k);
            continue;
        }
        const auto second = static_cast<unsigned char>(text[i + 1]);
        if (b == 0xc2 && second <= 0x9f) append_u00(out, second); // U+0080..U+009F
        else out.append(text.data() + i, static_cast<std::size_t>(seq.length));
        i += static_cast<std::size_t>(seq.length);
    }
    out += '"';
}

} // namespace planscope
