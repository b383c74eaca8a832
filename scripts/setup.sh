#!/usr/bin/env bash
# Installs every build and test dependency of alphactor from Debian 12's packages.
# Idempotent: quiet and fast when everything is already installed.
set -euo pipefail

packages=(cmake g++ make python3 libcaf-dev libboost-dev catch2 libspdlog-dev libtomlplusplus-dev
          libcli11-dev gnuplot-nox ccache stockfish)
packages+=(python3)  # drives the chess UCI game test (tests/uci_games.py)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
