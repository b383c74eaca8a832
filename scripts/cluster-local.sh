#!/usr/bin/env bash
# Starts N `alphactor node`s on loopback with a random secret, runs one search across them and
# this process (P = N + 1 processors, one a process, one thread each unless the search
# arguments say otherwise), prints the result and stops the nodes: the pattern a cluster
# launcher follows (there with host names and --listen 0.0.0.0:PORT on each machine).
# Usage: scripts/cluster-local.sh N [SEARCH ARGS...]
#   default search: YBWC on --tree ordered:w=8,d=12,p=0.7,seed=3 --depth 12
#   env ALPHACTOR_BIN: the binary (default build/alphactor)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${ALPHACTOR_BIN:-$root/build/alphactor}
n=${1:-}
if ! [[ $n =~ ^[1-9][0-9]?$ ]]; then
  echo "usage: scripts/cluster-local.sh N [SEARCH ARGS...]  (N: 1..99 nodes)" >&2
  exit 2
fi
shift
[ -x "$bin" ] || { echo "cluster-local: no $bin (build first: scripts/build.sh)" >&2; exit 2; }
ALPHACTOR_SECRET=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
export ALPHACTOR_SECRET
dir=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
nodes=
. "$root/scripts/node-lib.sh"
for i in $(seq "$n"); do
  if ! start_node "$bin" "$dir" "node$i"; then
    kill "$node_pid" 2>/dev/null || true
    echo "cluster-local: node $i did not start: $(cat "$dir/node$i.err")" >&2
    exit 1
  fi
  pids+=("$node_pid")
  echo "node $i listening on $node_addr (pid $node_pid)"
  nodes=${nodes:+$nodes,}$node_addr
done
if [ $# -eq 0 ]; then
  set -- --tree ordered:w=8,d=12,p=0.7,seed=3 --depth 12 --algorithm ybwc --no-iterative
fi
"$bin" search "$@" -p $((n + 1)) --mode real --threads 1 --nodes "$nodes"
