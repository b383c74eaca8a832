#!/usr/bin/env bash
# The default config runs and reports agreeing values; bench prints its deterministic signature.
set -eu
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$2" && pwd)
out=$("$bin" run "$root/configs/sequential.toml")
echo "$out"
echo "$out" | grep -q "negamax" || { echo "no table"; exit 1; }
if echo "$out" | grep -q "DIFFERS"; then echo "values differ"; exit 1; fi
# The main job: parallel runs, every one exact (summary rows end in "all").
cd "$(mktemp -d)"
out=$("$bin" run "$root/configs/default.toml")
echo "$out"
[ "$(echo "$out" | grep -c ' all$')" -ge 9 ] || { echo "missing exact summary rows"; exit 1; }
if echo "$out" | grep -q "disagree"; then echo "parallel values differ"; exit 1; fi
for f in speedup efficiency search_overhead load; do  # plot = true: the figures are drawn
  [ -s "results/default/$f.svg" ] && [ -s "results/default/$f.png" ] || { echo "no $f plot"; exit 1; }
done
s1=$("$bin" bench | grep '^signature' | awk '{print $2}')
s2=$("$bin" bench | grep '^signature' | awk '{print $2}')
[ -n "$s1" ] && [ "$s1" = "$s2" ] || { echo "bench signature missing or not deterministic: $s1 $s2"; exit 1; }
echo "bench signature $s1"
