#pragma once
// An execution trace in the Chrome Trace Event format (the JSON object form), which Perfetto
// and chrome://tracing open: one track per backend (pid 1, tid = backend index + 1, named by a
// thread_name metadata event), then per split, in order, a slice per input copy and one for the
// split's compute, with bytes and op counts as args. docs/exports.md describes the fields.
#include "schedule_view.h"

#include <string>

namespace planscope {

// `s.timings` must hold one timing per split. A split's copy time is shared among its inputs
// by bytes; splits run one after another, as the scheduler runs them.
result<std::string> chrome_trace_json(const graph_document& doc, const schedule_view& s);

} // namespace planscope
