#include "llama_leaf_names.h"

namespace planscope {

llama_leaf classify_llama_leaf(std::string_view name) {
    if (name.ends_with(".weight") || name.ends_with(".bias")) return llama_leaf::weight;
    // A name the log cut to 20 characters: "blk.0.attn_norm.weig".
    if (const auto dot = name.rfind('.'); name.size() == 20 && dot != std::string_view::npos && dot + 1 < name.size()) {
        const std::string_view tail = name.substr(dot + 1);
        if (std::string_view("weight").starts_with(tail) || std::string_view("bias").starts_with(tail)) return llama_leaf::weight;
    }
    if (name.starts_with("cache_")) return llama_leaf::cache;
    return llama_leaf::input;
}

} // namespace planscope
