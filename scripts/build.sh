#!/usr/bin/env bash
# Configures and builds alphactor. Usage: scripts/build.sh [BUILD_DIR] [extra cmake args...]
# BUILD_DIR defaults to build/. Uses ccache when it is installed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$root/build}
shift || true
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # Relative paths and no working-directory hash: a fresh clone elsewhere reuses the cache.
  export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=true
  # app/ compiles with a precompiled header (CLI11): ccache caches such a compile only when
  # told not to track the macros the header defines (it hashes the .gch itself) and to accept
  # a header newer than the compile's start (a fresh build makes the .gch just before).
  # Without it every compile of app/ was uncacheable, in every configuration CI builds.
  export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
fi
cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=${BUILD_TYPE:-Release} "${launcher[@]}" "$@" >/dev/null
cmake --build "$dir" -j "$(nproc)" -- --no-print-directory
