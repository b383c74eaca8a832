#!/usr/bin/env bash
# Distributed Tree Search (Ferguson & Korf, AAAI-88; algorithms/dts) measured against the
# paper's figures: prints tables, asserts nothing. About 3-5 minutes on this machine.
#  1. configs/dts-othello.toml as is: 40 Othello positions, 6 ply, P = 1..32, hypercube, sim
#     (modern costs), breadth-first and Bound-and-Branch, static move ordering only (paper:
#     breadth-first 10, Bound-and-Branch 12 at 32 processors).
#  2. The same with free communication (send, receive, latency and bytes cost nothing): the
#     paper's "potential speedup" (paper: Bound-and-Branch 16).
#  3. The same with killers and history on (much better ordering, in the baseline too).
#  4. The curve to P = 1024 on a synthetic tree (sim, modern costs, alpha-beta baseline).
#  5. Real mode, 2 threads, against the best sequential search (the fastest of PVS and
#     alpha-beta, killers and history on) on the first 8 positions.
# Usage: bench/dts_othello.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build}/alphactor
cfg=$root/configs/dts-othello.toml
rows() { grep -E '^(== |P  |[0-9]+ )'; }
free=(--set costs.send_ns=0 --set costs.receive_ns=0 --set costs.latency_ns=0
  --set costs.byte_cpu_ps=0 --set costs.link_byte_ps=0)

echo "### 1. configs/dts-othello.toml (sim, modern costs)"
"$bin" run "$cfg" --set output= --set plot=false | rows
echo "### 2. potential speedup: communication free, P = 32 (paper: Bound-and-Branch 16)"
# The config's paper column holds the actual speedups (10, 12), not the potential: left out.
"$bin" run "$cfg" --set output= --set plot=false --set 'processors=[1,32]' "${free[@]}" |
  awk '/^beside the paper/ {skip = 1} /^== / {skip = 0} !skip' | rows
echo "### 3. killers and history on (baseline too), P = 32"
"$bin" run "$cfg" --set output= --set plot=false --set 'processors=[1,32]' --set killers=true \
  --set history=true | rows
echo "### 4. synthetic tree ordered:w=8,d=14,p=0.7,seed=3 to P = 1024 (sim, modern)"
for a in dts-bf dts-bb; do
  echo "== $a"
  "$bin" search --tree ordered:w=8,d=14,p=0.7,seed=3 --depth 14 --algorithm $a \
    -p 1,4,16,64,256,1024 --no-iterative --baseline alphabeta | rows
done
echo "### 5. real mode, 2 threads, against the best sequential search (8 positions, depth 8)"
"$bin" run "$cfg" --set output= --set plot=false --set positions_limit=8 --set mode=real \
  --set threads=2 --set 'processors=[1,2]' --set killers=true --set history=true \
  --set baseline=best --set slice=0 --set depth=8 | rows
