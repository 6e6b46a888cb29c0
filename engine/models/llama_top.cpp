#include "llama_top.h"

#include "core/printable.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <string_view>
#include <vector>

namespace planscope {
namespace {

std::string fixed6(double x) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6f", x);
    return buf;
}

} // namespace

std::string token_piece(const gguf_file& file, std::int32_t id) {
    const gguf_value* v = file.find("tokenizer.ggml.tokens");
    const gguf_array* a = v ? v->as_array() : nullptr;
    const auto s = a && id >= 0 ? a->string_at(static_cast<std::size_t>(id)) : std::nullopt;
    if (!s) return "";
    std::string out;
    static constexpr std::string_view space = "\xE2\x96\x81";
    for (std::size_t i = 0; i < s->size();) {
        if (s->substr(i, space.size()) == space) {
            out += ' ';
            i += space.size();
        } else {
            out += (*s)[i++];
        }
    }
    return printable(out, std::string::npos); // the vocabulary's bytes never reach the terminal raw
}

std::string format_top_logits(const gguf_file& file, std::span<const float> logits, std::size_t top) {
    std::vector<std::int32_t> order(logits.size());
    std::iota(order.begin(), order.end(), 0);
    top = std::min(top, order.size());
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(top), order.end(),
                      [&](std::int32_t x, std::int32_t y) {
                          const float a = logits[static_cast<std::size_t>(x)];
                          const float b = logits[static_cast<std::size_t>(y)];
                          return a != b ? a > b : x < y;
                      });
    std::string out;
    for (std::size_t k = 0; k < top; ++k)
        out += std::to_string(order[k]) + ' ' + fixed6(logits[static_cast<std::size_t>(order[k])]) + ' ' +
               token_piece(file, order[k]) + '\n';
    double sum = 0, sq = 0;
    for (float x : logits) {
        sum += x;
        sq += double(x) * x;
    }
    return out + "sum " + fixed6(sum) + '\n' + "l2 " + fixed6(std::sqrt(sq)) + '\n';
}

} // namespace planscope
