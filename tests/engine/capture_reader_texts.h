#pragma once
// The hand-written capture texts of test_capture_reader.cpp (here, as moc does not read raw strings).
#include <string>
#include <vector>

namespace {

const std::string header =
    R"({"record":"header","format":"planscope-capture","version":1,"pid":7,"command":"prog","started":"t",)"
    R"("ggml":{"max_dims":4,"max_src":10,"max_name":64,"max_op_params":64,"tensor_size":336},"max_graphs":9})"
    "\n";
const std::string buffers = R"("buffers":[{"id":0,"name":"CPU_Mapped","size":64,"usage":"weights","host":true},)"
                            R"({"id":1,"name":"CPU","size":32,"usage":"compute","host":true}])";
const std::string tensors = R"("tensors":[{"name":"w","op":"NONE","type":"f32","ne":[4,1,1,1],"nb":[4,16,16,16],"buffer":0,"offset":0,"backend":0},)"
                            R"({"name":"y","op":"SCALE","type":"f32","ne":[4,1,1,1],"nb":[4,16,16,16],"op_params":[1065353216],"src":[0],"flags":2,"buffer":1,"offset":16,"backend":0}])";
const std::string backends = R"("backends":[{"name":"CPU","buffer_type":"CPU","buffer_size":32,"host":true}],"n_splits":1)";

std::string graph(const std::string& body) { return R"({"record":"graph","seq":0,"event":"sched_graph_compute",)" + body + "}\n"; }
std::string good_graph() { return graph(backends + "," + buffers + "," + tensors + R"(,"nodes":[1],"leafs":[0])"); }


struct error_case {
    const char* name;
    std::string text;
    const char* message;
};

inline std::vector<error_case> error_cases() {
    std::vector<error_case> out;
        const auto row = [&out](const char* name, const std::string& text, const char* message) { out.push_back({name, text, message}); };
        row("empty", "", "no header record: not a capture file");
        row("not json", "hello\n", "line 1: record: not JSON");
        row("graph first", good_graph(), "line 1: graph: before the first header");
        row("other format", R"({"record":"header","format":"x","version":1})" "\n", "line 1: header: format 'x' is not planscope-capture");
        row("version 2", R"({"record":"header","format":"planscope-capture","version":2})" "\n",
            "line 1: header: version 2 (this Planscope reads version 1)");
        row("no tensors", header + graph(buffers + R"(,"nodes":[],"leafs":[])"), "line 2: graph: no 'tensors'");
        row("unknown record", header + R"({"record":"x"})" "\n", "line 2: record: 'x' is none of header, graph, end");
        row("node out of list", header + graph(backends + "," + buffers + "," + tensors + R"(,"nodes":[2],"leafs":[])"),
            "line 2: graph: nodes[0]: index 2 is out of its list of 2");
        row("source out of list",
            header + graph(buffers + R"(,"tensors":[{"op":"NONE","type":"f32","ne":[1,1,1,1],"nb":[4,4,4,4],"src":[5]}],"nodes":[],"leafs":[])"),
            "line 2: graph: tensors[0]: src[0]: index 5 is out of its list of 1");
        row("dimension too large",
            header + graph(buffers + R"(,"tensors":[{"op":"NONE","type":"f32","ne":[4611686018427387904,1,1,1],"nb":[4,4,4,4]}],"nodes":[],"leafs":[])"),
            "line 2: graph: tensors[0]: ne[0]: 4611686018427387904 is outside [0, 4611686018427387903]");
        row("three dims", header + graph(buffers + R"(,"tensors":[{"op":"NONE","type":"f32","ne":[1,1,1],"nb":[4,4,4,4]}],"nodes":[],"leafs":[])"),
            "line 2: graph: tensors[0]: ne: 3 numbers, not 4");
        row("bad usage", header + graph(R"("buffers":[{"name":"a","size":1,"usage":"x"}],"tensors":[],"nodes":[],"leafs":[])"),
            "line 2: graph: buffers[0]: usage 'x' is none of weights, compute, any");
        row("deep", header + std::string(40, '[') + std::string(40, ']') + "\n", "line 2: record: nested deeper than 16");
        row("other layout", R"({"record":"header","format":"planscope-capture","version":1,"ggml":{"max_dims":5,"max_src":10,"max_name":64,"max_op_params":64}})" "\n",
            "line 1: header: ggml layout max_dims 5, max_src 10, max_op_params 64 (Planscope reads 4, at most 10, at most 64)");
    return out;
}

inline std::string end_line() { return R"({"record":"end","graphs":1,"dropped":3})" "\n"; }
inline std::string cut_line() { return R"({"record":"graph","seq":1,"ev)"; }

} // namespace
