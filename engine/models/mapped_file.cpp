#include "mapped_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace planscope {

result<std::shared_ptr<const mapped_file>> mapped_file::open(const std::filesystem::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return error{std::strerror(errno)};
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return error{"not a regular file"};
    }
    const auto size = static_cast<std::size_t>(st.st_size);
    const std::uint8_t* data = nullptr;
    if (size > 0) {
        void* p = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p == MAP_FAILED) {
            const int e = errno;
            ::close(fd);
            return error{std::string("mmap failed: ") + std::strerror(e)};
        }
        data = static_cast<const std::uint8_t*>(p);
    }
    ::close(fd); // the mapping keeps the file alive
    return std::shared_ptr<const mapped_file>(new mapped_file(data, size, true));
}

std::shared_ptr<const mapped_file> mapped_file::borrow(std::span<const std::uint8_t> bytes) {
    return std::shared_ptr<const mapped_file>(new mapped_file(bytes.data(), bytes.size(), false));
}

mapped_file::~mapped_file() {
    if (m_owned && m_data) ::munmap(const_cast<std::uint8_t*>(m_data), m_size);
}

} // namespace planscope
