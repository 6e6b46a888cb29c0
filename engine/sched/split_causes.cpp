#include "split_causes.h"

#include "alloc/plan_listing.h"
#include "core/summary.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <sstream>
#include <tuple>
#include <unordered_set>

namespace planscope {
namespace {

std::string backend_or_unknown(const std::vector<std::string>& names, int b) {
    return b >= 0 && static_cast<std::size_t>(b) < names.size() ? listing_field(names[static_cast<std::size_t>(b)]) : "?";
}

} // namespace

std::optional<int> cause_slot(std::string_view code) {
    // 2023's "1.srcN" / "2.srcN", 2026's "1.wgtN".
    auto at = code.find("src");
    if (at == std::string_view::npos) at = code.find("wgt");
    if (at == std::string_view::npos) return std::nullopt;
    int slot = 0;
    const auto [p, ec] = std::from_chars(code.data() + at + 3, code.data() + code.size(), slot);
    if (ec != std::errc{} || slot < 0 || slot >= max_src) return std::nullopt;
    return slot;
}

std::string fold_numbers(const std::string& name) {
    std::string out;
    for (std::size_t i = 0; i < name.size();) {
        if (name[i] >= '0' && name[i] <= '9') {
            out += 'N';
            while (i < name.size() && name[i] >= '0' && name[i] <= '9') ++i;
        } else {
            out += name[i++];
        }
    }
    return out;
}

split_causes group_split_causes(const context& ctx, const graph& g, const sched_plan& plan) {
    split_causes out;
    using boundary_key = std::tuple<std::string, std::string, std::string, int, int>;
    std::map<boundary_key, std::size_t> boundary_at;
    for (std::size_t i = 1; i < plan.splits.size(); ++i) {
        const sched_split& sp = plan.splits[i];
        // The node whose backend started it: the first one that is not a view (pass 4).
        tensor_id first;
        for (std::size_t n = sp.i_start; n < sp.i_end && n < g.nodes.size(); ++n) {
            if (!first.valid()) first = g.nodes[n];
            if (!info(ctx[g.nodes[n]].op).view_op) {
                first = g.nodes[n];
                break;
            }
        }
        if (!first.valid()) continue;
        const tensor& t = ctx[first];
        const std::string code(plan.cause(first));
        std::string source;
        if (code == "1.vsrc" && t.view_src.valid()) source = fold_numbers(ctx[t.view_src].name);
        if (const auto slot = cause_slot(code); slot && t.src[*slot].valid()) {
            // The copy the scheduler put there reads as the tensor it copies.
            tensor_id s = t.src[*slot];
            for (const sched_input& in : sp.inputs)
                if (in.copy == s) s = in.tensor;
            source = fold_numbers(ctx[s].name);
        }
        const boundary_key key{std::string(info(t.op).name), code, source, plan.splits[i - 1].backend, sp.backend};
        const auto [it, fresh] = boundary_at.try_emplace(key, out.boundaries.size());
        if (fresh) out.boundaries.push_back({std::get<0>(key), code, source, std::get<3>(key), sp.backend, {}});
        out.boundaries[it->second].splits.push_back(i);
    }
    using copy_key = std::tuple<std::string, int, int>;
    std::map<copy_key, std::size_t> copy_at;
    for (std::size_t i = 0; i < plan.splits.size(); ++i) {
        std::unordered_set<tensor_id> seen; // the seed lists an input once per use
        for (const sched_input& in : plan.splits[i].inputs) {
            if (!seen.insert(in.copy).second) continue;
            const copy_key key{fold_numbers(ctx[in.tensor].name), plan.backend(in.tensor), plan.splits[i].backend};
            const auto [it, fresh] = copy_at.try_emplace(key, out.copies.size());
            if (fresh) out.copies.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), 0, 0, {}});
            copy_group& g = out.copies[it->second];
            ++g.copies;
            g.bytes += in.bytes;
            if (g.splits.empty() || g.splits.back() != i) g.splits.push_back(i);
        }
    }
    std::stable_sort(out.boundaries.begin(), out.boundaries.end(),
                     [](const boundary_group& a, const boundary_group& b) { return a.splits.size() > b.splits.size(); });
    std::stable_sort(out.copies.begin(), out.copies.end(), [](const copy_group& a, const copy_group& b) { return a.bytes > b.bytes; });
    return out;
}

std::string format_split_causes(const split_causes& c, const std::vector<std::string>& names) {
    std::ostringstream os;
    for (const boundary_group& g : c.boundaries) {
        os << "boundaries\t" << g.splits.size() << '\t' << backend_or_unknown(names, g.from_backend) << " -> "
           << backend_or_unknown(names, g.to_backend) << '\t' << g.op << '\t' << listing_field(g.code) << '\t' << (g.source.empty() ? "-" : listing_field(g.source))
           << "\tsplits";
        for (std::size_t s : g.splits) os << ' ' << s;
        os << '\n';
    }
    for (const copy_group& g : c.copies) {
        os << "copies\t" << g.copies << '\t' << backend_or_unknown(names, g.from_backend) << " -> " << backend_or_unknown(names, g.to_backend)
           << '\t' << listing_field(g.tensor) << '\t' << g.bytes << '\t' << human_bytes(g.bytes) << '\n';
    }
    return os.str();
}

} // namespace planscope
