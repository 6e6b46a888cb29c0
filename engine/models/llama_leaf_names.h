#pragma once
// What a leaf of a llama.cpp graph is, as far as its name tells (a DOT dump or a GGML_SCHED_DEBUG
// log shows names, not buffers): a GGUF weight (".weight", ".bias", or a name the log cut to 20
// characters within that suffix), llama.cpp's KV cache ("cache_..."), else a graph input.
#include <cstdint>
#include <string_view>

namespace planscope {

enum class llama_leaf : std::uint8_t { weight, cache, input };
llama_leaf classify_llama_leaf(std::string_view name);

} // namespace planscope
