#include "sched.h"

#include "alloc/plan.h"

#include <algorithm>

namespace planscope {

std::vector<std::string> display_names(std::span<backend* const> backends) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < backends.size(); ++i) {
        std::string n(backends[i]->name());
        if (std::any_of(backends.begin(), backends.begin() + static_cast<std::ptrdiff_t>(i),
                        [&](backend* b) { return b->name() == backends[i]->name(); }))
            n += std::to_string(i); // two CPU instances: "CPU", "CPU1"
        out.push_back(std::move(n));
    }
    return out;
}

std::vector<bool> remote_backends(std::span<backend* const> backends) {
    std::vector<bool> out;
    for (backend* b : backends) out.push_back(b->remote());
    return out;
}

buffer_backend_fn buffer_backend_of_table(const buffer_table& table, std::span<backend* const> backends) {
    std::vector<backend*> list(backends.begin(), backends.end());
    return [&table, list](buffer_id id) -> result<int> {
        const backend_buffer* buf = table.find(id);
        if (!buf) return error{"buffer " + std::to_string(id.value) + " is not registered"};
        const auto it = std::find(list.begin(), list.end(), &buf->owner());
        if (it == list.end())
            return error{"buffer " + std::to_string(id.value) + " belongs to backend " +
                         std::string(buf->owner().name()) + ", which the scheduler does not have"};
        return static_cast<int>(it - list.begin());
    };
}

buffer_backend_fn buffer_backend_of_document(const graph_document& doc, const std::vector<std::string>& names) {
    std::vector<std::string> by_buffer;
    for (const buffer_desc& b : doc.buffers) by_buffer.push_back(b.backend);
    return [by_buffer, names](buffer_id id) -> result<int> {
        if (id.index() >= by_buffer.size()) return error{"buffer " + std::to_string(id.value) + " does not exist"};
        const std::string& want = by_buffer[id.index()];
        for (std::size_t i = 0; i < names.size(); ++i)
            if (names[i] == want) return static_cast<int>(i);
        for (std::size_t i = 0; i < names.size(); ++i)
            if (names[i] != "CPU") return static_cast<int>(i);
        return names.size() > 1 ? 1 : 0;
    };
}

std::vector<std::string> buffer_backend_names(const graph_document& doc, const std::vector<std::string>& names) {
    const buffer_backend_fn by_name = buffer_backend_of_document(doc, names);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < doc.buffers.size(); ++i) {
        const auto b = by_name(buffer_id{i});
        const bool known = b && *b >= 0 && static_cast<std::size_t>(*b) < names.size();
        out.push_back(known ? names[static_cast<std::size_t>(*b)] : doc.buffers[i].backend);
    }
    return out;
}

result<std::unique_ptr<scheduler>> scheduler::create(std::vector<backend*> backends, buffer_table& table,
                                                     buffer_id first_buffer, buffer_backend_fn external) {
    if (backends.empty()) return error{"the scheduler needs at least one backend"};
    // Fix 3: the seed asserts n_backends <= GGML_MAX_BACKENDS.
    if (backends.size() > sched_max_backends)
        return error{std::to_string(backends.size()) + " backends given, the scheduler takes at most " +
                     std::to_string(sched_max_backends)};
    std::unique_ptr<scheduler> s(new scheduler());
    s->m_table = &table;
    s->m_first = first_buffer;
    s->m_external = std::move(external);
    for (std::size_t i = 0; i < backends.size(); ++i)
        if (!backends[i]) return error{"backend " + std::to_string(i) + " is null"};
    s->m_names = display_names(backends);
    for (std::size_t i = 0; i < backends.size(); ++i) {
        // ggml_tallocr_new_measure_from_backend: a 1-byte buffer gives the alignment and alloc sizes.
        auto buf = backends[i]->alloc_buffer(buffer_id{first_buffer.value + static_cast<std::uint32_t>(i)}, 1);
        if (!buf) return error{s->m_names.back() + ": " + buf.err().message};
        auto alloc = tensor_allocator::create_measure(*buf);
        if (!alloc) return alloc.err();
        s->m_buffers.push_back(*buf);
        s->m_allocs.push_back(std::move(*alloc));
    }
    s->m_backends = std::move(backends);
    return s;
}

int scheduler::backend_index(const backend& b) const {
    for (std::size_t i = 0; i < m_backends.size(); ++i)
        if (m_backends[i] == &b) return static_cast<int>(i);
    return -1;
}

std::vector<sched_buffer_info> scheduler::buffers() const {
    std::vector<sched_buffer_info> out;
    for (std::size_t i = 0; i < m_allocs.size(); ++i)
        out.push_back({static_cast<int>(i), m_allocs[i].buffer(), m_measured ? m_measured_sizes[i] : m_allocs[i].max_size(),
                       m_measured ? m_buffers[i]->size() : 0, !m_measured,
                       m_measured ? m_measured_free[i] : free_list_within(m_allocs[i].free_blocks(), m_allocs[i].max_size())});
    return out;
}

status scheduler::set_node_backend(tensor_id node, int b) {
    if (b < 0 || b >= n_backends())
        return error{"backend " + std::to_string(b) + " does not exist; the scheduler has " +
                     std::to_string(n_backends())};
    m_user[node] = b;
    m_observer ? m_observer->on_event(sched_events::assign{node, b, sched_pass::user, "usr"}) : void();
    return success();
}

void scheduler::set_alloc_observer(alloc_observer* observer) {
    m_alloc_observer = observer;
    m_galloc.set_observer(observer);
    for (tensor_allocator& a : m_allocs) a.set_observer(observer);
}

split_config scheduler::config() {
    split_config c;
    c.backend_names = m_names;
    const buffer_id first = m_first;
    const std::size_t n = m_backends.size();
    c.buffer_backend = [this, first, n](buffer_id id) -> result<int> {
        if (id.value >= first.value && id.value < first.value + n) return static_cast<int>(id.value - first.value);
        if (!m_external) return error{"buffer " + std::to_string(id.value) + " is not a scheduler buffer"};
        return m_external(id);
    };
    c.supports = [this](int b, const context& ctx, const tensor& t) {
        return m_backends[static_cast<std::size_t>(b)]->supports_op(ctx, t);
    };
    c.user = &m_user;
    c.observer = m_observer;
    if (m_measured) c.hash_capacity = m_hash_capacity;
    return c;
}

result<const sched_plan*> scheduler::split(context& ctx, const graph& g) {
    auto plan = split_graph(ctx, g, config());
    if (!plan) return plan.err();
    m_plan = std::move(*plan);
    m_plan.backend_remote = remote_backends(m_backends);
    m_split_graph = &g;
    return &m_plan;
}

// sched_alloc_splits: the graph allocator in per-node allocator mode over the split graph.
status scheduler::alloc_splits(context& ctx) {
    return m_galloc.alloc_graph_n(ctx, m_plan.split_graph, [this](tensor_id id) -> tensor_allocator* {
        const int b = m_plan.backend(id);
        return b < 0 ? nullptr : &m_allocs[static_cast<std::size_t>(b)];
    });
}

void scheduler::reset() {
    for (tensor_allocator& a : m_allocs) a.reset();
}

status scheduler::init_measure(context& ctx, const graph& g) {
    if (m_measured) return error{"init_measure was already called"};
    // The seed's hash set: the measure graph's tensors plus room for every possible copy.
    const std::size_t capacity = g.nodes.size() + g.leafs.size() + sched_max_splits * sched_max_split_inputs;
    if (auto p = split(ctx, g); !p) return p.err();
    if (auto s = alloc_splits(ctx); !s) return s;
    if (m_observer)
        for (std::size_t i = 0; i < m_allocs.size(); ++i)
            m_observer->on_event(sched_events::buffer_created{static_cast<int>(i), m_allocs[i].buffer(),
                                                              m_allocs[i].max_size(), true});
    std::vector<std::shared_ptr<backend_buffer>> buffers;
    std::vector<tensor_allocator> allocs;
    for (std::size_t i = 0; i < m_backends.size(); ++i) {
        const std::size_t size = m_allocs[i].max_size();
        auto buf = m_backends[i]->alloc_buffer(m_allocs[i].buffer(), size);
        if (!buf) return error{m_names[i] + ": a compute buffer of " + std::to_string(size) + " bytes: " +
                               buf.err().message};
        auto alloc = tensor_allocator::create(*buf);
        if (!alloc) return alloc.err();
        buffers.push_back(*buf);
        allocs.push_back(std::move(*alloc));
    }
    for (std::size_t i = 0; i < buffers.size(); ++i) {
        m_table->remove(buffers[i]->id());
        if (auto s = m_table->add(buffers[i]); !s) return s;
        if (m_observer)
            m_observer->on_event(sched_events::buffer_created{static_cast<int>(i), buffers[i]->id(),
                                                              m_allocs[i].max_size(), false, buffers[i]->size()});
    }
    m_measured_sizes.clear();
    m_measured_free.clear();
    for (const tensor_allocator& a : m_allocs) {
        m_measured_sizes.push_back(a.max_size());
        m_measured_free.push_back(free_list_within(a.free_blocks(), a.max_size()));
    }
    m_buffers = std::move(buffers);
    m_allocs = std::move(allocs);
    if (m_alloc_observer)
        for (tensor_allocator& a : m_allocs) a.set_observer(m_alloc_observer);
    m_hash_capacity = capacity;
    m_measured = true;
    reset();
    return success();
}

status scheduler::graph_compute(context& ctx, const graph& g) {
    if (!m_measured) return error{"graph_compute before init_measure: the scheduler has no buffers yet"};
    // Fix 3: the seed asserts that its hash set holds this graph plus every possible copy.
    const std::size_t room = sched_max_splits * sched_max_split_inputs;
    if (g.nodes.size() + g.leafs.size() + room > m_hash_capacity)
        return error{"the graph has " + std::to_string(g.nodes.size() + g.leafs.size()) +
                     " tensors; init_measure sized the scheduler for " + std::to_string(m_hash_capacity - room)};
    m_timings.clear();
    auto p = split(ctx, g);
    status s = p ? alloc_splits(ctx) : status(p.err());
    if (s) s = compute_splits(ctx);
    reset();
    return s;
}

std::vector<sched_backend_totals> split_totals(std::span<const sched_split_timing> timings, std::size_t n_backends) {
    std::vector<sched_backend_totals> out(n_backends);
    for (const sched_split_timing& t : timings) {
        if (t.backend < 0 || static_cast<std::size_t>(t.backend) >= n_backends) continue;
        sched_backend_totals& b = out[static_cast<std::size_t>(t.backend)];
        b.copy_us += t.copy_us;
        b.compute_us += t.compute_us;
        b.bytes_copied += t.bytes_copied;
        b.n_splits += 1;
    }
    return out;
}

std::vector<sched_backend_totals> scheduler::totals() const { return split_totals(m_timings, m_backends.size()); }

} // namespace planscope
