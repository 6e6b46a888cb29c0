#include "ggml_api.h"

#include <dlfcn.h>

#include <mutex>

namespace planscope::capture {
namespace {

// RTLD_NEXT finds ggml in the global scope; a libggml-base opened with RTLD_LOCAL (a plugin host)
// is reached by its name when it is already loaded.
void* lookup(const char* name) {
  if (void* f = dlsym(RTLD_NEXT, name)) return f;
  for (const char* lib : {"libggml-base.so", "libggml-base.so.0", "libggml-cpu.so", "libggml.so"}) {
    void* handle = dlopen(lib, RTLD_LAZY | RTLD_NOLOAD);
    if (!handle) continue;
    void* f = dlsym(handle, name);
    dlclose(handle);  // NOLOAD took one more reference; the library stays loaded
    if (f) return f;
  }
  return nullptr;
}

ggml_api resolve() {
  ggml_api api;
#define PLANSCOPE_CAPTURE_FORWARD_LOOKUP(name) \
  api.name = reinterpret_cast<decltype(&::name)>(lookup(#name));
#define PLANSCOPE_CAPTURE_RECORD_LOOKUP(name)                           \
  api.name = reinterpret_cast<decltype(&::name)>(lookup(#name));       \
  if (!api.name && !api.missing) api.missing = #name;
  PLANSCOPE_CAPTURE_FORWARDED(PLANSCOPE_CAPTURE_FORWARD_LOOKUP)
  PLANSCOPE_CAPTURE_RECORDING(PLANSCOPE_CAPTURE_RECORD_LOOKUP)
#undef PLANSCOPE_CAPTURE_FORWARD_LOOKUP
#undef PLANSCOPE_CAPTURE_RECORD_LOOKUP
  return api;
}

}  // namespace

const ggml_api& loaded_ggml() {
  // A function-local static: initialised once under the C++ runtime's guard, never throws.
  static const ggml_api api = resolve();
  return api;
}

}  // namespace planscope::capture
