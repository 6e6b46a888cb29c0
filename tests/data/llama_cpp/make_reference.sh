#!/usr/bin/env bash
# Builds libllama of llama.cpp da46e59c (CPU only, ../shared/reference/README.md) and reference.cpp
# against it, writes the test models (tests/support/model_zoo.h) with planscope-make-test-models,
# then what llama.cpp reserves and computes for the shared models and for every test model, one
# line a configuration, beside this script (README.md lists the files). Run by hand (about 10
# minutes on 2 cores for libllama, then about 2 minutes); CI never builds llama.cpp, it reads the
# committed files.
#
#   tests/data/llama_cpp/make_reference.sh [BUILD_DIR]     (default /tmp/build-llama)
#
# PLANSCOPE_REFERENCE: a reference.cpp already built (then neither libllama nor it is built again);
# PLANSCOPE_BUILD: Planscope's build directory (default build/ of this checkout), where the target
# planscope-make-test-models is built, unless PLANSCOPE_MAKE_TEST_MODELS names the tool already built;
# ZOO_DIR: where the test models are written (default /tmp/planscope-zoo: the shape-only ones are
# sparse files of up to 40 GB apparent size, which belong in /tmp and never in git).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
shared="${PLANSCOPE_SHARED_DIR:-$root/../shared}"
llama="$shared/reference/llama.cpp-da46e59c"
build="${1:-/tmp/build-llama}"
planscope_build="${PLANSCOPE_BUILD:-$root/build}"
zoo="${ZOO_DIR:-/tmp/planscope-zoo}"

reference="${PLANSCOPE_REFERENCE:-}"
if [ -z "$reference" ]; then
cmake -S "$llama" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGGML_NATIVE=ON -DLLAMA_BUILD_COMMON=OFF \
  -DLLAMA_BUILD_TOOLS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_SERVER=OFF \
  -DLLAMA_BUILD_APP=OFF -DLLAMA_BUILD_UI=OFF -DLLAMA_BUILD_MTMD=OFF -DLLAMA_OPENSSL=OFF >/dev/null
cmake --build "$build" --target llama
# ggml/src for ggml-impl.h: the graph dump reads a graph's leafs, which have no public accessor.
c++ -std=c++17 -O1 "$here/reference.cpp" -I"$llama/include" -I"$llama/src" -I"$llama/ggml/include" -I"$llama/ggml/src" \
  -L"$build/bin" -lllama -lggml -lggml-base -Wl,-rpath,"$build/bin" -o "$build/planscope-reference"
reference="$build/planscope-reference"
fi

# The shared model stories260K.gguf.
model="$shared/models/stories260K.gguf"
prompt="1,403,407,261,378" # planscope-cli run's test prompt (tests/app/test_cli_run.cpp)
out="$here/stories260K.tsv"
: > "$out.tmp"
for ctx in 64 512; do
  for batch in 8 32; do
    for kv in f16 f32; do
      for fa in off on; do
        tokens=()
        [ "$kv" = f32 ] && [ "$fa" = off ] && tokens=("$prompt")
        "$reference" "$model" "$ctx" "$batch" "$batch" "$kv" "$fa" "${tokens[@]}" >> "$out.tmp"
      done
    done
  done
done
mv "$out.tmp" "$out"

# The test models, and their checksums (zoo_models.tsv) that test_model_zoo compares.
tool="${PLANSCOPE_MAKE_TEST_MODELS:-}"
if [ -z "$tool" ]; then
  cmake --build "$planscope_build" --target planscope-make-test-models
  tool="$planscope_build/tests/support/planscope-make-test-models"
fi
"$tool" "$zoo" > "$here/zoo_models.tsv.tmp"
mv "$here/zoo_models.tsv.tmp" "$here/zoo_models.tsv"
declare -A sum
while IFS=$'\t' read -r name _ shape_only _ _ _ fnv; do
  sum[${name#model=}]="$fnv"
done < "$here/zoo_models.tsv"

# Tiny models and their variants: n_ctx 64, n_batch = n_ubatch 8, K/V f16 and f32, flash attention
# off and on; the prompt's logits with f32 K/V and flash attention off; the prompt graph with f16 K/V.
zoo_prompt="1,17,42,99,200" # model_zoo.h zoo_prompt
mkdir -p "$here/graphs"
: > "$here/zoo_tiny.tsv.tmp"
: > "$here/zoo_real.tsv.tmp"
: > "$here/zoo_variants.tsv.tmp"
while IFS=$'\t' read -r name kind; do
  file="$zoo/$name.gguf"
  if [ "$kind" = tiny ] || [ "$kind" = variant ]; then
    rows="$here/zoo_tiny.tsv.tmp"
    [ "$kind" = variant ] && rows="$here/zoo_variants.tsv.tmp"
    # q4_0 weights would go to CPU_REPACK where the CPU has the kernels for it: kept mapped.
    flags=()
    case "$name" in *q4_0*) flags=(--no-repack) ;; esac
    for kv in f16 f32; do
      for fa in off on; do
        args=("${flags[@]}")
        [ "$kv" = f16 ] && args+=(--graph "$here/graphs/$name.fa-$fa.tsv")
        tokens=()
        [ "$kv" = f32 ] && [ "$fa" = off ] && tokens=("$zoo_prompt")
        line="$("$reference" "${args[@]}" "$file" 64 8 8 "$kv" "$fa" "${tokens[@]}")"
        printf '%s\t%s\n' "$line" "${sum[$name.gguf]}" >> "$rows"
      done
    done
  else
    # Shape-only real sizes: metadata only, every allocation simulated.
    for fa in off on; do
      line="$("$reference" --no-alloc "$file" 4096 512 512 f16 "$fa")"
      printf '%s\t%s\n' "$line" "${sum[$name.gguf]}" >> "$here/zoo_real.tsv.tmp"
    done
  fi
done < <("$tool" --list)
mv "$here/zoo_tiny.tsv.tmp" "$here/zoo_tiny.tsv"
mv "$here/zoo_real.tsv.tmp" "$here/zoo_real.tsv"
mv "$here/zoo_variants.tsv.tmp" "$here/zoo_variants.tsv"

# Other context configurations, f16 K/V, flash attention off and on: a ubatch of 32 in n_ctx 512,
# a batch of 32 in ubatches of 8, two sequences (split and unified), the SWA cache at its window.
: > "$here/zoo_configs.tsv.tmp"
config() { # MODEL FLAGS... N_CTX N_BATCH N_UBATCH KV FA
  local model="$1"
  shift
  line="$("$reference" "${@:1:$#-5}" "$zoo/$model.gguf" "${@: -5}")"
  printf '%s\t%s\n' "$line" "${sum[$model.gguf]}" >> "$here/zoo_configs.tsv.tmp"
}
for model in llama qwen3moe gemma3 gpt-oss deepseek2; do
  for fa in off on; do
    config "$model" 512 512 32 f16 "$fa"
    config "$model" 64 32 8 f16 "$fa"
    config "$model" --seqs 2 512 8 8 f16 "$fa"
    config "$model" --seqs 2 --unified 512 8 8 f16 "$fa"
    config "$model" --swa-full 0 512 512 32 f16 "$fa"
  done
done
# Quantized caches (K's head size a multiple of 32): q8_0 K with flash attention off and on, q8_0
# K and V (V quantized needs flash attention), q4_0 K.
for model in qwen3 qwen3moe llama-mha64 llama-h128; do
  config "$model" 64 8 8 q8_0:f16 off
  config "$model" 64 8 8 q8_0:f16 on
  config "$model" 64 8 8 q8_0 on
  config "$model" 64 8 8 q4_0:f16 off
done
mv "$here/zoo_configs.tsv.tmp" "$here/zoo_configs.tsv"
echo "wrote $out, zoo_models.tsv, zoo_tiny.tsv, zoo_real.tsv, zoo_variants.tsv, zoo_configs.tsv and graphs/ in $here"
