#!/usr/bin/env bash
# Parallel ER (algorithms/er/er.hpp; Steinberg & Solomon 1989) measured: serial ER against
# alpha-beta (nodes) on the paper's random trees and the Othello roots; the speedup curve at
# P = 1..16 (sim, modern costs) with the refinements on and off and at several serial plies;
# the central heap against the distributed one, and the curve to P = 1024; real mode at 2
# threads. Usage: bench/er_steinberg.sh [BIN] (default build/alphactor), from any folder.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build/alphactor}
nodes() { sed -n 's/.*"total":\([0-9]*\).*/\1/p' | head -1; }
echo "== serial ER against alpha-beta, nodes (depth-first, no table)"
printf '%-28s %10s %10s %8s\n' tree alphabeta er er/ab
for t in "random:w=4,d=10,seed=1 10" "random:w=4,d=11,seed=1 11" "random:w=8,d=7,seed=1 7"; do
  set -- $t
  ab=$("$bin" search --tree "$1" --depth "$2" --algorithm alphabeta --no-table --json | nodes)
  er=$("$bin" search --tree "$1" --depth "$2" --algorithm er --no-table --json | nodes)
  printf '%-28s %10s %10s %8.2f\n' "$1" "$ab" "$er" "$(echo "$er / $ab" | bc -l)"
done
k=0
while read -r board side; do
  case $board in \#*) continue ;; esac
  k=$((k + 1))
  ab=$("$bin" search --game othello --board "$board $side" --depth 7 --algorithm alphabeta \
    --no-table --json | nodes)
  er=$("$bin" search --game othello --board "$board $side" --depth 7 --algorithm er --no-table \
    --json | nodes)
  printf '%-28s %10s %10s %8.2f\n' "othello O$k (7 ply)" "$ab" "$er" \
    "$(echo "$er / $ab" | bc -l)"
done <"$root/data/othello/er-steinberg.txt"

row() { # tree depth extra-args...: the P = 16 row's speedup and load
  local tree=$1 depth=$2
  shift 2
  "$bin" search --tree "$tree" --depth "$depth" --algorithm er -p 1,2,4,8,16 --no-iterative "$@" |
    awk '/^[0-9]+ / {printf " P%s %s (load %s%%)", $1, $4, $7} END {print ""}'
}
echo
echo "== speedup against the best sequential search (sim, modern), refinements all on"
for t in "random:w=4,d=10,seed=1 10" "random:w=4,d=11,seed=1 11" "random:w=8,d=7,seed=1 7"; do
  set -- $t
  echo "$1:$(row "$1" "$2")"
done
echo
echo "== R1, refinements (P = 1..16)"
echo "all on:                 $(row random:w=4,d=10,seed=1 10)"
echo "no parallel refutation: $(row random:w=4,d=10,seed=1 10 --no-parallel-refutation)"
echo "no multiple e-nodes:    $(row random:w=4,d=10,seed=1 10 --no-multiple-enodes)"
echo "no early choice:        $(row random:w=4,d=10,seed=1 10 --no-early-choice)"
echo "no speculative r-nodes: $(row random:w=4,d=10,seed=1 10 --no-speculative-rnodes)"
echo "none:                   $(row random:w=4,d=10,seed=1 10 --no-parallel-refutation \
  --no-multiple-enodes --no-early-choice --no-speculative-rnodes)"
echo
echo "== R1, serial ply (the paper's serial depth 7) and processor 0 solving problems"
for sp in 3 4 5 6 7; do
  echo "serial ply $sp:            $(row random:w=4,d=10,seed=1 10 --er-serial-ply $sp)"
done
echo "processor 0 always solves: $(row random:w=4,d=10,seed=1 10 --master-solves)"
echo "processor 0 never solves:  $(row random:w=4,d=10,seed=1 10 --no-master-solves)"
echo
echo "== where the heap lives: central (processor 0) against distributed (stealing from neighbours)"
for t in "random:w=4,d=10,seed=1 10" "random:w=4,d=11,seed=1 11" "random:w=8,d=7,seed=1 7"; do
  set -- $t
  echo "$1 central:    $(row "$1" "$2")"
  echo "$1 distributed:$(row "$1" "$2" --er-heap distributed)"
done
echo
echo "== the curve to P = 1024 on a hypercube, random:w=4,d=14 (about 5M nodes)"
for heap in central distributed; do
  printf '%-12s' "$heap"
  "$bin" search --tree random:w=4,d=14,seed=1 --depth 14 --algorithm er --er-heap "$heap" \
    --topology hypercube -p 1,16,64,256,1024 --no-iterative |
    awk '/^[0-9]+ / {printf " P%s %s (load %s%%)", $1, $4, $7} END {print ""}'
done
echo
echo "== real mode, 2 threads, R1 (against the best sequential search's wall time)"
for heap in central distributed; do
  printf '%-12s' "$heap"
  "$bin" search --tree random:w=4,d=10,seed=1 --depth 10 --algorithm er -p 1,2 --mode real \
    --threads 2 --no-iterative --er-heap "$heap" |
    awk '/^[0-9]+ / {printf " P%s %s", $1, $4} END {print ""}'
done
