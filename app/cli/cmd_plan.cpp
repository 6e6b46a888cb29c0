// planscope-cli plan FILE: every node's placement as ggml-alloc (2023-11) decides it, then the
// compute buffer's max_size. The listing format is docs/plan-listing.md.
#include "commands.h"
#include "ggml_args.h"
#include "placement_args.h"
#include "plan_analysis.h"
#include "plan_report.h"
#include "source_options.h"

#include "alloc/ggml2026/alloc_graph.h"
#include "alloc/plan_listing.h"
#include "llm_context/llm_device_plan.h"
#include "llm_context/llm_reserve.h"
#include "source/model_params.h"
#include "models/llama_report.h"
#include "source/graph_source.h"
#include "source/capture_check.h"
#include "source/capture_devices.h"
#include "sched/recorded_schedule.h"
#include "sched/backend_factory.h"
#include "sched/ggml2026/sched_log_check.h"
#include "core/printable.h"
#include "io/bounded_read.h"
#include "sched/sched_json.h"
#include "sched/sched_report.h"
#include "sched/sched_runner.h"
#include "sched/network_traffic.h"
#include "sched/split_causes.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <filesystem>
#include <iostream>
#include <optional>

#include <nlohmann/json.hpp>

namespace planscope::cli {
namespace {

const command& self() {
    const auto all = commands();
    return *std::find_if(all.begin(), all.end(), [](const command& c) { return c.name == "plan"; });
}

std::optional<std::size_t> parse_alignment(const std::string& s) {
    std::size_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || end != s.data() + s.size() || !std::has_single_bit(v)) return std::nullopt;
    return v;
}

// A schedule as plan --backends lists it (docs/scheduler.md), or its JSON; `llama_cpp` the compute
// buffer llama.cpp reports for each entry of out.buffers.
void print_schedule(const sched_outcome& out, const std::vector<std::size_t>& llama_cpp, bool causes, bool json) {
    if (json) {
        std::cout << sched_plan_json(out);
        return;
    }
    std::cout << "backends:";
    for (const auto& n : out.backend_names) std::cout << ' ' << n;
    std::cout << "\nsplits: " << out.plan.splits.size() << '\n' << out.assignments << "\n## BUFFERS\n"
              << format_buffers(out.backend_names, out.buffers);
    // As llama.cpp with ggml-backend's scheduler prints them, one per backend.
    for (std::size_t i = 0; i < out.buffers.size(); ++i)
        std::cout << "llama.cpp: "
                  << llama_backend_compute_line(out.backend_names[static_cast<std::size_t>(out.buffers[i].backend)], llama_cpp[i])
                  << '\n';
    // Only where a backend is remote (an rpc-server's): other listings stay as they were.
    if (out.network.remote) std::cout << "\n## NETWORK\n" << format_network(out.network, out.backend_names);
    if (causes) std::cout << "\n## SPLIT CAUSES\n" << format_split_causes(out.causes, out.backend_names);
    for (const auto& w : out.warnings) std::cout << "warning: " << printable_line(w) << '\n';
}

// plan FILE --backends LIST: the scheduler's splits and causes instead of the single-buffer plan.
int plan_backends(opened_source in, const std::string& file, const std::string& list,
                  const backend_factory_options& options, const ggml_args& ggml, bool causes, bool json) {
    auto backends = make_backends(list, options);
    if (!backends) return fail(file, backends.err().message);
    auto out = ggml.era().schedule(std::move(in), backend_pointers(*backends), ggml.sched_options());
    if (!out) return fail(file, out.err().message);
    std::vector<std::size_t> sizes;
    for (const sched_buffer_info& b : out->buffers) sizes.push_back(b.size);
    print_schedule(*out, sizes, causes, json);
    return exit_ok;
}

// plan MODEL.gguf --device PROFILE...: llama.cpp da46e59c's prompt graph on device profiles
// (llm_context/llm_device_plan.h), listed as plan --backends lists a schedule; llama.cpp's lines are
// its reserve's compute buffers (the largest of pp, tg, pp). plan FILE.pscap --device PROFILE...:
// the captured graph re-placed on them (source/capture_devices.h), its own compute buffers.
int plan_devices(std::span<const std::string> args) {
    std::optional<std::string> file;
    placement_args placement;
    source_options model;
    bool json = false, causes = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (std::string problem; placement.parse(args, i, problem) || model.parse(args, i, problem)) {
            if (!problem.empty()) return usage_error(self(), problem);
        } else if (a == "--causes") {
            causes = true;
        } else if (a == "--format" || a == "--ggml") {
            if (i + 1 == args.size()) return usage_error(self(), a + " needs a value");
            const std::string& v = args[++i];
            if (a == "--ggml" && v != "2026")
                return usage_error(self(), "--device plans with llama.cpp da46e59c's scheduler (--ggml 2026), not '" + v + "'");
            if (a == "--format" && v != "text" && v != "json")
                return usage_error(self(), "--format is text or json, not '" + v + "'");
            if (a == "--format") json = v == "json";
        } else if (a.starts_with("--")) {
            return usage_error(self(), a + ": plan --device takes the placement flags, the model options, --format and --causes");
        } else if (file) {
            return usage_error(self(), "plan takes exactly one FILE");
        } else {
            file = a;
        }
    }
    if (!file) return usage_error(self(), "plan takes exactly one FILE");
    const bool capture = is_capture_source(*file);
    if (!capture && !is_gguf_path(*file))
        return usage_error(self(), "--device plans a .gguf model or a capture, not '" + printable(*file) + "'");
    if (const auto problem = model.check_source(*file); !problem.empty()) return usage_error(self(), problem);
    if (const auto problem = model.check_era(*file, ggml_version::v2026); !problem.empty()) return usage_error(self(), problem);
    auto devices = load_device_set(placement.devices());
    if (!devices) return fail(devices.err().message);
    if (capture) {
        auto in = open_capture_on_devices(*file, {std::move(*devices), placement.params(), placement.op_offload()});
        if (!in) return fail(in.err().message);
        for (const auto& w : in->warnings) warn(*file + ": " + w);
        const sched_outcome& out = in->recorded->outcome;
        if (!json)
            std::cout << "capture: " << printable(in->doc.name) << ", " << in->doc.g.nodes.size()
                      << " nodes, its weights and KV cache placed as llama.cpp da46e59c places them on device profiles "
                         "(nothing runs)\n";
        std::vector<std::size_t> sizes;
        for (const sched_buffer_info& b : out.buffers) sizes.push_back(b.size);
        print_schedule(out, sizes, causes, json);
        return exit_ok;
    }
    auto gguf = open_gguf(*file);
    if (!gguf) return fail(*file, gguf.err().message);
    auto context = llm_context_params_of(model.params());
    if (!context) return fail(*file, context.err().message);
    auto p = llm_device_plan(*gguf, *context, *devices, placement.params(), placement.op_offload());
    if (!p) return fail(*file, p.err().message);
    p->scheduled.doc.name = std::filesystem::path(*file).filename().string();
    if (!json) {
        const llm_cparams& c = p->reserve.cparams;
        std::cout << "llama.cpp da46e59c: n_ctx " << c.n_ctx << ", n_batch " << c.n_batch << ", n_ubatch " << c.n_ubatch
                  << ", flash_attn " << (c.flash_attn ? "on" : "off") << ", sched copies " << p->reserve.n_copies
                  << "; the prompt graph, " << p->graph.g.nodes.size() << " nodes, on device profiles (nothing runs)\n";
    }
    print_schedule(p->scheduled, p->reserve.compute_per_backend, causes, json);
    return exit_ok;
}

// plan GRAPH --sched-log FILE.log: Planscope's 2026 scheduler beside the log's assignment.
int plan_sched_log(opened_source in, const std::string& file, const std::string& log_path) {
    auto text = read_file_bounded(log_path, ggml2026::max_sched_log_bytes, "GGML_SCHED_DEBUG log");
    if (!text) return fail(text.err().message);
    auto log = ggml2026::parse_sched_debug_log(*text);
    if (!log) return fail(log_path, log.err().message);
    const ggml2026::sched_log_assignment& last = log->assignments.back();
    auto check = ggml2026::check_sched_log(in.doc, last);
    if (!check) return fail(file, check.err().message);
    std::cout << "GGML_SCHED_DEBUG log: " << printable(log_path) << " (last assignment, line " << last.first_line << ")\n"
              << ggml2026::format_sched_log_check(*check);
    return exit_ok;
}

// plan FILE.pscap: the captured assignment and buffers as plan --backends lists a schedule, then
// Planscope's own scheduler and allocator on the captured graph beside it (source/capture_check.h).
int plan_capture(const opened_source& in, const std::string& file) {
    const capture_selection sel = parse_capture_selection(file);
    auto capture = capture::read_capture(sel.path);
    if (!capture) return fail(capture.err().message);
    auto g = select_capture_graph(*capture, sel);
    if (!g) return fail(file, g.err().message);
    auto cd = document_from_capture(**g, in.doc.name);
    if (!cd) return fail(file, cd.err().message);
    std::cout << "capture: " << printable(sel.path.string()) << " #" << (*g)->seq << " " << printable((*g)->event) << ", "
              << in.doc.g.nodes.size() << " nodes\n";
    const sched_outcome& out = in.recorded->outcome;
    std::vector<std::size_t> sizes;
    for (const sched_buffer_info& b : out.buffers) sizes.push_back(b.size);
    print_schedule(out, sizes, false, false);
    // What the scheduler's earlier reserves left in place: its run.
    const capture::run* in_run = nullptr;
    for (const capture::run& run : capture->runs)
        if (!run.graphs.empty() && &run.graphs.front() <= *g && *g <= &run.graphs.back()) in_run = &run;
    auto check = check_capture(**g, *cd, in_run);
    if (!check) return fail(file, check.err().message);
    std::cout << '\n' << format_capture_check(*check);
    return exit_ok;
}

// plan FILE --ggml 2026 --reserve-with SOURCE: ggml_gallocr_alloc_graph of FILE's graph after a
// reserve with SOURCE's (llama.cpp reserves with its worst case, then allocates each batch).
int plan_reserve_with(const opened_source& in, const std::string& file, const std::string& source,
                      const llama_params& params, plan_options options, bool json) {
    auto reserved = open_source(source, params, ggml_version::v2026); // a llama source's graph as FILE's: 2026's
    if (!reserved) return fail(reserved.err().message);
    for (const auto& w : reserved->warnings) warn(source + ": " + w);
    options.preallocate = reserved->preallocate;
    auto out = ggml2026::alloc_after_reserve(reserved->doc, in.doc, in.preallocate, options);
    if (!out) return fail(file, out.err().message);
    if (json) {
        nlohmann::ordered_json j;
        j["reserve_with"] = printable(source, 1000);
        j["reserved"] = out->reserved;
        j["own"] = out->own;
        j["realloc"] = out->realloc ? nlohmann::ordered_json(*out->realloc) : nlohmann::ordered_json(nullptr);
        j["allocated"] = out->allocated;
        std::cout << j.dump(2) << '\n';
        return exit_ok;
    }
    std::cout << "reserve: " << printable(source, 1000) << ": compute " << out->reserved << " bytes\n"
              << "alloc_graph: " << printable(file, 1000) << ": ";
    if (!out->realloc)
        std::cout << "fits the reservation: every tensor at its reserved address (the graph alone: " << out->own
                  << " bytes)\n";
    else
        std::cout << "needs_realloc: " << *out->realloc << "\nreallocating buffers automatically (one buffer): compute "
                  << out->allocated << " bytes (the graph alone: " << out->own << " bytes)\n";
    return exit_ok;
}

// llama.cpp da46e59c's reserve as the listing's llama_cpp row: its CPU compute buffer (the
// max of pp, tg, pp), and in JSON what else it logged.
llama_cpp_row llm_reserve_row(const llm_reserve_result& r) {
    llama_cpp_row row{r.compute, llama_backend_compute_line("CPU", r.compute), {}};
    row.figures = {{"graph_nodes", r.pp.nodes}, {"graph_nodes_tg", r.tg.nodes}, {"graph_splits", r.pp.splits},
                   {"graph_splits_tg", r.tg.splits}, {"compute_pp", r.pp.compute}, {"compute_tg", r.tg.compute},
                   {"n_ctx", r.cparams.n_ctx}, {"n_batch", r.cparams.n_batch}, {"n_ubatch", r.cparams.n_ubatch},
                   {"n_seq_max", r.cparams.n_seq_max}, {"flash_attn", r.cparams.flash_attn ? 1u : 0u},
                   {"output_bytes", r.output_bytes}};
    for (const llm_memory_row& m : r.memory)
        for (const auto& [part, bytes] : {std::pair{"model", m.model}, {"context", m.context}, {"compute", m.compute}}) {
            std::string key = m.buffer_type; // in steps: GCC 12 warns falsely (-Wrestrict) on a + chain
            key += '.';
            key += part;
            row.figures.emplace_back(std::move(key), bytes);
        }
    return row;
}

} // namespace

int run_plan(std::span<const std::string> args) {
    // --device names device profiles unless --backends makes it the OpenCL device.
    const auto given = [&](std::string_view flag) { return std::find(args.begin(), args.end(), flag) != args.end(); };
    if (given("--device") && !given("--backends")) return plan_devices(args);
    std::optional<std::string> file;
    bool json = false;
    plan_options options;
    source_options source;
    plan_analysis analysis;
    plan_report report;
    ggml_args ggml;
    std::optional<std::string> backends;
    std::optional<std::string> sched_log;
    std::optional<std::string> reserve_with;
    backend_factory_options backend_options;
    bool alignment_given = false;
    std::string_view swept;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--sweep" && i + 1 < args.size()) swept = swept_param(args[i + 1]);
        std::string problem;
        if (source.parse(args, i, problem) || analysis.parse(args, i, problem) || report.parse(args, i, problem) ||
            ggml.parse(args, i, problem)) {
            if (!problem.empty()) return usage_error(self(), problem);
        } else if (a == "--backends" || a == "--device" || a == "--sched-log" || a == "--reserve-with") {
            if (i + 1 == args.size()) return usage_error(self(), a + " needs a value");
            if (std::find(args.begin(), args.begin() + static_cast<std::ptrdiff_t>(i), a) != args.begin() + static_cast<std::ptrdiff_t>(i))
                return usage_error(self(), a + " is given twice");
            (a == "--backends"       ? backends.emplace()
             : a == "--sched-log"    ? sched_log.emplace()
             : a == "--reserve-with" ? reserve_with.emplace()
                                     : backend_options.device) = args[++i];
        } else if (a == "--format" || a == "--alignment") {
            if (i + 1 == args.size()) return usage_error(self(), a + " needs a value");
            const std::string& v = args[++i];
            if (a == "--format") {
                if (v != "text" && v != "json") return usage_error(self(), "--format is text or json, not '" + v + "'");
                json = v == "json";
            } else {
                const auto alignment = parse_alignment(v);
                if (!alignment) return usage_error(self(), "--alignment must be a power of two, not '" + v + "'");
                options.alignment = *alignment;
                alignment_given = true;
            }
        } else if (a.starts_with("--")) {
            return usage_error(self(), "unknown option " + a);
        } else if (file) {
            return usage_error(self(), "plan takes exactly one FILE");
        } else {
            file = a;
        }
    }
    if (!file) return usage_error(self(), "plan takes exactly one FILE");
    // A sweep re-builds the graph of the source's era (a .gguf's: 2026) unless --ggml; --compare-ggml
    // plans one graph with both allocators: llama.cpp 2023's graph of a .gguf or template:llama.
    ggml.default_to(report.compare_ggml() ? ggml_version::v2023 : default_era(*file));
    if (const auto problem = source.check_source(*file, swept); !problem.empty()) return usage_error(self(), problem);
    if (const auto problem = source.check_era(*file, ggml.version()); !problem.empty()) return usage_error(self(), problem);
    if (const auto problem = analysis.check(json); !problem.empty()) return usage_error(self(), problem);
    if (sched_log && (backends || reserve_with || analysis.any() || report.peak() || report.sweep() || report.causes() || report.compare_ggml() || json || ggml.given() || alignment_given))
        return usage_error(self(), "--sched-log compares the log with Planscope's ggml 2026 scheduler: it takes no other plan option");
    if (backends && analysis.any())
        return usage_error(self(), "--backends lists the scheduler's splits; it takes no planner options");
    if (backends && alignment_given)
        return usage_error(self(), "--alignment sets the single compute buffer's; with --backends each backend's own applies");
    if (const auto problem = report.check(backends.has_value(), analysis.any()); !problem.empty()) return usage_error(self(), problem);
    if (const auto problem = ggml.check(); !problem.empty()) return usage_error(self(), problem);
    if (ggml.given() && report.compare_ggml()) return usage_error(self(), "--compare-ggml plans with both versions: no --ggml");
    if (report.sweep_key_given() == sweep_key::ubatch && graph_era(*file, ggml.version()) == ggml_version::v2023)
        return usage_error(self(), "--sweep ubatch=...: llama.cpp 2023 has no ubatch; give --ggml 2026");
    if (report.sweep() && ggml.max_buffer_size() != SIZE_MAX)
        return usage_error(self(), "--sweep plans each point in one buffer: no --max-buffer-size");
    if (ggml.sched_given() && !backends) return usage_error(self(), "--n-copies and --no-op-offload go with --backends");
    if (reserve_with && (ggml.version() != ggml_version::v2026 || backends || analysis.any() || report.peak() ||
                         report.compare_ggml() || report.sweep()))
        return usage_error(self(), "--reserve-with goes with --ggml 2026 alone (one buffer, no planner or report options)");
    if (reserve_with)
        if (auto problem = sched_log_problem(*reserve_with); !problem.empty()) return usage_error(self(), "--reserve-with: " + problem);
    if (backends)
        if (auto problem = backend_list_problem(*backends); !problem.empty()) return usage_error(self(), problem);
    ggml.apply(options);
    if (report.sweep()) {
        if (!takes_llama_params(*file)) return usage_error(self(), "--sweep re-builds a llama model: a .gguf file or template:llama");
        return report.run_sweep(*file, source.params(), ggml.version(), json);
    }

    // open_source keeps the inputs a llama graph allocates before the graph, as llama.cpp did.
    auto in = open_source(*file, source.params(), ggml.version());
    if (!in) {
        return fail(in.err().message);
    }
    for (const auto& w : in->warnings) warn(*file + ": " + w);
    if (sched_log) return plan_sched_log(std::move(*in), *file, *sched_log);
    if (in->recorded && args.size() == 1 && is_capture_source(*file)) return plan_capture(*in, *file);
    if (reserve_with) return plan_reserve_with(*in, *file, *reserve_with, source.params(), options, json);
    if (backends) return plan_backends(std::move(*in), *file, *backends, backend_options, ggml, report.causes(), json);
    if (report.compare_ggml())
        return plan_report::run_compare_ggml(in->doc, in->preallocate, json, options.alignment, *file);
    options.preallocate = in->preallocate;
    alloc_recorder recorder; // the planner options work from the allocator's events
    if (analysis.any() || report.peak()) options.observer = &recorder;
    auto plan = ggml.era().plan(in->doc, options);
    if (!plan) return fail(*file, plan.err().message);
    if (analysis.any()) return analysis.run(in->doc, *plan, recorder.events(), json, *file);
    // A 2023 prompt graph's llama.cpp figure is its measure graph's, which llama.cpp sized the buffer
    // with; a .gguf model's in ggml 2026 the CPU compute buffer of its reserve (pp, tg, pp).
    std::optional<llama_cpp_row> reserved;
    if (in->llm_reserve) {
        reserved = llm_reserve_row(*in->llm_reserve);
    } else {
        auto reserve = llama_reservation(*file, source.params(), options);
        if (!reserve) return fail(reserve.err().message);
        if (*reserve) reserved = llama_cpp_row_2023((*reserve)->max_size, options.alignment);
    }
    if (report.peak()) return report.run_peak(in->doc, *plan, recorder.events(), json, options.alignment, *file, reserved);
    std::cout << (json ? plan_listing_json(in->doc, *plan, reserved) : plan_listing_text(in->doc, *plan, reserved));
    return exit_ok;
}

} // namespace planscope::cli
