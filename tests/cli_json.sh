#!/usr/bin/env bash
# One result schema (docs/JSON.md, app/result_schema.hpp): every command's --json prints one
# object with the same envelope (schema, command, provenance, results) and the same field
# names for a result; none of the old names survive; the figures agree with the text output
# and with known answers (perft counts, the solver's value, the sequential search's value).
set -u
bin=$1
data=$2
. "$(dirname "$0")/cli_common.sh"
tree="random:w=4,d=8,seed=5"
pos14='OOXXXXXXXOXXXXXXOOXOXOOXOOXXOOXXOOXOOOXX-X-OOOOXX-O-O--X-------- O'
echo "$pos14 -38 B7" >"$tmp/one.txt"
head -2 "$data/chess/perft.epd" >"$tmp/perft.epd"
cat >"$tmp/c.toml" <<TOML
game = "tree"
positions = ["$tree"]
depth = 7
algorithm = "ybwc"
processors = [1, 3]
output = "$tmp/out"
TOML

run_json() {  # NAME ARGS...: alphactor ARGS > $tmp/NAME.json
  local name=$1; shift
  "$bin" "$@" >"$tmp/$name.json" 2>"$tmp/$name.err" || fail "$name: exit $? $(cat "$tmp/$name.err")"
}
run_json search_seq search --tree $tree --depth 7 --algorithm pvs --json
run_json search_par search --tree $tree --depth 7 --algorithm ybwc -p 1,4 --json
run_json search_real search --tree $tree --depth 7 --algorithm pvsplit -p 3 --mode real --json
run_json solve solve --file "$tmp/one.txt" --json
run_json perft_one perft --fen startpos --depth 3 --divide --json
run_json perft_suite perft --epd "$tmp/perft.epd" --max-nodes 100000 --json
run_json perft_othello perft --game othello --depth 6 --json
run_json epd epd "$data/chess/bratko-kopec.epd" --depth 3 --only BK.01,BK.02 --json
run_json bench bench --game tree --json
"$bin" run "$tmp/c.toml" >/dev/null 2>&1 || fail "config run"
cp "$tmp/out/results.json" "$tmp/run.json"
# A sequential config honours `output` too.
cat >"$tmp/s.toml" <<TOML
game = "tree"
positions = ["$tree"]
depth = 7
algorithms = ["alphabeta", "er"]
output = "$tmp/seq"
TOML
"$bin" run "$tmp/s.toml" >/dev/null 2>&1 || fail "sequential config run"
cp "$tmp/seq/results.json" "$tmp/run_seq.json"
[ "$(grep -c '^"alphabeta",run,\|^"er",run,' "$tmp/seq/results.csv")" -eq 2 ] ||
  fail "sequential results.csv: $(cat "$tmp/seq/results.csv")"
text_value=$("$bin" search --tree $tree --depth 7 --algorithm alphabeta | sed -n 's/^value *\(-\{0,1\}[0-9]*\).*/\1/p')

python3 - "$tmp" "$text_value" <<'PY' || fail "schema check"
import json, re, sys
tmp, text_value = sys.argv[1], int(sys.argv[2])
old = {"score", "seconds", "wall_seconds", "cpu_seconds", "nodes_per_second", "runs",
       "wall_nodes_per_second", "expected_score", "wall_baseline_seconds"}
def walk(x, path, doc):
    if isinstance(x, dict):
        for k, v in x.items():
            assert k not in old, f"{doc}: old field name '{k}' at {path}"
            if k == "nodes":  # always an object with a total
                assert isinstance(v, dict) and isinstance(v.get("total"), int), f"{doc}: {path}.nodes"
            walk(v, path + "." + k, doc)
    elif isinstance(x, list):
        for i, v in enumerate(x):
            walk(v, f"{path}[{i}]", doc)
def load(name, command):
    d = json.load(open(f"{tmp}/{name}.json"))
    assert d["schema"] == "alphactor.result/1", name
    assert d["command"] == command and "result" not in d, (name, d["command"])
    p = d["provenance"]
    assert re.fullmatch(r"[0-9a-f]{7,}(-dirty)?|unknown", p["commit"]), (name, p)
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", p["date"]), (name, p)
    walk(d, "", name)
    rs = d["results"] if command != "run" else [r for e in d["experiments"] for r in e["results"]]
    assert rs and all(isinstance(r, dict) for r in rs), name
    for r in rs:
        for k in ("nodes", "time_s"):
            assert k in r, f"{name}: result without {k}: {sorted(r)}"
    return d, rs
def searched(rs, name):
    for r in rs:
        for k in ("value", "best_move", "pv", "position"):
            assert k in r, f"{name}: result without {k}: {sorted(r)}"
        assert isinstance(r["value"], int) and isinstance(r["pv"], list), name
        assert r["pv"][:1] == ([r["best_move"]] if r["best_move"] else []), (name, r["pv"])

_, rs = load("search_seq", "search"); searched(rs, "search_seq")
assert len(rs) == 1 and rs[0]["value"] == text_value, (rs[0]["value"], text_value)
for name in ("search_par", "search_real"):
    _, rs = load(name, "search"); searched(rs, name)
    assert all(r["exact"] and r["value"] == text_value == r["sequential_value"] for r in rs), name
    assert all("wall_s" in r and "processors" in r for r in rs), name
_, rs = load("solve", "solve"); searched(rs, "solve")
assert rs[0]["value"] == -38 and rs[0]["expected_value"] == -38 and rs[0]["match"], rs[0]
d, rs = load("perft_one", "perft")
assert rs[0]["nodes"]["total"] == 8902 and len(rs[0]["divide"]) == 20, rs[0]
assert sum(m["nodes"]["total"] for m in rs[0]["divide"]) == 8902
d, rs = load("perft_suite", "perft")
assert all(r["match"] and r["nodes"]["total"] == r["expected_nodes"] for r in rs), rs
assert d["summary"]["failed"] == 0 and d["summary"]["checked"] == len(rs) >= 6, d["summary"]
_, rs = load("perft_othello", "perft")
assert rs[0]["nodes"]["total"] == 8200, rs[0]  # Othello perft 6 from the start
d, rs = load("epd", "epd"); searched(rs, "epd")
assert [r["id"] for r in rs] == ["BK.01", "BK.02"] and all("match" in r for r in rs), rs
assert d["summary"]["positions"] == 2, d["summary"]
d, rs = load("bench", "bench"); searched(rs, "bench")
assert d["summary"]["signature"] == sum(r["nodes"]["total"] for r in rs), d["summary"]
d, rs = load("run", "run"); searched(rs, "run")
assert all(r["value"] == text_value for r in rs), rs
s = d["experiments"][0]["summary"]
assert [x["processors"] for x in s] == [1, 3] and all("total" in x["nodes"] for x in s), s
d, rs = load("run_seq", "run"); searched(rs, "run_seq")
assert [e["algorithm"] for e in d["experiments"]] == ["alphabeta", "er"], d["experiments"]
assert len(rs) == 2 and all(r["value"] == text_value for r in rs), rs
PY
[ $fails -eq 0 ] && echo "json: every command follows the schema"
exit $fails
