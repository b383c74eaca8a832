#!/usr/bin/env bash
# Runs over several processes on loopback (issue 21; actors/cluster.hpp): node processes
# started on free ports (port 0, the port read from their first line), a 3-process run of
# every parallel algorithm returns the sequential value on a tree and YBWC on a chess
# position, killing a node in the middle of a run still gives the exact value, a wrong secret
# is refused (and the node lives on, as it does after garbage on its port and after a launcher
# killed in the middle of a run), a node that never answers is named after a timeout, and bad
# --listen / --nodes text gets one line and exit 2.
# Every process started here is killed on exit; every run is bounded by `timeout`.
set -u
bin=$1
. "$(dirname "$0")/cli_common.sh"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT
export ALPHACTOR_SECRET
ALPHACTOR_SECRET=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')

. "$(dirname "$0")/../scripts/node-lib.sh"
# node NAME: a node on a free loopback port; sets `addr` (HOST:PORT) and `pid`.
node() {
  start_node "$bin" "$tmp" "$1" || fail "node $1 did not say where it listens: $(cat "$tmp/$1.err")"
  pid=$node_pid
  addr=$node_addr
  pids+=("$pid")
}
node a; a=$addr; pid_a=$pid
node b; b=$addr
exact() { [ "$(grep -o '"exact":true' "$1" | wc -l)" -eq "$2" ]; }

# Three processes, every algorithm on its default topology: the sequential value.
tree="ordered:w=6,d=7,p=0.7,seed=9"
for alg in ybwc pvsplit treesplit masterslave evensplit er dts-bf dts-bb; do
  p=3
  case $alg in dts-*) p=4 ;; esac  # the hypercube
  timeout 120 "$bin" search --tree $tree --depth 7 --algorithm $alg -p $p --mode real \
    --threads 1 --nodes "$a,$b" --json >"$tmp/$alg.json" 2>"$tmp/$alg.err" ||
    fail "$alg over 3 processes: exit $? $(tail -n 2 "$tmp/$alg.err")"
  exact "$tmp/$alg.json" 1 || fail "$alg over 3 processes is not exact"
done
grep -q "nodes: P = 3 on local 0, $a 1, $b 2; [1-9][0-9]* messages" "$tmp/ybwc.err" ||
  fail "no placement line: $(cat "$tmp/ybwc.err")"
# Chess (tables replicated across the processes), YBWC on 3 processes.
timeout 120 "$bin" search --game chess \
  --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' --depth 4 \
  --algorithm ybwc -p 3 --mode real --threads 1 --nodes "$a,$b" --json >"$tmp/chess.json" \
  2>"$tmp/chess.err" || fail "chess over 3 processes: $(tail -n 2 "$tmp/chess.err")"
exact "$tmp/chess.json" 1 || fail "chess over 3 processes is not exact"

# A config run over the same nodes.
printf 'game = "tree"\npositions = ["%s"]\ndepth = 7\nalgorithm = "ybwc"\nprocessors = [1, 3]\nmode = "real"\nthreads = 1\n' \
  "$tree" >"$tmp/c.toml"
timeout 120 "$bin" run "$tmp/c.toml" --nodes "$a,$b" >"$tmp/run.out" 2>"$tmp/run.err" ||
  fail "run CONFIG --nodes: $(tail -n 2 "$tmp/run.err")"
grep -q "nodes: P = 3" "$tmp/run.err" || fail "run CONFIG --nodes: no placement line"

# A node killed in the middle of a run: its processors are dead, the value still exact. The
# node is killed once it hosts its block (the baseline, ~5 s here, comes first), while the
# run (a few seconds) goes on.
node c; c=$addr; pid_c=$pid
timeout 300 "$bin" search --tree random:w=8,d=11,seed=3 --depth 11 --algorithm ybwc -p 6 \
  --mode real --threads 1 --no-iterative --nodes "$a,$c" --json >"$tmp/kill.json" \
  2>"$tmp/kill.err" &
run=$!
pids+=("$run")
for _ in $(seq 1200); do grep -q "hosting processors" "$tmp/c.err" && break; sleep 0.05; done
sleep 0.5
kill -9 "$pid_c"
wait "$run" || fail "run with a node killed: exit $? $(tail -n 2 "$tmp/kill.err")"
exact "$tmp/kill.json" 1 || fail "run with a node killed is not exact: $(cat "$tmp/kill.err")"
grep -q "2 processors died" "$tmp/kill.err" ||
  fail "the killed node's processors were not seen dead: $(cat "$tmp/kill.err")"

# A wrong secret: refused in one line, exit 2; the node logs it and serves on.
ALPHACTOR_SECRET=wrong expect_error "node $a refused the run: wrong secret" -- \
  search --tree $tree --depth 5 --algorithm ybwc -p 2 --mode real --nodes "$a"
grep -q "refused a run (wrong secret) from \(127.0.0.1:[0-9]\|node [0-9A-F]*#\)" "$tmp/a.err" ||
  fail "node a did not log the refusal naming the peer: $(cat "$tmp/a.err")"
# Garbage on the node's port: dropped, the node lives on and serves the next run.
printf 'GET / HTTP/1.0\r\n\r\n%0500d' 0 >/dev/tcp/127.0.0.1/"${a#*:}" 2>/dev/null
sleep 0.3
kill -0 "$pid_a" 2>/dev/null || fail "node a died of garbage on its port"
timeout 60 "$bin" search --tree $tree --depth 7 --algorithm ybwc -p 2 --mode real --threads 1 \
  --nodes "$a" --json >"$tmp/after.json" 2>/dev/null || fail "node a does not serve after garbage"
exact "$tmp/after.json" 1 || fail "the run after garbage is not exact"

# The launcher killed in the middle of a run: the node ends that run and serves the next.
hosted=$(grep -c "hosting processors" "$tmp/a.err")
timeout 120 "$bin" search --tree random:w=8,d=11,seed=3 --depth 11 --algorithm ybwc -p 2 \
  --mode real --threads 1 --no-iterative --nodes "$a" >/dev/null 2>&1 &
launcher=$!
pids+=("$launcher")
for _ in $(seq 1200); do
  [ "$(grep -c "hosting processors" "$tmp/a.err")" -gt "$hosted" ] && break
  sleep 0.05
done
sleep 0.5
kill -9 "$launcher"
timeout 60 "$bin" search --tree $tree --depth 7 --algorithm ybwc -p 2 --mode real --threads 1 \
  --nodes "$a" --json >"$tmp/orphan.json" 2>/dev/null ||
  fail "node a does not serve after its launcher died"
exact "$tmp/orphan.json" 1 || fail "the run after a dead launcher is not exact"

# A node that never answers (a listener that accepts and says nothing), one that is not
# there: named in one line, exit 2, within the timeout.
python3 -c '
import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(4)
print(s.getsockname()[1], flush=True)
conns = []
while True:
    c, _ = s.accept(); conns.append(c)
' >"$tmp/mute.port" &
pids+=("$!")
for _ in $(seq 100); do [ -s "$tmp/mute.port" ] && break; sleep 0.05; done
mute="127.0.0.1:$(cat "$tmp/mute.port")"
start=$(date +%s)
expect_error "node $mute did not answer within" -- \
  search --tree $tree --depth 5 --algorithm ybwc -p 2 --mode real --nodes "$mute"
[ $(($(date +%s) - start)) -lt 60 ] || fail "the silent node took too long to report"
expect_error "node 127.0.0.1:1: connecting failed" -- \
  search --tree $tree --depth 5 --algorithm ybwc -p 2 --mode real --nodes 127.0.0.1:1

# Bad text.
expect_error "--listen: 'nowhere' is not HOST:PORT" -- node --listen nowhere
expect_error "--listen: '127.0.0.1:99999' is not HOST:PORT" -- node --listen 127.0.0.1:99999
expect_error "--nodes: '127.0.0.1' is not HOST:PORT" -- \
  search --tree $tree --depth 5 --algorithm ybwc -p 2 --mode real --nodes 127.0.0.1
expect_error "--nodes: an empty entry" -- \
  search --tree $tree --depth 5 --algorithm ybwc -p 2 --mode real --nodes "$a,"
expect_error "--nodes needs --mode real" -- \
  search --tree $tree --depth 5 --algorithm ybwc -p 2 --nodes "$a"
ALPHACTOR_SECRET= expect_error "--nodes needs the nodes' secret" -- \
  search --tree $tree --depth 5 --algorithm ybwc -p 2 --mode real --nodes "$a"
ALPHACTOR_SECRET= expect_error "node: no secret" -- node --listen 127.0.0.1:0

[ $fails -eq 0 ] && echo "cluster CLI: 3-process runs exact, a killed node survived, refusals in one line"
exit $fails
