#pragma once
// The next-token report of a llama run, as `planscope-cli run` prints it: the top tokens of one
// position's logits as "id logit piece" rows, then the sum and L2 norm of all its logits.
#include "gguf.h"

#include <cstdint>
#include <span>
#include <string>

namespace planscope {

// The token's text from tokenizer.ggml.tokens, SentencePiece's U+2581 shown as a space; "" for an
// id the vocabulary lacks.
std::string token_piece(const gguf_file& file, std::int32_t id);

// `top` rows "ID LOGIT PIECE" (highest logit first, ties by lower id, logits with 6 decimals),
// then "sum S" and "l2 N"; every line ends in '\n'.
std::string format_top_logits(const gguf_file& file, std::span<const float> logits, std::size_t top = 10);

} // namespace planscope
