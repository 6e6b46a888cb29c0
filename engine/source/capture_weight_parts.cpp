#include "capture_weight_parts.h"

#include <algorithm>
#include <array>
#include <climits>
#include <map>
#include <string_view>

namespace planscope {
namespace {

// The layer of a node named by llama.cpp's graph callback: "Qcur-3" is 3; -1 without one.
int layer_of(std::string_view name) {
    const std::size_t dash = name.rfind('-');
    if (dash == std::string_view::npos || dash + 1 == name.size() || name.size() - dash > 7) return -1;
    int il = 0;
    for (const char ch : name.substr(dash + 1)) {
        if (ch < '0' || ch > '9') return -1;
        il = il * 10 + (ch - '0');
    }
    return il;
}


// The order llama_model::load_tensors creates uses in: the input layer, the layers, the output.
int creation_rank(const llm_tensor_use& u) {
    switch (u.layer) {
    case llm_tensor_layer::input: return -1;
    case llm_tensor_layer::repeating: return u.layer_index;
    case llm_tensor_layer::output: break;
    }
    return INT_MAX;
}

// ggml_visit_parents' walk from the node at `root` (sources in slot order, a node listed when its
// sources are, a leaf when first met) with every node before `start` and every leaf first read
// before it met already, as they are when a ggml_build_forward_expand of the root begins there.
struct walk {
    std::vector<std::size_t> nodes;  // positions, in the order listed
    std::vector<tensor_id> leafs;    // in the order met, `leaf` left out
    std::size_t leafs_before = 0;    // of them, met before `leaf`
};

class graph_walker {
public:
    graph_walker(const graph_document& doc, tensor_id leaf) : m_doc(doc), m_leaf(leaf) {
        const auto& nodes = doc.g.nodes;
        m_position.assign(doc.ctx.size(), not_node);
        for (std::size_t p = 0; p < nodes.size(); ++p) m_position[nodes[p].index()] = p;
        m_is_leaf.assign(doc.ctx.size(), false);
        for (const tensor_id l : doc.g.leafs) m_is_leaf[l.index()] = true;
        m_is_leaf[leaf.index()] = true;
        m_first_read.assign(doc.ctx.size(), unread);
        for (std::size_t p = nodes.size(); p-- > 0;)
            for (const tensor_id src : doc.ctx[nodes[p]].src)
                if (src.valid()) m_first_read[src.index()] = p;
    }

    [[nodiscard]] std::size_t first_read(tensor_id t) const { return m_first_read[t.index()]; }

    [[nodiscard]] walk from(std::size_t root, std::size_t start) const {
        walk w;
        std::vector<bool> seen(m_doc.ctx.size(), false);
        for (std::size_t i = 0; i < seen.size(); ++i) {
            const std::size_t p = m_position[i];
            seen[i] = p != not_node ? p < start : m_is_leaf[i] && m_first_read[i] < start;
        }
        // An explicit stack: (tensor, next source slot).
        std::vector<std::pair<tensor_id, std::size_t>> stack{{m_doc.g.nodes[root], 0}};
        seen[m_doc.g.nodes[root].index()] = true;
        while (!stack.empty()) {
            auto& [t, slot] = stack.back();
            const auto& src = m_doc.ctx[t].src;
            if (slot == src.size()) {
                w.nodes.push_back(m_position[t.index()]);
                stack.pop_back();
                continue;
            }
            const tensor_id s = src[slot++];
            if (!s.valid() || seen[s.index()]) continue;
            seen[s.index()] = true;
            if (s == m_leaf) w.leafs_before = w.leafs.size();
            else if (m_position[s.index()] != not_node) stack.emplace_back(s, 0);
            else if (m_is_leaf[s.index()]) w.leafs.push_back(s);
        }
        return w;
    }

    // The walk lists nodes start..root in the graph's order and meets the leafs first read there
    // in the graph's leaf order: what the graph shows of a walk that began at `start`.
    [[nodiscard]] bool agrees(const walk& w, std::size_t root, std::size_t start) const {
        if (w.nodes.size() != root - start + 1) return false;
        for (std::size_t i = 0; i < w.nodes.size(); ++i)
            if (w.nodes[i] != start + i) return false;
        std::size_t k = 0;
        for (const tensor_id l : m_doc.g.leafs) {
            const std::size_t at = m_first_read[l.index()];
            if (at == unread || at < start || at > root) continue;
            if (k == w.leafs.size() || w.leafs[k++] != l) return false;
        }
        return k == w.leafs.size();
    }

    static constexpr std::size_t unread = SIZE_MAX;

private:
    static constexpr std::size_t not_node = SIZE_MAX;
    const graph_document& m_doc;
    tensor_id m_leaf;
    std::vector<std::size_t> m_position, m_first_read;
    std::vector<bool> m_is_leaf;
};

// Where ggml lists a new leaf `leaf` that the node at `root` reads, llama.cpp having expanded that
// node (the logits, a layer's Qcur and Kcur): the expand began at the earliest node from which a
// walk agrees with the graph (the walks that begin later agree too; one that begins earlier meets
// the earlier expands' leafs after the root's first sources'), and the leaf goes before the first
// leaf that walk meets after it.
std::size_t leaf_position(const graph_document& doc, std::size_t root, tensor_id leaf) {
    const graph_walker walker(doc, leaf);
    constexpr std::size_t longest = 1 << 14; // an expand of more nodes is not searched further
    std::size_t start = root;
    walk best = walker.from(root, start);
    while (start > 0 && root - start < longest) {
        walk w = walker.from(root, start - 1);
        if (!walker.agrees(w, root, start - 1)) break;
        best = std::move(w);
        --start;
    }
    const auto& leafs = doc.g.leafs;
    if (best.leafs_before < best.leafs.size())
        return static_cast<std::size_t>(std::find(leafs.begin(), leafs.end(), best.leafs[best.leafs_before]) - leafs.begin());
    // Met after every leaf of the walk: after the last leaf read up to the root.
    std::size_t at = 0;
    for (std::size_t i = 0; i < leafs.size(); ++i)
        if (const std::size_t r = walker.first_read(leafs[i]); r != graph_walker::unread && r <= root) at = i + 1;
    return at;
}

// Inserts `leaf` at `at`, renaming the leafs ggml named by their index ("leaf_50") as ggml would.
void insert_leaf(graph_document& doc, tensor_id leaf, std::size_t at) {
    auto& leafs = doc.g.leafs;
    leafs.insert(leafs.begin() + static_cast<std::ptrdiff_t>(at), leaf);
    for (std::size_t i = at + 1; i < leafs.size(); ++i)
        if (std::string& name = doc.ctx[leafs[i]].name; name == "leaf_" + std::to_string(i - 1)) name = "leaf_" + std::to_string(i);
}

} // namespace

bool per_layer_weight(std::string_view name) {
    constexpr std::array names{"rope_freqs.weight", "rope_factors_long.weight", "rope_factors_short.weight"};
    return std::find(names.begin(), names.end(), name) != names.end();
}

bool may_part(std::string_view name) { return name == "token_embd.weight" || per_layer_weight(name); }

std::vector<weight_read> weight_reads(const graph_document& doc, tensor_id w, const llm_tensor_use& use) {
    const std::string& name = doc.ctx[w].name;
    const bool tied = name == "token_embd.weight";
    std::vector<weight_read> out;
    for (std::size_t p = 0; p < doc.g.nodes.size(); ++p) {
        const tensor& node = doc.ctx[doc.g.nodes[p]];
        for (std::size_t k = 0; k < node.src.size(); ++k) {
            if (node.src[k] != w) continue;
            weight_read r{p, static_cast<int>(k), use};
            if (tied) {
                const bool logits = k == 0 && node.op == op_kind::mul_mat;
                if (auto u = llm_tensor_use_of(name, -1, logits)) r.use = *u;
            } else if (per_layer_weight(name)) {
                if (auto u = llm_tensor_use_of(name, std::max(layer_of(node.name), 0))) r.use = *u;
            }
            out.push_back(r);
        }
    }
    return out;
}

result<std::vector<weight_part>> part_weight(graph_document& doc, tensor_id w, std::span<const weight_read> reads,
                                             const weight_placer& place) {
    // The reads by buffer type, in the order their uses are created.
    struct part {
        int rank = INT_MAX;
        llm_placed_buffer where;
        std::vector<const weight_read*> reads;
    };
    std::map<std::pair<std::string, int>, part> parts;
    for (const weight_read& r : reads) {
        auto where = place(r.use);
        if (!where) return where.err();
        part& p = parts[{where->type.name, where->device}];
        p.where = *where;
        p.rank = std::min(p.rank, creation_rank(r.use));
        p.reads.push_back(&r);
    }
    std::vector<part*> ordered;
    for (auto& [key, p] : parts) ordered.push_back(&p);
    std::sort(ordered.begin(), ordered.end(), [](const part* a, const part* b) { return a->rank < b->rank; });
    if (ordered.empty()) return error{"'" + doc.ctx[w].name + "' is read by no node"};

    std::vector<weight_part> out{{w, ordered.front()->where}};
    for (std::size_t i = 1; i < ordered.size(); ++i) {
        const tensor& meta = doc.ctx[w];
        tensor copy;
        copy.name = meta.name;
        copy.type = meta.type;
        copy.ne = meta.ne;
        copy.nb = meta.nb;
        const tensor_id second = doc.ctx.add(std::move(copy));
        const weight_read* first = ordered[i]->reads.front(); // reads come in graph order
        for (const weight_read* r : ordered[i]->reads)
            doc.ctx[doc.g.nodes[r->position]].src[static_cast<std::size_t>(r->slot)] = second;
        insert_leaf(doc, second, leaf_position(doc, first->position, second));
        out.push_back({second, ordered[i]->where});
    }
    return out;
}

} // namespace planscope
