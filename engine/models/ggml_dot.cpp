#include "ggml_dot.h"

#include "core/builder.h"
#include "core/op_rules.h"
#include "core/printable.h"
#include "ggml_dot_label.h"
#include "llama_leaf_names.h"
#include "io/bounded_read.h"
#include "io/dot_reader.h"
#include "io/dot_scan.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <unordered_map>

namespace planscope {
namespace {

struct entry {
    ggml_dot_entry e;
    std::string dot_name;
    std::array<const entry*, max_src> src{};
    tensor_id id;
};

// Names, labels and op symbols are the file's bytes: each reaches a message through printable().
std::string in_quotes(std::string_view text) {
    std::string s = "'";
    s += printable(text);
    return s += '\'';
}

std::string label_of(const ggml_dot_entry& e) {
    return (e.leaf ? "leaf " : "node ") + std::to_string(e.index) + " " + in_quotes(e.name);
}

std::string ne_string(const std::vector<std::int64_t>& ne) {
    std::string s = "[";
    for (std::size_t i = 0; i < ne.size(); ++i) s += (i ? ", " : "") + std::to_string(ne[i]);
    return s + "]";
}

// What the dump shows of the shape, padded with ones: the true ne when two extents are printed
// (a 2-dim tensor), ne[3] unknown when three are.
std::array<std::int64_t, max_dims> printed_shape(const ggml_dot_entry& e) {
    std::array<std::int64_t, max_dims> ne{1, 1, 1, 1};
    std::copy(e.ne.begin(), e.ne.end(), ne.begin());
    return ne;
}

class importer {
public:
    result<dot_import> run(const dot_digraph& g) {
        if (auto s = read_entries(g); !s) return s.err();
        if (auto s = read_edges(g); !s) return s.err();
        for (entry* l : m_leafs)
            if (auto s = add_leaf(*l); !s) return s.err();
        if (auto s = place_named_leafs(); !s) return s.err();
        for (entry* n : m_nodes)
            if (auto s = add_node(*n); !s) return s.err();
        add_summary_warnings();
        return std::move(m_out);
    }

private:
    status read_entries(const dot_digraph& g) {
        m_entries.reserve(g.nodes.size()); // m_by_name and the lists point into it
        for (const dot_node& n : g.nodes) {
            if (n.label.empty()) return error{"DOT node " + in_quotes(n.name) + " has no label (only an edge names it)"};
            auto e = parse_ggml_label(n.label);
            // The label parser quotes the file's text as it is.
            if (!e) return error{"DOT node " + in_quotes(n.name) + ": " + printable(e.err().message, 400)};
            m_entries.push_back({std::move(*e), n.name, {}, {}});
            m_by_name[n.name] = &m_entries.back();
        }
        for (entry& en : m_entries) {
            auto& list = en.e.leaf ? m_leafs : m_nodes;
            const auto i = static_cast<std::size_t>(en.e.index);
            if (i >= m_entries.size()) return error{label_of(en.e) + ": index beyond the number of tensors"};
            if (list.size() <= i) list.resize(i + 1);
            if (list[i])
                return error{label_of(en.e) + ": index " + std::to_string(i) + " is also " + in_quotes(list[i]->e.name)};
            list[i] = &en;
            // ggml_visit_parents names unnamed tensors so.
            if (en.e.name.empty()) en.e.name = (en.e.leaf ? "leaf_" : "node_") + std::to_string(i);
        }
        for (const auto* list : {&m_leafs, &m_nodes})
            for (std::size_t i = 0; i < list->size(); ++i)
                if (!(*list)[i])
                    return error{std::string(list == &m_leafs ? "leaf" : "node") + " index " + std::to_string(i) +
                                 " is missing (indices run from 0 without gaps)"};
        return success();
    }

    status read_edges(const dot_digraph& g) {
        for (const dot_edge& d : g.edges) {
            const std::string what = "edge " + in_quotes(d.tail) + " -> " + in_quotes(d.head);
            if (d.tailport == "g" || d.headport == "g")
                return error{what + " uses the gradient port 'g': only forward graphs can be imported"};
            if ((!d.tailport.empty() && d.tailport != "x") || (!d.headport.empty() && d.headport != "x"))
                return error{what + ": ports other than 'x' are not ggml's"};
            int slot = -1;
            if (d.label.starts_with("src ") && d.label.size() == 5) slot = d.label[4] - '0';
            if (slot < 0 || slot >= max_src)
                return error{what + ": label " + in_quotes(d.label) + " is not 'src N' with N below " +
                             std::to_string(max_src)};
            // cgraph lists every node an edge names, so both ends are known; checked all the same.
            const auto head_at = m_by_name.find(d.head), tail_at = m_by_name.find(d.tail);
            if (head_at == m_by_name.end() || tail_at == m_by_name.end()) return error{what + ": an end is not a node"};
            entry* head = head_at->second;
            const entry* tail = tail_at->second;
            if (head->e.leaf) return error{label_of(head->e) + ": a leaf has no sources, yet " + what + " gives one"};
            auto& src = head->src[static_cast<std::size_t>(slot)];
            if (src) return error{label_of(head->e) + ": two edges labelled " + in_quotes(d.label)};
            src = tail;
        }
        return success();
    }

    status add_leaf(entry& l) {
        tensor t;
        t.name = truncate_name(l.e.name);
        t.type = l.e.type;
        t.ne = printed_shape(l.e);
        if (auto s = check_shape(t.type, t.ne); !s) return error{label_of(l.e) + ": " + s.err().message};
        t.nb = contiguous_strides(t.type, t.ne);
        l.id = m_out.doc.ctx.add(std::move(t));
        m_out.doc.g.leafs.push_back(l.id);
        return success();
    }

    // Where llama.cpp keeps its leafs, as far as names tell: GGUF weights ("*.weight", "*.bias")
    // in a buffer "weights", the KV cache ("cache_*") in "kv_cache", one after another on the CPU
    // (a dump shows neither buffers nor offsets); the others are its inputs, allocated in the
    // compute buffer before the graph (compute_inputs, in leaf order).
    status place_named_leafs() {
        graph_document& doc = m_out.doc;
        std::optional<buffer_id> weights, cache;
        for (tensor_id id : doc.g.leafs) {
            tensor& t = doc.ctx[id];
            const auto kind = classify_llama_leaf(t.name);
            if (kind == llama_leaf::input) {
                doc.compute_inputs.push_back(id);
                continue;
            }
            const bool weight = kind == llama_leaf::weight;
            std::optional<buffer_id>& buf = weight ? weights : cache;
            if (!buf) {
                buf = buffer_id{doc.buffers.size()};
                doc.buffers.push_back({weight ? "weights" : "kv_cache", "CPU", 0, 64});
            }
            buffer_desc& b = doc.buffers[buf->index()];
            const std::size_t padded = (nbytes(t) + 63) / 64 * 64; // check_shape bounds nbytes
            t.where = placement{*buf, b.size};
            if (__builtin_add_overflow(b.size, padded, &b.size))
                return error{"buffer '" + b.name + "' of the named leafs overflows the byte count"};
            ++(weight ? m_weights : m_caches);
        }
        return success();
    }

    status add_node(entry& n) {
        const std::string who = label_of(n.e);
        const auto op = op_from_ggml_symbol(n.e.symbol);
        if (!op) return error{who + ": op symbol " + in_quotes(n.e.symbol) + " is not one of the ops Planscope models"};
        tensor desc;
        desc.op = *op;
        desc.type = n.e.type; // a cast's type is only in the dump
        for (int i = 0; i < max_src; ++i) {
            const entry* s = n.src[static_cast<std::size_t>(i)];
            if (!s) continue;
            // ggml_cast's src1 is the cast itself; Planscope's cast has no src1.
            if (s == &n && *op == op_kind::cpy && i == 1) continue;
            if (s == &n) return error{who + ": src " + std::to_string(i) + " is the node itself"};
            if (!s->e.leaf && s->e.index >= n.e.index)
                return error{who + ": src " + std::to_string(i) + " is " + label_of(s->e) + ", which comes later"};
            desc.src[static_cast<std::size_t>(i)] = s->id;
        }
        m_any_grad = m_any_grad || n.e.has_grad;

        auto made = *op == op_kind::none ? param(n, desc) : infer(n, desc);
        // The op rules quote tensor names, which are the file's.
        if (!made) return error{who + ": " + printable(made.err().message, 400)};
        tensor& t = *made;
        // Sources that pass check_shape may still multiply past it (MUL_MAT of [1, 2^40] by itself).
        if (auto s = check_shape(t.type, t.ne); !s)
            return error{who + ": " + std::string(info(*op).name) + " of its sources: " + s.err().message};
        const auto printed = printed_shape(n.e);
        const bool shape_ok = std::equal(printed.begin(), printed.begin() + (n.e.ne.size() == 2 ? 4 : 3), t.ne.begin());
        if (!shape_ok || t.type != n.e.type)
            return error{who + ": the dump shows " + std::string(type_name(n.e.type)) + " " + ne_string(n.e.ne) +
                         " but " + std::string(info(*op).name) + " of its sources gives " +
                         std::string(type_name(t.type)) + " " + shape_string(t.ne)};
        t.name = truncate_name(n.e.name);
        n.id = m_out.doc.ctx.add(std::move(t));
        m_out.doc.g.nodes.push_back(n.id);
        return success();
    }

    // A node of op NONE is a parameter (ggml keeps leafs with a gradient among the nodes).
    result<tensor> param(const entry& n, const tensor& desc) {
        if (desc.n_src() > 0) return error{"a parameter (op none) has no sources"};
        tensor t;
        t.type = n.e.type;
        t.ne = printed_shape(n.e);
        if (auto s = check_shape(t.type, t.ne); !s) return s.err();
        t.nb = contiguous_strides(t.type, t.ne);
        t.flags = tensor_flag::param;
        return t;
    }

    // The op's result from its sources, with the op params the dump lacks inferred.
    result<tensor> infer(const entry& n, tensor& desc) {
        const op_info& oi = info(desc.op);
        const std::string who = label_of(n.e);
        if (desc.src[0].valid()) {
            const tensor& a = m_out.doc.ctx[desc.src[0]];
            desc.ne = printed_shape(n.e);
            switch (desc.op) {
            case op_kind::reshape:
            case op_kind::cont: {
                auto ne3 = missing_ne3(n.e, nelements(a));
                if (!ne3) return ne3.err();
                desc.ne[3] = *ne3;
                break;
            }
            case op_kind::view:
                if (auto s = check_shape(a.type, desc.ne); !s) return s.err(); // before strides from it
                desc.nb = contiguous_strides(a.type, desc.ne); // and offset 0: the params stay zero
                m_out.warnings.push_back(who + ": VIEW strides assumed contiguous, offset assumed 0" +
                                         (n.e.ne.size() == 3 ? ", ne[3] assumed 1" : ""));
                break;
            case op_kind::permute:
                if (auto s = permute_axes(n.e, a, desc); !s) return s.err();
                break;
            case op_kind::unary:
                desc.params.set_i32(0, static_cast<std::int32_t>(unary_of(n.e)));
                break;
            case op_kind::glu:
                desc.params.set_i32(0, static_cast<std::int32_t>(glu_of(n.e, desc.src[1].valid())));
                break;
            case op_kind::rope:
                assume_rope(a, desc);
                break;
            case op_kind::soft_max:
                desc.params = default_params(op_kind::soft_max);
                m_params_assumed.insert("SOFT_MAX scale 1, max_bias 0");
                break;
            case op_kind::scale:
                if (desc.src[1].valid()) break; // 2023's: the factor is src1
                desc.params.set_f32(0, 1.0f);
                m_params_assumed.insert("SCALE factor 1, bias 0");
                break;
            default:
                if (!oi.params.empty()) m_params_lost.insert(std::string(oi.name));
            }
        }
        // ggml_view_tensor names an in-place result "SRC (view)"; the dump has no other sign of it.
        const bool inplace = oi.can_inplace && !oi.view_op && n.e.name.ends_with(" (view)");
        if (inplace) m_out.warnings.push_back(who + ": taken as in place (a view of src 0), from its name");
        return infer_result(m_out.doc.ctx, desc, inplace);
    }

    // llama.cpp's usual rotation: every dimension of a head, normal mode, ggml_rope's defaults.
    void assume_rope(const tensor& a, tensor& desc) {
        desc.params = rope_params({.n_dims = static_cast<int>(std::min<std::int64_t>(a.ne[0], INT32_MAX))});
        m_params_assumed.insert("ROPE n_dims = ne[0], normal mode, freq_base 10000, freq_scale 1");
    }

    // RESHAPE and CONT keep the element count: a three-extent print's ne[3] follows from it.
    // The printed extents are the file's: their product is checked, never wrapped (to 0 it would
    // divide).
    static result<std::int64_t> missing_ne3(const ggml_dot_entry& e, std::int64_t n_src) {
        if (e.ne.size() != 3) return std::int64_t{1};
        std::int64_t shown = 1;
        for (const std::int64_t n : e.ne)
            if (n < 1 || __builtin_mul_overflow(shown, n, &shown))
                return error{"shape " + ne_string(e.ne) + " overflows the element count"};
        return n_src % shown == 0 ? std::max<std::int64_t>(1, n_src / shown) : std::int64_t{1};
    }

    // ggml_permute moves src axis i to axis a[i]. Of the permutations that give the printed
    // shape, the one moving the fewest axes; a warning when several fit.
    status permute_axes(const ggml_dot_entry& e, const tensor& a, tensor& desc) {
        const auto want = printed_shape(e);
        const std::size_t known = e.ne.size() == 2 ? 4 : 3;
        std::array<int, max_dims> axes{0, 1, 2, 3}, best{};
        int fits = 0, best_moved = max_dims + 1;
        do {
            bool ok = true;
            int moved = 0;
            for (int i = 0; i < max_dims; ++i) {
                const auto ax = static_cast<std::size_t>(axes[static_cast<std::size_t>(i)]);
                ok = ok && (ax >= known || want[ax] == a.ne[static_cast<std::size_t>(i)]);
                moved += ax != static_cast<std::size_t>(i);
            }
            if (!ok) continue;
            ++fits;
            if (moved < best_moved) best = axes, best_moved = moved;
        } while (std::next_permutation(axes.begin(), axes.end()));
        if (fits == 0) return error{"no permutation of " + shape_string(a.ne) + " gives " + ne_string(e.ne)};
        for (int i = 0; i < max_dims; ++i) desc.params.set_i32(i, best[static_cast<std::size_t>(i)]);
        if (fits > 1)
            m_out.warnings.push_back(label_of(e) + ": PERMUTE axes (" + std::to_string(best[0]) + ", " +
                                     std::to_string(best[1]) + ", " + std::to_string(best[2]) + ", " +
                                     std::to_string(best[3]) + ") assumed, " + std::to_string(fits) +
                                     " permutations fit the shapes");
        return success();
    }

    // The function of a UNARY node is an op param; tensor names often carry it ("ffn_silu-0").
    unary_kind unary_of(const ggml_dot_entry& e) {
        std::string lower = e.name;
        std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
        // Longest names first: "gelu_quick" before "gelu", "gelu" before "elu".
        for (const unary_kind u : {unary_kind::gelu_quick, unary_kind::gelu, unary_kind::silu, unary_kind::relu,
                                   unary_kind::tanh, unary_kind::elu, unary_kind::abs, unary_kind::sgn,
                                   unary_kind::neg, unary_kind::step}) {
            std::string name(unary_name(u));
            std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
            if (lower.find(name) != std::string::npos) {
                m_out.warnings.push_back(label_of(e) + ": UNARY function " + std::string(unary_name(u)) +
                                         " taken from the name");
                return u;
            }
        }
        m_out.warnings.push_back(label_of(e) + ": UNARY function not in the dump, SILU assumed");
        return unary_kind::silu;
    }

    // Likewise the function of a GLU node ("ffn_swiglu-0"); whether a one-source GLU swaps its
    // halves is not in the dump either (a split GLU never does).
    glu_kind glu_of(const ggml_dot_entry& e, bool split) {
        std::string lower = e.name;
        std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
        const std::string halves = split ? "" : ", halves assumed not swapped";
        // Longest names first: "swiglu_oai" before "swiglu", "geglu_quick" before "geglu".
        for (const glu_kind g : {glu_kind::swiglu_oai, glu_kind::geglu_quick, glu_kind::geglu_erf, glu_kind::swiglu,
                                 glu_kind::geglu, glu_kind::reglu}) {
            std::string name(glu_name(g));
            std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
            if (lower.find(name) != std::string::npos) {
                m_out.warnings.push_back(label_of(e) + ": GLU function " + std::string(glu_name(g)) +
                                         " taken from the name" + halves +
                                         (g == glu_kind::swiglu_oai ? ", alpha and limit left zero" : ""));
                return g;
            }
        }
        m_out.warnings.push_back(label_of(e) + ": GLU function not in the dump, SWIGLU assumed" + halves);
        return glu_kind::swiglu;
    }

    // Losses that hold for the whole file go first.
    void add_summary_warnings() {
        std::vector<std::string> general;
        if (!m_leafs.empty()) {
            const std::size_t others = m_leafs.size() - m_weights - m_caches;
            general.push_back("leafs: the dump shows ne[0] and ne[1] only and no data or buffer; each leaf is "
                              "taken as [NE0, NE1, 1, 1]; " +
                              std::to_string(m_weights) + " named as weights (*.weight, *.bias) placed in buffer "
                              "'weights', " + std::to_string(m_caches) + " as KV cache (cache_*) in 'kv_cache', " +
                              std::to_string(others) + " taken as inputs, allocated before the graph");
        }
        if (!m_params_lost.empty()) {
            std::string ops;
            for (const auto& o : m_params_lost) ops += (ops.empty() ? "" : ", ") + o;
            general.push_back("op parameters are not in the dump: those of " + ops + " are left zero");
        }
        if (!m_params_assumed.empty()) {
            std::string assumed;
            for (const auto& a : m_params_assumed) assumed += (assumed.empty() ? "" : "; ") + a;
            general.push_back("op parameters are not in the dump, assumed: " + assumed);
        }
        if (m_any_grad) general.push_back("gradients ('<g>' fields) ignored: the forward graph is imported");
        m_out.warnings.insert(m_out.warnings.begin(), general.begin(), general.end());
    }

    std::vector<entry> m_entries;
    std::unordered_map<std::string, entry*> m_by_name;
    std::vector<entry*> m_nodes, m_leafs; // by ggml index
    std::set<std::string> m_params_lost, m_params_assumed;
    bool m_any_grad = false;
    std::size_t m_weights = 0, m_caches = 0; // leafs place_named_leafs placed
    dot_import m_out;
};

} // namespace

result<dot_import> import_ggml_dot(std::string_view text) {
    auto g = read_dot_digraph(text);
    if (!g) return g.err();
    if (g->nodes.empty()) return error{"the graph has no nodes"};
    return importer().run(*g);
}

result<dot_import> import_ggml_dot_file(const std::filesystem::path& path) {
    const std::string shown = printable(path.string(), 1000);
    auto text = read_file_bounded(path, max_dot_bytes, "DOT file");
    if (!text) return text.err();
    auto r = import_ggml_dot(*text);
    if (!r) return error{shown + ": " + r.err().message};
    r->doc.name = path.stem().string();
    return r;
}

} // namespace planscope
