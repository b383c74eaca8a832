#!/usr/bin/env bash
# Othello perft from the initial position, depths 9-12 (or up to $2), three runs each: median
# and range of the time and leaves/s, beside Edax 4.6's `perft` on this machine kind
# (data/othello/README.md: user-CPU medians 0.015, 0.127, 1.095, 8.646 s). Target: depth 12
# under 10 s.
# Usage: bench/othello_perft.sh [ALPHACTOR_BINARY] [MAX_DEPTH]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build/alphactor}
max=${2:-12}
declare -A edax=([9]=0.015 [10]=0.127 [11]=1.095 [12]=8.646)
echo "othello perft, $(nproc) cores, load now: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%5s %14s %10s %21s %12s %9s %8s\n" depth leaves "median s" "range s" "Mleaves/s" "edax s" "edax/us"
for d in $(seq 9 "$max"); do
  times=()
  for run in 1 2 3; do
    line=$("$bin" perft --game othello --depth "$d")
    leaves=$(echo "$line" | awk '{print $3}')
    times+=("$(echo "$line" | awk '{print $5}')")
  done
  sorted=($(printf "%s\n" "${times[@]}" | sort -g))
  awk -v d="$d" -v n="$leaves" -v lo="${sorted[0]}" -v med="${sorted[1]}" -v hi="${sorted[2]}" \
      -v ref="${edax[$d]:-0}" 'BEGIN {
    printf "%5d %14d %10.3f %10.3f - %8.3f %12.1f %9s %8s\n", d, n, med, lo, hi, n / med / 1e6,
      ref > 0 ? ref : "-", ref > 0 ? sprintf("%.2f", ref / med) : "-" }'
done
