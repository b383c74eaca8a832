#!/usr/bin/env bash
# `alphactor soak`: a short soak passes and covers every algorithm of the registry
# (algorithms/parallel.hpp, read here from the source); the command lines it prints replay
# their runs (same root value); a checker fed a wrong expected value reports the mismatch
# with its replay line and exit code 1.
set -u
bin=$1
src=$2
seconds=${3:-20}
. "$(dirname "$0")/cli_common.sh"
command -v python3 >/dev/null || { echo "no python3"; exit 77; }

# 1. A soak on seed 1: exit 0, and a table row for every registered algorithm.
"$bin" soak --seconds "$seconds" --seed 1 --json >"$tmp/soak.json" 2>"$tmp/soak.err"
code=$?
[ "$code" -eq 0 ] || fail "soak --seconds $seconds --seed 1 -> exit $code: $(cat "$tmp/soak.json" "$tmp/soak.err")"
registered=$(sed -n '/kParallelAlgorithms = {{/,/}};/p' "$src/algorithms/parallel.hpp" |
             grep -o '^    {"[a-z-]*"' | tr -d ' {"' | sort)
[ "$(echo "$registered" | wc -l)" -ge 9 ] || fail "could not read the registry: $registered"
soaked=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("\n".join(sorted({r["algorithm"] for r in d["results"]})))' "$tmp/soak.json")
[ "$registered" = "$soaked" ] || fail "soaked algorithms differ from the registry: $(echo $soaked) vs $(echo $registered)"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); s=d["summary"]; assert s["runs"]==s["passed"]>=9 and not d["failures"], s' "$tmp/soak.json" ||
  fail "soak summary: $(cat "$tmp/soak.json")"
# The slowest runs are reported, slowest first, each within its guard and replayable.
python3 -c 'import json,sys; w=json.load(open(sys.argv[1]))["slowest"]; t=[s["seconds"] for s in w]; assert 1<=len(w)<=3 and t==sorted(t,reverse=True) and all(s["seconds"]<=float(s["max_seconds"]) and s["clock"]==("cpu" if "--mode sim" in s["replay"] else "wall") and s["replay"].startswith("alphactor search ") for s in w), w' "$tmp/soak.json" ||
  fail "soak slowest runs: $(cat "$tmp/soak.json")"

# 2. Every printed command replays its run: the same root value.
"$bin" soak --seconds 3 --seed 7 --max-p-sim 64 --max-p-real 4 --verbose >"$tmp/list" 2>&1 ||
  fail "soak --verbose: $(cat "$tmp/list")"
# No case's guard runs more than a minute past the soak's time (P held down as time runs out;
# --max-p-sim 64 alone would allow a guard of 64 s).
guards=$(grep -o -- '--max-seconds [0-9]*' "$tmp/list" | awk '{print $2}' | sort -n | tail -1)
[ -n "$guards" ] && [ "$guards" -le 63 ] || fail "a 3 s soak drew a guard of '$guards' s: $(cat "$tmp/list")"
n=0
while IFS= read -r line; do
  value=${line#passed value }; value=${value%%:*}
  cmd=${line#*: alphactor }
  got=$(eval "\"\$bin\" $cmd --json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["results"][0]["value"])')
  [ "$got" = "$value" ] || fail "replay of '$line' gave value '$got'"
  n=$((n + 1))
done < <(grep '^passed value ' "$tmp/list" | head -6)
[ "$n" -ge 3 ] || fail "only $n runs to replay: $(cat "$tmp/list")"

# 3. A wrong expected value is reported: MISMATCH, the replay line, exit 1.
"$bin" soak --seconds 1 --seed 3 --self-test-mismatch >"$tmp/wrong" 2>&1
code=$?
[ "$code" -eq 1 ] || fail "self-test mismatch -> exit $code"
grep -q '^MISMATCH .*value .*, sequential ' "$tmp/wrong" || fail "no MISMATCH line: $(cat "$tmp/wrong")"
grep -q '^  replay: alphactor search .* --algorithm ' "$tmp/wrong" || fail "no replay line: $(cat "$tmp/wrong")"
[ "$fails" -eq 0 ] || exit 1
echo "soak: ok ($n replays checked)"
