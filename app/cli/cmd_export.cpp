// planscope-cli export FILE --what W --format F -o OUT: the split diagram, the plan, the
// execution trace or the allocation trace, written atomically. Formats: docs/exports.md.
#include "commands.h"
#include "ggml_args.h"
#include "placement_args.h"
#include "planner_args.h"
#include "source_options.h"

#include "backend/cpu/thread_pool.h"
#include "core/printable.h"
#include "llm_context/llm_device_plan.h"
#include "source/capture_devices.h"
#include "sched/recorded_schedule.h"
#include "source/model_params.h"
#include "io/atomic_write.h"
#include "export/estimated_timings.h"
#include "export/export_runner.h"
#include "source/graph_source.h"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <optional>

namespace planscope::cli {
namespace {

const command& self() {
    const auto all = commands();
    return *std::find_if(all.begin(), all.end(), [](const command& c) { return c.name == "export"; });
}

std::optional<int> parse_positive(const std::string& s) {
    int v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || end != s.data() + s.size() || v < 1) return std::nullopt;
    return v;
}

struct export_args {
    std::string file, out, format;
    const export_kind_info* w = nullptr;
    std::optional<diagram_fold> fold;
    std::optional<std::size_t> max_pixels;
    std::optional<std::string> backends;
    export_schedule_options schedule;
    export_plan_options plan;
    bool planner_given = false, alignment_given = false;
    source_options source;
    ggml_args ggml;
    // --device without --backends: device profiles (placement_args.h), not the OpenCL device.
    bool on_devices = false;
    placement_args placement;
    std::optional<double> cpu_tflops; // --what trace on devices: the host CPU's peak
};

std::optional<double> parse_positive_real(const std::string& s) {
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || end != s.data() + s.size() || !(v > 0) || !std::isfinite(v)) return std::nullopt;
    return v;
}

// Parses the arguments; returns a usage problem, or "".
std::string parse(std::span<const std::string> args, export_args& a) {
    a.schedule.n_threads = cpu::default_thread_count();
    bool have_file = false;
    a.on_devices = std::find(args.begin(), args.end(), "--device") != args.end() &&
                   std::find(args.begin(), args.end(), "--backends") == args.end();
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        std::string problem;
        if ((a.on_devices && a.placement.parse(args, i, problem)) || a.source.parse(args, i, problem) ||
            a.ggml.parse(args, i, problem)) {
            if (!problem.empty()) return problem;
            continue;
        }
        if (arg == "--fold" || arg == "--no-fold") {
            a.fold = arg == "--fold" ? diagram_fold::always : diagram_fold::never;
            continue;
        }
        if (!arg.starts_with("-")) {
            if (have_file) return "export takes exactly one FILE";
            a.file = arg;
            have_file = true;
            continue;
        }
        static constexpr std::array<std::string_view, 12> valued{"--what",     "--format",   "-o",         "--output",
                                                                 "--backends", "--threads",  "--device",   "--planner",
                                                                 "--alignment", "--time-box", "--max-size", "--cpu-tflops"};
        if (std::find(valued.begin(), valued.end(), arg) == valued.end()) return "unknown option " + arg;
        if (i + 1 == args.size()) return arg + " needs a value";
        const std::string& v = args[++i];
        if (arg == "--what") {
            if (v == "canvas" || v == "buffers")
                return "--what " + v + " is a picture of the GUI's views: use File > Export in planscope";
            const auto kinds = export_kinds();
            const auto it = std::find_if(kinds.begin(), kinds.end(), [&](const export_kind_info& w) { return w.name == v; });
            if (it == kinds.end()) return "--what is splits, graph, plan, trace or alloc-trace, not '" + v + "'";
            a.w = &*it;
        } else if (arg == "--format") {
            a.format = v;
        } else if (arg == "-o" || arg == "--output") {
            a.out = v;
        } else if (arg == "--backends") {
            a.backends = v;
        } else if (arg == "--device") {
            a.schedule.device = v;
        } else if (arg == "--cpu-tflops") {
            a.cpu_tflops = parse_positive_real(v);
            if (!a.cpu_tflops) return "--cpu-tflops takes a positive number of TFLOPS, not '" + v + "'";
        } else if (arg == "--threads") {
            const auto n = parse_positive(v);
            if (!n) return "--threads takes a positive integer, not '" + v + "'";
            if (*n > cpu::max_threads) return "--threads " + v + " is over the limit of " + std::to_string(cpu::max_threads);
            a.schedule.n_threads = *n;
        } else if (arg == "--planner") {
            const auto k = parse_planner(v);
            if (!k) return "--planner is one of " + planner_names() + ", not '" + v + "'";
            a.plan.planner = *k;
            a.planner_given = true;
        } else if (arg == "--max-size") {
            std::size_t n = 0;
            const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
            if (ec != std::errc{} || end != v.data() + v.size()) return "--max-size takes a number of pixels (0: unbounded), not '" + v + "'";
            a.max_pixels = n;
        } else if (arg == "--alignment") {
            std::size_t n = 0;
            const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
            if (ec != std::errc{} || end != v.data() + v.size() || !std::has_single_bit(n))
                return "--alignment must be a power of two, not '" + v + "'";
            a.plan.alignment = n;
            a.alignment_given = true;
        } else {
            const auto ms = parse_time_box(v);
            if (!ms) return "--time-box must be a positive number of milliseconds, not '" + v + "'";
            a.plan.planning.time_box = *ms;
        }
    }
    if (!have_file) return "export takes exactly one FILE";
    a.ggml.default_to(default_era(a.file));
    if (!a.w) return "--what is required: splits, graph, plan, trace or alloc-trace";
    if (a.out.empty()) return "-o OUT is required";
    if (a.format.empty()) {
        const std::string ext = std::filesystem::path(a.out).extension().string();
        a.format = ext.empty() ? std::string(a.w->formats.substr(0, a.w->formats.find('|'))) : ext.substr(1);
    }
    if (!has_format(*a.w, a.format))
        return "--what " + std::string(a.w->name) + " is written as " + std::string(a.w->formats) + ", not '" + a.format + "'";
    if (a.fold && a.w->kind != export_kind::splits) return "--fold and --no-fold apply to --what splits";
    if (a.max_pixels && (a.w->kind != export_kind::splits || a.format != "png")) return "--max-size applies to --what splits as png";
    if (a.backends && a.w->kind == export_kind::alloc_trace) return "--backends does not apply to --what alloc-trace (one compute buffer)";
    if (a.backends)
        if (std::string problem = backend_list_problem(*a.backends); !problem.empty()) return problem;
    if (a.planner_given && a.w->kind == export_kind::trace) return "--planner does not apply to --what trace";
    if (a.backends && a.w->kind == export_kind::plan && (a.planner_given || a.alignment_given))
        return "--what plan with --backends is the scheduler's plan, each backend's buffer at its own alignment: no --planner or --alignment";
    if (a.backends && a.w->kind == export_kind::splits && (a.planner_given || a.alignment_given))
        return "--what splits with --backends shows the scheduler's buffers, each backend's at its own alignment: no --planner or --alignment";
    if (a.cpu_tflops && !(a.on_devices && a.w->kind == export_kind::trace))
        return "--cpu-tflops goes with --device PROFILE --what trace (the estimated trace)";
    if (a.on_devices) {
        if (a.w->kind != export_kind::plan && a.w->kind != export_kind::splits && a.w->kind != export_kind::trace)
            return "--device: device profiles are planned, never run: --what plan, splits or trace (estimated)";
        if (!is_gguf_path(a.file) && !is_capture_source(a.file))
            return "--device plans a .gguf model or a capture, not '" + printable(a.file) + "'";
        if (a.ggml.given() && a.ggml.version() != ggml_version::v2026)
            return "--device plans with llama.cpp da46e59c's scheduler: --ggml 2026";
        if (a.planner_given || a.alignment_given || a.ggml.max_buffer_size() != SIZE_MAX)
            return "--device is the scheduler's plan, each buffer type as its profile has it: no --planner, --alignment or --max-buffer-size";
    }
    if ((a.backends || a.planner_given) && a.w->kind == export_kind::graph)
        return "--what graph writes the graph file itself: no --backends or --planner";
    if (const auto problem = a.ggml.check(); !problem.empty()) return problem;
    if (a.ggml.sched_given()) return "--n-copies and --no-op-offload go with plan --backends";
    // A llama source's era picks its graph (llama.cpp 2023's or da46e59c's); other graphs have one.
    if (a.ggml.given() && a.w->kind == export_kind::graph && !takes_llama_params(a.file))
        return "--what graph writes the graph file itself: no --ggml (but for a .gguf model, whose graph it picks)";
    plan_options versioned;
    a.ggml.apply(versioned);
    a.plan.version = versioned.version;
    a.plan.max_buffer_size = versioned.max_buffer_size;
    a.schedule.version = versioned.version; // the scheduler of the splits and of the trace's run
    a.schedule.max_buffer_size = versioned.max_buffer_size;
    if (a.backends) a.schedule.backends = *a.backends;
    if (a.on_devices) a.plan.version = ggml_version::v2026;
    if (auto problem = a.source.check_source(a.file); !problem.empty()) return problem;
    return a.source.check_era(a.file, a.ggml.version());
}

// The request the GUI's File > Export also hands to produce_export.
export_request request_of(const export_args& a) {
    export_request r;
    r.kind = a.w->kind;
    r.format = a.format;
    r.fold = a.fold.value_or(diagram_fold::automatic);
    r.max_pixels = a.max_pixels.value_or(default_max_pixels);
    if (a.backends || a.w->kind == export_kind::trace) r.schedule = a.schedule; // trace: default "cpu"
    r.plan = a.plan;
    return r;
}

// --what trace on devices: the schedule's times estimated from the profiles' throughput
// (export/estimated_timings.h); the host CPU's peak from --cpu-tflops or a CPU profile.
result<std::string> estimated_trace(const export_args& a, const graph_document& graph, const sched_outcome& scheduled,
                                    llm_device_set devices) {
    if (a.cpu_tflops) devices.cpu.compute_tflops = a.cpu_tflops;
    std::vector<device_profile> profiles = std::move(devices.gpus);
    profiles.push_back(devices.cpu);
    auto bytes = estimated_trace_json(graph, scheduled, profiles);
    if (bytes) return bytes;
    std::string message = bytes.err().message;
    // The host has no profile file to edit: say how to give it a peak.
    if (message.starts_with(printable(devices.cpu.name) + ": no compute_tflops"))
        message += "; give the host's peak with --cpu-tflops T";
    return error{message};
}

// export MODEL.gguf --device PROFILE...: the prompt graph scheduled on device profiles
// (llm_context/llm_device_plan.h), its plan or split diagram as for real backends, or its trace
// with estimated times; export FILE.pscap --device PROFILE...: the captured graph re-placed on
// them (source/capture_devices.h), likewise.
result<std::string> device_export(const export_args& a) {
    auto devices = load_device_set(a.placement.devices());
    if (!devices) return devices.err();
    // The graph before the split and the schedule, from the capture or the model's plan.
    std::optional<opened_source> captured;
    std::optional<llm_device_plan_result> planned;
    if (is_capture_source(a.file)) {
        auto in = open_capture_on_devices(a.file, {*devices, a.placement.params(), a.placement.op_offload()});
        if (!in) return in.err();
        for (const auto& w : in->warnings) warn(a.file + ": " + w);
        captured = std::move(*in);
    } else {
        auto gguf = open_gguf(a.file);
        if (!gguf) return error{a.file + ": " + gguf.err().message};
        auto context = llm_context_params_of(a.source.params());
        if (!context) return error{a.file + ": " + context.err().message};
        auto p = llm_device_plan(*gguf, *context, *devices, a.placement.params(), a.placement.op_offload());
        if (!p) return error{a.file + ": " + p.err().message};
        p->graph.name = p->scheduled.doc.name = std::filesystem::path(a.file).filename().string();
        planned = std::move(*p);
    }
    const graph_document& graph = captured ? captured->doc : planned->graph;
    const sched_outcome& scheduled = captured ? captured->recorded->outcome : planned->scheduled;
    if (a.w->kind == export_kind::trace) {
        auto bytes = estimated_trace(a, graph, scheduled, std::move(*devices));
        if (!bytes) return error{a.file + ": " + bytes.err().message};
        return bytes;
    }
    auto bytes = produce_scheduled_export(graph, scheduled, request_of(a), ggml_version::v2026);
    if (!bytes) return error{a.file + ": " + bytes.err().message};
    return bytes;
}

} // namespace

int run_export(std::span<const std::string> args) {
    export_args a;
    if (const std::string problem = parse(args, a); !problem.empty()) return usage_error(self(), problem);
    if (a.on_devices) {
        const auto bytes = device_export(a);
        if (!bytes) return fail(bytes.err().message);
        if (const status s = write_file_atomic(a.out, *bytes); !s) return fail(s.err().message);
        return exit_ok;
    }
    auto in = open_source(a.file, a.source.params(), a.ggml.version());
    if (!in) {
        return fail(in.err().message);
    }
    for (const auto& w : in->warnings) warn(a.file + ": " + w);
    // A capture brings the split its program made: the plan and the diagram are that split's,
    // addresses as captured (the GUI's File > Export writes the same).
    if (in->recorded && !a.backends && (a.w->kind == export_kind::plan || a.w->kind == export_kind::splits)) {
        const auto bytes = produce_scheduled_export(in->doc, in->recorded->outcome, request_of(a), ggml_version::v2026);
        if (!bytes) return fail(a.file, bytes.err().message);
        if (const status s = write_file_atomic(a.out, *bytes); !s) return fail(s.err().message);
        return exit_ok;
    }
    // The scheduler builds the source afresh for each of its passes; tensor ids are the same.
    const auto bytes = produce_export(std::move(*in), request_of(a), [&] { return open_source(a.file, a.source.params(), a.ggml.version()); });
    if (!bytes) return fail(a.file, bytes.err().message);
    if (const status s = write_file_atomic(a.out, *bytes); !s) {
        return fail(s.err().message);
    }
    return exit_ok;
}

} // namespace planscope::cli
