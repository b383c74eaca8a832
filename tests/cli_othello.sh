#!/usr/bin/env bash
# Othello through the CLI: bad boards and options are refused with one line and exit 2;
# perft prints the published count; solve checks its answers (exit 1 on a mismatch) and
# writes one JSON object per position; the four algorithms agree on an Othello position.
set -u
bin=$1
root=$2
. "$(dirname "$0")/cli_common.sh"
ffo40='O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X'
expect_error "63 square characters, expected 64" -- solve --board "${ffo40:1}"
expect_error "bad character 'Z' at square a1" -- solve --board "Z${ffo40:1}"
expect_error "bad side to move 'W'" -- solve --board "${ffo40:0:64} W"
expect_error "side to move missing" -- search --game othello --board "${ffo40:0:64}" --depth 2
expect_error "needs a board" -- search --game othello --depth 2
expect_error "bad character 'Q' at square h8" -- perft --game othello --depth 2 --board "${ffo40:0:63}Q X"
expect_error "depth must be 1..60" -- perft --game othello --depth 0
expect_error "unknown game 'go'" -- perft --game go --depth 2
expect_error "threads must be 1..256" -- solve --board "$ffo40" --threads 0
expect_error "exactly one of --file or --board" -- solve
expect_error "cannot open endgame file" -- solve --file /nonexistent.txt
echo "$ffo40 +38 Q9 ffo40" >"$tmp/bad.txt"
expect_error "bad.txt:1: bad move 'Q9'" -- solve --file "$tmp/bad.txt"
expect_error "unknown game 'chess'" -- solve --game chess --board "$ffo40"

# perft: depth 8 from the start is 390216.
out=$("$bin" perft --game othello --depth 8) || fail "perft exit $?"
echo "$out" | grep -q "^perft 8: 390216 leaves" || fail "perft 8: $out"

# solve: FFO #40 after seven plies of its best line (tests/test_othello_endgame.cpp checks
# the line): 14 empties, white to move, -38.
pos14='OOXXXXXXXOXXXXXXOOXOXOOXOOXXOOXXOOXOOOXX-X-OOOOXX-O-O--X-------- O'
echo "$pos14" >"$tmp/one.txt"
json=$("$bin" solve --file "$tmp/one.txt" --json) || fail "solve exit $?"
echo "$json" | grep -q '"value":-38' || fail "14-empty value: $json"
for key in best_move nodes time_s checked; do
  echo "$json" | grep -q "\"$key\":" || fail "json lacks $key: $json"
done
# With expectations: the right one matches (exit 0), a wrong one mismatches (exit 1).
echo "$pos14 -38 B7" >"$tmp/good.txt"
json=$("$bin" solve --file "$tmp/good.txt" --json --threads 2) || fail "good expectation exit $?"
echo "$json" | grep -q '"match":true' || fail "good expectation: $json"
echo "$pos14 -36 B7 wrong" >"$tmp/wrong.txt"
"$bin" solve --file "$tmp/wrong.txt" >"$tmp/out" 2>&1
code=$?
[ $code -eq 1 ] || fail "wrong expectation: exit $code, want 1"
grep -q " NO$" "$tmp/out" || fail "wrong expectation not marked NO: $(cat "$tmp/out")"

# Generic searches on Othello: the four algorithms agree at depth 5 from the start.
values=()
for a in negamax alphabeta pvs er; do
  v=$("$bin" search --game othello --board start --algorithm $a --depth 5 --json |
      sed -n 's/.*"value":\(-\{0,1\}[0-9]*\).*/\1/p')
  [ -n "$v" ] || fail "no value from $a"
  values+=("$v")
done
for v in "${values[@]}"; do [ "$v" = "${values[0]}" ] || fail "othello values differ: ${values[*]}"; done

[ $fails -eq 0 ] && echo "othello CLI: all checks passed"
exit $fails
