#!/usr/bin/env bash
# Builds libllama of llama.cpp da46e59c (CPU only, ../shared/reference/README.md) and reference.cpp
# against it, then writes what llama.cpp reserves and computes for the shared models, one line a
# configuration, to stories260K.tsv beside this script. Run by hand (about 10 minutes on 2 cores);
# CI never builds llama.cpp, it reads the committed file.
#
#   tests/data/llama_cpp/make_reference.sh [BUILD_DIR]     (default /tmp/build-llama)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
shared="${PLANSCOPE_SHARED_DIR:-$root/../shared}"
llama="$shared/reference/llama.cpp-da46e59c"
build="${1:-/tmp/build-llama}"

cmake -S "$llama" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGGML_NATIVE=ON -DLLAMA_BUILD_COMMON=OFF \
  -DLLAMA_BUILD_TOOLS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_SERVER=OFF \
  -DLLAMA_BUILD_APP=OFF -DLLAMA_BUILD_UI=OFF -DLLAMA_BUILD_MTMD=OFF -DLLAMA_OPENSSL=OFF >/dev/null
cmake --build "$build" --target llama
c++ -std=c++17 -O1 "$here/reference.cpp" -I"$llama/include" -I"$llama/src" -I"$llama/ggml/include" \
  -L"$build/bin" -lllama -lggml -lggml-base -Wl,-rpath,"$build/bin" -o "$build/planscope-reference"

model="$shared/models/stories260K.gguf"
prompt="1,403,407,261,378" # planscope-cli run's test prompt (tests/app/test_cli_run.cpp)
out="$here/stories260K.tsv"
tmp="$out.tmp"
: > "$tmp"
for ctx in 64 512; do
  for batch in 8 32; do
    for kv in f16 f32; do
      for fa in off on; do
        tokens=()
        [ "$kv" = f32 ] && [ "$fa" = off ] && tokens=("$prompt")
        "$build/planscope-reference" "$model" "$ctx" "$batch" "$batch" "$kv" "$fa" "${tokens[@]}" >> "$tmp"
      done
    done
  done
done
mv "$tmp" "$out"
echo "wrote $out"
