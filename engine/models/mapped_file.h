#pragma once
// A read-only memory mapping of a whole file (RAII: unmapped and closed on destruction).
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
    ~mapped_file();
    mapped_file(const mapped_file&) = delete;
    mapped_file& operator=(const mapped_file&) = delete;

    [[nodiscard]] std::span<const std::uint8_t> bytes() const { return {m_data, m_size}; }

private:
    mapped_file(const std::uint8_t* data, std::size_t size) : m_data(data), m_size(size) {}
    const std::uint8_t* m_data;
    std::size_t m_size;
};

} // namespace planscope
