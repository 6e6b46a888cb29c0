#pragma once
// A buffer in an rpc-server's memory: the server's ggml_backend_buffer_t (remote_ptr) and its
// base address there (buffer_get_base). data() is that real base, never dereferenced here, so
// the allocators' offsets and alignment are the server's own; bytes move through the backend.
#include "rpc_connection.h"

#include "backend/buffer.h"

#include <memory>

namespace planscope::rpc {

class rpc_buffer final : public backend_buffer {
public:
    rpc_buffer(backend& owner, buffer_id id, std::size_t size, std::shared_ptr<connection> link,
               std::uint64_t remote_ptr, std::uint64_t base)
        : backend_buffer(owner, id, size), m_link(std::move(link)), m_remote_ptr(remote_ptr), m_base(base) {}
    // free_buffer; nothing to do once the connection is gone (the server frees a client's
    // buffers when it disconnects).
    ~rpc_buffer() override;

    [[nodiscard]] std::byte* data() const override { return reinterpret_cast<std::byte*>(m_base); }
    [[nodiscard]] bool host_visible() const override { return false; }
    [[nodiscard]] std::uint64_t remote_ptr() const { return m_remote_ptr; }
    [[nodiscard]] const connection& link() const { return *m_link; }

private:
    std::shared_ptr<connection> m_link;
    std::uint64_t m_remote_ptr;
    std::uint64_t m_base;
};

} // namespace planscope::rpc
