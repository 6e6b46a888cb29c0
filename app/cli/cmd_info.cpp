// planscope-cli info FILE: counts per op, bytes of leafs and nodes, buffers; for a GGUF model
// first its architecture, hyperparameters and tensors per type; for a DOT dump what the import inferred.
#include "commands.h"

#include "backend/cpu/cpu_report.h"
#include "ggml_args.h"

#include "core/printable.h"

#include "alloc/plan.h"
#include "models/llama_report.h"
#include "source_options.h"

#include "core/summary.h"
#include "io/bounded_read.h"
#include "source/graph_source.h"
#include "source/capture_document.h"
#include "models/model_info.h"
#include "llm_context/llm_reserve.h"
#include "sched/ggml2026/sched_debug_log.h"
#include "source/model_params.h"

#include <cstdio>
#include <iomanip>
#include <iostream>

namespace planscope::cli {
namespace {

// "1171200 bytes (1.12 MiB)": llama.cpp logs MiB with two decimals.
std::string bytes_mib(std::size_t bytes) {
    char mib[32];
    std::snprintf(mib, sizeof mib, "%.2f", static_cast<double>(bytes) / 1024.0 / 1024.0);
    return std::to_string(bytes) + " bytes (" + mib + " MiB)";
}

// What llama.cpp da46e59c logs when it makes the context (llama_context's constructor, the KV
// cache, load_tensors) and llama_memory_breakdown's table, in bytes.
void print_llm_reserve(const llm_reserve_result& r) {
    const auto pp_tg = [](std::size_t pp, std::size_t tg, std::uint32_t n_tokens) {
        if (pp == tg) return std::to_string(pp);
        return std::to_string(pp) + " (with bs=" + std::to_string(n_tokens) + "), " + std::to_string(tg) + " (with bs=1)";
    };
    const std::uint32_t n_tokens = llm_reserve_prompt_shape(r.cparams).n_tokens;
    std::cout << "llama.cpp da46e59c:\n"
              << "graph nodes: " << pp_tg(r.pp.nodes, r.tg.nodes, n_tokens) << '\n'
              << "graph splits: " << pp_tg(r.pp.splits, r.tg.splits, n_tokens) << '\n';
    for (const llm_memory_row& m : r.memory)
        if (m.model) std::cout << printable(m.buffer_type) << " model buffer: " << bytes_mib(m.model) << '\n';
    for (const llm_memory_row& m : r.memory)
        if (m.context) std::cout << printable(m.buffer_type) << " KV buffer: " << bytes_mib(m.context) << '\n';
    std::cout << "CPU output buffer: " << bytes_mib(r.output_bytes) << '\n';
    for (const llm_memory_row& m : r.memory)
        if (m.compute || m.buffer_type == "CPU")
            std::cout << printable(m.buffer_type) << " compute buffer: " << bytes_mib(m.compute) << '\n';
    std::cout << "memory breakdown (bytes):  self = model + context + compute\n";
    for (const llm_memory_row& m : r.memory)
        std::cout << "  " << std::left << std::setw(12) << printable(m.buffer_type) << std::right << ' '
                  << m.model + m.context + m.compute << " = " << m.model << " + " << m.context << " + " << m.compute << '\n';
}

// The era that plans, then the compute buffer its ggml-alloc measures for the graph, and what
// llama.cpp printed for it; with ggml 2026 and a maximum buffer size, each further chunk. A llama
// prompt graph is labelled so,
// and the worst-case graph llama.cpp 2023 sized its buffer with follows with llama.cpp's figure; a
// .gguf model built as llama.cpp da46e59c builds it (`reserve`) what that llama.cpp reserved. The
// document is planned in place: info prints nothing after this.
void print_compute_buffer(graph_document& doc, const std::vector<tensor_id>& preallocate, const ggml_args& ggml,
                          const std::string& source, const llama_params& params, const llm_reserve_result* llm = nullptr) {
    plan_options o;
    o.preallocate = preallocate;
    ggml.apply(o);
    std::cout << "planned by " << ggml.era().label() << '\n';
    const auto plan = ggml.era().plan(doc, o);
    if (!plan) {
        std::cout << "compute buffer: not planned (" << printable_line(plan.err().message) << ")\n";
        return;
    }
    const auto reserve = llm ? result<std::optional<llama_reserve>>(std::optional<llama_reserve>{})
                             : llama_reservation(source, params, o);
    const bool prompt = llm || !reserve || *reserve;
    std::cout << "compute buffer" << (prompt ? " (prompt graph)" : "") << ": " << plan->max_size << " bytes (" << human_bytes(plan->max_size);
    if (!prompt) std::cout << "; llama.cpp: " << llama_compute_total_line(plan->max_size, o.alignment);
    std::cout << ")\n";
    for (const buffer_id b : plan->more_chunks) {
        const buffer_desc& chunk = doc.buffers[b.index()];
        std::cout << "  " << printable(chunk.name) << ": " << chunk.size << " bytes (" << human_bytes(chunk.size) << ")\n";
    }
    if (!reserve) std::cout << "compute buffer (worst case): not planned (" << reserve.err().message << ")\n";
    else if (*reserve)
        std::cout << "compute buffer (worst case): " << (*reserve)->max_size << " bytes (" << human_bytes((*reserve)->max_size)
                  << "; llama.cpp: " << llama_compute_total_line((*reserve)->max_size, o.alignment) << ")\n";
    if (llm) print_llm_reserve(*llm);
}

void print_graph(const graph_document& doc, const std::string& source) {
    const graph_summary s = summarize(doc);
    std::cout << "graph: " << printable(doc.name.empty() ? source : doc.name) << '\n'
              << "nodes: " << s.n_nodes << " (" << s.n_views << " views)\n"
              << "leafs: " << s.n_leafs << '\n'
              << "leaf bytes: " << s.leaf_bytes << " (" << human_bytes(s.leaf_bytes) << ")\n"
              << "node bytes: " << s.node_bytes << " (" << human_bytes(s.node_bytes) << ")\n"
              << "pre-allocated bytes: " << s.preallocated_bytes << " (" << human_bytes(s.preallocated_bytes)
              << ")\n";
    std::cout << "nodes per op:\n";
    for (const auto& [op, n] : s.nodes_per_op)
        std::cout << "  " << std::left << std::setw(16) << info(op).name << std::right << std::setw(8) << n << '\n';
    std::cout << "leafs per type:\n";
    for (const auto& [t, n] : s.leafs_per_type)
        std::cout << "  " << std::left << std::setw(16) << type_name(t) << std::right << std::setw(8) << n << '\n';
    if (!doc.buffers.empty()) {
        std::cout << "buffers:\n";
        for (const auto& b : doc.buffers)
            std::cout << "  " << printable(b.name) << " (" << printable(b.backend) << "): " << b.size << " bytes, alignment " << b.alignment
                      << '\n';
    }
}

// What llama.cpp da46e59c made of the asked context parameters: n_ctx as padded, flash attention
// as resolved.
void print_llm_context(const llm_cparams& c, const llama_params& asked) {
    const auto asked_if = [](const std::string& got, const std::string& want) {
        return got == want ? got : got + " (asked " + want + ")";
    };
    std::cout << "n_ctx: " << asked_if(std::to_string(c.n_ctx), std::to_string(asked.n_ctx)) << '\n'
              << "n_batch: " << asked_if(std::to_string(c.n_batch), std::to_string(asked.n_batch)) << '\n'
              << "n_ubatch: " << c.n_ubatch << '\n'
              << "n_seq_max: " << c.n_seq_max << '\n'
              << "flash_attn: " << asked_if(c.flash_attn ? "on" : "off", std::string(name(asked.flash_attn))) << '\n'
              << "type_k: " << type_name(c.type_k) << ", type_v: " << type_name(c.type_v) << '\n';
}

// The model part, then the llama graph the era builds: in ggml 2026 llama.cpp da46e59c's reserve
// graph (an architecture it lacks is an error naming those it has), in ggml 2023 llama.cpp 2023's
// (other architectures print the model part only).
int info_model(const std::string& source, const llama_params& params, const ggml_args& ggml) {
    auto file = open_gguf(source);
    if (!file) {
        return fail(file.err().message);
    }
    auto h = read_hparams(*file);
    if (!h) return fail(source, h.err().message);
    std::cout << "model: " << printable(source) << " (GGUF v" << file->version << ", " << file->tensors.size() << " tensors)\n"
              << "architecture: " << printable(h->arch) << '\n'
              << "hyperparameters:\n";
    for (const auto& [key, value] : describe_hparams(*h))
        std::cout << "  " << std::left << std::setw(18) << key << std::right << value << '\n';
    std::cout << "tensors per type:\n";
    if (file->tensors.empty()) std::cout << "  none (vocab-only file: a graph gets f32 placeholder weights)\n";
    for (const auto& t : tensor_totals(*file))
        std::cout << "  " << std::left << std::setw(16) << type_name(t.type) << std::right << std::setw(8) << t.count
                  << std::setw(16) << t.bytes << " bytes (" << human_bytes(t.bytes) << ")\n";
    if (ggml.version() == ggml_version::v2026) {
        std::cout << "llama.cpp da46e59c parameters: " << describe_2026(params) << '\n';
        auto opened = open_source(source, params, ggml_version::v2026);
        if (!opened) return fail(opened.err().message);
        print_llm_context(opened->llm_reserve->cparams, params);
        print_graph(opened->doc, source);
        print_compute_buffer(opened->doc, opened->preallocate, ggml, source, params, opened->llm_reserve.get());
        return exit_ok;
    }
    if (h->arch != "llama") {
        std::cout << "graph: not built (architecture '" << printable(h->arch) << "' is not supported by the graph builder)\n";
        return exit_ok;
    }
    std::cout << "llama parameters: " << describe(params) << '\n';
    auto model = build_llama_graph(*file, params_2023(params));
    if (!model) return fail(source, model.err().message);
    model->doc.name = std::filesystem::path(source).filename().string();
    print_graph(model->doc, source);
    print_compute_buffer(model->doc, model->inputs, ggml, source, params);
    return exit_ok;
}

// A GGML_SCHED_DEBUG log: how many assignments it holds, then the last one (the program's latest
// split of its graph) split by split: backend, nodes, inputs.
int info_sched_log(const std::string& path) {
    auto text = read_file_bounded(path, ggml2026::max_sched_log_bytes, "GGML_SCHED_DEBUG log");
    if (!text) return fail(text.err().message);
    const auto log = ggml2026::parse_sched_debug_log(*text);
    if (!log) return fail(path, log.err().message);
    const ggml2026::sched_log_assignment& last = log->assignments.back();
    std::cout << "GGML_SCHED_DEBUG log: " << printable(path) << '\n'
              << "assignments: " << log->assignments.size() << " (other lines: " << log->skipped_lines << ")\n"
              << "last assignment: line " << last.first_line << ", " << last.splits.size() << " splits\n";
    for (const ggml2026::sched_log_split& s : last.splits) {
        std::cout << "  split " << s.index << ": " << printable(s.backend);
        if (!s.nodes.empty())
            std::cout << ", nodes " << s.nodes.front().index << "-" << s.nodes.back().index << " (" << s.nodes.size()
                      << " not views)";
        std::cout << ", " << s.inputs.size() << " inputs";
        for (std::size_t j = 0; j < s.inputs.size(); ++j)
            std::cout << (j ? ", " : ": ") << printable(s.inputs[j].name) << " (" << printable(s.inputs[j].size) << ")";
        std::cout << '\n';
    }
    return exit_ok;
}

// A capture file: each run (its header and end) and each graph record, one line each; the
// selected record's document follows as for any graph.
int info_capture(const std::string& source) {
    const capture_selection sel = parse_capture_selection(source);
    auto file = capture::read_capture(sel.path);
    if (!file) return fail(file.err().message);
    std::cout << "capture: " << printable(sel.path.string()) << ", " << file->runs.size() << " run(s)\n";
    for (std::size_t r = 0; r < file->runs.size(); ++r) {
        const capture::run& run = file->runs[r];
        std::cout << "run " << r << ": pid " << run.head.pid << ", " << printable(run.head.started) << ", '" << printable(run.head.command)
                  << "', " << run.graphs.size() << " graph record(s)";
        if (run.end) std::cout << ", " << run.end->dropped << " call(s) not recorded\n";
        else std::cout << ", no end record (killed or crashed)\n";
        for (const capture::graph& g : run.graphs) {
            std::cout << "  #" << g.seq << " " << printable(g.event) << (g.ok ? "" : " (failed)") << ": " << g.nodes.size() << " nodes, "
                      << g.leafs.size() << " leafs, " << g.wall_us << " us";
            if (g.scheduler_event()) std::cout << ", " << g.n_splits << " splits";
            for (std::size_t b = 0; b < g.backends.size(); ++b)
                std::cout << (b ? ", " : "; compute ") << printable(g.backends[b].name) << " " << g.backends[b].buffer_size;
            for (std::size_t b = 0; b < g.buffer_sizes.size(); ++b) std::cout << (b ? ", " : "; buffers ") << g.buffer_sizes[b];
            std::cout << '\n';
        }
    }
    for (const auto& w : file->warnings) std::cout << "warning: " << printable_line(w) << '\n';
    return exit_ok;
}

} // namespace

int run_info(std::span<const std::string> args) {
    const command& self = commands()[0];
    std::string file;
    source_options options;
    ggml_args ggml;
    // info --cpu: this machine's CPU and the kernels chosen for it, no file.
    if (args.size() == 1 && args[0] == "--cpu") {
        std::cout << cpu::cpu_report();
        return exit_ok;
    }
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string problem;
        if (options.parse(args, i, problem) || ggml.parse(args, i, problem)) {
            if (!problem.empty()) return usage_error(self, problem);
        } else if (args[i] == "--cpu") {
            return usage_error(self, "--cpu takes no FILE and no other option");
        } else if (args[i].starts_with("--")) {
            return usage_error(self, "unknown option " + args[i]);
        } else if (!file.empty()) {
            return usage_error(self, "info takes exactly one FILE");
        } else {
            file = args[i];
        }
    }
    if (file.empty()) return usage_error(self, "info takes exactly one FILE");
    if (file.ends_with(".log")) return info_sched_log(file);
    if (is_capture_source(file))
        if (const int rc = info_capture(file); rc != exit_ok) return rc;
    ggml.default_to(default_era(file));
    if (const auto problem = options.check_source(file); !problem.empty()) return usage_error(self, problem);
    if (const auto problem = options.check_era(file, ggml.version()); !problem.empty()) return usage_error(self, problem);
    if (const auto problem = ggml.check(); !problem.empty()) return usage_error(self, problem);
    if (ggml.sched_given()) return usage_error(self, "--n-copies and --no-op-offload go with plan --backends");
    if (is_gguf_path(file)) return info_model(file, options.params(), ggml);
    auto opened = open_source(file, options.params(), ggml.version());
    if (!opened) {
        return fail(opened.err().message);
    }
    print_graph(opened->doc, file);
    if (!opened->warnings.empty()) {
        std::cout << "inferred (not in the file):\n";
        for (const auto& w : opened->warnings) std::cout << "  " << printable_line(w) << '\n';
    }
    print_compute_buffer(opened->doc, opened->preallocate, ggml, file, options.params(), opened->llm_reserve.get());
    return exit_ok;
}

} // namespace planscope::cli
