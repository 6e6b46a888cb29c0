#pragma once
// What `planscope-cli info MODEL.gguf` and the GUI show about a model file before any graph:
// its hyperparameters as labelled values and its tensors totalled per type.
#include "gguf.h"
#include "llama_hparams.h"

#include <string>
#include <utility>
#include <vector>

namespace planscope {

struct tensor_type_total {
    dtype type = dtype::f32;
    std::size_t count = 0;
    std::size_t bytes = 0;
};

// One entry per type present, in ggml's type order.
std::vector<tensor_type_total> tensor_totals(const gguf_file& file);

// ("n_embd", "64"), ("rms_eps", "1e-05"), ... in llama.cpp's llm_load_print_meta order.
std::vector<std::pair<std::string, std::string>> describe_hparams(const llama_hparams& h);

} // namespace planscope
