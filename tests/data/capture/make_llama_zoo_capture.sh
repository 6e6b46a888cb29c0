#!/usr/bin/env bash
# Records llama.cpp da46e59c reserving the tiny zoo models (tests/support/model_zoo.h) under
# libplanscope-capture.so, for the what-if on devices (tests/engine/test_capture_devices.cpp):
# llama-cpp-zoo.pscap holds one run a model, each its first prompt reserve only (n_ctx 256,
# n_batch = n_ubatch 16, f16 cache, flash attention off, on the CPU). Run by hand after
# tests/data/llama_cpp/make_reference.sh has built libllama and its reference program (CI never
# builds llama.cpp; it reads this file).
#
#   tests/data/capture/make_llama_zoo_capture.sh [BUILD_DIR]     (default /tmp/build-llama)
#
# PLANSCOPE_BUILD: Planscope's build directory (default build/ of this checkout), with planscope-cli,
# the capture library and planscope-make-test-models; ZOO_DIR: where the models are written.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
build="${1:-/tmp/build-llama}"
planscope_build="${PLANSCOPE_BUILD:-$root/build}"
zoo="${ZOO_DIR:-/tmp/planscope-zoo}"
models=(llama32-tied gemma3 qwen3moe gpt-oss)
mkdir -p "$zoo"
"$planscope_build/tests/support/planscope-make-test-models" "$zoo" "${models[@]}" >/dev/null
out="$here/llama-cpp-zoo.pscap"
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
: > "$out"
for m in "${models[@]}"; do
  rm -f "$tmp"
  "$planscope_build/app/planscope-cli" capture --output "$tmp" -- "$build/planscope-reference" \
    "$zoo/$m.gguf" 256 16 16 f16 off >/dev/null 2>&1
  # The header, the first graph record (the run's first reserve) and the end record.
  python3 - "$tmp" >> "$out" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
print(lines[0])
print(next(l for l in lines[1:] if json.loads(l).get("record") == "graph"))
print(lines[-1])
PY
done
