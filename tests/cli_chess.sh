#!/usr/bin/env bash
# Chess on the command line: perft counts and suites, epd suites, and bad input refused with one
# line on stderr and exit code 2.
set -u
bin=$1
data=$2
. "$(dirname "$0")/cli_common.sh"

# 1. perft of one position, with and without divide.
out=$("$bin" perft --game chess --fen startpos --depth 4) || fail "perft startpos exit $?"
echo "$out" | grep -q "perft depth 4: 197281 nodes" || fail "perft startpos depth 4: $out"
kiwi="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
out=$("$bin" perft --fen "$kiwi" --depth 3 --divide) || fail "perft divide exit $?"
[ "$(echo "$out" | grep -c '^[a-h][1-8][a-h][1-8][nbrq]*: ')" -eq 48 ] || fail "divide: not 48 root moves"
echo "$out" | grep -q "^e1g1: 2059$" || fail "divide: e1g1 count"
echo "$out" | grep -q "perft depth 3: 97862 nodes" || fail "divide total: $out"

# 2. perft suites: the real one (small depths), a wrong count fails with exit 1.
out=$("$bin" perft --epd "$data/chess/perft.epd" --max-nodes 100000) || fail "perft suite exit $?"
echo "$out" | grep -q "166/166 lines passed, 0 failed" || fail "perft suite: $(echo "$out" | tail -1)"
printf '%s ;D1 48 ;D2 2040\n%s ;D1 20\n' "$kiwi" "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" >"$tmp/wrong.epd"
"$bin" perft --epd "$tmp/wrong.epd" >"$tmp/out" 2>&1
code=$?
[ $code -eq 1 ] || fail "a wrong perft count exits $code, not 1"
grep -q "FAIL line 1: 2 depths checked: D2 got 2039 expected 2040" "$tmp/out" || fail "wrong count line: $(cat "$tmp/out")"
grep -q "1/2 lines passed, 1 failed" "$tmp/out" || fail "wrong count summary: $(cat "$tmp/out")"

# 3. epd: a small suite at fixed depth, solved count and per-position lines.
printf '%s\n%s\n' '6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id "mate1";' \
  '4k3/8/8/8/8/8/4q3/4R1K1 w - - am Ra1; bm Rxe2+; id "takequeen";' >"$tmp/suite.epd"
out=$("$bin" epd "$tmp/suite.epd" --depth 4) || fail "epd exit $?"
echo "$out" | grep -q "^mate1 .*solved" || fail "epd mate1: $out"
echo "$out" | grep -q "^takequeen .*solved" || fail "epd takequeen: $out"
echo "$out" | grep -q "^solved 2/2" || fail "epd summary: $out"
out=$("$bin" epd "$tmp/suite.epd" --depth 3 --full-width --algorithm er) || fail "epd full-width exit $?"
echo "$out" | grep -q "^solved 2/2" || fail "epd full-width er: $out"
# --cpu-time: the budget is the search thread's CPU time. Two runs sharing one core get about
# half of it each, so with a CPU budget of 1000 ms they need over 2000 ms of wall time together
# (a wall-clock budget would let both finish in about 1300 ms with start-up). Extra load only
# lengthens it, so the check cannot fail on a busy machine.
printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 d4 Nf3 c4; id "start";' >"$tmp/start.epd"
cpu=$(taskset -pc $$ 2>/dev/null | sed 's/.*: //; s/[-,].*//')
if [ -n "$cpu" ]; then
  t0=$(date +%s%N)
  taskset -c "$cpu" "$bin" epd "$tmp/start.epd" --movetime 1000 --cpu-time >"$tmp/cpu1" &
  taskset -c "$cpu" "$bin" epd "$tmp/start.epd" --movetime 1000 --cpu-time >"$tmp/cpu2" || fail "epd --cpu-time exit $?"
  wait $! || fail "epd --cpu-time (background) exit $?"
  wall_ms=$((($(date +%s%N) - t0) / 1000000))
  [ "$wall_ms" -ge 1800 ] || fail "epd --cpu-time: two runs on one core took only $wall_ms ms of wall time"
  for f in "$tmp/cpu1" "$tmp/cpu2"; do
    grep -q "ms a position (thread CPU time)" "$f" || fail "epd --cpu-time summary: $(cat "$f")"
    awk '$1 == "start" && ($(NF - 2) < 0.8 || $(NF - 2) > 3) {bad = 1} END {exit bad}' "$f" ||
      fail "epd --cpu-time: CPU time not near the 1000 ms budget: $(cat "$f")"
  done
fi

# 4. search on chess positions.
out=$("$bin" search --game chess --fen "$kiwi" --depth 3 --algorithm pvs) || fail "search chess exit $?"
echo "$out" | grep -q "best move" || fail "search chess: $out"

# 5. Bad input: one line, exit 2.
expect_error "bad FEN: castling field 'KQxq'" -- perft --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1" --depth 1
expect_error "bad FEN: side to move field 'x'" -- perft --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1" --depth 1
expect_error "bad FEN: en passant field 'e4'" -- perft --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1" --depth 1
# The sequential search takes --no-killers and --no-history (it ignored them once): without
# its move-ordering heuristics it searches more nodes.
nodes_of() { "$bin" search --game chess --fen startpos --depth 5 --algorithm pvs "$@" | awk '/^nodes/ {print $2}'; }
with=$(nodes_of) && without=$(nodes_of --no-killers --no-history) && killers_only=$(nodes_of --no-history) ||
  fail "search chess --no-killers/--no-history exit $?"
[ "$without" -gt "$with" ] && [ "$killers_only" != "$without" ] ||
  fail "--no-killers --no-history: $without nodes against $with with both, $killers_only with killers only"
# And so does a sequential config (killers = false, history = false): the same nodes.
printf 'game = "chess"\npositions = ["startpos"]\ndepth = 5\nalgorithms = ["pvs"]\nkillers = false\nhistory = false\n' >"$tmp/noheur.toml"
config_nodes=$("$bin" run "$tmp/noheur.toml" | awk '$1 == "pvs" {print $3}')
[ "$config_nodes" = "$without" ] || fail "config killers/history false: $config_nodes nodes, search: $without"
expect_error "bad FEN: piece placement field" -- search --game chess --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1" --depth 2
expect_error "bad FEN: empty" -- search --game chess --fen " " --depth 2
expect_error "needs a position" -- search --game chess --depth 2
expect_error "depth must be 1..20" -- perft --fen startpos --depth 0
expect_error "perft needs --fen" -- perft --depth 3
expect_error "unknown game 'go'" -- perft --game go --fen startpos --depth 1
expect_error "cannot read EPD file" -- perft --epd /nonexistent.epd
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - ;D1 20\n' >"$tmp/badfen.epd"
expect_error "badfen.epd:2: bad FEN: castling field 'KQxq'" -- perft --epd "$tmp/badfen.epd"
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 twenty\n' >"$tmp/badcount.epd"
expect_error "count 'twenty' is not a number" -- perft --epd "$tmp/badcount.epd"
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id "x";\n' >"$tmp/nocount.epd"
expect_error "no ;Dn counts" -- perft --epd "$tmp/nocount.epd"
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Qh5; id "x";\n' >"$tmp/badbm.epd"
expect_error "bm 'Qh5' is not a legal move" -- epd "$tmp/badbm.epd" --depth 2
expect_error "exactly one of --movetime" -- epd "$tmp/suite.epd"
expect_error "exactly one of --movetime" -- epd "$tmp/suite.epd" --nodes 1000 --depth 3
expect_error "exactly one of --movetime" -- epd "$tmp/suite.epd" --depth 2 --movetime 100
expect_error "unknown algorithm 'mtdf'" -- epd "$tmp/suite.epd" --depth 2 --algorithm mtdf
expect_error "no position matches" -- epd "$tmp/suite.epd" --depth 2 --only nothing

[ $fails -eq 0 ] && echo "chess CLI: perft, suites, epd and refusals as expected"
exit $fails
