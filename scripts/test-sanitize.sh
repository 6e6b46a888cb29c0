#!/usr/bin/env bash
# Builds Planscope with ASan + UBSan (-DPLANSCOPE_SANITIZE=ON) and runs the whole ctest suite:
# a leak fails its test unless tests/sanitizers/lsan.supp lists it (third-party libraries only),
# and so does any UBSan report. docs/fuzzing.md says more.
#
#   scripts/test-sanitize.sh [CTEST ARGS...]    e.g. -R test_gguf, -E scratch_render
#
# PLANSCOPE_SANITIZE_BUILD names the build dir (default build-sanitize).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${PLANSCOPE_SANITIZE_BUILD:-$root/build-sanitize}"

"$root/scripts/install-deps.sh"
# Debug (assertions on) with -g1 for Debug's -g: line numbers in every report for less compile
# time. -O0, as instrumented code compiles a third faster unoptimised than at -O1; no benchmarks,
# the suite does not run them. The engine and UI compile in unity batches: unoptimised, parsing the
# headers is most of their cost. Shared engine and UI libraries: statically linked, each of the
# hundred test programs carried the instrumented engine's 120-190 MB and took 2-3 s to link.
# docs/fuzzing.md has the figures.
# The RPC tests' server (ggml's, uninstrumented either way) from the Release build when it has one.
rpc_server="$root/build/tests/rpc/rpc-server-build/rpc-server"
[ -x "$rpc_server" ] || rpc_server=""
cmake -S "$root" -B "$build" -G Ninja -DPLANSCOPE_SANITIZE=ON -DPLANSCOPE_BUILD_TESTS=ON -DBUILD_SHARED_LIBS=ON \
  -DPLANSCOPE_BUILD_BENCH=OFF -DPLANSCOPE_UNITY_BUILD=ON -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-O0 -g1" \
  -DCMAKE_CXX_FLAGS_DEBUG="-O0 -g1" -DPLANSCOPE_RPC_SERVER="$rpc_server"
cmake --build "$build"

# use_sigaltstack=0: PoCL's LLVM installs an alternate signal stack of its own on the thread that
# probes OpenCL; when that thread ends, ASan unmaps the stack it expects and aborts ("unable to
# unmap", test_execution and test_split_replay on an AMD EPYC VM).
export ASAN_OPTIONS="detect_leaks=1:use_sigaltstack=0"
export LSAN_OPTIONS="suppressions=$root/tests/sanitizers/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export QT_QPA_PLATFORM=offscreen
cd "$build"
ctest --output-on-failure -j"$(nproc)" "$@"
