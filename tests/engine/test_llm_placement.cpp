// llama.cpp da46e59c's placement of weights and KV cache (engine/llm/llm_placement.h) on
// hand-made devices: two 24 GiB GPUs "CUDA0" / "CUDA1" with a "CUDA_Host" host buffer type and a
// 64 GiB CPU, a 32-layer llama-like model and a 32-layer MoE of 8 experts. The expectations are
// worked out by hand from load_tensors' arithmetic (i_gpu_start, act_gpu_layers, upper_bound on
// the normalised cumulative split) and create_tensor's rules.
#include "core/tensor.h"
#include "llm/llm_placement.h"

#include <QtTest>

#include <sstream>

using namespace planscope;

namespace {

constexpr std::uint64_t gib = std::uint64_t{1} << 30;

device_profile gpu_profile(const std::string& name, device_kind kind = device_kind::gpu, bool host = true) {
    device_profile d;
    d.name = name;
    d.kind = kind;
    d.memory_total = d.memory_free = 24 * gib;
    d.buffer = {name, 128, SIZE_MAX, false, 512, device_alloc_extra::none};
    if (host) d.host_buffer = device_buffer_type{"CUDA_Host", 32, SIZE_MAX, true, 0, device_alloc_extra::none};
    // Rules to see select_weight_buft move on: no MUL_MAT of q8_0, no GET_ROWS of q4_1.
    device_op_rule no_q8_0_mul_mat;
    no_q8_0_mul_mat.op = op_kind::mul_mat;
    no_q8_0_mul_mat.src_types = {{dtype::q8_0}};
    no_q8_0_mul_mat.supported = false;
    device_op_rule no_q4_1_get_rows;
    no_q4_1_get_rows.op = op_kind::get_rows;
    no_q4_1_get_rows.src_types = {{dtype::q4_1}};
    no_q4_1_get_rows.supported = false;
    d.supports = {no_q8_0_mul_mat, no_q4_1_get_rows};
    return d;
}

device_profile cpu_profile() {
    device_profile d;
    d.name = "CPU";
    d.kind = device_kind::cpu;
    d.memory_total = d.memory_free = 64 * gib;
    d.buffer = {"CPU", 32, SIZE_MAX, true, 0};
    return d;
}

llm_hparams model_hparams(bool moe) {
    llm_hparams h;
    h.arch = "llama";
    h.n_vocab = 32000;
    h.n_embd = 4096;
    h.n_layer = 32;
    h.n_head_arr.assign(32, 32);
    h.n_head_kv_arr.assign(32, 8);
    h.n_ff_arr.assign(32, 14336);
    h.n_embd_head_k = h.n_embd_head_v = h.n_rot = 128;
    if (moe) {
        h.n_expert = 8;
        h.n_expert_used = 2;
    }
    return h;
}

struct scenario {
    llm_hparams h = model_hparams(false);
    llm_device_set devices;
    llm_placement_params p;
};

// "ngl=16 ts=3,1 free=24,8 sm=none mg=1 row nommap nohost nokv moe ncmoe=4 ot=PATTERN=TYPE":
// llama.cpp's options; two GPUs of 24 GiB free unless free= says otherwise; "nogpu": none;
// "cpu=avx2,avx512f": the CPU's features (none unless given); "norepack": --no-repack.
scenario scenario_of(const QString& options) {
    scenario s;
    s.devices.gpus = {gpu_profile("CUDA0"), gpu_profile("CUDA1")};
    s.devices.cpu = cpu_profile();
    std::istringstream in(options.toStdString());
    for (std::string opt; in >> opt;) {
        const auto eq = opt.find('=');
        const std::string key = opt.substr(0, eq), value = eq == std::string::npos ? "" : opt.substr(eq + 1);
        auto numbers = [&value] {
            std::vector<float> v;
            std::istringstream parts(value);
            for (std::string x; std::getline(parts, x, ',');) v.push_back(std::stof(x));
            return v;
        };
        if (key == "ngl") s.p.n_gpu_layers = std::stoi(value);
        else if (key == "ts") s.p.tensor_split = numbers();
        else if (key == "free") {
            const auto v = numbers();
            for (std::size_t i = 0; i < v.size(); ++i)
                s.devices.gpus[i].memory_free = static_cast<std::uint64_t>(v[i] * static_cast<float>(gib));
        } else if (key == "sm") s.p.split_mode = *parse_split_mode(value);
        else if (key == "mg") s.p.main_gpu = std::stoi(value);
        else if (key == "row") {
            s.p.split_mode = llm_split_mode::row;
            for (auto& g : s.devices.gpus) g.supports_row_split = true;
        } else if (key == "nommap") s.p.use_mmap = false;
        else if (key == "nohost") s.p.no_host = true;
        else if (key == "nokv") s.p.offload_kqv = false;
        else if (key == "moe") s.h = model_hparams(true);
        else if (key == "ncmoe") s.p.n_cpu_moe = std::stoi(value);
        else if (key == "nogpu") s.devices.gpus.clear();
        else if (key == "norepack") s.p.no_repack = true;
        else if (key == "cpu") {
            std::istringstream parts(value);
            for (std::string x; std::getline(parts, x, ',');) s.devices.cpu.cpu_features.push_back(x);
        }
        else if (key == "ot") {
            const auto last = value.rfind('=');
            s.p.overrides.push_back({value.substr(0, last), value.substr(last + 1)});
        } else qFatal("unknown option %s", opt.c_str());
    }
    return s;
}

llm_placement placement_of(const scenario& s) {
    auto pl = llm_placement::make(s.h, s.devices, s.p);
    if (!pl) qFatal("%s", pl.err().message.c_str());
    return std::move(*pl);
}

QString device_name(const llm_placement& pl, int d) {
    return d < 0 ? "CPU" : QString::fromStdString(pl.devices().gpus[static_cast<std::size_t>(d)].name);
}

// "0-16:CPU 17-32:CUDA0": runs of layers by device, the output as layer n_layer.
QString layer_runs(const llm_placement& pl, std::uint32_t n_layer) {
    QStringList runs;
    std::uint32_t start = 0;
    auto device = [&](std::uint32_t il) { return il < n_layer ? pl.layer_device(il) : pl.output_device(); };
    for (std::uint32_t il = 1; il <= n_layer + 1; ++il) {
        if (il <= n_layer && device(il) == device(start)) continue;
        const QString range = start == il - 1 ? QString::number(start) : QString("%1-%2").arg(start).arg(il - 1);
        runs << range + ":" + device_name(pl, device(start));
        start = il;
    }
    return runs.join(' ');
}

QString buffer_text(const llm_placed_buffer& b) {
    return QString::fromStdString(b.type.name) + "@" + QString::number(b.device) + (b.mapped ? " mapped" : "");
}

tensor weight(dtype type, std::array<std::int64_t, 4> ne) {
    tensor t;
    t.type = type;
    t.ne = ne;
    t.nb = contiguous_strides(type, ne);
    return t;
}

} // namespace

class TestLlmPlacement : public QObject {
    Q_OBJECT
private slots:
    void layers_data();
    void layers();
    void modelDevices_data();
    void modelDevices();
    void weights_data();
    void weights();
    void kvCache_data();
    void kvCache();
    void tensorUse_data();
    void tensorUse();
    void modelTensorsAreKnown();
    void errors_data();
    void errors();
    void splitModeNames();
};

void TestLlmPlacement::layers_data() {
    QTest::addColumn<QString>("options");
    QTest::addColumn<QString>("runs");
    QTest::addColumn<int>("offloaded");
    // i_gpu_start = 33 - ngl; layer il on GPU upper_bound(splits, (il - i_gpu_start) / act_gpu_layers).
    QTest::newRow("ngl 0") << "ngl=0" << "0-32:CPU" << 0;
    QTest::newRow("ngl 16") << "ngl=16" << "0-16:CPU 17-24:CUDA0 25-32:CUDA1" << 16;
    QTest::newRow("ngl 32: layer 0 stays") << "ngl=32" << "0:CPU 1-16:CUDA0 17-32:CUDA1" << 32;
    QTest::newRow("ngl 33") << "ngl=33" << "0-16:CUDA0 17-32:CUDA1" << 33;
    QTest::newRow("ngl -1 (default): all") << "" << "0-16:CUDA0 17-32:CUDA1" << 33;
    QTest::newRow("ngl 99") << "ngl=99" << "0-16:CUDA0 17-32:CUDA1" << 33;
    QTest::newRow("tensor split 3,1") << "ts=3,1" << "0-24:CUDA0 25-32:CUDA1" << 33;
    QTest::newRow("tensor split 1,3") << "ts=1,3" << "0-8:CUDA0 9-32:CUDA1" << 33;
    QTest::newRow("tensor split 3: the rest 0") << "ts=3" << "0-32:CUDA0" << 33;
    QTest::newRow("tensor split 0,1") << "ts=0,1" << "0-32:CUDA1" << 33;
    QTest::newRow("tensor split 3,1, ngl 16") << "ts=3,1 ngl=16" << "0-16:CPU 17-28:CUDA0 29-32:CUDA1" << 16;
    QTest::newRow("free 24 + 8 GiB") << "free=24,8" << "0-24:CUDA0 25-32:CUDA1" << 33;
    QTest::newRow("tensor split 0,0: by free memory") << "ts=0,0 free=24,8" << "0-24:CUDA0 25-32:CUDA1" << 33;
    // 11/33 and 10/30 are the same float: upper_bound passes the equal split point.
    QTest::newRow("free 10 + 20 GiB") << "free=10,20" << "0-10:CUDA0 11-32:CUDA1" << 33;
    QTest::newRow("split none, main 0") << "sm=none" << "0-32:CUDA0" << 33;
    QTest::newRow("split none, main 1") << "sm=none mg=1" << "0-32:CUDA1" << 33;
    QTest::newRow("split none, main 1, ts ignored") << "sm=none mg=1 ts=1,3" << "0-32:CUDA1" << 33;
    QTest::newRow("split none, main 1, ngl 16") << "sm=none mg=1 ngl=16" << "0-16:CPU 17-32:CUDA1" << 16;
    QTest::newRow("split none, main -1: no GPU") << "sm=none mg=-1" << "0-32:CPU" << 0;
    QTest::newRow("split row: layers as layer") << "row" << "0-16:CUDA0 17-32:CUDA1" << 33;
}

void TestLlmPlacement::layers() {
    QFETCH(QString, options);
    QFETCH(QString, runs);
    QFETCH(int, offloaded);
    const auto pl = placement_of(scenario_of(options));
    QCOMPARE(layer_runs(pl, 32), runs);
    QCOMPARE(pl.offloaded_layers(), offloaded);
}

void TestLlmPlacement::modelDevices_data() {
    QTest::addColumn<QStringList>("kinds");
    QTest::addColumn<bool>("given");
    QTest::addColumn<QList<int>>("modelGpus");
    QTest::addColumn<QString>("inputBuffer"); // token_embd with --no-mmap: the CPU list's first
    QTest::newRow("two GPUs") << QStringList{"gpu", "gpu"} << false << QList<int>{0, 1} << "CUDA_Host@0";
    QTest::newRow("iGPU dropped beside a GPU") << QStringList{"igpu", "gpu"} << false << QList<int>{1} << "CUDA_Host@1";
    QTest::newRow("first iGPU alone") << QStringList{"igpu", "igpu"} << false << QList<int>{0} << "CUDA_Host@0";
    QTest::newRow("iGPU with RPC") << QStringList{"rpc", "igpu"} << false << QList<int>{0, 1} << "CUDA_Host@1";
    QTest::newRow("RPC first") << QStringList{"gpu", "rpc"} << false << QList<int>{1, 0} << "CUDA_Host@0";
    QTest::newRow("ACCEL leads the CPU list") << QStringList{"gpu", "accel"} << false << QList<int>{0} << "DEV1@1";
    QTest::newRow("--device: as given") << QStringList{"igpu", "gpu"} << true << QList<int>{0, 1} << "CUDA_Host@0";
    QTest::newRow("no device") << QStringList{} << false << QList<int>{} << "CPU@-1";
}

void TestLlmPlacement::modelDevices() {
    QFETCH(QStringList, kinds);
    QFETCH(bool, given);
    QFETCH(QList<int>, modelGpus);
    QFETCH(QString, inputBuffer);
    scenario s = scenario_of("nommap");
    s.devices.gpus.clear();
    s.devices.given = given;
    for (const QString& k : kinds) {
        const auto kind = *parse_device_kind(k.toStdString());
        // RPC hosts have no host buffer type.
        s.devices.gpus.push_back(
            gpu_profile("DEV" + std::to_string(s.devices.gpus.size()), kind, kind != device_kind::rpc));
    }
    const auto pl = placement_of(s);
    QCOMPARE(QList<int>(pl.model_gpus().begin(), pl.model_gpus().end()), modelGpus);
    const auto use = llm_tensor_use_of("token_embd.weight");
    QVERIFY(use.ok());
    const auto b = pl.weight_buffer("token_embd.weight", weight(dtype::f16, {4096, 32000, 1, 1}), *use);
    QVERIFY2(b.ok(), b.ok() ? "" : b.err().message.c_str());
    QCOMPARE(buffer_text(*b), inputBuffer);
}

void TestLlmPlacement::weights_data() {
    QTest::addColumn<QString>("options");
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("bid");
    QTest::addColumn<bool>("duplicated");
    QTest::addColumn<int>("type");
    QTest::addColumn<QList<qlonglong>>("shape");
    QTest::addColumn<QString>("buffer");
    const int f16 = int(dtype::f16), f32 = int(dtype::f32), q8 = int(dtype::q8_0), q41 = int(dtype::q4_1);
    const QList<qlonglong> embd{4096, 32000}, mat{4096, 4096}, norm{4096}, exps{4096, 14336, 8}, exps_b{14336, 8};
    auto row = [&](const char* tag, const char* options, const char* name, int type, const QList<qlonglong>& shape,
                   const char* buffer, int bid = -1, bool dup = false) {
        QTest::newRow(tag) << options << name << bid << dup << type << shape << buffer;
    };
    // The input layer: the CPU list, CUDA_Host first, replaced by the mapped CPU buffer.
    row("token_embd", "", "token_embd.weight", f16, embd, "CPU@-1 mapped");
    row("token_embd --no-mmap", "nommap", "token_embd.weight", f16, embd, "CUDA_Host@0");
    row("token_embd --no-mmap --no-host", "nommap nohost", "token_embd.weight", f16, embd, "CPU@-1");
    row("token_embd q4_1: no GET_ROWS on CUDA", "nommap", "token_embd.weight", q41, embd, "CPU@-1");
    // Repeating layers on their layer's GPU.
    row("attn_q layer 0", "", "blk.0.attn_q.weight", f16, mat, "CUDA0@0");
    row("attn_q bias layer 0", "", "blk.0.attn_q.bias", f32, norm, "CUDA0@0");
    row("attn_norm layer 16", "", "blk.16.attn_norm.weight", f32, norm, "CUDA0@0");
    row("attn_norm layer 17", "", "blk.17.attn_norm.weight", f32, norm, "CUDA1@1");
    row("ffn_down layer 20", "", "blk.20.ffn_down.weight", f16, mat, "CUDA1@1");
    row("rope_freqs layer 3", "", "rope_freqs.weight", f32, {64}, "CUDA0@0", 3);
    row("rope_freqs layer 30", "", "rope_freqs.weight", f32, {64}, "CUDA1@1", 30);
    row("output", "", "output.weight", f16, embd, "CUDA1@1");
    row("output_norm", "", "output_norm.weight", f32, norm, "CUDA1@1");
    row("tied output (TENSOR_DUPLICATED)", "", "token_embd.weight", f16, embd, "CUDA1@1", -1, true);
    row("tied output, ngl 32", "ngl=32", "token_embd.weight", f16, embd, "CUDA1@1", -1, true);
    row("tied output, ngl 0", "ngl=0", "token_embd.weight", f16, embd, "CPU@-1 mapped", -1, true);
    // A weight the GPU cannot multiply: CUDA0 and CUDA_Host (CUDA0's rules) refuse, the CPU runs it.
    row("q8_0 matrix on CUDA0", "", "blk.0.attn_q.weight", q8, mat, "CPU@-1 mapped");
    row("q8_0 matrix on CUDA0, --no-mmap", "nommap", "blk.0.attn_q.weight", q8, mat, "CPU@-1");
    // Layers left on the CPU.
    row("ngl 16: layer 3", "ngl=16", "blk.3.attn_q.weight", f16, mat, "CPU@-1 mapped");
    row("ngl 16: layer 3, --no-mmap", "ngl=16 nommap", "blk.3.attn_q.weight", f16, mat, "CUDA_Host@0");
    row("ngl 16: layer 17", "ngl=16", "blk.17.attn_q.weight", f16, mat, "CUDA0@0");
    row("ngl 0: output", "ngl=0", "output.weight", f16, embd, "CPU@-1 mapped");
    // --override-tensor: the first match wins; to CPU through the CPU list; to a GPU unchecked.
    const char* ffn_cpu = "ot=blk\\.1[0-9]\\.ffn_.*=CPU";
    row("-ot ffn of 10-19 CPU: ffn_up 12", ffn_cpu, "blk.12.ffn_up.weight", f16, mat, "CPU@-1 mapped");
    row("-ot ffn of 10-19 CPU: ffn_down 19", ffn_cpu, "blk.19.ffn_down.weight", f16, mat, "CPU@-1 mapped");
    row("-ot ffn of 10-19 CPU: attn_q 12", ffn_cpu, "blk.12.attn_q.weight", f16, mat, "CUDA0@0");
    row("-ot ffn of 10-19 CPU: ffn_up 1", ffn_cpu, "blk.1.ffn_up.weight", f16, mat, "CUDA0@0");
    row("-ot ffn of 10-19 CPU: ffn_up 20", ffn_cpu, "blk.20.ffn_up.weight", f16, mat, "CUDA1@1");
    row("-ot to CPU, --no-mmap: CUDA_Host", "nommap ot=blk\\.1[0-9]\\.ffn_.*=CPU", "blk.12.ffn_up.weight", f16, mat,
        "CUDA_Host@0");
    row("-ot output to CUDA0", "ot=output\\.weight=CUDA0", "output.weight", f16, embd, "CUDA0@0");
    row("-ot layer 0 to CUDA1", "ot=blk\\.0\\.=CUDA1", "blk.0.attn_q.weight", f16, mat, "CUDA1@1");
    row("-ot to a GPU is unchecked", "ot=blk\\.0\\.=CUDA0", "blk.0.attn_q.weight", q8, mat, "CUDA0@0");
    row("-ot to a GPU from a CPU layer", "ngl=0 ot=token_embd=CUDA1", "token_embd.weight", f16, embd, "CUDA1@1");
    row("-ot first match wins", "ot=blk\\.5\\.=CUDA1 ot=blk\\.5\\.=CPU", "blk.5.attn_q.weight", f16, mat, "CUDA1@1");
    row("-ot to a GPU split none does not use", "sm=none ot=blk\\.0\\.=CUDA1", "blk.0.attn_q.weight", f16, mat,
        "CUDA1@1");
    // --n-cpu-moe 4: the experts of layers 0-3 on the CPU, everything else where it was.
    row("ncmoe 4: up_exps 0", "moe ncmoe=4", "blk.0.ffn_up_exps.weight", f16, exps, "CPU@-1 mapped");
    row("ncmoe 4: gate_exps 3", "moe ncmoe=4", "blk.3.ffn_gate_exps.weight", f16, exps, "CPU@-1 mapped");
    row("ncmoe 4: down_exps 3", "moe ncmoe=4", "blk.3.ffn_down_exps.weight", f16, exps, "CPU@-1 mapped");
    row("ncmoe 4: down_exps bias 3 (ADD_ID)", "moe ncmoe=4", "blk.3.ffn_down_exps.bias", f32, exps_b, "CPU@-1 mapped");
    row("ncmoe 4: gate_up_exps 2", "moe ncmoe=4", "blk.2.ffn_gate_up_exps.weight", f16, exps, "CPU@-1 mapped");
    row("ncmoe 4: up_exps 4", "moe ncmoe=4", "blk.4.ffn_up_exps.weight", f16, exps, "CUDA0@0");
    row("ncmoe 4: router 3", "moe ncmoe=4", "blk.3.ffn_gate_inp.weight", f32, {4096, 8}, "CUDA0@0");
    row("ncmoe 4: attn_q 3", "moe ncmoe=4", "blk.3.attn_q.weight", f16, mat, "CUDA0@0");
    row("ncmoe 4: down_exps 31", "moe ncmoe=4", "blk.31.ffn_down_exps.weight", f16, exps, "CUDA1@1");
    row("ncmoe 2: up_exps 10 (blk\\.1\\. does not match)", "moe ncmoe=2", "blk.10.ffn_up_exps.weight", f16, exps,
        "CUDA0@0");
    row("ncmoe 32: down_exps 31", "moe ncmoe=32", "blk.31.ffn_down_exps.weight", f16, exps, "CPU@-1 mapped");
    row("ncmoe 4, --no-mmap", "moe ncmoe=4 nommap", "blk.0.ffn_up_exps.weight", f16, exps, "CUDA_Host@0");
    // Split mode row: the split buffer type for 2-D MUL_MAT weights of offloaded layers.
    row("row: attn_q 0", "row", "blk.0.attn_q.weight", f16, mat, "CUDA_Split@0");
    row("row: attn_norm 0", "row", "blk.0.attn_norm.weight", f32, norm, "CUDA0@0");
    row("row: output", "row", "output.weight", f16, embd, "CUDA_Split@1");
    row("row: token_embd", "row", "token_embd.weight", f16, embd, "CPU@-1 mapped");
    row("row: experts are 3-D", "row moe", "blk.20.ffn_up_exps.weight", f16, exps, "CUDA1@1");
    row("row: q8_0 refused by CUDA1", "row", "blk.20.attn_q.weight", q8, mat, "CPU@-1 mapped");
    // The CPU's extra buffer types (llm_cpu_extra.h), CPU_REPACK and AMX, ahead of "CPU" in its list.
    const int q40 = int(dtype::q4_0), q4k = int(dtype::q4_k), q2k = int(dtype::q2_k), iq4nl = int(dtype::iq4_nl),
              mxfp4 = int(dtype::mxfp4);
    const char* avx2 = "nogpu cpu=avx2";
    row("repack: q4_0 matrix", avx2, "blk.0.attn_q.weight", q40, mat, "CPU_REPACK@-1");
    row("repack: q4_0 matrix, no avx2", "nogpu", "blk.0.attn_q.weight", q40, mat, "CPU@-1 mapped");
    row("repack: q4_0 matrix, no avx2, --no-mmap", "nogpu nommap", "blk.0.attn_q.weight", q40, mat, "CPU@-1");
    row("repack: q4_0 matrix, --no-repack", "nogpu cpu=avx2 norepack", "blk.0.attn_q.weight", q40, mat,
        "CPU@-1 mapped");
    row("repack: q4_0 rows not a multiple of 8", avx2, "blk.0.attn_q.weight", q40, {4096, 4100}, "CPU@-1 mapped");
    row("repack: q4_0 token_embd (GET_ROWS)", avx2, "token_embd.weight", q40, embd, "CPU@-1 mapped");
    row("repack: q4_0 tied output (MUL_MAT)", avx2, "token_embd.weight", q40, embd, "CPU_REPACK@-1", -1, true);
    row("repack: q4_0 output", avx2, "output.weight", q40, embd, "CPU_REPACK@-1");
    row("repack: f32 norm", avx2, "blk.0.attn_norm.weight", f32, norm, "CPU@-1 mapped");
    row("repack: q8_0 (no x86 layout)", avx2, "blk.0.attn_q.weight", q8, mat, "CPU@-1 mapped");
    row("repack: f16", avx2, "blk.0.attn_q.weight", f16, mat, "CPU@-1 mapped");
    row("repack: q4_K", avx2, "blk.0.attn_q.weight", q4k, mat, "CPU_REPACK@-1");
    row("repack: iq4_nl", avx2, "blk.0.attn_q.weight", iq4nl, mat, "CPU_REPACK@-1");
    row("repack: mxfp4", avx2, "blk.0.attn_q.weight", mxfp4, mat, "CPU_REPACK@-1");
    row("repack: q2_K needs avx512f", avx2, "blk.0.attn_q.weight", q2k, mat, "CPU@-1 mapped");
    row("repack: q2_K with avx512f", "nogpu cpu=avx512f", "blk.0.attn_q.weight", q2k, mat, "CPU_REPACK@-1");
    row("repack: q4_0 experts (MUL_MAT_ID)", "nogpu moe cpu=avx2", "blk.3.ffn_up_exps.weight", q40, exps,
        "CPU_REPACK@-1");
    row("repack: experts' bias (ADD_ID)", "nogpu moe cpu=avx2", "blk.3.ffn_down_exps.bias", f32, exps_b,
        "CPU@-1 mapped");
    // With a GPU, its host buffer type comes first in the CPU list (and gives way to the mapped file).
    row("repack: ngl 0, CUDA_Host first", "ngl=0 cpu=avx2", "blk.3.attn_q.weight", q40, mat, "CPU@-1 mapped");
    row("repack: ngl 0, --no-mmap", "ngl=0 nommap cpu=avx2", "blk.3.attn_q.weight", q40, mat, "CUDA_Host@0");
    row("repack: ngl 0, --no-host", "ngl=0 nohost cpu=avx2", "blk.3.attn_q.weight", q40, mat, "CPU_REPACK@-1");
    row("repack: -ot to CPU, --no-host", "nohost cpu=avx2 ot=blk\\.1[0-9]\\.ffn_.*=CPU", "blk.12.ffn_up.weight",
        q40, mat, "CPU_REPACK@-1");
    row("repack: q8_0 refused by CUDA0", "cpu=avx2 nohost", "blk.0.attn_q.weight", q8, mat, "CPU@-1 mapped");
    // AMX before CPU_REPACK: MUL_MAT only, rows a multiple of 32, ne[0] of the type's K block.
    const char* amx = "nogpu cpu=amx_int8,avx2,avx512_vnni";
    row("amx: q4_0 matrix", amx, "blk.0.attn_q.weight", q40, mat, "AMX@-1");
    row("amx: f16 matrix", amx, "blk.0.attn_q.weight", f16, mat, "AMX@-1");
    row("amx: f32 matrix", amx, "blk.0.attn_q.weight", f32, mat, "CPU@-1 mapped");
    row("amx: q8_0 matrix", amx, "blk.0.attn_q.weight", q8, mat, "AMX@-1");
    row("amx: q4_K matrix", amx, "blk.0.attn_q.weight", q4k, mat, "AMX@-1");
    row("amx: f16, ne0 4104 not of 16", amx, "blk.0.attn_q.weight", f16, {4104, 4096}, "CPU@-1 mapped");
    row("amx: q4_0, ne0 4128 of 32", amx, "blk.0.attn_q.weight", q40, {4128, 4096}, "AMX@-1");
    row("amx: rows 4100 not of 32 (nor 8)", amx, "blk.0.attn_q.weight", q40, {4096, 4100}, "CPU@-1 mapped");
    row("amx: q4_0 experts go to CPU_REPACK", "nogpu moe cpu=amx_int8,avx2,avx512_vnni", "blk.3.ffn_up_exps.weight",
        q40, exps, "CPU_REPACK@-1");
    row("amx: needs avx512_vnni", "nogpu cpu=amx_int8", "blk.0.attn_q.weight", f16, mat, "CPU@-1 mapped");
}

void TestLlmPlacement::weights() {
    QFETCH(QString, options);
    QFETCH(QString, name);
    QFETCH(int, bid);
    QFETCH(bool, duplicated);
    QFETCH(int, type);
    QFETCH(QList<qlonglong>, shape);
    QFETCH(QString, buffer);
    const auto pl = placement_of(scenario_of(options));
    std::array<std::int64_t, 4> ne{1, 1, 1, 1};
    for (int i = 0; i < shape.size(); ++i) ne[static_cast<std::size_t>(i)] = shape[i];
    const auto use = llm_tensor_use_of(name.toStdString(), bid, duplicated);
    QVERIFY2(use.ok(), use.ok() ? "" : use.err().message.c_str());
    const auto b = pl.weight_buffer(name.toStdString(), weight(static_cast<dtype>(type), ne), *use);
    QVERIFY2(b.ok(), b.ok() ? "" : b.err().message.c_str());
    QCOMPARE(buffer_text(*b), buffer);
}

void TestLlmPlacement::kvCache_data() {
    QTest::addColumn<QString>("options");
    QTest::addColumn<int>("layer");
    QTest::addColumn<QString>("buffer");
    QTest::newRow("layer 0") << "" << 0 << "CUDA0@0";
    QTest::newRow("layer 31") << "" << 31 << "CUDA1@1";
    QTest::newRow("ngl 16: layer 3 on the CPU") << "ngl=16" << 3 << "CPU@-1";
    QTest::newRow("ngl 16: layer 20") << "ngl=16" << 20 << "CUDA0@0";
    QTest::newRow("--no-kv-offload") << "nokv" << 0 << "CPU@-1";
    QTest::newRow("split none, main 1") << "sm=none mg=1" << 0 << "CUDA1@1";
    QTest::newRow("row: the default buffer type") << "row" << 0 << "CUDA0@0";
    QTest::newRow("no host buffer either way") << "nommap ngl=0" << 5 << "CPU@-1";
}

void TestLlmPlacement::kvCache() {
    QFETCH(QString, options);
    QFETCH(int, layer);
    QFETCH(QString, buffer);
    const auto pl = placement_of(scenario_of(options));
    QCOMPARE(buffer_text(pl.kv_buffer(static_cast<std::uint32_t>(layer))), buffer);
}

void TestLlmPlacement::tensorUse_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("bid");
    QTest::addColumn<bool>("duplicated");
    QTest::addColumn<QString>("use"); // layer kind, op, layer index
    QTest::newRow("token_embd") << "token_embd.weight" << -1 << false << "input GET_ROWS -1";
    QTest::newRow("tied token_embd") << "token_embd.weight" << -1 << true << "output MUL_MAT -1";
    QTest::newRow("position_embd") << "position_embd.weight" << -1 << false << "input GET_ROWS -1";
    QTest::newRow("attn_q") << "blk.7.attn_q.weight" << -1 << false << "repeating MUL_MAT 7";
    QTest::newRow("attn_q, bid agrees") << "blk.7.attn_q.weight" << 7 << false << "repeating MUL_MAT 7";
    QTest::newRow("attn_q bias") << "blk.7.attn_q.bias" << -1 << false << "repeating ADD 7";
    QTest::newRow("attn_qkv") << "blk.12.attn_qkv.weight" << -1 << false << "repeating MUL_MAT 12";
    QTest::newRow("attn_norm") << "blk.0.attn_norm.weight" << -1 << false << "repeating MUL 0";
    QTest::newRow("attn_norm bias") << "blk.0.attn_norm.bias" << -1 << false << "repeating ADD 0";
    QTest::newRow("ffn_down_exps") << "blk.3.ffn_down_exps.weight" << -1 << false << "repeating MUL_MAT_ID 3";
    QTest::newRow("ffn_down_exps bias") << "blk.3.ffn_down_exps.bias" << -1 << false << "repeating ADD_ID 3";
    QTest::newRow("ffn_gate_inp bias") << "blk.3.ffn_gate_inp.bias" << -1 << false << "repeating ADD 3";
    QTest::newRow("exp_probs_b") << "blk.3.exp_probs_b.bias" << -1 << false << "repeating ADD 3";
    QTest::newRow("attn_sinks") << "blk.1.attn_sinks.weight" << -1 << false << "repeating SCALE 1";
    QTest::newRow("attn_kv_a_norm") << "blk.1.attn_kv_a_norm.weight" << -1 << false << "repeating MUL 1";
    QTest::newRow("rope_freqs") << "rope_freqs.weight" << 4 << false << "repeating ROPE 4";
    QTest::newRow("rope_factors_short") << "rope_factors_short.weight" << 0 << false << "repeating ROPE 0";
    QTest::newRow("token_embd_norm of layer 0") << "token_embd_norm.weight" << 0 << false << "repeating MUL 0";
    QTest::newRow("token_embd_norm, LFM2's output norm") << "token_embd_norm.weight" << -1 << false
                                                          << "output MUL -1";
    QTest::newRow("output") << "output.weight" << -1 << false << "output MUL_MAT -1";
    QTest::newRow("output bias") << "output.bias" << -1 << false << "output ADD -1";
    QTest::newRow("output_norm bias") << "output_norm.bias" << -1 << false << "output ADD -1";
    QTest::newRow("cls.output") << "cls.output.weight" << -1 << false << "output MUL_MAT -1";
    QTest::newRow("unused: cross_attn_rel_b") << "dec.blk.2.cross_attn_rel_b.weight" << -1 << false
                                              << "repeating NONE 2";
    QTest::newRow("unused bias stays unused") << "dec.blk.2.cross_attn_rel_b.bias" << -1 << false
                                              << "repeating NONE 2";
}

void TestLlmPlacement::tensorUse() {
    QFETCH(QString, name);
    QFETCH(int, bid);
    QFETCH(bool, duplicated);
    QFETCH(QString, use);
    const auto u = llm_tensor_use_of(name.toStdString(), bid, duplicated);
    QVERIFY2(u.ok(), u.ok() ? "" : u.err().message.c_str());
    const std::string layer = u->layer == llm_tensor_layer::input    ? "input"
                              : u->layer == llm_tensor_layer::output ? "output"
                                                                     : "repeating";
    const std::string got = layer + " " + std::string(info(u->op).name) + " " + std::to_string(u->layer_index);
    QCOMPARE(QString::fromStdString(got), use);
}

// Every weight name the architectures of engine/llm/models/ create.
void TestLlmPlacement::modelTensorsAreKnown() {
    const QStringList global{"token_embd.weight", "position_embd.weight", "output.weight", "output.bias",
                             "output_norm.weight", "output_norm.bias"};
    const QStringList per_layer_global{"rope_freqs.weight", "rope_factors_long.weight", "rope_factors_short.weight"};
    const QStringList layer{
        "attn_norm.weight", "attn_norm.bias", "attn_norm_2.weight", "attn_norm_2.bias", "attn_q.weight",
        "attn_q.bias", "attn_k.weight", "attn_k.bias", "attn_v.weight", "attn_v.bias", "attn_qkv.weight",
        "attn_qkv.bias", "attn_output.weight", "attn_output.bias", "attn_q_norm.weight", "attn_k_norm.weight",
        "attn_q_a.weight", "attn_q_b.weight", "attn_q_a_norm.weight", "attn_kv_a_mqa.weight",
        "attn_kv_a_norm.weight", "attn_kv_b.weight", "attn_k_b.weight", "attn_v_b.weight", "attn_sinks.weight",
        "post_attention_norm.weight", "post_ffw_norm.weight", "ffn_norm.weight", "ffn_norm.bias",
        "ffn_gate.weight", "ffn_gate.bias", "ffn_up.weight", "ffn_up.bias", "ffn_down.weight", "ffn_down.bias",
        "ffn_gate_inp.weight", "ffn_gate_inp.bias", "ffn_gate_inp_shexp.weight", "ffn_gate_exps.weight",
        "ffn_gate_exps.bias", "ffn_up_exps.weight", "ffn_up_exps.bias", "ffn_down_exps.weight",
        "ffn_down_exps.bias", "ffn_gate_up_exps.weight", "ffn_gate_shexp.weight", "ffn_up_shexp.weight",
        "ffn_down_shexp.weight", "exp_probs_b.bias"};
    auto check = [](const QString& name, int bid) {
        const auto u = llm_tensor_use_of(name.toStdString(), bid);
        QVERIFY2(u.ok(), qPrintable(name + ": " + (u.ok() ? QString() : QString::fromStdString(u.err().message))));
        QVERIFY(u->op != op_kind::none);
    };
    for (const QString& n : global) check(n, -1);
    for (const QString& n : per_layer_global) check(n, 5);
    for (const QString& n : layer) check("blk.5." + n, -1);
}

void TestLlmPlacement::errors_data() {
    QTest::addColumn<QString>("options");
    QTest::addColumn<QString>("tensorName"); // empty: make() fails
    QTest::addColumn<int>("bid");
    QTest::addColumn<QString>("message");
    auto row = [](const char* tag, const char* options, const char* tensor_name, int bid, const char* message) {
        QTest::newRow(tag) << options << tensor_name << bid << message;
    };
    row("tensor split too long", "ts=1,1,1", "", -1, "--tensor-split: 3 values for 2 GPUs");
    row("tensor split negative", "ts=1,-1", "", -1, "--tensor-split: -1 is not a share (>= 0)");
    row("main_gpu out of range", "sm=none mg=2", "", -1, "--main-gpu: 2 is not one of the model's 2 GPUs");
    row("row without row split", "sm=row", "", -1, "split mode row: CUDA0 has no row split");
    row("override to a host buffer type", "ot=blk=CUDA_Host", "", -1,
        "--override-tensor blk=CUDA_Host: unknown buffer type (CPU, CUDA0, CUDA1)");
    row("override, invalid regex", "ot=blk[=CPU", "", -1, "--override-tensor blk[=CPU: invalid regex");
    row("n_cpu_moe negative", "ncmoe=-1", "", -1, "--n-cpu-moe: -1 is negative");
    row("no free memory to split by", "free=0,0", "", -1,
        "--tensor-split: the GPUs report no free memory to split the layers by");
    row("unknown tensor", "", "blk.0.attn_rot_embd.weight", -1,
        "blk.0.attn_rot_embd.weight: not a tensor llama.cpp knows (LLM_TENSOR_INFOS)");
    row("per-expert tensor", "", "blk.0.ffn_gate.3.weight", -1,
        "blk.0.ffn_gate.3.weight: not a tensor llama.cpp knows (LLM_TENSOR_INFOS)");
    row("repeating without layer", "", "rope_freqs.weight", -1,
        "rope_freqs.weight: a repeating-layer tensor used without a layer number");
    row("input with a layer", "", "token_embd.weight", 2,
        "token_embd.weight: an input or output tensor used with a layer number");
    row("layer disagrees", "", "blk.3.attn_q.weight", 4, "blk.3.attn_q.weight: the name is layer 3, not 4");
    row("unmodelled op", "", "blk.0.ssm_conv1d.weight", -1,
        "blk.0.ssm_conv1d.weight: llama.cpp places it by SSM_CONV, which Planscope does not model");
    row("layer past the model", "", "blk.40.attn_q.weight", -1,
        "blk.40.attn_q.weight: layer 40 is not one of the model's 32");
    row("experts without expert_used_count", "", "blk.0.ffn_up_exps.weight", -1,
        "blk.0.ffn_up_exps.weight: MUL_MAT_ID needs expert_used_count > 0");
    row("control characters", "", "blk.0.\x1b[2J", -1,
        "blk.0.\\x1b[2J: not a tensor llama.cpp knows (LLM_TENSOR_INFOS)");
}

void TestLlmPlacement::errors() {
    QFETCH(QString, options);
    QFETCH(QString, tensorName);
    QFETCH(int, bid);
    QFETCH(QString, message);
    const scenario s = scenario_of(options);
    auto pl = llm_placement::make(s.h, s.devices, s.p);
    std::string got;
    if (tensorName.isEmpty()) {
        QVERIFY(!pl.ok());
        got = pl.err().message;
    } else {
        QVERIFY2(pl.ok(), pl.ok() ? "" : pl.err().message.c_str());
        const std::string name = tensorName.toStdString();
        const auto use = llm_tensor_use_of(name, bid);
        if (!use.ok()) {
            got = use.err().message;
        } else {
            const auto b = pl->weight_buffer(name, weight(dtype::f16, {4096, 4096, 8, 1}), *use);
            QVERIFY(!b.ok());
            got = b.err().message;
        }
    }
    QVERIFY2(got.find('\n') == std::string::npos, got.c_str());
    QVERIFY2(QString::fromStdString(got).startsWith(message), got.c_str());
}

void TestLlmPlacement::splitModeNames() {
    for (const auto m : {llm_split_mode::none, llm_split_mode::layer, llm_split_mode::row})
        QVERIFY(parse_split_mode(name(m)) == m);
    QCOMPARE(QString::fromUtf8(name(llm_split_mode::row).data(), 3), QString("row"));
    QVERIFY(!parse_split_mode("tensor"));
    QCOMPARE(llm_placement_params{}.n_gpu_layers, -1);
    QVERIFY(llm_placement_params{}.split_mode == llm_split_mode::layer);
}

QTEST_APPLESS_MAIN(TestLlmPlacement)
#include "test_llm_placement.moc"
