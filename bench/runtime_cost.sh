#!/usr/bin/env bash
# The cost of the runtime itself as P grows on De Bruijn networks: per P, wall time, peak RSS,
# resident bytes per idle actor and sim messages per second; then the real-mode rate over a
# million messages beside CAF's own ping-pong (app/runtime_bench.hpp).
# Usage: bench/runtime_cost.sh [BUILD_DIR] [PROCESSOR LIST]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build}/alphactor
exec "$bin" runtime-bench --processors "${2:-1024,4096,16384,65536,262144,1048576}" --topology debruijn --threads 2
