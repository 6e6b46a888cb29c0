#include "graph_source.h"

#include "core/strings.h"
#include "io/graph_json.h"
#include "models/ggml_dot.h"
#include "models/sched_log_document.h"
#include "models/gguf.h"
#include "models/templates.h"

namespace planscope {
namespace {

bool has_extension(std::string_view source, std::string_view ext) {
    return source.size() > ext.size() && iequals(source.substr(source.size() - ext.size()), ext);
}

} // namespace

bool is_gguf_path(std::string_view source) { return has_extension(source, ".gguf"); }
bool is_dot_path(std::string_view source) { return has_extension(source, ".dot"); }

bool takes_llama_params(std::string_view source) {
    const std::string llama = std::string(template_prefix) + "llama";
    return is_gguf_path(source) || source == llama || source.starts_with(llama + "?");
}

result<opened_source> open_source(std::string_view source, const llama_params& params) {
    if (source.starts_with(template_prefix)) {
        auto t = build_template(source.substr(template_prefix.size()), params);
        if (!t) return error{std::string(source) + ": " + t.err().message};
        t->doc.compute_inputs = t->inputs; // saved with the document, so a JSON copy plans the same
        return opened_source{std::move(t->doc), std::move(t->inputs), {}, {}};
    }
    const std::filesystem::path path(std::string{source});
    if (is_gguf_path(source)) {
        auto file = open_gguf(path); // its errors already name the file
        if (!file) return file.err();
        auto model = build_llama_graph(*file, params);
        if (!model) return error{std::string(source) + ": " + model.err().message};
        model->doc.name = path.filename().string();
        model->doc.compute_inputs = model->inputs;
        return opened_source{std::move(model->doc), std::move(model->inputs), {}, {}};
    }
    if (is_sched_log_path(source)) {
        auto log = open_sched_log_document(path);
        if (!log) return log.err();
        auto plan = std::make_shared<const sched_plan>(std::move(log->plan));
        return opened_source{std::move(log->doc), {}, std::move(log->warnings), std::move(plan)};
    }
    if (is_dot_path(source)) {
        auto dump = import_ggml_dot_file(path); // names the file too
        if (!dump) return dump.err();
        std::vector<tensor_id> inputs = dump->doc.compute_inputs;
        return opened_source{std::move(dump->doc), std::move(inputs), std::move(dump->warnings), {}};
    }
    auto doc = load_graph_json_file(path);
    if (!doc) return doc.err();
    std::vector<tensor_id> inputs = doc->compute_inputs;
    return opened_source{std::move(*doc), std::move(inputs), {}, {}};
}

result<graph_document> open_graph_source(std::string_view source) { return open_graph_source(source, {}); }

result<graph_document> open_graph_source(std::string_view source, const llama_params& params) {
    auto opened = open_source(source, params);
    if (!opened) return opened.err();
    return std::move(opened->doc);
}

} // namespace planscope
