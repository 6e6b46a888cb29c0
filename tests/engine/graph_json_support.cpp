#include "graph_json_support.h"

#include "core/builder.h"
#include "io/graph_json.h"

#include <QtTest>

#include <limits>

using namespace planscope;

std::string document_diff(const graph_document& a, const graph_document& b) {
    if (a.name != b.name) return "name";
    if (a.buffers.size() != b.buffers.size()) return "buffer count";
    for (std::size_t i = 0; i < a.buffers.size(); ++i) {
        const auto &x = a.buffers[i], &y = b.buffers[i];
        if (x.name != y.name || x.backend != y.backend || x.size != y.size || x.alignment != y.alignment)
            return "buffer " + std::to_string(i);
    }
    if (a.ctx.size() != b.ctx.size()) return "tensor count";
    for (std::size_t i = 0; i < a.ctx.size(); ++i) {
        const tensor &x = a.ctx[tensor_id{i}], &y = b.ctx[tensor_id{i}];
        const std::string t = "tensor " + std::to_string(i) + " ";
        if (x.name != y.name) return t + "name";
        if (x.type != y.type) return t + "type";
        if (x.ne != y.ne) return t + "ne";
        if (x.nb != y.nb) return t + "nb";
        if (x.op != y.op) return t + "op";
        if (!(x.params == y.params)) return t + "op params";
        if (x.src != y.src) return t + "src";
        if (x.view_src != y.view_src || x.view_offs != y.view_offs) return t + "view";
        if (x.flags != y.flags) return t + "flags";
        if (x.where != y.where) return t + "placement";
    }
    if (a.g.nodes != b.g.nodes) return "nodes";
    if (a.g.leafs != b.g.leafs) return "leafs";
    if (a.compute_inputs != b.compute_inputs) return "compute_inputs";
    if (a.parse_seq != b.parse_seq) return "parse_seq";
    if (a.backend_of != b.backend_of) return "assignments";
    return {};
}

void check_round_trip(const graph_document& doc) {
    const std::string text = save_graph_json(doc);
    auto back = load_graph_json(text);
    QVERIFY2(back.ok(), back.ok() ? "" : back.err().message.c_str());
    const std::string d = document_diff(doc, *back);
    QVERIFY2(d.empty(), ("differs after the round trip: " + d).c_str());
    QCOMPARE(QString::fromStdString(save_graph_json(*back)), QString::fromStdString(text));
}

graph_document feature_graph() {
    graph_document doc;
    doc.name = "features";
    doc.buffers = {{"weights", "CPU", 0, 64},
                   {"kv_cache", "OpenCL", 4096, 256},
                   {"inputs", "CPU", 1024, 32},
                   {"weights", "OpenCL", 0, 128}};
    builder b(doc.ctx);
    const auto x = b.set_flags(b.set_name(b.new_tensor_2d(dtype::f32, 32, 4), "x"), tensor_flag::input);
    const auto pos = b.set_flags(b.set_name(b.new_tensor_1d(dtype::i32, 4), "pos"), tensor_flag::input);
    const auto wq = b.set_name(b.new_tensor_2d(dtype::q8_0, 32, 32), "wq");
    const auto wk = b.set_name(b.new_tensor_2d(dtype::f16, 32, 32), "wk");
    const auto k_cache = b.set_name(b.new_tensor_1d(dtype::f16, 32 * 16), "k_cache");
    const auto scale = b.set_name(b.new_tensor_1d(dtype::f32, 1), "scale");
    const auto bias = b.set_flags(b.set_name(b.new_tensor_2d(dtype::f32, 32, 1), "bias"), tensor_flag::param);
    const auto n = b.rms_norm_inplace(x, -0.0f);
    const auto q = b.mul_mat(wq, n);
    const rope_args ra{.n_dims = 8,
                       .mode = 2,
                       .n_ctx = 512,
                       .n_orig_ctx = 4096,
                       .freq_base = 500000.0f,
                       .freq_scale = 0.25f,
                       .ext_factor = -0.0f,
                       .attn_factor = 0.1f,
                       .beta_fast = 32.5f};
    const auto qr = b.set_name(b.rope_inplace(b.reshape_3d(q, 8, 4, 4), pos, ra), "qr");
    const auto qp = b.permute(qr, 0, 2, 1, 3);
    const auto k = b.mul_mat(wk, n);
    const auto kv = b.view_2d(k_cache, 32, 4, 64, 2 * 32 * 4 * 2);
    const auto kc = b.cpy(k, kv);
    const auto kt = b.cont(b.transpose(k));
    const auto kq = b.mul_mat(b.cont(qp), b.cont(b.permute(b.reshape_3d(kt, 8, 4, 4), 0, 2, 1, 3)));
    auto sm = b.soft_max_inplace(b.diag_mask_inf_inplace(b.scale_inplace(kq, scale), 3));
    sm = b.gelu_inplace(b.norm(sm, std::numeric_limits<float>::infinity()));
    const auto sub = b.view_4d(sm, 2, 2, 2, 2, 16, 32, 64, 4);
    const auto out = b.set_flags(b.add(b.sum_rows(b.cont(sub)), b.sum(bias)), tensor_flag::output);
    b.new_tensor_3d(dtype::q4_k, 256, 2, 3); // unnamed, outside the graph
    if (!b.ok()) qFatal("feature graph: %s", b.first_error()->message.c_str());
    if (!build_forward_expand(doc.ctx, doc.g, out).ok() || !build_forward_expand(doc.ctx, doc.g, kc).ok())
        qFatal("feature graph: build_forward_expand failed");

    doc.ctx[sm].params.words[15] = 7;                                   // no named param covers word 15
    doc.ctx[n].params.words[0] = static_cast<std::int32_t>(0x7fc00001); // a NaN with a payload
    tensor leaf_view;                                                   // ggml_view_tensor of the cache
    leaf_view.name = "k_cache (view)";
    leaf_view.type = dtype::f16;
    leaf_view.ne = {32, 1, 1, 1};
    leaf_view.nb = contiguous_strides(dtype::f16, leaf_view.ne);
    leaf_view.view_src = k_cache;
    leaf_view.view_offs = 64;
    doc.ctx.add(leaf_view);

    doc.ctx[x].where = placement{buffer_id{2}, 0};
    doc.ctx[pos].where = placement{buffer_id{2}, 512};
    doc.ctx[wq].where = placement{buffer_id{0}, 0};
    doc.ctx[wk].where = placement{buffer_id{3}, 0};
    doc.ctx[k_cache].where = placement{buffer_id{1}, 1024};
    doc.parse_seq = {0, 1, -1, 3, 2};
    doc.backend_of = {{q, "CPU"}, {kc, "OpenCL"}, {x, "CPU"}};
    return doc;
}

