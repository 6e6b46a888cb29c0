#include "commands.h"

#include "core/printable.h"
#include "source/sched_log_document.h"
#include "backend/rpc/rpc_endpoint.h"
#include "sched/backend_factory.h"

#include <array>
#include <iostream>

namespace planscope::cli {

std::span<const command> commands() {
    static const std::array<command, 7> table{{
        {"info", "summarise a graph or model file",
         "usage: planscope-cli info FILE [--ctx N] [--batch N] [--ubatch N] [--seqs N] [--flash-attn on|off|auto]\n"
         "                            [--kv-type T] [--kv-type-k T] [--kv-type-v T]\n"
         "                            [--n-past N | --worst-case] [--ngl N] [--ggml 2023|2026 [--max-buffer-size N]]\n"
         "       planscope-cli info --cpu\n"
         "  Prints the graph summary: tensor counts per op, bytes of leafs and nodes, buffers.\n"
         "  --cpu: this machine's CPU instead (CPUID family, model, microarchitecture, SIMD features)\n"
         "  and the kernels the CPU backend chose for it; PLANSCOPE_CPU_ISA=avx2 or plain caps them.\n"
         "  FILE is a graph file (.json), a model (.gguf), a ggml_graph_dump_dot file (.dot) or\n"
         "  template:NAME[?KEY=VALUE&...] (quote it in a shell), e.g.\n"
         "  'template:llama?n_embd=256&n_layer=4&n_head=8&n_ff=688&n_vocab=1000&n_ctx=512&n_batch=32'.\n"
         "  A model also gets its architecture, hyperparameters and tensors per type; a DOT dump what\n"
         "  the import inferred. A .log file is what a ggml program printed with GGML_SCHED_DEBUG=1\n"
         "  or 2 (docs/ggml-versions.md): its last split assignment, split by split.\n"
         "  A .gguf model in ggml 2026 (its default) is the graph llama.cpp da46e59c reserves its\n"
         "  compute buffer with (n_ubatch tokens), followed by what llama.cpp logs for the context:\n"
         "  n_ctx as padded, flash attention as resolved, graph nodes and splits, the CPU compute, KV,\n"
         "  model and output buffers and the memory breakdown per buffer type; with --ggml 2023 it is\n"
         "  llama.cpp 2023's llama graph. template:llama opens in ggml 2023 (llama.cpp 2023's graph);\n"
         "  with --ggml 2026 it is llama.cpp da46e59c's graph of its hyperparameters (placeholder\n"
         "  weights, as for a vocab-only file) with the same llama.cpp figures.\n"
         "  For a .gguf model or template:llama (a flag for a key the template sets is a usage error):\n"
         "  --ctx N        KV cache cells, llama.cpp's n_ctx (default 512; 2026 pads it to 256)\n"
         "  --batch N      tokens in a batch, n_batch (default 8; in 2023 the graph's tokens)\n"
         "  --ubatch N     tokens in the reserve graph, n_ubatch (default: n_batch; 2026 only)\n"
         "  --seqs N       sequences, n_seq_max, 1 to 256 (default 1; 2026 only)\n"
         "  --flash-attn M on, off or auto (default auto: on, as on the CPU; 2026 only)\n"
         "  --kv-type T    K and V cache type: f32, f16 (default), q8_0 or q4_0 (2023: f16 or f32)\n"
         "  --kv-type-k T, --kv-type-v T  the K or the V cache's type alone (over --kv-type; 2026)\n"
         "  --n-past N     cells already filled before these tokens (default 0; 2023 only)\n"
         "  --ngl N        layers i >= n_layer - N on the second backend, as llama.cpp's -ngl (default 0;\n"
         "                 2023 only)\n"
         "  --worst-case   llama.cpp 2023's measure graph, which sized its compute buffer: n_kv = n_ctx,\n"
         "                 n_past = n_ctx - n_batch and the K-shift of every layer; without it the\n"
         "                 graph is the prompt graph, and llama.cpp's figure follows for the worst case\n"
         "  A flag the era's llama.cpp cannot honour is a usage error naming it.\n"
         "  --ggml V, --max-buffer-size N  whose allocator measures the compute buffer, as for plan\n",
         &run_info},
        {"plan", "allocate a graph as ggml does and list every tensor's placement",
         "usage: planscope-cli plan FILE [--format text|json] [--alignment N] [--ggml 2023|2026]\n"
         "                            [--peak [--step N] | --sweep KEY=V,... | --compare-ggml]\n"
         "                            [--backends LIST [--causes] [--n-copies N] [--no-op-offload]]\n"
         "                            [--sched-log FILE.log] [--ggml 2026 --reserve-with SOURCE]\n"
         "                            [--ctx N] [--batch N] ...\n"
         "  FILE is a graph file (.json), a model (.gguf), a ggml DOT dump (.dot) or\n"
         "  template:NAME[?KEY=VALUE&...] (see info --help).\n"
         "  Allocates the graph in a measured \"compute\" buffer as ggml-alloc (2023-11) does and lists,\n"
         "  node by node and then leaf by leaf, index, name, op, type, ne, nbytes and placement\n"
         "  (BUFFER+OFFSET, 'view of NAME+OFFS' or 'inplace of NAME'), then max_size.\n"
         "  --alignment N  the compute buffer's alignment, a power of two (default 32, llama.cpp's)\n"
         "  --ggml V       the era that plans and schedules: 2023 (the late-2023 ggml-alloc) or 2026\n"
         "                 (ggml_gallocr of d99724f2; docs/ggml-versions.md), and for a .gguf model or\n"
         "                 template:llama whose llama.cpp builds the graph; default 2026 for a .gguf\n"
         "                 model, 2023 for anything else (--compare-ggml: llama.cpp 2023's graph)\n"
         "  --max-buffer-size N  with --ggml 2026: the buffer type's maximum size; a larger buffer\n"
         "                 is split into chunks, each listed as a buffer (compute, compute#1, ...)\n"
         "  --ctx, --batch, --ubatch, --seqs, --flash-attn, --kv-type[-k|-v], --n-past, --worst-case,\n"
         "  --ngl          as for info, for a .gguf model or\n"
         "                 template:llama\n"
         "  --planner P    list planner P's plan instead of ggml's: ggml (default), greedy-size,\n"
         "                 greedy-breadth, greedy-conflicts or best (views and inplace reuse as ggml decided)\n"
         "  --stats        print the plan's lower bound, peak / lower bound, fragmentation and\n"
         "                 allocation sizes instead of the listing\n"
         "  --compare A,B  print two planners' peaks and the tensors whose offsets differ\n"
         "  --time-box MS  how long the best planner may search (default 1000)\n"
         "  --backends LIST  schedule the graph over backends instead (cpu, opencl, rpc:HOST:PORT;\n"
         "                 'cpu,cpu' is two CPU backends): per split its backend and inputs with\n"
         "                 sizes, per node its backend and cause, then each backend's measured buffer\n"
         "                 (docs/scheduler.md); with --format json the whole plan: node ranges,\n"
         "                 offsets in each backend's buffer, the copies' offsets, free lists\n"
         "                 (docs/sched-schema.json)\n"
         "  --device D     with --backends: the OpenCL device, an index or a name substring;\n"
         "                 without, a device profile for a .gguf (repeat for several GPUs; presets and\n"
         "                 placement flags as for fit): its reserve graph split and planned as llama.cpp\n"
         "                 would on those devices, one compute buffer per device (docs/fit.md); for a\n"
         "                 capture, its graph with the weights and KV cache placed on them instead\n"
         "  --causes       with --backends: the split boundaries and copies grouped by cause\n"
         "  --ggml 2026 with --backends: ggml_backend_sched of d99724f2 splits (its five passes,\n"
         "                 buffer types, causes 1.inp, 1.wgtN, 2.sup, 3.upg, ...) and one allocator\n"
         "                 over the backends' buffer types; --n-copies N (1-4) copies every input\n"
         "                 N times for pipeline parallelism, --no-op-offload as llama.cpp's flag\n"
         "  --sched-log LOG  Planscope's ggml 2026 scheduler on FILE (a DOT dump of the same run)\n"
         "                 beside the split assignment LOG printed (GGML_SCHED_DEBUG=2): the log's\n"
         "                 backends, its weights and KV cache where it shows them; split starts and\n"
         "                 each node on another backend (docs/ggml-versions.md)\n"
         "  --reserve-with SOURCE  with --ggml 2026: ggml_gallocr_alloc_graph of FILE's graph after\n"
         "                 a reserve with SOURCE's (llama.cpp reserves its worst case): whether it fits\n"
         "                 the reservation or, and why, ggml reserves again, and the buffer after it\n"
         "  --peak         what is live in the compute buffer at its peak, largest first, with each\n"
         "                 allocation's lifetime and the readers it waits for; --step N: after step N\n"
         "  --sweep KEY=V,...  a llama model's compute buffer at each n_batch (batch=1,8,32), n_ubatch\n"
         "                 (ubatch=8,32; ggml 2026 only) or n_ctx (ctx=512,2048) value: nodes, max_size,\n"
         "                 lower bound and what llama.cpp reserves; in ggml 2023 its worst-case graph\n"
         "                 plus metadata, in ggml 2026 the CPU compute buffer of its reserve (pp, tg, pp)\n"
         "  --compare-ggml the graph planned by ggml-alloc of 2023 and of 2026 (d99724f2): both\n"
         "                 buffer sizes, and each tensor whose offset, in-place parent or lifetime\n"
         "                 differs with the rule that explains it (docs/ggml-versions.md)\n"
         "  The format is docs/plan-listing.md; --stats and --compare are in docs/planner.md.\n",
         &run_plan},
        {"dsa", "plan a DSA trace (CSV) with every planner and compare with its lower bound",
         "usage: planscope-cli dsa FILE.csv [--planner LIST] [--time-box MS]\n"
         "  FILE.csv has the columns id,lower,upper,size (half-open lifetimes [lower, upper)) and\n"
         "  optionally offset, another planner's solution, which is validated and compared.\n"
         "  Prints the number of buffers, the lower bound (most bytes alive at once) and, for each\n"
         "  planner, its peak, peak / lower bound and planning time.\n"
         "  --planner LIST  comma-separated planners (default ggml,greedy-size,greedy-breadth,\n"
         "                  greedy-conflicts,best)\n"
         "  --time-box MS   how long the best planner may search (default 1000)\n"
         "  The format is docs/planner.md.\n",
         &run_dsa},
        {"run", "compute a llama GGUF model (or, with --backends, any graph) and print its results",
         "usage: planscope-cli run MODEL.gguf --tokens 1,2,3,... [--threads N] [--ctx N] [--batch N]\n"
         "                         [--ubatch N] [--flash-attn on|off|auto] [--kv-type T]\n"
         "                         [--kv-type-k T] [--kv-type-v T] [--timing] [--no-repack]\n"
         "       planscope-cli run MODEL.gguf --ggml 2023 --tokens ... [--threads N] [--ctx N]\n"
         "                         [--kv-type f16|f32] [--exact-f32] [--backends LIST [--ngl N] ...]\n"
         "       planscope-cli run FILE --backends LIST [--threads N] [--device D] [--ngl N]\n"
         "                         [--ggml 2023|2026] [--max-buffer-size BYTES] [--n-copies N]\n"
         "                         [--no-op-offload]\n"
         "  Computes the prompt on the CPU backend (weights used in place from the file, q4_0, q8_0,\n"
         "  q4_K and q6_K ones from packed copies where the CPU has kernels for them) and prints,\n"
         "  for the last position, the top-10 next tokens as 'id logit piece' (piece from\n"
         "  tokenizer.ggml.tokens, SentencePiece's U+2581 shown as a space), then 'sum S' and 'l2 N'\n"
         "  over all logits, 6 decimals each. A .gguf model runs in ggml 2026 unless --ggml 2023:\n"
         "  llama_decode of llama.cpp da46e59c (any architecture info lists; one sequence, the batch\n"
         "  split into ubatches, each graph planned by ggml 2026 and computed); with --ggml 2023\n"
         "  llama.cpp 2023's llama graph in one batch. A vocab-only model cannot run.\n"
         "  --tokens LIST  the prompt's token ids, comma-separated (required; no BOS is added)\n"
         "  --threads N    CPU threads (default: the hardware's, at most 8)\n"
         "  --ctx N        KV cache cells (default 512; 2026 pads it to 256, 2023 needs the prompt's\n"
         "                 length at least)\n"
         "  --batch N      2026: tokens per llama_decode, n_batch (default: the prompt's length)\n"
         "  --ubatch N     2026: tokens per graph, n_ubatch (default: n_batch)\n"
         "  --flash-attn M 2026: on, off or auto (default auto: on, as on the CPU)\n"
         "  --kv-type T    KV cache type: f16 (default), f32, q8_0 or q4_0 (2023: f16 or f32);\n"
         "                 --kv-type-k T, --kv-type-v T the K or the V cache's alone (2026)\n"
         "  --timing       2026: print 'compute N us' to stderr, the time the CPU backend took for\n"
         "                 the graphs (planning them into kernel calls included)\n"
         "  --no-repack    read quantised weights as the file has them, not packed (llama.cpp's\n"
         "                 --no-repack: no CPU_REPACK buffers; 'info --cpu' lists the packed layouts)\n"
         "  --exact-f32    with --ggml 2023: keep activations in f32 against f16 and quantised weights\n"
         "                 instead of ggml's f16 rounding and 8-bit quantisation\n"
         "                 (the f16 KV cache's K and V included; docs/numerics.md)\n"
         "  --backends LIST  run with the scheduler over backends (cpu, opencl, rpc:HOST:PORT for a\n"
         "                 ggml rpc-server, docs/rpc.md; 'cpu,cpu' is two CPU backends): prints\n"
         "                 per-split copy/compute times and bytes copied, per-backend totals and each\n"
         "                 output's first values, min, max and mean; a model (with --ggml 2023; it\n"
         "                 needs --tokens) then prints its top-10 tokens too. FILE may be any source;\n"
         "                 its weights and inputs get a fixed pattern (docs/scheduler.md)\n"
         "  --ngl N        with --backends: llama layers i >= n_layer - N on the second backend\n"
         "  --device D     with --backends: the OpenCL device, an index or a name substring;\n"
         "                 without, a device profile for a .gguf (repeat for several GPUs; presets and\n"
         "                 placement flags as for fit): its reserve graph split and planned as llama.cpp\n"
         "                 would on those devices, one compute buffer per device (docs/fit.md)\n"
         "  --ggml V       with --backends and a graph file (not .gguf): whose scheduler splits,\n"
         "                 allocates and computes it, 2023 (default) or 2026 (--max-buffer-size,\n"
         "                 --n-copies and --no-op-offload as for plan; with N copies the run is\n"
         "                 ggml's first compute after a synchronisation: copy 0)\n",
         &run_run},
        {"export", "write the split diagram, the graph, the plan, the execution trace or the allocation trace",
         "usage: planscope-cli export FILE --what splits|graph|plan|trace|alloc-trace [--format F] -o OUT\n"
         "                              [options]\n"
         "  FILE is a graph file (.json), a model (.gguf), a ggml DOT dump (.dot) or template:NAME[?...]\n"
         "  (see info --help). OUT is written atomically; F defaults to OUT's extension.\n"
         "  --what splits       the graph cut into the scheduler's splits, one cluster per split, nodes\n"
         "                      coloured by backend: dot, svg, png or pdf (Graphviz)\n"
         "  --what graph        the graph itself as a graph file (json, docs/graph-format.md): a model\n"
         "                      or DOT dump saved with its buffers, compute inputs and assignments\n"
         "  --what plan         every tensor's buffer, offset, size, steps alive, view/inplace source,\n"
         "                      backend and cause, every buffer's size, peak and lower bound: json or csv\n"
         "  --what trace        the graph computed once by the scheduler, as run --backends does: Chrome\n"
         "                      Trace Event json, one track per backend (Perfetto, chrome://tracing);\n"
         "                      with --device PROFILE, times estimated from the profiles' compute_tflops\n"
         "                      and copy_gbps (FLOPs / peak, bytes / bandwidth), nothing run\n"
         "  --what alloc-trace  the compute buffer's allocations as csv id,lower,upper,size,offset\n"
         "                      (steps, half-open), what `planscope-cli dsa` reads\n"
         "  --backends LIST     split on these backends, e.g. cpu,opencl or cpu,rpc:HOST:PORT\n"
         "                      (default: one CPU backend)\n"
         "  --threads N         CPU threads of the backends (default: the hardware's, at most 8)\n"
         "  --device D          with --backends: the OpenCL device index or name part; without, a\n"
         "                      device profile for a .gguf or a capture, as for plan (--what plan,\n"
         "                      splits or trace)\n"
         "  --cpu-tflops T      --device ... --what trace: the host CPU's peak TFLOPS, for CPU splits\n"
         "                      that compute (a CPU profile's compute_tflops does the same)\n"
         "  --fold, --no-fold   splits: repeated blocks (llama layers) as boxes, the first drawn in full,\n"
         "                      or every tensor (default: fold graphs of over 300 nodes, as the GUI)\n"
         "  --max-size PX       splits as png: the longest side in pixels at most (default 4000; 0: any)\n"
         "  --planner P         splits, plan, alloc-trace: offsets of planner P (default ggml); also\n"
         "                      --alignment N and --time-box MS as for plan\n"
         "  --ggml V            whose allocator plans and scheduler splits, 2023 or 2026 (default: 2026\n"
         "                      for a .gguf model, 2023 for the rest), and for a .gguf model or\n"
         "                      template:llama (also with --what graph) whose llama.cpp builds the\n"
         "                      graph; --max-buffer-size N as for plan\n"
         "  --ctx, --batch, --ubatch, --seqs, --flash-attn, --kv-type[-k|-v], --n-past, --worst-case,\n"
         "  --ngl          as for info, for a .gguf model or\n"
         "                 template:llama\n"
         "  --what canvas and --what buffers are pictures of the GUI's views: File > Export in planscope.\n"
         "  The formats are docs/exports.md and docs/plan-schema.json.\n",
         &run_export},
        {"fit", "will a .gguf model fit on devices you may not have: memory per device, the best setting",
         "usage: planscope-cli fit MODEL.gguf [--device PROFILE]... [--ngl N] [--tensor-split A,B,...]\n"
         "                         [--split-mode none|layer|row] [--main-gpu I] [--override-tensor P=T,...]\n"
         "                         [--n-cpu-moe N] [--no-kv-offload] [--no-op-offload] [--no-mmap] [--no-host]\n"
         "                         [--ctx N] [--batch N] [--ubatch N] [--seqs N] [--flash-attn on|off|auto]\n"
         "                         [--kv-type T] [--margin MiB] [--find ngl|ctx|n-cpu-moe [--min-ctx N]]\n"
         "                         [--fit [--fit-target MiB,...] [--fit-ctx N]]\n"
         "  Places the model's weights and KV cache as llama.cpp da46e59c would on the devices\n"
         "  (llama_model::load_tensors), schedules its reserve graphs over them with ggml 2026's\n"
         "  scheduler and prints llama.cpp's memory breakdown per device (model + context + compute)\n"
         "  against each device's free memory less the margin: \"fits, 3.1 GiB free\" or \"over by\n"
         "  1.2 GiB: KV cache 8.0 GiB is the largest share\". Without --device: the CPU alone.\n"
         "  --device PROFILE  a GPU (repeat for several, in order): a preset (cuda-24gb, cuda-80gb,\n"
         "                 ...; docs/devices.md) or a profile's JSON file; a CPU profile stands for the host\n"
         "  --ngl N        layers offloaded, llama.cpp's -ngl (default -1: all, and the output)\n"
         "  --tensor-split A,B,...  each GPU's share of the layers (default: by free memory)\n"
         "  --split-mode M none (main GPU only), layer (default) or row; --main-gpu I (default 0)\n"
         "  --override-tensor P=T  weights whose name matches regex P in buffer type T (CPU, CUDA0, ...)\n"
         "  --n-cpu-moe N  the experts of the first N layers on the CPU\n"
         "  --no-kv-offload, --no-op-offload, --no-mmap, --no-host  as llama.cpp's flags\n"
         "  --ctx, --batch, --ubatch, --seqs, --flash-attn, --kv-type[-k|-v]  as for info, but the\n"
         "                 defaults are llama-cli's: the trained context, n_batch 2048, n_ubatch 512\n"
         "  --margin MiB   memory each GPU keeps free (default 1024, llama.cpp's --fit-target)\n"
         "  --find WHAT    the largest setting that fits, on the real plan: ngl (most layers),\n"
         "                 ctx (longest n_ctx from --min-ctx, default 4096, to the trained context)\n"
         "                 or n-cpu-moe (fewest layers' experts on the CPU); then the breakdown at it\n"
         "  --fit          (or --find auto) llama.cpp's own --fit search (common/fit.cpp) on the plan:\n"
         "                 the trained context reduced toward --fit-ctx, layers per GPU by tensor split,\n"
         "                 a MoE's experts to the CPU by overrides; prints its log, the parameters it\n"
         "                 sets and the breakdown at them. It changes only what llama-cli leaves unset:\n"
         "                 no --ctx (--ctx 0: the trained context, kept), --ngl auto (the default; --ngl\n"
         "                 all keeps every layer), no tensor split or overrides\n"
         "  --fit-target MiB,...  --fit's margin per GPU (one value: every GPU; default --margin)\n"
         "  --fit-ctx N    the least context --fit sets (default --min-ctx, 4096)\n",
         &run_fit},
        {"capture", "run a ggml program with the capture library preloaded and record its graphs",
         "usage: planscope-cli capture [--output FILE] [--max N] -- COMMAND ARGS...\n"
         "  Runs COMMAND with LD_PRELOAD=libplanscope-capture.so, which records every graph its ggml\n"
         "  scheduler or graph allocator plans and runs (nodes, leafs, backends, buffers, offsets,\n"
         "  docs/capture-format.md), waits for it and exits with its status (128+N for signal N, 127\n"
         "  when it cannot start). Then prints on stderr where the capture went and a summary.\n"
         "  info, plan and export open the file (FILE#SEQ or FILE#RUN:SEQ picks a graph record).\n"
         "  --output FILE  the capture file, appended to (default capture-PID.pscap here, PID\n"
         "                 planscope-cli's)\n"
         "  --max N        graph records to keep (PLANSCOPE_CAPTURE_MAX; default 9: the first\n"
         "                 reserve and the first 8 computes)\n"
         "  The library is PLANSCOPE_CAPTURE_LIB, else ../capture/ (the build tree), ../lib/ or\n"
         "  ../lib/planscope/ (an install) from the executable's directory (docs/capture-reading.md).\n",
         &run_capture},
    }};
    return table;
}

int fail(std::string_view message) {
    // Names and keys in engine messages come from the file: never let its bytes reach the terminal.
    std::cerr << "error: " << printable_line(message) << '\n';
    return exit_bad_input;
}

void warn(std::string_view message) { std::cerr << "warning: " << printable_line(message) << '\n'; }

int fail(std::string_view what, std::string_view reason) {
    std::string message(what);
    message += ": ";
    message += reason;
    return fail(message);
}

int usage_error(const command& cmd, std::string_view reason) {
    std::cerr << "usage error: " << printable_line(reason) << '\n' << cmd.usage;
    return exit_usage;
}

int usage_line(std::string_view reason) {
    std::cerr << "usage error: " << printable_line(reason) << '\n';
    return exit_usage;
}

std::string backend_list_problem(std::string_view list) {
    for (std::string_view rest = list;;) {
        const std::size_t comma = rest.find(',');
        const std::string_view item = rest.substr(0, comma);
        if (item == "opencl" && !have_opencl())
            return "--backends: this build has no OpenCL backend (configure with -DPLANSCOPE_OPENCL=ON)";
        if (rpc::is_rpc_item(item)) {
            if (auto e = rpc::parse_endpoint(item.substr(rpc::backend_prefix.size())); !e)
                return "--backends: " + e.err().message;
        } else if (item != "cpu" && item != "opencl") {
            return "--backends: unknown backend '" + std::string(item) + "' (known: cpu, opencl, rpc:HOST:PORT)";
        }
        if (comma == std::string_view::npos) return {};
        rest.remove_prefix(comma + 1);
    }
}

std::string sched_log_problem(std::string_view source) {
    if (!is_sched_log_path(source)) return {};
    return std::string("'").append(source).append("' is a GGML_SCHED_DEBUG log, a split assignment and not a graph to plan: "
                                                  "info prints it, planscope shows it");
}

bool wants_help(std::span<const std::string> args) {
    for (const auto& a : args)
        if (a == "--help" || a == "-h") return true;
    return false;
}

} // namespace planscope::cli
