#!/usr/bin/env bash
# The README's first command: set up, build, then run the main job on configs/default.toml.
# Extra arguments are passed to `alphactor run`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
"$root/scripts/build.sh" "$root/build"
exec "$root/build/alphactor" run "$root/configs/default.toml" "$@"
