#!/usr/bin/env bash
# ZUGZWANG's 1024-transputer point (issue 6 section 6): configs/zugzwang-bk.toml at P = 1024
# on DB(10), one ply deeper than the benchmark depth (depth 8: ZUGZWANG's 1024-processor runs
# searched deeper than its 7-ply ones; target SPE >= 400, ZUGZWANG 344).
# A position takes 9 s to 2.5 min of wall time here, all 24 about 21 min (idle processors' work
# requests and their answers, routed over ~7 hops, are most of the events); the run goes one
# position at a time into OUT/posN and can be stopped and started again: finished positions
# are kept.
# At the end (or with REPORT_ONLY=1) it prints every finished position and the SPE over them,
# SPE = sum T(1) / sum T(P) as in the paper.
# Usage: bench/zugzwang_p1024.sh [BUILD_DIR]
#   env: OUT (results/zugzwang-p1024), DEPTH (8), PROCS (1024), SEED (1), REPORT_ONLY
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(cd "${1:-$root/build}" && pwd)/alphactor
out=${OUT:-$root/results/zugzwang-p1024}
depth=${DEPTH:-8}
procs=${PROCS:-1024}
seed=${SEED:-1}
mkdir -p "$out"
out=$(cd "$out" && pwd)

if [ -z "${REPORT_ONLY:-}" ]; then
  i=0
  while read -r board side castling ep _; do
    i=$((i + 1))
    [ -f "$out/pos$i/results.json" ] && continue
    echo "position $i: $board $side (started $(date -u +%H:%M:%S))"
    (cd "$root" && "$bin" run configs/zugzwang-bk.toml \
      --set "positions=[\"$board $side $castling $ep 0 1\"]" --set depth=$depth \
      --set "processors=[$procs]" --set seed=$seed --set "output=\"$out/pos$i\"" \
      >"$out/pos$i.log")
  done <"$root/data/chess/bratko-kopec.epd"
fi

python3 - "$out" <<'PY'
import glob, json, os, re, sys
out = sys.argv[1]
rows = []
for folder in glob.glob(os.path.join(out, "pos*")):
    if not os.path.isfile(os.path.join(folder, "results.json")): continue
    n = int(re.sub(r"\D", "", os.path.basename(folder)))
    r = json.load(open(os.path.join(folder, "results.json")))["experiments"][0]["results"][0]
    rows.append((n, r))
rows.sort(key=lambda x: x[0])
print(f"{'pos':>4} {'T(1) s':>10} {'T(P) s':>9} {'speedup':>8} {'SO %':>7} {'LD %':>6} exact")
for n, r in rows:
    print(f"{n:>4} {r['baseline']['time_s']:>10.1f} {r['time_s']:>9.2f} {r['speedup']:>8.2f} "
          f"{r['search_overhead_pct']:>7.1f} {r['load_pct']:>6.1f} {r['exact']}")
if rows:
    t1 = sum(r["baseline"]["time_s"] for _, r in rows)
    tp = sum(r["time_s"] for _, r in rows)
    procs = {r["processors"] for _, r in rows}
    note = "ZUGZWANG at 1024: 344; target 400" if procs == {1024} else \
        f"P = {', '.join(map(str, sorted(procs)))}; ZUGZWANG's 344 and the target 400 are at 1024"
    print(f"SPE over {len(rows)} of 24 positions: {t1 / tp:.2f} ({note})")
    wall = sum(r["wall_s"] + r["wall_baseline_s"] for _, r in rows)
    print(f"wall time of the searches (parallel and sequential): {wall / 60:.1f} min")
PY
