#!/usr/bin/env bash
# Bratko-Kopec at a fixed time per position on one core: solved count (target >= 20 of 24) and
# search speed. Takes 24 x MOVETIME (default 10 s: four minutes). The time a position is the
# search thread's CPU time (--cpu-time), so the figure is one core's even on a shared machine.
# usage: bench/chess_bk.sh [ALPHACTOR] [MOVETIME_MS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build/alphactor}
ms=${2:-10000}
"$bin" epd "$root/data/chess/bratko-kopec.epd" --movetime "$ms" --cpu-time --hash 128
