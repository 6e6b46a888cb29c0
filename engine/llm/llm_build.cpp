#include "llm_build.h"

#include "llm_kv_cache.h"
#include "llm_kv_cache_iswa.h"
#include "llm_registry.h"
#include "llm_weights.h"

namespace planscope {

result<llm_hparams> read_model_hparams(const gguf_file& file) {
    // An unknown architecture is named before any of its keys is missed.
    if (const auto name = file.get_string("general.architecture"))
        if (auto known = find_llm_architecture(*name); !known) return known.err();
    auto h = read_llm_hparams(file);
    if (!h) return h.err();
    auto arch = find_llm_architecture(h->arch);
    if (!arch) return arch.err();
    if (auto s = (*arch)->load_hparams(llm_key_reader(file, h->arch), *h); !s) return s.err();
    if (h->n_vocab == 0) return error{"the model has no vocabulary (tokenizer.ggml.tokens)"};
    return h;
}

result<llm_graph_build> build_llm_graph(const gguf_file& file, const llm_hparams& hparams, const llm_cparams& cparams,
                                        const llm_ubatch_shape& ubatch, const llm_placement* placement) {
    auto arch = find_llm_architecture(hparams.arch);
    if (!arch) return arch.err();
    if (ubatch.n_tokens == 0 || ubatch.n_seqs == 0 || ubatch.n_tokens % ubatch.n_seqs != 0)
        return error{"a ubatch of " + std::to_string(ubatch.n_tokens) + " tokens over " +
                     std::to_string(ubatch.n_seqs) + " sequences"};
    if (ubatch.n_outputs == 0 || ubatch.n_outputs > ubatch.n_tokens)
        return error{"n_outputs " + std::to_string(ubatch.n_outputs) + " of " + std::to_string(ubatch.n_tokens) +
                     " tokens"};

    llm_graph_build out;
    out.doc.name = hparams.name.empty() ? hparams.arch : hparams.name;
    out.model.hparams = hparams;
    out.cparams = cparams;
    out.ubatch = ubatch;
    out.mapping = file.mapping;
    out.data_offset = file.data_offset;

    // llama.cpp's order: the model's weights, the KV cache, then the graph.
    llm_weight_loader weights(out.doc, file, placement);
    if (auto s = (*arch)->load_tensors(weights, out.model); !s) return s.err();
    out.weights_backed = weights.backed();
    out.model_bytes = weights.model_bytes();
    out.model_buffers = weights.buffers().totals();
    // A model with sliding-window layers has llama_kv_cache_iswa: the full cache, then the SWA one.
    // A decode's n_kv / n_kv_swa narrow each cache's views (a reserve attends to every cell).
    std::optional<llm_kv_cache_iswa> iswa;
    std::optional<llm_kv_cache> kv;
    if (hparams.swa_type != llm_swa_type::none) {
        auto made = llm_kv_cache_iswa::create(out.doc, out.model.hparams, out.cparams, placement);
        if (!made) return made.err();
        iswa.emplace(std::move(*made));
        kv = iswa->base();
    } else {
        auto made = llm_kv_cache::create(out.doc, out.model.hparams, out.cparams, placement);
        if (!made) return made.err();
        kv = std::move(*made);
    }
    out.kv_bytes = iswa ? iswa->bytes() : kv->bytes();
    out.kv_buffers = iswa ? iswa->buffers() : kv->buffers();
    if (ubatch.n_kv != 0)
        if (auto s = kv->set_n_kv(ubatch.n_kv); !s) return s.err();
    std::optional<llm_kv_cache> kv_swa;
    if (iswa) kv_swa = iswa->swa();
    if (kv_swa && ubatch.n_kv_swa != 0)
        if (auto s = kv_swa->set_n_kv(ubatch.n_kv_swa); !s) return s.err();

    llm_graph_context g(out.doc, out.model, out.cparams, *kv, ubatch, kv_swa ? &*kv_swa : nullptr);
    (*arch)->build_graph(g);
    if (auto s = g.finish(); !s) return s.err();
    out.inputs = g.inputs();
    out.input_roles = g.input_roles();
    out.doc.compute_inputs = out.inputs;
    out.t_logits = g.t_logits();
    out.t_embd = g.t_embd();
    return out;
}

result<llm_graph_build> build_llm_graph(const gguf_file& file, const llm_context_params& params,
                                        const llm_ubatch_shape& ubatch) {
    auto h = read_model_hparams(file);
    if (!h) return h.err();
    auto c = resolve_cparams(*h, params);
    if (!c) return c.err();
    return build_llm_graph(file, *h, *c, ubatch);
}

} // namespace planscope
