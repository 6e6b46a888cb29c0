#pragma once
// The options a llama graph is built with in the app: the CLI's --ctx, --batch, --ubatch, --seqs,
// --flash-attn, --kv-type(-k/-v), --n-past, --worst-case and --ngl (same defaults, llama_params),
// plus the prompt's token ids (--tokens) for a later run. Each era's llama.cpp takes some of them
// (source/model_params.h): optionUnavailable says why a field is off. Pure functions, so that
// parsing, checking and the template mapping are tested without widgets.
#include "alloc/plan.h"
#include "core/document.h"
#include "core/types.h"
#include "models/llama_graph.h"
#include "source/device_source.h"
#include "source/model_params.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace planscope::ui {

struct ModelOptions {
    planscope::llama_params params;   // as the CLI's flags, --worst-case included
    std::vector<std::int32_t> tokens; // the prompt; empty: none given. BOS is never added.
    // Planned on these device profiles (the Devices dock's Plan on These Devices; 2026 only): the
    // document is scheduled over them when it opens (llama_source::build_on_devices). Null: this
    // machine, nothing scheduled. The same request object compares equal.
    std::shared_ptr<const planscope::llm_device_request> devices;

    // The caches' types compare as resolved (kv_type_k, kv_type_v), however they were spelled.
    friend bool operator==(const ModelOptions& a, const ModelOptions& b) {
        const planscope::llama_params &p = a.params, &q = b.params;
        return p.n_ctx == q.n_ctx && p.n_batch == q.n_batch && p.n_past == q.n_past &&
               planscope::kv_type_k(p) == planscope::kv_type_k(q) && planscope::kv_type_v(p) == planscope::kv_type_v(q) &&
               p.ngl == q.ngl && p.worst_case == q.worst_case && p.n_ubatch == q.n_ubatch &&
               p.n_seq_max == q.n_seq_max && p.flash_attn == q.flash_attn && a.tokens == b.tokens && a.devices == b.devices;
    }
};

// The fields of the Model Options dialog and the what-if bar that not every era takes.
enum class ModelField { Ubatch, Seqs, FlashAttn, QuantizedKv, TypeV, NPast, Ngl, WorstCase };
// Why `era`'s llama.cpp has no `field` ("Not in the 2026 era yet: ..."), or an empty string.
QString optionUnavailable(ModelField field, planscope::ggml_version era);
// `options` with what `era` does not take back at its default (a 2026 document opened in 2023:
// one f16 or f32 KV type, no ubatch, no devices; in 2026: no n_past, worst case or ngl).
ModelOptions optionsForEra(ModelOptions options, planscope::ggml_version era);

// The KV cache types the fields offer, in their order: f16, f32, q8_0, q4_0.
inline constexpr planscope::dtype kvCacheTypes[] = {planscope::dtype::f16, planscope::dtype::f32, planscope::dtype::q8_0,
                                                    planscope::dtype::q4_0};
// Flash attention as the fields offer it: auto, on, off.
inline constexpr planscope::llm_flash_attn flashAttnModes[] = {planscope::llm_flash_attn::automatic,
                                                               planscope::llm_flash_attn::on, planscope::llm_flash_attn::off};

// The default model's options: startupParams and its 8-token prompt.
ModelOptions startupModelOptions();

struct TokenParse {
    std::vector<std::int32_t> tokens;
    QString error; // empty when the text parsed
};

// "1, 403,407": comma-separated decimal ids, spaces allowed around each, every id in [0, nVocab)
// (nVocab <= 0: not checked). An empty or all-blank text is no prompt.
TokenParse parseTokenIds(const QString& text, int nVocab);
QString formatTokenIds(std::span<const std::int32_t> tokens); // "1,403,407"

// The first reason `options` cannot build `era`'s graph (the checks build_llama_graph makes in
// 2023, llm_context_params_of and resolve_cparams in 2026, and a prompt whose length is not
// n_batch), or an empty string. The model's own limits (a quantized type's block size against its
// head size) are the load's to report.
QString checkModelOptions(const ModelOptions& options, planscope::ggml_version era);

// The vocabulary of a llama document: token_embd.weight's ne[1]; 0 when it has none.
int vocabSize(const planscope::graph_document& doc);

// A template:llama spec split into its hyperparameters and the llama_params keys it sets:
// "llama?n_embd=32&n_ctx=256" -> spec "llama?n_embd=32", n_ctx 256 over `base`. Re-planning passes
// the options as llama_params, which a key left in the spec would override.
struct TemplateSplit {
    QString spec;
    ModelOptions options;
};
TemplateSplit splitLlamaTemplate(const QString& spec, const ModelOptions& base);
// True for "llama" and "llama?...".
bool isLlamaTemplate(const QString& spec);

} // namespace planscope::ui
