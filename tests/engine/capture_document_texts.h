#pragma once
// The handmade capture of test_capture_document.cpp (here, as moc does not read raw strings).
#include <string>

// w (weights on GPU0) x inp (CPU input) -> mm on GPU0 -> silu on the CPU: two splits, mm copied to the CPU.
inline const std::string two_nodes =
    R"({"record":"header","format":"planscope-capture","version":1,"ggml":{"max_dims":4,"max_src":10,"max_name":64,"max_op_params":64}})" "\n"
    R"({"record":"graph","seq":0,"event":"sched_graph_compute","sched":0,"ok":true,"n_splits":2,"n_copies":1,)"
    R"("backends":[{"name":"GPU0","buffer_type":"GPU0","buffer_size":4096,"host":false},{"name":"CPU","buffer_type":"CPU","buffer_size":2048,"host":true}],)"
    R"("buffers":[{"name":"GPU0","size":8192,"usage":"weights","host":false},{"name":"GPU0","size":4096,"usage":"compute","host":false},)"
    R"({"name":"CPU","size":2048,"usage":"compute","host":true}],)"
    R"("tensors":[{"name":"w","op":"NONE","type":"f16","ne":[64,32,1,1],"nb":[2,128,4096,4096],"buffer":0,"offset":256,"backend":0},)"
    R"({"name":"inp","op":"NONE","type":"f32","ne":[64,8,1,1],"nb":[4,256,2048,2048],"flags":1,"buffer":2,"offset":0,"backend":1},)"
    R"({"name":"mm","op":"MUL_MAT","type":"f32","ne":[32,8,1,1],"nb":[4,128,1024,1024],"src":[0,1],"buffer":1,"offset":512,"backend":0},)"
    R"({"name":"out","op":"UNARY","type":"f32","ne":[32,8,1,1],"nb":[4,128,1024,1024],"op_params":[10],"src":[2],"flags":2,"buffer":2,"offset":1024,"backend":1}],)"
    R"("nodes":[2,3],"leafs":[0,1],"leafs_from":"graph"})" "\n";

