#!/usr/bin/env bash
# The PV-splitting family (pvsplit, pmws, treesplit) and pChess's models (masterslave,
# evensplit), measured as issue 16 asks; prints its figures (not a test):
#  1. sim, sun1985, BK-24, P = 4 (Marsland & Popowich's machine and positions): pvsplit with
#     the default settings against the best sequential search (goal >= 3.6; the paper's pmws
#     reached 3.27 at 6 ply over its own one-processor program), beside the paper's algorithm
#     (helping and affinity off) and YBWC on the same star;
#  2. even split vs master/slave at P = 1..16 (configs/pchess-split.toml);
#  3. real mode, 2 threads: every algorithm's speedup at P = 2 against the best sequential
#     search timed in the same run, medians of REPEATS (bench/runtime_real_speedup.sh): over
#     10 minutes a repeat, most of it treesplit's chess runs (search overhead near 800 %).
# Usage: bench/split_algorithms.sh [BUILD_DIR] [DEPTH] [REPEATS]   (DEPTH of part 1: 5; 6 is
# the paper's Table IV and takes about 10 minutes a run; env PARTS="1 2 3" picks the parts;
# parts 1 and 2 take about 15 s)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
bin=$build/alphactor
depth=${2:-5}
repeats=${3:-3}
parts=${PARTS:-1 2 3}
want() { [[ " $parts " == *" $1 "* ]]; }
summary() { grep -E '^4 |^P ' | head -2; }
cd "$root"
one=$(mktemp --suffix=.toml)
trap 'rm -f "$one"' EXIT
if want 1; then
echo "== 1. sim, sun1985, BK-24 depth $depth, P = 1 and 4 (speedup: SPE vs best sequential)"
for variant in "pvsplit (default: helping, affinity)|algorithm=pvsplit" \
               "pmws as in the paper (no helping, no affinity)|algorithm=pmws|helping=false|affinity=false" \
               "ybwc on the same star|algorithm=ybwc|cut_wait=3"; do
  IFS='|' read -r label sets <<<"$variant"
  args=()
  for s in ${sets//|/ }; do args+=(--set "$s"); done
  # A config without [[runs]]: the first run's keys come from the file, ours override them.
  printf '%s\n' "-- $label"
  sed '/^\[\[runs\]\]/,$d' configs/marsland-pvsplit.toml >"$one"
  "$bin" run "$one" --set depth="$depth" --set 'processors=[1,4]' \
    --set table=replicated --set 'hash="128 KiB"' --set output='""' --set plot=false \
    "${args[@]}" | summary
done
fi
if want 2; then
echo
echo "== 2. even split vs master/slave (configs/pchess-split.toml)"
"$bin" run configs/pchess-split.toml --set output='""' --set plot=false | grep -E '^==|^P |^[0-9]+ '
fi
if want 3; then
echo
echo "== 3. real mode, 2 threads, P = 2 vs the best sequential search"
ALGORITHMS="pvsplit pmws treesplit masterslave evensplit ybwc" \
  "$root/bench/runtime_real_speedup.sh" "$build" "$repeats"
fi
