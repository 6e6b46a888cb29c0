#include "bounded_read.h"

#include "core/printable.h"

#include <cerrno>
#include <cstring>
#include <fstream>

namespace planscope {

result<std::string> read_file_bounded(const std::filesystem::path& path, std::size_t limit, std::string_view kind) {
    const std::string shown = printable(path.string(), 1000);
    const std::string limit_text = "; the limit for a " + std::string(kind) + " is " + std::to_string(limit);
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return error{shown + ": is a directory"};
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > limit) return error{shown + ": the file is " + std::to_string(size) + " bytes" + limit_text};
    std::ifstream in(path, std::ios::binary);
    if (!in) return error{shown + ": cannot open: " + std::strerror(errno)};
    std::string text;
    text.reserve(ec ? 0 : static_cast<std::size_t>(size));
    std::string chunk(std::size_t{1} << 16, '\0');
    const auto chunk_size = static_cast<std::streamsize>(chunk.size());
    while (text.size() <= limit && in.read(chunk.data(), chunk_size).gcount() > 0)
        text.append(chunk, 0, static_cast<std::size_t>(in.gcount()));
    if (in.bad()) return error{shown + ": cannot read: " + std::strerror(errno)};
    if (text.size() > limit) return error{shown + ": the file is over " + std::to_string(limit) + " bytes" + limit_text};
    return text;
}

} // namespace planscope
