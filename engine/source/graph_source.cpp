#include "graph_source.h"

#include "capture_document.h"
#include "core/strings.h"
#include "io/graph_json.h"
#include "llama_template_gguf.h"
#include "llm_context/llm_reserve.h"
#include "model_params.h"
#include "models/ggml_dot.h"
#include "models/gguf.h"
#include "models/templates.h"
#include "sched_log_document.h"

namespace planscope {
namespace {

bool has_extension(std::string_view source, std::string_view ext) {
    return source.size() > ext.size() && iequals(source.substr(source.size() - ext.size()), ext);
}

} // namespace

bool is_gguf_path(std::string_view source) { return has_extension(source, ".gguf"); }
bool is_dot_path(std::string_view source) { return has_extension(source, ".dot"); }

ggml_version default_era(std::string_view source) {
    return is_gguf_path(source) || is_capture_source(source) ? ggml_version::v2026 : ggml_version::v2023; // a capture: what ggml ran
}

ggml_version graph_era(std::string_view source, ggml_version era) {
    return takes_llama_params(source) ? era : ggml_version::v2023;
}

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

llama_source open_llama_source(std::string_view name, gguf_file file) {
    llama_source out;
    out.m_source = name;
    out.m_file = std::make_shared<const gguf_file>(std::move(file));
    return out;
}

llama_params llama_source::params(const llama_params& base) const {
    if (m_file) return base;
    auto keys = llama_template_keys(m_spec, base); // checked by open_llama_source
    return keys ? keys->params : base;
}

result<opened_source> llama_source::build(const llama_params& base, ggml_version era) const {
    if (graph_era(m_source, era) == ggml_version::v2026) return build_2026(base);
    if (auto s = check_params_2023(base); !s) return s.err();
    const llama_params params = params_2023(base);
    if (!m_file) {
        auto t = build_template(m_spec, params);
        if (!t) return t.err();
        t->doc.compute_inputs = t->inputs; // saved with the document, so a JSON copy plans the same
        return opened_source{std::move(t->doc), std::move(t->inputs), {}, {}, era, {}, {}};
    }
    auto model = build_llama_graph(*m_file, params);
    if (!model) return model.err();
    model->doc.name = std::filesystem::path(m_source).filename().string();
    model->doc.compute_inputs = model->inputs;
    return opened_source{std::move(model->doc), std::move(model->inputs), {}, {}, era, {}, {}};
}

result<std::shared_ptr<const gguf_file>> llama_source::model_file(const llama_params& p) const {
    if (m_file) return m_file;
    auto h = llama_template_hparams(m_spec); // checked by open_llama_source
    if (!h) return h.err();
    h->n_ctx_train = static_cast<std::uint32_t>(p.n_ctx); // trained for the context it runs, as in 2023
    auto made = llama_template_gguf(*h);
    if (!made) return made.err();
    return std::make_shared<const gguf_file>(std::move(*made));
}

std::string llama_source::document_name() const {
    return m_file ? std::filesystem::path(m_source).filename().string() : std::string("llama");
}

// The prompt graph llama_init_from_model reserves its compute buffer with (n_ubatch tokens), with
// that reserve's figures (pp, tg, pp) beside it. Its inputs are flagged INPUT by the build, as the
// 2026 allocator takes them. template:llama is a file of its hyperparameters and no tensors.
result<opened_source> llama_source::build_2026(const llama_params& base) const {
    const llama_params p = params(base);
    auto cparams = llm_context_params_of(p);
    if (!cparams) return cparams.err();
    auto file = model_file(p);
    if (!file) return file.err();
    auto reserve = llm_reserve(**file, *cparams);
    if (!reserve) return reserve.err();
    auto hparams = read_model_hparams(**file);
    if (!hparams) return hparams.err();
    auto graph = build_llm_graph(**file, *hparams, reserve->cparams, llm_reserve_prompt_shape(reserve->cparams));
    if (!graph) return graph.err();
    graph->doc.name = document_name();
    opened_source out{std::move(graph->doc), std::move(graph->inputs), {}, {}, ggml_version::v2026, {}, {}};
    out.llm_reserve = std::make_shared<const llm_reserve_result>(std::move(*reserve));
    return out;
}

result<opened_source> open_source(std::string_view source, const llama_params& params) {
    return open_source(source, params, default_era(source));
}

result<opened_source> open_source(std::string_view source, const llama_params& params, ggml_version era) {
    if (takes_llama_params(source)) {
        auto llama = open_llama_source(source);
        if (!llama) return llama.err();
        auto built = llama->build(params, era);
        if (!built) return error{std::string(source) + ": " + built.err().message};
        return built;
    }
    if (source.starts_with(template_prefix)) {
        auto t = build_template(source.substr(template_prefix.size()), params);
        if (!t) return error{std::string(source) + ": " + t.err().message};
        t->doc.compute_inputs = t->inputs; // saved with the document, so a JSON copy plans the same
        return opened_source{std::move(t->doc), std::move(t->inputs), {}, {}, ggml_version::v2023, {}, {}};
    }
    // A capture of a live ggml program (docs/capture-reading.md): FILE.pscap[#[RUN:]SEQ].
    if (is_capture_source(source)) return open_capture_source(source);
    const std::filesystem::path path(std::string{source});
    if (is_sched_log_path(source)) {
        auto log = open_sched_log_document(path);
        if (!log) return log.err();
        auto plan = std::make_shared<const sched_plan>(std::move(log->plan));
        return opened_source{std::move(log->doc), {}, std::move(log->warnings), std::move(plan), ggml_version::v2023, {}, {}};
    }
    if (is_dot_path(source)) {
        auto dump = import_ggml_dot_file(path); // names the file too
        if (!dump) return dump.err();
        std::vector<tensor_id> inputs = dump->doc.compute_inputs;
        return opened_source{std::move(dump->doc), std::move(inputs), std::move(dump->warnings), {}, ggml_version::v2023, {}, {}};
    }
    auto doc = load_graph_json_file(path);
    if (!doc) return doc.err();
    std::vector<tensor_id> inputs = doc->compute_inputs;
    return opened_source{std::move(*doc), std::move(inputs), {}, {}, ggml_version::v2023, {}, {}};
}

result<graph_document> open_graph_source(std::string_view source) { return open_graph_source(source, {}); }

result<graph_document> open_graph_source(std::string_view source, const llama_params& params) {
    auto opened = open_source(source, params);
    if (!opened) return opened.err();
    return std::move(opened->doc);
}

} // namespace planscope
