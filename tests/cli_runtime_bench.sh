#!/usr/bin/env bash
# `alphactor runtime-bench` (issue 23): a list of processor counts gives one table row each
# with positive figures, the real-mode rate beside CAF's ping-pong, the same in --json (the
# result schema, docs/JSON.md); a bad list is refused with one line and exit 2.
set -u
bin=$1
. "$(dirname "$0")/cli_common.sh"
# A small real-mode total keeps the test quick; the default is a million messages.
args=(runtime-bench --processors 256,1024 --topology debruijn --real-processors 64
      --real-messages 100000)
"$bin" "${args[@]}" >"$tmp/table.txt" 2>"$tmp/table.err" || fail "table: exit $? $(cat "$tmp/table.err")"
rows=$(grep -cE '^ +[0-9]+ ' "$tmp/table.txt")
[ "$rows" -eq 2 ] || fail "table: $rows rows, expected 2: $(cat "$tmp/table.txt")"
# P, wall s, peak MiB, bytes per idle actor, sim messages, sim ms, loop ms, loop msg/s,
# processors searching: all positive, and the event loop a part of the sim search's run.
awk '/^ +[0-9]+ / { for (i = 1; i <= 9; ++i) if (!($i > 0)) { print "column " i ": " $0; bad = 1 }
                    if (!($7 <= $6)) { print "loop longer than the run: " $0; bad = 1 } }
     END { exit bad }' "$tmp/table.txt" || fail "table: a figure is not positive"
grep -q '^ *256 ' "$tmp/table.txt" && grep -q '^ *1024 ' "$tmp/table.txt" ||
  fail "table: rows are not P = 256 and 1024"
grep -qE '^real mode .* [0-9]+ messages/s' "$tmp/table.txt" || fail "table: no real-mode rate"
grep -qE '^CAF ping-pong .* [0-9]+ messages/s' "$tmp/table.txt" || fail "table: no ping-pong"
grep -qE '^runtime / CAF +[0-9.]+' "$tmp/table.txt" || fail "table: no ratio"

"$bin" "${args[@]}" --json >"$tmp/bench.json" 2>"$tmp/json.err" || fail "json: exit $? $(cat "$tmp/json.err")"
python3 - "$tmp/bench.json" <<'PY' || fail "json: schema"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["schema"] == "alphactor.result/1" and d["command"] == "runtime-bench", d.get("command")
assert d["topology"] == "debruijn" and d["peak_rss"] == "per P"
rows = d["results"]
assert [r["processors"] for r in rows] == [256, 1024], rows
for r in rows:
    for k in ("wall_s", "peak_rss_bytes", "bytes_per_actor", "sim_messages", "sim_messages_per_s",
              "sim_events", "sim_wall_s", "sim_loop_s", "spawn_s"):
        assert r[k] > 0, (k, r)
    assert r["sim_loop_s"] <= r["sim_wall_s"], r
    # What the rows are meant to measure: each idle processor asks a neighbour once and is
    # refused while processor 0 searches the small tree alone (app/runtime_bench.hpp).
    assert r["sim_messages"] == 2 * (r["processors"] - 1), r
    assert abs(r["sim_messages_per_s"] - r["sim_messages"] / r["sim_loop_s"]) <= 1e-6 * r["sim_messages_per_s"], r
assert rows[0]["value"] == rows[1]["value"], "the same tree, the same value"
s = d["summary"]
assert s["real"]["messages"] >= 100000 and s["real"]["messages_per_s"] > 0, s
assert s["caf_ping_pong"]["messages"] >= 100000 and s["caf_ping_pong"]["messages_per_s"] > 0, s
assert abs(s["real_over_caf"] - s["real"]["messages_per_s"] / s["caf_ping_pong"]["messages_per_s"]) < 1e-6 * s["real_over_caf"] + 1e-9
PY

expect_error "--processors" -- runtime-bench --processors 0,x
expect_error "each count must be 1..4194304, got 0" -- runtime-bench --processors 0,256
expect_error "hypercube needs a power of two processors, got 1000" -- runtime-bench --processors 256,1000 --topology hypercube
expect_error "run needs at least" -- runtime-bench --processors 4194304 --topology ring
[ $fails -eq 0 ] && echo "runtime-bench: rows, JSON and bad lists as expected"
exit $fails
