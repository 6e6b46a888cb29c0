#pragma once
// A whole text file read into memory, refused past a limit without reading more than one byte
// beyond it (a device, or a file still growing, may be larger than its size said).
#include "core/error.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace planscope {

// Errors start with the printable path: "is a directory", "cannot open/read: REASON", "the file is
// N bytes; the limit for a KIND is LIMIT".
result<std::string> read_file_bounded(const std::filesystem::path& path, std::size_t limit, std::string_view kind);

} // namespace planscope
