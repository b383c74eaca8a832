#!/usr/bin/env bash
# ZUGZWANG's scaling table on actors (issue 6): sim mode, YBWC + distributed transposition
# table on the 24 Bratko-Kopec positions, De Bruijn network, iterative deepening.
#  1. picks the depth whose sequential tree is nearest NODES_TARGET nodes a position
#     (ZUGZWANG's 7-ply average: ~3.1 million), trying depths MIN_DEPTH..MAX_DEPTH, or takes
#     DEPTH when given;
#  2. transputer1990 costs at P in PROCS (speedup SPE, load LD, search overhead SO per P,
#     with ZUGZWANG's figures beside them where the paper gives them);
#  3. the same curve with the modern preset (PROCS_MODERN);
#  4. messages per node by kind per P.
# Every figure is printed; results.json of each run stays in the work folder shown.
# Usage: bench/tables_scaling.sh [BUILD_DIR]
#   DEPTH=6 PROCS="16 64" PROCS_MODERN="4 16 64" took ~15 minutes on the 2 shared cores (sim of
#   P = 1024 costs far more: idle processors' work requests dominate the events).
#   Measured sequential trees (mean nodes a position, seed 1): depth 6 0.28M, 7 1.70M,
#   8 8.25M: depth 7 is nearest the target (log distance 0.60 against 0.98 for depth 8).
#   env: DEPTH, MIN_DEPTH (6), MAX_DEPTH (8), NODES_TARGET (3100000), PROCS ("1 16 64"),
#        PROCS_MODERN ("1 4 16 64"), TABLE_KB (320), POSITIONS (the first N; "" = all 24)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build}/alphactor
procs=${PROCS:-1 16 64}
procs_modern=${PROCS_MODERN:-1 4 16 64}
target=${NODES_TARGET:-3100000}
table_kb=${TABLE_KB:-320}
work=$(mktemp -d)
cd "$work"
echo "work folder: $work"
config=$root/configs/zugzwang-bk.toml
extra=()
if [ -n "${POSITIONS:-}" ]; then extra+=(--set "positions_limit=$POSITIONS"); fi

list() { local out=""; for p in "$@"; do out+="${out:+,}$p"; done; echo "[$out]"; }

# 1. The depth.
depth=${DEPTH:-}
if [ -z "$depth" ]; then
  best=""; best_gap=""
  for d in $(seq "${MIN_DEPTH:-6}" "${MAX_DEPTH:-8}"); do
    "$bin" run "$config" --set depth=$d --set 'processors=[1]' --set "hash=\"$table_kb KiB\"" \
      --set output=\"seq$d\" "${extra[@]}" >/dev/null
    mean=$(python3 -c "
import json; r=json.load(open('seq$d/results.json'))
rows=(r['experiments'][0] if 'experiments' in r else r)['results']
print(int(sum(x['baseline']['nodes']['total'] for x in rows)/len(rows)))")
    gap=$(python3 -c "import math; print(abs(math.log($mean/$target)))")
    echo "depth $d: sequential tree $mean nodes a position (target $target)"
    if [ -z "$best" ] || python3 -c "import sys; sys.exit(0 if $gap < $best_gap else 1)"; then
      best=$d; best_gap=$gap
    fi
  done
  depth=$best
fi
echo "depth used: $depth"

report() {  # report LABEL FOLDER
  python3 - "$1" "$2" "$root/data/papers" <<'PY'
import json, sys
label, folder, papers = sys.argv[1], sys.argv[2], sys.argv[3]
r = json.load(open(folder + "/results.json"))
exp = r["experiments"][0] if "experiments" in r else r
import tomllib
# ZUGZWANG's figures: data/papers/zugzwang.toml (speedup, load and search overhead by P).
fig = next(f for f in tomllib.load(open(papers + "/zugzwang.toml", "rb"))["figures"]
           if f["id"] == "bk24")
paper = {int(p): (v, fig.get("load_pct", {}).get(p), fig.get("search_overhead_pct", {}).get(p))
         for p, v in fig["speedup"].items()}
print(f"\n{label}")
print(f"{'P':>5} {'SPE':>8} {'LD %':>6} {'SO %':>7} {'mean sp':>8}   ZUGZWANG SPE / LD / SO   exact")
for s in exp["summary"]:
    p = s["processors"]
    z = paper.get(p) if "transputer" in label else None
    zs = "" if not z else f"{z[0]:>8} / {z[1] if z[1] else '-':>3} / {z[2] if z[2] else '-':>5}"
    print(f"{p:>5} {s['speedup']:>8.2f} {s['load_pct']:>6.1f} {s['search_overhead_pct']:>7.1f} "
          f"{s['mean_speedup']:>8.2f}   {zs:<24} {s['exact']}/{s['positions']}")
print("messages per node by kind:")
for s in exp["summary"]:
    per = s.get("messages_per_node", {})
    print(f"{s['processors']:>5} " + "  ".join(f"{k} {v:.3f}" for k, v in sorted(per.items())))
PY
}

# 2. transputer1990.
"$bin" run "$config" "${extra[@]}" --set depth=$depth --set "processors=$(list $procs)" \
  --set "hash=\"$table_kb KiB\"" --set output=\"transputer\" >/dev/null
report "transputer1990, depth $depth, YBWC + distributed table ($table_kb KiB a processor)" transputer

# 3. modern.
"$bin" run "$config" "${extra[@]}" --set depth=$depth --set "processors=$(list $procs_modern)" \
  --set "hash=\"$table_kb KiB\"" --set cost=\"modern\" --set output=\"modern\" >/dev/null
report "modern, depth $depth, YBWC + distributed table ($table_kb KiB a processor)" modern
