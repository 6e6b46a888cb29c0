// What an RPC client accepts from a server (backend/rpc/rpc_reply.h, rpc_connection.h): reply
// lengths against each command's, payload checks, and against a scripted server on 127.0.0.1 the
// one-line errors of a wrong version, an oversized length, a truncated reply, a silent server and
// a refused connection.
#include "backend/rpc/rpc_backend.h"
#include "backend/rpc/rpc_codec.h"
#include "backend/rpc/rpc_reply.h"
#include "scripted_server.h"

#include <QtTest>

using namespace planscope;
using namespace planscope::rpc;
using namespace planscope::test;

namespace {

constexpr std::size_t hello_request_bytes = 1 + 8 + 24;
constexpr std::size_t device_request_bytes = 1 + 8 + 4;

std::string at(std::uint16_t port) { return "rpc 127.0.0.1:" + std::to_string(port) + ": "; }

endpoint local(std::uint16_t port) { return {"127.0.0.1", port}; }

std::vector<std::uint8_t> u64_payload(std::uint64_t v) {
    std::vector<std::uint8_t> p;
    for (int i = 0; i < 8; ++i) p.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    return p;
}

} // namespace

class test_rpc_replies : public QObject {
    Q_OBJECT

private slots:
    void lengths_must_be_the_commands() {
        QVERIFY(check_reply_length(command::get_alignment, 8, 8).ok());
        QVERIFY(check_reply_length(command::free_buffer, 0, 0).ok());
        QCOMPARE(check_reply_length(command::get_alignment, 9, 8).err().message,
                 std::string("the server announced a get_alignment reply of 9 bytes, expected 8"));
        QCOMPARE(check_reply_length(command::get_tensor, std::uint64_t{1} << 40, 4096).err().message,
                 std::string("the server announced a get_tensor reply of 1099511627776 bytes, expected 4096"));
        QCOMPARE(check_reply_length(command::get_tensor, (std::size_t{1} << 30) + 1, (std::size_t{1} << 30) + 1)
                     .err()
                     .message,
                 std::string("the server announced a get_tensor reply of 1073741825 bytes: more than the "
                             "1073741824 bytes Planscope reads at once"));
        const std::array<std::uint8_t, 8> prefix{0x1c, 0, 0, 0, 0, 0, 0, 0x80};
        QCOMPARE(read_length(prefix), std::uint64_t{0x800000000000001c});
    }

    void payloads_are_checked() {
        QCOMPARE(parse_hello(hello_payload(4, 0, 1)).value(), (protocol_version{4, 0, 1}));
        QCOMPARE(parse_hello(hello_payload(3, 0, 0)).err().message,
                 std::string("the server speaks RPC protocol 3.0.0, Planscope 4.0.1"));
        QCOMPARE(parse_hello(hello_payload(4, 0, 2)).err().message,
                 std::string("the server speaks RPC protocol 4.0.2, Planscope 4.0.1"));
        auto short_hello = hello_payload(4, 0, 1);
        short_hello.pop_back();
        QCOMPARE(parse_hello(short_hello).err().message, std::string("the hello reply has 27 bytes, expected 28"));

        std::vector<std::uint8_t> alloc = u64_payload(0x5000);
        const auto size = u64_payload(1 << 20);
        alloc.insert(alloc.end(), size.begin(), size.end());
        QCOMPARE(parse_alloc_buffer(alloc)->remote_ptr, std::uint64_t{0x5000});
        QCOMPARE(parse_alloc_buffer(alloc)->remote_size, std::uint64_t{1} << 20);

        std::vector<std::uint8_t> mem = u64_payload(10);
        const auto total = u64_payload(4);
        mem.insert(mem.end(), total.begin(), total.end());
        QCOMPARE(parse_device_memory(mem).err().message, std::string("the server reports 10 bytes free of 4"));

        QCOMPARE(parse_alignment(u64_payload(32)).value(), std::uint64_t{32});
        for (std::uint64_t bad : {0ull, 48ull, 1ull << 21})
            QCOMPARE(parse_alignment(u64_payload(bad)).err().message,
                     "the server's alignment " + std::to_string(bad) + " is not a power of two up to 1 MiB");
        QCOMPARE(parse_copy_result(std::vector<std::uint8_t>{1}).value(), true);
        QCOMPARE(parse_copy_result(std::vector<std::uint8_t>{0}).value(), false);
        QCOMPARE(parse_copy_result(std::vector<std::uint8_t>{2}).err().message,
                 std::string("the copy_tensor result is 2, not 0 or 1"));
    }

    void a_server_of_this_version_is_accepted() {
        scripted_server server({{hello_request_bytes, framed(28, hello_payload(4, 0, 1))}});
        auto c = connection::open(local(server.port()));
        QVERIFY2(c.ok(), c ? "" : c.err().message.c_str());
        // The script ends: the server closes.
        std::array<std::uint8_t, 8> reply{};
        QCOMPARE((*c)->call(command::get_alignment, device_request(0), reply).err().message,
                 at(server.port()) + "server closed the connection during get_alignment");
        QVERIFY((*c)->broken());
        QCOMPARE((*c)->confirm().err().message, at(server.port()) + "server closed the connection during get_alignment");
    }

    void another_version_is_refused_in_one_line() {
        scripted_server server({{hello_request_bytes, framed(28, hello_payload(3, 0, 0))}});
        QCOMPARE(connection::open(local(server.port())).err().message,
                 at(server.port()) + "the server speaks RPC protocol 3.0.0, Planscope 4.0.1 during hello");
    }

    void an_oversized_length_is_refused_before_reading() {
        scripted_server server({{hello_request_bytes, framed(std::uint64_t{1} << 40, {})}}, true);
        QCOMPARE(connection::open(local(server.port())).err().message,
                 at(server.port()) + "the server announced a hello reply of 1099511627776 bytes, expected 28 during hello");
    }

    void a_truncated_reply_is_an_error() {
        auto part = framed(28, hello_payload(4, 0, 1));
        part.resize(8 + 10);
        scripted_server server({{hello_request_bytes, part}});
        QCOMPARE(connection::open(local(server.port())).err().message,
                 at(server.port()) + "server closed the connection during hello");
    }

    void a_silent_server_times_out() {
        scripted_server server({{hello_request_bytes, {}}}, true);
        connection_options options;
        options.connect_timeout = std::chrono::milliseconds(300); // HELLO's limit too
        QCOMPARE(connection::open(local(server.port()), options).err().message,
                 at(server.port()) + "no answer within 300 ms while waiting for a reply during hello");
    }

    void a_refused_connection_is_one_line() {
        const std::uint16_t port = closed_port();
        QCOMPARE(connection::open(local(port)).err().message, at(port) + "connection refused");
        QCOMPARE(make_rpc_backend("127.0.0.1:" + std::to_string(port)).err().message, at(port) + "connection refused");
    }

    void a_bad_alignment_stops_the_backend() {
        scripted_server server({{hello_request_bytes, framed(28, hello_payload(4, 0, 1))},
                                {device_request_bytes, framed(8, u64_payload(48))}});
        QCOMPARE(rpc_backend::connect(local(server.port())).err().message,
                 at(server.port()) + "the server's alignment 48 is not a power of two up to 1 MiB during get_alignment");
    }
};

QTEST_APPLESS_MAIN(test_rpc_replies)
#include "test_rpc_replies.moc"
