#!/usr/bin/env bash
# Several processes on loopback (issue 21), on this machine:
#  1. messages/s and round-trip latency between two processes (`alphactor node-bench` against
#     a node's echo actor: CAF's middleman, serialization, a TCP loopback socket each way);
#  2. YBWC's speedup on the real-mode benchmark's chess positions (bench/runtime_real_speedup.sh)
#     against the best sequential search: 2 processes x 1 thread (this one and a node) beside
#     1 process x 2 threads, REPEATS runs each, medians.
# Usage: bench/cluster_loopback.sh [BUILD_DIR] [REPEATS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build}/alphactor
repeats=${2:-3}
ALPHACTOR_SECRET=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
export ALPHACTOR_SECRET
dir=$(mktemp -d)
node_pid_=
cleanup() {
  [ -n "$node_pid_" ] && kill "$node_pid_" 2>/dev/null
  wait 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
. "$root/scripts/node-lib.sh"
started=0
start_node "$bin" "$dir" node || started=1
node_pid_=$node_pid
[ $started -eq 0 ] || { echo "cluster_loopback: the node did not start" >&2; exit 1; }
node=$node_addr
echo "== two processes on loopback (node $node)"
"$bin" node-bench --node "$node"

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
field() { grep -o "\"$1\":[0-9.e+-]*" | cut -d: -f2; }
speedups() {  # speedups LABEL ARGS...: YBWC P = 2, both ways, REPEATS times
  local label=$1; shift
  local local2=() remote2=()
  for _ in $(seq "$repeats"); do
    local2+=("$("$bin" search "$@" --algorithm ybwc -p 2 --mode real --threads 2 --json |
      field speedup)")
    remote2+=("$("$bin" search "$@" --algorithm ybwc -p 2 --mode real --threads 1 \
      --nodes "$node" --json 2>>"$dir/placement" | field speedup)")
  done
  printf '%s\n  1 process x 2 threads   %s (median %s)\n  2 processes x 1 thread  %s (median %s)\n' \
    "$label" "${local2[*]}" "$(printf '%s\n' "${local2[@]}" | median)" \
    "${remote2[*]}" "$(printf '%s\n' "${remote2[@]}" | median)"
}
echo "== YBWC speedup against the best sequential search, $repeats runs each"
speedups "chess Italian depth 9, replicated tables" --game chess --depth 9 --hash 4 \
  --table replicated --fen "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
speedups "chess Kiwipete depth 8 at once, replicated tables" --game chess --depth 8 --hash 4 \
  --no-iterative --table replicated \
  --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
echo "== traffic between the processes (last runs)"
tail -n 2 "$dir/placement"
