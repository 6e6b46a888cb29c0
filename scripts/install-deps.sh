#!/usr/bin/env bash
# Installs every Debian 12 package Planscope's build, tests, benchmarks and fuzzers need
# (clang-14 with libFuzzer, python3 for the fuzz seeds: scripts/fuzz.sh; a CJK font for the zh_CN UI).
# Idempotent: when everything is present it only runs dpkg-query and exits.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git lld
  qt6-base-dev qt6-base-dev-tools qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools
  qt6-l10n-tools qt6-translations-l10n libgl-dev libvulkan-dev
  libgraphviz-dev graphviz
  ocl-icd-opencl-dev opencl-headers pocl-opencl-icd clinfo
  nlohmann-json3-dev libbenchmark-dev
  xvfb xauth imagemagick fonts-dejavu-core fonts-wqy-microhei
  clang-14 libclang-rt-14-dev python3
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
