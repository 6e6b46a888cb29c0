#pragma once
// A backend on an rpc-server (ggml's RPC backend, protocol 4.0.1 of llama.cpp da46e59c): device 0
// of the server, its alignment, largest buffer and memory read at connect time; buffers in the
// server's memory (rpc_buffer.h), tensors set, read and copied there, graphs computed there by the
// server's ggml. Synchronous, as ggml's RPC backend: graph_compute returns when the server has
// computed the graph. Every error is one line naming the endpoint (rpc_connection.h).
#include "rpc_connection.h"

#include "backend/backend.h"
#include "backend/cpu/cpu_backend.h"

#include <memory>
#include <string>

namespace planscope::rpc {

struct device_memory {
    std::uint64_t free = 0, total = 0;
};

class rpc_backend final : public backend {
public:
    // Errors: those of connection::open, then any of the first three calls' replies.
    static result<std::unique_ptr<rpc_backend>> connect(const endpoint& where, const connection_options& options = {});

    // "RPC0[127.0.0.1:50052]", as ggml names device 0 of a server.
    [[nodiscard]] std::string_view name() const override { return m_name; }
    // Errors: more than the server's largest buffer, the server out of memory, a base address
    // that is null, misaligned or wraps around.
    result<std::shared_ptr<backend_buffer>> alloc_buffer(buffer_id id, std::size_t size) override;
    [[nodiscard]] std::size_t alignment() const override { return m_alignment; }
    // set_tensor is sent without a reply: its failure shows at the next call or synchronize().
    status set_tensor_async(const bound_tensor& t, const void* data, std::size_t offset, std::size_t size) override;
    status get_tensor_async(const bound_tensor& t, void* data, std::size_t offset, std::size_t size) override;
    // A round trip when something was sent without a reply since the last one.
    status synchronize() override;
    // From host memory, or copy_tensor between two buffers of this server; others nullopt.
    copy_outcome copy_tensor_from(const bound_tensor& src, const bound_tensor& dst) override;
    // Into host memory; others nullopt.
    copy_outcome copy_tensor_to(const bound_tensor& src, const bound_tensor& dst) override;
    // The plan is the graph_compute message: every node and what it reaches, placed.
    result<std::unique_ptr<graph_plan>> graph_plan_create(const placed_graph& pg) override;
    // Sends the message and waits for the server to finish it.
    status graph_plan_compute(graph_plan& plan) override;
    status graph_compute(const placed_graph& pg) override;
    // What the server's ggml CPU backend runs and Planscope can say in its ggml: the op translates
    // (rpc_translate.h) and Planscope's CPU backend accepts it. ggml's CPU backend supports every
    // op Planscope's does (which follows it), with the same types; the converse does not hold,
    // and nothing on the wire says what a server's device supports, so this errs on the side of
    // ops known to run. A server with a GPU device may run fewer; issue 41 leaves that for later.
    [[nodiscard]] bool supports_op(const context& ctx, const tensor& op) const override;
    // The server's memory: copies to and from it are network traffic (sched/network_traffic.h).
    [[nodiscard]] bool remote() const override { return true; }

    [[nodiscard]] const endpoint& where() const { return m_link->where(); }
    [[nodiscard]] std::uint64_t max_size() const { return m_max_size; }
    [[nodiscard]] device_memory memory() const { return m_memory; }

private:
    rpc_backend() = default;
    std::shared_ptr<connection> m_link;
    std::string m_name;
    std::size_t m_alignment = 0;
    std::uint64_t m_max_size = 0;
    device_memory m_memory;
    cpu_backend m_reference{1}; // supports_op's judge
};

// Connects to "HOST:PORT" (the text after "rpc:" in a backend list).
result<std::unique_ptr<backend>> make_rpc_backend(std::string_view endpoint_text, const connection_options& options = {});
bool is_rpc(const backend& b);
// "127.0.0.1:50052, 1.2 GiB free of 2.0 GiB" for an RPC backend; empty for others.
std::string rpc_device_description(const backend& b);

} // namespace planscope::rpc
