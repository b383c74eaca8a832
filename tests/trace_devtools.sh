#!/usr/bin/env bash
# A Chrome trace from a parallel run read by the DevTools trace engine (tools/trace-check,
# from the npm registry): one thread per processor, every message a flow bound at both ends,
# both counters. Skipped (77) when node or the engine is missing (scripts/setup.sh installs it).
set -u
bin=$1
root=$2
. "$(dirname "$0")/cli_common.sh"
checker=$root/tools/trace-check
if ! command -v node >/dev/null || [ ! -d "$checker/node_modules/@paulirish/trace_engine" ]; then
  echo "skipped: no node or no tools/trace-check/node_modules (run scripts/setup.sh)"
  exit 77
fi
for a in ybwc dts-bb; do
  "$bin" search --tree ordered:w=6,d=7,p=0.7,seed=9 --depth 7 --algorithm $a -p 8 \
    --chrome-trace "$tmp/$a.json" >/dev/null 2>&1 || fail "$a traced run"
  (cd "$checker" && node check.mjs "$tmp/$a.json" 8) || fail "$a trace"
done
[ $fails -eq 0 ] && echo "trace: the DevTools trace engine reads the traces"
exit $fails
