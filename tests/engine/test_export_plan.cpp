// The plan and allocation-trace exports of tests/data/graphs/small.json worked out by hand
// (lifetimes and offsets as test_graph_dsa derives them), the JSON checked against
// docs/plan-schema.json, offsets against the allocator's own events, and the allocation trace
// read back by the DSA CSV reader.
#include "export/alloc_trace.h"
#include "export/export_runner.h"
#include "export/plan_export.h"
#include "source/graph_source.h"
#include "plan/dsa_csv.h"

#include "common/json_schema_check.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <algorithm>
#include <fstream>
#include <sstream>

using namespace planscope;
using json = nlohmann::json;

namespace {

const std::string small_graph = PLANSCOPE_SOURCE_DIR "/tests/data/graphs/small.json";
const std::string llama_template = "template:llama?n_embd=64&n_layer=2&n_head=4&n_ff=128&n_vocab=100&n_ctx=64&n_batch=8";

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::optional<planned_graph> planned(const std::string& source, planner_kind k = planner_kind::ggml) {
    auto in = open_source(source, {});
    if (!in) return std::nullopt;
    export_plan_options o;
    o.preallocate = in->preallocate;
    o.planner = k;
    auto p = plan_for_export(std::move(in->doc), o);
    if (!p) return std::nullopt;
    return std::move(*p);
}

const json& tensor_named(const json& root, const std::string& name) {
    for (const json& t : root["tensors"])
        if (t["name"] == name) return t;
    static const json none;
    return none;
}

} // namespace

class TestExportPlan : public QObject {
    Q_OBJECT
private slots:
    void smallTensors_data();
    void smallTensors();
    void smallBuffers();
    void causesFromSchedule();
    void validatesAgainstSchema_data();
    void validatesAgainstSchema();
    void scheduledPlanValidates_data();
    void scheduledPlanValidates();
    void schemaRejectsBrokenPlans();
    void offsetsAreTheAllocators();
    void otherPlannerOffsets();
    void csv();
    void allocTraceRoundTrip_data();
    void allocTraceRoundTrip();
};

void TestExportPlan::smallTensors_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("buffer");
    QTest::addColumn<qint64>("offset");
    QTest::addColumn<qint64>("size");
    QTest::addColumn<qint64>("first"); // -1: null
    QTest::addColumn<qint64>("last");
    QTest::addColumn<qint64>("view_of");
    // norm [0, 5) at 0, y [2, 5) at 128, c [4, 7) at 256, out [6, 7) at 0 (norm's bytes again);
    // views ride with their source: normed in norm, yt in y, v 32 bytes into c.
    QTest::newRow("norm") << "norm" << "compute" << 0ll << 128ll << 0ll << 4ll << -1ll;
    QTest::newRow("normed") << "normed" << "compute" << 0ll << 128ll << 0ll << 4ll << 3ll;
    QTest::newRow("y") << "y" << "compute" << 128ll << 128ll << 2ll << 4ll << -1ll;
    QTest::newRow("yt") << "yt" << "compute" << 128ll << 128ll << 2ll << 4ll << 5ll;
    QTest::newRow("c") << "c" << "compute" << 256ll << 128ll << 4ll << 6ll << -1ll;
    QTest::newRow("v") << "v" << "compute" << 288ll << 32ll << 4ll << 6ll << 7ll;
    QTest::newRow("out") << "out" << "compute" << 0ll << 32ll << 6ll << 6ll << -1ll;
    QTest::newRow("w") << "w" << "weights" << 0ll << 256ll << -1ll << -1ll << -1ll;
    QTest::newRow("norm_w") << "norm_w" << "weights" << 256ll << 32ll << -1ll << -1ll << -1ll;
    QTest::newRow("x") << "x" << "inputs" << 0ll << 128ll << -1ll << -1ll << -1ll;
}

void TestExportPlan::smallTensors() {
    QFETCH(QString, name);
    QFETCH(QString, buffer);
    QFETCH(qint64, offset);
    QFETCH(qint64, size);
    QFETCH(qint64, first);
    QFETCH(qint64, last);
    QFETCH(qint64, view_of);
    const auto p = planned(small_graph);
    QVERIFY(p);
    const json root = json::parse(plan_export_json(make_plan_export(*p)));
    const json& t = tensor_named(root, name.toStdString());
    QVERIFY(t.is_object());
    QCOMPARE(QString::fromStdString(t["buffer"].get<std::string>()), buffer);
    QCOMPARE(t["offset"].get<qint64>(), offset);
    QCOMPARE(t["size"].get<qint64>(), size);
    QCOMPARE(t["first_step"].is_null() ? -1 : t["first_step"].get<qint64>(), first);
    QCOMPARE(t["last_step"].is_null() ? -1 : t["last_step"].get<qint64>(), last);
    QCOMPARE(t["view_of"].is_null() ? -1 : t["view_of"].get<qint64>(), view_of);
    QVERIFY(t["inplace_of"].is_null());
    QCOMPARE(t["backend"], json("CPU"));
    QCOMPARE(t["cause"], json("buffer"));
}

// weights: w [0, 256) and norm_w [256, 288); the compute buffer's peak reaches its lower bound.
void TestExportPlan::smallBuffers() {
    const auto p = planned(small_graph);
    QVERIFY(p);
    const json root = json::parse(plan_export_json(make_plan_export(*p)));
    QCOMPARE(root["format"], json("planscope-plan"));
    QCOMPARE(root["graph"], json("small"));
    QCOMPARE(root["planner"], json("ggml"));
    QCOMPARE(root["steps"], json(7));
    QCOMPARE(root["tensors"].size(), std::size_t{10});
    QCOMPARE(root["tensors"][0]["name"], json("norm")); // nodes first, in graph order
    QCOMPARE(root["tensors"][7]["role"], json("leaf"));
    const json expected = json::parse(R"([
      {"name": "weights", "backend": "CPU", "size": 512, "alignment": 64, "peak": 288, "lower_bound": null},
      {"name": "inputs", "backend": "CPU", "size": 128, "alignment": 32, "peak": 128, "lower_bound": null},
      {"name": "compute", "backend": "CPU", "size": 384, "alignment": 32, "peak": 384, "lower_bound": 384}])");
    QCOMPARE(root["buffers"], expected);
}

// The assignments of the file (y and out) are "assigned"; other tensors run on the one backend.
void TestExportPlan::causesFromSchedule() {
    const auto p = planned(small_graph);
    QVERIFY(p);
    const schedule_view s = single_split(p->doc, "CPU");
    const json root = json::parse(plan_export_json(make_plan_export(*p, &s)));
    QCOMPARE(tensor_named(root, "y")["cause"], json("assigned"));
    QCOMPARE(tensor_named(root, "out")["cause"], json("assigned"));
    QCOMPARE(tensor_named(root, "c")["cause"], json("single backend"));
    QCOMPARE(tensor_named(root, "w")["cause"], json("single backend"));
    QCOMPARE(tensor_named(root, "w")["backend"], json("CPU"));
}

void TestExportPlan::validatesAgainstSchema_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("planner");
    QTest::newRow("small ggml") << QString::fromStdString(small_graph) << int(planner_kind::ggml);
    QTest::newRow("llama ggml") << QString::fromStdString(llama_template) << int(planner_kind::ggml);
    QTest::newRow("llama greedy-size") << QString::fromStdString(llama_template) << int(planner_kind::greedy_size);
}

void TestExportPlan::validatesAgainstSchema() {
    QFETCH(QString, source);
    QFETCH(int, planner);
    const json schema = json::parse(read_text(PLANSCOPE_SOURCE_DIR "/docs/plan-schema.json"));
    const auto p = planned(source.toStdString(), static_cast<planner_kind>(planner));
    QVERIFY(p);
    const json root = json::parse(plan_export_json(make_plan_export(*p)));
    const std::string e = schema_violation(schema, schema, root, "");
    QVERIFY2(e.empty(), e.c_str());
}

// The scheduler's plan (export --what plan --backends, export_runner.h) in JSON and CSV: valid
// against the schema with its copies (role "copy"), the offsets those of the plan listed by
// plan --backends; another planner is refused (it lays out one compute buffer).
void TestExportPlan::scheduledPlanValidates_data() {
    QTest::addColumn<int>("version");
    QTest::newRow("2023") << int(ggml_version::v2023);
    QTest::newRow("2026") << int(ggml_version::v2026);
}

void TestExportPlan::scheduledPlanValidates() {
    QFETCH(int, version);
    const json schema = json::parse(read_text(PLANSCOPE_SOURCE_DIR "/docs/plan-schema.json"));
    llama_params params;
    params.ngl = 1;
    const auto open = [&] { return open_source(llama_template, params); };
    export_request r;
    r.kind = export_kind::plan;
    export_schedule_options so;
    so.backends = "cpu,cpu";
    so.version = static_cast<ggml_version>(version);
    r.schedule = so;
    auto in = open();
    QVERIFY(in);
    const auto text = produce_export(std::move(*in), r, open);
    QVERIFY2(text, text ? "" : text.err().message.c_str());
    const json root = json::parse(*text);
    const std::string e = schema_violation(schema, schema, root, "");
    QVERIFY2(e.empty(), e.c_str());
    in = open();
    QVERIFY(in);
    const auto sched = schedule_for_export(*in, so);
    QVERIFY(sched);
    std::size_t copies = 0;
    for (const json& t : root["tensors"]) {
        const tensor& x = sched->doc.ctx[tensor_id{t["id"].get<std::size_t>()}];
        QCOMPARE(t["name"].get<std::string>(), x.name);
        if (x.where) QCOMPARE(t["offset"].get<std::uint64_t>(), x.where->offset);
        copies += t["role"] == "copy";
    }
    QCOMPARE(copies, version == int(ggml_version::v2023) ? std::size_t{8} : std::size_t{0});
    r.format = "csv";
    in = open();
    const auto csv = produce_export(std::move(*in), r, open);
    QVERIFY(csv);
    QCOMPARE(static_cast<std::size_t>(std::count(csv->begin(), csv->end(), '\n')), root["tensors"].size() + 1);
    r.format = "json";
    r.plan.planner = planner_kind::greedy_size;
    in = open();
    const auto refused = produce_export(std::move(*in), r, open);
    QVERIFY(!refused);
}

// The checker is not vacuous: each of these breaks the schema.
void TestExportPlan::schemaRejectsBrokenPlans() {
    const json schema = json::parse(read_text(PLANSCOPE_SOURCE_DIR "/docs/plan-schema.json"));
    const auto p = planned(small_graph);
    QVERIFY(p);
    const json good = json::parse(plan_export_json(make_plan_export(*p)));
    json missing = good;
    missing["tensors"][0].erase("offset");
    QCOMPARE(schema_violation(schema, schema, missing, ""), std::string("/tensors/0: missing offset"));
    json extra = good;
    extra["buffers"][0]["colour"] = "red";
    QCOMPARE(schema_violation(schema, schema, extra, ""), std::string("/buffers/0: unknown key colour"));
    json negative = good;
    negative["tensors"][1]["offset"] = -4;
    QCOMPARE(schema_violation(schema, schema, negative, ""), std::string("/tensors/1/offset: below the minimum"));
    json role = good;
    role["tensors"][2]["role"] = "weight";
    QCOMPARE(schema_violation(schema, schema, role, ""), std::string("/tensors/2/role: not one of the enum"));
}

// Every compute-buffer tensor's exported offset is where the allocator's events put it (alloc,
// view or inplace), on a llama graph with inplace nodes.
void TestExportPlan::offsetsAreTheAllocators() {
    auto in = open_source(llama_template, {});
    QVERIFY(in.ok());
    graph_document doc = std::move(in->doc);
    const std::vector<tensor_id> preallocate = in->preallocate;
    alloc_recorder recorder;
    {
        graph_document copy;
        copy.name = doc.name;
        copy.ctx = doc.ctx;
        copy.g = doc.g;
        copy.buffers = doc.buffers;
        plan_options po;
        po.preallocate = preallocate;
        po.observer = &recorder;
        QVERIFY(plan_graph(copy, po).ok());
    }
    std::unordered_map<std::uint32_t, std::uint64_t> allocator; // tensor id -> offset in the compute buffer
    std::size_t inplace = 0;
    const buffer_id compute{doc.buffers.size()};
    for (const alloc_event& e : recorder.events()) {
        if (const auto* a = std::get_if<events::alloc>(&e); a && a->buffer == compute) allocator[a->tensor.value] = a->offset;
        if (const auto* v = std::get_if<events::view>(&e); v && v->where.buffer == compute)
            allocator[v->tensor.value] = v->where.offset;
        if (const auto* i = std::get_if<events::inplace>(&e); i && i->where.buffer == compute) {
            allocator[i->node.value] = i->where.offset;
            ++inplace;
        }
    }
    QVERIFY(inplace > 0);
    export_plan_options o;
    o.preallocate = preallocate;
    const auto p = plan_for_export(std::move(doc), o);
    QVERIFY(p.ok());
    const json root = json::parse(plan_export_json(make_plan_export(*p)));
    std::size_t compared = 0, inplace_rows = 0;
    for (const json& t : root["tensors"]) {
        if (t["buffer"] != "compute") continue;
        const auto it = allocator.find(t["id"].get<std::uint32_t>());
        QVERIFY2(it != allocator.end(), t["name"].get<std::string>().c_str());
        QCOMPARE(t["offset"].get<std::uint64_t>(), it->second);
        inplace_rows += !t["inplace_of"].is_null();
        ++compared;
    }
    QCOMPARE(compared, allocator.size());
    QCOMPARE(inplace_rows, inplace);
}

// Another planner's plan: every member at its buffer's new offset plus its distance into it.
void TestExportPlan::otherPlannerOffsets() {
    const auto p = planned(llama_template, planner_kind::greedy_size);
    QVERIFY(p);
    const auto expected = member_offsets(p->dsa, p->chosen.offsets);
    const plan_export e = make_plan_export(*p);
    QCOMPARE(e.planner, std::string("greedy-size"));
    std::size_t compared = 0;
    for (const plan_export_tensor& t : e.tensors) {
        const auto it = expected.find(t.id);
        if (it == expected.end()) continue;
        QCOMPARE(*t.offset, it->second);
        ++compared;
    }
    QCOMPARE(compared, expected.size());
    QCOMPARE(e.buffers.back().peak, p->chosen.peak);
    QVERIFY(*e.buffers.back().lower_bound <= p->chosen.peak);
}

void TestExportPlan::csv() {
    const auto p = planned(small_graph);
    QVERIFY(p);
    const std::string text = plan_export_csv(make_plan_export(*p));
    std::istringstream lines(text);
    std::string header, first;
    std::getline(lines, header);
    std::getline(lines, first);
    QCOMPARE(header,
             std::string("id,name,role,op,type,ne,size,buffer,offset,first_step,last_step,view_of,inplace_of,backend,cause"));
    QCOMPARE(first, std::string("3,norm,node,RMS_NORM,f32,8 4 1 1,128,compute,0,0,4,,,CPU,buffer"));
    QVERIFY(text.find("\n8,v,node,VIEW,f32,4 2 1 1,32,compute,288,4,6,7,,CPU,buffer\n") != std::string::npos);
    QVERIFY(text.find("\n9,out,node,SILU,f32,4 2 1 1,32,compute,0,6,6,,,CPU,buffer\n") != std::string::npos);
    QVERIFY(text.find("\n1,w,leaf,NONE,f32,8 8 1 1,256,weights,0,,,,,CPU,buffer\n") != std::string::npos);
    QCOMPARE(std::count(text.begin(), text.end(), '\n'), 11);
}

void TestExportPlan::allocTraceRoundTrip_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("planner");
    QTest::newRow("small ggml") << QString::fromStdString(small_graph) << int(planner_kind::ggml);
    QTest::newRow("llama ggml") << QString::fromStdString(llama_template) << int(planner_kind::ggml);
    QTest::newRow("llama best") << QString::fromStdString(llama_template) << int(planner_kind::best);
}

// The trace reads back as the same problem and offsets, and the offsets are a valid plan.
void TestExportPlan::allocTraceRoundTrip() {
    QFETCH(QString, source);
    QFETCH(int, planner);
    const auto p = planned(source.toStdString(), static_cast<planner_kind>(planner));
    QVERIFY(p);
    const std::string csv = alloc_trace_csv(*p);
    QVERIFY(csv.starts_with("id,lower,upper,size,offset\n"));
    auto back = parse_dsa_csv(csv, "trace.csv");
    QVERIFY2(back.ok(), back.ok() ? "" : back.err().message.c_str());
    QCOMPARE(back->problem.buffers.size(), p->dsa.problem.buffers.size());
    for (std::size_t i = 0; i < back->problem.buffers.size(); ++i) {
        const dsa_buffer& a = back->problem.buffers[i];
        const dsa_buffer& b = p->dsa.problem.buffers[i];
        QCOMPARE(a.id, b.id);
        QCOMPARE(a.lower, b.lower);
        QCOMPARE(a.upper, b.upper);
        QCOMPARE(a.size, b.size);
    }
    QVERIFY(back->offsets);
    QCOMPARE(*back->offsets, p->chosen.offsets);
    back->problem.alignment = p->dsa.problem.alignment;
    QVERIFY(validate(back->problem, *back->offsets).ok());
    QCOMPARE(peak(back->problem, *back->offsets), p->chosen.peak);
}

QTEST_GUILESS_MAIN(TestExportPlan)
#include "test_export_plan.moc"
