#pragma once
// ggml_backend_tensor_copy: copies a tensor's bytes into a tensor of the same layout, possibly of
// another backend.
#include "backend.h"

namespace planscope {

// In the seed's order: the destination backend's copy_tensor_from, else the source backend's
// copy_tensor_to, else get into host memory and set. Fails for different layouts (type, ne, nb)
// and for tensors that do not resolve; copying a tensor onto its own bytes does nothing.
status tensor_copy(const buffer_table& buffers, const tensor& src, const tensor& dst);

} // namespace planscope
