#!/usr/bin/env bash
# Records llama.cpp da46e59c computing stories260K under libplanscope-capture.so (docs/capture.md):
# llama-cpp-stories260K.pscap, two runs (flash attention off, then on), each llama.cpp's three
# reserves (pp, tg, pp), the alloc_graph and the compute of an 8-token prompt, n_ctx 512,
# n_batch = n_ubatch 8, f16 KV cache. Run by hand after tests/data/llama_cpp/make_reference.sh has
# built libllama and its reference program (CI never builds llama.cpp; it reads this file).
#
#   tests/data/capture/make_llama_capture.sh [BUILD_DIR]     (default /tmp/build-llama)
#
# PLANSCOPE_BUILD: Planscope's build directory (default build/ of this checkout), with planscope-cli
# and the capture library.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
shared="${PLANSCOPE_SHARED_DIR:-$root/../shared}"
build="${1:-/tmp/build-llama}"
planscope_build="${PLANSCOPE_BUILD:-$root/build}"
out="$here/llama-cpp-stories260K.pscap"
rm -f "$out"
for fa in off on; do
  "$planscope_build/app/planscope-cli" capture --output "$out" -- "$build/planscope-reference" \
    "$shared/models/stories260K.gguf" 512 8 8 f16 "$fa" 1,403,407,261,378,432,383,286 >/dev/null
done
