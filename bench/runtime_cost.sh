#!/usr/bin/env bash
# The cost of the runtime itself at 4096 actors on DB(12): resident bytes per idle actor, and
# messages per second in sim mode (through CAF's testing coordinator) and in real mode.
# Usage: bench/runtime_cost.sh [BUILD_DIR] [PROCESSORS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build}/alphactor
exec "$bin" runtime-bench --processors "${2:-4096}" --topology debruijn --threads 2
