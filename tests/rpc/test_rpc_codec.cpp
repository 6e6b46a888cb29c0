// ggml RPC's request encoding (backend/rpc/rpc_codec.h) byte by byte, Planscope tensors as the
// server's ggml reads them (rpc_translate.h) and "HOST:PORT" endpoints. No server needed.
#include "backend/rpc/rpc_codec.h"
#include "backend/rpc/rpc_endpoint.h"
#include "backend/rpc/rpc_translate.h"
#include "core/builder.h"

#include <QtTest>

#include <bit>

using namespace planscope;
using namespace planscope::rpc;

namespace {

std::uint64_t le(const bytes& b, std::size_t at, int n) {
    std::uint64_t v = 0;
    for (int i = 0; i < n; ++i) v |= std::uint64_t{b[at + static_cast<std::size_t>(i)]} << (8 * i);
    return v;
}

wire_tensor sample() {
    wire_tensor w;
    w.id = 0x0102030405060708;
    w.type = 1;
    w.buffer = 0x1122;
    w.ne = {64, 2, 1, 1};
    w.nb = {2, 128, 256, 256};
    w.op = 29;
    w.op_params[0] = 7;
    w.op_params[15] = -1;
    w.flags = 18;
    w.src[0] = 5;
    w.src[9] = 9;
    w.view_src = 3;
    w.view_offs = 0x40;
    w.data = 0xabcdef;
    w.name = "Qcur-0";
    return w;
}

} // namespace

class test_rpc_codec : public QObject {
    Q_OBJECT

private slots:
    void tensor_is_packed_as_rpc_tensor() {
        bytes b;
        append_tensor(b, sample());
        QCOMPARE(b.size(), std::size_t{296});
        QCOMPARE(b[0], std::uint8_t{0x08});
        QCOMPARE(b[7], std::uint8_t{0x01});
        QCOMPARE(le(b, 8, 4), std::uint64_t{1});        // type
        QCOMPARE(le(b, 12, 8), std::uint64_t{0x1122});  // buffer
        QCOMPARE(le(b, 20, 4), std::uint64_t{64});      // ne[0]
        QCOMPARE(le(b, 24, 4), std::uint64_t{2});       // ne[1]
        QCOMPARE(le(b, 36, 4), std::uint64_t{2});       // nb[0]
        QCOMPARE(le(b, 40, 4), std::uint64_t{128});     // nb[1]
        QCOMPARE(le(b, 52, 4), std::uint64_t{29});      // op
        QCOMPARE(le(b, 56, 4), std::uint64_t{7});       // op_params[0]
        QCOMPARE(le(b, 116, 4), std::uint64_t{0xffffffff}); // op_params[15]
        QCOMPARE(le(b, 120, 4), std::uint64_t{18});     // flags
        QCOMPARE(le(b, 124, 8), std::uint64_t{5});      // src[0]
        QCOMPARE(le(b, 196, 8), std::uint64_t{9});      // src[9]
        QCOMPARE(le(b, 204, 8), std::uint64_t{3});      // view_src
        QCOMPARE(le(b, 212, 8), std::uint64_t{0x40});   // view_offs
        QCOMPARE(le(b, 220, 8), std::uint64_t{0xabcdef}); // data
        QCOMPARE(std::string(reinterpret_cast<const char*>(&b[228])), std::string("Qcur-0"));
        for (std::size_t i = 228 + 6; i < 296; ++i) QCOMPARE(b[i], std::uint8_t{0}); // NUL padding, padding[4]
    }

    void long_names_keep_63_bytes_and_a_nul() {
        wire_tensor w;
        w.name = std::string(70, 'x');
        bytes b;
        append_tensor(b, w);
        QCOMPARE(b.size(), std::size_t{296});
        QCOMPARE(b[228 + 62], std::uint8_t{'x'});
        QCOMPARE(b[228 + 63], std::uint8_t{0});
    }

    void graph_message_lists_nodes_then_tensors() {
        const std::vector<std::uint64_t> nodes{2};
        const std::vector<wire_tensor> tensors{sample(), sample()};
        const bytes b = graph_request(3, nodes, tensors);
        QCOMPARE(b.size(), std::size_t{4 + 4 + 8 + 4 + 2 * 296});
        QCOMPARE(le(b, 0, 4), std::uint64_t{3}); // device
        QCOMPARE(le(b, 4, 4), std::uint64_t{1}); // n_nodes
        QCOMPARE(le(b, 8, 8), std::uint64_t{2}); // the node's id
        QCOMPARE(le(b, 16, 4), std::uint64_t{2}); // n_tensors
        QCOMPARE(le(b, 20, 8), std::uint64_t{0x0102030405060708}); // the first tensor's id
        QCOMPARE(le(b, 20 + 296, 8), std::uint64_t{0x0102030405060708});
    }

    void requests_have_the_servers_sizes() {
        QCOMPARE(hello_request(), bytes(24, 0));
        QCOMPARE(device_request(0x01020304), (bytes{4, 3, 2, 1}));
        const bytes alloc = alloc_buffer_request(1, 0x100000);
        QCOMPARE(alloc.size(), std::size_t{12});
        QCOMPARE(le(alloc, 4, 8), std::uint64_t{0x100000});
        const bytes set = set_tensor_header(sample(), 12);
        QCOMPARE(set.size(), std::size_t{304});
        QCOMPARE(le(set, 296, 8), std::uint64_t{12});
        const bytes get = get_tensor_request(sample(), 16, 4096);
        QCOMPARE(get.size(), std::size_t{312});
        QCOMPARE(le(get, 296, 8), std::uint64_t{16});
        QCOMPARE(le(get, 304, 8), std::uint64_t{4096});
        QCOMPARE(copy_tensor_request(sample(), wire_tensor{}).size(), std::size_t{592});
        QCOMPARE(remote_ptr_request(0x55), (bytes{0x55, 0, 0, 0, 0, 0, 0, 0}));
    }

    void ops_take_the_numbers_of_the_servers_ggml() {
        context ctx;
        builder b(ctx);
        const tensor_id w = b.new_tensor_2d(dtype::f32, 8, 4);
        const tensor_id x = b.new_tensor_2d(dtype::f32, 8, 2);
        const tensor_id s = b.new_tensor_1d(dtype::f32, 1);
        const tensor_id mm = b.mul_mat(w, x);
        const tensor_id silu = b.silu(mm);
        const tensor_id sig = b.unary(mm, unary_kind::sigmoid);
        const tensor_id scaled = b.scale(silu, s);
        const tensor_id by = b.scale_by(silu, 0.125f);
        QVERIFY(b.ok());
        QCOMPARE(translate_op(ctx[mm])->op, std::uint32_t{29});
        QCOMPARE(translate_op(ctx[silu])->op, std::uint32_t{87});
        QCOMPARE(translate_op(ctx[silu])->params[0], 10); // GGML_UNARY_OP_SILU; Planscope's is 9
        QCOMPARE(translate_op(ctx[sig])->params[0], 7);   // GGML_UNARY_OP_SIGMOID
        QCOMPARE(translate_op(ctx[scaled])->op, std::uint32_t{7}); // 2023's SCALE by a tensor: MUL
        QCOMPARE(translate_op(ctx[scaled])->params[0], 0);
        QCOMPARE(translate_op(ctx[by])->op, std::uint32_t{32});
        QCOMPARE(translate_op(ctx[by])->params[0], std::bit_cast<std::int32_t>(0.125f));
        tensor bad = ctx[silu];
        bad.params.set_i32(0, unary_kind_count);
        QCOMPARE(translate_op(bad).err().message, std::string("unknown unary op 14"));
    }

    void tensors_carry_ids_sources_and_the_compute_flag() {
        context ctx;
        builder b(ctx);
        const tensor_id w = b.new_tensor_2d(dtype::f16, 8, 4);
        const tensor_id x = b.new_tensor_2d(dtype::f32, 8, 2);
        const tensor_id mm = b.mul_mat(w, x);
        QVERIFY(b.ok());
        auto node = to_wire(ctx, mm, 0x77, 0x10000, true);
        QVERIFY(node.ok());
        QCOMPARE(node->id, std::uint64_t{mm.value} + 1);
        QCOMPARE(node->src[0], std::uint64_t{w.value} + 1);
        QCOMPARE(node->src[1], std::uint64_t{x.value} + 1);
        QCOMPARE(node->src[2], std::uint64_t{0});
        QCOMPARE(node->flags, 16);
        QCOMPARE(node->ne[0], std::uint32_t{4});
        QCOMPARE(node->ne[1], std::uint32_t{2});
        QCOMPARE(node->nb[1], std::uint32_t{16});
        QCOMPARE(node->buffer, std::uint64_t{0x77});
        QCOMPARE(node->data, std::uint64_t{0x10000});
        auto leaf = to_wire(ctx, w, 0, 0, false);
        QCOMPARE(leaf->type, std::uint32_t{1});
        QCOMPARE(leaf->flags, 0);
        ctx[x].ne[1] = std::int64_t{1} << 32;
        QVERIFY(!to_wire(ctx, x, 0, 0, false).ok());
    }

    void endpoints_are_host_and_port() {
        auto e = parse_endpoint("127.0.0.1:50052");
        QVERIFY(e.ok());
        QCOMPARE(e->host, std::string("127.0.0.1"));
        QCOMPARE(e->port, std::uint16_t{50052});
        QCOMPARE(e->text(), std::string("127.0.0.1:50052"));
        QCOMPARE(parse_endpoint("gpu-box").err().message, std::string("RPC endpoint 'gpu-box' is not HOST:PORT"));
        QCOMPARE(parse_endpoint(":50052").err().message, std::string("RPC endpoint ':50052' has no host"));
        QCOMPARE(parse_endpoint("a:b:1").err().message, std::string("RPC endpoint 'a:b:1' has a malformed host"));
        for (const char* bad : {"h:0", "h:65536", "h:12x", "h:", "h:-1"})
            QCOMPARE(parse_endpoint(bad).err().message,
                     "RPC endpoint '" + std::string(bad) + "' needs a port from 1 to 65535");
        QVERIFY(is_rpc_item("rpc:x"));
        QVERIFY(!is_rpc_item("cpu"));
    }
};

QTEST_APPLESS_MAIN(test_rpc_codec)
#include "test_rpc_codec.moc"
