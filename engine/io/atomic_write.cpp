#include "io/atomic_write.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <unistd.h>

namespace planscope {

status write_file_atomic(const std::filesystem::path& file, std::string_view data) {
    const std::string name = file.string();
    const auto why = [&](const std::string& what, int err) { return error{name + ": " + what + ": " + std::strerror(err)}; };

    // A fresh temporary in the same directory, so that the rename cannot cross file systems and
    // two exports to the same file never share one.
    std::random_device rd;
    std::mt19937_64 rng(rd());
    std::string tmp;
    std::FILE* f = nullptr;
    for (int attempt = 0; attempt < 100 && !f; ++attempt) {
        char suffix[16];
        std::snprintf(suffix, sizeof suffix, "%06llx", static_cast<unsigned long long>(rng() & 0xffffff));
        tmp = name + ".tmp-" + suffix;
        f = std::fopen(tmp.c_str(), "wbx"); // fails if it exists
        if (!f && errno != EEXIST) return why("cannot create " + tmp, errno);
    }
    if (!f) return error{name + ": cannot create a temporary file next to it"};

    const bool written =
        std::fwrite(data.data(), 1, data.size(), f) == data.size() && std::fflush(f) == 0 && ::fsync(::fileno(f)) == 0;
    const int write_errno = errno;
    const bool closed = std::fclose(f) == 0;
    if (!written || !closed) {
        const int err = written ? errno : write_errno;
        std::remove(tmp.c_str());
        return why("cannot write", err);
    }
    std::error_code ec;
    std::filesystem::rename(tmp, file, ec);
    if (ec) {
        std::remove(tmp.c_str());
        return error{name + ": cannot replace: " + ec.message()};
    }
    return success();
}

} // namespace planscope
