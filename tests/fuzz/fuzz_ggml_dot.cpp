// ggml DOT dumps: Graphviz's parser (io/dot_reader.h) and the import (models/ggml_dot.h), then what
// `planscope-cli info FILE.dot` does (summary, plan) and what File > Save As does (a JSON graph
// that loads again).
#include "fuzz_support.h"

#include "alloc/plan.h"
#include "core/summary.h"
#include "io/graph_json.h"
#include "models/ggml_dot.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace planscope;
    auto imported = import_ggml_dot(fuzz::as_text(data, size));
    if (!imported) {
        fuzz::check_error("import_ggml_dot", imported.err());
        return 0;
    }
    for (const auto& w : imported->warnings) fuzz::check_message("import_ggml_dot warning", w);
    if (auto again = load_graph_json(save_graph_json(imported->doc)); !again)
        fuzz::finding("save as JSON", "the saved import does not load: " + again.err().message);

    (void)summarize(imported->doc);
    if (auto plan = plan_graph(imported->doc); !plan) fuzz::check_error("plan_graph", plan.err());
    return 0;
}
