#!/usr/bin/env bash
# Issue 20's benchmark: real mode, 2 threads, with no flag but the problem's own, so that the
# figure is what a user gets. `alphactor search ... --algorithm ybwc -p 2 --mode real
# --threads 2` times the best sequential search (the fastest of PVS and alpha-beta, deepening
# or not) and then the actors in the same process; its speedup is the sequential time over
# the parallel one. Each problem runs REPEATS times (default 5), one problem after another,
# and the median is printed beside the goal (Kiwipete and the Italian opening at depth 8:
# 1.8; random:w=8,d=11,seed=3 at depth 11: 1.6), with the search overhead of every run.
# This VM's timings wander by 10-20 % between runs and a busy second core halves a helper's
# speed: measure on a quiet machine. docs/results/BENCHMARKS.md keeps the figures.
# Usage: bench/real_defaults.sh [BUILD_DIR] [REPEATS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build}/alphactor
repeats=${2:-5}
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
last_field() { grep -o "\"$1\":[0-9.e+-]*" | tail -1 | cut -d: -f2; }  # the P = 2 row's
run() {  # run LABEL GOAL ARGS...
  local label=$1 goal=$2 sp=() so=() out
  shift 2
  for _ in $(seq "$repeats"); do
    out=$("$bin" search "$@" --algorithm ybwc -p 2 --mode real --threads 2 --json)
    sp+=("$(echo "$out" | last_field speedup)")
    so+=("$(echo "$out" | last_field search_overhead_pct)")
  done
  printf '%-34s median %.2f (goal %s)  runs %s  SO %% %s\n' "$label" \
    "$(printf '%s\n' "${sp[@]}" | median)" "$goal" \
    "$(printf '%.2f ' $(printf '%s\n' "${sp[@]}" | sort -g))" \
    "$(printf '%.0f ' "${so[@]}")"
}
echo "real mode, 2 threads, default flags: speedup against the best sequential search, $repeats runs each"
run "Kiwipete, depth 8" 1.8 --game chess --depth 8 \
  --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
run "Italian opening, depth 8" 1.8 --game chess --depth 8 \
  --fen "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
run "random:w=8,d=11,seed=3, depth 11" 1.6 --tree random:w=8,d=11,seed=3 --depth 11
