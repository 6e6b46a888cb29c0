#pragma once
// The loaded ggml's functions, looked up at run time. The capture library links nothing of ggml:
// it runs inside someone else's process, and its interposed entry points must reach the real
// functions behind them (dlsym(RTLD_NEXT, ...)).

#include <ggml-alloc.h>
#include <ggml-backend.h>
#include <ggml.h>

namespace planscope::capture {

// Forwarded by the interposers: a missing one makes that entry point fail, nothing else.
#define PLANSCOPE_CAPTURE_FORWARDED(X) \
  X(ggml_backend_sched_reserve)        \
  X(ggml_backend_sched_alloc_graph)    \
  X(ggml_backend_sched_graph_compute)  \
  X(ggml_backend_sched_graph_compute_async) \
  X(ggml_gallocr_reserve_n)            \
  X(ggml_gallocr_reserve)              \
  X(ggml_gallocr_alloc_graph)          \
  X(ggml_gallocr_new)                  \
  X(ggml_gallocr_new_n)

// Read while recording and by the layout check: a missing one means no capture.
#define PLANSCOPE_CAPTURE_RECORDING(X)   \
  X(ggml_init)                           \
  X(ggml_free)                           \
  X(ggml_new_tensor_4d)                  \
  X(ggml_view_1d)                        \
  X(ggml_set_name)                       \
  X(ggml_get_name)                       \
  X(ggml_set_output)                     \
  X(ggml_nbytes)                         \
  X(ggml_tensor_overhead)                \
  X(ggml_op_name)                        \
  X(ggml_type_name)                      \
  X(ggml_graph_n_nodes)                  \
  X(ggml_graph_size)                     \
  X(ggml_graph_node)                     \
  X(ggml_backend_sched_synchronize)      \
  X(ggml_backend_sched_get_n_backends)   \
  X(ggml_backend_sched_get_backend)      \
  X(ggml_backend_sched_get_buffer_type)  \
  X(ggml_backend_sched_get_buffer_size)  \
  X(ggml_backend_sched_get_n_splits)     \
  X(ggml_backend_sched_get_n_copies)     \
  X(ggml_backend_sched_get_tensor_backend) \
  X(ggml_gallocr_get_buffer_size)        \
  X(ggml_backend_name)                   \
  X(ggml_backend_get_device)             \
  X(ggml_backend_dev_description)        \
  X(ggml_backend_buft_name)              \
  X(ggml_backend_buft_is_host)           \
  X(ggml_backend_buffer_name)            \
  X(ggml_backend_buffer_get_base)        \
  X(ggml_backend_buffer_get_size)        \
  X(ggml_backend_buffer_get_usage)       \
  X(ggml_backend_buffer_is_host)

struct ggml_api {
#define PLANSCOPE_CAPTURE_MEMBER(name) decltype(&::name) name = nullptr;
  PLANSCOPE_CAPTURE_FORWARDED(PLANSCOPE_CAPTURE_MEMBER)
  PLANSCOPE_CAPTURE_RECORDING(PLANSCOPE_CAPTURE_MEMBER)
#undef PLANSCOPE_CAPTURE_MEMBER
  // The first recording function not found (nullptr: all found).
  const char* missing = nullptr;
};

// Looked up once, on first use, from any thread; never fails (missing functions stay null).
const ggml_api& loaded_ggml();

}  // namespace planscope::capture
