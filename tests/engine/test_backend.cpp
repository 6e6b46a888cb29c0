// The backend interface with the CPU backend and a recording mock backend: buffers (malloc'd with
// the seed's over-allocation, or wrapping memory), the buffer table, set/get with their bounds and
// allocation errors, tensor_copy's order (destination's copy_from, source's copy_to, host memory)
// and its layout check, plans, thread counts, and weights placed in a buffer over a GGUF mapping.
#include "alloc/graph_allocator.h"
#include "backend/cpu/cpu_backend.h"
#include "backend/cpu/cpu_buffer.h"
#include "backend/tensor_copy.h"
#include "core/builder.h"
#include "models/gguf.h"

#include <QtTest>

#include <cstring>
#include <thread>

using namespace planscope;

namespace {

// Host memory that a mock backend hands out.
class mock_buffer final : public backend_buffer {
public:
    mock_buffer(backend& owner, buffer_id id, std::size_t size)
        : backend_buffer(owner, id, size), m_bytes(size + 64) {}
    [[nodiscard]] std::byte* data() const override {
        const auto a = reinterpret_cast<std::uintptr_t>(m_bytes.data());
        return const_cast<std::byte*>(m_bytes.data()) + (64 - a % 64) % 64;
    }

private:
    std::vector<std::byte> m_bytes;
};

// A backend that records every transfer; copy_from only when asked to provide it.
class mock_backend final : public backend {
public:
    explicit mock_backend(std::string name, bool has_copy_from = false)
        : m_name(std::move(name)), m_copy_from(has_copy_from) {}
    std::vector<std::string> calls;

    [[nodiscard]] std::string_view name() const override { return m_name; }
    result<std::shared_ptr<backend_buffer>> alloc_buffer(buffer_id id, std::size_t size) override {
        return std::shared_ptr<backend_buffer>(std::make_shared<mock_buffer>(*this, id, size));
    }
    [[nodiscard]] std::size_t alignment() const override { return 32; }
    status set_tensor_async(const bound_tensor& t, const void* data, std::size_t offset, std::size_t size) override {
        calls.push_back("set " + t.desc->name);
        std::memcpy(t.data() + offset, data, size);
        return success();
    }
    status get_tensor_async(const bound_tensor& t, void* data, std::size_t offset, std::size_t size) override {
        calls.push_back("get " + t.desc->name);
        std::memcpy(data, t.data() + offset, size);
        return success();
    }
    status synchronize() override {
        calls.emplace_back("sync");
        return success();
    }
    copy_outcome copy_tensor_from(const bound_tensor& src, const bound_tensor& dst) override {
        if (!m_copy_from) return std::nullopt;
        calls.push_back("copy_from " + src.desc->name);
        std::memcpy(dst.data(), src.data(), nbytes(*src.desc));
        return success();
    }
    result<std::unique_ptr<graph_plan>> graph_plan_create(const placed_graph&) override { return error{"mock"}; }
    status graph_plan_compute(graph_plan&) override { return error{"mock"}; }
    status graph_compute(const placed_graph&) override { return error{"mock"}; }
    [[nodiscard]] bool supports_op(const context&, const tensor&) const override { return false; }

private:
    std::string m_name;
    bool m_copy_from;
};

QString message(const status& s) { return s.ok() ? QString() : QString::fromStdString(s.err().message); }

// An f32 tensor of n elements at `offset` of `buffer`.
tensor_id placed(context& ctx, const char* name, std::int64_t n, buffer_id buffer, std::uint64_t offset) {
    builder b(ctx);
    const tensor_id t = b.set_name(b.new_tensor_1d(dtype::f32, n), name);
    ctx[t].where = placement{buffer, offset};
    return t;
}

std::vector<float> read(const buffer_table& table, const tensor& t) {
    std::vector<float> v(static_cast<std::size_t>(nelements(t)));
    if (!tensor_get(table, t, v.data(), 0, nbytes(t))) v.clear();
    return v;
}

} // namespace

class TestBackend : public QObject {
    Q_OBJECT
private slots:
    void cpu_buffers();
    void buffer_from_pointer();
    void allocators_place_in_cpu_buffers();
    void buffer_table_errors();
    void set_get_data();
    void set_get();
    void set_get_errors();
    void copy_order();
    void copy_errors();
    void plans();
    void compute_errors();
    void threads();
    void gguf_weights_from_mapping();
};

void TestBackend::cpu_buffers() {
    cpu_backend be;
    QCOMPARE(be.name(), std::string_view("CPU"));
    QCOMPARE(be.alignment(), std::size_t{64});
    auto buffer = be.alloc_buffer(buffer_id{3}, 1000);
    QVERIFY(buffer.ok());
    const backend_buffer& b = **buffer;
    QCOMPARE(b.id(), buffer_id{3});
    QCOMPARE(b.size(), std::size_t{1064}); // the seed's size += TENSOR_ALIGNMENT
    QCOMPARE(b.alignment(), std::size_t{64});
    QCOMPARE(b.base(), reinterpret_cast<std::uintptr_t>(b.data()));
    QCOMPARE(&b.owner(), static_cast<backend*>(&be));
    QVERIFY(dynamic_cast<const cpu_buffer&>(b).owns_memory());
    QVERIFY(is_cpu(be));
    mock_backend mock("MOCK");
    QVERIFY(!is_cpu(mock));
    auto huge = be.alloc_buffer(buffer_id{4}, SIZE_MAX - 10);
    QVERIFY(!huge.ok());
}

void TestBackend::buffer_from_pointer() {
    cpu_backend be;
    std::vector<float> memory{1, 2, 3, 4, 5, 6};
    {
        auto b = be.buffer_from_ptr(buffer_id{0}, memory.data(), memory.size() * sizeof(float));
        QCOMPARE(b->data(), reinterpret_cast<std::byte*>(memory.data()));
        QCOMPARE(b->size(), memory.size() * sizeof(float));
        QVERIFY(!dynamic_cast<const cpu_buffer&>(*b).owns_memory());
        buffer_table table;
        QVERIFY(table.add(b).ok());
        context ctx;
        const tensor_id t = placed(ctx, "t", 3, buffer_id{0}, 8);
        QCOMPARE(read(table, ctx[t]), (std::vector<float>{3, 4, 5}));
        const float v = 9;
        QVERIFY(tensor_set(table, ctx[t], &v, 4, 4).ok());
    }
    QCOMPARE(memory[3], 9.0f); // written through, and not freed with the buffer
}

void TestBackend::allocators_place_in_cpu_buffers() {
    cpu_backend be;
    auto buffer = be.alloc_buffer(buffer_id{1}, 4096);
    QVERIFY(buffer.ok());
    auto alloc = tensor_allocator::create(*buffer);
    QVERIFY(alloc.ok());
    context ctx;
    builder b(ctx);
    buffer_table table;
    QVERIFY(table.add(*buffer).ok());
    for (std::int64_t n : {3, 17, 1, 100}) {
        const tensor_id t = b.new_tensor_1d(dtype::f32, n);
        QVERIFY(alloc->alloc(ctx, t).ok());
        auto bound = table.bind(ctx[t]);
        QVERIFY(bound.ok());
        QCOMPARE(reinterpret_cast<std::uintptr_t>(bound->data()) % 64, std::uintptr_t{0});
        QVERIFY(bound->data() + nbytes(ctx[t]) <= (*buffer)->data() + (*buffer)->size());
    }
}

void TestBackend::buffer_table_errors() {
    cpu_backend be;
    buffer_table table;
    QCOMPARE(message(table.add(nullptr)), QStringLiteral("buffer table: no buffer"));
    QVERIFY(table.add(*be.alloc_buffer(buffer_id{1}, 16)).ok());
    QCOMPARE(message(table.add(*be.alloc_buffer(buffer_id{1}, 16))),
             QStringLiteral("buffer table: buffer 1 is already registered"));
    QCOMPARE(table.size(), std::size_t{1});
    QVERIFY(table.find(buffer_id{1}));
    QVERIFY(table.remove(buffer_id{1}));
    QVERIFY(!table.remove(buffer_id{1}));
    QVERIFY(!table.find(buffer_id{1}));
}

void TestBackend::set_get_data() {
    QTest::addColumn<std::size_t>("offset");
    QTest::addColumn<std::size_t>("size");
    QTest::newRow("whole") << std::size_t{0} << std::size_t{40};
    QTest::newRow("head") << std::size_t{0} << std::size_t{4};
    QTest::newRow("tail") << std::size_t{36} << std::size_t{4};
    QTest::newRow("middle") << std::size_t{12} << std::size_t{20};
    QTest::newRow("nothing at the end") << std::size_t{40} << std::size_t{0};
}

void TestBackend::set_get() {
    QFETCH(std::size_t, offset);
    QFETCH(std::size_t, size);
    cpu_backend be;
    buffer_table table;
    QVERIFY(table.add(*be.alloc_buffer(buffer_id{0}, 256)).ok());
    context ctx;
    const tensor_id t = placed(ctx, "t", 10, buffer_id{0}, 64);
    std::vector<std::uint8_t> in(size), out(size, 0);
    for (std::size_t i = 0; i < size; ++i) in[i] = static_cast<std::uint8_t>(i * 7 + 1);
    QVERIFY(tensor_set(table, ctx[t], in.data(), offset, size).ok());
    QVERIFY(tensor_get(table, ctx[t], out.data(), offset, size).ok());
    QCOMPARE(out, in);
    QVERIFY(tensor_set_async(table, ctx[t], in.data(), offset, size).ok());
    QVERIFY(tensor_get_async(table, ctx[t], out.data(), offset, size).ok());
    QVERIFY(be.synchronize().ok());
    QCOMPARE(out, in);
}

void TestBackend::set_get_errors() {
    cpu_backend be;
    buffer_table table;
    QVERIFY(table.add(*be.alloc_buffer(buffer_id{0}, 100)).ok());
    context ctx;
    const tensor_id t = placed(ctx, "x", 10, buffer_id{0}, 0);
    const tensor_id unplaced = placed(ctx, "free", 10, buffer_id{0}, 0);
    ctx[unplaced].where.reset();
    const tensor_id elsewhere = placed(ctx, "elsewhere", 10, buffer_id{7}, 0);
    const tensor_id outside = placed(ctx, "outside", 10, buffer_id{0}, 128);
    std::vector<float> data(16);
    QCOMPARE(message(tensor_set(table, ctx[t], data.data(), 4, 40)),
             QStringLiteral("tensor write out of bounds: 'x' has 40 bytes, the range is [4, 4 + 40)"));
    QCOMPARE(message(tensor_get(table, ctx[t], data.data(), 41, 0)),
             QStringLiteral("tensor read out of bounds: 'x' has 40 bytes, the range is [41, 41 + 0)"));
    QVERIFY(!tensor_get(table, ctx[t], data.data(), 8, SIZE_MAX).ok()); // offset + size overflows
    QVERIFY(!tensor_set_async(table, ctx[t], data.data(), SIZE_MAX, 8).ok());
    QCOMPARE(message(tensor_set(table, ctx[unplaced], data.data(), 0, 4)), QStringLiteral("tensor 'free' is not allocated"));
    QCOMPARE(message(tensor_get(table, ctx[unplaced], data.data(), 0, 4)), QStringLiteral("tensor 'free' is not allocated"));
    QCOMPARE(message(tensor_get(table, ctx[elsewhere], data.data(), 0, 4)),
             QStringLiteral("tensor 'elsewhere' is placed in buffer 7, which is not registered"));
    QCOMPARE(message(tensor_get(table, ctx[outside], data.data(), 0, 4)),
             QStringLiteral("tensor 'outside' (40 bytes at offset 128) does not fit in buffer 0 of 164 bytes"));
    QVERIFY(!backend_of(table, ctx[unplaced]).ok());
    QCOMPARE(*backend_of(table, ctx[t]), static_cast<backend*>(&be));
}

void TestBackend::copy_order() {
    cpu_backend cpu;
    mock_backend plain("PLAIN"), other("OTHER"), direct("DIRECT", true);
    buffer_table table;
    QVERIFY(table.add(*cpu.alloc_buffer(buffer_id{0}, 256)).ok());
    QVERIFY(table.add(*plain.alloc_buffer(buffer_id{1}, 256)).ok());
    QVERIFY(table.add(*other.alloc_buffer(buffer_id{2}, 256)).ok());
    QVERIFY(table.add(*direct.alloc_buffer(buffer_id{3}, 256)).ok());
    context ctx;
    const tensor_id c = placed(ctx, "c", 4, buffer_id{0}, 0), c2 = placed(ctx, "c2", 4, buffer_id{0}, 64);
    const tensor_id p = placed(ctx, "p", 4, buffer_id{1}, 0);
    const tensor_id o = placed(ctx, "o", 4, buffer_id{2}, 0);
    const tensor_id d = placed(ctx, "d", 4, buffer_id{3}, 0);
    const std::vector<float> v{1, 2, 3, 4};
    QVERIFY(tensor_set(table, ctx[c], v.data(), 0, 16).ok());

    // CPU to CPU: the destination's copy_from.
    QVERIFY(tensor_copy(table, ctx[c], ctx[c2]).ok());
    QCOMPARE(read(table, ctx[c2]), v);
    // CPU to a backend without copies: the source (CPU) copy_to, which sets the destination.
    QVERIFY(tensor_copy(table, ctx[c], ctx[p]).ok());
    QCOMPARE(plain.calls, (std::vector<std::string>{"set p", "sync"}));
    // A backend without copies to the CPU: the CPU's copy_from, which gets the source.
    plain.calls.clear();
    QVERIFY(tensor_copy(table, ctx[p], ctx[c2]).ok());
    QCOMPARE(plain.calls, (std::vector<std::string>{"get p", "sync"}));
    // Between two backends without copies: through host memory.
    plain.calls.clear();
    QVERIFY(tensor_copy(table, ctx[p], ctx[o]).ok());
    QCOMPARE(plain.calls, (std::vector<std::string>{"get p", "sync"}));
    QCOMPARE(other.calls, (std::vector<std::string>{"set o", "sync"}));
    QCOMPARE(read(table, ctx[o]), v);
    // A destination's copy_from wins over the source's copy_to.
    QVERIFY(tensor_copy(table, ctx[c], ctx[d]).ok());
    QCOMPARE(direct.calls, (std::vector<std::string>{"copy_from c"}));
    QCOMPARE(read(table, ctx[d]), v);
    // A tensor onto its own bytes: nothing happens.
    plain.calls.clear();
    QVERIFY(tensor_copy(table, ctx[p], ctx[p]).ok());
    QVERIFY(plain.calls.empty());
}

void TestBackend::copy_errors() {
    cpu_backend cpu;
    buffer_table table;
    QVERIFY(table.add(*cpu.alloc_buffer(buffer_id{0}, 256)).ok());
    context ctx;
    builder b(ctx);
    const tensor_id a = placed(ctx, "a", 6, buffer_id{0}, 0);
    const tensor_id m = b.set_name(b.new_tensor_2d(dtype::f32, 3, 2), "m");
    ctx[m].where = placement{buffer_id{0}, 64};
    const tensor_id h = b.set_name(b.new_tensor_1d(dtype::f16, 6), "h");
    ctx[h].where = placement{buffer_id{0}, 128};
    QCOMPARE(message(tensor_copy(table, ctx[a], ctx[m])),
             QStringLiteral("cannot copy tensors with different layouts: 'a' is f32 [6, 1, 1, 1] nb [4, 24, 24, 24], "
                            "'m' is f32 [3, 2, 1, 1] nb [4, 12, 24, 24]"));
    QVERIFY(!tensor_copy(table, ctx[a], ctx[h]).ok());
    const tensor_id u = placed(ctx, "u", 6, buffer_id{0}, 0);
    ctx[u].where.reset();
    QCOMPARE(message(tensor_copy(table, ctx[a], ctx[u])), QStringLiteral("tensor 'u' is not allocated"));
}

void TestBackend::plans() {
    cpu_backend be(2), other(1);
    context ctx;
    builder b(ctx);
    const tensor_id w = b.new_tensor_2d(dtype::f16, 8, 4), x = b.new_tensor_2d(dtype::f32, 8, 3);
    const tensor_id y = b.mul_mat(w, b.transpose(b.transpose(x)));
    graph g;
    QVERIFY(build_forward_expand(ctx, g, y).ok());
    buffer_table table;
    auto buffer = be.alloc_buffer(buffer_id{0}, 1024);
    QVERIFY(table.add(*buffer).ok());
    auto alloc = tensor_allocator::create(*buffer);
    QVERIFY(graph_allocator().alloc_graph(ctx, g, *alloc).ok());
    std::vector<std::uint16_t> ones(32, 0x3c00); // f16 1.0
    QVERIFY(tensor_set(table, ctx[w], ones.data(), 0, 64).ok());

    auto plan = be.graph_plan_create({ctx, g, table});
    QVERIFY(plan.ok());
    const auto& cpu_plan = dynamic_cast<const cpu_graph_plan&>(**plan);
    QCOMPARE(cpu_plan.n_threads(), 2);
    QVERIFY(cpu_plan.work_size() >= 2 * 8 * sizeof(float)); // the f16 weights' f32 panels
    for (float v : {1.0f, 2.5f}) { // computing again sees new inputs
        const std::vector<float> xs(24, v);
        QVERIFY(tensor_set(table, ctx[x], xs.data(), 0, 96).ok());
        QVERIFY(be.graph_plan_compute(**plan).ok());
        QCOMPARE(read(table, ctx[y]), std::vector<float>(12, 8 * v));
    }
    QCOMPARE(message(other.graph_plan_compute(**plan)), QStringLiteral("CPU backend: the plan was made by another backend"));
}

void TestBackend::compute_errors() {
    cpu_backend be;
    context ctx;
    builder b(ctx);
    const tensor_id x = b.set_name(b.new_tensor_1d(dtype::f32, 4), "x");
    const tensor_id y = b.set_name(b.sqr(x), "y");
    graph g;
    QVERIFY(build_forward_expand(ctx, g, y).ok());
    buffer_table table;
    QCOMPARE(message(be.graph_compute({ctx, g, table})), QStringLiteral("node 'y': tensor 'y' is not allocated"));
    ctx[y].where = placement{buffer_id{0}, 0};
    QVERIFY(table.add(*be.alloc_buffer(buffer_id{0}, 64)).ok());
    QCOMPARE(message(be.graph_compute({ctx, g, table})),
             QStringLiteral("node 'y': src0: tensor 'x' is not allocated"));
    ctx[x].where = placement{buffer_id{5}, 0};
    QCOMPARE(message(be.graph_compute({ctx, g, table})),
             QStringLiteral("node 'y': src0: tensor 'x' is placed in buffer 5, which is not registered"));
    ctx[x].where = placement{buffer_id{0}, 32};
    QVERIFY(be.graph_compute({ctx, g, table}).ok());
    QVERIFY(!be.graph_plan_create({ctx, g, buffer_table{}}).ok());
}

void TestBackend::threads() {
    cpu_backend be;
    QCOMPARE(be.n_threads(), static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    be.set_n_threads(0);
    QCOMPARE(be.n_threads(), 1);
    be.set_n_threads(5);
    QCOMPARE(be.n_threads(), 5);
}

// stories260K's token embeddings read through GET_ROWS from a buffer over the file's mapping.
void TestBackend::gguf_weights_from_mapping() {
    auto file = open_gguf(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    if (!file) QSKIP("stories260K.gguf is not in the shared directory");
    const auto info = std::find_if(file->tensors.begin(), file->tensors.end(),
                                   [](const gguf_tensor_info& t) { return t.name == "token_embd.weight"; });
    QVERIFY(info != file->tensors.end());
    const auto bytes = file->mapping->bytes().subspan(file->data_offset);

    cpu_backend be(2);
    buffer_table table;
    // Read-only mapping, never written: the const_cast is what ggml_backend_cpu_buffer_from_ptr's callers do.
    QVERIFY(table.add(be.buffer_from_ptr(buffer_id{0}, const_cast<std::uint8_t*>(bytes.data()), bytes.size())).ok());
    auto compute = be.alloc_buffer(buffer_id{1}, 64 * 1024);
    QVERIFY(table.add(*compute).ok());
    context ctx;
    builder b(ctx);
    const tensor_id embd = b.new_tensor(info->type, info->ne);
    ctx[embd].where = placement{buffer_id{0}, info->offset};
    const tensor_id tokens = b.new_tensor_1d(dtype::i32, 3);
    const tensor_id rows = b.get_rows(embd, tokens);
    graph g;
    QVERIFY(build_forward_expand(ctx, g, rows).ok());
    auto alloc = tensor_allocator::create(*compute);
    QVERIFY(graph_allocator().alloc_graph(ctx, g, *alloc).ok());
    const std::vector<std::int32_t> ids{1, 400, 7};
    QVERIFY(tensor_set(table, ctx[tokens], ids.data(), 0, 12).ok());
    QVERIFY(be.graph_compute({ctx, g, table}).ok());
    const std::vector<float> got = read(table, ctx[rows]);
    const std::size_t row_bytes = static_cast<std::size_t>(info->ne[0]) * sizeof(float);
    for (std::size_t i = 0; i < ids.size(); ++i)
        QVERIFY(std::memcmp(got.data() + i * static_cast<std::size_t>(info->ne[0]),
                            bytes.data() + info->offset + static_cast<std::size_t>(ids[i]) * row_bytes, row_bytes) == 0);
}

QTEST_APPLESS_MAIN(TestBackend)
#include "test_backend.moc"
