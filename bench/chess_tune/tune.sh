#!/usr/bin/env bash
# Builds the evaluation tuner against chess/ and runs it. usage: tune.sh DATA [PASSES]
# The data come from make_data.py; the result (stdout) is a new kDefaultWeights for
# chess/eval_weights.hpp.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${TMPDIR:-/tmp}/alphactor_tune
g++ -std=c++20 -O3 -march=x86-64-v2 -I"$root" "$root"/chess/*.cpp "$root/bench/chess_tune/tune.cpp" -o "$out"
"$out" "$@"
