#!/usr/bin/env bash
# What llama.cpp da46e59c puts in the CPU's extra buffer types (CPU_REPACK, AMX) for the quantised
# test models on this machine's CPU: repack.tsv beside this script (repack_amx.tsv on a CPU with
# AMX: measured on an Intel Xeon with amx_int8, 2026-12-03), one line a configuration, as
# reference.cpp prints it, with the CPU's flags that ggml's extra buffer types check last
# (cpu_features=, /proc/cpuinfo's spelling). The figures depend on the CPU (a build made for it,
# GGML_NATIVE=ON); test_llm_fit passes these features to Planscope's CPU profile. Run by hand after
# make_reference.sh (which builds libllama and reference.cpp): about 2 minutes, most of it reading
# the 3.8 GB sparse llama2-7b file that a mapped load repacks.
#
#   tests/data/llama_cpp/make_repack_reference.sh [BUILD_DIR]     (default /tmp/build-llama)
#
# PLANSCOPE_REFERENCE: reference.cpp's binary (default BUILD_DIR/planscope-reference);
# PLANSCOPE_MAKE_TEST_MODELS: planscope-make-test-models (default build/tests/support/ of this
# checkout); ZOO_DIR: where the test models are written (default /tmp/planscope-zoo).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
build="${1:-/tmp/build-llama}"
reference="${PLANSCOPE_REFERENCE:-$build/planscope-reference}"
tool="${PLANSCOPE_MAKE_TEST_MODELS:-$root/build/tests/support/planscope-make-test-models}"
zoo="${ZOO_DIR:-/tmp/planscope-zoo}"

models=(llama-q4_0 llama-q8_0 llama2-7b mixtral-8x7b qwen3-30b-a3b gpt-oss-20b)
"$tool" "$zoo" "${models[@]}" > /dev/null
# The flags llm_cpu_extra.h reads (device_presets.cpp's cpu_extra_features), sorted.
features="$(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -xE 'avx2|avx512f|avx512_vnni|amx_int8' | sort | paste -sd, -)"
# A CPU with AMX puts its matrices in llama.cpp's AMX buffer type instead: its own file.
case ",$features," in *,amx_int8,*) out="$here/repack_amx.tsv" ;; *) out="$here/repack.tsv" ;; esac
: > "$out.tmp"
row() { printf '%s\tcpu_features=%s\n' "$("$reference" "$@")" "$features" >> "$out.tmp"; }
for fa in off on; do
  # Tiny q4_0 and q8_0 models, mapped: q4_0's matrices repacked, the rest (and all of q8_0) mapped.
  row "$zoo/llama-q4_0.gguf" 64 8 8 f16 "$fa"
  row "$zoo/llama-q8_0.gguf" 64 8 8 f16 "$fa"
  # Llama-2-7B's shape, mapped: every weight read (sparse zeros) and repacked.
  row "$zoo/llama2-7b.gguf" 4096 512 512 f16 "$fa"
done
# The shape-only models without mmap, every allocation simulated (--no-alloc) with the extra buffer
# types kept (--repack): experts (MUL_MAT_ID) repack too.
for m in llama2-7b mixtral-8x7b qwen3-30b-a3b gpt-oss-20b; do
  row --no-alloc --repack "$zoo/$m.gguf" 4096 512 512 f16 on
done
mv "$out.tmp" "$out"
echo "wrote $out ($features)"
