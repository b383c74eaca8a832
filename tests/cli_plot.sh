#!/usr/bin/env bash
# `alphactor plot` and a config's `plot = true`: a small run draws its four figures as valid SVG
# (parsed as XML) and PNG, with one line per experiment and the paper's points (from
# data/papers) labelled; results.csv reads back; results.json names its provenance; an
# interrupted run keeps its finished rows; bad results files, bad paper references and `plot`
# without `output` get one line and exit 2.
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
. "$(dirname "$0")/cli_common.sh"
cd "$2" || exit 1  # the repository root: configs name data/papers/*.toml from there

cat >"$tmp/c.toml" <<'TOML'
title = "plot test"
game = "tree"
positions = ["ordered:w=5,d=6,p=0.7,seed=2"]
depth = 6
mode = "sim"
processors = [1, 2, 4]
output = "OUT"
plot = true
[[runs]]
name = "ybwc's line"
algorithm = "ybwc"
paper = "marsland1985/table2"
[[runs]]
name = 'pvsplit & "friends", too'
algorithm = "pvsplit"
TOML
sed -i "s|OUT|$tmp/plots|" "$tmp/c.toml"
"$bin" run "$tmp/c.toml" >"$tmp/run.txt" 2>&1 || fail "run with plot = true: $(tail -3 "$tmp/run.txt")"
grep -q "^plots: $tmp/plots/speedup.svg" "$tmp/run.txt" || fail "no plots line: $(tail -2 "$tmp/run.txt")"
for f in speedup efficiency search_overhead load; do
  [ -s "$tmp/plots/$f.svg" ] || { fail "no $f.svg"; continue; }
  python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); sys.exit(0 if r.tag.endswith("svg") else 1)' \
    "$tmp/plots/$f.svg" || fail "$f.svg is not valid SVG"
  grep -q "ybwc's line" "$tmp/plots/$f.svg" || fail "$f.svg lacks the first experiment's label"
  grep -q 'pvsplit &amp; "friends", too' "$tmp/plots/$f.svg" || fail "$f.svg lacks the second experiment's label"
  [ "$(head -c 8 "$tmp/plots/$f.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] ||
    fail "$f.png is not a PNG"
done
grep -q "beside the paper (marsland1985 Table II: 5-ply" "$tmp/run.txt" || fail "no paper table printed"
grep -q "paper: marsland1985 Table II" "$tmp/plots/speedup.svg" || fail "speedup.svg lacks the paper's points"
grep -q "paper: marsland1985" "$tmp/plots/load.svg" && fail "load.svg shows the paper's speedups"
# The data file holds every P of both experiments and the paper's three points (2, 3, 4).
[ "$(grep -c '^[1234] ' "$tmp/plots/plot.dat")" -eq 9 ] || fail "plot.dat rows: $(cat "$tmp/plots/plot.dat")"
grep -q "^4 3.06 0.765$" "$tmp/plots/plot.dat" || fail "plot.dat lacks Table II's P = 4 point"

# results.csv quotes as RFC 4180 does: the names read back exactly, every row has the header's
# column count.
python3 - "$tmp/plots/results.csv" <<'PY' || fail "results.csv does not read back"
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
names = {r[0] for r in rows[1:]}
assert names == {"ybwc's line", 'pvsplit & "friends", too'}, names
assert all(len(r) == len(rows[0]) for r in rows), "ragged rows"
head = rows[0]
kind, name, procs = head.index("kind"), head.index("experiment"), head.index("processors")
runs = [r for r in rows[1:] if r[kind] == "run"]
summaries = [r for r in rows[1:] if r[kind] == "summary"]
assert len(runs) == 2 * 3 and len(runs) + len(summaries) == len(rows) - 1, len(rows)
# One summary row per experiment and P, the ones the run rows have.
assert sorted({(r[name], r[procs]) for r in runs}) == sorted((r[name], r[procs]) for r in summaries)
# Every line names its provenance.
assert all(r[head.index("commit")] and r[head.index("date")] for r in rows[1:])
PY

# results.json names its provenance: commit, UTC date, host, hardware threads, config.
python3 - "$tmp/plots/results.json" "$tmp/c.toml" <<'PY' || fail "results.json provenance"
import json, re, sys
p = json.load(open(sys.argv[1]))["provenance"]
assert re.fullmatch(r"[0-9a-f]{7,}(-dirty)?|unknown", p["commit"]), p
assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", p["date"]), p
assert p["host"] and p["hardware_threads"] >= 1 and p["config"] == sys.argv[2], p
PY

# One P and a paper whose source is hundreds of characters long: gnuplot draws it without a
# warning (it warned of an empty y range for the single overhead value and of key entries too
# long to fit), the key entry is cut with an ellipsis and the long title wraps.
cat >"$tmp/one.toml" <<TOML
title = "a single processor count, with a paper source far longer than a figure is wide, and a title as long"
game = "tree"
positions = ["ordered:w=5,d=6,p=0.7,seed=2"]
depth = 6
mode = "sim"
processors = [16]
output = "$tmp/one"
plot = true
[[runs]]
algorithm = "ybwc"
paper = "zugzwang/bk24"
TOML
"$bin" run "$tmp/one.toml" >"$tmp/one.txt" 2>&1 || fail "one P: $(tail -3 "$tmp/one.txt")"
grep -qi "warning" "$tmp/one.txt" && fail "one P: gnuplot warned: $(grep -i warning "$tmp/one.txt" | head -2)"
grep -q "paper: zugzwang introduction .* \.\.\.'" "$tmp/one/plot.gp" || fail "one P: the paper's key entry is not cut"
grep -q '^set title ".*\\n.*"$' "$tmp/one/plot.gp" || fail "one P: the title does not wrap"
for f in speedup search_overhead; do
  [ -s "$tmp/one/$f.svg" ] || fail "one P: no $f.svg"
done

# Interrupted: SIGINT after the first rows are saved; exit 130, one line saying where the
# finished rows are, and results.json / results.csv whole, holding them (saved after each row).
cat >"$tmp/long.toml" <<TOML
game = "tree"
positions = ["ordered:w=8,d=12,p=0.7,seed=1", "ordered:w=8,d=12,p=0.7,seed=2",
             "ordered:w=8,d=12,p=0.7,seed=3"]
depth = 12
algorithm = "ybwc"
iterative_deepening = false
processors = [1, 16, 64]
output = "$tmp/long"
TOML
"$bin" run "$tmp/long.toml" >"$tmp/long.out" 2>"$tmp/long.err" &
pid=$!
for _ in $(seq 600); do [ -f "$tmp/long/results.json" ] && break; sleep 0.05; done
kill -INT $pid
wait $pid
code=$?
[ $code -eq 130 ] || fail "interrupted run exit $code, not 130"
grep -q "interrupted; $tmp/long/results.json and results.csv hold the runs finished so far" \
  "$tmp/long.err" || fail "no interruption note: $(cat "$tmp/long.err")"
python3 - "$tmp/long" <<'PY' || fail "interrupted results unreadable or empty"
import csv, json, sys
runs = json.load(open(sys.argv[1] + "/results.json"))["experiments"][0]["results"]
rows = list(csv.reader(open(sys.argv[1] + "/results.csv", newline="")))
rows = [r for r in rows[1:] if r[rows[0].index("kind")] == "run"]
assert 1 <= len(runs) < 9 and len(rows) == len(runs), (len(runs), len(rows))
assert all(r["exact"] for r in runs)
PY
# --resume takes the saved rows and runs the rest: the results equal an uninterrupted run's
# (sim mode: every figure but the wall-clock ones).
"$bin" run "$tmp/long.toml" --resume >"$tmp/resume.out" 2>&1 || fail "resume: $(tail -3 "$tmp/resume.out")"
grep -q "^resume: [1-9][0-9]* finished runs from $tmp/long/results.json" "$tmp/resume.out" ||
  fail "resume took no rows: $(head -3 "$tmp/resume.out")"
sed "s|$tmp/long\"|$tmp/full\"|" "$tmp/long.toml" >"$tmp/full.toml"
"$bin" run "$tmp/full.toml" >/dev/null 2>&1 || fail "uninterrupted run"
python3 - "$tmp/long/results.json" "$tmp/full/results.json" <<'PY' || fail "resumed results differ"
import json, sys
def strip(x):
    if isinstance(x, dict):
        return {k: strip(v) for k, v in x.items()
                if not k.startswith("wall_") and k not in ("provenance", "config")}
    if isinstance(x, list):
        return [strip(v) for v in x]
    return x
a, b = (strip(json.load(open(f))) for f in sys.argv[1:])
assert a == b, "resumed and uninterrupted results.json differ"
PY
sed -i 's/^depth = 12/depth = 11/' "$tmp/long.toml"
expect_error "--resume: experiment 1 of $tmp/long/results.json has depth 12, the config 11" -- \
  run "$tmp/long.toml" --resume

# `alphactor plot` again, into another folder.
"$bin" plot "$tmp/plots/results.json" --out "$tmp/again" >"$tmp/p.txt" 2>&1 || fail "plot: $(cat "$tmp/p.txt")"
[ -s "$tmp/again/efficiency.png" ] || fail "plot --out wrote no efficiency.png"

printf '{"experiments": [' >"$tmp/broken.json"
expect_error "broken.json: JSON line 1 column 18: expected a value, found the end" -- plot "$tmp/broken.json"
echo '{"rows": []}' >"$tmp/other.json"
expect_error "no 'experiments'" -- plot "$tmp/other.json"
expect_error "cannot read '$tmp/none.json'" -- plot "$tmp/none.json"
sed -i 's|marsland1985/table2|marsland1985/table9|' "$tmp/c.toml"
expect_error "key 'paper': no figure 'table9' in data/papers/marsland1985.toml (table2, table3a-all, table3a, table3b-all, table3b, table4)" -- run "$tmp/c.toml"
sed -i 's|marsland1985/table9|nobody1999/table1|' "$tmp/c.toml"
expect_error "key 'paper': cannot read 'data/papers/nobody1999.toml'" -- run "$tmp/c.toml"
sed -i 's|nobody1999/table1|marsland1985|' "$tmp/c.toml"
expect_error "key 'paper': expected FILE/ID" -- run "$tmp/c.toml"
# plot = true without an output folder (e.g. --set output= in a benchmark): runs, draws
# nothing, and says so on stderr.
sed -i 's|^paper = .*|paper = "marsland1985/table2"|' "$tmp/c.toml"
"$bin" run "$tmp/c.toml" --set output= >"$tmp/noout.txt" 2>"$tmp/noout.err" || fail "run without output"
grep -q "no plots: plot = true needs an output folder" "$tmp/noout.err" || fail "no note: $(cat "$tmp/noout.err")"
grep -q "^plots:" "$tmp/noout.txt" && fail "plots drawn without an output folder"
[ $fails -eq 0 ] && echo "plot: figures written as valid SVG and PNG, bad input refused"
exit $fails
