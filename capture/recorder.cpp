#include "recorder.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <new>

#include "json_text.h"
#include "layout_check.h"

namespace planscope::capture {
namespace {

// The first reserve and the first 8 computes of a llama.cpp run.
constexpr std::int64_t default_max_graphs = 9;

// All of `text` in one write(2), retried only when interrupted before writing anything.
bool write_once(int fd, const std::string& text) {
  for (;;) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n >= 0) return static_cast<std::size_t>(n) == text.size();
    if (errno != EINTR) return false;
  }
}

std::string command_line() {
  std::string cmd;
  const int fd = ::open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return cmd;
  char buf[4096];
  ssize_t n;
  while (cmd.size() < (1u << 16) && (n = ::read(fd, buf, sizeof buf)) > 0) cmd.append(buf, static_cast<std::size_t>(n));
  ::close(fd);
  while (!cmd.empty() && cmd.back() == '\0') cmd.pop_back();
  for (char& c : cmd) {
    if (c == '\0') c = ' ';
  }
  return cmd;
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  char buf[32] = "";
  if (gmtime_r(&t, &tm)) std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string header_line(std::int64_t max_graphs) {
  std::string out = R"({"record":"header","format":"planscope-capture","version":1,"pid":)";
  append_int(out, getpid());
  out += R"(,"command":)";
  append_string(out, command_line());
  out += R"(,"started":)";
  append_string(out, utc_now());
  out += R"(,"ggml":{"max_dims":)";
  append_int(out, GGML_MAX_DIMS);
  out += R"(,"max_src":)";
  append_int(out, GGML_MAX_SRC);
  out += R"(,"max_name":)";
  append_int(out, GGML_MAX_NAME);
  out += R"(,"max_op_params":)";
  append_int(out, GGML_MAX_OP_PARAMS);
  out += R"(,"tensor_size":)";
  append_uint(out, sizeof(ggml_tensor));
  out += R"(},"max_graphs":)";
  append_int(out, max_graphs);
  out += "}\n";
  return out;
}

// PLANSCOPE_CAPTURE_MAX: a count from 0 to 1e9, the default when unset; -1 when malformed.
std::int64_t max_graphs_from_env() {
  const char* text = std::getenv("PLANSCOPE_CAPTURE_MAX");
  if (!text || !*text) return default_max_graphs;
  char* end = nullptr;
  errno = 0;
  const long long n = std::strtoll(text, &end, 10);
  if (errno || *end || n < 0 || n > 1000000000) return -1;
  return n;
}

// Bounded memory whatever the host does: past this many schedulers or allocators, the rest share
// the last number and the default buffer count.
constexpr std::size_t max_objects = 4096;

int find_or_add(std::vector<std::pair<const void*, int>>& numbers, const void* object) {
  for (const auto& [o, n] : numbers) {
    if (o == object) return n;
  }
  if (numbers.size() >= max_objects) return static_cast<int>(max_objects);
  const int n = static_cast<int>(numbers.size());
  numbers.emplace_back(object, n);
  return n;
}

// Static storage, never destroyed: the atexit handler and threads still running at exit may use
// the recorder after static destructors ran.
alignas(recorder) unsigned char recorder_storage[sizeof(recorder)];
recorder* the_recorder = nullptr;

}  // namespace

void report(const std::string& message) {
  const std::string line = "planscope-capture: " + message + "\n";
  [[maybe_unused]] const ssize_t n = ::write(STDERR_FILENO, line.data(), line.size());
}

recorder* recorder::start() {
  try {
    const char* path = std::getenv("PLANSCOPE_CAPTURE");
    if (!path || !*path) return nullptr;
    const std::int64_t max_graphs = max_graphs_from_env();
    if (max_graphs < 0) {
      report("PLANSCOPE_CAPTURE_MAX is not a count from 0 to 1000000000: not capturing");
      return nullptr;
    }
    const ggml_api& api = loaded_ggml();
    if (api.missing) {
      report(std::string("the loaded ggml has no ") + api.missing + ": not capturing");
      return nullptr;
    }
    if (const std::string difference = layout_difference(api); !difference.empty()) {
      report("ggml layout differs (" + difference + "): not capturing");
      return nullptr;
    }
    const int fd = ::open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) {
      report(std::string("cannot open ") + path + " (" + std::strerror(errno) + "): not capturing");
      return nullptr;
    }
    auto* r = new (recorder_storage) recorder(fd, max_graphs);
    r->pid_ = getpid();
    the_recorder = r;
    if (!write_once(fd, header_line(max_graphs))) {
      report(std::string("cannot write to ") + path + " (" + std::strerror(errno) + "): not capturing");
      r->stopped_ = true;
      ::close(fd);
      return nullptr;
    }
    if (std::atexit(write_end) != 0) {
      r->stop("cannot register the end record's exit handler");
      return nullptr;
    }
    return r;
  } catch (...) {
    report("out of memory while starting: not capturing");
    return nullptr;
  }
}

recorder* recorder::active() {
  static recorder* const r = start();
  return r && !r->stopped_.load(std::memory_order_relaxed) ? r : nullptr;
}

std::int64_t recorder::claim() {
  const std::int64_t seq = claimed_.fetch_add(1, std::memory_order_relaxed);
  if (seq < max_graphs_) return seq;
  dropped_.fetch_add(1, std::memory_order_relaxed);
  return -1;
}

void recorder::write(const std::string& line) {
  if (stopped_.load(std::memory_order_relaxed)) return;
  if (!write_once(fd_, line)) {
    stop(std::string("a write to the capture file failed (") + std::strerror(errno) + "): capture stopped");
    return;
  }
  written_.fetch_add(1, std::memory_order_relaxed);
}

void recorder::stop(const std::string& why) {
  if (!stopped_.exchange(true)) report(why);
}

void recorder::write_end() {
  recorder* r = the_recorder;
  // A forked child inherits the handler: only the process that wrote the header ends its run.
  if (!r || r->stopped_.load() || r->pid_ != getpid()) return;
  try {
    std::string out = R"({"record":"end","graphs":)";
    append_int(out, r->written_.load());
    out += R"(,"dropped":)";
    append_int(out, r->dropped_.load());
    out += "}\n";
    if (!write_once(r->fd_, out)) r->stop("the end record could not be written");
  } catch (...) {
    r->stop("out of memory writing the end record");
  }
}

int recorder::number_of(const void* object, bool gallocr) {
  std::lock_guard lock(objects_mutex_);
  return find_or_add(gallocr ? gallocrs_ : scheds_, object);
}

void recorder::set_gallocr_buffers(const void* gallocr, int n) {
  std::lock_guard lock(objects_mutex_);
  for (auto& [o, count] : gallocr_buffers_) {
    if (o == gallocr) {
      count = n;
      return;
    }
  }
  if (gallocr_buffers_.size() < max_objects) gallocr_buffers_.emplace_back(gallocr, n);
}

int recorder::gallocr_buffers(const void* gallocr) {
  std::lock_guard lock(objects_mutex_);
  for (const auto& [o, count] : gallocr_buffers_) {
    if (o == gallocr) return count;
  }
  return 1;
}

}  // namespace planscope::capture
