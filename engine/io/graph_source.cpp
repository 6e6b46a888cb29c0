#include "graph_source.h"

#include "io/graph_json.h"
#include "models/templates.h"

namespace planscope {

result<graph_document> open_graph_source(std::string_view source) {
    if (source.starts_with(template_prefix)) {
        auto doc = make_template(source.substr(template_prefix.size()));
        if (!doc) return error{std::string(source) + ": " + doc.err().message};
        return doc;
    }
    return load_graph_json_file(std::filesystem::path(std::string(source)));
}

} // namespace planscope
