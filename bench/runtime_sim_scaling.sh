#!/usr/bin/env bash
# Issue 5's sim benchmark (virtual time, deterministic): YBWC with each processor's local table
# on the 24 Bratko-Kopec positions, transputer1990 costs, De Bruijn network, P = 1, 4, 8, 16,
# 32, 64 (configs/bk-transputer.toml). Prints the run's table: per P the speedup
# sum T(1) / sum T(P), search overhead, load and messages (the "all" lines).
# Depth 6 by default: its 7 runs (sequential, then 6 processor counts) take about 1.5 minutes
# here (2026-12; depth 5: ~62k nodes a position, too small to split well; depth 7 several
# times longer). ZUGZWANG's 7-ply trees were ~3.1M nodes a position.
# With `trees` as the third argument it also runs configs/ybwc-trees-scaling.toml (~30 s).
# Usage: bench/runtime_sim_scaling.sh [BUILD_DIR] [DEPTH] [trees]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build}/alphactor
depth=${2:-6}
cd "$(mktemp -d)"
"$bin" run "$root/configs/bk-transputer.toml" --set depth="$depth"
[ "${3:-}" = trees ] && "$bin" run "$root/configs/ybwc-trees-scaling.toml"
exit 0
