#include "capture_document.h"

#include "core/printable.h"
#include "core/strings.h"
#include "sched/ggml2026/plan_backends_2026.h"
#include "sched/recorded_schedule.h"

#include <array>
#include <fstream>
#include <map>

namespace planscope {
namespace {

// ggml_unary_op of d99724f2 by number; Planscope numbers its unary ops otherwise (core/ops.h).
constexpr std::array<std::string_view, 22> ggml_unary_names{
    "ABS", "SGN", "NEG", "STEP", "TANH", "ELU", "RELU", "SIGMOID", "GELU", "GELU_QUICK", "SILU",
    "HARDSWISH", "HARDSIGMOID", "EXP", "EXPM1", "SOFTPLUS", "GELU_ERF", "XIELU", "FLOOR", "CEIL", "ROUND", "TRUNC"};

std::string tensor_label_of(const capture::graph& g, std::size_t i) {
    std::string s = "tensor " + std::to_string(i);
    if (!g.tensors[i].name.empty()) s += " '" + printable(g.tensors[i].name) + "'";
    return s;
}

class capture_builder {
public:
    capture_builder(const capture::graph& g, std::string name) : m_g(g) { m_out.doc.name = std::move(name); }

    result<capture_document> build() {
        add_buffers();
        for (std::size_t i = 0; i < m_g.tensors.size(); ++i)
            if (auto st = add_tensor(i); !st) return st.err();
        for (std::size_t i = 0; i < m_g.tensors.size(); ++i)
            if (auto st = link(i); !st) return st.err();
        for (std::size_t n : m_g.nodes) m_out.doc.g.nodes.push_back(tensor_id{n});
        for (std::size_t l : m_g.leafs) m_out.doc.g.leafs.push_back(tensor_id{l});
        if (!m_unknown_ops.empty()) {
            std::string list;
            for (const auto& [op, n] : m_unknown_ops) list.append(list.empty() ? "" : ", ").append(printable(op)).append(" (").append(std::to_string(n)).append(")");
            m_out.warnings.push_back("ops Planscope does not model are shown as NONE: " + list);
        }
        make_config();
        return std::move(m_out);
    }

private:
    // The backend a buffer belongs to: the one of its buffer type, else (host memory) the last
    // host backend, the CPU; else the buffer's own name.
    std::string backend_of_buffer(const capture::buffer& b) const {
        for (const capture::backend& be : m_g.backends)
            if (be.buffer_type == b.name) return be.name;
        if (b.host)
            for (auto it = m_g.backends.rbegin(); it != m_g.backends.rend(); ++it)
                if (it->host) return it->name;
        return b.name;
    }

    void add_buffers() {
        for (const capture::buffer& b : m_g.buffers) {
            if (b.usage == capture::buffer_usage::compute) {
                m_doc_buffer.push_back(std::nullopt);
                continue;
            }
            m_doc_buffer.push_back(buffer_id{m_out.doc.buffers.size()});
            const bool weights = b.usage == capture::buffer_usage::weights;
            // "weights..." is how the schedulers know a weights buffer (sched/ggml2026/plan_backends_2026.h).
            m_out.doc.buffers.push_back({weights ? "weights " + b.name : b.name, backend_of_buffer(b), static_cast<std::size_t>(b.size), 32});
            m_placed.push_back({{b.name, b.host}, weights});
        }
    }

    op_kind op_of(const capture::tensor& c, tensor& t) {
        if (c.op == "UNARY") {
            const std::int32_t u = c.op_params.empty() ? 0 : c.op_params[0];
            if (u >= 0 && static_cast<std::size_t>(u) < ggml_unary_names.size())
                if (const auto mine = unary_from_name(ggml_unary_names[static_cast<std::size_t>(u)])) {
                    t.params.set_i32(0, static_cast<std::int32_t>(*mine));
                    return op_kind::unary;
                }
            ++m_unknown_ops["UNARY " + std::to_string(u)];
            return op_kind::none;
        }
        if (const auto op = op_from_name(c.op)) return *op;
        ++m_unknown_ops[c.op];
        return op_kind::none;
    }

    status add_tensor(std::size_t i) {
        const capture::tensor& c = m_g.tensors[i];
        tensor t;
        t.name = c.name.substr(0, max_name);
        const auto type = dtype_from_name(c.type);
        if (!type) return error{tensor_label_of(m_g, i) + ": type '" + printable(c.type) + "' is not one Planscope knows"};
        t.type = *type;
        for (int d = 0; d < max_dims; ++d) {
            t.ne[d] = c.ne[d];
            t.nb[d] = static_cast<std::size_t>(c.nb[d]);
        }
        for (std::size_t w = 0; w < c.op_params.size() && w < static_cast<std::size_t>(max_op_params); ++w)
            t.params.set_i32(static_cast<int>(w), c.op_params[w]);
        t.op = op_of(c, t);
        t.flags = static_cast<tensor_flag>(c.flags & 7u); // input, output, param; ggml's loss flag has no use here
        if (c.buffer >= 0)
            if (const auto& b = m_doc_buffer[static_cast<std::size_t>(c.buffer)]) t.where = placement{*b, c.offset};
        m_out.doc.ctx.add(std::move(t));
        m_out.backend_of.push_back(c.backend);
        return success();
    }

    status link(std::size_t i) {
        const capture::tensor& c = m_g.tensors[i];
        tensor& t = m_out.doc.ctx[tensor_id{i}];
        for (std::size_t j = 0; j < c.src.size(); ++j) {
            // ggml_cast is a CPY whose src1 is the node itself; Planscope leaves it out (core/ops.cpp).
            if (c.src[j] < 0 || static_cast<std::size_t>(c.src[j]) == i) continue;
            if (j >= static_cast<std::size_t>(max_src))
                return error{tensor_label_of(m_g, i) + ": source " + std::to_string(j) + " is beyond the " + std::to_string(max_src) + " Planscope holds"};
            t.src[j] = tensor_id{static_cast<std::size_t>(c.src[j])};
        }
        if (c.view_src >= 0) {
            const auto root = static_cast<std::size_t>(c.view_src);
            if (root == i || m_g.tensors[root].view_src >= 0)
                return error{tensor_label_of(m_g, i) + ": its view_src " + std::to_string(root) + " is itself a view (ggml keeps the root)"};
            t.view_src = tensor_id{root};
            t.view_offs = static_cast<std::size_t>(c.view_offs);
        }
        return success();
    }

    void make_config() {
        ggml2026::sched_config_2026& c = m_out.config;
        if (!m_g.scheduler_event() || m_g.backends.empty()) return;
        for (const capture::backend& b : m_g.backends) {
            c.backend_names.push_back(b.name);
            c.bufts.push_back({b.buffer_type, b.host});
            c.reads_host.push_back(b.host); // the CPU (and BLAS) backends use any host buffer
        }
        c.buffer = [placed = m_placed](buffer_id id) -> result<ggml2026::sched_placed_buffer> {
            if (id.index() >= placed.size()) return error{"buffer " + std::to_string(id.value) + " does not exist"};
            return placed[id.index()];
        };
        c.n_copies = static_cast<int>(std::clamp<std::uint64_t>(m_g.n_copies, 1, ggml2026::sched_max_copies));
    }

    const capture::graph& m_g;
    capture_document m_out;
    std::vector<std::optional<buffer_id>> m_doc_buffer; // by captured buffer
    std::vector<ggml2026::sched_placed_buffer> m_placed; // by document buffer
    std::map<std::string, std::size_t> m_unknown_ops;
};

class capture_alloc_keeper final : public alloc_observer {
public:
    void on_event(const alloc_event& e) override { events.push_back(e); }
    std::vector<alloc_event> events;
};

// Moves every tensor with a captured compute address there; false when the record has none.
bool place_as_captured(const capture::graph& g, const capture_document& cd, sched_outcome& out) {
    std::vector<std::optional<buffer_id>> mapped(g.buffers.size());
    std::vector<bool> taken(out.doc.buffers.size(), false);
    const std::vector<int> root = ggml2026::shared_roots(cd.config.bufts);
    bool any = false;
    for (std::size_t i = 0; i < g.tensors.size(); ++i) {
        const capture::tensor& c = g.tensors[i];
        if (c.buffer < 0 || g.buffers[static_cast<std::size_t>(c.buffer)].usage != capture::buffer_usage::compute) continue;
        auto& id = mapped[static_cast<std::size_t>(c.buffer)];
        if (!id) {
            const capture::buffer& b = g.buffers[static_cast<std::size_t>(c.buffer)];
            const int be = out.plan.backend(tensor_id{i});
            const buffer_id mine = be >= 0 ? out.buffers[static_cast<std::size_t>(root[static_cast<std::size_t>(be)])].id : buffer_id{};
            if (mine.valid() && mine.index() < taken.size() && !taken[mine.index()]) {
                taken[mine.index()] = true;
                id = mine;
            } else {
                id = buffer_id{out.doc.buffers.size()};
                out.doc.buffers.push_back({b.name + " compute", be >= 0 ? out.backend_names[static_cast<std::size_t>(be)] : b.name, 0, 32});
            }
            out.doc.buffers[id->index()].size = static_cast<std::size_t>(b.size);
        }
        out.doc.ctx[tensor_id{i}].where = placement{*id, c.offset};
        any = true;
    }
    return any;
}

} // namespace

std::vector<ggml2026::buffer_type_info> capture_buffer_types(const ggml2026::sched_config_2026& config) {
    std::vector<ggml2026::buffer_type_info> types(config.bufts.size());
    const std::vector<int> root = ggml2026::shared_roots(config.bufts);
    for (std::size_t b = 0; b < types.size(); ++b) types[b].shared = root[b] == static_cast<int>(b) ? -1 : root[b];
    return types;
}

result<capture_document> document_from_capture(const capture::graph& g, std::string name, bool with_schedule) {
    auto built = capture_builder(g, std::move(name)).build();
    if (built && !g.graph_leafs && !g.leafs.empty())
        built->warnings.push_back("the leafs are the nodes' sources (the capture library could not read the graph's own "
                                  "list): a leaf no node reads is missing, and what it would take of a compute buffer");
    if (!built || !with_schedule || built->config.backend_names.empty()) return built;
    capture_document& cd = *built;
    graph_document work = copy_document(cd.doc);
    std::unordered_map<tensor_id, int> fixed;
    for (const auto& list : {std::cref(work.g.leafs), std::cref(work.g.nodes)})
        for (tensor_id id : list.get())
            if (cd.backend_of[id.index()] >= 0) fixed.emplace(id, static_cast<int>(cd.backend_of[id.index()]));
    ggml2026::sched_config_2026 config = cd.config;
    config.user = &fixed;
    sched_recorder sched;
    config.observer = &sched;
    auto plan = ggml2026::split_graph(work.ctx, work.g, config);
    if (!plan) return error{"the captured assignment: " + plan.err().message};
    // The captured backends are what the user's ggml decided, not a user's choice ("usr").
    for (sched_assignment& a : plan->assignments)
        if (a.pass == sched_pass::user) a = {a.tensor, a.backend, "", sched_pass::logged};
    for (std::size_t i = 0; i < plan->cause_of.size(); ++i)
        if (plan->cause_of[i] == "usr") plan->cause_of[i].clear();
    if (g.n_splits && plan->splits.size() != g.n_splits)
        cd.warnings.push_back("the captured scheduler made " + std::to_string(g.n_splits) + " splits; its assignment gives " +
                              std::to_string(plan->splits.size()) + ", which are shown");
    const std::vector<ggml2026::buffer_type_info> types = capture_buffer_types(config);
    capture_alloc_keeper alloc;
    auto out = ggml2026::reserve_split(std::move(work), std::move(*plan), config.backend_names, types, &alloc);
    if (!out) return error{"the captured assignment: " + out.err().message};
    auto recorded = std::make_shared<recorded_schedule>();
    recorded->origin = recorded_origin::capture;
    if (place_as_captured(g, cd, *out)) {
        out->inplace_of.clear(); // the allocator's, whose addresses were replaced
        for (sched_buffer_info& b : out->buffers) {
            b.size = b.allocated = static_cast<std::size_t>(g.backends[static_cast<std::size_t>(b.backend)].buffer_size);
            b.measure = false;
            b.free_after.clear();
        }
    } else {
        cd.warnings.push_back("the record holds no compute addresses (a reserve allocates nothing): the offsets shown are "
                              "Planscope's ggml 2026 allocator's under the captured assignment");
        recorded->alloc_events = std::move(alloc.events);
    }
    recorded->sched_events = sched.events();
    for (const capture::backend& b : g.backends) recorded->backend_devices.push_back(b.device.empty() ? b.name : b.device);
    recorded->outcome = std::move(*out);
    cd.recorded = std::move(recorded);
    return built;
}

capture_selection parse_capture_selection(std::string_view source) {
    capture_selection s{std::filesystem::path(std::string(source)), {}, {}};
    const std::size_t hash = source.rfind('#');
    if (hash == std::string_view::npos) return s;
    const std::string_view sel = source.substr(hash + 1);
    const std::size_t colon = sel.find(':');
    const auto number = [](std::string_view t) -> std::optional<std::uint64_t> {
        if (t.empty() || t.size() > 18 || t.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
        return std::stoull(std::string(t));
    };
    const auto seq = number(colon == std::string_view::npos ? sel : sel.substr(colon + 1));
    const auto run = colon == std::string_view::npos ? std::optional<std::uint64_t>(0) : number(sel.substr(0, colon));
    // A file whose name has a '#' of its own is that file.
    if (!seq || !run || std::filesystem::exists(s.path)) return s;
    return {std::filesystem::path(std::string(source.substr(0, hash))), static_cast<std::size_t>(*run), *seq};
}

bool is_capture_source(std::string_view source) {
    const capture_selection s = parse_capture_selection(source);
    const std::string path = s.path.string();
    if (path.size() > 6 && iequals(std::string_view(path).substr(path.size() - 6), ".pscap")) return true;
    if (path.starts_with("template:")) return false;
    std::ifstream in(s.path, std::ios::binary);
    if (!in) return false;
    std::string first(4096, '\0');
    in.read(first.data(), static_cast<std::streamsize>(first.size()));
    first.resize(static_cast<std::size_t>(in.gcount()));
    return capture::looks_like_capture(first);
}

result<const capture::graph*> select_capture_graph(const capture::capture_file& file, const capture_selection& s) {
    const std::size_t r = s.run.value_or(0);
    if (r >= file.runs.size())
        return error{"no run " + std::to_string(r) + " (the file has " + std::to_string(file.runs.size()) + ")"};
    if (!s.run) // the file's first graph record
        for (const capture::run& run : file.runs)
            if (!run.graphs.empty()) return &run.graphs.front();
    const auto& graphs = file.runs[r].graphs;
    if (graphs.empty()) return error{"run " + std::to_string(r) + " has no graph record"};
    if (!s.seq) return &graphs.front();
    for (const capture::graph& g : graphs)
        if (g.seq == *s.seq) return &g;
    return error{"no graph record seq " + std::to_string(*s.seq) + " in run " + std::to_string(r) + " (it has " +
                 std::to_string(graphs.front().seq) + " to " + std::to_string(graphs.back().seq) + ")"};
}

std::string capture_document_name(const capture_selection& s, const capture::graph& g) {
    return s.path.filename().string() + "#" + std::to_string(g.seq) + " " + g.event;
}

result<opened_source> open_capture_with(std::string_view source, const capture_opener& make) {
    const capture_selection s = parse_capture_selection(source);
    auto file = capture::read_capture(s.path);
    if (!file) return file.err();
    const std::string shown = printable(s.path.string());
    auto g = select_capture_graph(*file, s);
    if (!g) return error{shown + ": " + g.err().message};
    auto out = make(**g, capture_document_name(s, **g));
    if (!out) return error{shown + ": line " + std::to_string((*g)->line) + ": " + out.err().message};
    out->warnings.insert(out->warnings.begin(), file->warnings.begin(), file->warnings.end());
    return out;
}

result<opened_source> open_capture_source(std::string_view source) {
    return open_capture_with(source, [](const capture::graph& g, std::string name) -> result<opened_source> {
        auto cd = document_from_capture(g, std::move(name));
        if (!cd) return cd.err();
        opened_source out{std::move(cd->doc), {}, std::move(cd->warnings), {}, ggml_version::v2026, {}, {}};
        out.recorded = std::move(cd->recorded);
        return out;
    });
}

} // namespace planscope
