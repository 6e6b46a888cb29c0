#include "layout_check.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace planscope::capture {
namespace {

std::string differs(const char* what, std::uint64_t here, std::uint64_t loaded) {
  return std::string(what) + ": " + std::to_string(here) + " here, " + std::to_string(loaded) + " loaded";
}

// The checks on a context whose memory the caller owns; the first difference wins, as a wrong
// size makes every later field read meaningless.
std::string check_in(const ggml_api& api, ggml_context* ctx, const unsigned char* arena) {
  ggml_tensor* t = api.ggml_new_tensor_4d(ctx, GGML_TYPE_F32, 2, 3, 5, 7);
  if (!t) return "ggml_new_tensor_4d failed";
  // The first object's header sits at the start of the arena, its tensor right after it:
  // ggml_tensor_overhead() less that header is the loaded sizeof(struct ggml_tensor).
  const auto header = static_cast<std::uint64_t>(reinterpret_cast<const unsigned char*>(t) - arena);
  const std::uint64_t overhead = api.ggml_tensor_overhead();
  if (header >= overhead || overhead - header != sizeof(ggml_tensor)) {
    return differs("tensor_size", sizeof(ggml_tensor), header < overhead ? overhead - header : 0);
  }
  // ne, nb and the loaded ggml_nbytes of them: GGML_MAX_DIMS.
  const std::int64_t ne[4] = {2, 3, 5, 7};
  const std::size_t nb[4] = {4, 8, 24, 120};
  for (int i = 0; i < 4; ++i) {
    if (t->ne[i] != ne[i]) return differs("ne", static_cast<std::uint64_t>(ne[i]), static_cast<std::uint64_t>(t->ne[i]));
    if (t->nb[i] != nb[i]) return differs("nb", nb[i], t->nb[i]);
  }
  if (api.ggml_nbytes(t) != 840) return differs("ggml_nbytes", 840, api.ggml_nbytes(t));
  // A name longer than any: ggml keeps GGML_MAX_NAME - 1 bytes of it, at our name's offset.
  char long_name[1024];
  std::memset(long_name, 'n', sizeof long_name - 1);
  long_name[sizeof long_name - 1] = '\0';
  api.ggml_set_name(t, long_name);
  if (api.ggml_get_name(t) != t->name) return "name: not at this offset";
  const std::size_t kept = strnlen(t->name, GGML_MAX_NAME);
  if (kept != GGML_MAX_NAME - 1) return differs("max_name", GGML_MAX_NAME, kept + 1);
  // A view: op, its op_params (the offset), src[0], view_src and view_offs lie past op_params and
  // src[GGML_MAX_SRC]; the output flag past op_params. Any other GGML_MAX_OP_PARAMS or
  // GGML_MAX_SRC moves them.
  ggml_tensor* v = api.ggml_view_1d(ctx, t, 3, 8);
  if (!v) return "ggml_view_1d failed";
  api.ggml_set_output(v);
  std::size_t offs_param = 0;
  std::memcpy(&offs_param, v->op_params, sizeof offs_param);
  if (v->op != GGML_OP_VIEW) return differs("op", GGML_OP_VIEW, static_cast<std::uint64_t>(v->op));
  if (offs_param != 8) return differs("max_op_params (op_params)", 8, offs_param);
  if (v->flags != GGML_TENSOR_FLAG_OUTPUT) return differs("max_op_params (flags)", GGML_TENSOR_FLAG_OUTPUT, static_cast<std::uint64_t>(v->flags));
  if (v->src[0] != t) return "max_op_params (src): the view's source is not at this offset";
  for (int i = 1; i < GGML_MAX_SRC; ++i) {
    if (v->src[i]) return "max_src: a view with more than one source";
  }
  if (v->view_src != t || v->view_offs != 8) return "max_src (view_src): the view's source is not at this offset";
  return {};
}

}  // namespace

std::string layout_difference(const ggml_api& api) {
  // Room for both tensors whatever the loaded sizes, so that ggml never runs out and aborts.
  const std::size_t overhead = api.ggml_tensor_overhead();
  if (overhead == 0 || overhead > (1u << 20)) return differs("ggml_tensor_overhead", sizeof(ggml_tensor), overhead);
  const std::size_t size = (4 * overhead + 256 + 63) / 64 * 64;  // aligned_alloc wants a multiple
  auto* arena = static_cast<unsigned char*>(std::aligned_alloc(64, size));
  if (!arena) return "out of memory";
  std::memset(arena, 0, size);
  ggml_context* ctx = api.ggml_init({size, arena, true});
  std::string difference = ctx ? check_in(api, ctx, arena) : "ggml_init failed";
  if (ctx) api.ggml_free(ctx);
  std::free(arena);
  return difference;
}

}  // namespace planscope::capture
