#pragma once
// One "graph" line of docs/capture-format.md: what an intercepted call planned or ran.

#include <cstdint>
#include <string>
#include <vector>

#include "ggml_api.h"
#include "graph_tensors.h"

namespace planscope::capture {

struct graph_call {
  const char* event = "";
  std::int64_t seq = 0;
  int object = 0;  // the scheduler's or graph allocator's number in the run
  bool ok = false;
  std::int64_t wall_us = 0;
  ggml_backend_sched_t sched = nullptr;  // scheduler events
  ggml_gallocr_t galloc = nullptr;       // gallocr events
  int galloc_buffers = 1;                // how many buffer ids galloc has
  // Each tensor's backend as the scheduler assigned it during the call (a reserve resets the
  // assignment before it returns); empty: ask the scheduler now.
  std::vector<ggml_backend_t> backends_during_call;
};

// The line, ending in '\n'. Throws std::bad_alloc when memory runs out.
std::string graph_record_line(const ggml_api& api, const graph_call& call, const graph_tensors& graph);

}  // namespace planscope::capture
