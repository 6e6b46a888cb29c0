#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz with clang (engine only, ASan + UBSan) and runs each
# for SECONDS, as many at a time as there are cores. docs/fuzzing.md says more.
#
#   scripts/fuzz.sh SECONDS [TARGET...]     TARGET: gguf graph_json ggml_dot dsa_csv sched_log capture (default: all)
#
# Environment: PLANSCOPE_FUZZ_BUILD (build dir, default build-fuzz), PLANSCOPE_SHARED_DIR (models
# and traces for seeds, default ../shared), PLANSCOPE_FUZZ_ARGS (more libFuzzer flags, e.g.
# "-fork=1 -ignore_crashes=1" to go on after a finding), PLANSCOPE_FUZZ_CC/PLANSCOPE_FUZZ_CXX
# (default clang-14/clang++-14, Debian 12's, else clang/clang++), PLANSCOPE_FUZZ_JOBS (fuzzers at
# a time, default: the number of cores).
# Exits 1 when a fuzzer found something and prints the paths of the inputs that show it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
all_targets=(gguf graph_json ggml_dot dsa_csv sched_log capture rpc_reply)

usage() { echo "usage: $0 SECONDS [${all_targets[*]}]" >&2; exit 2; }
[ $# -ge 1 ] && [[ "$1" =~ ^[1-9][0-9]*$ ]] || usage
seconds="$1"
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
for t in "${targets[@]}"; do
  [[ " ${all_targets[*]} " == *" $t "* ]] || { echo "fuzz: unknown target '$t'" >&2; usage; }
done

"$root/scripts/install-deps.sh"
build="${PLANSCOPE_FUZZ_BUILD:-$root/build-fuzz}"
shared="${PLANSCOPE_SHARED_DIR:-$root/../shared}"
cc="${PLANSCOPE_FUZZ_CC:-$(command -v clang-14 || echo clang)}"
cxx="${PLANSCOPE_FUZZ_CXX:-$(command -v clang++-14 || echo clang++)}"
# -O1 -g1: fast enough to fuzz, line numbers in reports; Debug keeps the engine's assertions.
# Unity batches: 634 s of a core instead of 928 (docs/fuzzing.md).
cmake -S "$root" -B "$build" -G Ninja -DPLANSCOPE_FUZZ=ON -DPLANSCOPE_OPENCL=OFF -DPLANSCOPE_UNITY_BUILD=ON \
  -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-O1 -g1" -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" >/dev/null
cmake --build "$build" --target $(printf 'fuzz_%s ' "${targets[@]}")

# Largest input per format: the whole of stories260K.gguf (1,185,376 bytes) for GGUF; tens of
# kilobytes hold every structure of the text formats and keep each run in milliseconds.
declare -A max_len=([gguf]=1200000 [graph_json]=65536 [ggml_dot]=65536 [dsa_csv]=16384 [sched_log]=65536 [capture]=65536 [rpc_reply]=4096)

# Copies the files named PATTERN in DIRS that fit LIMIT bytes into DEST; seeds are not committed
# twice, they are copied from where they live at each run.
add_seeds() {
  local dest="$1" limit="$2" pattern="$3" d
  shift 3
  for d in "$@"; do
    [ -d "$d" ] || continue
    find "$d" -maxdepth 1 -type f -name "$pattern" -size -"$((limit + 1))"c -exec cp -t "$dest" {} +
  done
}

# Seeds for target $1 into $2: tests/data (malformed/*/ by extension), ../shared, generated GGUFs.
seed() {
  local t="$1" dest="$2" limit="${max_len[$1]}" malformed
  shopt -s nullglob
  malformed=("$root"/tests/data/malformed/*/)
  shopt -u nullglob
  case "$t" in
    gguf)
      python3 "$root/tests/fuzz/make_gguf_seeds.py" "$dest"
      add_seeds "$dest" "$limit" '*.gguf' "$shared/models" "${malformed[@]}" ;;
    graph_json) add_seeds "$dest" "$limit" '*.json' "$root/tests/data/graphs" "${malformed[@]}" ;;
    ggml_dot) add_seeds "$dest" "$limit" '*.dot' "$root/tests/data/dot" "${malformed[@]}" ;;
    dsa_csv) add_seeds "$dest" "$limit" '*.csv' "$shared"/dsa-traces/*/ "${malformed[@]}" ;;
    sched_log) add_seeds "$dest" "$limit" '*.log' "$root/tests/data/sched_debug" "${malformed[@]}" ;;
    capture) add_seeds "$dest" "$limit" '*.pscap' "$root/tests/data/capture" "${malformed[@]}" ;;
    rpc_reply) add_seeds "$dest" "$limit" '*.rpc' "$root/tests/data/rpc" ;;
  esac
}

# Leaks are findings; the suppressions cover third-party libraries only (Graphviz for DOT).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$root/tests/sanitizers/lsan.supp:print_suppressions=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"

# Runs target $1 for $seconds into build-fuzz/runs/$1/ and writes there what it found: a
# summary.txt of lines for the user, findings.txt, the paths of the inputs, and passed when the
# fuzzer ran its time out and found nothing.
run_target() {
  local t="$1" dir="$runs/$1" before rc=0
  rm -rf "$dir/seeds" "$dir/summary.txt" "$dir/passed"
  mkdir -p "$dir/seeds" "$dir/corpus" "$dir/findings"
  seed "$t" "$dir/seeds"
  echo "fuzz: $t for ${seconds}s ($(ls "$dir/seeds" | wc -l) seeds, log $dir/log.txt)"
  before="$dir/seeds" # findings newer than this run's seeds are this run's
  # -malloc_limit_mb: issue 17's memory budget (4 x size + 200 MB for inputs this small). Its 10 s
  # are for the Release CLI (test_cli_malformed); this instrumented build runs about 10 times
  # slower: the largest llama a 400-byte GGUF may ask for (8,192 layers, 286,724 nodes) is built
  # and planned in 1.1 s by the Release CLI and 12 s here, so a unit may take 30 s.
  # shellcheck disable=SC2086
  "$build/tests/fuzz/fuzz_$t" "$dir/corpus" "$dir/seeds" -dict="$root/tests/fuzz/dict/$t.dict" \
    -max_len="${max_len[$t]}" -max_total_time="$seconds" -timeout=30 -report_slow_units=30 -rss_limit_mb=2048 -malloc_limit_mb=256 \
    -artifact_prefix="$dir/findings/" -print_final_stats=1 ${PLANSCOPE_FUZZ_ARGS:-} >"$dir/log.txt" 2>&1 || rc=$?
  find "$dir/findings" -type f -newer "$before" >"$dir/findings.txt"
  {
    if [ ! -s "$dir/findings.txt" ] && [ "$rc" -ne 0 ]; then
      echo "fuzz: $t FAILED with exit code $rc and no input to show for it:"
      tail -n 5 "$dir/log.txt"
    elif [ -s "$dir/findings.txt" ]; then
      echo "fuzz: $t FOUND something (log $dir/log.txt):"
      # What went wrong, and the first frames in Planscope's own code.
      grep -E '^(==[0-9]+==ERROR|==fuzz finding==|SUMMARY|.*runtime error)' "$dir/log.txt" | cut -c1-300 | tail -n 4 || true
      grep -E '^ +#[0-9]+ .*/(engine|tests/fuzz)/[^ ]+\.(cpp|h):[0-9]+' "$dir/log.txt" | grep -v fuzz_support.cpp |
        head -n 4 | cut -c1-300 || true
    else
      touch "$dir/passed"
      echo "fuzz: $t found nothing in $(grep -m1 -oE '^stat::number_of_executed_units: [0-9]+' "$dir/log.txt" |
        grep -oE '[0-9]+$' || echo '?') runs"
    fi
  } >"$dir/summary.txt"
}

# Each fuzzer is one process on one core: as many at a time as there are cores.
runs="$build/runs"
jobs="${PLANSCOPE_FUZZ_JOBS:-$(nproc)}"
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  run_target "$t" &
done
wait

failed=()
for t in "${targets[@]}"; do
  if [ -f "$runs/$t/summary.txt" ]; then
    cat "$runs/$t/summary.txt"
    [ -f "$runs/$t/passed" ] || failed+=("$t")
  else
    echo "fuzz: $t did not run"
    failed+=("$t")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: failed: ${failed[*]}; reproduce a finding with $build/tests/fuzz/fuzz_TARGET FILE:"
  for t in "${failed[@]}"; do cat "$runs/$t/findings.txt" 2>/dev/null || true; done
  exit 1
fi
echo "fuzz: no findings"
