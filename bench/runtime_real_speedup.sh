#!/usr/bin/env bash
# Real mode, 2 threads vs the best sequential search on the same machine, in one run each:
# `alphactor search --algorithm ybwc --mode real` first times the sequential baseline (the
# faster of PVS and alpha-beta, same depth and tables), then the actors. Repeats each position
# REPEATS times and prints every speedup and the median (issue 5 target: >= 1.8).
# Usage: bench/runtime_real_speedup.sh [BUILD_DIR] [REPEATS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build}/alphactor
repeats=${2:-5}
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
run() {  # run LABEL ARGS...
  local label=$1; shift
  local s1=() s2=()
  for _ in $(seq "$repeats"); do
    out=$("$bin" search "$@" --algorithm ybwc --mode real --threads 2 -p 1,2 --json)
    mapfile -t sp < <(echo "$out" | grep -o '"speedup":[0-9.e+-]*' | cut -d: -f2)
    s1+=("${sp[0]}"); s2+=("${sp[1]}")
  done
  printf '%-44s P=1 %s (median %s)   P=2 %s (median %s)\n' "$label" "${s1[*]}" \
    "$(printf '%s\n' "${s1[@]}" | median)" "${s2[*]}" "$(printf '%s\n' "${s2[@]}" | median)"
}
echo "speedup T(sequential) / T(ybwc, real mode, 2 threads), $repeats runs each"
run "tree ordered:w=8,d=13,p=0.7 depth 13" --tree ordered:w=8,d=13,p=0.7,seed=3 --depth 13 --cut-wait 2
# PVS windows: with alpha-beta windows the actors search ~17 % more nodes than the sequential
# PVS, which is the faster baseline on this tree (sim P = 2: speedup 1.78 vs 2.15).
run "tree random:w=8,d=10 depth 10" --tree random:w=8,d=10,seed=3 --depth 10
if "$bin" search --game chess --help >/dev/null 2>&1 && "$bin" search --help | grep -q -- --fen; then
  for fen in "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3" \
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"; do
    run "chess ${fen:0:30}... depth 7" --game chess --fen "$fen" --depth 7 --table-kb 4096
  done
fi
