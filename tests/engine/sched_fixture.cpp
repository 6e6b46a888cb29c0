#include "sched_fixture.h"

#include "core/builder.h"

namespace planscope::test {

sched_graph make_sched_graph() {
    sched_graph s;
    context& ctx = s.doc.ctx;
    builder b(ctx);
    s.doc.buffers.push_back({"weights", "CPU", 64, 64});
    s.doc.buffers.push_back({"weights_gpu", "GPU", 64, 64});
    s.x = b.set_name(b.new_tensor_2d(dtype::f32, 4, 2), "x");
    s.w0 = b.set_name(b.new_tensor_2d(dtype::f32, 4, 4), "w0");
    s.w1 = b.set_name(b.new_tensor_2d(dtype::f32, 4, 4), "w1");
    s.bias = b.set_name(b.new_tensor_2d(dtype::f32, 4, 2), "bias");
    ctx[s.w0].where = placement{buffer_id{0}, 0};
    ctx[s.w1].where = placement{buffer_id{1}, 0};
    s.n0 = b.set_name(b.mul_mat(s.w0, s.x), "n0");
    s.n1 = b.set_name(b.rms_norm(s.n0, 1e-5f), "n1");
    s.n2 = b.set_name(b.mul_mat(s.w1, s.n1), "n2");
    s.n3 = b.set_name(b.add(s.n2, s.n1), "n3");
    s.r = b.set_name(b.reshape_2d(s.n3, 4, 2), "r");
    s.n4 = b.set_name(b.mul_mat(s.w1, s.r), "n4");
    s.n5 = b.set_name(b.add(s.n4, s.bias), "n5");
    (void)build_forward_expand(ctx, s.doc.g, s.n5);
    return s;
}

std::vector<float> fixture_values(const tensor& t, int seed) {
    std::vector<float> v(static_cast<std::size_t>(nelements(t)));
    for (std::size_t i = 0; i < v.size(); ++i)
        v[i] = static_cast<float>((static_cast<int>(i) * 7 + seed * 3) % 11 - 5) / 8.0f;
    return v;
}

} // namespace planscope::test
