#pragma once
// Temporary files being written (atomic_write): remembered so that SIGINT or SIGTERM removes them
// instead of leaving "dest.tmp-XXXXXX" behind.
#include <string>

namespace planscope {

// Remembers `path` until forget_temp_file(path). Returns false when too many are in flight at once
// (the file is then simply not cleaned up on a signal).
bool remember_temp_file(const std::string& path);
void forget_temp_file(const std::string& path);

// Unlinks every remembered file. Async-signal-safe: only unlink() and atomics.
void remove_temp_files() noexcept;

// For a process with no signal handling of its own (planscope-cli): SIGINT, SIGTERM and SIGHUP
// remove the temporary files, then end the process as the signal would have.
void remove_temp_files_on_signals();

} // namespace planscope
