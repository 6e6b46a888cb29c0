#pragma once
// The capture of one process run: PLANSCOPE_CAPTURE's file, its header and end records, how many
// graphs are recorded and dropped, and capturing stopped at the first failure.

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "ggml_api.h"

namespace planscope::capture {

class recorder {
 public:
  // The run's recorder, started on the first call from any thread: null when PLANSCOPE_CAPTURE
  // is unset, when starting failed (one line on stderr said why) or once capturing stopped.
  static recorder* active();

  // The next graph record's seq, or -1 past max_graphs (the call is counted as dropped).
  std::int64_t claim();
  // Writes one whole line with one write(2); a failure stops capturing.
  void write(const std::string& line);
  // One line on stderr, and no more records: the host runs on uncaptured.
  void stop(const std::string& why);

  // Schedulers and graph allocators are numbered apart, 0, 1, ... in order of first appearance.
  int number_of(const void* object, bool gallocr);
  // How many buffer ids a graph allocator has (from ggml_gallocr_new_n; 1 when not seen).
  void set_gallocr_buffers(const void* gallocr, int n);
  int gallocr_buffers(const void* gallocr);

 private:
  recorder(int fd, std::int64_t max_graphs) : fd_(fd), max_graphs_(max_graphs) {}
  static recorder* start();
  static void write_end();

  int fd_;
  std::int64_t max_graphs_;
  int pid_ = 0;
  std::atomic<bool> stopped_{false};
  std::atomic<std::int64_t> claimed_{0};
  std::atomic<std::int64_t> written_{0};
  std::atomic<std::int64_t> dropped_{0};
  std::mutex objects_mutex_;
  std::vector<std::pair<const void*, int>> scheds_, gallocrs_;  // object -> number
  std::vector<std::pair<const void*, int>> gallocr_buffers_;    // object -> buffer ids
};

// One line on stderr with one write(2): "planscope-capture: MESSAGE".
void report(const std::string& message);

}  // namespace planscope::capture
