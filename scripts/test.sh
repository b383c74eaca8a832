#!/usr/bin/env bash
# The README's second command: set up, build, then run every test through ctest.
# With SANITIZE=address,undefined (or thread) it builds a separate sanitized tree and tests that.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
if [ -n "${SANITIZE:-}" ]; then
  dir="$root/build-${SANITIZE//,/-}"
  BUILD_TYPE=RelWithDebInfo "$root/scripts/build.sh" "$dir" -DALPHACTOR_SANITIZE="$SANITIZE"
else
  dir="$root/build"
  "$root/scripts/build.sh" "$dir"
fi
cd "$dir"
ctest --output-on-failure -j "$(nproc)" ${CTEST_ARGS:-}
