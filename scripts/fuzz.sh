#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz with clang, ASan and UBSan (build-fuzz/) and
# runs each for SECONDS (default 60) from its seed corpus, in turn. A finding (crash, leak,
# undefined behaviour, timeout, out-of-memory) stops the script with exit 1 and leaves the
# input that caused it in build-fuzz/findings/NAME/ with libFuzzer's report.
#   scripts/fuzz.sh [SECONDS] [NAME...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
shift || true
"$root/scripts/setup.sh"
build=$root/build-fuzz
cmake -S "$root" -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DALPHACTOR_FUZZ=ON >/dev/null
cmake --build "$build" -j "$(nproc)" --target fuzzers
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(fen othello_board epd tree_spec topology config uci)
status=0
for name in "${names[@]}"; do
  seeds=$root/tests/fuzz/corpus/$name
  [ -d "$seeds" ] || { echo "fuzz.sh: no harness '$name'" >&2; exit 2; }
  corpus=$build/corpus/$name findings=$build/findings/$name
  mkdir -p "$corpus" "$findings"
  log=$findings/fuzz.log
  if "$build/tests/fuzz/fuzz_$name" "$corpus" "$seeds" -max_total_time="$seconds" -timeout=20 \
      -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$findings/" >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "fuzz $name: ${seconds} s, ${runs:-?} inputs, no finding (corpus $(ls "$corpus" | wc -l))"
  else
    echo "fuzz $name: FINDING, see $findings/ (last lines of its report below)"
    tail -25 "$log"
    status=1
  fi
done
exit $status
