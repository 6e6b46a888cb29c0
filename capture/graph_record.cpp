#include "graph_record.h"

#include <cstring>

#include "json_text.h"

namespace planscope::capture {
namespace {

const char* usage_name(ggml_backend_buffer_usage usage) {
  switch (usage) {
    case GGML_BACKEND_BUFFER_USAGE_WEIGHTS: return "weights";
    case GGML_BACKEND_BUFFER_USAGE_COMPUTE: return "compute";
    default: return "any";
  }
}

void append_bool(std::string& out, bool value) { out += value ? "true" : "false"; }

// ggml's names are never null in practice; a null one is written as "".
void append_name(std::string& out, const char* name) { append_string(out, name ? name : ""); }

template <class T, class Append>
void append_array(std::string& out, const T* values, std::size_t n, Append append) {
  out += '[';
  for (std::size_t i = 0; i < n; ++i) {
    if (i) out += ',';
    append(out, values[i]);
  }
  out += ']';
}

struct record_writer {
  const ggml_api& api;
  const graph_call& call;
  const graph_tensors& graph;
  std::string out;
  std::vector<ggml_backend_t> backends;          // the scheduler's, in its order
  std::vector<ggml_backend_buffer_t> buffers;    // in order of first appearance

  int backend_index(ggml_backend_t b) const {
    for (std::size_t i = 0; i < backends.size(); ++i) {
      if (backends[i] == b) return static_cast<int>(i);
    }
    return -1;
  }

  std::size_t buffer_index(ggml_backend_buffer_t b) {
    for (std::size_t i = 0; i < buffers.size(); ++i) {
      if (buffers[i] == b) return i;
    }
    buffers.push_back(b);
    return buffers.size() - 1;
  }

  void write_head() {
    out += R"({"record":"graph","seq":)";
    append_int(out, call.seq);
    out += R"(,"event":)";
    append_string(out, call.event);
    out += R"(,"sched":)";
    append_int(out, call.object);
    out += R"(,"ok":)";
    append_bool(out, call.ok);
    out += R"(,"wall_us":)";
    append_int(out, call.wall_us);
  }

  void write_backends() {
    const int n = api.ggml_backend_sched_get_n_backends(call.sched);
    out += R"(,"backends":[)";
    for (int i = 0; i < n; ++i) {
      ggml_backend_t b = api.ggml_backend_sched_get_backend(call.sched, i);
      backends.push_back(b);
      if (i) out += ',';
      out += R"({"name":)";
      append_name(out, api.ggml_backend_name(b));
      if (ggml_backend_dev_t dev = api.ggml_backend_get_device(b)) {
        if (const char* desc = api.ggml_backend_dev_description(dev)) {
          out += R"(,"device":)";
          append_string(out, desc);
        }
      }
      ggml_backend_buffer_type_t buft = api.ggml_backend_sched_get_buffer_type(call.sched, b);
      out += R"(,"buffer_type":)";
      append_name(out, api.ggml_backend_buft_name(buft));
      out += R"(,"buffer_size":)";
      append_uint(out, api.ggml_backend_sched_get_buffer_size(call.sched, b));
      out += R"(,"host":)";
      append_bool(out, api.ggml_backend_buft_is_host(buft));
      out += '}';
    }
    out += R"(],"n_splits":)";
    append_int(out, api.ggml_backend_sched_get_n_splits(call.sched));
    out += R"(,"n_copies":)";
    append_int(out, api.ggml_backend_sched_get_n_copies(call.sched));
  }

  void write_buffer_sizes() {
    out += R"(,"buffer_sizes":[)";
    for (int i = 0; i < call.galloc_buffers; ++i) {
      if (i) out += ',';
      append_uint(out, api.ggml_gallocr_get_buffer_size(call.galloc, i));
    }
    out += ']';
  }

  ggml_backend_t tensor_backend(std::size_t i, ggml_tensor* t) const {
    if (!call.sched || !graph.in_graph(i)) return nullptr;
    if (!call.backends_during_call.empty()) return call.backends_during_call[i];
    return api.ggml_backend_sched_get_tensor_backend(call.sched, t);
  }

  // The tensors go into their own string first: the buffers they name are listed before them.
  std::string tensors_text() {
    std::string t_out;
    t_out.reserve(graph.tensors.size() * 200);
    t_out += R"(,"tensors":[)";
    for (std::size_t i = 0; i < graph.tensors.size(); ++i) {
      if (i) t_out += ',';
      write_tensor(t_out, i, graph.tensors[i]);
    }
    t_out += ']';
    return t_out;
  }

  void write_tensor(std::string& o, std::size_t i, ggml_tensor* t) {
    o += R"({"name":)";
    append_string(o, std::string_view(t->name, strnlen(t->name, GGML_MAX_NAME - 1)));
    o += R"(,"op":)";
    append_name(o, api.ggml_op_name(t->op));
    o += R"(,"type":)";
    append_name(o, api.ggml_type_name(t->type));
    o += R"(,"ne":)";
    append_array(o, t->ne, GGML_MAX_DIMS, [](std::string& s, std::int64_t v) { append_int(s, v); });
    o += R"(,"nb":)";
    append_array(o, t->nb, GGML_MAX_DIMS, [](std::string& s, std::size_t v) { append_uint(s, v); });
    constexpr std::size_t n_params = GGML_MAX_OP_PARAMS / sizeof(std::int32_t);
    std::size_t used = n_params;
    while (used > 0 && t->op_params[used - 1] == 0) --used;
    if (used > 0) {
      o += R"(,"op_params":)";
      append_array(o, t->op_params, used, [](std::string& s, std::int32_t v) { append_int(s, v); });
    }
    o += R"(,"flags":)";
    append_int(o, t->flags);
    long long src[GGML_MAX_SRC];
    std::size_t n_src = 0;
    for (std::size_t k = 0; k < GGML_MAX_SRC; ++k) {
      src[k] = graph.index_of(t->src[k]);
      if (t->src[k]) n_src = k + 1;
    }
    if (n_src > 0) {
      o += R"(,"src":)";
      append_array(o, src, n_src, [](std::string& s, long long v) { append_int(s, v); });
    }
    if (t->view_src) {
      o += R"(,"view_src":)";
      append_int(o, graph.index_of(t->view_src));
      o += R"(,"view_offs":)";
      append_uint(o, t->view_offs);
    }
    if (t->buffer) {
      o += R"(,"buffer":)";
      append_uint(o, buffer_index(t->buffer));
      // An offset only for data inside the buffer (ggml allows data without a buffer's base).
      const auto base = reinterpret_cast<std::uintptr_t>(api.ggml_backend_buffer_get_base(t->buffer));
      const auto data = reinterpret_cast<std::uintptr_t>(t->data);
      if (t->data && data >= base && data - base <= api.ggml_backend_buffer_get_size(t->buffer)) {
        o += R"(,"offset":)";
        append_uint(o, data - base);
      }
    }
    if (const int b = backend_index(tensor_backend(i, t)); b >= 0) {
      o += R"(,"backend":)";
      append_int(o, b);
    }
    o += '}';
  }

  void write_buffers() {
    out += R"(,"buffers":[)";
    for (std::size_t i = 0; i < buffers.size(); ++i) {
      ggml_backend_buffer_t b = buffers[i];
      if (i) out += ',';
      out += R"({"id":)";
      append_uint(out, i);
      out += R"(,"name":)";
      append_name(out, api.ggml_backend_buffer_name(b));
      out += R"(,"size":)";
      append_uint(out, api.ggml_backend_buffer_get_size(b));
      out += R"(,"usage":)";
      append_string(out, usage_name(api.ggml_backend_buffer_get_usage(b)));
      out += R"(,"host":)";
      append_bool(out, api.ggml_backend_buffer_is_host(b));
      out += '}';
    }
    out += ']';
  }

  void write_order() {
    out += R"(,"nodes":[)";
    for (std::size_t i = 0; i < graph.n_nodes; ++i) {
      if (i) out += ',';
      append_uint(out, i);
    }
    out += R"(],"leafs":)";
    append_array(out, graph.leafs.data(), graph.leafs.size(), [](std::string& s, std::size_t v) { append_uint(s, v); });
    out += graph.graph_leafs ? R"(,"leafs_from":"graph")" : R"(,"leafs_from":"sources")";
    out += "}\n";
  }
};

}  // namespace

std::string graph_record_line(const ggml_api& api, const graph_call& call, const graph_tensors& graph) {
  record_writer w{api, call, graph, {}, {}, {}};
  w.write_head();
  if (call.sched) {
    w.write_backends();
  } else {
    w.write_buffer_sizes();
  }
  std::string tensors = w.tensors_text();
  w.write_buffers();
  w.out += tensors;
  w.write_order();
  return std::move(w.out);
}

}  // namespace planscope::capture
