// Planscope's ggml 2026 planner (alloc/ggml2026/graph_planner.h) against ggml's own
// ggml_gallocr_reserve + ggml_gallocr_alloc_graph on the llama timing graphs: the buffer size and
// every tensor's offset, read back from the data pointers ggml set.
#include "alloc/ggml2026/graph_planner.h"
#include "compare_ggml.h"
#include "ggml_graph_translate.h"
#include "llama_timing_graph.h"

#include <ggml-alloc.h>
#include <ggml-cpu.h>

#include <cstdio>
#include <stdexcept>

namespace compare_ggml {

void print_planner_2026_check() {
    using namespace planscope;
    std::printf("\nggml 2026 planner (Planscope's) against ggml_gallocr of %s\n", PLANSCOPE_GGML_NAME);
    for (const int n_layer : {32, 80}) {
        const graph_fixture proto = llama_timing_graph(n_layer);
        ggml_backend_buffer_type_t buft = ggml_backend_cpu_buffer_type();
        ggml_translation tr;
        try {
            tr = translate_to_ggml(proto.ctx, proto.g);
        } catch (const std::runtime_error& e) {
            std::printf("llama%d: %s\n", n_layer, e.what());
            continue;
        }
        ggml_gallocr_ptr galloc(ggml_gallocr_new(buft));
        if (!ggml_gallocr_reserve(galloc.get(), tr.graph) || !ggml_gallocr_alloc_graph(galloc.get(), tr.graph)) {
            std::printf("llama%d: ggml_gallocr failed\n", n_layer);
            continue;
        }
        // SCALE's factor is a leaf in Planscope (ggml 2023) and a float in today's ggml: taken as
        // placed already, so that both plan the same tensors.
        context ctx = proto.ctx;
        std::size_t absent = 0;
        for (std::size_t i = 0; i < ctx.size(); ++i) {
            tensor& t = ctx[tensor_id{i}];
            const auto it = tr.tensors.find(tensor_id{i});
            if (!t.where && !t.is_view() && (it == tr.tensors.end() || !it->second->buffer)) {
                t.where = placement{buffer_id{1}, 0};
                ++absent;
            }
        }
        const ggml2026::buffer_type_info type{ggml_backend_buft_get_alignment(buft), ggml_backend_buft_get_max_size(buft), -1, {}};
        auto plan = ggml2026::reserve(ctx, proto.g, std::span(&type, 1));
        if (!plan) {
            std::printf("llama%d: %s\n", n_layer, plan.err().message.c_str());
            continue;
        }
        std::size_t placed = 0, same = 0;
        for (std::size_t i = 0; i < ctx.size(); ++i) {
            const auto& where = plan->where[i];
            if (!where) continue;
            ++placed;
            const ggml_tensor* t = tr.tensors.at(tensor_id{i});
            const auto offset = static_cast<std::uint64_t>(static_cast<const char*>(t->data) -
                                                           static_cast<const char*>(ggml_backend_buffer_get_base(t->buffer)));
            if (offset == where->addr.offset && where->addr.chunk == 0) ++same;
            else if (placed - same == 1)
                std::printf("llama%d: first difference: '%s' at %llu, ggml %llu\n", n_layer, ctx[tensor_id{i}].name.c_str(),
                            static_cast<unsigned long long>(where->addr.offset), static_cast<unsigned long long>(offset));
        }
        std::printf("llama%d: %zu bytes, ggml %zu; %zu of %zu tensor offsets equal (%zu not in ggml's graph)\n", n_layer,
                    plan->buffer_size(0), ggml_gallocr_get_buffer_size(galloc.get(), 0), same, placed, absent);
    }
}

} // namespace compare_ggml
