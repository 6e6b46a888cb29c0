#include "rpc_backend.h"

#include "rpc_buffer.h"
#include "rpc_codec.h"
#include "rpc_reply.h"
#include "rpc_translate.h"

#include "core/summary.h"

#include <algorithm>
#include <array>
#include <limits>
#include <unordered_set>

namespace planscope::rpc {
namespace {

const rpc_buffer* rpc_buffer_of(const bound_tensor& t) { return dynamic_cast<const rpc_buffer*>(t.buffer); }

// The server address of a bound tensor's first byte: the buffer's base plus the tensor's offset.
std::uint64_t address_of(const bound_tensor& t) {
    return reinterpret_cast<std::uintptr_t>(t.buffer->data()) + t.desc->where->offset;
}

result<wire_tensor> transfer_tensor(const bound_tensor& t) {
    return wire_layout(*t.desc, rpc_buffer_of(t)->remote_ptr(), address_of(t));
}

class rpc_graph_plan final : public graph_plan {
public:
    const rpc_backend* owner = nullptr;
    bytes message; // empty: no nodes
};

} // namespace

result<std::unique_ptr<rpc_backend>> rpc_backend::connect(const endpoint& where, const connection_options& options) {
    auto link = connection::open(where, options);
    if (!link) return link.err();
    std::unique_ptr<rpc_backend> b(new rpc_backend());
    b->m_link = std::move(*link);
    b->m_name = "RPC0[" + where.text() + "]";
    const auto fail = [&](command cmd, const error& e) {
        return error{"rpc " + where.text() + ": " + e.message + " during " + std::string(command_name(cmd))};
    };
    std::array<std::uint8_t, u64_reply_size> u64{};
    if (auto s = b->m_link->call(command::get_alignment, device_request(0), u64); !s) return s.err();
    auto alignment = parse_alignment(u64);
    if (!alignment) return fail(command::get_alignment, alignment.err());
    b->m_alignment = static_cast<std::size_t>(*alignment);
    if (auto s = b->m_link->call(command::get_max_size, device_request(0), u64); !s) return s.err();
    auto max_size = parse_u64(command::get_max_size, u64);
    if (!max_size) return fail(command::get_max_size, max_size.err());
    b->m_max_size = *max_size;
    std::array<std::uint8_t, device_memory_reply_size> mem{};
    if (auto s = b->m_link->call(command::get_device_memory, device_request(0), mem); !s) return s.err();
    auto memory = parse_device_memory(mem);
    if (!memory) return fail(command::get_device_memory, memory.err());
    b->m_memory = {memory->free, memory->total};
    return b;
}

result<std::shared_ptr<backend_buffer>> rpc_backend::alloc_buffer(buffer_id id, std::size_t size) {
    const std::string what = "rpc " + where().text() + ": buffer " + std::to_string(id.value) + " of " +
                             std::to_string(size) + " bytes";
    if (size > m_max_size)
        return error{what + " exceeds the server's largest buffer (" + std::to_string(m_max_size) + " bytes)"};
    std::array<std::uint8_t, alloc_buffer_reply_size> reply{};
    if (auto s = m_link->call(command::alloc_buffer, alloc_buffer_request(0, size), reply); !s) return s.err();
    auto made = parse_alloc_buffer(reply);
    if (!made) return error{what + ": " + made.err().message};
    if (made->remote_ptr == 0) return error{what + ": the server could not allocate it"};
    // From here the server holds the buffer: a failure below frees it again.
    const auto refuse = [&](const std::string& why) -> error {
        (void)m_link->call(command::free_buffer, remote_ptr_request(made->remote_ptr), {});
        return error{what + ": " + why};
    };
    if (made->remote_size < size)
        return refuse("the server allocated only " + std::to_string(made->remote_size) + " bytes");
    std::array<std::uint8_t, u64_reply_size> base_reply{};
    if (auto s = m_link->call(command::buffer_get_base, remote_ptr_request(made->remote_ptr), base_reply); !s)
        return s.err();
    auto base = parse_u64(command::buffer_get_base, base_reply);
    if (!base) return refuse(base.err().message);
    if (*base == 0 || *base % m_alignment != 0 || *base > std::numeric_limits<std::uintptr_t>::max() - size)
        return refuse("the server's base address " + std::to_string(*base) + " is null, misaligned or too high");
    return std::shared_ptr<backend_buffer>(
        std::make_shared<rpc_buffer>(*this, id, size, m_link, made->remote_ptr, *base));
}

status rpc_backend::set_tensor_async(const bound_tensor& t, const void* data, std::size_t offset, std::size_t size) {
    if (size == 0) return success();
    auto w = transfer_tensor(t);
    if (!w) return w.err();
    const auto* p = static_cast<const std::uint8_t*>(data);
    return m_link->send(command::set_tensor, set_tensor_header(*w, offset), {p, size});
}

status rpc_backend::get_tensor_async(const bound_tensor& t, void* data, std::size_t offset, std::size_t size) {
    auto w = transfer_tensor(t);
    if (!w) return w.err();
    auto* p = static_cast<std::uint8_t*>(data);
    // In pieces of at most max_reply_size: no reply is longer than that.
    for (std::size_t done = 0; done < size;) {
        const std::size_t n = std::min(size - done, max_reply_size);
        if (auto s = m_link->call(command::get_tensor, get_tensor_request(*w, offset + done, n), {p + done, n}); !s)
            return s;
        done += n;
    }
    return success();
}

status rpc_backend::synchronize() { return m_link->confirm(); }

copy_outcome rpc_backend::copy_tensor_from(const bound_tensor& src, const bound_tensor& dst) {
    if (src.buffer->host_visible()) return set_tensor_async(dst, src.data(), 0, nbytes(*src.desc));
    const rpc_buffer* from = rpc_buffer_of(src);
    if (!from || &from->owner() != this) return std::nullopt;
    auto s = transfer_tensor(src);
    if (!s) return s.err();
    auto d = transfer_tensor(dst);
    if (!d) return d.err();
    std::array<std::uint8_t, copy_tensor_reply_size> reply{};
    if (auto st = m_link->call(command::copy_tensor, copy_tensor_request(*s, *d), reply); !st) return st;
    auto copied = parse_copy_result(reply);
    if (!copied) return error{"rpc " + where().text() + ": " + copied.err().message};
    if (!*copied) return std::nullopt; // the server's backend could not: through host memory then
    return success();
}

copy_outcome rpc_backend::copy_tensor_to(const bound_tensor& src, const bound_tensor& dst) {
    if (!dst.buffer->host_visible()) return std::nullopt;
    return get_tensor_async(src, dst.data(), 0, nbytes(*src.desc));
}

result<std::unique_ptr<graph_plan>> rpc_backend::graph_plan_create(const placed_graph& pg) {
    auto plan = std::make_unique<rpc_graph_plan>();
    plan->owner = this;
    if (pg.g.nodes.empty()) return std::unique_ptr<graph_plan>(std::move(plan));
    const std::unordered_set<tensor_id> nodes(pg.g.nodes.begin(), pg.g.nodes.end());
    std::unordered_set<tensor_id> visited;
    std::vector<wire_tensor> tensors;
    // ggml-rpc's add_tensor: sources and view sources first, each tensor once.
    const auto add = [&](auto&& self, tensor_id id) -> status {
        if (!id.valid() || !visited.insert(id).second) return success();
        if (!pg.ctx.contains(id)) return error{"tensor " + std::to_string(id.value) + " does not exist"};
        const tensor& t = pg.ctx[id];
        // A tensor without an op is data (the scheduler's input copies keep their origin as src0).
        if (t.op != op_kind::none)
            for (tensor_id s : t.src)
                if (auto st = self(self, s); !st) return st;
        if (auto st = self(self, t.view_src); !st) return st;
        auto bound = pg.buffers.bind(t);
        if (!bound) return error{std::string(name()) + ": '" + t.name + "': " + bound.err().message};
        const rpc_buffer* b = rpc_buffer_of(*bound);
        if (!b || &b->owner() != this)
            return error{"tensor '" + t.name + "' is in a buffer of " + std::string(bound->owner().name()) +
                         ", not of " + std::string(name())};
        auto w = to_wire(pg.ctx, id, b->remote_ptr(), address_of(*bound), nodes.contains(id));
        if (!w) return error{std::string(name()) + ": " + w.err().message};
        tensors.push_back(std::move(*w));
        return success();
    };
    std::vector<std::uint64_t> ids;
    ids.reserve(pg.g.nodes.size());
    for (tensor_id id : pg.g.nodes) {
        // Nothing to compute (ggml's empty ops): a view op in a split may even view another
        // backend's tensor. Those a node reads come in as its sources.
        if (pg.ctx.contains(id) && (pg.ctx[id].op == op_kind::none || info(pg.ctx[id].op).view_op)) continue;
        if (auto s = add(add, id); !s) return s.err();
        ids.push_back(std::uint64_t{id.value} + 1);
    }
    if (ids.empty()) return std::unique_ptr<graph_plan>(std::move(plan));
    plan->message = graph_request(0, ids, tensors);
    return std::unique_ptr<graph_plan>(std::move(plan));
}

status rpc_backend::graph_plan_compute(graph_plan& plan) {
    auto* p = dynamic_cast<rpc_graph_plan*>(&plan);
    if (!p || p->owner != this) return error{std::string(name()) + ": the plan was made by another backend"};
    if (p->message.empty()) return success();
    if (auto s = m_link->send(command::graph_compute, p->message); !s) return s;
    return m_link->confirm();
}

status rpc_backend::graph_compute(const placed_graph& pg) {
    auto plan = graph_plan_create(pg);
    if (!plan) return plan.err();
    return graph_plan_compute(**plan);
}

bool rpc_backend::supports_op(const context& ctx, const tensor& op) const {
    return translate_op(op) && wire_layout(op, 0, 0) && m_reference.supports_op(ctx, op);
}

result<std::unique_ptr<backend>> make_rpc_backend(std::string_view endpoint_text, const connection_options& options) {
    auto where = parse_endpoint(endpoint_text);
    if (!where) return where.err();
    auto b = rpc_backend::connect(*where, options);
    if (!b) return b.err();
    return std::unique_ptr<backend>(std::move(*b));
}

bool is_rpc(const backend& b) { return dynamic_cast<const rpc_backend*>(&b) != nullptr; }

std::string rpc_device_description(const backend& b) {
    const auto* r = dynamic_cast<const rpc_backend*>(&b);
    if (!r) return {};
    return r->where().text() + ", " + human_bytes(r->memory().free) + " free of " + human_bytes(r->memory().total);
}

} // namespace planscope::rpc
