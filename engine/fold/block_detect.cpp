// detect_blocks: repeated blocks by structure (fold_structure.h). Passes: signatures, candidate
// periods, runs of matching nodes per period, the best run's phase, leaf membership, labels,
// segments.
#include "fold_structure.h"

#include <algorithm>
#include <limits>
#include <map>
#include <unordered_map>

namespace planscope {
namespace {

constexpr std::size_t npos = std::numeric_limits<std::size_t>::max();
constexpr std::size_t candidate_periods = 24;
constexpr std::size_t occurrences_ahead = 4;

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h;
}

// Everything of a tensor but its name, its sources and where it is; a VIEW's offset (its
// parameters) differs from layer to layer, so it is left out.
bool same_kind(const tensor& a, const tensor& b) {
    if (a.op != b.op || a.type != b.type || a.ne != b.ne || a.nb != b.nb || a.flags != b.flags) return false;
    return a.op == op_kind::view || a.params == b.params;
}

std::uint64_t kind_hash(const tensor& t) {
    std::uint64_t h = mix(static_cast<std::uint64_t>(t.op), static_cast<std::uint64_t>(t.type));
    for (auto n : t.ne) h = mix(h, static_cast<std::uint64_t>(n));
    h = mix(h, static_cast<std::uint64_t>(t.flags));
    if (t.op != op_kind::view)
        for (auto w : t.params.words) h = mix(h, static_cast<std::uint32_t>(w));
    return h;
}

// The sources a node's structure depends on: its srcs, then the tensor it views.
template <class F>
void for_each_source(const tensor& t, F&& f) {
    for (int s = 0; s < max_src; ++s) f(s, t.src[s]);
    f(max_src, t.view_src);
}

class detector {
public:
    detector(const graph_document& doc, const fold_options& o, const std::atomic<bool>* cancel)
        : m_doc(doc), m_nodes(doc.g.nodes), m_o(o), m_cancel(cancel) {
        m_pos.assign(doc.ctx.size(), npos);
        for (std::size_t i = 0; i < m_nodes.size(); ++i) m_pos[m_nodes[i].index()] = i;
        m_hash.reserve(m_nodes.size());
        for (tensor_id id : m_nodes) m_hash.push_back(node_hash(id));
        count_crossings();
    }

    std::optional<fold_structure> run() {
        std::vector<std::pair<std::size_t, std::size_t>> work{{0, m_nodes.size()}};
        std::vector<fold_group> found;
        while (!work.empty()) {
            if (cancelled()) return std::nullopt;
            const auto [lo, hi] = work.back();
            work.pop_back();
            std::size_t covered = lo;
            for (const fold_group& g : search(lo, hi)) {
                if (g.first > covered) work.emplace_back(covered, g.first);
                covered = g.end();
                found.push_back(g);
            }
            if (covered != lo && covered < hi) work.emplace_back(covered, hi);
        }
        if (cancelled()) return std::nullopt;
        std::sort(found.begin(), found.end(), [](const fold_group& a, const fold_group& b) { return a.first < b.first; });
        add_segments(found);
        fold_structure out;
        out.groups = std::move(found);
        place(out);
        return out;
    }

private:
    bool cancelled() const { return m_cancel && m_cancel->load(std::memory_order_relaxed); }

    // Kind, key and the type and shape of each source: equal for nodes that may repeat.
    std::uint64_t node_hash(tensor_id id) const {
        const tensor& t = m_doc.ctx[id];
        std::uint64_t h = kind_hash(t);
        for_each_source(t, [&](int, tensor_id s) {
            if (!s.valid()) {
                h = mix(h, 0);
                return;
            }
            const tensor& src = m_doc.ctx[s];
            h = mix(h, static_cast<std::uint64_t>(src.type) + 1);
            for (auto n : src.ne) h = mix(h, static_cast<std::uint64_t>(n));
        });
        if (m_o.key) h = mix(h, m_o.key(id));
        return h;
    }

    // A quick filter: node i and node i + p may play the same role (same kind and key, each
    // source the same tensor, the node one period later, or a tensor of the same type and shape).
    // validate() then checks the wiring block by block.
    bool match(std::size_t i, std::size_t p) const {
        if (m_hash[i] != m_hash[i + p]) return false;
        const tensor& a = m_doc.ctx[m_nodes[i]];
        const tensor& b = m_doc.ctx[m_nodes[i + p]];
        if (!same_kind(a, b)) return false;
        if (m_o.key && m_o.key(m_nodes[i]) != m_o.key(m_nodes[i + p])) return false;
        bool ok = true;
        for_each_source(a, [&](int s, tensor_id sa) {
            const tensor_id sb = s < max_src ? b.src[s] : b.view_src;
            if (!ok || sa == sb) return;
            if (!sa.valid() || !sb.valid()) {
                ok = false;
                return;
            }
            const std::size_t pa = m_pos[sa.index()], pb = m_pos[sb.index()];
            ok = (pa != npos && pb == pa + p) || compatible(sa, sb);
        });
        return ok;
    }

    bool compatible(tensor_id a, tensor_id b) const {
        return m_doc.ctx[a].type == m_doc.ctx[b].type && m_doc.ctx[a].ne == m_doc.ctx[b].ne;
    }

    // Instances k and k + 1 of `g` are wired alike: every source is, in both, the node at the
    // same place inside the instance, or, in both, a tensor from outside of the same type and
    // shape (the same tensor for shared inputs, the previous block's output, a layer's weight).
    bool wired_alike(const fold_group& g, std::size_t k) const {
        const std::size_t lo_a = g.node_position(k, 0), lo_b = g.node_position(k + 1, 0);
        for (std::size_t j = 0; j < g.period; ++j) {
            const tensor& a = m_doc.ctx[m_nodes[lo_a + j]];
            const tensor& b = m_doc.ctx[m_nodes[lo_b + j]];
            bool ok = true;
            for_each_source(a, [&](int s, tensor_id sa) {
                const tensor_id sb = s < max_src ? b.src[s] : b.view_src;
                if (!ok || (!sa.valid() && !sb.valid())) return;
                if (!sa.valid() || !sb.valid()) {
                    ok = false;
                    return;
                }
                const std::size_t pa = m_pos[sa.index()], pb = m_pos[sb.index()];
                const bool in_a = pa != npos && pa >= lo_a && pa < lo_a + g.period;
                const bool in_b = pb != npos && pb >= lo_b && pb < lo_b + g.period;
                if (in_a || in_b) ok = in_a && in_b && pa - lo_a == pb - lo_b;
                else ok = sa == sb || compatible(sa, sb);
            });
            if (!ok) return false;
        }
        return true;
    }

    // Edges between nodes that cross the boundary before each position (prefix sums).
    void count_crossings() {
        std::vector<std::int64_t> diff(m_nodes.size() + 2, 0);
        for (std::size_t v = 0; v < m_nodes.size(); ++v)
            for (tensor_id s : m_doc.ctx[m_nodes[v]].src) {
                if (!s.valid() || m_pos[s.index()] == npos) continue;
                const std::size_t u = m_pos[s.index()];
                if (u >= v) continue;
                ++diff[u + 1];
                --diff[v + 1];
            }
        m_cross.assign(m_nodes.size() + 1, 0);
        std::int64_t c = 0;
        for (std::size_t x = 0; x <= m_nodes.size(); ++x) {
            c += diff[x];
            m_cross[x] = c;
        }
    }

    // The distances at which a node's signature recurs (to its next few occurrences, so that a
    // block with repeats inside still shows its period), most frequent first.
    std::vector<std::size_t> candidates(std::size_t lo, std::size_t hi) const {
        std::unordered_map<std::uint64_t, std::vector<std::size_t>> at;
        for (std::size_t i = lo; i < hi; ++i) at[m_hash[i]].push_back(i);
        std::map<std::size_t, std::size_t> histogram;
        const std::size_t longest = std::min(m_o.max_period, (hi - lo) / 2);
        for (const auto& [hash, positions] : at)
            for (std::size_t q = 0; q < positions.size(); ++q)
                for (std::size_t r = q + 1; r < positions.size() && r <= q + occurrences_ahead; ++r) {
                    const std::size_t d = positions[r] - positions[q];
                    if (d > longest) break;
                    ++histogram[d];
                }
        std::vector<std::pair<std::size_t, std::size_t>> ranked(histogram.begin(), histogram.end());
        std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
        std::vector<std::size_t> out;
        for (std::size_t i = 0; i < ranked.size() && out.size() < candidate_periods; ++i) out.push_back(ranked[i].first);
        return out;
    }

    struct run_found {
        std::size_t start = 0, length = 0, period = 0; // nodes [start, start + length) repeat
        [[nodiscard]] std::size_t folded() const { return length / period * period; }
    };

    // Maximal stretches of [lo, hi) that repeat with period p at least twice.
    std::vector<run_found> runs(std::size_t lo, std::size_t hi, std::size_t p) const {
        std::vector<run_found> out;
        std::size_t start = npos;
        for (std::size_t i = lo; i + p <= hi; ++i) {
            const bool m = i + p < hi && match(i, p);
            if (m && start == npos) start = i;
            if (!m && start != npos) {
                const run_found r{start, i - start + p, p};
                if (r.length >= 2 * p && r.folded() >= m_o.min_nodes) out.push_back(r);
                start = npos;
            }
        }
        return out;
    }

    // The blocks of a run: the phase whose boundaries cut the fewest edges, earliest on a tie (a
    // llama layer starts at its attention norm, where only the residual crosses), then cut where
    // two neighbouring instances are not wired alike.
    std::vector<fold_group> place_run(const run_found& r) const {
        const std::size_t count = r.length / r.period;
        const std::size_t slack = r.length - count * r.period;
        std::size_t best_phase = 0;
        std::int64_t best_cut = std::numeric_limits<std::int64_t>::max();
        for (std::size_t phase = 0; phase <= slack; ++phase) {
            std::int64_t cut = 0;
            for (std::size_t k = 0; k <= count; ++k) cut += m_cross[r.start + phase + k * r.period];
            if (cut < best_cut) {
                best_cut = cut;
                best_phase = phase;
            }
        }
        fold_group all;
        all.first = r.start + best_phase;
        all.period = r.period;
        all.count = count;
        std::vector<fold_group> out;
        std::size_t chain = 0; // first instance of the current chain
        for (std::size_t k = 0; k < count; ++k) {
            if (k + 1 < count && wired_alike(all, k)) continue;
            const std::size_t n = k + 1 - chain;
            if (n >= 2 && n * r.period >= m_o.min_nodes) {
                fold_group g = all;
                g.first = all.node_position(chain, 0);
                g.count = n;
                out.push_back(std::move(g));
            }
            chain = k + 1;
        }
        return out;
    }

    // The period folding the most nodes of [lo, hi) (the shortest on a tie), with its blocks.
    std::vector<fold_group> search(std::size_t lo, std::size_t hi) const {
        if (hi - lo < m_o.min_nodes) return {};
        std::vector<fold_group> best;
        std::size_t best_folded = 0;
        for (std::size_t p : candidates(lo, hi)) {
            if (cancelled()) return {};
            std::vector<fold_group> groups;
            std::size_t folded = 0, covered = lo;
            for (const run_found& r : runs(lo, hi, p))
                for (fold_group& g : place_run(r)) {
                    if (g.first < covered) continue; // overlaps the previous run's blocks
                    covered = g.end();
                    folded += g.period * g.count;
                    groups.push_back(std::move(g));
                }
            if (folded > best_folded || (folded == best_folded && folded > 0 && p < best.front().period)) {
                best_folded = folded;
                best = std::move(groups);
            }
        }
        return best;
    }

    // Loose stretches longer than a segment become segments, so no layout piece is huge.
    void add_segments(std::vector<fold_group>& groups) const {
        if (m_o.segment == 0) return;
        std::vector<fold_group> out;
        std::size_t at = 0;
        const auto cut = [&](std::size_t lo, std::size_t hi) {
            if (hi - lo <= m_o.segment) return;
            for (std::size_t s = lo; s < hi; s += m_o.segment) {
                fold_group g;
                g.kind = fold_kind::segment;
                g.first = s;
                g.period = std::min(m_o.segment, hi - s);
                g.count = 1;
                out.push_back(g);
            }
        };
        for (fold_group& g : groups) {
            cut(at, g.first);
            at = g.end();
            out.push_back(std::move(g));
        }
        cut(at, m_nodes.size());
        std::sort(out.begin(), out.end(), [](const fold_group& a, const fold_group& b) { return a.first < b.first; });
        groups = std::move(out);
    }

    void place(fold_structure& s) const {
        s.place.assign(m_doc.ctx.size(), fold_place{});
        for (std::size_t gi = 0; gi < s.groups.size(); ++gi) {
            const fold_group& g = s.groups[gi];
            for (std::size_t k = 0; k < g.count; ++k)
                for (std::size_t j = 0; j < g.period; ++j)
                    s.place[m_nodes[g.node_position(k, j)].index()] = {static_cast<std::int32_t>(gi),
                                                                       static_cast<std::uint32_t>(k),
                                                                       static_cast<std::uint32_t>(j)};
        }
        place_leafs(s);
        for (fold_group& g : s.groups) g.label_base = label_base(g);
    }

    // A leaf belongs to an instance when only that instance's nodes read it, in the role (node
    // local, source slot) of its first read that instance 0's leaf of the same index has.
    void place_leafs(fold_structure& s) const {
        std::vector<fold_place> reader(m_doc.ctx.size(), fold_place{});
        std::vector<bool> shared(m_doc.ctx.size(), false), seen(m_doc.ctx.size(), false);
        for (tensor_id n : m_nodes) {
            const fold_place p = s.place[n.index()];
            for_each_source(m_doc.ctx[n], [&](int, tensor_id src) {
                if (!src.valid() || m_pos[src.index()] != npos) return;
                const std::size_t i = src.index();
                if (!seen[i]) reader[i] = p;
                else if (reader[i].group != p.group || reader[i].instance != p.instance) shared[i] = true;
                seen[i] = true;
            });
        }
        for (std::size_t gi = 0; gi < s.groups.size(); ++gi) {
            fold_group& g = s.groups[gi];
            std::vector<std::uint64_t> roles; // instance 0's: local * (max_src + 1) + slot
            g.leafs.assign(g.count, {});
            for (std::size_t k = 0; k < g.count; ++k) {
                std::vector<tensor_id> mine;
                std::vector<std::uint64_t> my_roles;
                for (std::size_t j = 0; j < g.period; ++j)
                    for_each_source(m_doc.ctx[m_nodes[g.node_position(k, j)]], [&](int slot, tensor_id src) {
                        if (!src.valid() || m_pos[src.index()] != npos || shared[src.index()] || !seen[src.index()]) return;
                        if (reader[src.index()].group != static_cast<std::int32_t>(gi)) return;
                        if (std::find(mine.begin(), mine.end(), src) != mine.end()) return;
                        mine.push_back(src);
                        my_roles.push_back(j * (max_src + 1) + static_cast<std::uint64_t>(slot));
                    });
                if (k == 0) roles = my_roles;
                std::vector<tensor_id>& aligned = g.leafs[k];
                aligned.assign(roles.size(), tensor_id{});
                for (std::size_t i = 0; i < mine.size(); ++i) {
                    const auto role = std::find(roles.begin(), roles.end(), my_roles[i]);
                    if (role == roles.end()) continue; // a role instance 0 lacks: stays loose
                    aligned[static_cast<std::size_t>(role - roles.begin())] = mine[i];
                    s.place[mine[i].index()] = {static_cast<std::int32_t>(gi), static_cast<std::uint32_t>(k),
                                                static_cast<std::uint32_t>(g.period + static_cast<std::size_t>(role - roles.begin()))};
                }
            }
        }
    }

    // The layer number the names carry ("Kcur-17") when it is base + instance for every
    // instance, so blocks read "blk 17" as llama.cpp's logs do; else 0 (the instance index).
    std::int64_t label_base(const fold_group& g) const {
        if (g.kind != fold_kind::repeat) return 0;
        std::optional<std::int64_t> base;
        for (std::size_t k = 0; k < g.count; ++k) {
            std::map<int, std::size_t> votes;
            for (std::size_t j = 0; j < g.period; ++j)
                if (const auto l = layer_of(m_doc.ctx[m_nodes[g.node_position(k, j)]].name)) ++votes[*l];
            if (votes.empty()) return 0;
            const auto top = std::max_element(votes.begin(), votes.end(),
                                              [](const auto& a, const auto& b) { return a.second < b.second; });
            if (top->second * 2 <= g.period) return 0; // no layer number most nodes agree on
            const std::int64_t b = top->first - static_cast<std::int64_t>(k);
            if (base && *base != b) return 0;
            base = b;
        }
        return base.value_or(0);
    }

    const graph_document& m_doc;
    const std::vector<tensor_id>& m_nodes;
    const fold_options& m_o;
    const std::atomic<bool>* m_cancel;
    std::vector<std::size_t> m_pos;     // by tensor index: node position, npos for leafs
    std::vector<std::uint64_t> m_hash;  // by node position
    std::vector<std::int64_t> m_cross;  // by boundary position
};

} // namespace

tensor_id fold_structure::tensor_at(const graph& g, std::size_t group, std::size_t instance, std::size_t local) const {
    const fold_group& fg = groups[group];
    if (local < fg.period) return g.nodes[fg.node_position(instance, local)];
    return fg.leafs[instance][local - fg.period];
}

std::size_t fold_structure::folded_nodes() const {
    std::size_t n = 0;
    for (const fold_group& g : groups)
        if (g.kind == fold_kind::repeat) n += g.period * g.count;
    return n;
}

std::optional<fold_structure> detect_blocks(const graph_document& doc, const fold_options& options,
                                            const std::atomic<bool>* cancel) {
    return detector(doc, options, cancel).run();
}

} // namespace planscope
