#include "sched_log_document.h"

#include "core/printable.h"
#include "io/bounded_read.h"
#include "models/llama_leaf_names.h"

#include <algorithm>
#include <map>
#include <set>

namespace planscope {
namespace {

// The pass a printed cause comes from; a log of a default build prints none.
sched_pass pass_of_logged_cause(std::string_view cause) {
    if (cause.empty()) return sched_pass::logged;
    if (cause == "usr") return sched_pass::user;
    if (cause == "4.cpy") return sched_pass::split_copy;
    switch (cause.front()) {
    case '1': return sched_pass::buffers;
    case '2': return sched_pass::expand;
    case '3': return sched_pass::upgrade;
    case '4': return sched_pass::remaining;
    default: return sched_pass::logged;
    }
}

class log_document_builder {
public:
    log_document_builder(const ggml2026::sched_log_assignment& a, std::string name)
        : m_log(a), m_names(ggml2026::sched_log_backends(a)) {
        m_out.doc.name = std::move(name);
        m_out.plan.backend_names = m_names;
    }

    result<sched_log_document> build() {
        bool any_node = false;
        for (const auto& s : m_log.splits) any_node = any_node || !s.nodes.empty();
        if (!any_node) return error{"the log has no node lines (GGML_SCHED_DEBUG=1): print it with GGML_SCHED_DEBUG=2 to see its graph"};
        // Graph tensors first, so that the copies come after them as in a scheduled context.
        for (std::size_t si = 0; si < m_log.splits.size(); ++si) {
            const auto& split = m_log.splits[si];
            sched_split out{backend_index(split.backend), m_out.doc.g.nodes.size(), 0, {}};
            for (const auto& n : split.nodes) {
                tensor t = sized(n.tensor.name, n.tensor.size);
                t.op = op_of(n.op, t);
                for (std::size_t j = 0; j < n.srcs.size() && j < static_cast<std::size_t>(max_src); ++j) {
                    const auto& src = n.srcs[j];
                    if (src.backend == "NULL" && src.name.find('#') != std::string::npos) {
                        m_pending.push_back({si, m_out.doc.g.nodes.size(), j, src}); // resolved after the graph
                        continue;
                    }
                    t.src[j] = source(src);
                }
                const tensor_id id = m_out.doc.ctx.add(std::move(t));
                decide(id, n.tensor.backend, n.tensor.cause);
                m_latest[n.tensor.name] = id;
                m_out.doc.g.nodes.push_back(id);
            }
            out.i_end = m_out.doc.g.nodes.size();
            m_out.plan.splits.push_back(std::move(out));
        }
        m_out.plan.n_tensors_before = m_out.doc.ctx.size();
        if (auto st = add_copies(); !st) return st.err();
        build_split_graph();
        place_leafs();
        if (!m_unknown_ops.empty()) {
            std::string list;
            for (const auto& [op, n] : m_unknown_ops) list.append(list.empty() ? "" : ", ").append(printable(op)).append(" (").append(std::to_string(n)).append(")");
            m_out.warnings.push_back("ops Planscope does not model are shown as NONE: " + list);
        }
        return std::move(m_out);
    }

private:
    struct pending_copy {
        std::size_t split;
        std::size_t node; // index in doc.g.nodes
        std::size_t slot;
        ggml2026::sched_log_tensor src;
    };

    int backend_index(std::string_view printed) const {
        // Node lines cut backend names to 5 characters.
        for (std::size_t i = 0; i < m_names.size(); ++i)
            if (m_names[i] == printed || (printed.size() == 5 && m_names[i].starts_with(printed))) return static_cast<int>(i);
        return -1;
    }

    tensor sized(const std::string& name, const std::string& size) {
        tensor t;
        t.name = name;
        t.type = dtype::i8;
        const auto bytes = ggml2026::sched_log_bytes(size).value_or(0);
        t.ne = {static_cast<std::int64_t>(std::max<std::uint64_t>(bytes, 1)), 1, 1, 1};
        t.nb = contiguous_strides(t.type, t.ne);
        return t;
    }

    op_kind op_of(const std::string& printed, tensor& t) {
        if (const auto op = op_from_name(printed)) return *op;
        if (const auto u = unary_from_name(printed)) {
            t.params.set_i32(0, static_cast<std::int32_t>(*u));
            return op_kind::unary;
        }
        if (const auto g = glu_from_name(printed)) {
            t.params.set_i32(0, static_cast<std::int32_t>(*g));
            return op_kind::glu;
        }
        ++m_unknown_ops[printed];
        return op_kind::none;
    }

    void decide(tensor_id id, std::string_view backend, const std::string& cause) {
        auto& p = m_out.plan;
        if (id.index() >= p.backend_of.size()) {
            p.backend_of.resize(id.index() + 1, -1);
            p.cause_of.resize(id.index() + 1);
        }
        const int b = backend_index(backend);
        if (b < 0) return;
        p.backend_of[id.index()] = b;
        p.cause_of[id.index()] = cause;
        p.assignments.push_back({id, b, cause, pass_of_logged_cause(cause)});
    }

    // The latest earlier node of that name, else the leaf of that name (made on first use).
    tensor_id source(const ggml2026::sched_log_tensor& src) {
        if (const auto it = m_latest.find(src.name); it != m_latest.end()) return it->second;
        tensor t = sized(src.name, src.size);
        const tensor_id id = m_out.doc.ctx.add(std::move(t));
        m_latest[src.name] = id;
        m_out.doc.g.leafs.push_back(id);
        decide(id, src.backend, src.cause);
        return id;
    }

    // Each split input's copy, named as the nodes read it; nodes read the copy, the copy's
    // input is the tensor of that name (a view the log does not print becomes a leaf).
    status add_copies() {
        for (std::size_t si = 0; si < m_log.splits.size(); ++si) {
            const auto& split = m_log.splits[si];
            sched_split& out = m_out.plan.splits[si];
            for (const auto& in : split.inputs) {
                const std::string cut_input = in.name.substr(0, 20);
                tensor_id original;
                if (const auto it = m_latest.find(cut_input); it != m_latest.end()) original = it->second;
                else original = source({cut_input, in.size, split.backend, ""});
                tensor copy = sized(std::string(split.backend).append("#").append(in.name).append("#0").substr(0, max_name), in.size);
                const tensor_id copy_id = m_out.doc.ctx.add(std::move(copy));
                decide(copy_id, split.backend, "4.cpy");
                out.inputs.push_back({original, copy_id, in.name, static_cast<std::size_t>(ggml2026::sched_log_bytes(in.size).value_or(0)), {}});
                m_copy_of[{si, m_out.doc.ctx[copy_id].name.substr(0, 20)}] = copy_id;
            }
        }
        for (const pending_copy& p : m_pending) {
            // A copy is made once per (tensor, backend): a later split of that backend reads it too.
            tensor_id copy;
            for (std::size_t s = p.split + 1; s-- > 0 && !copy.valid();)
                if (const auto it = m_copy_of.find({s, p.src.name}); it != m_copy_of.end()) copy = it->second;
            if (!copy.valid())
                return error{"node '" + printable(m_out.doc.ctx[m_out.doc.g.nodes[p.node]].name) + "' reads the copy '" +
                             printable(p.src.name) + "', which no split lists as its input"};
            m_out.doc.ctx[m_out.doc.g.nodes[p.node]].src[p.slot] = copy;
        }
        return success();
    }

    // Weights and the KV cache in a buffer of their logged backend, one after another (a log
    // shows no offsets); the other leafs are inputs the allocator places.
    void place_leafs() {
        std::map<std::pair<int, bool>, buffer_id> buffer_of;
        for (tensor_id id : m_out.doc.g.leafs) {
            tensor& t = m_out.doc.ctx[id];
            const auto kind = classify_llama_leaf(t.name);
            const int b = m_out.plan.backend(id);
            if (kind == llama_leaf::input || b < 0) {
                t.flags = t.flags | tensor_flag::input;
                continue;
            }
            const bool weights = kind == llama_leaf::weight;
            auto [it, fresh] = buffer_of.try_emplace({b, weights}, buffer_id{m_out.doc.buffers.size()});
            const std::string& backend = m_names[static_cast<std::size_t>(b)];
            if (fresh) m_out.doc.buffers.push_back({backend + (weights ? " weights" : " kv cache"), backend, 0, 64});
            buffer_desc& buf = m_out.doc.buffers[it->second.index()];
            t.where = placement{it->second, buf.size};
            buf.size += (nbytes(t) + 63) / 64 * 64;
        }
    }

    void build_split_graph() {
        graph& g = m_out.plan.split_graph;
        for (const sched_split& s : m_out.plan.splits) {
            for (const sched_input& in : s.inputs) g.nodes.push_back(in.copy);
            for (std::size_t i = s.i_start; i < s.i_end; ++i) g.nodes.push_back(m_out.doc.g.nodes[i]);
        }
        g.leafs = m_out.doc.g.leafs;
    }

    const ggml2026::sched_log_assignment& m_log;
    std::vector<std::string> m_names;
    sched_log_document m_out;
    std::map<std::string, tensor_id> m_latest;
    std::map<std::pair<std::size_t, std::string>, tensor_id> m_copy_of;
    std::vector<pending_copy> m_pending;
    std::map<std::string, std::size_t> m_unknown_ops;
};

} // namespace

result<sched_log_document> document_from_sched_log(const ggml2026::sched_log_assignment& a, std::string name) {
    return log_document_builder(a, std::move(name)).build();
}

result<sched_log_document> open_sched_log_document(const std::filesystem::path& path) {
    auto text = read_file_bounded(path, ggml2026::max_sched_log_bytes, "GGML_SCHED_DEBUG log");
    if (!text) return text.err();
    const std::string file = printable(path.string());
    auto log = ggml2026::parse_sched_debug_log(*text);
    if (!log) return error{file + ": " + log.err().message};
    auto doc = document_from_sched_log(log->assignments.back(), path.filename().string());
    if (!doc) return error{file + ": " + doc.err().message};
    return doc;
}

bool is_sched_log_path(std::string_view source) { return source.ends_with(".log"); }

} // namespace planscope
