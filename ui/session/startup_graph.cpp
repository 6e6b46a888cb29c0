#include "startup_graph.h"

#include "io/graph_json.h"
#include "model/format.h"
#include "models/templates.h"

#include <filesystem>

namespace planscope::ui {

planscope::result<planscope::graph_document> loadStartupGraph(const QString& file) {
    if (file.isEmpty()) return planscope::make_template(planscope::default_template);
    auto loaded = planscope::load_graph_json_file(std::filesystem::path(file.toStdU16String()));
    if (loaded) return loaded;
    // The loader names the file already; keep the promise for any error that does not.
    const std::string prefix = file.toStdString() + ": ";
    std::string message = loaded.err().message;
    if (message.rfind(prefix, 0) != 0) message = prefix + message;
    return planscope::error{std::move(message)};
}

} // namespace planscope::ui
