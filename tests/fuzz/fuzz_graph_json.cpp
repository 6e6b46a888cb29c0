// JSON graph files: load (parse and validate), then what `planscope-cli info FILE.json` does
// (summary, plan), and the promise of graph_json.h that saving is lossless: save(load(save(doc)))
// must be byte for byte save(doc).
#include "fuzz_support.h"

#include "alloc/plan.h"
#include "core/summary.h"
#include "io/graph_json.h"

#include <algorithm>
#include <string>

namespace {

std::string first_difference(const std::string& a, const std::string& b) {
    const auto at = static_cast<std::size_t>(std::mismatch(a.begin(), a.end(), b.begin(), b.end()).first - a.begin());
    const std::size_t from = at < 40 ? 0 : at - 40;
    return "at byte " + std::to_string(at) + ": '" + a.substr(from, 80) + "' then '" + b.substr(from, 80) + "'";
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace planscope;
    auto doc = load_graph_json(fuzz::as_text(data, size));
    if (!doc) {
        fuzz::check_error("load_graph_json", doc.err());
        return 0;
    }
    const std::string saved = save_graph_json(*doc);
    auto again = load_graph_json(saved);
    if (!again) fuzz::finding("round trip", "load(save(doc)) failed: " + again.err().message);
    const std::string resaved = save_graph_json(*again);
    if (resaved != saved) fuzz::finding("round trip", "save(load(save(doc))) != save(doc) " + first_difference(saved, resaved));

    (void)summarize(*doc);
    if (auto plan = plan_graph(*doc); !plan) fuzz::check_error("plan_graph", plan.err());
    return 0;
}
