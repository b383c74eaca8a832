# Shared by the tests/cli_*.sh scripts, sourced once `bin` (the alphactor binary) is set:
# `fails` counts failures, `tmp` is a scratch folder removed on exit, `fail MESSAGE` reports
# one, and `expect_error PATTERN -- ARGS...` runs alphactor ARGS and demands what bad input
# must give: exit code 2 and exactly one line on stderr, containing PATTERN.
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
expect_error() {
  local pattern=$1; shift; shift
  "$bin" "$@" >"$tmp/stdout" 2>"$tmp/stderr" </dev/null
  local code=$?
  local lines; lines=$(wc -l <"$tmp/stderr")
  if [ "$code" -ne 2 ] || [ "$lines" -ne 1 ] || ! grep -q -- "$pattern" "$tmp/stderr"; then
    fail "alphactor $* -> exit $code, stderr ($lines lines): $(cat "$tmp/stderr")"
  fi
}
