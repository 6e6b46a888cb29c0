#!/usr/bin/env bash
# Installs dependencies, builds Planscope (Release) and starts the GUI on its built-in default graph.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPLANSCOPE_UNITY_BUILD=ON
cmake --build "$root/build" --target planscope planscope-cli
exec "$root/build/app/planscope" "$@"
