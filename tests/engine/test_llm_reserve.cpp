// llama.cpp da46e59c's graphs and reserve sizes for the llama architecture (engine/llm/): every
// row of tests/data/llama_cpp/stories260K.tsv (what the real llama.cpp reserved), Llama-2-7B's
// shape from the vocab-only file, layer 0 node for node as llama.cpp's graph dump has it, tied
// output, rope frequency factors, and the one-line errors.
#include "llm/llm_build.h"
#include "llm/llm_registry.h"
#include "llm_context/llm_reserve.h"

#include <QtTest>

#include <fstream>
#include <map>
#include <sstream>

using namespace planscope;

namespace {

const gguf_file& shared_model(const std::string& name) {
    static std::map<std::string, gguf_file> files;
    auto it = files.find(name);
    if (it == files.end()) {
        auto f = open_gguf(std::filesystem::path(PLANSCOPE_SHARED_DIR) / "models" / name);
        if (!f) qFatal("%s", f.err().message.c_str());
        it = files.emplace(name, std::move(*f)).first;
    }
    return it->second;
}

// One line of the reference file: key=value fields, tab-separated.
std::map<std::string, std::string> fields_of(const std::string& line) {
    std::map<std::string, std::string> out;
    std::istringstream in(line);
    for (std::string field; std::getline(in, field, '\t');)
        if (const auto eq = field.find('='); eq != std::string::npos) out[field.substr(0, eq)] = field.substr(eq + 1);
    return out;
}

llm_context_params params_of(int ctx, int batch, dtype kv, bool fa) {
    llm_context_params p;
    p.n_ctx = static_cast<std::uint32_t>(ctx);
    p.n_batch = p.n_ubatch = static_cast<std::uint32_t>(batch);
    p.type_k = p.type_v = kv;
    p.flash_attn = fa ? llm_flash_attn::on : llm_flash_attn::off;
    return p;
}

// A node as llama.cpp's graph dump (tests/data/llama_cpp/reference.cpp --graph) prints it:
// "OP|name|ne0,ne1,ne2,ne3|srcs" with sources as n<node> / l<leaf>.
std::string node_line(const llm_graph_build& b, std::size_t i) {
    std::map<std::size_t, std::string> id;
    for (std::size_t j = 0; j < b.doc.g.leafs.size(); ++j) id[b.doc.g.leafs[j].index()] = "l" + std::to_string(j);
    for (std::size_t j = 0; j < b.doc.g.nodes.size(); ++j) id[b.doc.g.nodes[j].index()] = "n" + std::to_string(j);
    const tensor& t = b.doc.ctx[b.doc.g.nodes[i]];
    std::string s = op_desc(t) + "|" + t.name + "|";
    for (int d = 0; d < 4; ++d) s += std::to_string(t.ne[static_cast<std::size_t>(d)]) + (d < 3 ? "," : "|");
    bool first = true;
    for (const tensor_id src : t.src)
        if (src.valid()) {
            s += (first ? "" : ",") + id[src.index()];
            first = false;
        }
    return s;
}

// Layer 0 of stories260K (n_ctx 64, n_ubatch 8, f16 K/V) as llama.cpp da46e59c builds it.
const std::vector<std::string> layer0_fa_off{
    "GET_ROWS|embd|64,8,1,1|l0,l1", "RMS_NORM|norm-0|64,8,1,1|n0", "MUL|attn_norm-0|64,8,1,1|n1,l4",
    "MUL_MAT|Qcur-0|64,8,1,1|l3,n2", "RESHAPE|Qcur-0|8,8,8,1|n3", "ROPE|Qcur-0|8,8,8,1|n4,l5",
    "MUL_MAT|Vcur-0|32,8,1,1|l6,n2", "RESHAPE|Vcur-0|8,4,8,1|n6", "MUL_MAT|Kcur-0|32,8,1,1|l7,n2",
    "RESHAPE|Kcur-0|8,4,8,1|n8", "ROPE|Kcur-0|8,4,8,1|n9,l5", "VIEW|Kcur-0 (view)|32,8,1,1|n10",
    "SET_ROWS|cache_k_l0 (view)|32,256,1,1|n11,l8,l9", "RESHAPE|Vcur-0 (reshaped)|32,8,1,1|n7",
    "RESHAPE|Vcur-0 (reshaped) (reshaped)|1,256,1,1|n13", "RESHAPE|cache_v_l0 (reshaped)|1,8192,1,1|l11",
    "SET_ROWS|cache_v_l0 (reshaped) (view)|1,8192,1,1|n14,l10,n15", "VIEW|cache_v_l0 (view)|256,4,8,1|l11",
    "PERMUTE|cache_v_l0 (view) (permuted)|256,8,4,1|n17", "VIEW|cache_k_l0 (view)|8,4,256,1|l9",
    "PERMUTE|cache_k_l0 (view) (permuted)|8,256,4,1|n19", "VIEW|Qcur-0 (view)|8,8,8,1|n5",
    "PERMUTE|Qcur-0 (view) (permuted)|8,8,8,1|n21", "MUL_MAT|kq-0|256,8,8,1|n20,n22",
    "SOFT_MAX|kq_soft_max-0|256,8,8,1|n23,l12", "MUL_MAT|kqv-0|8,8,8,1|n18,n24",
    "PERMUTE|kqv-0 (permuted)|8,8,8,1|n25", "CONT|kqv_out-0|64,8,1,1|n26", "MUL_MAT|attn_out-0|64,8,1,1|l16,n27",
    "ADD|ffn_inp-0|64,8,1,1|n28,n0", "RMS_NORM|norm-0|64,8,1,1|n29", "MUL|ffn_norm-0|64,8,1,1|n30,l17",
    "MUL_MAT|ffn_gate-0|172,8,1,1|l15,n31", "MUL_MAT|ffn_up-0|172,8,1,1|l18,n31",
    "SWIGLU|ffn_swiglu-0|172,8,1,1|n32,n33", "MUL_MAT|ffn_out-0|64,8,1,1|l14,n34", "ADD|l_out-0|64,8,1,1|n35,n29",
};
const std::vector<std::string> layer0_fa_on_attention{
    // nodes 11..23: the cache writes and FLASH_ATTN_EXT over a V that is not transposed
    "VIEW|Kcur-0 (view)|32,8,1,1|n10", "SET_ROWS|cache_k_l0 (view)|32,256,1,1|n11,l8,l9",
    "VIEW|Vcur-0 (view)|32,8,1,1|n7", "SET_ROWS|cache_v_l0 (view)|32,256,1,1|n13,l10,l11",
    "VIEW|Qcur-0 (view)|8,8,8,1|n5", "PERMUTE|Qcur-0 (view) (permuted)|8,8,8,1|n15",
    "VIEW|cache_k_l0 (view)|8,4,256,1|l9", "PERMUTE|cache_k_l0 (view) (permuted)|8,256,4,1|n17",
    "VIEW|cache_v_l0 (view)|8,4,256,1|l11", "PERMUTE|cache_v_l0 (view) (permuted)|8,256,4,1|n19",
    "FLASH_ATTN_EXT|__fattn__-0|8,8,8,1|n16,n18,n20,l12", "RESHAPE|kqv_out-0|64,8,1,1|n21",
    "MUL_MAT|attn_out-0|64,8,1,1|l16,n22",
};

} // namespace

class TestLlmReserve : public QObject {
    Q_OBJECT
private slots:
    void reserve_data();
    void reserve();
    void layerZero();
    void inputsAndOutputs();
    void tiedOutput();
    void ropeFreqs();
    void mixtralShape();
    void errors();
};

void TestLlmReserve::reserve_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("ctx");
    QTest::addColumn<int>("batch");
    QTest::addColumn<QString>("kv");
    QTest::addColumn<bool>("fa");
    // n_ctx_used, nodes_pp, nodes_tg, splits_pp, model, context, compute
    QTest::addColumn<QList<qlonglong>>("expected");

    std::ifstream in(PLANSCOPE_SOURCE_DIR "/tests/data/llama_cpp/stories260K.tsv");
    QVERIFY2(in, "tests/data/llama_cpp/stories260K.tsv");
    int rows = 0;
    for (std::string line; std::getline(in, line);) {
        auto f = fields_of(line);
        if (f.empty()) continue;
        const QString name = QString("%1 ctx %2 batch %3 %4 fa %5")
                                 .arg(QString::fromStdString(f["model"]), QString::fromStdString(f["n_ctx"]),
                                      QString::fromStdString(f["n_batch"]), QString::fromStdString(f["kv"]),
                                      QString::fromStdString(f["flash_attn"]));
        const auto n = [&](const char* k) { return std::stoll(f.at(k)); };
        QTest::newRow(name.toUtf8()) << QString::fromStdString(f["model"]) << int(n("n_ctx")) << int(n("n_ubatch"))
                                     << QString::fromStdString(f["kv"]) << (f["flash_attn"] == "on")
                                     << QList<qlonglong>{n("n_ctx_used"), n("nodes_pp"), n("nodes_tg"), n("splits_pp"),
                                                         n("CPU_Mapped.model"), n("CPU.context"), n("CPU.compute")};
        ++rows;
    }
    QCOMPARE(rows, 16);
    // Llama-2-7B's shape (the vocab-only file's hyperparameters, f16 placeholder weights): issue 37.
    QTest::newRow("llama-2-7b ctx 4096 batch 512 f16 fa off")
        << "ggml-vocab-llama-spm.gguf" << 4096 << 512 << "f16" << false
        << QList<qlonglong>{4096, 1158, 1158, 1, 13477363712, 2147483648, 335554560};
    QTest::newRow("llama-2-7b ctx 4096 batch 512 f16 fa on")
        << "ggml-vocab-llama-spm.gguf" << 4096 << 512 << "f16" << true
        << QList<qlonglong>{4096, 998, 998, 1, 13477363712, 2147483648, 105396224};
    // Phi-3-mini's and GPT-2's shapes from their vocab-only files (not compared with llama.cpp,
    // which cannot reserve a file without tensors): 34 and 37 nodes a layer as in the tiny zoo
    // models (tests/data/llama_cpp/zoo_tiny.tsv), 5 fewer with flash attention; K/V n_layer *
    // n_ctx * n_embd_kv * 2 * 2 bytes; f16 weights (3.82B and, tied, 124M parameters).
    QTest::newRow("phi-3-mini ctx 4096 batch 512 f16 fa off")
        << "ggml-vocab-phi-3.gguf" << 4096 << 512 << "f16" << false
        << QList<qlonglong>{4096, 1094, 1094, 1, 7642558464, 1610612736, 308291584};
    QTest::newRow("phi-3-mini ctx 4096 batch 512 f16 fa on")
        << "ggml-vocab-phi-3.gguf" << 4096 << 512 << "f16" << true
        << QList<qlonglong>{4096, 934, 934, 1, 7642558464, 1610612736, 95041536};
    QTest::newRow("gpt-2 ctx 1024 batch 512 f16 fa off")
        << "ggml-vocab-gpt-2.gguf" << 1024 << 512 << "f16" << false
        << QList<qlonglong>{1024, 453, 453, 1, 249122304, 37748736, 107646976};
    QTest::newRow("gpt-2 ctx 1024 batch 512 f16 fa on")
        << "ggml-vocab-gpt-2.gguf" << 1024 << 512 << "f16" << true
        << QList<qlonglong>{1024, 393, 393, 1, 249122304, 37748736, 107646976};
}

void TestLlmReserve::reserve() {
    QFETCH(QString, model);
    QFETCH(int, ctx);
    QFETCH(int, batch);
    QFETCH(QString, kv);
    QFETCH(bool, fa);
    QFETCH(QList<qlonglong>, expected);
    const auto r = llm_reserve(shared_model(model.toStdString()),
                               params_of(ctx, batch, *dtype_from_name(kv.toStdString()), fa));
    QVERIFY2(r.ok(), r.ok() ? "" : r.err().message.c_str());
    QCOMPARE(r->memory.size(), std::size_t{2});
    QCOMPARE(QString::fromStdString(r->memory[0].buffer_type), QString("CPU"));
    QCOMPARE(QString::fromStdString(r->memory[1].buffer_type), QString("CPU_Mapped"));
    const QList<qlonglong> got{r->cparams.n_ctx,           qlonglong(r->pp.nodes),          qlonglong(r->tg.nodes),
                               qlonglong(r->pp.splits),    qlonglong(r->memory[1].model),   qlonglong(r->memory[0].context),
                               qlonglong(r->memory[0].compute)};
    QCOMPARE(got, expected);
    QCOMPARE(r->tg.splits, std::size_t{1});
    QVERIFY(r->compute >= r->tg.compute);
}

void TestLlmReserve::layerZero() {
    const gguf_file& f = shared_model("stories260K.gguf");
    auto off = build_llm_graph(f, params_of(64, 8, dtype::f16, false), {8, 1, 8});
    QVERIFY2(off.ok(), off.ok() ? "" : off.err().message.c_str());
    QCOMPARE(off->doc.g.nodes.size(), std::size_t{186});
    QCOMPARE(off->doc.g.leafs.size(), std::size_t{65});
    for (std::size_t i = 0; i < layer0_fa_off.size(); ++i) QCOMPARE(node_line(*off, i), layer0_fa_off[i]);
    // The last layer keeps the output rows only (inp_out_ids), then the output norm and head.
    QCOMPARE(node_line(*off, 183), std::string("RMS_NORM|norm|64,8,1,1|n182"));
    QCOMPARE(node_line(*off, 184), std::string("MUL|result_norm|64,8,1,1|n183,l64"));
    QCOMPARE(node_line(*off, 185), std::string("MUL_MAT|result_output|512,8,1,1|l57,n184"));
    // Unnamed inputs get ggml's leaf names: inp_pos, k_idxs, v_idxs (one per token and channel).
    QCOMPARE(QString::fromStdString(off->doc.ctx[off->doc.g.leafs[5]].name), QString("leaf_5"));
    QCOMPARE(off->doc.ctx[off->doc.g.leafs[10]].ne[0], std::int64_t{256});
    QCOMPARE(off->doc.ctx[off->doc.g.leafs[10]].type, dtype::i64);

    auto on = build_llm_graph(f, params_of(64, 8, dtype::f16, true), {8, 1, 8});
    QVERIFY2(on.ok(), on.ok() ? "" : on.err().message.c_str());
    QCOMPARE(on->doc.g.nodes.size(), std::size_t{161});
    for (std::size_t i = 0; i < layer0_fa_on_attention.size(); ++i)
        QCOMPARE(node_line(*on, 11 + i), layer0_fa_on_attention[i]);
    QCOMPARE(on->doc.ctx[on->doc.g.leafs[12]].type, dtype::f16); // the mask is f16 for flash attention
    // f32 K/V are cast to f16 for FLASH_ATTN_EXT: two CPY per layer.
    auto cast = build_llm_graph(f, params_of(64, 8, dtype::f32, true), {8, 1, 8});
    QVERIFY(cast.ok());
    QCOMPARE(cast->doc.g.nodes.size(), std::size_t{171});
    QCOMPARE(QString::fromStdString(cast->doc.ctx[cast->doc.g.nodes[19]].name),
             QString("cache_k_l0 (view) (permuted) (copy)"));
}

void TestLlmReserve::inputsAndOutputs() {
    auto b = build_llm_graph(shared_model("stories260K.gguf"), params_of(512, 32, dtype::f16, false), {32, 1, 32});
    QVERIFY(b.ok());
    // inp_tokens, inp_embd, inp_pos, k_idxs, v_idxs, the KQ mask, inp_out_ids.
    QCOMPARE(b->inputs.size(), std::size_t{7});
    for (tensor_id t : b->inputs) QVERIFY(has_flag(b->doc.ctx[t].flags, tensor_flag::input));
    QCOMPARE(QString::fromStdString(b->doc.ctx[b->inputs[5]].name), QString("attn_inp_kq_mask"));
    QCOMPARE(b->doc.ctx[b->inputs[5]].ne, (std::array<std::int64_t, 4>{512, 32, 1, 1}));
    QVERIFY(has_flag(b->doc.ctx[b->t_logits].flags, tensor_flag::output));
    QVERIFY(has_flag(b->doc.ctx[b->t_embd].flags, tensor_flag::output));
    QCOMPARE(b->doc.g.nodes.back(), b->t_logits);
    // Weights and the KV cache are placed before planning, outside the compute buffer.
    QCOMPARE(QString::fromStdString(b->doc.buffers[0].name), QString("weights"));
    QCOMPARE(QString::fromStdString(b->doc.buffers[1].name), QString("kv_cache"));
    QCOMPARE(b->doc.buffers[1].size, std::size_t{327680});
    for (tensor_id t : b->doc.g.leafs) {
        const tensor& l = b->doc.ctx[t];
        QCOMPARE(l.where.has_value(), !has_flag(l.flags, tensor_flag::input));
    }
}

void TestLlmReserve::tiedOutput() {
    gguf_file f = shared_model("stories260K.gguf");
    std::erase_if(f.tensors, [](const gguf_tensor_info& t) { return t.name == "output.weight"; });
    auto b = build_llm_graph(f, params_of(64, 8, dtype::f16, false), {8, 1, 8});
    QVERIFY2(b.ok(), b.ok() ? "" : b.err().message.c_str());
    QCOMPARE(b->model.output, b->model.tok_embd);
    QCOMPARE(b->doc.ctx[b->t_logits].src[0], b->model.tok_embd);
    const auto r = llm_reserve(f, params_of(64, 8, dtype::f16, false));
    QVERIFY(r.ok());
    QCOMPARE(r->compute, std::size_t{86176});
    // The mapped range (get_mapping_range) still spans output.weight's bytes between the others.
    QCOMPARE(r->memory[1].model, std::size_t{1171200});
}

void TestLlmReserve::ropeFreqs() {
    // Llama 3's rope_freqs.weight: one tensor (n_rot / 2 values) shared by every layer's ROPE.
    gguf_file f = shared_model("stories260K.gguf");
    gguf_tensor_info freqs;
    freqs.name = "rope_freqs.weight";
    freqs.ne = {4, 1, 1, 1};
    freqs.n_dims = 1;
    freqs.size = 16;
    f.tensors.push_back(freqs);
    auto b = build_llm_graph(f, params_of(64, 8, dtype::f16, false), {8, 1, 8});
    QVERIFY2(b.ok(), b.ok() ? "" : b.err().message.c_str());
    int ropes = 0;
    for (tensor_id n : b->doc.g.nodes)
        if (b->doc.ctx[n].op == op_kind::rope) {
            QCOMPARE(b->doc.ctx[n].src[2], b->model.layers[0].rope_freqs);
            ++ropes;
        }
    QCOMPARE(ropes, 10);
    QCOMPARE(b->doc.g.nodes.size(), std::size_t{186});
}

void TestLlmReserve::mixtralShape() {
    // Mixtral's shape (expert_count 8, 2 used) from the 7B vocab file: the experts through
    // MUL_MAT_ID. Not yet compared with llama.cpp (no MoE GGUF among the shared models).
    gguf_file f = shared_model("ggml-vocab-llama-spm.gguf");
    f.kv["llama.expert_count"] = gguf_value{gguf_type::u32, std::uint64_t{8}};
    f.kv["llama.expert_used_count"] = gguf_value{gguf_type::u32, std::uint64_t{2}};
    auto b = build_llm_graph(f, params_of(512, 32, dtype::f16, true), {32, 1, 32});
    QVERIFY2(b.ok(), b.ok() ? "" : b.err().message.c_str());
    int ids = 0;
    for (tensor_id n : b->doc.g.nodes) ids += b->doc.ctx[n].op == op_kind::mul_mat_id;
    QCOMPARE(ids, 3 * 32);
    QCOMPARE(b->doc.g.nodes.back(), b->t_logits);
    const tensor& gate_exps = b->doc.ctx[b->model.layers[0].ffn_gate_exps];
    QCOMPARE(gate_exps.ne, (std::array<std::int64_t, 4>{4096, 11008, 8, 1}));
    const auto r = llm_reserve(f, params_of(512, 32, dtype::f16, true));
    QVERIFY2(r.ok(), r.ok() ? "" : r.err().message.c_str());
    QVERIFY(r->compute > 0);
}

void TestLlmReserve::errors() {
    const gguf_file& stories = shared_model("stories260K.gguf");
    gguf_file foo = stories;
    foo.kv["general.architecture"] = gguf_value{gguf_type::string, std::string("foo")};
    const auto unknown = llm_reserve(foo, {});
    QVERIFY(!unknown.ok());
    // The list grows with the registry (llm_registry.cpp's order); llama comes first.
    QVERIFY(QString::fromStdString(unknown.err().message)
                .startsWith("architecture 'foo' is not supported; supported: llama, "));

    const auto q8 = llm_reserve(stories, params_of(512, 32, dtype::q8_0, true));
    QVERIFY(!q8.ok());
    QCOMPARE(QString::fromStdString(q8.err().message),
             QString("K cache type q8_0 with block size 32 does not divide n_embd_head_k=8"));
    llm_context_params v = params_of(512, 32, dtype::f16, false);
    v.type_v = dtype::q4_0;
    QCOMPARE(QString::fromStdString(llm_reserve(stories, v).err().message),
             QString("V cache quantization requires flash_attn"));
    gguf_file missing = stories;
    std::erase_if(missing.tensors, [](const gguf_tensor_info& t) { return t.name == "blk.3.ffn_up.weight"; });
    QCOMPARE(QString::fromStdString(llm_reserve(missing, {}).err().message),
             QString("missing tensor 'blk.3.ffn_up.weight'"));
    gguf_file no_eps = stories;
    no_eps.kv.erase("llama.attention.layer_norm_rms_epsilon");
    QCOMPARE(QString::fromStdString(llm_reserve(no_eps, {}).err().message),
             QString("missing key llama.attention.layer_norm_rms_epsilon"));
    QCOMPARE(QString::fromStdString(find_llm_architecture("llama").value()->name.data()), QString("llama"));
}

QTEST_GUILESS_MAIN(TestLlmReserve)
#include "test_llm_reserve.moc"
