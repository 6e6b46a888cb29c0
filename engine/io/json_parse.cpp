// Phase one of loading a JSON graph: nlohmann's SAX parser (iterative, so deep nesting costs no
// stack) feeding a CBOR writer, with the limits checked as the values arrive.
#include "io/json_parse.h"

#include "io/json_detail.h"
#include "io/json_limits.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <unordered_set>

namespace planscope::json_detail {

const std::vector<packed_key> packed_keys{
    {"tensors", json_limits::max_tensors, "tensors"},     {"nodes", json_limits::max_tensors, "nodes"},
    {"leafs", json_limits::max_tensors, "leafs"},         {"parse_seq", json_limits::max_parse_seq, "entries"},
    {"assignments", json_limits::max_tensors, "assignments"}, {"buffers", json_limits::max_buffers, "buffers"},
    {"compute_inputs", json_limits::max_tensors, "compute inputs"},
};

namespace {

// CBOR (RFC 8949) head: major type and argument, shortest form.
void put_head(std::vector<std::uint8_t>& out, std::uint8_t major, std::uint64_t n) {
    const auto m = static_cast<std::uint8_t>(major << 5);
    int bytes = 0;
    if (n < 24) {
        out.push_back(static_cast<std::uint8_t>(m | n));
        return;
    }
    if (n <= 0xff) {
        out.push_back(m | 24);
        bytes = 1;
    } else if (n <= 0xffff) {
        out.push_back(m | 25);
        bytes = 2;
    } else if (n <= 0xffffffff) {
        out.push_back(m | 26);
        bytes = 4;
    } else {
        out.push_back(m | 27);
        bytes = 8;
    }
    for (int i = bytes - 1; i >= 0; --i) out.push_back(static_cast<std::uint8_t>(n >> (8 * i)));
}

void put_text(std::vector<std::uint8_t>& out, const std::string& s) {
    put_head(out, 3, s.size());
    out.insert(out.end(), s.begin(), s.end());
}

// An array or map head whose count is filled in when the container closes.
constexpr std::size_t count_bytes = 4;
std::size_t put_open_head(std::vector<std::uint8_t>& out, std::uint8_t major) {
    out.push_back(static_cast<std::uint8_t>(major << 5 | 26));
    out.resize(out.size() + count_bytes);
    return out.size() - count_bytes;
}
void patch_count(std::vector<std::uint8_t>& out, std::size_t at, std::size_t count) {
    for (std::size_t i = 0; i < count_bytes; ++i)
        out[at + i] = static_cast<std::uint8_t>(count >> (8 * (count_bytes - 1 - i)));
}

std::uint64_t read_argument(const std::uint8_t*& p) {
    const int arg = *p++ & 31;
    if (arg < 24) return static_cast<std::uint64_t>(arg);
    const int bytes = 1 << (arg - 24); // 24..27 only: what put_head writes
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v = (v << 8) | *p++;
    return v;
}

// Decodes what document_reader wrote: unsigned and negative integers, text, definite arrays and
// maps, false, true, null, double. Maps are built without nlohmann's check for an existing key,
// which is linear per key; the parse already rejected duplicate keys.
json decode(const std::uint8_t*& p) {
    switch (*p >> 5) {
    case 0:
        return json(read_argument(p));
    case 1:
        return json(std::int64_t{-1} - static_cast<std::int64_t>(read_argument(p))); // from an int64: < 2^63
    case 3: {
        const auto n = static_cast<std::size_t>(read_argument(p));
        json s(std::string(reinterpret_cast<const char*>(p), n));
        p += n;
        return s;
    }
    case 4: {
        const auto n = static_cast<std::size_t>(read_argument(p));
        json a(json::value_t::array);
        auto& items = a.get_ref<json::array_t&>();
        items.reserve(n);
        for (std::size_t i = 0; i < n; ++i) items.push_back(decode(p));
        return a;
    }
    case 5: {
        const auto n = static_cast<std::size_t>(read_argument(p));
        json o(json::value_t::object);
        auto& members = static_cast<json::object_t::Container&>(o.get_ref<json::object_t&>());
        members.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            json key = decode(p);
            members.emplace_back(std::move(key.get_ref<std::string&>()), decode(p));
        }
        return o;
    }
    default:
        break;
    }
    switch (*p++) {
    case 0xf4:
        return false;
    case 0xf5:
        return true;
    case 0xfb: {
        std::uint64_t bits = 0;
        for (int i = 0; i < 8; ++i) bits = (bits << 8) | *p++;
        return std::bit_cast<double>(bits);
    }
    default:
        return nullptr;
    }
}

[[noreturn]] void fail_at(std::string_view text, std::size_t byte, const std::string& reason) {
    throw load_failure{position_text(text, byte) + ": " + reason};
}

[[noreturn]] void fail_depth(std::string_view text, std::size_t byte) {
    fail_at(text, byte,
            "arrays and objects nested more than " + std::to_string(json_limits::max_depth) + " deep (the limit)");
}

// One pass over the bytes before the parser sees them, for what is best stopped at a byte offset:
// the nesting depth, and numbers, which nlohmann buffers whole (and strtod then reads whole).
// On text that is not JSON this may see strings and numbers where the parser sees none; then the
// parser reports a syntax error at or before that point, or this reports a limit instead.
void check_text(std::string_view text) {
    std::size_t depth = 0, number = 0;
    bool in_string = false, escaped = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
            continue;
        }
        if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E') {
            if (++number > json_limits::max_number_chars)
                fail_at(text, i + 1 - number,
                        "number of more than " + std::to_string(json_limits::max_number_chars) +
                            " characters (the limit)");
            continue;
        }
        number = 0;
        if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > json_limits::max_depth) fail_depth(text, i);
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
}

} // namespace

// SAX handler: writes the document as CBOR, the elements of each packed list to that list and
// everything else to one stream for the root. Failures throw load_failure through the parser.
class document_reader {
public:
    using number_integer_t = json::number_integer_t;
    using number_unsigned_t = json::number_unsigned_t;
    using number_float_t = json::number_float_t;
    using string_t = json::string_t;
    using binary_t = json::binary_t;

    explicit document_reader(std::string_view text) : m_text(text) {}

    parsed_json finish() {
        if (m_duplicate) fail(*m_duplicate, "duplicate key");
        parsed_json out;
        const std::uint8_t* p = m_root.data();
        out.root = decode(p);
        // The lists live on while the document is built: return what their doubling left spare.
        for (auto& [key, list] : m_lists) {
            list.m_bytes.shrink_to_fit();
            list.m_ends.shrink_to_fit();
        }
        out.lists = std::move(m_lists);
        return out;
    }

    bool null() { return scalar([](auto& o) { o.push_back(0xf6); }); }
    bool boolean(bool b) {
        return scalar([b](auto& o) { o.push_back(b ? 0xf5 : 0xf4); });
    }
    bool number_integer(number_integer_t v) {
        return scalar([v](auto& o) {
            if (v >= 0)
                put_head(o, 0, static_cast<std::uint64_t>(v));
            else
                put_head(o, 1, static_cast<std::uint64_t>(-(v + 1)));
        });
    }
    bool number_unsigned(number_unsigned_t v) {
        return scalar([v](auto& o) { put_head(o, 0, v); });
    }
    bool number_float(number_float_t v, const string_t&) {
        return scalar([v](auto& o) {
            o.push_back(0xfb);
            const auto bits = std::bit_cast<std::uint64_t>(v);
            for (int i = 7; i >= 0; --i) o.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
        });
    }
    bool string(string_t& s) {
        begin_value();
        if (s.size() > json_limits::max_string_bytes)
            fail(path(m_depth), "string of " + std::to_string(s.size()) + " bytes, more than the limit of " +
                                    std::to_string(json_limits::max_string_bytes));
        put_text(out(), s);
        end_value();
        return true;
    }
    bool binary(binary_t&) { return false; } // JSON text has none
    bool start_object(std::size_t) { return open(false); }
    bool start_array(std::size_t) { return open(true); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }

    bool key(string_t& k) {
        frame& f = m_frames[m_depth - 1];
        ++f.count;
        if (k.size() > json_limits::max_string_bytes)
            fail(path(m_depth - 1), "key of " + std::to_string(k.size()) + " bytes, more than the limit of " +
                                        std::to_string(json_limits::max_string_bytes));
        // A few keys are compared directly; a set takes over for larger objects.
        bool seen = false;
        if (f.keys.size() < small_object) {
            seen = std::find(f.keys.begin(), f.keys.end(), k) != f.keys.end();
            f.keys.push_back(k);
            if (f.keys.size() == small_object) f.key_set.insert(f.keys.begin(), f.keys.end());
        } else {
            seen = !f.key_set.insert(k).second;
        }
        f.key = k;
        if (seen && !m_duplicate) m_duplicate = path(m_depth);
        put_text(out(), k);
        return true;
    }

    bool parse_error(std::size_t byte, const std::string&, const nlohmann::detail::exception& e) {
        // "[json.exception.parse_error.101] parse error at line 1, column 5: REASON", or
        // "[json.exception.out_of_range.406] number overflow parsing '1e999'"
        std::string what = e.what();
        if (const auto p = what.find("] "); what.starts_with("[json.exception.") && p != std::string::npos)
            what = what.substr(p + 2);
        if (const auto p = what.find(": "); what.starts_with("parse error") && p != std::string::npos)
            what = what.substr(p + 2);
        // The reason quotes the text read last, which may be a whole (long, binary) string.
        throw load_failure{position_text(m_text, byte == 0 ? 0 : byte - 1) + ": " + printable(what, 300)};
    }

private:
    static constexpr std::size_t small_object = 16;

    struct frame {
        bool array = false;
        std::size_t count = 0;  // elements begun, or keys
        std::size_t head = 0;   // where the count goes in out()
        std::string key;       // the current key, for an object
        std::vector<std::string> keys;
        std::unordered_set<std::string> key_set;
        packed_list* list = nullptr; // a packed top-level array
        const packed_key* limits = nullptr;
    };

    // Inside an element of a packed list (the list's own brackets belong to the root).
    [[nodiscard]] bool in_element() const { return m_depth >= 2 && m_frames[1].list; }
    std::vector<std::uint8_t>& out() { return in_element() ? m_frames[1].list->m_bytes : m_root; }

    // The JSON pointer of the value open at nesting level `levels` (0: the document).
    [[nodiscard]] std::string path(std::size_t levels) const {
        std::string p;
        for (std::size_t i = 0; i < levels; ++i)
            p = m_frames[i].array ? child(p, m_frames[i].count - 1) : child(p, m_frames[i].key);
        return p;
    }

    void begin_value() {
        if (m_depth > 0 && m_frames[m_depth - 1].array) {
            frame& parent = m_frames[m_depth - 1];
            if (parent.list) {
                if (parent.count == parent.limits->max_elements)
                    fail(path(m_depth - 1), "more than " + std::to_string(parent.limits->max_elements) + " " +
                                                std::string(parent.limits->element_name) + " (the limit)");
                m_element_values = 0;
            }
            ++parent.count;
        }
        if (in_element()) {
            if (++m_element_values > json_limits::max_values)
                fail(path(2), "more than " + std::to_string(json_limits::max_values) +
                                  " JSON values in one element (the limit)");
        } else if (++m_root_values > json_limits::max_values) {
            fail("", "more than " + std::to_string(json_limits::max_values) +
                         " JSON values outside the top-level lists (the limit)");
        }
    }

    void end_value() {
        if (m_depth == 2 && m_frames[1].list) {
            packed_list& l = *m_frames[1].list;
            l.m_ends.push_back(l.m_bytes.size());
        }
    }

    template <class Write>
    bool scalar(Write write) {
        begin_value();
        write(out());
        end_value();
        return true;
    }

    bool open(bool array) {
        if (m_depth == json_limits::max_depth) fail_depth(m_text, m_text.size()); // check_text stops it first
        begin_value();
        const packed_key* packed = nullptr;
        if (array && m_depth == 1 && !m_frames[0].array)
            for (const packed_key& k : packed_keys)
                if (k.key == m_frames[0].key) packed = &k;
        // A packed list is an empty array in the root's stream.
        const std::size_t head = packed ? (out().push_back(0x80), 0) : put_open_head(out(), array ? 4 : 5);
        if (m_frames.size() == m_depth) m_frames.emplace_back();
        frame& f = m_frames[m_depth++]; // frames are reused to spare allocations
        f.array = array;
        f.count = 0;
        f.head = head;
        f.keys.clear();
        f.key_set.clear();
        f.limits = packed;
        f.list = packed ? &m_lists[std::string(packed->key)] : nullptr;
        return true;
    }

    bool close() {
        const frame& f = m_frames[--m_depth];
        if (!f.list) patch_count(out(), f.head, f.count);
        end_value();
        return true;
    }

    std::string_view m_text;
    std::vector<frame> m_frames;
    std::size_t m_depth = 0;
    std::vector<std::uint8_t> m_root;
    std::map<std::string, packed_list, std::less<>> m_lists;
    std::size_t m_root_values = 0;
    std::size_t m_element_values = 0;
    std::optional<std::string> m_duplicate;
};

json packed_list::operator[](std::size_t i) const {
    const std::size_t begin = i == 0 ? 0 : m_ends[i - 1];
    const std::uint8_t* p = m_bytes.data() + begin;
    return decode(p);
}

const packed_list& parsed_json::list(std::string_view key) const {
    static const packed_list none;
    const auto it = lists.find(key);
    return it == lists.end() ? none : it->second;
}

parsed_json parse_json(std::string_view text) {
    check_text(text);
    document_reader reader(text);
    json::sax_parse(text.data(), text.data() + text.size(), &reader);
    return reader.finish();
}

std::string position_text(std::string_view text, std::size_t byte) {
    const std::size_t end = std::min(byte, text.size());
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column) + " (byte " + std::to_string(end) +
           ")";
}

} // namespace planscope::json_detail
