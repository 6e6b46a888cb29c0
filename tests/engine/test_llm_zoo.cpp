// Every architecture against llama.cpp da46e59c: each model of the test zoo (tests/support) written
// as llama.cpp read it, reserved by engine/llm as llama_init_from_model reserves, and compared with
// what llama.cpp printed (tests/data/llama_cpp/zoo_tiny.tsv, zoo_real.tsv, the variants'
// zoo_variants.tsv, other context configurations' zoo_configs.tsv): pp and tg nodes, splits, KV
// cache bytes, compute buffer bytes, model bytes. The tiny models' and the variants' prompt graphs
// are compared node for node with llama.cpp's own dumps (tests/data/llama_cpp/graphs/).
#include "llm/llm_build.h"
#include "llm/llm_registry.h"
#include "llm_context/llm_reserve.h"
#include "model_zoo.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <map>
#include <sstream>

using namespace planscope;

namespace {

using fields = std::map<std::string, std::string>;

fields fields_of(const std::string& line) {
    fields out;
    std::istringstream in(line);
    for (std::string field; std::getline(in, field, '\t');)
        if (const auto eq = field.find('='); eq != std::string::npos) out[field.substr(0, eq)] = field.substr(eq + 1);
    return out;
}

std::vector<fields> reference_lines(const char* file) {
    std::vector<fields> out;
    std::ifstream in(std::string(PLANSCOPE_SOURCE_DIR "/tests/data/llama_cpp/") + file);
    for (std::string line; std::getline(in, line);)
        if (auto f = fields_of(line); !f.empty()) out.push_back(std::move(f));
    return out;
}

// The zoo written once for the whole run.
const std::filesystem::path& zoo_dir() {
    static QTemporaryDir dir;
    static const std::filesystem::path path(dir.path().toStdString());
    return path;
}

const gguf_file& zoo_file(const std::string& file_name) {
    static std::map<std::string, gguf_file> files;
    auto it = files.find(file_name);
    if (it != files.end()) return it->second;
    const std::string name = file_name.substr(0, file_name.size() - std::string(".gguf").size());
    auto m = test_models::zoo_model_named(name);
    if (!m) qFatal("no zoo model %s", name.c_str());
    auto written = test_models::write_zoo_model(*m, zoo_dir());
    if (!written) qFatal("%s", written.err().message.c_str());
    auto f = open_gguf(zoo_dir() / file_name);
    if (!f) qFatal("%s", f.err().message.c_str());
    return files.emplace(file_name, std::move(*f)).first->second;
}

std::string arch_of(const gguf_file& f) {
    const auto it = f.kv.find("general.architecture");
    const std::string* s = it == f.kv.end() ? nullptr : it->second.as_string();
    return s ? *s : std::string{};
}

llm_context_params params_of(const fields& f) {
    llm_context_params p;
    p.n_ctx = static_cast<std::uint32_t>(std::stoul(f.at("n_ctx")));
    p.n_batch = static_cast<std::uint32_t>(std::stoul(f.at("n_batch")));
    p.n_ubatch = static_cast<std::uint32_t>(std::stoul(f.at("n_ubatch")));
    // kv: the K and V type, or K:V.
    const std::string& kv = f.at("kv");
    const auto colon = kv.find(':');
    p.type_k = *dtype_from_name(kv.substr(0, colon));
    p.type_v = colon == std::string::npos ? p.type_k : *dtype_from_name(kv.substr(colon + 1));
    p.flash_attn = f.at("flash_attn") == "on" ? llm_flash_attn::on : llm_flash_attn::off;
    if (const auto it = f.find("n_seq_max"); it != f.end()) p.n_seq_max = static_cast<std::uint32_t>(std::stoul(it->second));
    if (const auto it = f.find("kv_unified"); it != f.end()) p.kv_unified = it->second == "1";
    if (const auto it = f.find("swa_full"); it != f.end()) p.swa_full = it->second == "1";
    return p;
}

std::uint64_t sum_of(const fields& f, std::string_view suffix) {
    std::uint64_t s = 0;
    for (const auto& [k, v] : f)
        if (k.size() > suffix.size() && k.ends_with(suffix)) s += std::stoull(v);
    return s;
}

// A node or leaf as reference.cpp --graph writes it: op, name, type, shape, sources (n<i> / l<i>),
// view source and offset.
std::string dump_line(const graph_document& doc, tensor_id t, const std::map<std::size_t, std::string>& id) {
    const tensor& x = doc.ctx[t];
    std::string s = op_desc(x) + "\t" + x.name + "\t" + std::string(type_name(x.type));
    for (int d = 0; d < 4; ++d) s += "\t" + std::to_string(x.ne[static_cast<std::size_t>(d)]);
    std::string srcs;
    for (const tensor_id src : x.src)
        if (src.valid()) srcs += (srcs.empty() ? "" : ",") + id.at(src.index());
    s += "\t" + (srcs.empty() ? std::string("-") : srcs);
    s += "\t" + (x.view_src.valid() ? id.at(x.view_src.index()) : std::string("-"));
    s += "\t" + std::to_string(x.view_offs);
    return s;
}

} // namespace

class TestLlmZoo : public QObject {
    Q_OBJECT
private slots:
    void reserve_data();
    void reserve();
    void graph_data();
    void graph();
    void swa_window_data();
    void swa_window();
};

// The files of reserve rows; the configurations' rows are tagged with every setting.
const char* const reserve_files[] = {"zoo_tiny.tsv", "zoo_real.tsv", "zoo_variants.tsv", "zoo_configs.tsv"};

void TestLlmZoo::reserve_data() {
    QTest::addColumn<QString>("file_name");
    QTest::addColumn<int>("line");
    for (const char* file : reserve_files) {
        const auto lines = reference_lines(file);
        QVERIFY(!lines.empty());
        const bool configs = std::string_view(file) == "zoo_configs.tsv";
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const fields& f = lines[i];
            std::string tag = f.at("model") + " " + f.at("kv") + " fa " + f.at("flash_attn");
            if (configs) {
                tag += " ctx " + f.at("n_ctx") + " batch " + f.at("n_batch") + " ubatch " + f.at("n_ubatch");
                for (const char* k : {"n_seq_max", "kv_unified", "swa_full"})
                    if (f.count(k)) tag += std::string(" ") + k + " " + f.at(k);
            }
            QTest::newRow(tag.c_str()) << QString(file) << int(i);
        }
    }
}

void TestLlmZoo::reserve() {
    QFETCH(QString, file_name);
    QFETCH(int, line);
    const fields f = reference_lines(file_name.toUtf8().constData())[static_cast<std::size_t>(line)];
    const gguf_file& file = zoo_file(f.at("model"));
    if (!find_llm_architecture(arch_of(file)).ok()) QSKIP("architecture not built yet");
    const auto r = llm_reserve(file, params_of(f));
    QVERIFY2(r.ok(), r.ok() ? "" : r.err().message.c_str());
    QCOMPARE(qlonglong(r->cparams.n_ctx), std::stoll(f.at("n_ctx_used")));
    QCOMPARE(qlonglong(r->pp.nodes), std::stoll(f.at("nodes_pp")));
    QCOMPARE(qlonglong(r->tg.nodes), std::stoll(f.at("nodes_tg")));
    QCOMPARE(qlonglong(r->pp.splits), std::stoll(f.at("splits_pp")));
    std::uint64_t model = 0, context = 0, compute = 0;
    for (const auto& m : r->memory) {
        model += m.model;
        context += m.context;
        compute += m.compute;
    }
    QCOMPARE(context, sum_of(f, ".context"));
    QCOMPARE(compute, sum_of(f, ".compute"));
    QCOMPARE(model, sum_of(f, ".model"));
}

void TestLlmZoo::graph_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<bool>("fa");
    for (const char* file : {"zoo_tiny.tsv", "zoo_variants.tsv"})
        for (const auto& f : reference_lines(file))
            if (f.at("kv") == "f16") {
                const std::string tag = f.at("model") + " fa " + f.at("flash_attn");
                QTest::newRow(tag.c_str()) << QString::fromStdString(f.at("model")) << (f.at("flash_attn") == "on");
            }
}

void TestLlmZoo::graph() {
    QFETCH(QString, model);
    QFETCH(bool, fa);
    const gguf_file& file = zoo_file(model.toStdString());
    if (!find_llm_architecture(arch_of(file)).ok()) QSKIP("architecture not built yet");
    const std::string stem = model.toStdString().substr(0, model.size() - 5);
    std::ifstream in(std::string(PLANSCOPE_SOURCE_DIR "/tests/data/llama_cpp/graphs/") + stem +
                     (fa ? ".fa-on.tsv" : ".fa-off.tsv"));
    QVERIFY(in);
    std::vector<std::string> want_leafs, want_nodes;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        // kind, index, then the fields dump_line writes.
        const auto a = line.find('\t'), b = line.find('\t', a + 1);
        (line.starts_with("leaf") ? want_leafs : want_nodes).push_back(line.substr(b + 1));
    }
    llm_context_params p;
    p.n_ctx = 64;
    p.n_batch = p.n_ubatch = 8;
    p.flash_attn = fa ? llm_flash_attn::on : llm_flash_attn::off;
    auto built = build_llm_graph(file, p, {8, 1, 8});
    QVERIFY2(built.ok(), built.ok() ? "" : built.err().message.c_str());
    const graph_document& doc = built->doc;
    std::map<std::size_t, std::string> id;
    for (std::size_t j = 0; j < doc.g.leafs.size(); ++j) id[doc.g.leafs[j].index()] = "l" + std::to_string(j);
    for (std::size_t j = 0; j < doc.g.nodes.size(); ++j) id[doc.g.nodes[j].index()] = "n" + std::to_string(j);
    for (std::size_t j = 0; j < std::min(want_nodes.size(), doc.g.nodes.size()); ++j)
        QCOMPARE(QString::fromStdString("n" + std::to_string(j) + " " + dump_line(doc, doc.g.nodes[j], id)),
                 QString::fromStdString("n" + std::to_string(j) + " " + want_nodes[j]));
    QCOMPARE(doc.g.nodes.size(), want_nodes.size());
    for (std::size_t j = 0; j < std::min(want_leafs.size(), doc.g.leafs.size()); ++j)
        QCOMPARE(QString::fromStdString("l" + std::to_string(j) + " " + dump_line(doc, doc.g.leafs[j], id)),
                 QString::fromStdString("l" + std::to_string(j) + " " + want_leafs[j]));
    QCOMPARE(doc.g.leafs.size(), want_leafs.size());
}

// With swa_full off, llama_kv_cache_iswa's SWA cache has min(n_ctx, n_swa + n_ubatch) cells padded
// to 256. What llama.cpp da46e59c reserved (reference.cpp with cp.swa_full = false; gpt-oss-20b
// --no-alloc): KV (context) bytes, compute bytes, nodes of the prompt graph.
void TestLlmZoo::swa_window_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("n_ctx");
    QTest::addColumn<int>("n_ubatch");
    QTest::addColumn<QString>("kv");
    QTest::addColumn<bool>("fa");
    QTest::addColumn<qulonglong>("context");
    QTest::addColumn<qulonglong>("compute");
    QTest::addColumn<int>("nodes");
    // 24 layers of 512 K/V channels: 12 x 4096 cells full, 12 x 768 (128 + 512 padded) SWA.
    QTest::newRow("gpt-oss-20b fa on") << "gpt-oss-20b.gguf" << 4096 << 512 << "f16" << true << 119537664ull
                                       << 423626752ull << 1350;
    QTest::newRow("gpt-oss-20b fa off") << "gpt-oss-20b.gguf" << 4096 << 512 << "f16" << false << 119537664ull
                                        << 585512960ull << 1470;
    QTest::newRow("gpt-oss f32 fa on") << "gpt-oss.gguf" << 1024 << 64 << "f32" << true << 327680ull << 346880ull << 114;
    QTest::newRow("gpt-oss f16 fa off") << "gpt-oss.gguf" << 1024 << 64 << "f16" << false << 163840ull << 1427200ull
                                        << 120;
    QTest::newRow("gemma2 n_ctx 64") << "gemma2.gguf" << 64 << 8 << "f16" << false << 131072ull << 63712ull << 186;
    QTest::newRow("gemma2 n_ctx 1024") << "gemma2.gguf" << 1024 << 8 << "f16" << false << 327680ull << 186592ull
                                       << 186;
    QTest::newRow("gemma3 n_ctx 1024") << "gemma3.gguf" << 1024 << 32 << "f16" << true << 294912ull << 157056ull
                                       << 247;
}

void TestLlmZoo::swa_window() {
    QFETCH(QString, model);
    QFETCH(int, n_ctx);
    QFETCH(int, n_ubatch);
    QFETCH(QString, kv);
    QFETCH(bool, fa);
    QFETCH(qulonglong, context);
    QFETCH(qulonglong, compute);
    QFETCH(int, nodes);
    const gguf_file& file = zoo_file(model.toStdString());
    if (!find_llm_architecture(arch_of(file)).ok()) QSKIP("architecture not built yet");
    llm_context_params p;
    p.n_ctx = static_cast<std::uint32_t>(n_ctx);
    p.n_batch = p.n_ubatch = static_cast<std::uint32_t>(n_ubatch);
    p.type_k = p.type_v = *dtype_from_name(kv.toStdString());
    p.flash_attn = fa ? llm_flash_attn::on : llm_flash_attn::off;
    p.swa_full = false;
    const auto r = llm_reserve(file, p);
    QVERIFY2(r.ok(), r.ok() ? "" : r.err().message.c_str());
    std::uint64_t ctx_bytes = 0, compute_bytes = 0;
    for (const auto& m : r->memory) {
        ctx_bytes += m.context;
        compute_bytes += m.compute;
    }
    QCOMPARE(ctx_bytes, context);
    QCOMPARE(compute_bytes, compute);
    QCOMPARE(qlonglong(r->pp.nodes), qlonglong(nodes));
}

QTEST_GUILESS_MAIN(TestLlmZoo)
#include "test_llm_zoo.moc"
