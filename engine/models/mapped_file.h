#pragma once
// A read-only memory mapping of a whole file (RAII: unmapped and closed on destruction), or
// borrowed bytes that outlive it (a model embedded in the executable).
#include "core/error.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>

namespace planscope {

class mapped_file {
public:
    static result<std::shared_ptr<const mapped_file>> open(const std::filesystem::path& path);
    // Not copied and never unmapped: `bytes` must stay valid for the program's lifetime.
    static std::shared_ptr<const mapped_file> borrow(std::span<const std::uint8_t> bytes);
    ~mapped_file();
    mapped_file(const mapped_file&) = delete;
    mapped_file& operator=(const mapped_file&) = delete;

    [[nodiscard]] std::span<const std::uint8_t> bytes() const { return {m_data, m_size}; }

private:
    mapped_file(const std::uint8_t* data, std::size_t size, bool owned) : m_data(data), m_size(size), m_owned(owned) {}
    const std::uint8_t* m_data;
    std::size_t m_size;
    bool m_owned;
};

} // namespace planscope
