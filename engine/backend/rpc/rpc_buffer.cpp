#include "rpc_buffer.h"

#include "rpc_codec.h"

namespace planscope::rpc {

rpc_buffer::~rpc_buffer() {
    if (!m_link->broken()) (void)m_link->call(command::free_buffer, remote_ptr_request(m_remote_ptr), {});
}

} // namespace planscope::rpc
