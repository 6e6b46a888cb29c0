#include "network_traffic.h"

#include "alloc/plan_listing.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <tuple>
#include <unordered_map>

namespace planscope {
namespace {

std::string backend_label(const std::vector<std::string>& names, int b) {
    return b >= 0 && static_cast<std::size_t>(b) < names.size() ? listing_field(names[static_cast<std::size_t>(b)]) : "?";
}

} // namespace

std::uint64_t network_bytes(const sched_plan& plan, int from, int to, std::uint64_t bytes) {
    return bytes * ((plan.remote(from) ? 1u : 0u) + (plan.remote(to) ? 1u : 0u));
}

std::optional<std::size_t> graph_tokens(const context& ctx, const graph& g) {
    for (tensor_id id : g.leafs)
        if (ctx[id].name == "inp_tokens" && ctx[id].ne[0] > 0) return static_cast<std::size_t>(ctx[id].ne[0]);
    return std::nullopt;
}

network_traffic count_network(const context& ctx, const graph& g, const sched_plan& plan) {
    network_traffic out;
    out.remote = std::any_of(plan.backend_remote.begin(), plan.backend_remote.end(), [](bool r) { return r; });
    if (!out.remote) return out;
    out.n_tokens = graph_tokens(ctx, g).value_or(0);
    std::unordered_map<tensor_id, int> made_by; // node -> its split
    for (std::size_t s = 0; s < plan.splits.size(); ++s)
        for (std::size_t i = plan.splits[s].i_start; i < plan.splits[s].i_end && i < g.nodes.size(); ++i)
            made_by.emplace(g.nodes[i], static_cast<int>(s));
    using key = std::tuple<std::size_t, int, int>; // to split, from split, from backend
    std::map<key, network_boundary> groups;
    for (std::size_t s = 0; s < plan.splits.size(); ++s) {
        const sched_split& split = plan.splits[s];
        for (const sched_input& in : split.inputs) {
            const int from = plan.backend(in.tensor);
            const std::uint64_t bytes = network_bytes(plan, from, split.backend, in.bytes);
            if (bytes == 0) continue;
            const auto made = made_by.find(in.tensor);
            const int from_split = made == made_by.end() ? -1 : made->second;
            network_boundary& b = groups[key{s, from_split, from}];
            b = {from_split, s, from, split.backend, b.copies + 1, b.bytes + bytes};
            out.bytes += bytes;
        }
    }
    for (auto& [k, b] : groups) out.boundaries.push_back(b);
    return out;
}

std::string format_network(const network_traffic& n, const std::vector<std::string>& names) {
    if (!n.remote) return {};
    std::string out;
    for (const network_boundary& b : n.boundaries)
        out += "network\tsplit " + (b.from_split < 0 ? std::string("-") : std::to_string(b.from_split)) + " -> " +
               std::to_string(b.to_split) + "\t" + backend_label(names, b.from_backend) + " -> " +
               backend_label(names, b.to_backend) + "\t" + std::to_string(b.copies) + (b.copies == 1 ? " copy\t" : " copies\t") +
               std::to_string(b.bytes) + " bytes\n";
    out += "network total\t" + std::to_string(n.bytes) + " bytes\t";
    if (const auto per = n.bytes_per_token()) {
        char text[64];
        std::snprintf(text, sizeof text, "%.1f", *per);
        out += std::to_string(n.n_tokens) + (n.n_tokens == 1 ? " token\t" : " tokens\t") + text + " bytes per token\n";
    } else {
        out += "- tokens\n";
    }
    return out;
}

} // namespace planscope
