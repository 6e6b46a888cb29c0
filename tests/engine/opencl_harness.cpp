#include "opencl_harness.h"

#include "alloc/graph_allocator.h"
#include "backend/opencl/opencl_backend.h"

#include <cstring>

namespace planscope::testing {

status backend_graph::prepare(tensor_id out) {
    if (!b.ok()) return *b.first_error();
    if (auto s = build_forward_expand(ctx, g, out); !s) return s;
    const std::size_t align = be.alignment();
    const auto bytes_of = [&](const std::vector<tensor_id>& ids) {
        std::size_t n = 2 * align;
        for (tensor_id id : ids) n += nbytes(ctx[id]) + align;
        return n;
    };
    auto inputs = be.alloc_buffer(buffer_id{0}, bytes_of(g.leafs));
    if (!inputs) return inputs.err();
    auto nodes = be.alloc_buffer(buffer_id{1}, bytes_of(g.nodes));
    if (!nodes) return nodes.err();
    if (auto s = table.add(*inputs); !s) return s;
    if (auto s = table.add(*nodes); !s) return s;
    auto leaf_alloc = tensor_allocator::create(*inputs);
    if (!leaf_alloc) return leaf_alloc.err();
    for (tensor_id id : g.leafs)
        if (auto s = leaf_alloc->alloc(ctx, id); !s) return s;
    auto node_alloc = tensor_allocator::create(*nodes);
    if (!node_alloc) return node_alloc.err();
    graph_allocator galloc;
    if (auto r = galloc.alloc_graph(ctx, g, *node_alloc); !r) return r.err();
    return success();
}

result<host_tensor> backend_graph::get(tensor_id id) const { return read_host(table, ctx[id]); }

std::vector<std::byte> leaf_bytes(const leaf_spec& spec, unsigned seed) {
    std::mt19937 rng(seed * 7919u + 17u);
    std::uniform_real_distribution<float> u(spec.lo, spec.hi);
    const std::int64_t n = spec.ne[0] * spec.ne[1] * spec.ne[2] * spec.ne[3];
    std::vector<std::byte> out;
    const auto put = [&](const void* p, std::size_t size) {
        const auto* b = static_cast<const std::byte*>(p);
        out.insert(out.end(), b, b + size);
    };
    switch (spec.type) {
    case dtype::i32:
        for (std::int64_t i = 0; i < n; ++i) put(&spec.ints[static_cast<std::size_t>(i) % spec.ints.size()], 4);
        break;
    case dtype::i64:
        for (std::int64_t i = 0; i < n; ++i) {
            const std::int64_t v = spec.ints[static_cast<std::size_t>(i) % spec.ints.size()];
            put(&v, 8);
        }
        break;
    case dtype::f16:
        for (std::int64_t i = 0; i < n; ++i) {
            const std::uint16_t h = ref_f32_to_f16(u(rng));
            put(&h, 2);
        }
        break;
    case dtype::q4_0:
    case dtype::q8_0: // a scale in [0.005, 0.05], then random quants
        for (std::int64_t blk = 0; blk < n / 32; ++blk) {
            const std::uint16_t d = ref_f32_to_f16(0.005f + 0.045f * std::abs(u(rng)));
            put(&d, 2);
            const int q_bytes = spec.type == dtype::q4_0 ? 16 : 32;
            for (int j = 0; j < q_bytes; ++j) {
                const auto q = static_cast<std::uint8_t>(rng() & 0xff);
                put(&q, 1);
            }
        }
        break;
    default:
        for (std::int64_t i = 0; i < n; ++i) {
            const float x = u(rng);
            put(&x, 4);
        }
    }
    return out;
}

result<host_tensor> run_on(backend& be, const std::vector<leaf_spec>& leafs, const graph_builder& build) {
    backend_graph bg(be);
    std::vector<tensor_id> ids;
    for (const leaf_spec& s : leafs) ids.push_back(bg.b.new_tensor(s.type, s.ne));
    const tensor_id out = build(bg.b, ids);
    if (auto s = bg.prepare(out); !s) return s.err();
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const tensor& t = bg.ctx[ids[i]];
        if (!t.where) continue; // a leaf the graph does not use
        const std::vector<std::byte> bytes = leaf_bytes(leafs[i], static_cast<unsigned>(i));
        if (auto s = tensor_set(bg.table, t, bytes.data(), 0, bytes.size()); !s) return s.err();
    }
    if (auto s = bg.compute(); !s) return s.err();
    return bg.get(out);
}

result<backend*> shared_opencl() {
    static result<std::unique_ptr<backend>> made = make_opencl_backend();
    if (!made) return made.err();
    return made->get();
}

} // namespace planscope::testing
