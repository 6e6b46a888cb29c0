#include "document.h"

namespace planscope {

graph_document copy_document(const graph_document& doc) {
    graph_document copy;
    copy.name = doc.name;
    copy.ctx = doc.ctx;
    copy.g = doc.g;
    copy.buffers = doc.buffers;
    copy.compute_inputs = doc.compute_inputs;
    copy.parse_seq = doc.parse_seq;
    copy.backend_of = doc.backend_of;
    return copy;
}

} // namespace planscope
