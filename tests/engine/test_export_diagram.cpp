// The split diagram: DOT that cgraph parses back with one cluster per split, input copies on
// the boundaries and a legend, rendered by Graphviz to well-formed SVG with the same clusters
// and to PNG and PDF files (bounded in size); folded as the canvas folds.
#include "export/export_runner.h"
#include "export/graphviz_render.h"
#include "export/planned_graph.h"
#include "export/split_diagram.h"
#include "source/graph_source.h"

#include <graphviz/cgraph.h>

#include <QXmlStreamReader>
#include <QtTest>

#include <algorithm>
#include <set>
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
    void foldedSplits();
    void boundedPng();
    void badDot();
    void colourByKind_data();
    void colourByKind();
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
    QCOMPARE(f.attr(v, "fillcolor"), backend_colour("CPU"));
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
    Agnode_t* copy = agnode(clusters[1], const_cast<char*>("t10"), 0); // after small.json's 10 tensors
    QVERIFY(copy);
    QCOMPARE(f.attr(copy, "label"), std::string(R"(GPU#y\n128 B)"));
    QCOMPARE(f.attr(copy, "shape"), std::string("cds"));
    Agnode_t* y = agnode(f.g, const_cast<char*>("t5"), 0);
    Agnode_t* yt = agnode(f.g, const_cast<char*>("t6"), 0);
    QVERIFY(agedge(f.g, y, copy, nullptr, 0));  // y is copied across the boundary
    QVERIFY(agedge(f.g, copy, yt, nullptr, 0)); // and yt reads the copy
    QVERIFY(!agedge(f.g, y, yt, nullptr, 0));   // not y itself
    QCOMPARE(f.attr(yt, "fillcolor"), backend_colour("GPU"));
    QCOMPARE(f.attr(y, "fillcolor"), backend_colour("CPU"));
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

// Folded as the canvas folds: layer 0 drawn in full, layers 1-3 one box; what is shared
// (embeddings, KV cache, output) stays outside. Unfolded, the same graph has over a hundred boxes.
void TestExportDiagram::foldedLlama() {
    const auto p = planned("template:llama?n_embd=64&n_layer=4&n_head=4&n_ff=128&n_vocab=100&n_ctx=64&n_batch=8");
    QVERIFY(p);
    const schedule_view s = single_split(p->doc, "CPU");
    split_diagram_options fold;
    fold.fold = diagram_fold::always;
    const cgraph_file folded(split_diagram_dot(p->doc, s, fold));
    const cgraph_file plain(split_diagram_dot(p->doc, s));
    QVERIFY(folded.g && plain.g);
    QCOMPARE(agnnodes(plain.g), 1 + 144 + 45); // 144 nodes, 45 leafs: under 300 nodes, not folded
    // The legend, 13 shared tensors, layer 0's 35 nodes and 9 weights, and the box of layers 1-3.
    QCOMPARE(agnnodes(folded.g), 1 + 13 + 44 + 1);
    QCOMPARE(folded.clusters().size(), std::size_t{1});
    Agnode_t* run = nullptr;
    for (Agnode_t* n = agfstnode(folded.g); n; n = agnxtnode(folded.g, n))
        if (agnameof(n)[0] == 'u') run = n;
    QVERIFY(run);
    QCOMPARE(folded.attr(run, "label"), std::string("blk 1–3  ×3\\n35 nodes each · 90.00 KiB of results\\nsplit #0"));
    QCOMPARE(folded.attr(run, "fillcolor"), backend_colour("CPU") + ";1.000");
    QCOMPARE(folded.attr(run, "style"), std::string("striped,bold"));
    // Layer 0's output goes into the box, the box's into the final norm.
    const auto named = [&](const char* name) {
        for (Agnode_t* n = agfstnode(folded.g); n; n = agnxtnode(folded.g, n))
            if (folded.attr(n, "label").starts_with(std::string(name) + "\\n")) return n;
        return static_cast<Agnode_t*>(nullptr);
    };
    QVERIFY(named("l_out-0") && named("norm") && !named("l_out-1"));
    QVERIFY(agedge(folded.g, named("l_out-0"), run, nullptr, 0));
    QVERIFY(agedge(folded.g, run, named("norm"), nullptr, 0));
    const auto svg = render_dot(split_diagram_dot(p->doc, s, fold), render_format::svg);
    QVERIFY(svg.ok());
}

// Two CPU backends, the last two of four layers on the second: the split graph's blocks are
// the CPU layers and the CPU1 layers with their copies, as on the canvas; the first of each is
// drawn in full.
void TestExportDiagram::foldedSplits() {
    auto in = open_source("template:llama?n_embd=64&n_layer=4&n_head=4&n_ff=128&n_vocab=100&n_ctx=64&n_batch=8&ngl=2", {});
    QVERIFY(in.ok());
    export_schedule_options so;
    so.backends = "cpu,cpu";
    auto scheduled = split_for_export(copy_source(in->doc, in->preallocate), so);
    QVERIFY2(scheduled.ok(), scheduled.ok() ? "" : scheduled.err().message.c_str());
    const auto p = planned("template:llama?n_embd=64&n_layer=4&n_head=4&n_ff=128&n_vocab=100&n_ctx=64&n_batch=8&ngl=2");
    QVERIFY(p);
    const split_document sd = make_split_document(p->doc, *scheduled);
    // Copies come first in their split, named as the scheduler names them, reading what they copy.
    std::size_t copies = 0;
    for (std::size_t i = 0; i < scheduled->splits.size(); ++i) {
        std::set<std::string> names;
        for (const split_input& in : scheduled->splits[i].inputs) names.insert(in.copy_name);
        copies += names.size();
    }
    QCOMPARE(sd.doc.ctx.size(), p->doc.ctx.size() + copies);
    QCOMPARE(sd.doc.g.nodes.size(), p->doc.g.nodes.size() + copies);
    for (std::size_t t = sd.first_copy; t < sd.doc.ctx.size(); ++t) {
        const tensor& c = sd.doc.ctx[tensor_id{t}];
        QCOMPARE(c.op, op_kind::cpy);
        QVERIFY(c.name.starts_with("CPU"));
        QCOMPARE(sd.backend_of[t], static_cast<int>(scheduled->splits[static_cast<std::size_t>(sd.split_of[t])].backend));
    }
    split_diagram_options fold;
    fold.fold = diagram_fold::always;
    const std::string dot = split_diagram_dot(p->doc, *scheduled, fold);
    const cgraph_file folded(dot);
    QVERIFY(folded.g);
    std::vector<std::string> runs;
    for (Agnode_t* n = agfstnode(folded.g); n; n = agnxtnode(folded.g, n))
        if (agnameof(n)[0] == 'u') runs.push_back(folded.attr(n, "label").substr(0, folded.attr(n, "label").find("\\n")));
    // One instance of each distinct block in full: layer 0 (CPU) and layer 2 (CPU1, with its
    // copies, splits 1-9); layer 1 and layer 3 are boxes.
    QCOMPARE(runs, (std::vector<std::string>{"blk 1", "blk 3"}));
    QCOMPARE(folded.clusters().size(), std::size_t{12}); // split #0 and splits #1-#10 (layer 2), #20
    std::size_t drawn_copies = 0;
    for (Agnode_t* n = agfstnode(folded.g); n; n = agnxtnode(folded.g, n))
        drawn_copies += folded.attr(n, "shape") == "cds";
    QCOMPARE(drawn_copies, std::size_t{8});
    // Layer 3 and its copies: 43 nodes, on both backends (its ROPEs read inp_pos on CPU),
    // striped in proportion; splits 10-20.
    QVERIFY(dot.find("[label=\"blk 3\\n43 nodes · 46.00 KiB of results\\nsplits #10–20\", shape=box, "
                     "style=\"striped,bold\", penwidth=2, fillcolor=\"" + backend_colour("CPU") + ";0.581:" + backend_colour("CPU1") + ";0.418\"];") !=
            std::string::npos);
}

// The PNG of a split diagram is at most 4,000 pixels on its longest side unless asked otherwise.
void TestExportDiagram::boundedPng() {
    const auto source = [] { return open_source("template:llama?n_embd=64&n_layer=8&n_head=4&n_ff=128&n_vocab=100&n_ctx=64&n_batch=8", {}); };
    const auto png_size = [](const std::string& png) {
        const auto be32 = [&](std::size_t at) {
            return (std::uint32_t(std::uint8_t(png[at])) << 24) | (std::uint32_t(std::uint8_t(png[at + 1])) << 16) |
                   (std::uint32_t(std::uint8_t(png[at + 2])) << 8) | std::uint32_t(std::uint8_t(png[at + 3]));
        };
        return std::pair{be32(16), be32(20)}; // the IHDR chunk
    };
    export_request r;
    r.kind = export_kind::splits;
    r.format = "png";
    r.fold = diagram_fold::never;
    r.max_pixels = 600;
    auto in = source();
    auto bounded = produce_export(std::move(*in), r, source);
    QVERIFY2(bounded.ok(), bounded.ok() ? "" : bounded.err().message.c_str());
    const auto [w, h] = png_size(*bounded);
    QVERIFY2(std::max(w, h) <= 600 && std::max(w, h) >= 550, qPrintable(QStringLiteral("%1 x %2").arg(w).arg(h)));
    r.max_pixels = 0;
    r.fold = diagram_fold::always; // 8 layers folded: small enough unbounded
    in = source();
    auto folded = produce_export(std::move(*in), r, source);
    QVERIFY(folded.ok());
    const auto [fw, fh] = png_size(*folded);
    QVERIFY2(std::max(fw, fh) > 600 && std::max(fw, fh) < 4000, qPrintable(QStringLiteral("%1 x %2").arg(fw).arg(fh)));
    // The DOT says so too.
    r.format = "dot";
    r.max_pixels = 1200;
    in = source();
    auto dot = produce_export(std::move(*in), r, source);
    QVERIFY(dot.ok());
    QVERIFY(dot->find("\n  size=") == std::string::npos); // only PNGs are bounded
}

void TestExportDiagram::badDot() {
    const auto r = render_dot("digraph { a -> ", render_format::svg);
    QVERIFY(!r.ok());
    QVERIFY2(r.err().message.starts_with("Graphviz: cannot parse the graph text"), r.err().message.c_str());
}

// A backend's colour follows its kind, not its place in the list (CPU was orange with
// --backends opencl,cpu): the legend and the fills of both orders agree.
void TestExportDiagram::colourByKind_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("colour");
    QTest::newRow("CPU") << "CPU" << "#a8c8f0";
    QTest::newRow("second CPU") << "CPU1" << "#a9dca4";
    QTest::newRow("OpenCL") << "OpenCL" << "#f6c08a";
    QTest::newRow("second OpenCL") << "OpenCL2" << "#d2b6e8";
    QTest::newRow("another kind") << "GPU" << "#a9dca4";
    QTest::newRow("another kind, second") << "GPU1" << "#d2b6e8";
    QTest::newRow("all digits") << "42" << "#a9dca4"; // device 42: 42 % 6, the palette's first
    QTest::newRow("empty") << "" << "#a9dca4";
}

void TestExportDiagram::colourByKind() {
    QFETCH(QString, name);
    QFETCH(QString, colour);
    QCOMPARE(QString::fromStdString(backend_colour(name.toStdString())), colour);
    const auto p = planned(small_graph);
    QVERIFY(p);
    schedule_view s = two_splits(p->doc);
    std::swap(s.backends[0], s.backends[1]); // the same splits, the backends listed the other way round
    const std::string dot = split_diagram_dot(p->doc, s);
    const cgraph_file f(dot);
    QVERIFY(f.g);
    // y stays on backend 0, now named GPU: its fill is GPU's whatever the order.
    QCOMPARE(f.attr(agnode(f.g, const_cast<char*>("t5"), 0), "fillcolor"), backend_colour(s.backends[0]));
    QCOMPARE(f.attr(agnode(f.g, const_cast<char*>("t5"), 0), "fillcolor"), std::string("#a9dca4"));
}

QTEST_GUILESS_MAIN(TestExportDiagram)
#include "test_export_diagram.moc"
