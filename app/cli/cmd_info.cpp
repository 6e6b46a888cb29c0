// planscope-cli info FILE: counts per op, bytes of leafs and nodes, buffers; for a GGUF model
// first its architecture, hyperparameters and tensors per type; for a DOT dump what the import inferred.
#include "commands.h"
#include "ggml_args.h"

#include "core/printable.h"

#include "alloc/plan.h"
#include "models/llama_report.h"
#include "source_options.h"

#include "core/summary.h"
#include "io/bounded_read.h"
#include "io/graph_source.h"
#include "models/model_info.h"
#include "sched/ggml2026/sched_debug_log.h"

#include <iomanip>
#include <iostream>

namespace planscope::cli {
namespace {

// The compute buffer ggml-alloc measures for the graph, and what llama.cpp printed for it; with
// ggml 2026 and a maximum buffer size, each further chunk. A llama prompt graph is labelled so,
// and the worst-case graph llama.cpp sized its buffer with follows with llama.cpp's figure. The
// document is planned in place: info prints nothing after this.
void print_compute_buffer(graph_document& doc, const std::vector<tensor_id>& preallocate, const ggml_args& ggml,
                          const std::string& source, const llama_params& params) {
    plan_options o;
    o.preallocate = preallocate;
    ggml.apply(o);
    const auto plan = plan_graph(doc, o);
    if (!plan) {
        std::cout << "compute buffer: not planned (" << printable_line(plan.err().message) << ")\n";
        return;
    }
    const auto reserve = llama_reservation(source, params, o);
    const bool prompt = !reserve || *reserve;
    std::string label = o.version == ggml_version::v2023 ? "" : "ggml 2026";
    if (prompt) label += label.empty() ? "prompt graph" : ", prompt graph";
    std::cout << "compute buffer" << (label.empty() ? "" : " (" + label + ")") << ": " << plan->max_size << " bytes (" << human_bytes(plan->max_size);
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

// The model part, then the llama graph built with `params` when the builder supports the
// architecture; other architectures print the model part only.
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
    if (h->arch != "llama") {
        std::cout << "graph: not built (architecture '" << printable(h->arch) << "' is not supported by the graph builder)\n";
        return exit_ok;
    }
    std::cout << "llama parameters: " << describe(params) << '\n';
    auto model = build_llama_graph(*file, params);
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

} // namespace

int run_info(std::span<const std::string> args) {
    const command& self = commands()[0];
    std::string file;
    source_options options;
    ggml_args ggml;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string problem;
        if (options.parse(args, i, problem) || ggml.parse(args, i, problem)) {
            if (!problem.empty()) return usage_error(self, problem);
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
    if (const auto problem = options.check_source(file); !problem.empty()) return usage_error(self, problem);
    if (const auto problem = ggml.check(); !problem.empty()) return usage_error(self, problem);
    if (ggml.sched_given()) return usage_error(self, "--n-copies and --no-op-offload go with plan --backends");
    if (is_gguf_path(file)) return info_model(file, options.params(), ggml);
    auto opened = open_source(file, options.params());
    if (!opened) {
        return fail(opened.err().message);
    }
    print_graph(opened->doc, file);
    if (!opened->warnings.empty()) {
        std::cout << "inferred (not in the file):\n";
        for (const auto& w : opened->warnings) std::cout << "  " << printable_line(w) << '\n';
    }
    print_compute_buffer(opened->doc, opened->preallocate, ggml, file, options.params());
    return exit_ok;
}

} // namespace planscope::cli
