#!/usr/bin/env bash
# Runs every reproduction config and writes the report docs/results/README.md: for each paper
# its published figures beside alphactor's under the same conditions, the plots, and where
# each figure came from (commit, date, machine, config, wall time).
#
#   scripts/reproduce.sh [--quick] [--out DIR] [--bin ALPHACTOR] [CONFIG...]
#
# --quick runs every config at smaller settings (the overrides below: under a minute in all
# on two cores); without it the configs run as written (a few minutes: the report committed in
# docs/results/ gives each config's wall time). CONFIG... restricts the run to those configs.
# The binary is built first unless --bin names one.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# config                      --set overrides for --quick (every run of the config)
reproductions=(
  "zugzwang-bk              depth=3"
  "marsland-pvsplit         depth=3"
  "marsland-tables          depth=3"
  "pchess-split             depth=3 processors=[1,2,4,8,16]"
  "er-steinberg             processors=[1,4,16] positions_limit=1"
  "er-steinberg-othello     depth=5 positions_limit=2"
  "dts-othello              depth=4 positions_limit=8"
)

quick=0
out=docs/results
bin=
only=()
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1 ;;
    --out) out=$2; shift ;;
    --bin) bin=$2; shift ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "reproduce.sh: unknown option '$1' (--quick, --out DIR, --bin FILE)" >&2; exit 2 ;;
    *) only+=("$(basename "$1" .toml)") ;;
  esac
  shift
done
if [ -z "$bin" ]; then
  "$root/scripts/build.sh" "$root/build" >/dev/null
  bin=$root/build/alphactor
fi
[ -x "$bin" ] || { echo "reproduce.sh: no alphactor binary at '$bin'" >&2; exit 2; }
for name in "${only[@]}"; do
  printf '%s\n' "${reproductions[@]}" | grep -q "^$name " ||
    { echo "reproduce.sh: '$name' is not a reproduction config" >&2; exit 2; }
done

mkdir -p "$out"
status=0
for line in "${reproductions[@]}"; do
  read -r name overrides <<<"$line"
  if [ ${#only[@]} -gt 0 ] && ! printf '%s\n' "${only[@]}" | grep -qx "$name"; then continue; fi
  sets=(--set "output=$out/$name" --set plot=true)
  if [ $quick = 1 ]; then
    for o in $overrides; do sets+=(--set "$o"); done
  fi
  mkdir -p "$out/$name"
  echo "== $name ($([ $quick = 1 ] && echo "quick: $overrides" || echo "as written"))"
  start=$(date +%s.%N)
  if ! "$bin" run "configs/$name.toml" "${sets[@]}" >"$out/$name/run.txt" 2>"$out/$name/run.err"; then
    echo "   FAILED: $(tail -2 "$out/$name/run.err" "$out/$name/run.txt")"
    status=1
  fi
  end=$(date +%s.%N)
  printf '{"wall_s": %.1f, "quick": %s, "overrides": "%s"}\n' "$(echo "$end - $start" | bc -l)" \
    "$([ $quick = 1 ] && echo true || echo false)" "$([ $quick = 1 ] && echo "$overrides")" \
    >"$out/$name/reproduce.json"
  echo "   $(tr -d '{}"' <"$out/$name/reproduce.json")"
done
python3 "$root/scripts/report.py" "$out" "$root/data/papers"
echo "report: $out/README.md"
exit $status
