#pragma once
// Output files (graph JSON, exports) are written atomically: into a fresh temporary file next to the target, then
// renamed over it, so a reader never sees half a file and a failed export leaves the old one.
#include "core/error.h"

#include <filesystem>
#include <string_view>

namespace planscope {

// Errors read "FILE: what: reason", e.g. "out/plan.json: cannot create out/plan.json.tmp-1a2b3c: No such file or directory".
status write_file_atomic(const std::filesystem::path& file, std::string_view data);

} // namespace planscope
