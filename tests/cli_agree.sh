#!/usr/bin/env bash
# The acceptance check: R1 = random:w=4,d=10,seed=1 at depth 10 gives the same value
# with all four algorithms, through the CLI and its JSON.
set -eu
bin=$1
values=()
for a in negamax alphabeta pvs er; do
  v=$("$bin" search --game tree --tree random:w=4,d=10,seed=1 --algorithm $a --depth 10 --json |
      sed -n 's/.*"value":\(-\{0,1\}[0-9]*\).*/\1/p')
  [ -n "$v" ] || { echo "no value from $a"; exit 1; }
  echo "$a: $v"
  values+=("$v")
done
for v in "${values[@]}"; do
  [ "$v" = "${values[0]}" ] || { echo "values differ: ${values[*]}"; exit 1; }
done
