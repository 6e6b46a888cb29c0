#pragma once
// Little-endian reads over GGUF bytes with bounds checks; every failure names the offset.
#include "core/error.h"

#include <cstdint>
#include <cstring>
#include <span>
#include <string>

namespace planscope {

class gguf_cursor {
public:
    explicit gguf_cursor(std::span<const std::uint8_t> b) : m_b(b) {}
    [[nodiscard]] std::size_t offset() const { return m_pos; }
    [[nodiscard]] std::size_t remaining() const { return m_b.size() - m_pos; }
    [[nodiscard]] std::span<const std::uint8_t> bytes() const { return m_b; }

    template <class T>
    result<T> read(const char* what) {
        if (remaining() < sizeof(T)) return truncated(what, sizeof(T));
        T v;
        std::memcpy(&v, m_b.data() + m_pos, sizeof(T));
        m_pos += sizeof(T);
        return v;
    }

    // `n` bytes from here on, checked against the end of the file.
    result<std::span<const std::uint8_t>> take(std::uint64_t n, const char* what) {
        if (n > remaining()) return truncated(what, n);
        const auto s = m_b.subspan(m_pos, static_cast<std::size_t>(n));
        m_pos += s.size();
        return s;
    }

    // A string's length, checked against `limit` and the bytes left; the string itself follows.
    result<std::uint64_t> read_length(const char* what, std::uint64_t limit) {
        const std::size_t at = m_pos;
        auto n = read<std::uint64_t>(what);
        if (!n) return n.err();
        if (*n > limit)
            return fail(at, std::string(what) + " length " + std::to_string(*n) + " is over the limit of " +
                                std::to_string(limit) + " bytes");
        if (*n > remaining())
            return fail(at, std::string(what) + " length " + std::to_string(*n) + " exceeds the " +
                                std::to_string(remaining()) + " bytes left in the file");
        return *n;
    }

    result<std::string> read_string(const char* what, std::uint64_t limit) {
        auto n = read_length(what, limit);
        if (!n) return n.err();
        auto s = take(*n, what);
        if (!s) return s.err();
        return std::string(reinterpret_cast<const char*>(s->data()), s->size());
    }

    [[nodiscard]] error fail(std::size_t at, const std::string& why) const {
        return error{"offset " + std::to_string(at) + ": " + why};
    }

private:
    [[nodiscard]] error truncated(const char* what, std::uint64_t need) const {
        return fail(m_pos, std::string("file truncated reading ") + what + " (" + std::to_string(need) +
                               " bytes needed, " + std::to_string(remaining()) + " left)");
    }

    std::span<const std::uint8_t> m_b;
    std::size_t m_pos = 0;
};

} // namespace planscope
