#!/usr/bin/env bash
# Installs every build and test dependency of alphactor from Debian 12's packages.
# Idempotent: quiet and fast when everything is already installed.
set -euo pipefail

packages=(cmake g++ make python3 libcaf-dev libboost-dev catch2 libspdlog-dev libtomlplusplus-dev
          libcli11-dev gnuplot-nox ccache stockfish
          clang libfuzzer-14-dev)  # clang, libFuzzer: scripts/fuzz.sh
packages+=(python3)  # drives the chess UCI game test (tests/uci_games.py)

# Node.js and npm read traces with the DevTools trace engine (tools/trace-check). A machine
# that has a node already (e.g. from NodeSource) keeps it: Debian's npm would conflict with it.
command -v node >/dev/null && command -v npm >/dev/null || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The trace checker's npm packages, pinned by tools/trace-check/package-lock.json. Without the
# npm registry the trace test is skipped (exit 77), never failed, so say so and go on.
checker=$(cd "$(dirname "$0")/.." && pwd)/tools/trace-check
if [ ! -d "$checker/node_modules/@paulirish/trace_engine" ]; then
  echo "setup: npm ci in tools/trace-check" >&2
  (cd "$checker" && npm ci --no-audit --no-fund --loglevel=error >/dev/null) ||
    echo "setup: npm ci failed: the DevTools trace check will be skipped" >&2
fi
