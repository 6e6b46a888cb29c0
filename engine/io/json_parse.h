#pragma once
// Phase one of loading a JSON graph: syntax, duplicate keys and the limits of json_limits.h, in
// one SAX pass that builds no DOM of the big lists. A DOM costs 10 to 50 times the text (an
// ordered_json object is a vector of key/value pairs); the lists are kept instead as one CBOR
// encoding per element, about the size of the text, and decoded one element at a time.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace planscope::json_detail {

using json = nlohmann::ordered_json;

// The elements of one top-level array (tensors, nodes, ...), each decoded on access.
class packed_list {
public:
    [[nodiscard]] std::size_t size() const { return m_ends.size(); }
    json operator[](std::size_t i) const;

private:
    friend class document_reader;
    std::vector<std::uint8_t> m_bytes;
    std::vector<std::size_t> m_ends; // element i is m_bytes[m_ends[i - 1], m_ends[i])
};

struct parsed_json {
    // The document, except that each array value of a key in packed_keys is empty here: its
    // elements are in `lists`.
    json root;
    std::map<std::string, packed_list, std::less<>> lists;

    // The elements of root[key] (none when it is not an array).
    [[nodiscard]] const packed_list& list(std::string_view key) const;
};

// The top-level keys whose arrays are packed, with the most elements each may have.
struct packed_key {
    std::string_view key;
    std::size_t max_elements;
    std::string_view element_name; // for the error: "more than N tensors"
};
extern const std::vector<packed_key> packed_keys;

// Throws load_failure: "line L, column C (byte B): REASON" for syntax and depth, "PATH: REASON"
// for the other limits and a duplicate key.
parsed_json parse_json(std::string_view text);

// "line 3, column 14 (byte 58)": 1-based line and column of a 0-based byte offset.
std::string position_text(std::string_view text, std::size_t byte);

} // namespace planscope::json_detail
