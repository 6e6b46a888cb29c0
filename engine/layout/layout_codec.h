#pragma once
// A graph_layout as text and back, exactly (shortest round-trip numbers), and the framing the
// planscope-layout process speaks on its pipes: a request is "<bytes>\n<DOT text>", a reply
// "ok <bytes>\n<layout>" or "error <bytes>\n<message>".
#include "graph_layout.h"

#include <string>
#include <string_view>

namespace planscope {

std::string encode_layout(const graph_layout& layout);
result<graph_layout> decode_layout(std::string_view text);

// One framed message: `tag` ("", "ok" or "error") and its body.
std::string frame_message(std::string_view tag, std::string_view body);

// Reads one framed message from the front of `buffer`: nullopt while it is incomplete; the tag
// and body otherwise, and `consumed` how many bytes it took. Malformed framing is an error.
struct framed {
    std::string tag;
    std::string body;
    std::size_t consumed = 0;
};
result<std::optional<framed>> read_frame(std::string_view buffer, std::size_t max_body);

} // namespace planscope
