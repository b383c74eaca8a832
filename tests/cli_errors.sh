#!/usr/bin/env bash
# Bad input: exactly one line on stderr that names the problem, and exit code 2.
set -u
bin=$1
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
expect() {  # expect PATTERN -- ARGS...
  local pattern=$1; shift; shift
  "$bin" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local code=$?
  local lines; lines=$(wc -l <"$tmp/err")
  if [ "$code" -ne 2 ] || [ "$lines" -ne 1 ] || ! grep -q -- "$pattern" "$tmp/err"; then
    echo "FAIL: alphactor $* -> exit $code, stderr ($lines lines): $(cat "$tmp/err")"
    fails=$((fails + 1))
  fi
}
expect "unknown kind 'oak'" -- search --tree oak:w=2,d=2 --depth 2
expect "missing 'd'" -- search --tree random:w=4 --depth 2
expect "unknown algorithm 'mtdf'" -- search --tree random:w=4,d=4 --depth 2 --algorithm mtdf
expect "depth" -- search --tree random:w=4,d=4 --depth 0
expect "unknown game 'go'" -- search --game go --tree random:w=4,d=4 --depth 2
expect "needs a tree spec" -- search --depth 2
expect "depth" -- search --tree random:w=4,d=4
expect "The following argument was not expected: --frobnicate" -- search --depth 2 --frobnicate
expect "subcommand" --
expect "does not exist" -- run /nonexistent.toml
printf 'depth = 3\npositions = ["random:w=2,d=2"]\nwidth = 4\n' >"$tmp/bad.toml"
expect "key 'width': unknown key" -- run "$tmp/bad.toml"
printf 'depth = [\n' >"$tmp/broken.toml"
expect "broken.toml:" -- run "$tmp/broken.toml"
expect "unknown topology 'mesh'" -- topology mesh --processors 4
expect "hypercube needs a power of two processors, got 6" -- topology hypercube --processors 6
expect "processor count must be" -- topology ring --processors 0
# Tables (issue 6).
expect "unknown table placement 'shared'" -- search --tree random:w=4,d=4 --depth 3 --algorithm ybwc --table shared
expect "table-min-draft must be at least 0" -- search --tree random:w=4,d=4 --depth 3 --algorithm ybwc --table-min-draft -1
expect "inline-depth must be at least 0" -- search --tree random:w=4,d=4 --depth 3 --algorithm ybwc --inline-depth -1
expect "hybrid-draft must be at least 0" -- search --tree random:w=4,d=4 --depth 3 --algorithm ybwc --table hybrid --hybrid-draft -1
expect "min_split_depth must be -128..128" -- search --tree random:w=4,d=4 --depth 3 --algorithm ybwc --min-split-depth -200
printf 'depth = 3\npositions = ["random:w=2,d=2"]\nalgorithm = "ybwc"\ntable = "shared"\n' >"$tmp/table.toml"
expect "key 'table'" -- run "$tmp/table.toml"
printf 'depth = 3\npositions = ["random:w=2,d=2"]\nalgorithm = "ybwc"\ngossip_threshold = -5\n' >"$tmp/gossip.toml"
expect "key 'gossip_threshold'" -- run "$tmp/gossip.toml"
[ $fails -eq 0 ] && echo "all bad inputs refused with one line and exit 2"
exit $fails
