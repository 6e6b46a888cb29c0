// The llama graph of llama.cpp (mid-November 2023) from the shared GGUF models: node order and
// names, shapes and views of the KV cache, weight placement and -ngl splits.
#include "source/graph_source.h"
#include "models/llama_graph.h"

#include "common/time_budget.h"

#include <QElapsedTimer>
#include <QtTest>

#include <algorithm>

using namespace planscope;

namespace {

std::filesystem::path model(const char* name) { return std::filesystem::path(PLANSCOPE_SHARED_DIR) / "models" / name; }

gguf_file open_model(const char* name) {
    auto f = open_gguf(model(name));
    if (!f) qFatal("%s", f.err().message.c_str());
    return std::move(*f);
}

llama_model_graph build(const gguf_file& f, const llama_params& p) {
    auto m = build_llama_graph(f, p);
    if (!m) qFatal("%s", m.err().message.c_str());
    return std::move(*m);
}

// The first node or leaf with this name (two tensors are named Qcur-0: the MUL_MAT and its ROPE).
const tensor* find(const llama_model_graph& m, const std::string& name, op_kind op) {
    for (const auto* list : {&m.doc.g.nodes, &m.doc.g.leafs})
        for (tensor_id id : *list)
            if (m.doc.ctx[id].name == name && m.doc.ctx[id].op == op) return &m.doc.ctx[id];
    return nullptr;
}

const buffer_desc* buffer_named(const graph_document& doc, std::string_view name) {
    for (const auto& b : doc.buffers)
        if (b.name == name) return &b;
    return nullptr;
}

std::string buffer_of(const graph_document& doc, const tensor& t) {
    return t.where ? doc.buffers[t.where->buffer.index()].name : std::string("(none)");
}

// llm_load_tensors' order for LLM_ARCH_LLAMA.
std::vector<std::string> load_order(int n_layer) {
    std::vector<std::string> names{"token_embd.weight", "output_norm.weight", "output.weight"};
    for (int i = 0; i < n_layer; ++i)
        for (const char* w : {"attn_norm", "attn_q", "attn_k", "attn_v", "attn_output", "ffn_norm", "ffn_gate",
                              "ffn_down", "ffn_up"})
            names.push_back("blk." + std::to_string(i) + "." + w + ".weight");
    return names;
}

using ne4 = std::array<std::int64_t, 4>;
using nb4 = std::array<std::size_t, 4>;

} // namespace

class TestLlamaGraph : public QObject {
    Q_OBJECT
private slots:
    void storiesCounts();
    void storiesNodeOrder();
    void storiesLeafOrder();
    void storiesShapes();
    void storiesWeights();
    void nPast();
    void paramErrors();
    void worstCase();
    void llama7BVocabOnly();
    void unsupportedArchitectures();
    void nglSplit();
    void kvTypeF32();
    void graphSource();
    void fromHparams();
    void hparamLimits_data();
    void hparamLimits();
    void manyLayers();
};

void TestLlamaGraph::storiesCounts() {
    const auto f = open_model("stories260K.gguf");
    const auto m = build(f, {});
    // Per layer 12 nodes before the attention (norm, K and V, their stores) and 23 after:
    // 1 + 5 * 35 + 3 nodes; leafs: 9 weights per layer + 9 others.
    QCOMPARE(m.doc.g.nodes.size(), std::size_t{179});
    QCOMPARE(m.doc.g.leafs.size(), std::size_t{54});
    QCOMPARE(m.n_tokens, 8);
    QCOMPARE(m.n_kv, 32);
    QCOMPARE(m.kv_head, 0);
    QVERIFY(m.weights_backed);
    QStringList inputs;
    for (tensor_id id : m.inputs) inputs << QString::fromStdString(m.doc.ctx[id].name);
    QCOMPARE(inputs, (QStringList{"inp_tokens", "inp_embd", "inp_pos", "KQ_scale", "KQ_mask"}));
    QCOMPARE(m.doc.ctx[m.inputs[1]].op, op_kind::get_rows);
    QVERIFY(has_flag(m.doc.ctx[m.inputs[0]].flags, tensor_flag::input));
    // llama_decode_internal asserted these two positions.
    const auto& nodes = m.doc.g.nodes;
    QCOMPARE(nodes.back(), m.result_output);
    QCOMPARE(m.doc.ctx[nodes[nodes.size() - 1]].name, std::string("result_output"));
    QCOMPARE(m.doc.ctx[nodes[nodes.size() - 2]].name, std::string("result_norm"));
    QCOMPARE(m.doc.ctx[nodes[nodes.size() - 3]].name, std::string("norm"));
    QCOMPARE(m.doc.ctx[nodes[nodes.size() - 4]].name, std::string("l_out-4"));
    // Every node is left to the compute allocator.
    for (tensor_id id : nodes) QVERIFY(!m.doc.ctx[id].where);
}

void TestLlamaGraph::storiesNodeOrder() {
    const auto f = open_model("stories260K.gguf");
    const auto m = build(f, {});
    // Layer 0 as ggml_build_forward_expand ordered it: the K and V stores (expanded in
    // llm_build_kv_store) first, the rest when layer 1's K store pulls in l_out-0.
    const std::vector<std::pair<std::string, op_kind>> expected{
        {"inp_embd", op_kind::get_rows},
        {"norm-0", op_kind::rms_norm},
        {"attn_norm-0", op_kind::mul},
        {"Kcur-0", op_kind::mul_mat},
        {"Kcur-0 (reshaped)", op_kind::reshape},
        {"Kcur-0", op_kind::rope},
        {"k_cache_view-0", op_kind::view},
        {"k_cache_view-0 (copy of Kcur-0)", op_kind::cpy},
        {"Vcur-0", op_kind::mul_mat},
        {"Vcur-0 (reshaped)", op_kind::reshape},
        {"v_cur_t-0", op_kind::transpose},
        {"v_cache_view-0", op_kind::view},
        {"v_cache_view-0 (copy of v_cur_t-0)", op_kind::cpy},
        {"v-0", op_kind::view},
        {"k-0", op_kind::view},
        {"Qcur-0", op_kind::mul_mat},
        {"Qcur-0 (reshaped)", op_kind::reshape},
        {"Qcur-0", op_kind::rope},
        {"q-0", op_kind::permute},
        {"kq-0", op_kind::mul_mat},
        {"kq_scaled-0", op_kind::scale},
        {"kq_masked-0", op_kind::add},
        {"kq_soft_max-0", op_kind::soft_max},
        {"kqv-0", op_kind::mul_mat},
        {"kqv_merged-0", op_kind::permute},
        {"kqv_merged_cont-0", op_kind::cont},
        {"kqv_out-0", op_kind::mul_mat},
        {"ffn_inp-0", op_kind::add},
        {"norm-0", op_kind::rms_norm},
        {"ffn_norm-0", op_kind::mul},
        {"ffn_gate-0", op_kind::mul_mat},
        {"ffn_silu-0", op_kind::unary},
        {"ffn_up-0", op_kind::mul_mat},
        {"ffn_gate_par-0", op_kind::mul},
        {"ffn_out-0", op_kind::mul_mat},
        {"l_out-0", op_kind::add},
        {"norm-1", op_kind::rms_norm},
        {"attn_norm-1", op_kind::mul},
        {"Kcur-1", op_kind::mul_mat},
    };
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const tensor& t = m.doc.ctx[m.doc.g.nodes[i]];
        QCOMPARE(QString::fromStdString(t.name), QString::fromStdString(expected[i].first));
        QCOMPARE(info(t.op).name, info(expected[i].second).name);
    }
    // Every layer has the same 35 nodes: layer 1 runs from node 36 to l_out-1 at node 70.
    QCOMPARE(m.doc.ctx[m.doc.g.nodes[36 + 5]].name, std::string("k_cache_view-1"));
    QCOMPARE(m.doc.ctx[m.doc.g.nodes[35 + 35]].name, std::string("l_out-1"));
    const tensor& silu = *find(m, "ffn_silu-0", op_kind::unary);
    QCOMPARE(silu.params.get_i32(0), static_cast<std::int32_t>(unary_kind::silu));
}

void TestLlamaGraph::storiesLeafOrder() {
    const auto f = open_model("stories260K.gguf");
    const auto m = build(f, {});
    // MUL_MAT visits its weight (src0) first, so the first leaf is layer 0's K weight.
    const QStringList expected{"blk.0.attn_k.weight",    "token_embd.weight",    "inp_tokens",
                               "blk.0.attn_norm.weight", "inp_pos",              "cache_k",
                               "blk.0.attn_v.weight",    "cache_v",              "blk.1.attn_k.weight",
                               "blk.0.ffn_down.weight",  "blk.0.ffn_gate.weight", "blk.0.attn_output.weight",
                               "blk.0.attn_q.weight",    "KQ_scale",             "KQ_mask",
                               "blk.0.ffn_norm.weight",  "blk.0.ffn_up.weight",  "blk.1.attn_norm.weight"};
    QStringList got;
    for (std::size_t i = 0; i < static_cast<std::size_t>(expected.size()); ++i)
        got << QString::fromStdString(m.doc.ctx[m.doc.g.leafs[i]].name);
    QCOMPARE(got, expected);
    QCOMPARE(m.doc.ctx[m.doc.g.leafs[46]].name, std::string("output.weight"));
    QCOMPARE(m.doc.ctx[m.doc.g.leafs[53]].name, std::string("output_norm.weight"));
}

void TestLlamaGraph::storiesShapes() {
    const auto f = open_model("stories260K.gguf");
    const auto m = build(f, {});
    auto ne = [&](const char* name, op_kind op) {
        const tensor* t = find(m, name, op);
        if (!t) qFatal("no tensor %s", name);
        return t->ne;
    };
    QCOMPARE(ne("inp_embd", op_kind::get_rows), (ne4{64, 8, 1, 1}));
    QCOMPARE(ne("Kcur-0", op_kind::rope), (ne4{8, 4, 8, 1}));
    QCOMPARE(ne("Qcur-0", op_kind::rope), (ne4{8, 8, 8, 1}));
    QCOMPARE(ne("q-0", op_kind::permute), (ne4{8, 8, 8, 1}));
    QCOMPARE(ne("kq-0", op_kind::mul_mat), (ne4{32, 8, 8, 1})); // [n_kv, n_tokens, n_head]
    QCOMPARE(ne("KQ_mask", op_kind::none), (ne4{32, 8, 1, 1}));
    QCOMPARE(ne("KQ_scale", op_kind::none), (ne4{1, 1, 1, 1}));
    QCOMPARE(ne("kqv-0", op_kind::mul_mat), (ne4{8, 8, 8, 1}));
    QCOMPARE(ne("kqv_merged_cont-0", op_kind::cont), (ne4{64, 8, 1, 1}));
    QCOMPARE(ne("ffn_gate_par-0", op_kind::mul), (ne4{172, 8, 1, 1}));
    QCOMPARE(ne("result_output", op_kind::mul_mat), (ne4{512, 8, 1, 1}));

    // The cache: n_ctx * n_layer * n_embd_gqa f16 cells each, K then V in "kv_cache".
    const tensor& ck = m.doc.ctx[m.cache_k];
    const tensor& cv = m.doc.ctx[m.cache_v];
    QCOMPARE(ck.ne, (ne4{512 * 5 * 32, 1, 1, 1}));
    QCOMPARE(ck.type, dtype::f16);
    QCOMPARE(buffer_of(m.doc, ck), std::string("kv_cache"));
    QCOMPARE(ck.where->offset, std::uint64_t{0});
    QCOMPARE(cv.where->offset, std::uint64_t{163840});
    QCOMPARE(buffer_named(m.doc, "kv_cache")->size, std::size_t{327680});

    // Attention reads K as [head_dim, n_kv, n_head_kv] and V transposed as [n_kv, head_dim, n_head_kv].
    const tensor& k = *find(m, "k-1", op_kind::view);
    QCOMPARE(k.ne, (ne4{8, 32, 4, 1}));
    QCOMPARE(k.nb, (nb4{2, 64, 16, 64}));
    QCOMPARE(k.view_src, m.cache_k);
    QCOMPARE(k.view_offs, std::size_t{2 * 32 * 512}); // layer 1
    const tensor& v = *find(m, "v-1", op_kind::view);
    QCOMPARE(v.ne, (ne4{32, 8, 4, 1}));
    QCOMPARE(v.nb, (nb4{2, 1024, 8192, 32768}));
    QCOMPARE(v.view_offs, std::size_t{2 * 512 * 32});
    // Stores at kv_head = 0: K rows contiguous, V one column per token (row stride n_ctx).
    const tensor& kv = *find(m, "k_cache_view-1", op_kind::view);
    QCOMPARE(kv.ne, (ne4{256, 1, 1, 1}));
    QCOMPARE(kv.view_offs, std::size_t{2 * 32 * 512});
    const tensor& vv = *find(m, "v_cache_view-0", op_kind::view);
    QCOMPARE(vv.ne, (ne4{8, 32, 1, 1}));
    QCOMPARE(vv.nb, (nb4{2, 1024, 32768, 32768}));
    const tensor& vt = *find(m, "v_cur_t-0", op_kind::transpose);
    QCOMPARE(vt.ne, (ne4{8, 32, 1, 1}));
    QVERIFY(is_transposed(vt));
    const tensor& cpy = *find(m, "v_cache_view-0 (copy of v_cur_t-0)", op_kind::cpy);
    QCOMPARE(cpy.view_src, m.cache_v);

    // ROPE as ggml_rope_custom(ctx, x, inp_pos, n_embd_head, 0, 0, n_orig_ctx, 10000, 1, 0, 1, 32, 1).
    const tensor& rope = *find(m, "Kcur-0", op_kind::rope);
    QCOMPARE(rope.params.get_i32(1), 8);
    QCOMPARE(rope.params.get_i32(2), 0);
    QCOMPARE(rope.params.get_i32(3), 0);
    QCOMPARE(rope.params.get_i32(4), 2048);
    QCOMPARE(rope.params.get_f32(5), 10000.0f);
    QCOMPARE(rope.params.get_f32(6), 1.0f);
    QCOMPARE(rope.params.get_f32(7), 0.0f);
    QCOMPARE(rope.params.get_f32(9), 32.0f);
    QCOMPARE(m.doc.ctx[rope.src[1]].name, std::string("inp_pos"));
    QCOMPARE(find(m, "norm-0", op_kind::rms_norm)->params.get_f32(0), 1e-5f);
}

void TestLlamaGraph::storiesWeights() {
    const auto f = open_model("stories260K.gguf");
    const auto m = build(f, {});
    const buffer_desc* w = buffer_named(m.doc, "weights");
    QVERIFY(w);
    QCOMPARE(w->backend, std::string("CPU"));
    QCOMPARE(w->size, f.mapping->bytes().size() - f.data_offset);
    QVERIFY(!buffer_named(m.doc, "weights_gpu"));
    QCOMPARE(m.data_offset, f.data_offset);
    std::size_t n_weights = 0;
    for (const auto& info : f.tensors) {
        const tensor* t = find(m, info.name, op_kind::none);
        QVERIFY2(t, info.name.c_str());
        QCOMPARE(t->type, info.type);
        QCOMPARE(t->ne, info.ne);
        QCOMPARE(buffer_of(m.doc, *t), std::string("weights"));
        QCOMPARE(t->where->offset, info.offset);
        ++n_weights;
    }
    QCOMPARE(n_weights, std::size_t{48});
    QCOMPARE(find(m, "blk.0.attn_q.weight", op_kind::none)->where->offset, std::uint64_t{262400});

    // The loader's checks: a missing tensor, a wrong shape.
    auto g = f;
    g.tensors.erase(std::find_if(g.tensors.begin(), g.tensors.end(),
                                 [](const gguf_tensor_info& t) { return t.name == "blk.2.ffn_up.weight"; }));
    auto r = build_llama_graph(g, {});
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.err().message), QStringLiteral("missing tensor 'blk.2.ffn_up.weight'"));
    g = f;
    g.tensors[4].ne = {32, 64, 1, 1}; // blk.0.attn_k.weight transposed
    r = build_llama_graph(g, {});
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.err().message),
             QStringLiteral("tensor 'blk.0.attn_k.weight' has shape [32, 64, 1, 1], expected [64, 32, 1, 1]"));
}

void TestLlamaGraph::nPast() {
    const auto f = open_model("stories260K.gguf");
    const auto m = build(f, {.n_ctx = 512, .n_batch = 1, .n_past = 40});
    QCOMPARE(m.n_kv, 41);
    QCOMPARE(m.kv_head, 40);
    QCOMPARE(find(m, "KQ_mask", op_kind::none)->ne, (ne4{41, 1, 1, 1}));
    QCOMPARE(find(m, "k_cache_view-0", op_kind::view)->view_offs, std::size_t{2 * 32 * 40});
    QCOMPARE(find(m, "k_cache_view-2", op_kind::view)->view_offs, std::size_t{2 * 32 * (2 * 512 + 40)});
    QCOMPARE(find(m, "v_cache_view-2", op_kind::view)->view_offs, std::size_t{2 * 512 * 32 * 2 + 2 * 40});
    QCOMPARE(find(m, "kq-0", op_kind::mul_mat)->ne, (ne4{41, 1, 8, 1}));
    QCOMPARE(m.doc.g.nodes.size(), std::size_t{179});

    QCOMPARE(llama_n_kv(512, 0, 8), 32);
    QCOMPARE(llama_n_kv(512, 40, 1), 41);
    QCOMPARE(llama_n_kv(16, 0, 8), 16);
    QCOMPARE(llama_n_kv(512, 500, 12), 512);
}

void TestLlamaGraph::paramErrors() {
    const auto f = open_model("stories260K.gguf");
    auto expect = [&](const llama_params& p, const char* message) {
        auto r = build_llama_graph(f, p);
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.err().message), QString::fromLatin1(message));
    };
    expect({.n_ctx = 512, .n_batch = 8, .n_past = 508}, "n_past + n_batch = 516 exceeds n_ctx 512");
    expect({.n_ctx = 4, .n_batch = 8}, "n_batch 8 exceeds n_ctx 4");
    expect({.n_ctx = 0}, "n_ctx must be positive, got 0");
    expect({.n_ctx = 512, .n_batch = 8, .n_past = 0, .kv_type = dtype::q8_0},
           "KV cache type q8_0 is not supported (f16 or f32)");
    expect({.n_ctx = 512, .n_batch = 8, .n_past = 0, .kv_type = dtype::f16, .ngl = -1}, "ngl must not be negative, got -1");
}

void TestLlamaGraph::worstCase() {
    const auto f = open_model("stories260K.gguf");
    const auto m = build(f, {.n_ctx = 512, .n_batch = 8, .worst_case = true});
    QCOMPARE(m.n_kv, 512);
    QCOMPARE(m.kv_head, 504);
    // The K-shift (a VIEW and an in-place ROPE per layer) comes first; 179 + 2 * 5 nodes.
    QCOMPARE(m.doc.g.nodes.size(), std::size_t{189});
    QCOMPARE(m.doc.g.leafs.size(), std::size_t{55});
    for (int il = 0; il < 5; ++il) {
        const tensor& view = m.doc.ctx[m.doc.g.nodes[2 * il]];
        const tensor& rope = m.doc.ctx[m.doc.g.nodes[2 * il + 1]];
        QCOMPARE(view.op, op_kind::view);
        QCOMPARE(view.name, std::string("cache_k (view)"));
        QCOMPARE(view.ne, (ne4{8, 4, 512, 1}));
        QCOMPARE(rope.op, op_kind::rope);
        QCOMPARE(rope.name, "K_shifted-" + std::to_string(il));
        QCOMPARE(rope.view_src, m.cache_k); // in place
        QCOMPARE(rope.view_offs, std::size_t(2 * 32 * 512 * il));
    }
    QCOMPARE(m.doc.ctx[m.doc.g.nodes[10]].name, std::string("inp_embd"));
    QCOMPARE(m.doc.ctx[m.doc.g.leafs[0]].name, std::string("cache_k"));
    QCOMPARE(m.doc.ctx[m.doc.g.leafs[1]].name, std::string("K_shift"));
    QCOMPARE(m.doc.ctx[m.inputs.back()].name, std::string("K_shift"));
    QCOMPARE(m.inputs.size(), std::size_t{6});
    QCOMPARE(find(m, "KQ_mask", op_kind::none)->ne, (ne4{512, 8, 1, 1}));
    QCOMPARE(find(m, "kq-4", op_kind::mul_mat)->ne, (ne4{512, 8, 8, 1}));
    // The stores go to the last n_tokens cells.
    QCOMPARE(find(m, "k_cache_view-4", op_kind::view)->view_offs, std::size_t{2 * 32 * (4 * 512 + 504)});
}

void TestLlamaGraph::llama7BVocabOnly() {
    const auto f = open_model("ggml-vocab-llama-spm.gguf");
    const auto m = build(f, {.n_ctx = 512, .n_batch = 512});
    QVERIFY(!m.weights_backed);
    QCOMPARE(m.n_kv, 512);
    QCOMPARE(m.doc.g.nodes.size(), std::size_t{1 + 32 * 35 + 3});
    QCOMPARE(m.doc.g.leafs.size(), std::size_t{9 + 32 * 9});
    // Placeholders: f32, llama's shapes, packed in "weights" (Llama-2-7B has 6,738,415,616 parameters).
    const tensor& embd = *find(m, "token_embd.weight", op_kind::none);
    QCOMPARE(embd.type, dtype::f32);
    QCOMPARE(embd.ne, (ne4{4096, 32000, 1, 1}));
    QCOMPARE(find(m, "blk.31.ffn_down.weight", op_kind::none)->ne, (ne4{11008, 4096, 1, 1}));
    QCOMPARE(find(m, "blk.31.attn_k.weight", op_kind::none)->ne, (ne4{4096, 4096, 1, 1}));
    QCOMPARE(find(m, "output_norm.weight", op_kind::none)->ne, (ne4{4096, 1, 1, 1}));
    QCOMPARE(buffer_named(m.doc, "weights")->size, std::size_t{6738415616ULL * 4});
    QCOMPARE(find(m, "output_norm.weight", op_kind::none)->where->offset, std::uint64_t{4096ULL * 32000 * 4});
    QCOMPARE(find(m, "kq-31", op_kind::mul_mat)->ne, (ne4{512, 512, 32, 1}));
    QCOMPARE(buffer_named(m.doc, "kv_cache")->size, std::size_t{2ULL * 512 * 32 * 4096 * 2});
    qInfo("Llama-2-7B vocab-only, 512 tokens: %zu nodes, %zu leafs", m.doc.g.nodes.size(), m.doc.g.leafs.size());
}

void TestLlamaGraph::unsupportedArchitectures() {
    const std::pair<const char*, std::string> files[] = {{"ggml-vocab-gpt-2.gguf", "gpt2"},
                                                         {"ggml-vocab-phi-3.gguf", "phi3"}};
    for (const auto& [file, arch] : files) {
        const auto f = open_model(file);
        auto r = build_llama_graph(f, {});
        QVERIFY(!r.ok());
        QCOMPARE(r.err().message, "architecture '" + arch + "' is not supported by the graph builder");
    }
    const std::string path = model("ggml-vocab-gpt-2.gguf").string();
    auto doc = open_source(path, {}, ggml_version::v2023); // llama.cpp 2023's graph builder
    QVERIFY(!doc.ok());
    QCOMPARE(doc.err().message, path + ": architecture 'gpt2' is not supported by the graph builder");
}

void TestLlamaGraph::nglSplit() {
    const auto f = open_model("stories260K.gguf");
    struct row {
        int ngl;
        int first_gpu_layer;
        bool output_gpu;
    };
    for (const row r : {row{2, 3, false}, row{5, 0, false}, row{6, 0, true}, row{100, 0, true}}) {
        const auto m = build(f, {.n_ctx = 512, .n_batch = 8, .n_past = 0, .kv_type = dtype::f16, .ngl = r.ngl});
        const buffer_desc* gpu = buffer_named(m.doc, "weights_gpu");
        QVERIFY(gpu);
        QCOMPARE(gpu->backend, std::string("GPU"));
        std::size_t gpu_bytes = 0;
        for (const std::string& name : load_order(5)) {
            const tensor& t = *find(m, name, op_kind::none);
            bool on_gpu = false;
            if (name.starts_with("blk.")) on_gpu = std::stoi(name.substr(4)) >= r.first_gpu_layer;
            else if (name.starts_with("output")) on_gpu = r.output_gpu;
            QCOMPARE(buffer_of(m.doc, t), std::string(on_gpu ? "weights_gpu" : "weights"));
            if (on_gpu) {
                QCOMPARE(t.where->offset, std::uint64_t{gpu_bytes}); // packed in load order, 32-aligned
                gpu_bytes += (nbytes(t) + 31) / 32 * 32;
            } else {
                const auto info = std::find_if(f.tensors.begin(), f.tensors.end(),
                                               [&](const gguf_tensor_info& i) { return i.name == name; });
                QCOMPARE(t.where->offset, info->offset);
            }
        }
        QCOMPARE(gpu->size, gpu_bytes);
        // The CPU buffer is still the whole mapping, as with mmap.
        QCOMPARE(buffer_named(m.doc, "weights")->size, f.mapping->bytes().size() - f.data_offset);
        QCOMPARE(m.doc.g.nodes.size(), std::size_t{179});
    }
    // token_embd never leaves the CPU.
    const auto m = build(f, {.n_ctx = 512, .n_batch = 8, .n_past = 0, .kv_type = dtype::f16, .ngl = 99});
    QCOMPARE(buffer_of(m.doc, *find(m, "token_embd.weight", op_kind::none)), std::string("weights"));
}

void TestLlamaGraph::kvTypeF32() {
    const auto f = open_model("stories260K.gguf");
    const auto m = build(f, {.n_ctx = 256, .n_batch = 8, .n_past = 0, .kv_type = dtype::f32});
    QCOMPARE(m.doc.ctx[m.cache_k].type, dtype::f32);
    QCOMPARE(buffer_named(m.doc, "kv_cache")->size, std::size_t{2 * 256 * 5 * 32 * 4});
    const tensor& k = *find(m, "k-0", op_kind::view);
    QCOMPARE(k.nb, (nb4{4, 128, 32, 128}));
    const tensor& v = *find(m, "v-0", op_kind::view);
    QCOMPARE(v.nb[1], std::size_t{256 * 4});
}

void TestLlamaGraph::graphSource() {
    // llama.cpp 2023's graph (a .gguf opens in ggml 2026, llama.cpp da46e59c's, unless told).
    auto opened = open_source(model("stories260K.gguf").string(), {}, ggml_version::v2023);
    QVERIFY2(opened.ok(), opened.ok() ? "" : opened.err().message.c_str());
    const graph_document* doc = &opened->doc;
    QCOMPARE(doc->name, std::string("stories260K.gguf"));
    QCOMPARE(doc->g.nodes.size(), std::size_t{179});
    auto bigger = open_source(model("stories260K.gguf").string(), {.n_ctx = 1024, .n_batch = 64}, ggml_version::v2023);
    QVERIFY(bigger.ok());
    QCOMPARE(bigger->doc.ctx[bigger->doc.g.nodes[0]].ne, (ne4{64, 64, 1, 1}));
    QVERIFY(is_gguf_path("x/Model.GGUF"));
    QVERIFY(!is_gguf_path(".gguf"));
    auto missing = open_graph_source("/nonexistent/model.gguf");
    QVERIFY(!missing.ok());
    QVERIFY(missing.err().message.starts_with("/nonexistent/model.gguf: "));
}

void TestLlamaGraph::fromHparams() {
    const auto f = open_model("stories260K.gguf");
    const auto h = read_hparams(f);
    QVERIFY(h.ok());
    const auto m = build_llama_graph(*h, llama_params{});
    QVERIFY(m.ok());
    QVERIFY(!m->weights_backed);
    QCOMPARE(m->doc.g.nodes.size(), std::size_t{179});
    const auto from_file = build(f, {});
    for (std::size_t i = 0; i < from_file.doc.g.nodes.size(); ++i) {
        const tensor& a = m->doc.ctx[m->doc.g.nodes[i]];
        const tensor& b = from_file.doc.ctx[from_file.doc.g.nodes[i]];
        QCOMPARE(a.name, b.name);
        QCOMPARE(a.ne, b.ne);
        QCOMPARE(a.nb, b.nb);
    }
    auto bad = *h;
    bad.n_head_kv = 3;
    QVERIFY(!build_llama_graph(bad, llama_params{}).ok());
}

// Issue 17: sizes from a file or a template are refused before they are allocated or overflow.
void TestLlamaGraph::hparamLimits_data() {
    QTest::addColumn<QString>("arch");
    QTest::addColumn<QList<qint64>>("dims"); // n_vocab, n_embd, n_head, n_layer, n_ff
    QTest::addColumn<int>("nCtx");
    QTest::addColumn<QString>("message");
    QTest::newRow("layers over the limit") << "llama" << QList<qint64>{512, 64, 8, 8193, 172} << 512
                                           << "n_layer 8193 is over the limit of 8192 layers";
    QTest::newRow("KV cache element count") << "llama" << QList<qint64>{512, 1 << 20, 1, 8192, 4} << 2147483647
                                            << "KV cache: n_embd_gqa 1048576 x n_layer 8192 x n_ctx 2147483647 "
                                               "overflows the element count";
    QTest::newRow("placeholder bytes") << "llama" << QList<qint64>{1 << 28, 1 << 28, 1, 32, 4} << 512
                                       << "the weights overflow the weights buffer at tensor 'blk.";
    QTest::newRow("architecture shown printable") << "gp\nt\x1b" << QList<qint64>{512, 64, 8, 5, 172} << 512
                                                  << "architecture 'gp\\nt\\x1b' is not supported by the graph builder";
}

void TestLlamaGraph::hparamLimits() {
    QFETCH(QString, arch);
    QFETCH(QList<qint64>, dims);
    QFETCH(int, nCtx);
    QFETCH(QString, message);
    llama_hparams h;
    h.arch = arch.toStdString();
    h.n_vocab = std::uint32_t(dims[0]);
    h.n_embd = std::uint32_t(dims[1]);
    h.n_head = h.n_head_kv = std::uint32_t(dims[2]);
    h.n_layer = std::uint32_t(dims[3]);
    h.n_ff = std::uint32_t(dims[4]);
    h.n_rot = h.n_embd_head();
    h.n_ctx_train = h.n_yarn_orig_ctx = 2048;
    h.f_norm_rms_eps = 1e-5f;
    auto r = build_llama_graph(h, {.n_ctx = nCtx, .n_batch = 1});
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.err().message).startsWith(message), r.err().message.c_str());
}

// Issue 17: 4,000 layers took 47-125 s, quadratic in build_forward_expand; now linear.
void TestLlamaGraph::manyLayers() {
    auto h = read_hparams(open_model("ggml-vocab-llama-spm.gguf"));
    QVERIFY(h.ok());
    h->n_layer = 4000;
    QElapsedTimer timer;
    timer.start();
    const auto m = build_llama_graph(*h, {.n_ctx = 512, .n_batch = 8});
    QVERIFY(m.ok());
    QCOMPARE(m->doc.g.nodes.size(), std::size_t{1 + 4000 * 35 + 3});
    QCOMPARE(m->doc.g.leafs.size(), std::size_t{9 + 4000 * 9});
    QCOMPARE(m->doc.ctx[m->doc.g.nodes.back()].name, std::string("result_output"));
    QVERIFY2(timer.elapsed() < test::budget_ms(5000), qPrintable(QString::number(timer.elapsed()) + " ms"));
}

QTEST_APPLESS_MAIN(TestLlamaGraph)
#include "test_llama_graph.moc"
