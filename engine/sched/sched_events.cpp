#include "sched_events.h"

#include "core/overloaded.h"

namespace planscope {
namespace {

std::string backend_name(const std::vector<std::string>& names, int b) {
    return b >= 0 && static_cast<std::size_t>(b) < names.size() ? names[static_cast<std::size_t>(b)] : "NULL";
}

std::string tensor_name(const context& ctx, tensor_id t) {
    if (ctx.contains(t)) return ctx[t].name;
    // Appended rather than "#" + ...: GCC 12 warns -Wrestrict (a false positive) on that form.
    std::string name = "#";
    name += std::to_string(t.value);
    return name;
}

} // namespace

// GCC 12 reports uninitialised strings inside std::variant's copy here (-Wmaybe-uninitialized,
// -Wrestrict), false positives of its inliner.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wrestrict"
#endif
void sched_recorder::on_event(const sched_event& e) { m_events.push_back(e); }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

std::string_view kind_name(const sched_event& e) {
    static constexpr std::string_view names[] = {"assign",  "split_begin",    "split_end",
                                                 "split_input", "warning",    "buffer_created",
                                                 "input_copy",  "compute_begin", "compute_end"};
    return names[e.index()];
}

std::string describe(const sched_event& e, const context& ctx, const std::vector<std::string>& names) {
    using namespace sched_events;
    return std::visit(
        overloaded{
            [&](const assign& a) {
                return tensor_name(ctx, a.tensor) + " -> " + backend_name(names, a.backend) + " (" +
                       std::string(name(a.pass)) + ", " + a.cause + ")";
            },
            [&](const split_begin& s) {
                return "split #" + std::to_string(s.index) + " on " + backend_name(names, s.backend) +
                       " starts at node " + std::to_string(s.i_start);
            },
            [&](const split_end& s) {
                return "split #" + std::to_string(s.index) + " ends before node " + std::to_string(s.i_end) + ", " +
                       std::to_string(s.n_inputs) + " inputs";
            },
            [&](const split_input& s) {
                return "split #" + std::to_string(s.split) + ": " + tensor_name(ctx, s.node) + " src " +
                       std::to_string(s.src) + " " + tensor_name(ctx, s.tensor) + " read through " +
                       tensor_name(ctx, s.copy) + (s.new_copy ? " (new copy)" : "");
            },
            [&](const warning& w) { return "warning: " + w.message; },
            [&](const buffer_created& b) {
                return backend_name(names, b.backend) + " buffer " + std::to_string(b.id.value) + ": " +
                       std::to_string(b.size) + " bytes measured" +
                       (b.measure ? "" : ", allocated " + std::to_string(b.allocated));
            },
            [&](const input_copy& c) {
                return "split #" + std::to_string(c.split) + ": copy " + tensor_name(ctx, c.tensor) + " " +
                       backend_name(names, c.from_backend) + " -> " + backend_name(names, c.to_backend) + ", " +
                       std::to_string(c.bytes) + " bytes in " + std::to_string(c.us) + " us";
            },
            [&](const compute_begin& c) {
                return "split #" + std::to_string(c.split) + ": compute on " + backend_name(names, c.backend);
            },
            [&](const compute_end& c) {
                return "split #" + std::to_string(c.split) + ": done, " + std::to_string(c.timing.copy_us) +
                       " us copy, " + std::to_string(c.timing.compute_us) + " us compute";
            },
        },
        e);
}

} // namespace planscope
