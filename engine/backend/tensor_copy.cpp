#include "tensor_copy.h"

#include <vector>

namespace planscope {
namespace {

std::string layout_string(const tensor& t) {
    std::string s = std::string(type_name(t.type)) + " " + shape_string(t.ne) + " nb [";
    for (int i = 0; i < max_dims; ++i) s += (i ? ", " : "") + std::to_string(t.nb[i]);
    return s + "]";
}

} // namespace

status tensor_copy(const buffer_table& buffers, const tensor& src, const tensor& dst) {
    if (!same_layout(src, dst))
        return error{"cannot copy tensors with different layouts: '" + src.name + "' is " + layout_string(src) +
                     ", '" + dst.name + "' is " + layout_string(dst)};
    auto s = buffers.bind(src);
    if (!s) return s.err();
    auto d = buffers.bind(dst);
    if (!d) return d.err();
    // The seed's src == dst: the same bytes.
    if (s->buffer == d->buffer && src.where->offset == dst.where->offset) return success();

    if (auto done = d->owner().copy_tensor_from(*s, *d)) return *done;
    if (auto done = s->owner().copy_tensor_to(*s, *d)) return *done;
    // Neither backend copies directly: through host memory.
    std::vector<std::byte> host(nbytes(src));
    if (auto r = tensor_get(buffers, src, host.data(), 0, host.size()); !r) return r;
    return tensor_set(buffers, dst, host.data(), 0, host.size());
}

} // namespace planscope
