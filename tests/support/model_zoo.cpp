#include "model_zoo.h"

#include "zoo_archs.h"

#include <functional>

namespace planscope::test_models {

namespace {

struct zoo_entry {
    std::string name;
    std::string arch;
    bool shape_only;
    std::function<gguf_document(zoo_builder&)> make;
    zoo_dims dims;
    dtype matrix;
    bool variant = false;
};

zoo_dims zz_tiny(std::int64_t layers = 4) {
    zoo_dims d;
    d.layers = layers;
    return d;
}

// Tiny experts: two layers, four experts of which two are used, each 64 wide.
zoo_dims zz_tiny_moe() {
    zoo_dims d = zz_tiny(2);
    d.experts = 4;
    d.experts_used = 2;
    d.expert_ff = 64;
    return d;
}

zoo_dims zz_real(std::int64_t embd, std::int64_t layers, std::int64_t heads, std::int64_t heads_kv, std::int64_t head_dim,
                 std::int64_t ff, std::int64_t vocab, std::int64_t ctx) {
    zoo_dims d;
    d.embd = embd;
    d.layers = layers;
    d.heads = heads;
    d.heads_kv = heads_kv;
    d.head_dim = head_dim;
    d.ff = ff;
    d.vocab = vocab;
    d.ctx = ctx;
    return d;
}

zoo_dims zz_with_experts(zoo_dims d, std::int64_t experts, std::int64_t used, std::int64_t expert_ff) {
    d.experts = experts;
    d.experts_used = used;
    d.expert_ff = expert_ff;
    return d;
}

std::vector<zoo_entry> zz_entries() {
    using b_t = zoo_builder;
    std::vector<zoo_entry> e;
    const auto tiny = [&](std::string name, std::string arch, std::function<gguf_document(b_t&)> f, zoo_dims d = zz_tiny(),
                          dtype matrix = dtype::f32) {
        e.push_back({std::move(name), std::move(arch), false, std::move(f), d, matrix});
    };
    tiny("llama", "llama", [](b_t& b) { return zoo_llama(b, {}); });
    tiny("llama31", "llama", [](b_t& b) { return zoo_llama(b, {true, false, 500000.0f}); });
    tiny("llama32-tied", "llama", [](b_t& b) { return zoo_llama(b, {true, true, 500000.0f}); });
    zoo_dims mixtral = zz_tiny_moe();
    mixtral.ff = mixtral.expert_ff; // Mixtral's feed_forward_length is the experts' width
    tiny("llama-moe", "llama", [](b_t& b) { return zoo_llama(b, {false, false, 1000000.0f}); }, mixtral);
    tiny("qwen2", "qwen2", zoo_qwen2, zz_tiny(), dtype::f16);
    zoo_dims qwen2moe = zz_tiny_moe();
    qwen2moe.expert_ff = 32;
    tiny("qwen2moe", "qwen2moe", zoo_qwen2moe, qwen2moe);
    zoo_dims qwen3 = zz_tiny();
    qwen3.head_dim = 32; // Qwen3's heads are wider than n_embd / n_head
    tiny("qwen3", "qwen3", [](b_t& b) { return zoo_qwen3(b, true); }, qwen3);
    zoo_dims qwen3moe = zz_tiny_moe();
    qwen3moe.head_dim = 32;
    qwen3moe.expert_ff = 32;
    tiny("qwen3moe", "qwen3moe", zoo_qwen3moe, qwen3moe);
    zoo_dims mqa = zz_tiny();
    mqa.heads_kv = 1;
    tiny("gemma", "gemma", zoo_gemma, mqa);
    tiny("gemma2", "gemma2", zoo_gemma2);
    tiny("gemma3", "gemma3", zoo_gemma3, zz_tiny(6));
    tiny("phi3", "phi3", zoo_phi3);
    zoo_dims mha = zz_tiny();
    mha.heads_kv = mha.heads;
    tiny("gpt2", "gpt2", zoo_gpt2, mha);
    tiny("falcon", "falcon", zoo_falcon, mqa);
    tiny("starcoder", "starcoder", zoo_starcoder, mqa);
    tiny("stablelm", "stablelm", zoo_stablelm, mha);
    tiny("mpt", "mpt", zoo_mpt, mha);
    tiny("gpt-oss", "gpt-oss", [](b_t& b) { return zoo_gpt_oss(b, 16, 64); }, zz_tiny_moe());
    zoo_dims ds = zz_tiny_moe();
    ds.expert_ff = 32;
    tiny("deepseek2", "deepseek2", [](b_t& b) { return zoo_deepseek2(b, {}); }, ds);

    const auto real = [&](std::string name, std::string arch, std::function<gguf_document(b_t&)> f, zoo_dims d) {
        e.push_back({std::move(name), std::move(arch), true, std::move(f), d, dtype::q4_0});
    };
    real("llama2-7b", "llama", [](b_t& b) { return zoo_llama(b, {}); }, zz_real(4096, 32, 32, 32, 128, 11008, 32000, 4096));
    real("llama3-70b", "llama", [](b_t& b) { return zoo_llama(b, {false, false, 500000.0f}); },
         zz_real(8192, 80, 64, 8, 128, 28672, 128256, 8192));
    real("mixtral-8x7b", "llama", [](b_t& b) { return zoo_llama(b, {false, false, 1000000.0f}); },
         zz_with_experts(zz_real(4096, 32, 32, 8, 128, 14336, 32000, 32768), 8, 2, 14336));
    real("qwen3-30b-a3b", "qwen3moe", zoo_qwen3moe,
         zz_with_experts(zz_real(2048, 48, 32, 4, 128, 6144, 151936, 40960), 128, 8, 768));
    real("gpt-oss-20b", "gpt-oss", [](b_t& b) { return zoo_gpt_oss(b, 128, 4096); },
         zz_with_experts(zz_real(2880, 24, 64, 8, 64, 2880, 201088, 131072), 32, 4, 2880));
    for (const zoo_variant& v : zoo_variants()) e.push_back({v.name, v.arch, false, v.make, v.dims, v.matrix, true});
    return e;
}

const std::vector<zoo_entry>& zz_all() {
    static const std::vector<zoo_entry> entries = zz_entries();
    return entries;
}

const zoo_entry* zz_find(std::string_view name) {
    for (const auto& e : zz_all())
        if (e.name == name) return &e;
    return nullptr;
}

} // namespace

const std::vector<std::string>& zoo_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n;
        for (const auto& e : zz_all()) n.push_back(e.name);
        return n;
    }();
    return names;
}

bool zoo_is_shape_only(std::string_view name) {
    const zoo_entry* e = zz_find(name);
    return e && e->shape_only;
}

bool zoo_is_variant(std::string_view name) {
    const zoo_entry* e = zz_find(name);
    return e && e->variant;
}

std::optional<zoo_model> zoo_model_named(std::string_view name) {
    const zoo_entry* e = zz_find(name);
    if (!e) return std::nullopt;
    zoo_builder b(e->arch, e->name, e->dims, e->matrix, e->shape_only);
    return zoo_model{e->name, e->arch, e->make(b)};
}

result<written_gguf> write_zoo_model(const zoo_model& m, const std::filesystem::path& dir) {
    return write_gguf(dir / (m.name + ".gguf"), m.doc);
}

} // namespace planscope::test_models
