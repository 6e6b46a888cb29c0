// A two-layer network planned and run with ggml_backend_sched on the CPU backend, for the capture
// library's tests (test_capture_lib): it prints what ggml itself says about the plan, so that the
// test can hold the capture against it.
//
//   capture_two_layer [--steps N] [--gallocr]
//
// Each step resets the scheduler, allocates the graph, sets the input and computes it (even steps
// with ggml_backend_sched_graph_compute, odd ones with _async and a synchronize), as a llama.cpp
// decode step does. --gallocr also reserves and allocates a copy of the graph with a graph
// allocator of its own. Prints, one a line: "nodes N", "node I OP NAME", "reserve_buffer NAME
// SIZE", "splits N", "compute_buffer NAME SIZE", "gallocr_buffer SIZE", "output SUM",
// "us_per_step US".

#include <ggml-alloc.h>
#include <ggml-backend.h>
#include <ggml-cpu.h>
#include <ggml.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { n_embd = 64, n_ff = 256, n_tokens = 8 };

struct model {
  struct ggml_tensor* w[2];
  struct ggml_tensor* b[2];
};

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static struct ggml_context* new_context(size_t n_tensors, int with_graph) {
  struct ggml_init_params params = {
      .mem_size = n_tensors * ggml_tensor_overhead() + (with_graph ? ggml_graph_overhead() : 0),
      .mem_buffer = NULL,
      .no_alloc = true,
  };
  return ggml_init(params);
}

// x -> relu(w0 x + b0) -> soft_max(scale(transpose-and-back(w1 h + b1))), with a view on the way.
static struct ggml_cgraph* build_graph(struct ggml_context* ctx, const struct model* m, struct ggml_tensor** input) {
  struct ggml_tensor* x = ggml_new_tensor_2d(ctx, GGML_TYPE_F32, n_embd, n_tokens);
  ggml_set_name(x, "inp_embd");
  ggml_set_input(x);
  struct ggml_tensor* cur = ggml_mul_mat(ctx, m->w[0], x);
  ggml_set_name(cur, "ffn_up-0");
  cur = ggml_add(ctx, cur, m->b[0]);
  ggml_set_name(cur, "ffn_up_b-0");
  cur = ggml_relu(ctx, cur);
  ggml_set_name(cur, "ffn_act-0");
  cur = ggml_mul_mat(ctx, m->w[1], cur);
  ggml_set_name(cur, "ffn_down-1");
  cur = ggml_add(ctx, cur, m->b[1]);
  ggml_set_name(cur, "ffn_down_b-1");
  cur = ggml_cont(ctx, ggml_transpose(ctx, cur));
  ggml_set_name(cur, "transposed");
  cur = ggml_view_1d(ctx, cur, n_embd * n_tokens / 2, 0);
  ggml_set_name(cur, "first_half");
  cur = ggml_soft_max(ctx, ggml_scale(ctx, cur, 0.125f));
  ggml_set_name(cur, "result_output");
  ggml_set_output(cur);
  struct ggml_cgraph* gf = ggml_new_graph(ctx);
  ggml_build_forward_expand(gf, cur);
  *input = x;
  return gf;
}

static void fill(struct ggml_tensor* t, float scale) {
  const int64_t n = ggml_nelements(t);
  float* v = malloc((size_t)n * sizeof(float));
  for (int64_t i = 0; i < n; ++i) v[i] = scale * (float)((i * 7919) % 97 - 48) / 97.0f;
  ggml_backend_tensor_set(t, v, 0, ggml_nbytes(t));
  free(v);
}

static double output_sum(struct ggml_cgraph* gf) {
  struct ggml_tensor* out = ggml_graph_node(gf, -1);
  const int64_t n = ggml_nelements(out);
  float* v = malloc(ggml_nbytes(out));
  ggml_backend_tensor_get(out, v, 0, ggml_nbytes(out));
  double sum = 0;
  for (int64_t i = 0; i < n; ++i) sum += v[i] * (double)(i % 13);
  free(v);
  return sum;
}

int main(int argc, char** argv) {
  int steps = 3, use_gallocr = 0;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--steps") && i + 1 < argc) {
      steps = atoi(argv[++i]);
    } else if (!strcmp(argv[i], "--gallocr")) {
      use_gallocr = 1;
    } else {
      fprintf(stderr, "usage: %s [--steps N] [--gallocr]\n", argv[0]);
      return 2;
    }
  }

  ggml_backend_t cpu = ggml_backend_cpu_init();
  ggml_backend_cpu_set_n_threads(cpu, 1);  // steady timings for the overhead figure

  struct model m;
  struct ggml_context* ctx_w = new_context(4, 0);
  m.w[0] = ggml_new_tensor_2d(ctx_w, GGML_TYPE_F32, n_embd, n_ff);
  m.b[0] = ggml_new_tensor_1d(ctx_w, GGML_TYPE_F32, n_ff);
  m.w[1] = ggml_new_tensor_2d(ctx_w, GGML_TYPE_F32, n_ff, n_embd);
  m.b[1] = ggml_new_tensor_1d(ctx_w, GGML_TYPE_F32, n_embd);
  ggml_set_name(m.w[0], "blk.0.ffn_up.weight");
  ggml_set_name(m.b[0], "blk.0.ffn_up.bias");
  ggml_set_name(m.w[1], "blk.1.ffn_down.weight");
  ggml_set_name(m.b[1], "blk.1.ffn_down.bias");
  ggml_backend_buffer_t weights = ggml_backend_alloc_ctx_tensors(ctx_w, cpu);
  ggml_backend_buffer_set_usage(weights, GGML_BACKEND_BUFFER_USAGE_WEIGHTS);
  for (int l = 0; l < 2; ++l) {
    fill(m.w[l], 1.0f);
    fill(m.b[l], 0.5f);
  }

  struct ggml_context* ctx = new_context(GGML_DEFAULT_GRAPH_SIZE, 1);
  struct ggml_tensor* x;
  struct ggml_cgraph* gf = build_graph(ctx, &m, &x);
  printf("nodes %d\n", ggml_graph_n_nodes(gf));
  for (int i = 0; i < ggml_graph_n_nodes(gf); ++i) {
    struct ggml_tensor* t = ggml_graph_node(gf, i);
    printf("node %d %s %s\n", i, ggml_op_name(t->op), ggml_get_name(t));
  }

  ggml_backend_sched_t sched = ggml_backend_sched_new(&cpu, NULL, 1, GGML_DEFAULT_GRAPH_SIZE, false, true);
  if (!ggml_backend_sched_reserve(sched, gf)) {
    fprintf(stderr, "reserve failed\n");
    return 1;
  }
  printf("reserve_buffer %s %zu\n", ggml_backend_name(cpu), ggml_backend_sched_get_buffer_size(sched, cpu));

  const double start = now_us();
  for (int s = 0; s < steps; ++s) {
    ggml_backend_sched_reset(sched);
    if (!ggml_backend_sched_alloc_graph(sched, gf)) {
      fprintf(stderr, "alloc failed\n");
      return 1;
    }
    fill(x, 1.0f + (float)s);
    enum ggml_status st;
    if (s % 2 == 0) {
      st = ggml_backend_sched_graph_compute(sched, gf);
    } else {
      st = ggml_backend_sched_graph_compute_async(sched, gf);
      ggml_backend_sched_synchronize(sched);
    }
    if (st != GGML_STATUS_SUCCESS) {
      fprintf(stderr, "compute failed: %d\n", (int)st);
      return 1;
    }
  }
  const double elapsed = now_us() - start;
  printf("splits %d\n", ggml_backend_sched_get_n_splits(sched));
  printf("compute_buffer %s %zu\n", ggml_backend_name(cpu), ggml_backend_sched_get_buffer_size(sched, cpu));

  if (use_gallocr) {
    struct ggml_context* ctx2 = new_context(GGML_DEFAULT_GRAPH_SIZE, 1);
    struct ggml_tensor* x2;
    struct ggml_cgraph* gf2 = build_graph(ctx2, &m, &x2);
    ggml_gallocr_t galloc = ggml_gallocr_new(ggml_backend_get_default_buffer_type(cpu));
    if (!ggml_gallocr_reserve(galloc, gf2) || !ggml_gallocr_alloc_graph(galloc, gf2)) {
      fprintf(stderr, "gallocr failed\n");
      return 1;
    }
    printf("gallocr_buffer %zu\n", ggml_gallocr_get_buffer_size(galloc, 0));
    ggml_gallocr_free(galloc);
    ggml_free(ctx2);
  }

  printf("output %.6f\n", steps > 0 ? output_sum(gf) : 0.0);
  printf("us_per_step %.2f\n", steps > 0 ? elapsed / steps : 0.0);
  ggml_backend_sched_free(sched);
  ggml_free(ctx);
  ggml_backend_buffer_free(weights);
  ggml_free(ctx_w);
  ggml_backend_free(cpu);
  return 0;
}
