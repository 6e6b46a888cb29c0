// GGUF model files: the reader, then what `planscope-cli info MODEL.gguf` does with what it read
// (hyperparameters, tensors per type, llama.cpp da46e59c's graph of any architecture engine/llm
// builds and its reserve, the 2023 llama graph with the CLI's default parameters and its plan).
#include "fuzz_support.h"

#include "alloc/plan.h"
#include "core/summary.h"
#include "llm/llm_build.h"
#include "llm_context/llm_reserve.h"
#include "models/gguf.h"
#include "models/llama_graph.h"
#include "models/model_info.h"

namespace {

// Touches both ends of every tensor's bytes, so that a span reaching past the input is a
// heap-buffer-overflow here rather than later in a kernel.
void touch_tensor_data(const planscope::gguf_file& file) {
    volatile std::uint8_t sink = 0;
    for (const auto& t : file.tensors) {
        const auto bytes = file.tensor_data(t);
        if (!bytes.empty()) sink = sink + bytes.front() + bytes.back();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace planscope;
    // The CLI maps the file; borrowing libFuzzer's bytes runs the same parser on an exactly sized
    // heap block, so ASan sees every read past the end.
    auto file = open_gguf(mapped_file::borrow({data, size}));
    if (!file) {
        fuzz::check_error("open_gguf", file.err());
        return 0;
    }
    touch_tensor_data(*file);
    (void)tensor_totals(*file);
    if (auto hl = read_model_hparams(*file); !hl) {
        fuzz::check_error("read_model_hparams", hl.err());
    } else {
        // Small enough to keep the fuzzer fast; the shapes still come from the file.
        llm_context_params p;
        p.n_ctx = 256;
        p.n_batch = p.n_ubatch = 8;
        if (auto r = llm_reserve(*file, p); !r) fuzz::check_error("llm_reserve", r.err());
    }
    auto h = read_hparams(*file);
    if (!h) {
        fuzz::check_error("read_hparams", h.err());
        return 0;
    }
    (void)describe_hparams(*h);
    if (h->arch != "llama") return 0;
    auto model = build_llama_graph(*file, llama_params{});
    if (!model) {
        fuzz::check_error("build_llama_graph", model.err());
        return 0;
    }
    (void)summarize(model->doc);
    plan_options options;
    options.preallocate = model->inputs;
    if (auto plan = plan_graph(model->doc, options); !plan) fuzz::check_error("plan_graph", plan.err());
    return 0;
}
