#pragma once
// The test models: for each architecture a tiny random-weight model with llama.cpp da46e59c's GGUF
// keys and tensor names and shapes, and shape-only models of real sizes (no weight data: sparse
// files). tests/data/llama_cpp/ holds what llama.cpp reserves and computes for each, and the
// checksums of the files these functions write.
#include "gguf_writer.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace planscope::test_models {

struct zoo_model {
    std::string name; // the file is NAME.gguf
    std::string arch; // general.architecture
    gguf_document doc;
};

// Every model, the tiny ones first, then the shape-only ones, then the tiny variants, in a fixed order.
const std::vector<std::string>& zoo_names();
bool zoo_is_shape_only(std::string_view name);
// A tiny variant (zoo_variants.cpp): tests/data/llama_cpp/zoo_variants.tsv holds its rows.
bool zoo_is_variant(std::string_view name);
std::optional<zoo_model> zoo_model_named(std::string_view name);

// Writes DIR/NAME.gguf.
result<written_gguf> write_zoo_model(const zoo_model& m, const std::filesystem::path& dir);

// The tokens every zoo model's prompt for logits uses (all below the tiny vocabulary).
inline constexpr std::string_view zoo_prompt = "1,17,42,99,200";

} // namespace planscope::test_models
