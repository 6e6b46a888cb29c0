#include "io/atomic_write.h"

#include "io/temp_files.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <random>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace planscope {

namespace {

namespace fs = std::filesystem;

// Where `file` really is: a symlink (a chain of them) is written through, not replaced.
result<fs::path> resolve_links(const fs::path& file) {
    fs::path target = file;
    for (int hops = 0;; ++hops) {
        std::error_code ec;
        if (!fs::is_symlink(fs::symlink_status(target, ec))) return target;
        if (hops == 40) return error{file.string() + ": too many levels of symbolic links"};
        const fs::path to = fs::read_symlink(target, ec);
        if (ec) return error{file.string() + ": cannot read the link: " + ec.message()};
        target = to.is_absolute() ? to : target.parent_path() / to;
    }
}

bool write_all(int fd, std::string_view data) {
    while (!data.empty()) {
        const ssize_t n = ::write(fd, data.data(), data.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        data.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

} // namespace

status write_file_atomic(const fs::path& file, std::string_view data) {
    const std::string name = file.string();
    const auto why = [&](const std::string& what, int err) { return error{name + ": " + what + ": " + std::strerror(err)}; };

    auto target = resolve_links(file);
    if (!target) return target.err();
    const std::string dest = target->string();
    struct stat old {};
    const bool exists = ::stat(dest.c_str(), &old) == 0;
    if (!exists && errno != ENOENT) return why("cannot look at it", errno);
    // A device, pipe or directory is never replaced by a regular file (as root, renaming over
    // the null device would).
    if (exists && !S_ISREG(old.st_mode)) return error{name + ": not a regular file; refusing to replace it"};
    // The rename needs only the directory's permission: a file the user may not write (0444, or
    // another user's) is refused as writing into it would be. Root may, as with cp.
    if (exists && ::faccessat(AT_FDCWD, dest.c_str(), W_OK, AT_EACCESS) != 0) return why("cannot write to it", errno);

    // A fresh temporary in the same directory, so that the rename cannot cross file systems and
    // two exports to the same file never share one.
    std::random_device rd;
    std::mt19937_64 rng(rd());
    std::string tmp;
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
        char suffix[16];
        std::snprintf(suffix, sizeof suffix, "%06llx", static_cast<unsigned long long>(rng() & 0xffffff));
        tmp = dest + ".tmp-" + suffix;
        fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666); // the umask applies
        if (fd < 0 && errno != EEXIST) return why("cannot create " + tmp, errno);
    }
    if (fd < 0) return error{name + ": cannot create a temporary file next to it"};
    remember_temp_file(tmp);
    const auto discard = [&](int err, const std::string& what) {
        ::unlink(tmp.c_str());
        forget_temp_file(tmp);
        return why(what, err);
    };

    // The replacement keeps what the user set on the old file: its permissions, and its owner
    // where we may set it.
    if (exists) {
        if (::fchmod(fd, old.st_mode & 07777) != 0) {
            const int err = errno;
            ::close(fd);
            return discard(err, "cannot keep its permissions");
        }
        // Only root may hand the file back to its owner; anyone else goes on as the new owner.
        const bool other_owner = old.st_uid != ::geteuid() || old.st_gid != ::getegid();
        if (other_owner && ::fchown(fd, old.st_uid, old.st_gid) != 0) errno = 0;
    }
    if (!write_all(fd, data) || ::fsync(fd) != 0) {
        const int err = errno;
        ::close(fd);
        return discard(err, "cannot write");
    }
    if (::close(fd) != 0) return discard(errno, "cannot write");
    if (::rename(tmp.c_str(), dest.c_str()) != 0) return discard(errno, "cannot replace");
    forget_temp_file(tmp);
    return success();
}

} // namespace planscope
