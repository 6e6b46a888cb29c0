#include "buffer_blocks.h"

#include "alloc/plan.h"

#include <algorithm>
#include <set>

namespace planscope::ui {
namespace {

} // namespace

std::string bufferDisplayName(const planscope::graph_document& doc, planscope::buffer_id b) {
    if (b.index() < doc.buffers.size() && !doc.buffers[b.index()].name.empty()) return doc.buffers[b.index()].name;
    // plan_graph appends the compute buffer to its own copy of the document: the next id.
    if (b.index() == doc.buffers.size()) return std::string(planscope::compute_buffer_name);
    return "buffer " + std::to_string(b.index());
}

namespace {

void addSharedRegions(const planscope::replay_state& state, const planscope::graph_document& doc, BufferStrip& strip) {
    for (const auto& [t, p] : state.placed) {
        if (p.how == planscope::placed_by::alloc || p.where.buffer != strip.buffer) continue;
        const auto owner = state.owner(t);
        const auto live = state.live_placement(t);
        if (!owner || !live) continue;
        const planscope::held_memory& h = state.held.at(*owner);
        const std::uint64_t size = doc.ctx.contains(t) ? planscope::nbytes(doc.ctx[t]) : 0;
        // Clipped to the owner's block: a view never reaches past its source.
        const std::uint64_t begin = std::max<std::uint64_t>(live->offset, h.offset);
        const std::uint64_t end = std::min<std::uint64_t>(live->offset + size, h.offset + h.size);
        strip.shared.push_back({t, *owner, p.how, begin, end > begin ? end - begin : 0});
    }
    std::sort(strip.shared.begin(), strip.shared.end(),
              [](const SharedRegion& a, const SharedRegion& b) { return a.tensor < b.tensor; });
}

} // namespace

std::vector<BufferStrip> stripsAt(const planscope::replay_state& state, const planscope::graph_document& doc) {
    std::vector<BufferStrip> out;
    for (const auto& [id, buf] : state.buffers) {
        BufferStrip strip{id, bufferDisplayName(doc, id), buf.max_size, {}, {}};
        for (const auto& [t, h] : state.held)
            if (h.buffer == id) strip.blocks.push_back({h.leaked ? BlockKind::Leaked : BlockKind::Tensor, t, h.offset, h.size});
        // A measure allocator's last block reaches to its huge capacity: only what lies below
        // the high-water mark is a hole the plan pays for.
        for (const planscope::free_block& f : buf.free_blocks) {
            if (f.offset >= buf.max_size) continue;
            strip.blocks.push_back({BlockKind::Free, {}, f.offset, std::min<std::uint64_t>(f.end(), buf.max_size) - f.offset});
        }
        std::sort(strip.blocks.begin(), strip.blocks.end(), [](const StripBlock& a, const StripBlock& b) {
            return a.offset != b.offset ? a.offset < b.offset : a.tensor < b.tensor;
        });
        addSharedRegions(state, doc, strip);
        out.push_back(std::move(strip));
    }
    return out;
}

std::vector<BufferStrip> stripsAtStep(std::span<const planscope::alloc_event> events,
                                      const planscope::graph_document& doc, std::size_t step) {
    planscope::alloc_replayer replayer(events);
    replayer.seek(step);
    return stripsAt(replayer.state(), doc);
}

std::vector<PreallocatedBuffer> preallocatedBuffers(std::span<const planscope::alloc_event> events,
                                                    const planscope::graph_document& doc) {
    std::set<planscope::buffer_id> attached;
    for (const planscope::alloc_event& e : events)
        if (const auto* a = std::get_if<planscope::events::attach>(&e)) attached.insert(a->buffer);
    std::vector<PreallocatedBuffer> out;
    for (std::size_t i = 0; i < doc.buffers.size(); ++i) {
        const planscope::buffer_id id{i};
        if (attached.contains(id)) continue;
        out.push_back({id, bufferDisplayName(doc, id), doc.buffers[i].size, 0});
    }
    for (std::size_t i = 0; i < doc.ctx.size(); ++i) {
        const auto& where = doc.ctx[planscope::tensor_id{i}].where;
        if (!where) continue;
        for (PreallocatedBuffer& b : out)
            if (b.buffer == where->buffer && !doc.ctx[planscope::tensor_id{i}].is_view()) ++b.tensors;
    }
    return out;
}

const StripBlock* blockAt(const BufferStrip& strip, std::uint64_t offset) {
    for (const StripBlock& b : strip.blocks)
        if (offset >= b.offset && offset < b.end()) return &b;
    return nullptr;
}

} // namespace planscope::ui
