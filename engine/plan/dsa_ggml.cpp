#include "dsa_ggml.h"

#include "alloc/tensor_allocator.h"

#include <algorithm>

namespace planscope {

result<dsa_offsets> plan_ggml_online(const dsa_problem& p) {
    // One i8 tensor per buffer: its nbytes is the buffer's size.
    context ctx;
    for (const dsa_buffer& b : p.buffers) {
        // A tensor's extent is a signed 64-bit count.
        if (b.size > static_cast<std::uint64_t>(INT64_MAX))
            return error{"ggml's allocator: buffer " + std::to_string(b.id) + " of " + std::to_string(b.size) +
                         " bytes is larger than a ggml tensor can be (" + std::to_string(INT64_MAX) + " bytes)"};
        tensor t;
        t.name = "buffer " + std::to_string(b.id);
        t.type = dtype::i8;
        t.ne = {static_cast<std::int64_t>(b.size), 1, 1, 1};
        t.nb = contiguous_strides(t.type, t.ne);
        ctx.add(std::move(t));
    }
    auto alloc = tensor_allocator::create_measure(
        std::make_shared<plain_buffer>(buffer_id{0}, measure_base, measure_capacity, p.alignment));
    if (!alloc) return alloc.err();

    struct boundary {
        std::uint64_t time;
        bool start;
        std::uint32_t index;
    };
    std::vector<boundary> events;
    for (std::uint32_t i = 0; i < p.buffers.size(); ++i) {
        if (p.buffers[i].size == 0 || p.buffers[i].upper <= p.buffers[i].lower) continue; // takes no room
        events.push_back({p.buffers[i].lower, true, i});
        events.push_back({p.buffers[i].upper, false, i});
    }
    std::stable_sort(events.begin(), events.end(), [](const boundary& a, const boundary& b) {
        return a.time != b.time ? a.time < b.time : a.start < b.start;
    });
    for (const boundary& e : events) {
        const tensor_id id{e.index};
        if (auto s = e.start ? alloc->alloc(ctx, id) : alloc->free_tensor(ctx, id); !s)
            return error{"ggml's allocator: " + s.err().message};
    }
    dsa_offsets offsets(p.buffers.size(), 0);
    for (std::uint32_t i = 0; i < p.buffers.size(); ++i)
        if (const auto& where = ctx[tensor_id{i}].where) offsets[i] = where->offset;
    return offsets;
}

} // namespace planscope
