#include "plan_analysis.h"

#include "commands.h"
#include "planner_args.h"

#include "alloc/plan_listing.h"
#include "plan/graph_dsa.h"
#include "plan/plan_stats.h"

#include <iostream>
#include <vector>

namespace planscope::cli {
namespace {

void print_stats(const graph_document& doc, const graph_dsa& g, const dsa_plan& plan) {
    const plan_stats s = compute_stats(g.problem, plan.offsets);
    std::cout << "planscope-stats\t1\n"
              << "graph\t" << listing_field(doc.name) << '\n'
              << "planner\t" << name(plan.planner) << '\n'
              << "buffers\t" << s.buffers << '\n'
              << "tensors\t" << g.members.size() << '\n'
              << "steps\t" << g.steps << '\n'
              << "lower_bound\t" << s.lower_bound << '\n'
              << "peak\t" << s.peak << '\n'
              << "ratio\t" << format_ratio(s.ratio) << '\n';
    if (!s.steps.empty()) {
        const step_memory& worst = s.steps[s.most_fragmented];
        std::cout << "free_max\t" << worst.free_bytes << '\t' << worst.first_step << '\t' << worst.largest_free << '\t'
                  << worst.free_blocks << '\n';
    }
    std::cout << "free_mean\t" << s.mean_free_bytes << '\n';
    for (const size_bucket& b : s.sizes)
        std::cout << "size\t" << b.min_size << '\t' << b.max_size << '\t' << b.count << '\t' << b.bytes << '\n';
}

std::string time_of(const dsa_plan& plan) {
    return plan.planner == planner_kind::ggml ? "-" : format_ms(plan.elapsed); // ggml planned while allocating
}

void print_compare(const graph_document& doc, const graph_dsa& g, const dsa_plan& a, const dsa_plan& b) {
    const std::uint64_t bound = lower_bound(g.problem);
    std::cout << "planscope-compare\t1\n"
              << "graph\t" << listing_field(doc.name) << '\n'
              << "lower_bound\t" << bound << '\n';
    for (const dsa_plan* p : {&a, &b})
        std::cout << "planner\t" << name(p->planner) << '\t' << p->peak << '\t' << format_ratio(peak_ratio(p->peak, bound))
                  << '\t' << time_of(*p) << '\n';
    const auto moves = diff_offsets(g, a.offsets, b.offsets);
    std::cout << "size_change\t" << static_cast<std::int64_t>(b.peak - a.peak) << '\n' << "moved\t" << moves.size() << '\n';
    for (const tensor_move& m : moves) std::cout << "tensor\t" << listing_field(doc.ctx[m.tensor].name) << '\t' << m.from << '\t' << m.to << '\n';
}

} // namespace

bool plan_analysis::parse(std::span<const std::string> args, std::size_t& i, std::string& error) {
    const std::string& a = args[i];
    if (a == "--stats") {
        m_stats = m_given = true;
        return true;
    }
    if (a != "--planner" && a != "--compare" && a != "--time-box") return false;
    m_given = true;
    if (i + 1 == args.size()) {
        error = a + " needs a value";
        return true;
    }
    const std::string& v = args[++i];
    if (a == "--planner") {
        const auto k = parse_planner(v);
        if (!k) error = "--planner is one of " + planner_names() + ", not '" + v + "'";
        else m_planner = *k;
    } else if (a == "--compare") {
        auto list = parse_planner_list(v);
        if (!list) error = "--compare: " + list.err().message;
        else if (list->size() != 2) error = "--compare takes two planners, as in ggml,best";
        else m_compare = std::move(*list);
    } else {
        const auto ms = parse_time_box(v);
        if (!ms) error = "--time-box must be a positive number of milliseconds, not '" + v + "'";
        else m_options.time_box = *ms;
    }
    return true;
}

std::string plan_analysis::check(bool json) const {
    if (m_stats && !m_compare.empty()) return "--stats and --compare do not go together";
    if (json && (m_stats || !m_compare.empty())) return "--stats and --compare print text only";
    return {};
}

int plan_analysis::run(graph_document& doc, plan_result& plan, std::span<const alloc_event> events, bool json,
                       const std::string& file) const {
    const auto g = graph_dsa_from_events(events, plan.compute);
    if (!g) return fail(file, g.err().message);
    std::vector<dsa_plan> plans;
    for (planner_kind k : m_compare.empty() ? std::vector<planner_kind>{m_planner} : m_compare) {
        auto p = plan_graph_dsa(*g, k, m_options);
        if (!p) return fail(file, p.err().message);
        plans.push_back(std::move(*p));
    }
    if (!m_compare.empty()) {
        print_compare(doc, *g, plans[0], plans[1]);
    } else if (m_stats) {
        print_stats(doc, *g, plans[0]);
    } else {
        apply_offsets(doc, plan, *g, plans[0].offsets);
        std::cout << (json ? plan_listing_json(doc, plan) : plan_listing_text(doc, plan));
    }
    return exit_ok;
}

} // namespace planscope::cli
