#!/usr/bin/env bash
# Sim mode scaling tables (virtual time, deterministic): YBWC on synthetic trees with the
# transputer1990 preset on De Bruijn networks, P = 1..256, and the same with chess's
# Bratko-Kopec positions once chess is in (configs/bk-transputer.toml). Prints the tables.
# Usage: bench/runtime_sim_scaling.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build}/alphactor
cd "$(mktemp -d)"
"$bin" run "$root/configs/ybwc-trees-scaling.toml"
[ -f "$root/configs/bk-transputer.toml" ] && "$bin" run "$root/configs/bk-transputer.toml"
exit 0
