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

result<llama_source> open_llama_source(std::string_view source) {
    llama_source out;
    out.m_source = source;
    if (is_gguf_path(source)) {
        auto file = open_gguf(std::filesystem::path(std::string{source})); // its errors already name the file
        if (!file) return file.err();
        out.m_file = std::make_shared<const gguf_file>(std::move(*file));
        return out;
    }
    if (!takes_llama_params(source)) return error{std::string(source) + ": neither a .gguf model nor template:llama"};
    out.m_spec = source.substr(template_prefix.size());
    auto keys = llama_template_keys(out.m_spec);
    if (!keys) return error{std::string(source) + ": " + keys.err().message};
    out.m_keys = std::move(keys->set);
    return out;
}

llama_params llama_source::params(const llama_params& base) const {
    if (m_file) return base;
    auto keys = llama_template_keys(m_spec, base); // checked by open_llama_source
    return keys ? keys->params : base;
}

result<opened_source> llama_source::build(const llama_params& base) const {
    if (!m_file) {
        auto t = build_template(m_spec, base);
        if (!t) return t.err();
        t->doc.compute_inputs = t->inputs; // saved with the document, so a JSON copy plans the same
        return opened_source{std::move(t->doc), std::move(t->inputs), {}, {}};
    }
    auto model = build_llama_graph(*m_file, base);
    if (!model) return model.err();
    model->doc.name = std::filesystem::path(m_source).filename().string();
    model->doc.compute_inputs = model->inputs;
    return opened_source{std::move(model->doc), std::move(model->inputs), {}, {}};
}

result<opened_source> open_source(std::string_view source, const llama_params& params) {
    if (takes_llama_params(source)) {
        auto llama = open_llama_source(source);
        if (!llama) return llama.err();
        auto built = llama->build(params);
        if (!built) return error{std::string(source) + ": " + built.err().message};
        return built;
    }
    if (source.starts_with(template_prefix)) {
        auto t = build_template(source.substr(template_prefix.size()), params);
        if (!t) return error{std::string(source) + ": " + t.err().message};
        t->doc.compute_inputs = t->inputs; // saved with the document, so a JSON copy plans the same
        return opened_source{std::move(t->doc), std::move(t->inputs), {}, {}};
    }
    const std::filesystem::path path(std::string{source});
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
