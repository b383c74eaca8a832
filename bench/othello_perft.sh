#!/usr/bin/env bash
# Othello perft from the initial position, depths 9-12 (or up to $2), three runs each: median
# and range of the CPU time (Edax's figures are user-CPU time) and leaves/s, the median wall
# time, beside Edax 4.6's `perft` on this machine kind (data/othello/README.md: medians 0.015,
# 0.127, 1.095, 8.646 s). Target: depth 12 under 10 s.
# Usage: bench/othello_perft.sh [ALPHACTOR_BINARY] [MAX_DEPTH]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build/alphactor}
max=${2:-12}
declare -A edax=([9]=0.015 [10]=0.127 [11]=1.095 [12]=8.646)
echo "othello perft, $(nproc) cores, load now: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%5s %14s %10s %21s %10s %12s %9s %8s\n" depth leaves "cpu s" "cpu range s" "wall s" "Mleaves/s" "edax s" "edax/us"
for d in $(seq 9 "$max"); do
  times=()
  walls=()
  for run in 1 2 3; do
    line=$("$bin" perft --game othello --depth "$d")
    leaves=$(echo "$line" | awk '{print $3}')
    walls+=("$(echo "$line" | awk '{print $5}')")
    times+=("$(echo "$line" | sed -n 's/.*(cpu \([0-9.]*\) s).*/\1/p')")
  done
  sorted=($(printf "%s\n" "${times[@]}" | sort -g))
  wall=$(printf "%s\n" "${walls[@]}" | sort -g | sed -n 2p)
  awk -v d="$d" -v n="$leaves" -v lo="${sorted[0]}" -v med="${sorted[1]}" -v hi="${sorted[2]}" \
      -v wall="$wall" \
      -v ref="${edax[$d]:-0}" 'BEGIN {
    r = "-"; q = "-"
    if (ref + 0 > 0) { r = ref; q = sprintf("%.2f", ref / med) }
    printf("%5d %14.0f %10.3f %10.3f - %8.3f %10.3f %12.1f %9s %8s\n", d, n, med, lo, hi, wall,
           n / med / 1e6, r, q) }'
done
