#!/usr/bin/env bash
# Parallel runs through the CLI: `search --algorithm ybwc` agrees with the sequential value and
# two sim runs print the same JSON except wall_* fields; a config with [[runs]] writes
# results.json/.csv; traces are written; bad parallel input gets one line and exit 2.
set -u
bin=$1
. "$(dirname "$0")/cli_common.sh"
value_of() { sed -n 's/.*"value":\(-\{0,1\}[0-9]*\).*/\1/p'; }
strip_wall() { sed 's/"wall_[a-z_]*":[-+0-9.eE]*//g; s/"date":"[^"]*"//'; }

tree="ordered:w=6,d=7,p=0.7,seed=9"
seq=$("$bin" search --tree $tree --depth 7 --algorithm alphabeta --json | value_of)
args=(search --tree $tree --depth 7 --algorithm ybwc --processors 16 --topology debruijn
      --mode sim --cost transputer1990 --json)
"$bin" "${args[@]}" >"$tmp/a.json" || fail "ybwc sim run"
"$bin" "${args[@]}" >"$tmp/b.json" || fail "ybwc sim run"
par=$(sed 's/"sequential_value".*//' "$tmp/a.json" | value_of)
[ -n "$seq" ] && [ "$seq" = "$par" ] || fail "ybwc value '$par' != sequential '$seq'"
grep -q '"exact":true' "$tmp/a.json" || fail "ybwc not exact"
cmp -s <(strip_wall <"$tmp/a.json") <(strip_wall <"$tmp/b.json") ||
  fail "two sim runs differ outside wall_* fields"
grep -q '"wall_s"' "$tmp/a.json" || fail "no wall_s field"

# Deepening by default: a tree in sim searches at once, like its baseline; sim chess deepens.
nodes_of() { sed -n 's/.*"processors":1,.*"nodes":{"total":\([0-9]*\).*/\1/p'; }
deep=(search --tree $tree --depth 7 --algorithm ybwc -p 1 --json)
d=$("$bin" "${deep[@]}" | nodes_of)
n=$("$bin" "${deep[@]}" --no-iterative | nodes_of)
i=$("$bin" "${deep[@]}" --iterative | nodes_of)
[ -n "$d" ] && [ "$d" = "$n" ] && [ "$i" -gt "$n" ] ||
  fail "sim tree deepening default: nodes default $d, --no-iterative $n, --iterative $i"
deep=(search --game chess --fen startpos --depth 4 --algorithm ybwc -p 1 --json)
d=$("$bin" "${deep[@]}" | nodes_of)
n=$("$bin" "${deep[@]}" --no-iterative | nodes_of)
i=$("$bin" "${deep[@]}" --iterative | nodes_of)
[ -n "$d" ] && [ "$d" = "$i" ] && [ "$d" != "$n" ] ||
  fail "sim chess deepening default: nodes default $d, --no-iterative $n, --iterative $i"

# Costs are sim mode's: real mode says it does not use them, sim mode does not say so.
"$bin" search --tree $tree --depth 5 --algorithm ybwc -p 2 --mode real --cost-set latency_ns=9 \
  >"$tmp/real-cost.txt" || fail "real run with --cost-set"
grep -q "^note .*real mode measures wall time" "$tmp/real-cost.txt" ||
  fail "real mode with --cost-set does not say the costs are unused"
"$bin" search --tree $tree --depth 5 --algorithm ybwc -p 2 --mode real --cost modern \
  >"$tmp/real-preset.txt" || fail "real run with --cost modern"
grep -q "^note .*real mode measures wall time" "$tmp/real-preset.txt" ||
  fail "real mode with --cost modern (the default preset, given) does not say it is unused"
# The runs that must not say so are checked to have run, or a failed run would pass.
"$bin" search --tree $tree --depth 5 --algorithm ybwc -p 2 --mode real >"$tmp/real-plain.txt" ||
  fail "real run without costs"
grep -q "^value" "$tmp/real-plain.txt" || fail "real run without costs prints no value"
grep -q "wall time" "$tmp/real-plain.txt" && fail "real mode without --cost speaks of costs"
"$bin" search --tree $tree --depth 5 --algorithm ybwc -p 2 --mode sim --cost-set latency_ns=9 \
  >"$tmp/sim-cost.txt" || fail "sim run with --cost-set"
grep -q "^value" "$tmp/sim-cost.txt" || fail "sim run with --cost-set prints no value"
grep -q "wall time" "$tmp/sim-cost.txt" && fail "sim mode says its costs are unused"

# Every split algorithm on its default topology (none named), sim and real: exact.
for a in pvsplit pmws treesplit masterslave evensplit; do
  for mode in sim real; do
    "$bin" search --tree $tree --depth 7 --algorithm $a -p 1,3,6 --mode $mode --json \
      >"$tmp/$a.json" || fail "$a $mode run"
    [ "$(grep -o '"exact":true' "$tmp/$a.json" | wc -l)" -eq 3 ] || fail "$a $mode not exact"
  done
done
# DTS on its default topology (the paper's hypercube), sim and real: exact.
for a in dts-bf dts-bb; do
  for mode in sim real; do
    "$bin" search --tree $tree --depth 7 --algorithm $a -p 1,4,8 --mode $mode --json \
      >"$tmp/$a.json" || fail "$a $mode run"
    [ "$(grep -o '"exact":true' "$tmp/$a.json" | wc -l)" -eq 3 ] || fail "$a $mode not exact"
  done
done
grep -q '"topology":"hypercube"' "$tmp/dts-bb.json" || fail "dts-bb's default topology is not hypercube"
grep -q '"topology":"star"' "$tmp/evensplit.json" || fail "evensplit's default topology is not star"
grep -q '"topology":"tree"' "$tmp/pvsplit.json" || fail "pvsplit's default topology is not tree"

# er: without processors it is serial ER (plain report, no parallel table); with them parallel
# ER on its problem heap, exact in both modes, and its refinements can be switched off.
"$bin" search --tree $tree --depth 7 --algorithm er --json >"$tmp/ser.json" || fail "serial er"
grep -q '"processors"' "$tmp/ser.json" && fail "er without processors ran in parallel"
[ "$(value_of <"$tmp/ser.json")" = "$seq" ] || fail "serial er value != alphabeta"
for mode in sim real; do
  "$bin" search --tree $tree --depth 7 --algorithm er -p 1,2,5 --mode $mode --json \
    >"$tmp/per.json" || fail "parallel er $mode run"
  [ "$(grep -o '"exact":true' "$tmp/per.json" | wc -l)" -eq 3 ] || fail "parallel er $mode not exact"
done
"$bin" search --tree $tree --depth 7 --algorithm er -p 4 --no-parallel-refutation \
  --no-multiple-enodes --no-early-choice --er-serial-ply 3 --json >"$tmp/per.json" ||
  fail "parallel er without refinements"
grep -q '"exact":true' "$tmp/per.json" || fail "parallel er without refinements not exact"
for mode in sim real; do  # the distributed heap, on a ring: steals only from neighbours
  "$bin" search --tree $tree --depth 7 --algorithm er --er-heap distributed -p 1,3,8 \
    --topology ring --mode $mode --json >"$tmp/per.json" || fail "distributed er $mode run"
  [ "$(grep -o '"exact":true' "$tmp/per.json" | wc -l)" -eq 3 ] || fail "distributed er $mode not exact"
done

# The legend: every column explained with --legend; no hint line when the output is a pipe.
"$bin" search --tree $tree --depth 7 --algorithm ybwc -p 2 --legend >"$tmp/l.txt" || fail "legend run"
for col in "  SO %       search overhead" "  load%      busy share" "  exact      the root value"; do
  grep -qF -- "$col" "$tmp/l.txt" || fail "legend lacks '$col'"
done
"$bin" search --tree $tree --depth 7 --algorithm ybwc -p 2 | grep -q -- "--legend explains" &&
  fail "a legend hint went into a pipe"

# --log-level info: a line per position and P on stderr, none on stdout; the default (warn)
# logs nothing for a run that goes well.
"$bin" --log-level info search --tree $tree --depth 7 --algorithm ybwc -p 2 >"$tmp/lo.txt" \
  2>"$tmp/le.txt" || fail "log-level info run"
grep -q "^alphactor \[info\] position 1, P = 2: value $seq, speedup" "$tmp/le.txt" ||
  fail "no info line per run: $(cat "$tmp/le.txt")"
grep -q "best sequential" "$tmp/le.txt" || fail "no baseline line: $(cat "$tmp/le.txt")"
grep -q "\[info\]" "$tmp/lo.txt" && fail "log lines went to stdout"
"$bin" search --tree $tree --depth 7 --algorithm ybwc -p 2 >/dev/null 2>"$tmp/le.txt"
[ -s "$tmp/le.txt" ] && fail "the default log level printed: $(cat "$tmp/le.txt")"
expect_error "log-level: loud not in" -- --log-level loud search --tree $tree --depth 2

# Real mode, explicit threads.
"$bin" search --tree $tree --depth 7 --algorithm ybwc -p 2 --mode real --threads 2 --json \
  >"$tmp/r.json" || fail "real run"
grep -q '"exact":true' "$tmp/r.json" || fail "real run not exact"

# Traces: one JSON line per delivered message; a Trace Event file with spans and flows.
"$bin" search --tree $tree --depth 7 --algorithm ybwc -p 8 --topology ring --json \
  --trace "$tmp/t.jsonl" --chrome-trace "$tmp/t.json" >"$tmp/t.out" 2>"$tmp/t.err" || fail "traced run"
[ "$(cat "$tmp/t.err")" = "$(printf 'trace: %s\ntrace: %s' "$tmp/t.jsonl" "$tmp/t.json")" ] ||
  fail "trace files not named: $(cat "$tmp/t.err")"
msgs=$(sed -n 's/.*"messages_delivered":\([0-9]*\).*/\1/p' "$tmp/t.out")
lines=$(wc -l <"$tmp/t.jsonl")
[ -n "$msgs" ] && [ "$lines" -eq "$msgs" ] || fail "trace has $lines lines for $msgs messages"
grep -q '"kind":"work_request"' "$tmp/t.jsonl" || fail "no work requests in the trace"
grep -q '"hops":[2-9]' "$tmp/t.jsonl" || fail "no multi-hop message in a ring's trace"
head -c 40 "$tmp/t.json" | grep -q '{"displayTimeUnit":"ns","traceEvents":\[' || fail "chrome trace head"
tail -c 4 "$tmp/t.json" | grep -q ']}' || fail "chrome trace tail"
grep -q '"ph":"X"' "$tmp/t.json" || fail "no busy spans"
grep -q '"ph":"f"' "$tmp/t.json" || fail "no message flows"
python3 - "$tmp/t.json" <<'PY' || fail "chrome trace: ids, names, flows or counters"
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
assert all(e["pid"] == 1 for e in ev), "pid"
names = {e["tid"]: e["args"]["name"] for e in ev if e["name"] == "thread_name"}
assert names == {p + 1: "processor %d" % p for p in range(8)}, names
# every flow end lies inside a slice of its thread (so that viewers draw the arrow)
slices = {}
for e in ev:
    if e["ph"] == "X":
        slices.setdefault(e["tid"], []).append((e["ts"], e["ts"] + e["dur"]))
for e in ev:
    if e["ph"] in "sf":
        assert any(a <= e["ts"] <= b for a, b in slices.get(e["tid"], [])), e
counters = {e["name"] for e in ev if e["ph"] == "C"}
assert counters == {"busy processors", "messages in flight"}, counters
assert max(e["args"]["busy"] for e in ev if e["name"] == "busy processors") <= 8
PY
# trace summary: the JSON lines trace's messages by kind, the Chrome trace's idle shares.
"$bin" trace summary "$tmp/t.jsonl" "$tmp/t.json" >"$tmp/ts.txt" 2>&1 || fail "trace summary: $(cat "$tmp/ts.txt")"
grep -q "^$tmp/t.jsonl: $msgs messages over" "$tmp/ts.txt" || fail "summary total: $(head -1 "$tmp/ts.txt")"
[ "$(awk '$1 ~ /^[a-z_]+$/ && $2 ~ /^[0-9]+$/ {n += $2} END {print n}' "$tmp/ts.txt")" = "$msgs" ] ||
  fail "summary kinds do not add up to $msgs: $(cat "$tmp/ts.txt")"
grep -q "^work_request " "$tmp/ts.txt" || fail "summary lacks work_request"
grep -q "^$tmp/t.json: 8 processors over" "$tmp/ts.txt" || fail "summary processors: $(cat "$tmp/ts.txt")"
grep -q "^idle share: mean [0-9.]* %" "$tmp/ts.txt" || fail "summary idle share"
printf '{"time":5,"sent":1,"from":0,"to":1,"kind":"work","bytes":3,"hops":1}\n{"time":' >"$tmp/bad.jsonl"
expect_error "bad.jsonl line 2: JSON line 1 column 9: expected a value" -- trace summary "$tmp/bad.jsonl"
expect_error "cannot read '$tmp/none.jsonl'" -- trace summary "$tmp/none.jsonl"

# A config with two runs writes its results.
cat >"$tmp/c.toml" <<TOML
game = "tree"
positions = ["$tree", "random:w=4,d=6,seed=3"]
depth = 6
algorithm = "ybwc"
output = "$tmp/out"
[[runs]]
name = "sim"
mode = "sim"
cost = "sun1985"
topology = "tree"
processors = [1, 3]
[[runs]]
name = "real"
mode = "real"
threads = 2
processors = [2]
TOML
"$bin" run "$tmp/c.toml" >"$tmp/run.out" || fail "config run"
grep -q "^3 .* all$" "$tmp/run.out" || fail "no exact summary row for P = 3: $(cat "$tmp/run.out")"
[ -s "$tmp/out/results.json" ] && [ -s "$tmp/out/results.csv" ] || fail "no results files"
[ "$(grep -o '"exact":true' "$tmp/out/results.json" | wc -l)" -eq 6 ] || fail "results.json rows"
# Header, 6 run lines, a summary line per experiment and P (3).
[ "$(wc -l <"$tmp/out/results.csv")" -eq 10 ] || fail "results.csv rows"
[ "$(grep -c '^"sim",summary,"all 2 positions",3,' "$tmp/out/results.csv")" -eq 1 ] ||
  fail "no summary line for sim P = 3: $(cat "$tmp/out/results.csv")"
"$bin" run "$tmp/c.toml" --set depth=5 --set 'processors=[2]' >/dev/null || fail "--set on runs"

# A paper's figures printed beside alphactor's: over its own P = 1 and over the best sequential.
cat >"$tmp/p.toml" <<TOML
game = "tree"
positions = ["$tree"]
depth = 6
algorithm = "pmws"
processors = [1, 2]
paper_source = "Table X"
paper_speedup = { 2 = 1.5 }
output = "$tmp/pout"
TOML
"$bin" run "$tmp/p.toml" >"$tmp/p.out" || fail "paper config run"
grep -q "beside the paper (Table X)" "$tmp/p.out" || fail "no paper comparison: $(cat "$tmp/p.out")"
grep -Eq "^2 +1\.50 +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+$" "$tmp/p.out" || fail "paper row: $(cat "$tmp/p.out")"
grep -q '"paper":{"figure":"","source":"Table X"' "$tmp/pout/results.json" || fail "no paper in results.json"

# A figure from a papers file that sums its positions' times (ZUGZWANG's SPE) and gives load
# and search overhead: the comparison's speedup is the table's (summed) one, not the mean.
mkdir -p "$tmp/pp/data/papers"
cat >"$tmp/pp/data/papers/z.toml" <<TOML
[[figures]]
id = "sum"
speedup = { 16 = 12.5 }
load_pct = { 16 = 83 }
search_overhead_pct = { 16 = 36.5 }
aggregate = "sum"
[[figures]]
id = "median"
speedup = { 16 = 12.5 }
aggregate = "median"
TOML
cat >"$tmp/pp/c.toml" <<TOML
game = "tree"
positions = ["$tree", "random:w=5,d=6,seed=4"]
depth = 6
algorithm = "ybwc"
processors = [1, 16]
paper = "z/sum"
output = "$tmp/pp/out"
TOML
"$bin" run "$tmp/pp/c.toml" >"$tmp/pp/run.out" || fail "summed paper config run"
grep -q "speedup of the summed times" "$tmp/pp/run.out" || fail "no summed measure: $(cat "$tmp/pp/run.out")"
table_sp=$(awk '$1 == "16" && NF > 8 {print $4}' "$tmp/pp/run.out")
paper_sp=$(awk '$1 == "16" && $2 == "12.50" {print $4}' "$tmp/pp/run.out")
mean_sp=$(awk '$1 == "16" && NF > 8 {print $5}' "$tmp/pp/run.out")
[ -n "$table_sp" ] && [ "$table_sp" = "$paper_sp" ] && [ "$mean_sp" != "$table_sp" ] ||
  fail "summed comparison $paper_sp, table $table_sp, mean $mean_sp: $(cat "$tmp/pp/run.out")"
grep -Eq "^P = 16, the paper against here: load 83\.0 % / [0-9.]+ %, search overhead 36\.50 % / -?[0-9.]+ %$" \
  "$tmp/pp/run.out" || fail "no load and overhead beside the paper's: $(cat "$tmp/pp/run.out")"
grep -q '"aggregate":"sum"' "$tmp/pp/out/results.json" || fail "no aggregate in results.json"
sed -i 's|paper = "z/sum"|paper = "z/median"|' "$tmp/pp/c.toml"
expect_error "aggregate must be \"mean\" or \"sum\", got 'median'" -- run "$tmp/pp/c.toml"

# Killed processors: the table says how many died and how many jobs were lost with them, as
# results.json counts them, and the value stays exact.
k=(search --tree "$tree" --depth 7 --algorithm ybwc -p 8 --kill 3:100 --kill 5:300)
"$bin" "${k[@]}" >"$tmp/k.out" || fail "run with killed processors"
"$bin" "${k[@]}" --json >"$tmp/k.json" || fail "run with killed processors, json"
read -r died lost exact < <(python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results'][0]; print(r['processors_died'], r['jobs_lost'], r['exact'])" "$tmp/k.json")
[ "$died" = 2 ] && [ "$exact" = True ] || fail "killed run: died $died, exact $exact"
grep -Eq "^P = 8: 2 processor deaths over 1 position, $lost jobs? lost with them and searched again$" \
  "$tmp/k.out" || fail "no fault line ($lost jobs lost): $(cat "$tmp/k.out")"
"$bin" search --tree "$tree" --depth 7 --algorithm ybwc -p 8 | grep -q "processor death" &&
  fail "a fault line without faults"

# Bad input: one line on stderr naming the problem, exit 2.
p=(search --tree random:w=3,d=4,seed=1 --depth 4 --algorithm ybwc)
expect_error "debruijn needs a power of two" -- "${p[@]}" -p 5 --topology debruijn
expect_error "unknown topology" -- "${p[@]}" -p 4 --topology mesh
expect_error "pvsplit runs on topology tree, star, not 'ring'" -- "${p[@]/ybwc/pvsplit}" -p 4 --topology ring
expect_error "evensplit runs on topology star, complete, not 'tree'" -- "${p[@]/ybwc/evensplit}" -p 4 --topology tree
expect_error "mode must be sim or real" -- "${p[@]}" -p 4 --mode warp
expect_error "unknown cost preset 'cray'" -- "${p[@]}" -p 4 --cost cray
expect_error "unknown cost field 'speed'" -- "${p[@]}" -p 4 --cost-set speed=3
expect_error "latency_ns: not an integer '5us'" -- "${p[@]}" -p 4 --cost-set latency_ns=5us
expect_error "link_contention is a switch: 0 or 1, got 2" -- "${p[@]}" -p 4 --cost-set link_contention=2
expect_error "kill needs PROCESSOR:NODES" -- "${p[@]}" -p 4 --kill 3
expect_error "--table local needs --hash SIZE (sim mode has no default table size)" -- "${p[@]}" -p 4 --table local
expect_error "--table replicated needs --hash SIZE (synthetic trees" -- "${p[@]}" -p 2 --mode real --table replicated
expect_error "kill needs PROCESSOR:NODES, got '3:-5'" -- "${p[@]}" -p 4 --kill 3:-5
expect_error "kill needs PROCESSOR:NODES, got '3:10x'" -- "${p[@]}" -p 4 --kill 3:10x
expect_error "root processor 0 cannot fail" -- "${p[@]}" -p 4 --kill 0:10
expect_error "disconnects" -- "${p[@]}" -p 7 --topology tree --kill 1:10
expect_error "threads must be at least 1" -- "${p[@]}" -p 2 --mode real --threads 0
expect_error "--iterative and --no-iterative exclude each other" -- "${p[@]}" --iterative --no-iterative
expect_error "baseline must be best, pvs or alphabeta" -- "${p[@]}" --baseline er
expect_error "--er-heap must be central or distributed, not 'shared'" -- "${p[@]/ybwc/er}" -p 4 --er-heap shared
bad() {  # bad PATTERN TOML-LINES...
  local pattern=$1; shift
  printf 'game = "tree"\npositions = ["random:w=3,d=4,seed=1"]\ndepth = 4\nalgorithm = "ybwc"\n' >"$tmp/bad.toml"
  printf '%s\n' "$@" >>"$tmp/bad.toml"
  expect_error "$pattern" -- run "$tmp/bad.toml"
}
bad "key 'processorz': unknown key" 'processorz = [2]'
bad "key 'processors': hypercube needs a power of two" 'topology = "hypercube"' 'processors = [3]'
bad "key 'mode': unknown value 'fast'" 'mode = "fast"'
bad "key 'costs.speed': unknown cost field" '[costs]' 'speed = 3'
bad "key 'faults.processor'" 'faults = [{processor = 0, after_nodes = 3}]'
bad "key 'faults': processor 9 does not exist" 'processors = [4]' 'faults = [{processor = 9, after_nodes = 3}]'
bad "key 'runs.game': is shared" '[[runs]]' 'game = "chess"'
bad "key 'paper_speedup': 'x' is not a processor count" 'paper_speedup = { x = 1.5 }'
bad "key 'er_heap': unknown value 'shared'" 'er_heap = "shared"'
bad "key 'paper_speedup.2': expected a positive number" 'paper_speedup = { 2 = "fast" }'
bad "key 'topology': pmws runs on topology star, not 'hypercube'" '[[runs]]' 'algorithm = "pmws"' 'topology = "hypercube"'
printf 'game = "tree"\npositions = ["random:w=3,d=4,seed=1"]\ndepth = 4\n' >"$tmp/bad.toml"
expect_error "key 'algorithm': unknown parallel algorithm 'dts'" -- run "$tmp/bad.toml" --set algorithm=dts
[ $fails -eq 0 ] && echo "parallel CLI: values exact, sim runs identical, traces and results written, bad input refused"
exit $fails
