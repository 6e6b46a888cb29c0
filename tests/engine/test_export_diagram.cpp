// The split diagram: DOT that cgraph parses back with one cluster per split, input copies on
// the boundaries and a legend, rendered by Graphviz to well-formed SVG with the same clusters
// and to PNG and PDF files; llama layers folded into one box each.
#include "export/graphviz_render.h"
#include "export/planned_graph.h"
#include "export/split_diagram.h"
#include "io/graph_source.h"

#include <graphviz/cgraph.h>

#include <QXmlStreamReader>
#include <QtTest>

#include <algorithm>
#include <string>

using namespace planscope;

namespace {

const std::string small_graph = PLANSCOPE_SOURCE_DIR "/tests/data/graphs/small.json";

std::optional<planned_graph> planned(const std::string& source) {
    auto in = open_source(source, {});
    if (!in) return std::nullopt;
    export_plan_options o;
    o.preallocate = in->preallocate;
    auto p = plan_for_export(std::move(in->doc), o);
    if (!p) return std::nullopt;
    return std::move(*p);
}

// small.json's nodes norm, normed, y on the CPU; yt, c, v, out on a GPU, which reads y (128 B).
schedule_view two_splits(const graph_document& doc) {
    schedule_view s;
    s.backends = {"CPU", "GPU"};
    const auto& n = doc.g.nodes;
    s.splits.push_back({0, {n[0], n[1], n[2]}, {}});
    s.splits.push_back({1, {n[3], n[4], n[5], n[6]}, {{n[2], "GPU#y", 128}}});
    for (std::size_t i = 0; i < n.size(); ++i) s.assignment[n[i]] = {i < 3 ? 0u : 1u, i < 3 ? "1.dst" : "2.src0"};
    return s;
}

struct cgraph_file {
    Agraph_t* g;
    explicit cgraph_file(const std::string& dot) : g(agmemread(dot.c_str())) {}
    ~cgraph_file() {
        if (g) agclose(g);
    }
    std::vector<Agraph_t*> clusters() const {
        std::vector<Agraph_t*> out;
        for (Agraph_t* s = agfstsubg(g); s; s = agnxtsubg(s))
            if (std::string_view(agnameof(s)).starts_with("cluster")) out.push_back(s);
        // cgraph iterates subgraphs in its own order (it differed between machines): by split index.
        const auto index = [](Agraph_t* s) { return std::stoi(std::string(agnameof(s)).substr(std::string_view("cluster_").size())); };
        std::sort(out.begin(), out.end(), [&](Agraph_t* a, Agraph_t* b) { return index(a) < index(b); });
        return out;
    }
    // Escapes stay as written: a line break in a label reads "\\n".
    std::string attr(void* obj, const char* name) const {
        const char* v = agget(obj, const_cast<char*>(name));
        return v ? v : "";
    }
};

// Counts the SVG's <g class="cluster"> groups; false when the XML is not well-formed.
bool svg_clusters(const std::string& svg, int& clusters) {
    QXmlStreamReader xml(QByteArray::fromStdString(svg));
    clusters = 0;
    bool root_svg = false;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement) continue;
        if (xml.name() == QLatin1String("svg")) root_svg = true;
        if (xml.name() == QLatin1String("g") && xml.attributes().value(QLatin1String("class")) == QLatin1String("cluster"))
            ++clusters;
    }
    return !xml.hasError() && root_svg;
}

} // namespace

class TestExportDiagram : public QObject {
    Q_OBJECT
private slots:
    void singleSplitDot();
    void twoSplitsDot();
    void svgClusters_data();
    void svgClusters();
    void pngAndPdf_data();
    void pngAndPdf();
    void foldedLlama();
    void layerOf_data();
    void layerOf();
    void badDot();
};

// Before the scheduler: one cluster, the whole graph on the CPU; every tensor with its offset.
void TestExportDiagram::singleSplitDot() {
    const auto p = planned(small_graph);
    QVERIFY(p);
    const std::string dot = split_diagram_dot(p->doc, single_split(p->doc, "CPU"));
    const cgraph_file f(dot);
    QVERIFY(f.g);
    const auto clusters = f.clusters();
    QCOMPARE(clusters.size(), std::size_t{1});
    QCOMPARE(f.attr(clusters[0], "label"), std::string("split #0 · CPU · 0 inputs · 0 B copied"));
    QCOMPARE(agnnodes(clusters[0]), 7); // the nodes; leafs outside
    QCOMPARE(agnnodes(f.g), 11);        // + 3 leafs + the legend
    Agnode_t* v = agnode(f.g, const_cast<char*>("t8"), 0);
    QVERIFY(v);
    QCOMPARE(f.attr(v, "label"), std::string(R"(v\nVIEW · f32 [4, 2, 1, 1]\n32 B @ compute+288)"));
    QCOMPARE(f.attr(v, "fillcolor"), backend_colour(0));
    QVERIFY(f.attr(agnode(f.g, const_cast<char*>("legend"), 0), "label").find(">CPU<") != std::string::npos);
}

void TestExportDiagram::twoSplitsDot() {
    const auto p = planned(small_graph);
    QVERIFY(p);
    const std::string dot = split_diagram_dot(p->doc, two_splits(p->doc));
    const cgraph_file f(dot);
    QVERIFY(f.g);
    const auto clusters = f.clusters();
    QCOMPARE(clusters.size(), std::size_t{2});
    QCOMPARE(f.attr(clusters[0], "label"), std::string("split #0 · CPU · 0 inputs · 0 B copied"));
    QCOMPARE(f.attr(clusters[1], "label"), std::string("split #1 · GPU · 1 input · 128 B copied"));
    QCOMPARE(agnnodes(clusters[1]), 5); // four nodes and the copy of y
    Agnode_t* copy = agnode(clusters[1], const_cast<char*>("c1_0"), 0);
    QVERIFY(copy);
    QCOMPARE(f.attr(copy, "label"), std::string(R"(GPU#y\n128 B)"));
    QCOMPARE(f.attr(copy, "shape"), std::string("cds"));
    Agnode_t* y = agnode(f.g, const_cast<char*>("t5"), 0);
    Agnode_t* yt = agnode(f.g, const_cast<char*>("t6"), 0);
    QVERIFY(agedge(f.g, y, copy, nullptr, 0));  // y is copied across the boundary
    QVERIFY(agedge(f.g, copy, yt, nullptr, 0)); // and yt reads the copy
    QVERIFY(!agedge(f.g, y, yt, nullptr, 0));   // not y itself
    QCOMPARE(f.attr(yt, "fillcolor"), backend_colour(1));
    QCOMPARE(f.attr(y, "fillcolor"), backend_colour(0));
    const std::string legend = f.attr(agnode(f.g, const_cast<char*>("legend"), 0), "label");
    QVERIFY(legend.find(">CPU<") != std::string::npos && legend.find(">GPU<") != std::string::npos);
}

void TestExportDiagram::svgClusters_data() {
    QTest::addColumn<bool>("split");
    QTest::addColumn<int>("clusters");
    QTest::newRow("one split") << false << 1;
    QTest::newRow("two splits") << true << 2;
}

void TestExportDiagram::svgClusters() {
    QFETCH(bool, split);
    QFETCH(int, clusters);
    const auto p = planned(small_graph);
    QVERIFY(p);
    const auto s = split ? two_splits(p->doc) : single_split(p->doc, "CPU");
    const auto svg = render_dot(split_diagram_dot(p->doc, s), render_format::svg);
    QVERIFY2(svg.ok(), svg.ok() ? "" : svg.err().message.c_str());
    int found = -1;
    QVERIFY(svg_clusters(*svg, found));
    QCOMPARE(found, clusters);
    QVERIFY(svg->find("split #0 · CPU") != std::string::npos);
}

void TestExportDiagram::pngAndPdf_data() {
    QTest::addColumn<int>("format");
    QTest::addColumn<QByteArray>("magic");
    QTest::newRow("png") << int(render_format::png) << QByteArray("\x89PNG\r\n\x1a\n", 8);
    QTest::newRow("pdf") << int(render_format::pdf) << QByteArray("%PDF-");
}

void TestExportDiagram::pngAndPdf() {
    QFETCH(int, format);
    QFETCH(QByteArray, magic);
    const auto p = planned(small_graph);
    QVERIFY(p);
    const auto bytes = render_dot(split_diagram_dot(p->doc, two_splits(p->doc)), static_cast<render_format>(format));
    QVERIFY2(bytes.ok(), bytes.ok() ? "" : bytes.err().message.c_str());
    QVERIFY(bytes->size() > 1000);
    QVERIFY(QByteArray::fromStdString(*bytes).startsWith(magic));
}

// Four layers fold into four boxes with their weights and views; what is shared (embeddings,
// KV cache, output) stays outside. Unfolded, the same graph has over a hundred boxes.
void TestExportDiagram::foldedLlama() {
    const auto p = planned("template:llama?n_embd=64&n_layer=4&n_head=4&n_ff=128&n_vocab=100&n_ctx=64&n_batch=8");
    QVERIFY(p);
    const schedule_view s = single_split(p->doc, "CPU");
    split_diagram_options fold;
    fold.fold_layers = true;
    const cgraph_file folded(split_diagram_dot(p->doc, s, fold));
    const cgraph_file plain(split_diagram_dot(p->doc, s));
    QVERIFY(folded.g && plain.g);
    QVERIFY(agnnodes(plain.g) > 100);
    // Four layers, the legend and 13 shared tensors: inputs (tokens, positions, mask, scale),
    // embeddings, both caches, the final norm and output with their weights.
    QCOMPARE(agnnodes(folded.g), 18);
    QCOMPARE(folded.clusters().size(), std::size_t{1});
    for (int layer = 0; layer < 4; ++layer) {
        Agnode_t* box = agnode(folded.g, const_cast<char*>(("layer_1_" + std::to_string(layer)).c_str()), 0);
        QVERIFY(box);
        const std::string label = folded.attr(box, "label");
        QVERIFY2(label.starts_with("layer " + std::to_string(layer) + "\\n"), label.c_str());
        QVERIFY2(label.find(" weights\\n") != std::string::npos, label.c_str());
    }
    QVERIFY(agedge(folded.g, agnode(folded.g, const_cast<char*>("layer_1_0"), 0),
                   agnode(folded.g, const_cast<char*>("layer_1_1"), 0), nullptr, 0));
    const auto svg = render_dot(split_diagram_dot(p->doc, s, fold), render_format::svg);
    QVERIFY(svg.ok());
}

void TestExportDiagram::layerOf_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("layer"); // -1: none
    QTest::newRow("Kcur-12") << "Kcur-12" << 12;
    QTest::newRow("attn_norm-0") << "attn_norm-0" << 0;
    QTest::newRow("no dash") << "inp_embd" << -1;
    QTest::newRow("trailing dash") << "x-" << -1;
    QTest::newRow("not a number") << "k-cache" << -1;
    QTest::newRow("copy") << "GPU#Kcur-3" << 3;
    QTest::newRow("reshaped") << "Kcur-3 (reshaped)" << 3;
    QTest::newRow("cache view") << "k_cache_view-1 (copy of Kcur-1)" << 1;
    QTest::newRow("view of a shared tensor") << "cache_k (view)" << -1;
}

void TestExportDiagram::layerOf() {
    QFETCH(QString, name);
    QFETCH(int, layer);
    QCOMPARE(layer_of(name.toStdString()).value_or(-1), layer);
}

void TestExportDiagram::badDot() {
    const auto r = render_dot("digraph { a -> ", render_format::svg);
    QVERIFY(!r.ok());
    QVERIFY2(r.err().message.starts_with("Graphviz: cannot parse the graph text"), r.err().message.c_str());
}

QTEST_GUILESS_MAIN(TestExportDiagram)
#include "test_export_diagram.moc"
