#include "startup_graph.h"

#include "source/graph_source.h"
#include "models/gguf.h"

#include <QResource>

#include <cstring>
#include <new>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

// rcc stores a file at no particular alignment, but tensor data must sit at its file offsets from
// an aligned base, as in a mapping: the bytes are copied once into a page-aligned block that lives
// as long as the program (the weights' mapping refers to it).
std::span<const std::uint8_t> embeddedModel() {
    static const std::span<const std::uint8_t> bytes = [] {
        const QByteArray raw = QResource(u":/planscope/models/stories260K.gguf"_s).uncompressedData();
        const auto size = static_cast<std::size_t>(raw.size());
        auto* block = static_cast<std::uint8_t*>(::operator new(size, std::align_val_t{4096}));
        std::memcpy(block, raw.constData(), size);
        return std::span<const std::uint8_t>(block, size);
    }();
    return bytes;
}

} // namespace

planscope::result<planscope::llama_model_graph> loadDefaultModel() { return loadDefaultModel(startupParams); }

planscope::result<planscope::gguf_file> openDefaultModelFile() {
    const std::span<const std::uint8_t> data = embeddedModel();
    if (data.empty()) return planscope::error{std::string(startupModelName) + ": not embedded in this build"};
    auto file = planscope::open_gguf(planscope::mapped_file::borrow(data));
    if (!file) return planscope::error{std::string(startupModelName) + ": " + file.err().message};
    return file;
}

planscope::result<planscope::llama_model_graph> loadDefaultModel(const planscope::llama_params& params) {
    auto file = openDefaultModelFile();
    if (!file) return file.err();
    auto model = planscope::build_llama_graph(*file, params);
    if (!model) return planscope::error{std::string(startupModelName) + ": " + model.err().message};
    model->doc.name = startupModelName;
    return model;
}

planscope::result<planscope::opened_source> loadDefaultSource(const planscope::llama_params& params,
                                                             planscope::ggml_version era) {
    auto file = openDefaultModelFile();
    if (!file) return file.err();
    auto built = planscope::open_llama_source(startupModelName, std::move(*file)).build(params, era);
    if (!built) return planscope::error{std::string(startupModelName) + ": " + built.err().message};
    built->doc.name = startupModelName;
    return built;
}

planscope::result<planscope::opened_source> loadDefaultSourceOnDevices(const planscope::llama_params& params,
                                                                      const planscope::llm_device_request& devices) {
    auto file = openDefaultModelFile();
    if (!file) return file.err();
    auto built = planscope::open_llama_source(startupModelName, std::move(*file)).build_on_devices(params, devices);
    if (!built) return planscope::error{std::string(startupModelName) + ": " + built.err().message};
    return built;
}

planscope::result<planscope::graph_document> loadDefaultGraph() {
    auto model = loadDefaultModel();
    if (!model) return model.err();
    return std::move(model->doc);
}

planscope::result<planscope::graph_document> loadStartupGraph(const QString& file) {
    auto loaded = loadStartupSource(file);
    if (!loaded) return loaded.err();
    return std::move(loaded->doc);
}

planscope::result<planscope::opened_source> loadStartupSource(const QString& file, std::optional<planscope::ggml_version> era) {
    if (file.isEmpty()) return loadDefaultSource(startupParams, era.value_or(planscope::default_era(startupModelName)));
    const std::string source = file.toStdString();
    auto loaded = planscope::open_source(source, {}, era.value_or(planscope::default_era(source)));
    if (loaded) return loaded;
    // The sources name the file already; keep the promise for any error that does not.
    const std::string prefix = file.toStdString() + ": ";
    std::string message = loaded.err().message;
    if (message.rfind(prefix, 0) != 0) message = prefix + message;
    return planscope::error{std::move(message)};
}

} // namespace planscope::ui
