#!/usr/bin/env bash
# Solves FFO #40-#49 exactly and prints, per position and in total, nodes, wall time, CPU
# time and nodes/s beside the Edax 4.6 reference measured on this machine kind (zero-weight
# evaluation, data/othello/README.md: quiet run 2; 337.4 s in total on one thread).
# Usage: bench/othello_ffo.sh [ALPHACTOR_BINARY] [THREADS]   (THREADS 1 or 2 have a reference)
# The solver's JSON (docs/JSON.md) is kept in $FFO_JSON when that is set.
# Exit status 1 if any position is not solved exactly with a listed best move.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build/alphactor}
threads=${2:-1}
file=$root/data/othello/ffo-40-49.txt
# Edax seconds per position, #40..#49 (README table, run 2).
if [ "$threads" = 2 ]; then
  edax=(0.95 7.30 2.85 4.33 5.90 25.37 16.77 19.17 37.56 100.25)
else
  edax=(1.04 5.42 3.63 7.79 10.41 45.60 27.27 28.88 59.55 147.77)
fi
echo "FFO #40-#49, $threads thread(s), $(nproc) cores, load now: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-6s %4s %6s %5s %6s %12s %9s %9s %11s %9s %8s\n" id emp score move match nodes "wall s" "cpu s" "Mnodes/s" "edax s" "edax/cpu"
set +e
out=$("$bin" solve --game othello --file "$file" --threads "$threads" --json)
status=$?
set -e
[ -n "${FFO_JSON:-}" ] && echo "$out" >"$FFO_JSON"
python3 - "${edax[*]}" "$out" <<'PY'
import json, sys
refs = [float(x) for x in sys.argv[1].split()]
doc = json.loads(sys.argv[2])
for r, ref in zip(doc["results"], refs):
    print("%-6s %4d %+6d %5s %6s %12.0f %9.2f %9.2f %11.1f %9.2f %8.2f" % (
        r["id"], r["empties"], r["value"], r["best_move"], r.get("match", "-"), r["nodes"]["total"],
        r["wall_s"], r["cpu_s"], r["nodes"]["total"] / r["wall_s"] / 1e6, ref, ref / r["cpu_s"]))
s = doc["summary"]
n, w, c, e = s["nodes"]["total"], s["time_s"], s["cpu_s"], sum(refs)
print("total  %.0f nodes, wall %.1f s, cpu %.1f s, %.1f Mnodes/s; edax %.1f s; edax/cpu %.2f, "
      "edax/wall %.2f" % (n, w, c, n / w / 1e6, e, e / c, e / w))
PY
exit $status
