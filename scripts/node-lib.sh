# Sourced by scripts/cluster-local.sh, bench/cluster_loopback.sh and tests/cli_cluster.sh.
# start_node BIN DIR NAME: starts `BIN node` on a free loopback port with one thread (stdout
# and stderr in DIR/NAME.out and DIR/NAME.err); sets node_pid, and node_addr (HOST:PORT, read
# from the node's first line); returns 1 if the node does not say where it listens in 10 s.
start_node() {
  local bin=$1 dir=$2 name=$3
  "$bin" node --listen 127.0.0.1:0 --threads 1 >"$dir/$name.out" 2>"$dir/$name.err" &
  node_pid=$!
  node_addr=
  for _ in $(seq 200); do
    node_addr=$(sed -n '1s/^listening //p' "$dir/$name.out")
    [ -n "$node_addr" ] && return 0
    sleep 0.05
  done
  return 1
}
