#include "graph_source.h"

#include "core/strings.h"
#include "io/graph_json.h"
#include "models/gguf.h"
#include "models/templates.h"

namespace planscope {

bool is_gguf_path(std::string_view source) {
    constexpr std::string_view ext = ".gguf";
    return source.size() > ext.size() && iequals(source.substr(source.size() - ext.size()), ext);
}

result<graph_document> open_graph_source(std::string_view source) { return open_graph_source(source, {}); }

result<graph_document> open_graph_source(std::string_view source, const llama_params& params) {
    if (source.starts_with(template_prefix)) {
        auto doc = make_template(source.substr(template_prefix.size()));
        if (!doc) return error{std::string(source) + ": " + doc.err().message};
        return doc;
    }
    const std::filesystem::path path(std::string{source});
    if (is_gguf_path(source)) {
        auto file = open_gguf(path); // its errors already name the file
        if (!file) return file.err();
        auto model = build_llama_graph(*file, params);
        if (!model) return error{std::string(source) + ": " + model.err().message};
        model->doc.name = path.filename().string();
        return std::move(model->doc);
    }
    return load_graph_json_file(path);
}

} // namespace planscope
