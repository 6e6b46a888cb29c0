#pragma once
// A compact JSON writer that appends to a string as it goes: the listings' long row lists are
// written without building a JSON value per row. Its text is what nlohmann's dump() (no indent,
// invalid UTF-8 replaced) followed by listing_json's escapes gives, byte for byte.
#include <charconv>
#include <cstddef>
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

namespace planscope {

// `text` as a quoted JSON string: \" \\ \b \t \n \f \r, the other C0 controls, DEL and the C1
// controls (U+0080..U+009F) as \u00xx; valid UTF-8 kept; each invalid byte, or the valid start of
// a sequence cut short, as U+FFFD (nlohmann's error_handler_t::replace).
void append_json_string(std::string& out, std::string_view text);

class json_writer {
public:
    explicit json_writer(std::string& out) : m_out(&out) {}

    json_writer& begin_object() { return open('{'); }
    json_writer& end_object() { return close('}'); }
    json_writer& begin_array() { return open('['); }
    json_writer& end_array() { return close(']'); }

    // An object member's key; its value is the next thing written.
    json_writer& key(std::string_view name) {
        separate();
        append_json_string(*m_out, name);
        *m_out += ':';
        m_need_comma = false;
        return *this;
    }

    json_writer& value(std::string_view text) {
        separate();
        append_json_string(*m_out, text);
        m_need_comma = true;
        return *this;
    }
    json_writer& value(const char* text) { return value(std::string_view(text)); }
    json_writer& value(const std::string& text) { return value(std::string_view(text)); }

    template <std::integral T>
        requires(!std::same_as<T, bool>)
    json_writer& value(T number) {
        separate();
        char digits[24];
        const auto end = std::to_chars(digits, digits + sizeof digits, number).ptr;
        m_out->append(digits, end);
        m_need_comma = true;
        return *this;
    }

    json_writer& null() {
        separate();
        *m_out += "null";
        m_need_comma = true;
        return *this;
    }

    // An array of the values of `range` (integers or strings).
    template <class Range>
    json_writer& array_of(const Range& range) {
        begin_array();
        for (const auto& v : range) value(v);
        return end_array();
    }

    // key(name).value(v): the common case of a member.
    template <class T>
    json_writer& member(std::string_view name, const T& v) {
        return key(name).value(v);
    }

private:
    void separate() {
        if (m_need_comma) *m_out += ',';
    }
    json_writer& open(char c) {
        separate();
        *m_out += c;
        m_need_comma = false;
        return *this;
    }
    json_writer& close(char c) {
        *m_out += c;
        m_need_comma = true;
        return *this;
    }

    std::string* m_out;
    bool m_need_comma = false;
};

// ` "KEY": [` then one compact line per row (row(writer, i) for i < n), then `],`: the listings'
// layout, pretty at the top and a line per tensor so that two plans diff line by line. Each row
// is written as it is made, so a long graph's rows are never held as JSON values.
template <class Row>
void append_json_rows(std::string& text, const char* key, std::size_t n, const Row& row) {
    text += " ";
    append_json_string(text, key);
    text += ": [";
    for (std::size_t i = 0; i < n; ++i) {
        text += i ? ",\n  " : "\n  ";
        json_writer w(text);
        row(w, i);
    }
    text += n == 0 ? "],\n" : "\n ],\n";
}

} // namespace planscope
